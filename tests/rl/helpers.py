"""Shared configurations and a seeded random walk for the research-adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import meeple
from meeple.core.game import CHANCE, State, sample_chance

#: Every game and player count the adapters support.
CONFIGS: list[tuple[str, int]] = [
    *[("peach-festival", p) for p in range(1, 6)],
    *[("annapurna", p) for p in range(2, 5)],
    *[("almanac", p) for p in range(2, 5)],
]

#: Short configurations for suites that play many whole games: The Peach Festival capped at a
#: few rounds (its ``max_rounds`` option, 2+ players), a one-flag Annapurna Expedition (Shorter
#: Expedition). Solo: :func:`short`.
SHORT: dict[str, dict] = {
    "peach-festival": {"max_rounds": 4},
    "annapurna": {"flag_target": 1},
    "almanac": {},
}


def short(name: str, players: int) -> dict:
    """Options of a short game of ``name`` with ``players`` seats (see :data:`SHORT`); a solo
    Peach Festival has no round limit (ruling PF-R24) and is shortened by its difficulty
    (``hard``: 13 rounds)."""
    if name == "peach-festival" and players == 1:
        return {"difficulty": "hard"}
    return SHORT[name]


def ids(configs: list[tuple[str, int]]) -> list[str]:
    return [f"{name}-{players}p" for name, players in configs]


def random_walk(name: str, players: int, seed: int, **options) -> Iterator[State]:
    """Yield every state of one seeded random game (chance sampled, decisions uniform)."""
    game = meeple.make(name, players=players, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seat = min(state.acting_seats())
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
