"""Registry of games: one :class:`GameSpec` per game, and ``make(name, **config)``.

A spec is the one place a game is named: its :class:`~meeple.core.game.Game` class, aliases,
own agents, difficulty levels, search evaluator, observation encoder, utility bounds and board
view. Every driver (agents, levels, simulations, the command line, the research adapters) finds
a game's parts through it and names no game itself. Parts are ``"package.module:attribute"``
targets imported on first use, so importing :mod:`meeple` imports no game (and an encoder's
NumPy only where one is asked for).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from meeple.core.agent import HARD_TIME_CAP
from meeple.core.errors import ConfigError, echo
from meeple.core.game import Game

if TYPE_CHECKING:
    from meeple.core.encoding import Encoder
    from meeple.core.evaluation import Evaluator


def load_target(target: str) -> Any:
    """The object a ``"package.module:attribute"`` target names (the module imported now).

    Raises:
        ImportError: when the module cannot be imported.
        AttributeError: when it has no such attribute.
    """
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class GameSpec:
    """Everything a driver may ask of one game, as lazy ``"module:attribute"`` targets.

    Attributes:
        name: The registry name (``meeple.make(name)``), as the game's ``info.name``.
        game: Target of the :class:`~meeple.core.game.Game` subclass.
        aliases: Other names ``make`` accepts.
        agents: Agent name -> target of its :class:`~meeple.core.agent.Agent` class, the first
            being the game's heuristic agent (a search's rollout ``heuristic``); a name may be
            an alias of another (two names, one class).
        levels: Difficulty level (``easy``, ``medium``, ``hard``) -> agent spec; empty gives
            the generic ladder of :func:`meeple.agents.levels.default_levels`.
        evaluator: Target of the game's :class:`~meeple.core.evaluation.Evaluator`, or
            ``None`` (a search then plays its rollouts to the end).
        encoder: Target of the game's :class:`~meeple.core.encoding.Encoder` class, or
            ``None`` (no research adapters).
        bounds: Target of ``bounds(game) -> (lowest, highest)`` value of
            ``State.returns()``, or ``None`` for the multiplayer ``(0.0, 1.0)`` (the winners
            share a win worth 1).
        board: Target of the game's ``render_board`` (its board view: an SVG picture of an
            observation for a web page, ``render_board(observation, moves, game=game) -> str``),
            or ``None``.
    """

    name: str
    game: str
    aliases: tuple[str, ...] = ()
    agents: Mapping[str, str] = field(default_factory=dict)
    levels: Mapping[str, str] = field(default_factory=dict)
    evaluator: str | None = None
    encoder: str | None = None
    bounds: str | None = None
    board: str | None = None

    def game_class(self) -> type[Game]:
        """The game's :class:`Game` subclass (its module imported now)."""
        cls: type[Game] = load_target(self.game)
        return cls

    def make_evaluator(self) -> Evaluator | None:
        """The game's search evaluator, or ``None``."""
        return None if self.evaluator is None else load_target(self.evaluator)

    def encoder_class(self) -> Callable[[Game], Encoder] | None:
        """The game's encoder class (called with a configured game), or ``None``."""
        return None if self.encoder is None else load_target(self.encoder)

    def utility_bounds(self, game: Game) -> tuple[float, float]:
        """Lowest and highest value of ``State.returns()`` for ``game``'s configuration."""
        if self.bounds is None:
            return 0.0, 1.0
        low, high = load_target(self.bounds)(game)
        return float(low), float(high)


