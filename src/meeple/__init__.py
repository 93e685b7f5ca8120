"""meeple: rules-enforcing engine, bots and research environments for modern tabletop games."""

from meeple.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    GameRecord,
    IllegalActionError,
    game_names,
    make,
    observe,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "GameRecord",
    "IllegalActionError",
    "__version__",
    "game_names",
    "make",
    "observe",
    "replay",
]
