"""Tournaments: ratings and head-to-head statistics over simulated games.

Games are played by :func:`meeple.sim.runner.run_simulation` with ``"permute"`` seating (every
pairing in every seat order, one shared seed per round of seatings). Ratings come from the
``openskill`` library (Plackett-Luce model), fed the games in index order, so they are
reproducible. Head-to-head results count, for each pair of agents, the games in which both sat:
the agent ranked better scores 1, a tie scores 1/2; the 95% Wilson interval of that score rate
and an exact two-sided sign test (ties left out) say whether one is significantly stronger.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.sim.stats import wilson_interval


@dataclass
class Rating:
    """An agent's openskill rating: ``mu``, ``sigma`` and the conservative ``ordinal``
    (``mu - 3 sigma``)."""

    label: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ratings(rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[Rating]:
    """Plackett-Luce ratings of the agents after every game, best ``ordinal`` first.

    Args:
        rows: Result rows (``slots`` and ``ranks`` per seat), rated in order.
        labels: One label per agent slot.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = [model.rating(name=label) for label in labels]
    for row in rows:
        slots, ranks = row["slots"], row["ranks"]
        if len(set(slots)) < len(slots):
            # an agent in two seats of one game: rate its best seat only
            best: dict[int, int] = {}
            for slot, rank in zip(slots, ranks, strict=True):
                best[slot] = min(rank, best.get(slot, rank))
            slots, ranks = list(best), list(best.values())
        if len(slots) < 2:
            continue
        teams = [[current[s]] for s in slots]
        new = model.rate(teams, ranks=list(ranks))
        for slot, team in zip(slots, new, strict=True):
            current[slot] = team[0]
    out = [Rating(label, r.mu, r.sigma) for label, r in zip(labels, current, strict=True)]
    return sorted(out, key=lambda r: -r.ordinal)


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided binomial (sign) test p-value of ``wins`` vs ``losses`` at p = 1/2."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = math.fsum(math.comb(n, i) for i in range(k + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


@dataclass
class HeadToHead:
    """Result of agent ``a`` against agent ``b`` over the games where both sat.

    Attributes:
        a: Label of the first agent.
        b: Label of the second agent.
        games: Games in which both sat.
        wins: Games ``a`` ranked better than ``b``.
        losses: Games ``b`` ranked better than ``a``.
        ties: Games they ranked equal.
        low: Lower end of the 95% Wilson interval of ``a``'s score rate.
        high: Upper end of that interval.
        p_value: Exact two-sided sign test (ties left out).
    """

    a: str
    b: str
    games: int
    wins: int
    losses: int
    ties: int
    low: float
    high: float
    p_value: float

    @property
    def score(self) -> float:
        """``a``'s score rate: (wins + ties / 2) / games."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    @property
    def significant(self) -> bool:
        """Whether ``a`` and ``b`` differ at 95% (the interval excludes 1/2)."""
        return self.low > 0.5 or self.high < 0.5


def head_to_head(rows: Sequence[dict[str, Any]], labels: Sequence[str]) -> list[HeadToHead]:
    """Every pair of agent slots ``(i, j)``, ``i < j``, that met at least once."""
    n = len(labels)
    tally = {(i, j): [0, 0, 0] for i in range(n) for j in range(i + 1, n)}
    for row in rows:
        seats: dict[int, int] = {}
        for seat, slot in enumerate(row["slots"]):
            rank = row["ranks"][seat]
            seats[slot] = min(rank, seats.get(slot, rank))
        for (i, j), t in tally.items():
            if i in seats and j in seats:
                if seats[i] < seats[j]:
                    t[0] += 1
                elif seats[i] > seats[j]:
                    t[1] += 1
                else:
                    t[2] += 1
    out = []
    for (i, j), (w, lost, tie) in tally.items():
        games = w + lost + tie
        if not games:
            continue
        low, high = wilson_interval(w + 0.5 * tie, games)
        out.append(
            HeadToHead(labels[i], labels[j], games, w, lost, tie, low, high, sign_test(w, lost))
        )
    return out


__all__ = ["HeadToHead", "Rating", "head_to_head", "ratings", "sign_test"]
