"""The strength of each element of a game (a Request card, a caravan card, a contract, an
encounter...): the win rate and score of the players who had or used it against those who did
not, over the seat-games of a run (``meeple report``).

Each game names the elements a seat had or used by the end
(:meth:`meeple.core.game.State.elements`, the rows' ``elements``). For each element the
seat-games with it are set against the seat-games without it: the difference of the mean win
share (ties share the win) and of the mean score, each with a 95% normal interval. With two
seats or more the test is the exact binomial test of the wins with it (a 95% Wilson interval)
against the even share ``1 / players`` (the seat-games of one game are not independent: one seat's win is the
others' loss, so with against without would overstate the evidence), of the score with
it against without in solo games, and of the team's win with it against without in the
games of a cooperative team (``"cooperative"`` rows: every seat wins or loses whole, so
there is no share to expect; each game counts once, with the elements any of its climbers
had, and its seats' mean score). With many elements some differ by chance alone, so an element is flagged only
when it survives the Benjamini-Hochberg correction over every element tested (a false
discovery rate of 5%). A difference is an association, not a cause: a player who is ahead
may simply take more cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from meeple.sim.stats import binomial_p_value, wilson_interval, win_share

#: The fewest seat-games with, and without, an element for it to be tested.
MIN_SEAT_GAMES = 5

#: The false discovery rate of the Benjamini-Hochberg correction.
FDR = 0.05


def benjamini_hochberg(p_values: Sequence[float], rate: float = FDR) -> list[bool]:
    """Which of a family of tests are discoveries under the Benjamini-Hochberg procedure at
    false discovery rate ``rate``, in the order given: the largest ``k`` with
    ``p_(k) <= k * rate / m`` and every test ranked up to it."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    cut = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rank * rate / m:
            cut = rank
    keep = [False] * m
    for i in order[:cut]:
        keep[i] = True
    return keep


def _mean_var(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = math.fsum(xs) / n
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, var


def _difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float, float]:
    """Mean of ``a`` less mean of ``b``, its 95% normal interval and the two-sided z-test's
    p-value (1 when neither side varies and the means agree, 0 when they differ)."""
    (ma, va), (mb, vb) = _mean_var(a), _mean_var(b)
    diff = ma - mb
    se = math.sqrt(va / len(a) + vb / len(b))
    if se == 0:
        return diff, diff, diff, 1.0 if diff == 0 else 0.0
    z = abs(diff) / se
    return diff, diff - 1.96 * se, diff + 1.96 * se, math.erfc(z / math.sqrt(2))


def element_strength(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each element's effect on win share and score.

    Args:
        rows: Result rows with ``elements`` (rows without it count no element).

    Returns:
        One dict per element seen, most significant first: ``element``, ``kind`` (its first
        word), ``with`` and ``without`` (seat-games), ``win_with``, ``win_without``,
        ``win_difference`` with ``win_low``/``win_high``, ``score_with``, ``score_without``,
        ``score_difference`` with ``score_low``/``score_high``, with two seats or more
        ``win_with_low``/``win_with_high`` (the 95% Wilson interval of ``win_with``), ``tested`` (enough
        seat-games on both sides, :data:`MIN_SEAT_GAMES`), ``p_value`` (``None`` untested)
        and ``significant`` (survives Benjamini-Hochberg over the tested elements).
    """
    seat_games: list[tuple[set[str], float, float]] = []
    solo = True
    team = bool(rows)
    expected = 1 / len(rows[0]["agents"]) if rows else 1.0
    for row in rows:
        held = row.get("elements") or [[] for _ in row["agents"]]
        winners = row["winners"]
        share = win_share(row)
        solo = solo and len(row["agents"]) == 1
        team = team and bool(row.get("cooperative"))
        if row.get("cooperative"):  # the team's game: one outcome, the climbers' elements
            scores = [float(x) for x in row["scores"]]
            had = {n for names in held for n in names}
            seat_games.append((had, 1.0 if winners else 0.0, math.fsum(scores) / len(scores)))
            continue
        for seat, names in enumerate(held):
            win = share if seat in winners else 0.0
            seat_games.append((set(names), win, float(row["scores"][seat])))
    names = sorted({n for held, _, _ in seat_games for n in held})
    out: list[dict[str, Any]] = []
    for name in names:
        has = [(w, s) for held, w, s in seat_games if name in held]
        lacks = [(w, s) for held, w, s in seat_games if name not in held]
        tested = len(has) >= MIN_SEAT_GAMES and len(lacks) >= MIN_SEAT_GAMES
        entry: dict[str, Any] = {
            "element": name,
            "kind": name.split(" ", 1)[0],
            "with": len(has),
            "without": len(lacks),
            "tested": tested,
            "p_value": None,
            "significant": False,
        }
        for key, k in (("win", 0), ("score", 1)):
            a, b = [x[k] for x in has], [x[k] for x in lacks]
            entry[f"{key}_with"] = math.fsum(a) / len(a)
            entry[f"{key}_without"] = math.fsum(b) / len(b) if b else None
            if tested:
                diff, low, high, p = _difference(a, b)
                entry |= {f"{key}_difference": diff, f"{key}_low": low, f"{key}_high": high}
                if (key == "score" and solo) or (key == "win" and team and not solo):
                    entry["p_value"] = p
        if tested and not solo and not team:
            # against the even share, not against the others: the seat-games of one game
            # are not independent (one seat's win is the others' loss)
            wins = math.fsum(w for w, _ in has)
            low, high = wilson_interval(wins, len(has))
            p = binomial_p_value(wins, len(has), expected)
            entry |= {"win_with_low": low, "win_with_high": high, "p_value": p}
        out.append(entry)
    family = [x for x in out if x["tested"]]
    for x, keep in zip(family, benjamini_hochberg([x["p_value"] for x in family]), strict=True):
        x["significant"] = keep
    out.sort(key=lambda x: (x["p_value"] is None, x["p_value"] or 0.0, x["element"]))
    return out


__all__ = ["FDR", "MIN_SEAT_GAMES", "benjamini_hochberg", "element_strength"]
