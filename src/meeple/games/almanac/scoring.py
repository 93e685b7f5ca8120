"""Scoring of a journey: Fame, ranks and returns (AL-064..AL-073, ruling AL-R31)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.game import GameResult, SeatResult
from meeple.games.almanac.effects import ability_bonus

if TYPE_CHECKING:
    from meeple.games.almanac.state import AlmanacState


def fame(st: AlmanacState, seat: int) -> dict[str, int]:
    """Fame breakdown at the end (AL-064..AL-069, ruling AL-R31)."""
    c = st.content
    tok = sum(c.token_fame[k] * v for k, v in st.tokens[seat].items())
    return {
        "gold": st.gold[seat],
        "caravan": c.starting[st.start[seat]].fame
        + sum(c.caravans[i].fame for i in st.caravan[seat])
        if st.start[seat] >= 0
        else 0,
        "tokens": tok,
        "guards": st.guards[seat],
        "encounters": sum(c.encounters[e].fame for e in st.trophies[seat]),
        "contracts": sum(c.contracts[k].fame for k in st.completed[seat]),
        "abilities": ability_bonus(st, seat, "end_fame"),
        "incomplete": -sum(c.contracts[k].fame for k in st.incomplete[seat]),
    }


def fame_total(st: AlmanacState, seat: int) -> int:
    """``sum(fame(st, seat).values())``, added up in the same order without the breakdown."""
    c = st.content
    total = st.gold[seat]
    if st.start[seat] >= 0:
        caravan = c.starting[st.start[seat]].fame
        for i in st.caravan[seat]:
            caravan += c.caravans[i].fame
        total += caravan
    tok = 0
    for kind, v in st.tokens[seat].items():
        tok += c.token_fame[kind] * v
    total += tok
    total += st.guards[seat]
    enc = 0
    for e in st.trophies[seat]:
        enc += c.encounters[e].fame
    total += enc
    done = 0
    for k in st.completed[seat]:
        done += c.contracts[k].fame
    total += done
    total += ability_bonus(st, seat, "end_fame")
    left = 0
    for k in st.incomplete[seat]:
        left += c.contracts[k].fame
    return total + -left


def game_result(st: AlmanacState) -> GameResult:
    """Scores, breakdowns and ranks: fame, then gold, then goods (AL-070..AL-073)."""
    n = st.n
    bds = [fame(st, s) for s in range(n)]
    scores = [sum(b.values()) for b in bds]
    keys = [(scores[s], st.gold[s], sum(st.goods[s])) for s in range(n)]
    best = max(keys)
    ranks = [1 + sum(1 for o in keys if o > k) for k in keys]
    seats = [
        SeatResult(
            s,
            float(scores[s]),
            {k: float(v) for k, v in bds[s].items()},
            ranks[s],
            keys[s] == best,
        )
        for s in range(n)
    ]
    return GameResult(seats, {"route": list(st.route)})


def returns(st: AlmanacState) -> list[float]:
    """1 shared among the winners of :func:`game_result` (same keys, without the breakdowns)."""
    n = st.n
    if st.tasks:
        return [0.0] * n
    keys = [(fame_total(st, s), st.gold[s], sum(st.goods[s])) for s in range(n)]
    best = max(keys)
    share = 1.0 / keys.count(best)
    return [share if k == best else 0.0 for k in keys]


__all__ = ["fame", "fame_total", "game_result", "returns"]
