"""The game-agnostic engine core: the contract every game, bot, app and adapter relies on."""

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import (
    ConfigError,
    ContentError,
    IllegalActionError,
    MeepleError,
    NotationError,
    RecordError,
)
from meeple.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    WASTED,
    Game,
    GameInfo,
    GameResult,
    SeatResult,
    State,
    observe,
    observer_seat,
    rank_seats,
    sample_chance,
)
from meeple.core.record import GameRecord, replay
from meeple.core.registry import game_class, game_names, make, register
from meeple.core.seeding import derive_seed, make_rng

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "WASTED",
    "Action",
    "ActionSpace",
    "ConfigError",
    "ContentError",
    "Game",
    "GameInfo",
    "GameRecord",
    "GameResult",
    "IllegalActionError",
    "MeepleError",
    "NotationError",
    "RecordError",
    "SeatResult",
    "State",
    "derive_seed",
    "game_class",
    "game_names",
    "make",
    "make_rng",
    "observe",
    "observer_seat",
    "rank_seats",
    "register",
    "replay",
    "sample_chance",
]
