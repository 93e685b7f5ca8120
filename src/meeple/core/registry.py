"""Registry of games: ``make(name, **config)`` builds a configured :class:`Game`.

Entries name the module and class as a string, so importing :mod:`meeple` imports no game.
"""

from __future__ import annotations

import importlib
from typing import Any

from meeple.core.errors import ConfigError, echo
from meeple.core.game import Game

_REGISTRY: dict[str, str] = {
    "peach-festival": "meeple.games.peach_festival.game:PeachFestival",
    "almanac": "meeple.games.almanac.game:Almanac",
    "annapurna": "meeple.games.annapurna.game:Annapurna",
}
_ALIASES: dict[str, str] = {"peach": "peach-festival", "the-peach-festival": "peach-festival"}


def register(name: str, target: str) -> None:
    """Register ``target`` (``"package.module:Class"``) under ``name``."""
    _REGISTRY[name] = target


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered under ``name`` (or an alias).

    Raises:
        ConfigError: for an unknown name.
    """
    name = _ALIASES.get(name, name)
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise ConfigError(f"unknown game {echo(name)}; known: {', '.join(game_names())}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def make(name: str, **config: Any) -> Game:
    """Build the game ``name`` with ``config`` (``players=...`` and the game's options).

    Raises:
        ConfigError: for an unknown game, player count or option.
    """
    return game_class(name)(**config)
