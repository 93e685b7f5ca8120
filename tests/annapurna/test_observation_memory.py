"""What a climber remembers of the other climbers' Backpacks and Caches: ruling AN-R39 (with
AN-R17, AN-010, AN-028, AN-031, AN-032, AN-041, AN-046, AN-051)."""

from __future__ import annotations

import random

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.game import Annapurna

from .helpers import (
    actor,
    card_id,
    code,
    finish,
    hike_all,
    idle,
    layout,
    play,
    random_states,
    setup,
    texts,
)
from .test_peak_and_protect import peaked


def _remembered(state, seat: int, t: int) -> tuple[list[int], list[int]]:
    obs = state.observe(seat)
    return obs["known_pack"][t], obs["known_cache"][t]


def test_the_giver_remembers_the_card_it_gave_in_the_receivers_cache():
    """Ruling AN-R39: a climber who gives a Backpack card (Crevasse) knows it lies in the next
    climber's Cache; a determinization always puts it there; the onlooker does not know it."""
    state = hike_all(setup(3, layouts={0: layout(b1=12)}))
    play(state, "explore b1", f"give {code(0, 2)}")
    given = card_id(0, 2)
    assert given in state.cache[1]
    assert _remembered(state, 0, 1) == ([], [given])
    assert _remembered(state, 2, 1) == ([], [])
    game = state.game
    obs = state.observe(0)
    rng = random.Random(0)
    for _ in range(200):
        det = game.determinize_observation(obs, rng)
        assert given in det.cache[1]
        assert det.observe(0) == obs


def test_the_receiver_knows_which_card_left_the_givers_backpack():
    """Ruling AN-R39: the receiver sees the given card in its own Cache, so the other cards it
    remembers in the giver's Backpack stay remembered."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15), 1: layout(b1=12)}))
    play(state, "explore b1", "end", "scavenge b1", "pass")  # Blue takes Red's Moonrise
    moonrise = card_id(0, 15)
    assert _remembered(state, 0, 1) == ([moonrise], [])
    assert _remembered(state, 2, 1) == ([moonrise], [])
    play(state, "explore b1")  # Blue's Crevasse
    play(state, f"give {code(1, 2)}")
    assert _remembered(state, 2, 1) == ([moonrise], [])  # Green received it: nothing unsure
    assert _remembered(state, 0, 1) == ([], [])  # Red cannot tell which card left


def test_a_sweep_into_a_cache_is_remembered_by_onlookers():
    """AN-032 and ruling AN-R39: swept cards were face up, so everyone remembers them in the
    sweeper's Cache (they still see only its size, AN-010)."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1", "sweep a1+b1")
    swept = [card_id(0, 14), card_id(0, 15)]
    for onlooker in (1, 2):
        assert _remembered(state, onlooker, 0) == ([], swept)
        assert state.observe(onlooker)["climbers"][0]["cache"] == 2
    assert state.observe(0)["known_cache"] == [[], [], []]  # one's own Cache is simply seen


def test_a_scavenged_card_is_remembered_in_the_scavengers_backpack():
    """AN-041 and ruling AN-R39: the Scavenged card was face up; everyone remembers it."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1", "end", "pass", "scavenge b1")
    moonrise = card_id(0, 15)
    assert moonrise in state.pack[2]
    assert _remembered(state, 0, 2) == ([moonrise], [])
    assert _remembered(state, 1, 2) == ([moonrise], [])


def test_the_peak_moves_the_remembered_cache_cards_into_the_backpack():
    """AN-046, ruling AN-R08 and AN-R39: the Cache joins the Backpack at the peak, and so do the
    cards the others remember in it."""
    state = peaked()
    swept = sorted(card_id(0, n) for n in (14, 15, 18, 5))
    assert _remembered(state, 1, 0) == (swept, [])


def test_a_dropped_card_is_seen_leaving_the_backpack():
    """AN-051 and ruling AN-R39: a Dropped card lands face up, so the others know which card
    left; the rest stays remembered."""
    state = peaked()
    idle(state)
    play(state, "drop", f"card {code(0, 14)}", "to R:e1")
    rest = sorted(card_id(0, n) for n in (15, 18, 5))
    assert _remembered(state, 1, 0) == (rest, [])


def test_knowledge_of_a_backpack_is_dropped_when_its_owner_uses_an_unidentified_card():
    """AN-030 and ruling AN-R39: a Traded card goes face down unseen; the onlookers can no
    longer tell which remembered cards are still in the Backpack, so they forget them."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1", "end", "scavenge b1", "pass")
    assert _remembered(state, 0, 1)[0] == [card_id(0, 15)]
    play(state, "trade", f"card {code(1, 1)}", "to B:b1")  # the Moonrise stays in the Backpack
    assert card_id(0, 15) in state.pack[1]
    assert _remembered(state, 0, 1) == ([], [])
    assert _remembered(state, 2, 1) == ([], [])


