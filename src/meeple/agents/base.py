"""The agent protocol and the generic agents.

An agent receives its seat's observation, the legal actions and its own seeded RNG, and returns
one of the legal actions. It never receives the state: whatever it needs beyond the observation
it rebuilds through the game's ``determinize_observation``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import Game


class Agent:
    """Base class of agents.

    Attributes:
        name: Label used in records and tables.
        honest: False for research agents that read hidden information (never seated
            against people).
    """

    name = "agent"
    honest = True

    def setup(self, game: Game, seat: int) -> None:
        """Called once before a game with the configured game and this agent's seat."""
        self.game = game
        self.seat = seat

    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Choose one of ``legal_actions`` (a non-empty list)."""
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    name = "random"

    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]


_GENERIC: dict[str, str] = {"random": "meeple.agents.base:RandomAgent"}


def agent_names(game: Game | type[Game]) -> list[str]:
    """Agent names usable with ``game``: the generic ones and the game's own."""
    return sorted({**_GENERIC, **getattr(game, "agents", {})})


def make_agent(spec: str, game: Game) -> Agent:
    """Build an agent from its name, e.g. ``"random"`` or ``"greedy"``.

    Raises:
        ConfigError: if ``game`` has no agent of that name.
    """
    table = {**_GENERIC, **getattr(game, "agents", {})}
    name, _, arg = spec.partition(":")
    if name not in table:
        raise ConfigError(
            f"no agent {name!r} for {game.info.name}; known: {', '.join(sorted(table))}"
        )
    module, _, cls = table[name].partition(":")
    klass = getattr(importlib.import_module(module), cls)
    return klass(arg) if arg else klass()
