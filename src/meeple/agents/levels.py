"""Difficulty levels: each game's ``easy``, ``medium`` and ``hard`` agents and budgets.

Each level beats the one below it; ``docs/bots.md`` records the measured ladder (every step
significant at 95% with two players). ``hard`` answers within 2 seconds per decision: its
iteration budget is capped by a wall-clock limit.

In Annapurna the search's strength does not grow with its budget (300 to 3,000 iterations play
level with each other), so the three levels are three different players rather than three
budgets: the heuristic climber slipping into a random action 30% of the time, the heuristic
climber, and the search.
"""

from __future__ import annotations

from meeple.core.agent import HARD_TIME_CAP
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.registry import game_spec, specs

#: Level -> agent spec, per registered game name (from each game's registry entry).
LEVELS: dict[str, dict[str, str]] = {
    spec.name: dict(spec.levels) for spec in specs() if spec.levels
}


def default_levels(game: Game) -> dict[str, str]:
    """Levels of a game without its own table: its first own agent, then ISMCTS budgets."""
    own = list(game_spec(game).agents)
    easy = own[0] if own else "random"
    rollout = "heuristic" if own else "random"
    return {
        "easy": easy,
        "medium": f"ismcts:iterations=100,rollout={rollout}",
        "hard": f"ismcts:iterations=1000,rollout={rollout},time={HARD_TIME_CAP}",
    }


def levels_for(game: Game) -> dict[str, str]:
    """Level name -> agent spec for ``game``."""
    return dict(game_spec(game).levels) or default_levels(game)


def level_spec(game: Game, level: str) -> str:
    """The agent spec of ``level`` for ``game``.

    Raises:
        ConfigError: for an unknown level.
    """
    table = levels_for(game)
    if level not in table:
        raise ConfigError(f"no level {level!r}; levels are {', '.join(table)}")
    return table[level]


__all__ = ["HARD_TIME_CAP", "LEVELS", "default_levels", "level_spec", "levels_for"]
