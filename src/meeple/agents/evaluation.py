"""The search evaluator of a game, found through its registry entry.

The :class:`~meeple.core.evaluation.Evaluator` contract is in the core; each game's evaluator
sits in its own package (``heuristics.EVALUATOR``).
"""

from __future__ import annotations

from meeple.core.evaluation import Evaluator
from meeple.core.game import Game
from meeple.core.registry import game_spec


def evaluator_for(game: Game) -> Evaluator | None:
    """The evaluator of ``game`` (by its registry entry), or ``None``."""
    return game_spec(game).make_evaluator()


__all__ = ["Evaluator", "evaluator_for"]
