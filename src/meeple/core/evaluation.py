"""Position evaluators used to score truncated rollouts and to scale score-margin rewards.

An evaluator maps a (determinized, possibly unfinished) state to ``(estimate, scores)``:
``scores`` is each seat's score if the game were scored now, and ``estimate`` turns them into
per-seat utilities on the scale of ``state.returns()`` (solo: ``score / 100``; multiplayer: a
smooth win estimate ``(1 + tanh(margin / scale)) / 2`` where ``margin`` is the seat's score minus
the best other score). Evaluators read the state of a determinization the searching agent built
itself, never the real state.

Each game's evaluator is part of the game (its ``heuristics`` module), named by its registry
entry (:class:`meeple.core.registry.GameSpec`); a game without one plays its rollouts to the
end.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from meeple.core.game import State


class Evaluator:
    """Score-now evaluator of one game.

    Args:
        scores: ``state -> per-seat scores if the game were scored now``.
        scale: Score margin worth ``tanh(1)`` in the win estimate (and in shaped rewards).
        solo_divisor: Solo utility is ``score / solo_divisor`` (as the game's ``returns``).
        checkpoint: ``state -> key`` that changes at the game's natural scoring points (e.g.
            Annapurna's Ascent number); rollouts may stop at the first change.
        value: ``state -> per-seat win probabilities, or None``: a sharper estimate where the
            game has one (Annapurna between two Ascents); ``None`` falls back to the score
            margin.
    """

    def __init__(
        self,
        scores: Callable[[State], Sequence[float]],
        scale: float,
        solo_divisor: float = 100.0,
        checkpoint: Callable[[State], object] | None = None,
        value: Callable[[State], Sequence[float] | None] | None = None,
    ):
        self.scores = scores
        self.scale = scale
        self.solo_divisor = solo_divisor
        self.checkpoint = checkpoint
        self.value = value

    def __call__(self, state: State) -> tuple[list[float], list[float]]:
        scores = [float(x) for x in self.scores(state)]
        n = len(scores)
        if n == 1:
            return [scores[0] / self.solo_divisor], scores
        if self.value is not None and (won := self.value(state)) is not None:
            return list(won), scores
        out = []
        for i in range(n):
            margin = scores[i] - max(scores[j] for j in range(n) if j != i)
            out.append(0.5 * (1.0 + math.tanh(margin / self.scale)))
        return out, scores


__all__ = ["Evaluator"]
