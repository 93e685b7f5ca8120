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

#: Every shipped game at each player count it supports.
SETTINGS = [
    (name, players)
    for name in SHIPPED
    for players in range(
        max(game_class(name).info.min_players, 1), game_class(name).info.max_players + 1
    )
]


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_every_view_of_a_determinized_twin_is_the_real_states_byte_for_byte(
    name: str, players: int
) -> None:
    """At sampled positions of random games, a twin whose hidden parts were resampled for
    seat k gives seat k the real state's view byte for byte (observation, legal moves with
    their words, who acts and who has chosen), and gives the spectator the real state's
    spectator view: the spectator knows no more than any seat."""
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
                spectator = dumps(game_view(state, None, chosen))
                for seat in range(players):
                    twin = game.determinize(state, seat, random.Random(rng.getrandbits(32)))
                    assert dumps(game_view(twin, seat, chosen)) == dumps(
                        game_view(state, seat, chosen)
                    )
                    assert dumps(game_view(twin, None, chosen)) == spectator
                    compared += 1
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            step += 1
    assert compared > 0
