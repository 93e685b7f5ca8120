"""Observation encoders: one seat's observation -> a fixed-shape float32 vector, per game.

``make_encoder(game)`` builds the encoder of a configured game. The shape depends only on the
configuration (player count, content), and the encoding reads nothing but the observation.
"""

from __future__ import annotations

import importlib

from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.encoding import Encoder, Writer

ENCODERS: dict[str, str] = {
    "peach-festival": "meeple.games.peach_festival.encoding:PeachFestivalEncoder",
    "annapurna": "meeple.games.annapurna.encoding:AnnapurnaEncoder",
    "almanac": "meeple.games.almanac.encoding:AlmanacEncoder",
}


def make_encoder(game: Game) -> Encoder:
    """The observation encoder of ``game``'s configuration.

    Raises:
        TypeError: for anything but a configured meeple game (``meeple.make(...)``).
        ConfigError: when the game has no encoder.
    """
    if not isinstance(game, Game):
        raise TypeError(
            f"make_encoder takes a configured meeple game (meeple.make(...)), not {game!r}"
        )
    target = ENCODERS.get(game.info.name)
    if target is None:
        raise ConfigError(f"no observation encoder for {game.info.name}")
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)(game)


__all__ = ["ENCODERS", "Encoder", "Writer", "make_encoder"]
