"""What a seat is told of a move carries nothing beyond what its observations show: for a
determinized twin (the same observation, hidden parts resampled) where the move leaves the
seat's observation the same too, the words told are the same, byte for byte."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, sample_chance
from meeple.core.record import tell_move

CONFIGS = [("peach-festival", 3), ("annapurna", 2), ("annapurna", 3), ("almanac", 2)]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_what_a_seat_is_told_is_the_same_for_its_determinized_twins(name, players, seed):
    game = meeple.make(name, players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    compared = 0
    while not state.is_terminal() and len(state.history) < 1500:
        if state.is_chance_node():
            mover, action = CHANCE, sample_chance(state, rng)
        else:
            mover = state.acting_seats()[0]
            legal = state.legal_actions(mover)
            action = legal[rng.randrange(len(legal))]
        if rng.random() < 0.2:
            n = len(state.history) + 1
            after = state.clone()
            after.apply_action(action, mover)
            for viewer in range(players):
                twin = game.determinize(state, viewer, random.Random(n))
                try:
                    twin_after = twin.clone()
                    twin_after.apply_action(action.text, mover)
                except IllegalActionError:
                    continue  # the twin's hidden parts do not allow it: nothing to compare
                if twin_after.observe(viewer) != after.observe(viewer):
                    continue  # the move shows the viewer a hidden part, which differs
                told = tell_move(state, n, mover, action, viewer)
                assert tell_move(twin, n, mover, action.text, viewer) == told, (n, viewer)
                compared += 1
        state.apply_action(action, mover)
    assert compared > 30
