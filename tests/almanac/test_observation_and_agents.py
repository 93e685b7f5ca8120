"""Hidden information, determinization, records, rendering and agents (AL-G32, AL-R42)."""

import json
import random

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.core.game import CHANCE
from meeple.core.record import GameRecord, replay
from meeple.games.almanac.heuristics import HeuristicAgent

from .conftest import game, play, position, stage


def test_opponents_see_no_gold_no_face_down_contracts_no_reserve():
    """AL-G32 (ruling AL-R32), AL-024: private gold, reserve and incomplete contracts;
    caravans, goods, guards, completed contracts and the Guide are public."""
    st = position(3, gold=[7, 8, 9])
    o = st.observe(1)
    me, other = o["players"][1], o["players"][0]
    assert me["gold"] == 8 and me["incomplete"] == [2, 3] and me["reserve"] == 3
    assert other["gold"] is None and other["incomplete"] == [None, None]
    assert other["reserve"] is None and other["goods"] == st.goods[0]
    assert o["contract_deck"] is None and o["contract_deck_size"] == len(st.ct_deck)
    spectator = st.observe(None)
    assert all(p["gold"] is None for p in spectator["players"])
    json.dumps(o)


def test_gold_and_face_down_contracts_are_shown_to_all_once_the_game_is_over():
    """AL-063..AL-065 (ruling AL-R32): final scoring counts every player's gold and
    contracts, so the final observation shows them to every seat and to spectators."""
    g = game(3)
    state, _ = play_game(g, [RandomAgent() for _ in range(3)], seed=4)
    assert state.is_terminal()
    for viewer in (0, 1, None):
        shown = state.observe(viewer)["players"]
        assert [p["gold"] for p in shown] == state.gold
        assert [p["incomplete"] for p in shown] == state.incomplete


def test_a_finished_journey_determinized_keeps_every_shown_hand_out_of_the_deck():
    """Ruling AL-R32: once the game is over every hand is shown, so a determinization deals
    none of those contracts into the deck again (the deck keeps its size)."""
    g = game(3)
    state, _ = play_game(g, [RandomAgent() for _ in range(3)], seed=4)
    assert any(state.incomplete[s] for s in range(3))
    for viewer in (0, 1, None):
        twin = g.determinize_observation(state.observe(viewer), random.Random(viewer or 0))
        assert len(twin.ct_deck) == len(state.ct_deck)
        held = [k for hand in twin.incomplete for k in hand]
        assert not set(held) & set(twin.ct_deck)


def test_a_determinization_at_the_end_deals_no_revealed_contract_into_the_deck():
    """Ruling AL-R32: once the game is over every hand is shown, so a determinization for
    any seat keeps each revealed contract in its hand and out of the resampled deck."""
    for players, seed in ((2, 4), (3, 4), (4, 7)):
        g = game(players)
        state, _ = play_game(g, [RandomAgent() for _ in range(players)], seed=seed)
        assert state.is_terminal()
        for viewer in range(players):
            obs = state.observe(viewer)
            det = g.determinize(state, viewer, random.Random(seed))
            assert det.observe(viewer) == obs
            assert len(det.ct_deck) == len(state.ct_deck)
            hands = {k for hand in state.incomplete for k in hand}
            assert not hands & set(det.ct_deck)


def test_drawn_contracts_are_seen_only_by_the_drawer():
    """AL-G32: the 3 drawn contracts are private until one is kept."""
    st = position(2, page=5, free=True, gold=[0, 0], goods=[[0] * 4] * 2)
    st.incomplete[0] = []
    st._legal_cache = {}
    play(st, "place 9", "contract k10", "contract k11", "contract k12")
    assert st.observe(0)["tasks"][-1] == ["keep", 0, [10, 11, 12]]
    assert st.observe(1)["tasks"][-1] == ["keep", 0, [None, None, None]]


def test_determinization_keeps_the_observation_and_resamples_the_rest():
    """AL-R42: hidden contracts come from the unseen pool, others' gold is sampled."""
    st = position(3, gold=[7, 8, 9])
    g = st.game
    obs = st.observe(0)
    seen = set()
    for seed in range(10):
        det = g.determinize_observation(obs, random.Random(seed))
        assert det.observe(0) == obs
        seen.add(tuple(det.incomplete[1]))
        assert not set(det.incomplete[1]) & {0, 1}
    assert len(seen) > 1