def test_a_recovered_card_cannot_be_told_apart_so_the_cache_is_forgotten():
    """Ruling AN-R39: the Porter takes an unseen card from the Cache back into the Backpack;
    with two remembered cards in the Cache, the onlooker no longer knows which is where."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15, a2=13)}))
    play(state, "explore b1", "sweep a1+b1")
    idle(state)
    assert _remembered(state, 1, 0) == ([], [card_id(0, 14), card_id(0, 15)])
    play(state, "explore a2", f"recover {code(0, 14)}")
    assert _remembered(state, 1, 0) == ([], [])


def test_the_last_remembered_backpack_card_is_followed_face_down():
    """Ruling AN-R39: when the only card of a Backpack is remembered and is Traded away, the
    onlookers know the face-down card it became."""
    state = hike_all(setup(2))
    for n in (1, 2, 3):  # both climbers empty their Backpacks by Trading
        play(state, "trade", f"card {code(0, n)}", "to R:c1")
        finish(state)
        play(state, "trade", f"card {code(1, n)}", "to B:b1")
        finish(state)
    play(state, "explore b1", "end", "scavenge b1")  # Blue's Backpack: only the Moonrise now
    moonrise = card_id(0, 15)
    assert state.pack[1] == [moonrise]
    assert _remembered(state, 0, 1) == ([moonrise], [])
    play(state, "trade", f"card {code(0, 15)}", "to B:c1")
    assert state.observe(0)["climbers"][1]["side"][2] == [0, moonrise]
    # Red follows the card unseen, so only Blue, who placed it, is listed (ruling AN-R41)
    assert [1, 2, [1]] in state.observe(0)["identified"]
    assert _remembered(state, 0, 1) == ([], [])


def test_a_remembered_face_down_card_is_followed_into_the_hiders_cache():
    """AN-031, rulings AN-R17 and AN-R39: Red peeked at its a5 card; Blue Hides onto it and
    takes it into Blue's Cache, where Red still knows it is."""
    state = hike_all(setup(2, layouts={0: layout(b1=7)}))
    play(state, "explore b1", "peek R:a5")
    finish(state)
    peeked = state.mount[0][14]
    play(state, "hide", f"card {code(1, 1)}", "to R:a5")
    assert peeked in state.cache[1]
    assert _remembered(state, 0, 1) == ([], [peeked])
    assert texts(state)  # the game goes on


def test_a_new_ascent_forgets_everything():
    """AN-066 and ruling AN-R39: every card goes back to its suit."""
    game = Annapurna(3)
    state, _ = play_game(game, [RandomAgent() for _ in range(3)], seed=3)
    assert state.ascent > 1 or state.is_terminal()
    fresh = game.new_initial_state()
    assert fresh.observe(1)["known_pack"] == [[], [], []]


def _check_memory(state) -> None:
    n = state.num_players
    for w in range(n):
        obs = state.observe(w)
        for t in range(n):
            assert set(obs["known_pack"][t]) <= set(state.pack[t])
            assert set(obs["known_cache"][t]) <= set(state.cache[t])
            if t == w:
                assert obs["known_pack"][t] == obs["known_cache"][t] == []


def test_remembered_cards_are_always_where_they_are_remembered():
    """Ruling AN-R39: remembered locations stay true over random Expeditions."""
    for players in (2, 3, 4):
        for seed in range(4):
            for state in random_states(players, seed):
                if state.history[-1][0] != CHANCE:
                    _check_memory(state)


def test_determinization_never_contradicts_known_locations():
    """Ruling AN-R39: remembered Backpack and Cache cards are placed exactly there; known
    face-down cards stay where they are; observations are unchanged."""
    remembered = 0
    for players in (2, 3, 4):
        game = Annapurna(players)
        for seed in range(3):
            rng = random.Random(100 + seed)
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(sample_chance(state, rng), CHANCE)
                    continue
                seat = actor(state)
                legal = state.legal_actions(seat)
                state.apply_action(legal[rng.randrange(len(legal))], seat)
                steps += 1
                if steps % 23:
                    continue
                for seat in range(players):
                    obs = state.observe(seat)
                    det = game.determinize_observation(obs, rng)
                    assert det.observe(seat) == obs
                    for t in range(players):
                        assert set(obs["known_pack"][t]) <= set(det.pack[t])
                        assert set(obs["known_cache"][t]) <= set(det.cache[t])
                        remembered += len(obs["known_pack"][t]) + len(obs["known_cache"][t])
                        for p, e in enumerate(obs["climbers"][t]["side"]):
                            if isinstance(e, list) and e[1] is not None:
                                assert det.mount[t][p] == e[1]
    assert remembered > 100
