"""The agent protocol: what a driver seats around a state and what it asks.

An agent receives its seat's observation, the legal actions and its own seeded RNG, and returns
one of the legal actions. It never receives the state: whatever it needs beyond the observation
it rebuilds through the game's ``determinize_observation``. The protocol lives in the core so
that the games (whose heuristic agents follow it) and the drivers (which seat agents) both
depend on it, and neither on the other; the generic agents and ``make_agent`` are in
:mod:`meeple.agents`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game

#: Wall-clock cap of the ``hard`` level per decision, in seconds (the limit is 2 s).
HARD_TIME_CAP = 1.8


class Agent:
    """Base class of agents.

    Attributes:
        name: Label used in records and tables.
        honest: False for research agents that read hidden information (never seated
            against people).
        reads_by_key: True for an agent that reads its observation only as
            ``observation[key]`` (no iteration, ``in``, ``get`` or copies) and only within
            ``act``: a search may then give it the state's cheaper
            :meth:`~meeple.core.game.State.policy_view` when it plays a rollout move.
    """

    name = "agent"
    honest = True
    reads_by_key = False

    def setup(self, game: Game, seat: int) -> None:
        """Called once before a game with the configured game and this agent's seat."""
        self.game = game
        self.seat = seat

    def act(
        self, observation: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Choose one of ``legal_actions`` (a non-empty list)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement act()")


__all__ = ["HARD_TIME_CAP", "Agent"]
