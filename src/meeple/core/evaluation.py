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

import functools
import itertools
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


#: Chance that a given climber Leaves No Trace Behind in an Ascent, in the flag race below: the
#: rate seen between the search and the heuristic climber (17 of 100 two-climber Ascents),
#: shared among the climbers.
LNTB_RATE = 0.17


@functools.lru_cache(maxsize=1 << 16)
def flag_race(flags: tuple[int, ...], target: int) -> tuple[float, ...]:
    """Each climber's chance to win the Expedition from ``flags`` at the start of an Ascent.

    Every later Ascent is a coin toss: with probability ``LNTB_RATE`` one climber (each
    equally likely) Leaves No Trace Behind (4 flags to them, none to the others, AN-063),
    otherwise every order of the climbers is equally likely and flags follow the placings
    (AN-061, AN-064, AN-065). The Expedition ends as in AN-068..AN-070 and ruling AN-R20: the
    most flags once someone reaches ``target``, ties to the better placing of that Ascent.
    The values weigh a Left No Trace Behind against a normal Ascent at the current score.

    Args:
        flags: Flags per climber, all below ``target``.
        target: The Expedition's flag target.

    Returns:
        One probability per climber, summing to 1.
    """
    from meeple.games.annapurna.consts import AWARDS, LNTB_FLAGS

    n = len(flags)
    out = [0.0] * n

    def settle(p: float, earned: Sequence[int], order: Sequence[int]) -> None:
        new = tuple(f + e for f, e in zip(flags, earned, strict=True))
        best = max(new)
        if best >= target:
            out[next(s for s in order if new[s] == best)] += p
            return
        for s, v in enumerate(flag_race(new, target)):
            out[s] += p * v

    lntb = LNTB_RATE / n
    for s in range(n):
        earned = [0] * n
        earned[s] = LNTB_FLAGS
        settle(lntb, earned, [(s + k) % n for k in range(n)])
    orders = list(itertools.permutations(range(n)))
    normal = (1.0 - LNTB_RATE) / len(orders)
    for order in orders:
        earned = [0] * n
        for place, s in enumerate(order):
            earned[s] = AWARDS[n][place]
        settle(normal, earned, order)
    return tuple(out)


def _annapurna_value(state: State) -> Sequence[float] | None:
    # between two Ascents (the checkpoint), the flags are all there is to the position
    from meeple.games.annapurna.consts import DEAL

    st: Any = state
    if st.stage != DEAL or st.deal_pos or st.deal_seat:
        return None
    return flag_race(tuple(st.flags), st.game.config["flag_target"])


def _almanac_scores(state: State) -> list[float]:
    return [sum(state.fame(s).values()) for s in range(state.num_players)]  # type: ignore[attr-defined]


_EVALUATORS: dict[str, Evaluator] = {
    "peach-festival": Evaluator(_peach_scores, scale=10.0),
    "annapurna": Evaluator(
        _annapurna_scores,
        scale=2.0,
        checkpoint=lambda state: state.ascent,  # type: ignore[attr-defined]
        value=_annapurna_value,
    ),
    "almanac": Evaluator(_almanac_scores, scale=6.0),
}


def evaluator_for(game: Game) -> Evaluator | None:
    """The evaluator of ``game`` (by registry name), or ``None``."""
    return _EVALUATORS.get(game.info.name)


__all__ = ["Evaluator", "evaluator_for"]
