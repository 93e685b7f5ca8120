"""``State.apply_legal``: the unchecked path of search loops gives the same game as ``apply_action``."""

from __future__ import annotations

import pytest

from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, sample_chance
from meeple.core.registry import game_names, make
from meeple.core.seeding import make_rng


def _play(game, seed: int, checked: bool) -> str:
    state = game.new_initial_state()
    rng = make_rng(seed, "apply-legal")
    while (cp := state.current_player()) != TERMINAL:
        if cp == CHANCE:
            action, seat = sample_chance(state, rng), CHANCE
        else:
            seat = state.acting_seats()[0] if cp == SIMULTANEOUS else cp
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        if checked:
            state.apply_action(action, seat)
        else:
            state.apply_legal(action, seat)
    return state.fingerprint()


@pytest.mark.parametrize("name", game_names())
def test_apply_legal_reaches_the_same_state_as_apply_action(name):
    game = make(name)
    for seed in range(5):
        assert _play(game, seed, checked=False) == _play(game, seed, checked=True)
