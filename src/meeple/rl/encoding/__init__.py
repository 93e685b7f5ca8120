"""Observation encoders: one seat's observation -> a fixed-shape float32 vector, per game.

``make_encoder(game)`` builds the encoder of a configured game, named by its registry entry
(each game's encoder sits in its package, the contract in :mod:`meeple.core.encoding`). The
shape depends only on the configuration (player count, content), and the encoding reads nothing
but the observation.
"""

from __future__ import annotations

from meeple.core.encoding import Encoder, Writer
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.registry import game_spec, specs

#: Registry name -> ``"module:Class"`` of its encoder, for every game that has one.
ENCODERS: dict[str, str] = {spec.name: spec.encoder for spec in specs() if spec.encoder}


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
    encoder = game_spec(game).encoder_class()
    if encoder is None:
        raise ConfigError(f"no observation encoder for {game.info.name}")
    return encoder(game)


__all__ = ["ENCODERS", "Encoder", "Writer", "make_encoder"]
