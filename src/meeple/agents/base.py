"""The agent protocol and the generic agents.

An agent receives its seat's observation, the legal actions and its own seeded RNG, and returns
one of the legal actions. It never receives the state: whatever it needs beyond the observation
it rebuilds through the game's ``determinize_observation``.
"""

from __future__ import annotations

import importlib
import inspect
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


_GENERIC: dict[str, str] = {
    "random": "meeple.agents.base:RandomAgent",
    "ismcts": "meeple.agents.ismcts:ISMCTSAgent",
}


#: Difficulty levels, resolved per game by :mod:`meeple.agents.levels`.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def agent_names(game: Game | type[Game]) -> list[str]:
    """Agent names usable with ``game``: the generic ones, the game's own and the levels."""
    return sorted({**_GENERIC, **getattr(game, "agents", {})}) + [
        level for level in LEVELS if level not in getattr(game, "agents", {})
    ]


def make_agent(spec: str, game: Game) -> Agent:
    """Build an agent from its spec.

    A spec is an agent name (``"random"``, ``"greedy"``...), a name with an argument
    (``"ismcts:iterations=400,rollout=heuristic"``) or a difficulty level (``"easy"``,
    ``"medium"``, ``"hard"``), which names the game's agent and budget for that level (see
    :mod:`meeple.agents.levels`); a level's agent is labelled with the level's name.

    Raises:
        ConfigError: if ``game`` has no agent of that name, its argument is invalid, or a
            level is given parameters.
    """
    table = {**_GENERIC, **getattr(game, "agents", {})}
    name, _, arg = spec.partition(":")
    if name in LEVELS and name not in table:
        from meeple.agents.levels import level_spec

        if arg:
            raise ConfigError(
                f"level {name!r} takes no parameters; to change it, write its agent out: "
                f"{level_spec(game, name)!r} with your changes"
            )
        agent = make_agent(level_spec(game, name), game)
        agent.name = name
        return agent
    if name not in table:
        raise ConfigError(
            f"no agent {name!r} for {game.info.name}; known: {', '.join(agent_names(game))}"
        )
    module, _, cls = table[name].partition(":")
    klass = getattr(importlib.import_module(module), cls)
    if arg and not inspect.signature(klass).parameters:
        raise ConfigError(f"agent {name!r} of {game.info.name} takes no parameters; got {arg!r}")
    return klass(arg) if arg else klass()