def test_records_replay_to_the_same_state():
    """Records: a seeded journey replays exactly."""
    st, rec = play_game(game(3), [RandomAgent() for _ in range(3)], seed=11)
    back = replay(GameRecord.from_json(rec.to_json()))
    assert back.fingerprint() == st.fingerprint()


def test_heuristic_beats_random_clearly():
    """The heuristic agent wins most seeded 2-player journeys against random play."""
    wins = 0
    for seed in range(60):
        h = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[h] = HeuristicAgent()
        st, _ = play_game(game(2), agents, seed=seed)
        wins += st.result().winners == [h]
    assert wins >= 42


def test_heuristic_plays_four_player_journeys():
    st, _ = play_game(game(4), [HeuristicAgent() for _ in range(4)], seed=3)
    assert st.is_terminal() and len(st.route) == 6


def test_render_shows_page_route_caravans_and_hides_others_gold():
    st = position(3, gold=[7, 8, 9])
    g = st.game
    text = g.render(st.observe(1))
    assert "Trader's Village" in text and "Upcoming: 2 Floe Lake or 3 Cliffside" in text
    assert "Player 2 <- you: gold 8" in text and "Player 1 (Guide): gold ?" in text
    assert "(face down)" in text


def test_every_action_has_a_sentence_and_there_is_a_rules_summary():
    g = game(2)
    for a in g.action_space.actions + g.action_space.chance_outcomes:
        assert g.describe_action(a).endswith(".")
    assert "Guide" in g.rules_summary()


def test_chance_setup_deals_are_explicit():
    """AL-015, AL-019: starting caravans are chance outcomes over the unseen 4."""
    st = game(2).new_initial_state()
    assert st.current_player() == CHANCE
    assert [a.text for a, _ in st.chance_outcomes()] == [f"start s{i}" for i in range(4)]


def _completion_waits_below_a_choice():
    """Seat 1 is to complete a contract after seat 0 chooses a good; seat 1's goods complete
    only contracts 3 and 20, so most hands of 2 unseen contracts would complete nothing."""
    st = position(2, hands=[[0, 1], [3, 5]], goods=[[0, 0, 0, 0], [0, 0, 0, 3]])
    return stage(st, ("complete", 1), ("good", 0, 1))


def test_determinization_keeps_a_waiting_contract_completion_possible():
    """AL-R42, AL-038: a seat that placed on "complete a contract" holds, in every
    determinization, a contract its goods complete, though another seat's decision is on top."""
    st = _completion_waits_below_a_choice()
    assert st.acting_seats() == (0,)
    hands = set()
    for seed in range(30):
        twin = st.game.determinize(st, 0, random.Random(seed))
        hands.add(tuple(twin.incomplete[1]))
        assert 3 in twin.incomplete[1] or 20 in twin.incomplete[1]
        twin.apply_action(twin.legal_actions(0)[0], 0)
        assert twin.acting_seats() == (1,) and twin.legal_actions(1)
    assert len(hands) > 1  # resampled, not the true hand


def test_determinization_falls_back_to_a_completable_hand_after_its_exact_draws():
    """AL-R42: once the exact redraws are spent (none here), a contract seat 1's goods complete
    is swapped into its hidden hand from the deck, so the world stays playable."""
    from meeple.games.almanac.observation import determinize

    st = _completion_waits_below_a_choice()
    obs = st.observe(0)
    hands = set()
    for seed in range(30):
        twin = determinize(st.game, obs, random.Random(seed), attempts=0)
        assert twin.observe(0) == obs
        assert 3 in twin.incomplete[1] or 20 in twin.incomplete[1]
        assert sorted(twin.ct_deck + twin.incomplete[1]) == sorted(st.ct_deck + st.incomplete[1])
        hands.add(tuple(twin.incomplete[1]))
    assert len(hands) > 2


def test_determinization_leaves_every_acting_seat_a_legal_action():
    """AL-R42: hidden contracts and gold are sampled so that a pending decision of another
    seat (here completing a contract its goods can complete) stays possible."""
    import random

    import meeple
    from meeple.core.game import sample_chance

    for players, seed in ((2, 58), (3, 45), (4, 17)):
        game = meeple.make("almanac", players=players)
        rng = random.Random(seed)
        state = game.new_initial_state()
        checked = 0
        while not state.is_terminal() and checked < 400:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            for viewer in range(players):
                twin = game.determinize(state, viewer, rng)
                assert all(twin.legal_actions(a) for a in twin.acting_seats())
                checked += 1
            seats = state.acting_seats()
            seat = seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
