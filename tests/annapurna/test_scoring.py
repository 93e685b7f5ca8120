"""End of an Ascent and of the Expedition: AN-014..AN-016, AN-019, AN-059..AN-071, AN-075;
rulings AN-R11, AN-R13, AN-R19..AN-R21, AN-R24, AN-R32, AN-R34."""

from __future__ import annotations

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.games.annapurna import rules
from meeple.games.annapurna.consts import AWARDS, DEAL, LNTB_FLAGS, MAIN, ROUND_LIMIT
from meeple.games.annapurna.game import Annapurna

from .helpers import (
    RUSH,
    ZERO_RUSH,
    card_id,
    climb_route,
    deal,
    finish,
    idle,
    play,
    setup,
    sweep_all,
)


def go_sweeping(state, move):
    key = (state.ascent, state.turns)
    play(state, move)
    sweep_all(state)
    finish(state, key)


def test_left_no_trace_behind_ends_the_ascent_with_four_flags():
    """AN-019, AN-063 and ruling AN-R11: the first climber to peak at a total of zero ends the
    Ascent at once, takes 4 flags, nobody else scores; AN-067: they start the next Ascent."""
    state = setup(3, layouts={0: ZERO_RUSH})
    climb_route(state, 0)
    assert state.lntb == 0
    assert state.earned == [LNTB_FLAGS, 0, 0] and state.flags == [4, 0, 0]
    assert state.ascent == 2 and state.stage == DEAL and state.starter == 0


def test_no_trace_needs_the_first_arrival():
    """AN-063: a later climber at zero does not end the Ascent (only the first peaker)."""
    state = setup(2, layouts={0: RUSH, 1: ZERO_RUSH})
    for pos in ("e1", "d2", "c3", "b4", "a5"):
        go_sweeping(state, f"explore {pos}")
        if pos == "a5":
            assert state.arrival == [1, 0]
        go_sweeping(state, f"explore {pos}")
    assert state.lntb == -1 and state.ascent == 2
    assert state.earned == [2, 3]  # Blue is closer to zero (AN-065)


def _ascent_end(players: int, totals: list[int], arrivals: list[int]) -> Annapurna:
    """A state whose climbers have the given face-up totals and arrival order, scored."""
    state = setup(players)
    for s in range(players):
        state.mount[s] = [-1] * 15
        state.down[s] = 0
        state.up[s] = 0
        value = totals[s]
        # Snow Leopard +2 / Yak -2 / Sunrise +1 / Moonrise -1 / Porter +4 / Crevasse -4
        cards = []
        for number, v in ((13, 4), (12, -4), (17, 2), (16, -2), (14, 1), (15, -1)):
            while value and (value > 0) == (v > 0) and abs(value) >= abs(v):
                if card_id(s, number) in cards:
                    break
                cards.append(card_id(s, number))
                value -= v
        assert value == 0
        for p, c in enumerate(cards):
            state.mount[s][p] = c
            state.up[s] |= 1 << p
        state.arrival[s] = arrivals[s]
    rules._end_ascent(state, -1)
    return state


def test_four_climbers_get_three_two_one_zero_by_closeness():
    """AN-060 (face-up tally), AN-061, AN-015, AN-014 (balance is the goal)."""
    state = _ascent_end(4, [3, -1, 0, 2], [1, 2, 3, 4])
    assert state.earned == [0, 2, 3, 1]


def test_ties_go_to_the_earlier_peak():
    """AN-062 and ruling AN-R21: +2 and -2 tie; the earlier arrival gets more."""
    state = _ascent_end(3, [2, -2, 1], [2, 1, 3])
    assert state.earned == [1, 2, 3]


def test_three_and_two_climber_awards():
    """AN-064, AN-065, AN-075 (6, 6 and 5 flags per normal Ascent; 4 for LNTB)."""
    assert _ascent_end(3, [1, 0, 4], [1, 2, 3]).earned == [2, 3, 1]
    assert _ascent_end(2, [1, 0], [1, 2]).earned == [2, 3]
    assert [sum(AWARDS[n]) for n in (2, 3, 4)] == [5, 6, 6] and LNTB_FLAGS == 4


def test_fewest_flags_starts_the_next_ascent():
    """AN-067 and ruling AN-R13 (fewest earned in the Ascent just played)."""
    state = _ascent_end(3, [1, 0, 4], [1, 2, 3])
    assert state.starter == 2 and state.stage == DEAL