_REGISTRY: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec(
            name="peach-festival",
            game="meeple.games.peach_festival.game:PeachFestival",
            aliases=("peach", "the-peach-festival"),
            agents={
                "heuristic": "meeple.games.peach_festival.heuristics:HeuristicAgent",
                # the name records and the measured ladder use
                "greedy": "meeple.games.peach_festival.heuristics:HeuristicAgent",
            },
            levels={
                "easy": "heuristic",
                "medium": "ismcts:iterations=300,horizon=10,bias=1",
                "hard": f"ismcts:iterations=2000,horizon=10,bias=1,time={HARD_TIME_CAP}",
            },
            evaluator="meeple.games.peach_festival.heuristics:EVALUATOR",
            encoder="meeple.games.peach_festival.encoding:PeachFestivalEncoder",
            bounds="meeple.games.peach_festival.scoring:utility_bounds",
            board="meeple.games.peach_festival.svg:render_board",
        ),
        GameSpec(
            name="annapurna",
            game="meeple.games.annapurna.game:Annapurna",
            agents={"heuristic": "meeple.games.annapurna.heuristics:HeuristicAgent"},
            levels={
                "easy": "heuristic:epsilon=0.3",
                "medium": "heuristic",
                "hard": (
                    "ismcts:iterations=1000,checkpoint=1,rollout=heuristic,paired=1,guide=1,"
                    f"time={HARD_TIME_CAP}"
                ),
            },
            evaluator="meeple.games.annapurna.heuristics:EVALUATOR",
            encoder="meeple.games.annapurna.encoding:AnnapurnaEncoder",
            board="meeple.games.annapurna.svg:render_board",
        ),
        GameSpec(
            name="almanac",
            game="meeple.games.almanac.game:Almanac",
            agents={"heuristic": "meeple.games.almanac.heuristics:HeuristicAgent"},
            levels={
                "easy": "heuristic",
                "medium": "ismcts:iterations=200,horizon=60,score_weight=0.5",
                "hard": f"ismcts:iterations=1000,horizon=60,score_weight=0.5,time={HARD_TIME_CAP}",
            },
            evaluator="meeple.games.almanac.heuristics:EVALUATOR",
            encoder="meeple.games.almanac.encoding:AlmanacEncoder",
            board="meeple.games.almanac.svg:render_board",
        ),
    )
}


def register(name: str, target: str | GameSpec) -> None:
    """Register a game under ``name``: a whole :class:`GameSpec`, or only the target of its
    class (``"package.module:Class"``; no agents, levels, evaluator or encoder of its own)."""
    spec = target if isinstance(target, GameSpec) else GameSpec(name=name, game=target)
    _REGISTRY[name] = spec if spec.name == name else replace(spec, name=name)


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_REGISTRY)


def specs() -> list[GameSpec]:
    """The spec of every registered game, by name."""
    return [_REGISTRY[name] for name in game_names()]


def _canonical(name: str) -> str:
    if name in _REGISTRY:
        return name
    for spec in _REGISTRY.values():
        if name in spec.aliases:
            return spec.name
    return name


def game_spec(game: str | Game | type[Game]) -> GameSpec:
    """The spec of a game given by name (or alias), configured game or game class.

    A game class that was never registered gets a spec of its class alone.

    Raises:
        ConfigError: for an unknown name.
    """
    if isinstance(game, str):
        name = _canonical(game)
        try:
            return _REGISTRY[name]
        except KeyError:
            known = ", ".join(game_names())
            raise ConfigError(f"unknown game {echo(name)}; known: {known}") from None
    spec = _REGISTRY.get(game.info.name)
    if spec is None:
        cls = game if isinstance(game, type) else type(game)
        return GameSpec(name=game.info.name, game=f"{cls.__module__}:{cls.__qualname__}")
    return spec


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered under ``name`` (or an alias).

    Raises:
        ConfigError: for an unknown name.
    """
    return game_spec(name).game_class()


def make(name: str, **config: Any) -> Game:
    """Build the game ``name`` with ``config`` (``players=...`` and the game's options).

    Raises:
        ConfigError: for an unknown game, player count or option.
    """
    return game_class(name)(**config)


__all__ = [
    "GameSpec",
    "game_class",
    "game_names",
    "game_spec",
    "load_target",
    "make",
    "register",
    "specs",
]
