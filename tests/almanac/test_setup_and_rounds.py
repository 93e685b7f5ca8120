"""Setup, structure and the Arrival and Action phases (AL-014..AL-037, AL-G17, AL-G18,
AL-I07, AL-I11, AL-I13, rulings AL-R37, AL-R40)."""

import pytest

from meeple.core.game import CHANCE, SIMULTANEOUS
from meeple.games.almanac.content import load_content

from .conftest import dealt, game, legal, play, position, refresh, texts

C = load_content()


def test_the_journey_opens_at_traders_village():
    """AL-014, AL-026: page 1 first."""
    st = game(2).new_initial_state()
    assert st.page == 1 and st.route == [1]


def test_caravan_and_contract_decks_are_unordered_chance():
    """AL-015: every draw is a chance node over the unseen cards, uniform."""
    st = dealt(2)
    outs = st.chance_outcomes()
    assert len(outs) == 30 and all(abs(p - 1 / 30) < 1e-12 for _, p in outs)
    st = game(2).new_initial_state()
    play(st, "start s0", "start s1")
    assert len(st.chance_outcomes()) == 24 and st.chance_outcomes()[0][0].text == "contract k0"


def test_common_supplies_are_set_out():
    """AL-016, AL-017: guards, goods, gold in the supply; page tokens only on their page."""
    st = position(2, page=5, free=True)
    assert st.guard_supply == 12 and st.tok_supply == {"potion": 4}
    st = position(2, page=1)
    assert st.tok_supply == {}


def test_encounter_of_each_letter_is_chosen_at_random_when_revealed():
    """AL-018 (ruling AL-R40): the face-down deck is 1 card per letter A-E in order; the
    card of each letter is a chance node over its 4 cards when it is revealed."""
    st = position(2, page=1)
    from .conftest import stage

    stage(st, ("cleanup",), ("enc_start",), ("enc_pick",))
    assert st.current_player() == CHANCE
    assert texts(st.legal_actions(CHANCE)) == [f"encounter e{i}" for i in C.by_letter["A"]]


def test_each_player_gets_a_screen_six_workers_a_starting_caravan_and_two_contracts():
    """AL-019, AL-020, AL-I11, AL-I13: 3 workers on the caravan, 3 behind the screen, 2
    face-down contracts, a starting caravan with its crates and shields."""
    st = dealt(3, starts=[2, 0, 1])
    assert st.start == [2, 0, 1]
    assert st.workers == [3, 3, 3] and [st.reserve(s) for s in range(3)] == [3, 3, 3]
    assert st.incomplete == [[0, 1], [2, 3], [4, 5]] and st.completed == [[], [], []]
    assert st.crates[0] == C.starting[2].crates and st.shields[0] == C.starting[2].shields


def test_seat_zero_is_the_first_guide_and_plays_first():
    """AL-021, AL-022 (ruling AL-R37): seat 0 is the youngest player and the first Guide."""
    st = position(3)
    assert st.guide == 0 and st.current_player() == 0


def test_starting_gold_follows_turn_order_and_is_hidden():
    """AL-023, AL-024: the k-th player from the Guide gets starting_gold[k]; others cannot
    see it."""
    st = dealt(4)
    assert st.gold == list(C.starting_gold[:4])
    obs = st.observe(1)
    assert obs["players"][1]["gold"] == C.starting_gold[1]
    assert obs["players"][0]["gold"] is None


def test_a_journey_is_six_rounds_each_with_three_phases():
    """AL-025, AL-027: six pages visited, one round each, then the end."""
    from meeple.agents.base import RandomAgent
    from meeple.core.driver import play_game

    st, _ = play_game(game(2), [RandomAgent(), RandomAgent()], seed=4)
    assert st.round == 6 and len(st.route) == 6 and st.is_terminal()
    assert C.pages[st.route[-1]].round == 6


def test_arrival_abilities_resolve_in_turn_order_from_the_guide():
    """AL-028, AL-G36: a completed arrival_gold contract pays in the Arrival Phase."""
    st = dealt(2)
    st.completed[1] = [1]  # Saltworks Guild: arrival_gold 2
    st.completed[0] = [13]  # Fairground Cooks: arrival_good sky
    st.incomplete[1] = []
    before = st.gold[:]
    from .conftest import stage

    stage(st, ("deal_cv", 2), ("arrival", 0))
    assert st.gold[1] == before[1] + 2 and st.goods[0][3] == 1


def test_round_one_deals_one_caravan_card_per_player():
    """AL-029, AL-G17 (ruling AL-R17): even round 1 deals caravan cards (3 for 3 players)."""
    st = dealt(3)
    for c in (5, 9, 2):
        assert st.current_player() == CHANCE
        play(st, f"caravan c{c}")
    assert st.cv_faceup == [5, 9, 2] and st.current_player() == 0


def test_page_setup_lays_out_the_page():
    """AL-030: Floe Lake's ice blocks and Cliffside's ladders are set up on arrival."""
    assert position(2, page=2).pg == list(C.pages[2].ice_start)
    st = position(3, page=3)
    assert st.pg == [-1] * 6 and st.ladders == [3, 3, 3]


def test_placement_goes_clockwise_from_the_guide_one_worker_at_a_time():
    """AL-031, AL-G18, AL-I07 (ruling AL-R18): Guide P2 -> P2, P3, P1, P2."""
    st = position(3, page=5, free=True, guide=1, gold=[20, 20, 20])
    order = []
    for sp in (0, 1, 2, 3):
        order.append(st.current_player())
        play(st, f"place {sp}")
        while st.current_player() != order[0] and st.tasks[-1][0] != "place":
            st.apply_action(st.legal_actions(st.current_player())[0], st.current_player())
    assert order == [1, 2, 0, 1]


def test_an_action_space_holds_one_action_icon():
    """AL-032, AL-037: each space has exactly one standard or location action."""
    std = {"goods", "sell", "shop", "gain_contract", "complete_contract", "extend_caravan"}
    for p in C.pages.values():
        for s in p.spaces:
            assert s.action in std | {"token", "ice", "farmer"}


def test_players_place_until_every_worker_is_placed_then_the_end_phase():
    """AL-033, AL-036: 2 players x 3 workers = 6 placements, then the sealed bid."""
    st = position(2, page=5, free=True, gold=[0, 0])
    n = 0
    while st.current_player() >= 0:
        seat = st.current_player()
        acts = st.legal_actions(seat)
        pick = next((a for a in acts if a.kind == "place"), acts[0])
        if pick.kind == "place":
            n += 1
        st.apply_action(pick, seat)
    assert n == 6 and st.current_player() == SIMULTANEOUS


def test_a_player_who_cannot_place_is_skipped():
    """AL-034: seat 1 cannot pay the only open cost space, so seat 0 places again."""
    st = position(2, page=5, free=True, gold=[5, 0], goods=[[0] * 4, [0] * 4])
    st.occ = [-1] + [1] * 13 + [-1]  # open: 0 (goods) and 14 (producer, costs 2)
    refresh(st)
    play(st, "place 0")
    assert st.current_player() == 0 and legal(st) == ["place 14"]


def test_workers_behind_the_screen_cannot_be_placed():
    """AL-035: a seat whose caravan workers are all placed has no placement."""
    st = position(2, page=5, free=True)
    st.placed[0] = 3
    from meeple.games.almanac.moves import turn_options

    assert turn_options(st, 0) == []
    assert st.reserve(0) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_guide_first_each_round(players):
    """AL-022: the Guide plays first in every round."""
    st = position(players, guide=players - 1)
    assert st.current_player() == players - 1
