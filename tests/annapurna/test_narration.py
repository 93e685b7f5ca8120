"""The game told in words: what a move brings about is told after it, to everyone: a turn
skipped by a card (AN-034) and the end of an Ascent with every climber's total and flags
(AN-060..AN-065), climbers who never peaked said to be so (ruling AN-R34)."""

from __future__ import annotations

import random

import pytest

from meeple.core.game import CHANCE, SIMULTANEOUS, sample_chance
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.state import AnnapurnaState

from .helpers import ZERO_RUSH, climb_route, hike_all, idle, layout, play, setup


def _told(state: AnnapurnaState, viewer: int | None) -> list[str]:
    """Every action of ``state``'s history as ``viewer`` was told it, replayed from the start."""
    game = state.game
    again = game.new_initial_state()
    said = []
    for seat, action in state.history:
        said.append(game.describe_move_for(again, seat, action, viewer))
        again.apply_action(action, seat)
    return said


def test_left_no_trace_behind_tells_the_ascent_end_and_who_never_peaked():
    """AN-063 and ruling AN-R34: the climber who Leaves No Trace Behind is told with their
    total; the others never peaked and are said to, not given a total."""
    state = setup(3, layouts={0: ZERO_RUSH}, flag_target=4)
    climb_route(state, 0)
    assert state.is_terminal()
    for viewer in (0, 1, None):
        ends = [t for t in _told(state, viewer) if "Ascent 1 ends" in t]
        assert len(ends) == 1
        assert ends[0].endswith(
            "Ascent 1 ends: Player 1 (Red) 1st, Left No Trace Behind (total 0), +4 flags (4 in all); "
            "Player 2 (Blue) 2nd, never peaked, +0 flags (0 in all); "
            "Player 3 (Green) 3rd, never peaked, +0 flags (0 in all)"
        )


def test_the_state_keeps_each_total_from_the_end_of_the_ascent_through_the_reset():
    """AN-066: the reset clears the mountainsides, so the totals at the Ascent's end are kept
    (public, in every view) for the log; ``None`` for a climber who never peaked."""
    state = setup(2, layouts={0: ZERO_RUSH})
    climb_route(state, 0)
    assert state.ascent == 2 and not state.is_terminal()
    assert state.ended_total == [0, None]
    for viewer in (0, 1, None):
        climbers = state.observe(viewer)["climbers"]
        assert [c["ended_total"] for c in climbers] == [0, None]
    assert state.clone().ended_total == [0, None]
    text = state.game.render(state.observe(1))
    assert "Previous Ascent: Red #1 (total +0) +4, Blue #2 (never peaked) +0" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_ascent_end_is_told_once_with_every_climber(players):
    """AN-060..AN-065: each Ascent that ends is told once, naming every climber with their
    flags in all; a climber who had not peaked before the last move and did not make it is
    said never to have peaked."""
    rng = random.Random(players)
    game = Annapurna(players)
    state = game.new_initial_state()
    ends = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        if seat == SIMULTANEOUS:  # a Scavenge race: any climber still to call (ruling AN-R06)
            seat = rng.choice(state.acting_seats())
        action = rng.choice(state.legal_actions(seat))
        told = game.describe_move_for(state, seat, action, None)
        before = state.clone()
        state.apply_action(action, seat)
        ascent = before.ascent
        if state.ascent == ascent and not state.is_terminal():
            assert "ends:" not in told
            continue
        ends += 1
        said = told.split(f"Ascent {ascent} ends: ")[1].split("; ")
        assert len(said) == players
        for s in range(players):
            (line,) = [x for x in said if x.startswith(f"Player {s + 1} ({game.colour(s)}) ")]
            assert line.endswith(f"({state.flags[s]} in all)")
            never = before.arrival[s] == 0 and s != seat
            assert ("never peaked" in line) == (state.ended_total[s] is None)
            if never:
                assert "never peaked" in line
    assert ends == state.ascent


def test_a_turn_skipped_by_a_whiteout_is_told():
    """AN-034, AN-048: the move that ends the turn before a skipped one tells everyone that
    the next climber's turn is skipped."""
    state = hike_all(setup(2, layouts={0: layout(b1=2)}))
    play(state, "explore b1")
    idle(state)
    assert state.skipping
    for viewer in (0, 1, None):
        said = [t for t in _told(state, viewer) if "skipped" in t]
        assert said == [said[0]] and said[0].endswith(
            "Player 1 (Red)'s turn is skipped by a card: only the Sweep"
        )
