"""Bots' moves, computed in worker processes so that a slow search never blocks the server.

A worker is given what the seat may know and nothing else: the game's name and configuration,
the seat's observation, its legal moves and a seed for its own RNG. It never sees the state.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

from meeple.core.game import Game
from meeple.core.registry import make


@lru_cache(maxsize=32)
def _game(name: str, config_json: str) -> Game:
    return make(name, **json.loads(config_json))


def choose(
    name: str,
    config: dict[str, Any],
    level: str,
    seat: int,
    observation: dict,
    legal: list[str],
    seed: int,
) -> str:
    """The move a bot of ``level`` makes for ``seat``, as its notation.

    Args:
        name: Registry name of the game.
        config: The game's configuration (``players`` and options).
        level: A level of :mod:`meeple.agents.levels` (``easy``, ``medium``, ``hard``).
        seat: The bot's seat.
        observation: ``state.observe(seat)``.
        legal: The seat's legal moves, as notation.
        seed: Seed of the bot's RNG for this decision.

    Raises:
        ConfigError: for an unknown level.
    """
    from meeple.agents.base import make_agent

    game = _game(name, json.dumps(config, sort_keys=True))
    agent = make_agent(level, game)
    agent.setup(game, seat)
    actions = [game.action(text) for text in legal]
    action = agent.act(observation, actions, random.Random(seed))
    return action.text
