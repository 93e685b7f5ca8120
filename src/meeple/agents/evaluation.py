"""Position evaluators used to score truncated rollouts and to scale score-margin rewards.

An evaluator maps a (determinized, possibly unfinished) state to ``(estimate, scores)``:
``scores`` is each seat's score if the game were scored now, and ``estimate`` turns them into
per-seat utilities on the scale of ``state.returns()`` (solo: ``score / 100``; multiplayer: a
smooth win estimate ``(1 + tanh(margin / scale)) / 2`` where ``margin`` is the seat's score minus
the best other score). Evaluators read the state of a determinization the searching agent built
itself, never the real state.

Games without an evaluator here simply play their rollouts to the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from meeple.core.game import Game, State


class Evaluator:
    """Score-now evaluator of one game.

    Args:
        scores: ``state -> per-seat scores if the game were scored now``.
        scale: Score margin worth ``tanh(1)`` in the win estimate (and in shaped rewards).
        solo_divisor: Solo utility is ``score / solo_divisor`` (as the game's ``returns``).
        checkpoint: ``state -> key`` that changes at the game's natural scoring points (e.g.
            Annapurna's Ascent number); rollouts may stop at the first change.
    """

    def __init__(
        self,
        scores: Callable[[State], Sequence[float]],
        scale: float,
        solo_divisor: float = 100.0,
        checkpoint: Callable[[State], object] | None = None,
    ):
        self.scores = scores
        self.scale = scale
        self.solo_divisor = solo_divisor
        self.checkpoint = checkpoint

    def __call__(self, state: State) -> tuple[list[float], list[float]]:
        scores = [float(x) for x in self.scores(state)]
        n = len(scores)
        if n == 1:
            return [scores[0] / self.solo_divisor], scores
        out = []
        for i in range(n):
            margin = scores[i] - max(scores[j] for j in range(n) if j != i)
            out.append(0.5 * (1.0 + math.tanh(margin / self.scale)))
        return out, scores


def _peach_scores(state: State) -> list[float]:
    # score now plus the greedy agent's credit for rewards still to take
    from meeple.games.peach_festival.heuristics import immediate_value

    return [immediate_value(state, s) for s in range(state.num_players)]  # type: ignore[arg-type]


def _annapurna_scores(state: State) -> list[float]:
    # flags won, plus half the flags the current Ascent would award if it ended now: climbers
    # ranked by how close their face-up total is to zero, then by height
    from meeple.games.annapurna import board
    from meeple.games.annapurna.consts import AWARDS

    n = state.num_players
    st: Any = state
    key = [(abs(st.total(s)), -board.ROW[st.loc[s]] if st.loc[s] >= 0 else 0) for s in range(n)]
    order = sorted(range(n), key=lambda s: key[s])
    award = AWARDS[n]
    out = [float(f) for f in st.flags]
    place = 0
    while place < n:
        tied = [s for s in order[place:] if key[s] == key[order[place]]]
        share = sum(award[place : place + len(tied)]) / len(tied)  # equal keys share
        for s in tied:
            out[s] += 0.5 * share
        place += len(tied)
    return out


def _almanac_scores(state: State) -> list[float]:
    return [sum(state.fame(s).values()) for s in range(state.num_players)]  # type: ignore[attr-defined]


_EVALUATORS: dict[str, Evaluator] = {
    "peach-festival": Evaluator(_peach_scores, scale=10.0),
    "annapurna": Evaluator(
        _annapurna_scores,
        scale=2.0,
        checkpoint=lambda state: state.ascent,  # type: ignore[attr-defined]
    ),
    "almanac": Evaluator(_almanac_scores, scale=6.0),
}


def evaluator_for(game: Game) -> Evaluator | None:
    """The evaluator of ``game`` (by registry name), or ``None``."""
    return _EVALUATORS.get(game.info.name)


__all__ = ["Evaluator", "evaluator_for"]
