"""The game told in words: the end of each phase of a round and of the round itself is told
after the move or outcome that brings it, to everyone alike (AL-027, AL-052, AL-062, AL-063)."""

from __future__ import annotations

import random
import re

import pytest

from meeple.core.game import CHANCE, SIMULTANEOUS, sample_chance
from meeple.games.almanac.game import Almanac


def _passages(players: int, seed: int, viewer: int | None) -> list[str]:
    """Every phase and round sentence of a seeded random journey, as ``viewer`` is told it."""
    rng = random.Random(seed)
    game = Almanac(players)
    state = game.new_initial_state()
    said: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            if seat == SIMULTANEOUS:
                seat = state.acting_seats()[0]
            action = rng.choice(state.legal_actions(seat))
        told = game.describe_move_for(state, seat, action, viewer)
        said += re.findall(r"(?:The \w+ Phase[^.]*|Round \d[^.]*|The game is over)\.", told)
        state.apply_action(action, seat)
    return said


@pytest.mark.parametrize("players", [2, 3])
def test_every_phase_and_round_end_is_told_in_order(players):
    """AL-027: each round's Arrival, Action and End Phases end in turn, then the round; the
    last round has no End Phase steps (AL-052) and the game ends after the contracts."""
    said = _passages(players, seed=players, viewer=None)
    rounds = [int(m) for t in said for m in re.findall(r"^Round (\d) of 6 begins", t)]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= 2
    last = rounds[-1]
    expected = []
    for r in rounds:
        page = next(t for t in said if t.startswith(f"Round {r} of 6 begins"))
        expected.append(page)
        expected += [f"The Arrival Phase of round {r} ends.", "The Action Phase begins."]
        expected.append(f"The Action Phase of round {r} ends.")
        if r < last:
            expected += ["The End Phase begins.", f"The End Phase of round {r} ends."]
            expected.append(f"Round {r} ends.")
    expected += [
        f"Round {last} ends: the journey is over; contracts may be completed.",
        "The game is over.",
    ]
    assert said == expected


def test_phase_ends_are_told_alike_to_every_seat_and_a_spectator():
    """Phases and rounds are public: every seat and a spectator are told the same passages."""
    told = [_passages(2, seed=7, viewer=v) for v in (0, 1, None)]
    assert told[0] == told[1] == told[2] and told[0]
