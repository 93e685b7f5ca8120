"""Statistics of simulated games: per-agent scores and win rates, seat advantage, extras."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def binomial_p_value(successes: float, n: int, p0: float) -> float:
    """Two-sided exact binomial test of ``successes`` in ``n`` trials against rate ``p0``:
    the probability of an outcome at most as likely as the one observed.

    Args:
        successes: Successes (a fractional count, from shared wins, is rounded).
        n: Trials.
        p0: The rate under the null hypothesis, in ``(0, 1)``.

    Returns:
        The p-value in ``[0, 1]``; 1.0 for no trials.
    """
    if n <= 0 or not 0 < p0 < 1:
        return 1.0
    k = min(n, max(0, round(successes)))

    def log_pmf(i: int) -> float:
        return (
            math.lgamma(n + 1)
            - math.lgamma(i + 1)
            - math.lgamma(n - i + 1)
            + i * math.log(p0)
            + (n - i) * math.log1p(-p0)
        )

    observed = log_pmf(k)
    # outcomes as likely as the observed one, to a relative tolerance (ties of the pmf)
    total = math.fsum(math.exp(lp) for i in range(n + 1) if (lp := log_pmf(i)) <= observed + 1e-7)
    return min(1.0, total)


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default).

    Args:
        successes: Number of successes; fractional values are allowed (shared wins).
        n: Number of trials.
        z: Normal quantile of the confidence level.

    Returns:
        ``(low, high)`` within ``[0, 1]`` and around ``successes / n``: exactly 0.0 low for no
        success and 1.0 high for all (rounding would leave them a hair off); ``(0.0, 1.0)``
        when ``n`` is 0.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= n else max(p, min(1.0, centre + half))
    return (low, high)


def t_cdf(t: float, df: int) -> float:
    """``P(T <= t)`` for Student's t distribution with a whole number ``df`` of degrees of
    freedom, in closed form (a finite sum of powers of ``cos(atan(t / sqrt(df)))``; Abramowitz
    and Stegun 26.7.3 and 26.7.4).

    Raises:
        ValueError: for ``df < 1``.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    theta = math.atan(abs(t) / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:  # odd: arc plus a sum from the cos term up
        term, total = math.cos(theta), 0.0
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        inside = 2 / math.pi * (theta + math.sin(theta) * total)
    else:  # even: a sum from 1 up
        term, total = 1.0, 0.0
        for k in range(1, df // 2 + 1):
            total += term
            term *= c2 * (2 * k - 1) / (2 * k)
        inside = math.sin(theta) * total
    half = 0.5 * min(1.0, inside)  # P(0 <= T <= |t|)
    return 0.5 + half if t >= 0 else 0.5 - half


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom (e.g.
    ``t_quantile(0.975, n - 1)`` for a 95% interval of a mean of ``n`` values).

    Up to 200 degrees of freedom the closed-form :func:`t_cdf` is inverted by bisection, to
    the last bits of a float; above, the Cornish-Fisher expansion in ``1/df`` around the
    normal quantile (Abramowitz and Stegun 26.7.5, four terms) is exact to about ``1e-12``.

    Raises:
        ValueError: for ``p`` outside ``(0, 1)`` or ``df < 1``.
    """
    if not 0 < p < 1:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if p == 0.5:
        return 0.0
    if df > 200:
        x = statistics.NormalDist().inv_cdf(p)
        x2 = x * x
        g1 = (x2 + 1) * x / 4
        g2 = ((5 * x2 + 16) * x2 + 3) * x / 96
        g3 = (((3 * x2 + 19) * x2 + 17) * x2 - 15) * x / 384
        g4 = ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945) * x / 92160
        return x + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        high *= 2
    for _ in range(200):  # halves the bracket until it is one float wide
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return high


def win_share(row: dict) -> float:
    """The win each winner of a results row gets: winners share a win worth 1, but for a
    cooperative team (``"cooperative": true``), whose every seat wins or loses whole."""
    winners = row["winners"]
    if not winners:
        return 0.0
    return 1.0 if row.get("cooperative") else 1.0 / len(winners)


def _mean(xs: Sequence[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def _std(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1))


@dataclass
class Line:
    """Statistics of one agent or one seat.

    Attributes:
        label: Agent label or ``"seat N"``.
        n: Seat-games counted (games, for an agent line summarised by its best seat).
        mean: Mean score.
        std: Sample standard deviation of the score.
        wins: Wins, a win shared by ``k`` tied seats counting ``1/k``.
        low: Lower end of the 95% Wilson interval of the win rate.
        high: Upper end of that interval.
        mean_rank: Mean rank (1 = best).
    """

    label: str
    n: int
    mean: float
    std: float
    wins: float
    low: float
    high: float
    mean_rank: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


@dataclass
class Summary:
    """Summary of a simulation: agent lines, seat lines, game length, mean extras and each
    agent's mean score breakdown (``breakdowns[label][part]``, over its seat-games that
    report that part: every game of a kind reports the same parts)."""

    games: int
    agents: list[Line]
    seats: list[Line]
    mean_decisions: float
    mean_length: float
    extras: dict[str, float] = field(default_factory=dict)
    breakdowns: dict[str, dict[str, float]] = field(default_factory=dict)
    #: ``(min, max)`` of ``"decisions"``, ``"length"`` and each numeric extra over the games.
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: ``(10th percentile, median, 90th percentile)`` of the same measures (inclusive method:
    #: each lies between the least and the greatest value).
    quantiles: dict[str, tuple[float, float, float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        def line(x: Line) -> dict[str, Any]:
            return {**x.__dict__, "win_rate": x.win_rate}

        return {
            "games": self.games,
            "agents": [line(a) for a in self.agents],
            "seats": [line(s) for s in self.seats],
            "mean_decisions": self.mean_decisions,
            "mean_length": self.mean_length,
            "extras": self.extras,
            "breakdowns": self.breakdowns,
            "ranges": {k: list(v) for k, v in self.ranges.items()},
            "quantiles": {k: list(v) for k, v in self.quantiles.items()},
        }


def _deciles(xs: Sequence[float]) -> tuple[float, float, float]:
    """10th percentile, median and 90th percentile of a non-empty sample."""
    if len(xs) == 1:
        return (xs[0], xs[0], xs[0])
    cuts = statistics.quantiles(xs, n=10, method="inclusive")
    return (cuts[0], cuts[4], cuts[8])


def _line(label: str, scores: list[float], wins: list[float], ranks: list[int]) -> Line:
    n = len(scores)
    w = math.fsum(wins)
    low, high = wilson_interval(w, n)
    return Line(label, n, _mean(scores), _std(scores), w, low, high, _mean(ranks))


def summarize(
    rows: Sequence[dict[str, Any]], labels: Sequence[str], players: int, best_seat: bool = False
) -> Summary:
    """Summarise result rows (see :func:`meeple.sim.runner.play_one`), in row order.

    Args:
        rows: Result rows.
        labels: One label per agent slot.
        players: Seats per game.
        best_seat: Count an agent that holds several seats of a game once for that game: by
            its best-ranked seat's score and rank, winning the win shares of all its seats.
            Otherwise (the default) agent lines count seat-games.

    Numeric extras (numbers and booleans) are averaged over the games that report them, and
    each numeric part of the seats' score breakdowns over the agent's seat-games reporting it.
    """
    per_agent: dict[int, tuple[list, list, list]] = {i: ([], [], []) for i in range(len(labels))}
    per_seat: dict[int, tuple[list, list, list]] = {s: ([], [], []) for s in range(players)}
    extras: dict[str, list[float]] = {}
    parts: dict[int, dict[str, list[float]]] = {i: {} for i in range(len(labels))}
    for row in rows:
        for slot, breakdown in zip(row["slots"], row.get("breakdowns") or (), strict=False):
            for key, value in breakdown.items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    parts[slot].setdefault(key, []).append(float(value))
        winners = row["winners"]
        share = win_share(row)
        best: dict[int, list] = {}  # slot -> [score, win share, rank] of its best seat
        for seat, slot in enumerate(row["slots"]):
            won = share if seat in winners else 0.0
            score, rank = row["scores"][seat], row["ranks"][seat]
            per_seat[seat][0].append(score)
            per_seat[seat][1].append(won)
            per_seat[seat][2].append(rank)
            if not best_seat:
                best[len(best)] = [score, won, rank, slot]
            elif slot not in best:
                best[slot] = [score, won, rank, slot]
            else:
                line = best[slot]
                if rank < line[2]:
                    line[0], line[2] = score, rank
                line[1] += won
        for score, won, rank, slot in best.values():
            table = per_agent[slot]
            table[0].append(score)
            table[1].append(won)
            table[2].append(rank)
        for key, value in row["extras"].items():
            if isinstance(value, bool | int | float):
                extras.setdefault(key, []).append(float(value))
    measures = {
        "decisions": [float(r["decisions"]) for r in rows],
        "length": [float(r["length"]) for r in rows],
        **extras,
    }
    return Summary(
        games=len(rows),
        agents=[_line(labels[i], *per_agent[i]) for i in range(len(labels)) if per_agent[i][0]],
        seats=[_line(f"seat {s}", *per_seat[s]) for s in range(players)],
        mean_decisions=_mean([r["decisions"] for r in rows]),
        mean_length=_mean([r["length"] for r in rows]),
        extras={k: _mean(v) for k, v in sorted(extras.items())},
        breakdowns={
            labels[i]: {k: _mean(v) for k, v in parts[i].items()} for i in parts if parts[i]
        },
        ranges={k: (min(v), max(v)) for k, v in measures.items() if v},
        quantiles={k: _deciles(v) for k, v in measures.items() if v},
    )