def test_reset_returns_every_card_to_its_colour():
    """AN-066 and ruling AN-R24: after Hides and Scavenges, each climber reshuffles exactly
    their own 18 cards."""
    state = _ascent_end(2, [1, 0], [1, 2])
    state.pack[1] = [card_id(0, 1)]  # whatever moved between climbers
    deal(state)
    for s in range(2):
        assert sorted(state.mount[s] + state.pack[s]) == list(range(s * 18, s * 18 + 18))
    assert state.ascent == 2 and state.cache == [[], []] and state.arrival == [0, 0]


def test_first_to_the_target_wins_and_more_flags_break_simultaneous_arrivals():
    """AN-016 and AN-068 (first to the target), AN-069 (more flags wins)."""
    state = setup(2)
    state.flags = [8, 7]
    state2 = state.clone()
    _score(state, [2, 1])  # Blue closest: 3 -> 10, Red 2 -> 10? No: Red 8+2=10, Blue 7+3=10
    assert state.is_terminal()
    assert state.flags == [10, 10] and state.winner == 1  # AN-070: final Ascent's winner
    state2.flags = [8, 5]
    _score(state2, [2, 1])
    assert state2.flags == [10, 8] and state2.winner == 0


def test_flag_ties_go_to_the_better_final_ascent_placing():
    """AN-070 and ruling AN-R20 (AN-I09): among 3+ tied climbers the best final placing wins."""
    state = setup(3)
    state.flags = [8, 7, 6]
    _score(state, [1, 3, 2], totals=[2, 0, 1])  # placings: Blue 1st, Green 2nd, Red 3rd
    assert state.flags == [9, 10, 8] and state.winner == 1
    assert state.result().seats[1].rank == 1 and state.returns() == [0.0, 1.0, 0.0]


def _score(state, arrivals, totals=None):
    n = state.num_players
    totals = totals or [1, 0][:n] + [2] * (n - 2)
    for s in range(n):
        state.mount[s] = [-1] * 15
        state.down[s] = state.up[s] = 0
        if totals[s]:
            state.mount[s][0] = card_id(s, 14) if totals[s] == 1 else card_id(s, 17)
            state.up[s] = 1
        state.arrival[s] = arrivals[s] or 0
    rules._end_ascent(state, -1)


def test_shorter_expeditions_lower_the_flag_target():
    """AN-071: e.g. first to 3 flags."""
    game = Annapurna(2, flag_target=3)
    state, _ = play_game(game, [RandomAgent(), RandomAgent()], seed=4)
    assert state.is_terminal() and max(state.flags) >= 3
    assert state.ascent <= game.max_ascents()


def test_flags_are_uncapped_integers():
    """Ruling AN-R19: totals above the 36 flags in the box are fine."""
    state = setup(2, flag_target=60)
    state.flags = [30, 30]
    _score(state, [1, 2])
    assert state.flags == [32, 33] and not state.is_terminal()


def test_many_ascents_until_someone_reaches_the_target():
    """Ruling AN-R32 (AN-I11: no cap on the number of Ascents, only the flag target ends the
    Expedition)."""
    state, _ = play_game(Annapurna(4), [RandomAgent() for _ in range(4)], seed=11)
    assert state.is_terminal() and state.ascent >= 2 and max(state.flags) >= 9


def test_an_ascent_that_drags_on_ends_at_the_round_limit():
    """Ruling AN-R34: after ROUND_LIMIT turns per climber the Ascent ends; climbers who never
    peaked rank after those who did."""
    state = setup(2)
    state.turns = ROUND_LIMIT * 2
    state.arrival = [0, 0]
    rules._start_turn(state, 1)
    assert state.ascent == 2 and sum(state.earned) == 5
    assert state.placing == [1, 2]  # equal totals: clockwise from the starter (Red)


def test_a_climber_who_never_peaked_ranks_after_every_peaked_one_at_the_round_limit():
    """Ruling AN-R34: at the round limit a climber who never peaked ranks after every climber
    who did, even with a face-up total closer to zero."""
    state = setup(2, layouts={0: RUSH})
    climb_route(state, 0)  # Red peaks off zero; Blue never leaves the trailhead
    assert state.arrival == [1, 0] and abs(state.total(0)) > abs(state.total(1))
    state.turns = ROUND_LIMIT * 2
    while state.ascent == 1:
        if state.stage == MAIN:
            idle(state)
        else:
            finish(state)
    assert state.placing == [1, 2] and state.earned == [3, 2]


def test_climbers_who_never_peaked_rank_clockwise_from_the_starter_whatever_their_totals():
    """Ruling AN-R34: among climbers who never peaked, the order is clockwise from the starter,
    not by face-up totals."""
    state = setup(3)
    _score(state, [0, 1, 0], totals=[2, 0, 1])  # Red (starter) +2, Green +1: both never peaked
    assert state.placing == [2, 1, 3]
