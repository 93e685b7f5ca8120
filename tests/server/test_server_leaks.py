"""Leaks through the server: what a seat is sent is the same whatever it may not see."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.game import CHANCE, sample_chance
from meeple.core.registry import game_class
from meeple.server.service import dumps, game_view

#: The games the package ships (tests register broken games of their own in the registry).
SHIPPED = [n for n in meeple.game_names() if game_class(n).__module__.startswith("meeple.games.")]


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("players", [2, 3])
def test_a_seats_view_is_identical_for_a_determinized_twin(name: str, players: int) -> None:
    """At sampled positions of random games, seat k's view (observation, legal moves with their
    words, who acts and who has chosen) is byte for byte the one of a twin whose hidden parts
    were resampled for k; and the spectator's view is the same for two such twins, whose hidden
    parts differ. (The spectator's view of a twin is compared with another twin's, not with the
    real state's: an Annapurna twin does not carry every public mark of a face-down card that
    the spectator's view of the real state shows.)"""
    game = meeple.make(name, players=players)
    rng = random.Random(7)
    compared = 0
    for _ in range(2):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            if step % 7 == 0:
                chosen = {s for s in range(players) if s not in state.acting_seats()}
                for seat in range(players):
                    twin = game.determinize(state, seat, random.Random(rng.getrandbits(32)))
                    assert dumps(game_view(twin, seat, chosen)) == dumps(
                        game_view(state, seat, chosen)
                    )
                    other = game.determinize(state, seat, random.Random(rng.getrandbits(32)))
                    assert dumps(game_view(twin, None, chosen)) == dumps(
                        game_view(other, None, chosen)
                    )
                    compared += 1
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            step += 1
    assert compared > 0
