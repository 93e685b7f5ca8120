"""Final scoring and Request conditions (PF-067..PF-072, PF-080..PF-096)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core.game import GameResult, SeatResult, rank_seats
from meeple.games.peach_festival.content import (
    CHINAWARE,
    GEMS,
    GOLD,
    SILK,
    SOLO_EATEN,
    SOLO_SQUARES,
    SOLO_UNEATEN,
    SPICES,
    TEA,
    Sheet,
)
from meeple.games.peach_festival.sheet import PlayerSheet

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival
    from meeple.games.peach_festival.state import PeachState

#: Maximum number of fulfilled Request cards that score (PF-069).
MAX_FULFILLED = 8


def lantern_points(sheet: Sheet, sh: PlayerSheet) -> int:
    """4 x the sum of the Lantern Festival row; empty squares count 0 (PF-067, PF-R03)."""
    row = sheet.lantern_row
    return 4 * sum(col[row] for col in sh.cols if len(col) > row)


def column_points(sheet: Sheet, sh: PlayerSheet) -> int:
    """Each column's last number x its row's multiplier, summed (PF-068, PF-R22)."""
    return sum(col[-1] * sheet.multipliers[len(col) - 1] for col in sh.cols if col)


def largest_ones_group(sh: PlayerSheet) -> int:
    """Largest orthogonally connected group of squares holding 1 (PF-095, PF-R21)."""
    ones = {(c, r) for c, col in enumerate(sh.cols) for r, v in enumerate(col) if v == 1}
    best = 0
    while ones:
        stack = [ones.pop()]
        size = 0
        while stack:
            c, r = stack.pop()
            size += 1
            for nb in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
                if nb in ones:
                    ones.remove(nb)
                    stack.append(nb)
        best = max(best, size)
    return best


def zeros(sh: PlayerSheet) -> int:
    """Squares holding 0 (PF-096)."""
    return sum(col.count(0) for col in sh.cols)


def _filled(*cols: int) -> Callable[[Sheet, PlayerSheet], int]:
    return lambda sheet, sh: sum(len(sh.cols[c]) for c in cols)


#: Multiplayer conditions: glossary number -> (measure, best is "max" or "min") (PF-083..PF-096).
MULTIPLAYER: dict[int, tuple[Callable[[Sheet, PlayerSheet], int], str]] = {
    1: (_filled(SPICES), "max"),
    2: (_filled(CHINAWARE), "max"),
    3: (_filled(SILK), "max"),
    4: (_filled(TEA), "max"),
    5: (_filled(GEMS), "max"),
    6: (_filled(GOLD), "max"),
    7: (_filled(SPICES, GOLD), "max"),
    8: (_filled(SILK, CHINAWARE), "max"),
    9: (_filled(TEA, GEMS), "max"),
    10: (lantern_points, "min"),
    11: (lambda sheet, sh: sh.uneaten, "max"),
    12: (lambda sheet, sh: sh.eaten, "max"),
    13: (lambda sheet, sh: largest_ones_group(sh), "max"),
    14: (lambda sheet, sh: zeros(sh), "max"),
}


def _all_filled(col: int, with_three: bool = False) -> Callable[[Sheet, PlayerSheet], bool]:
    def check(sheet: Sheet, sh: PlayerSheet) -> bool:
        full = len(sh.cols[col]) == sheet.lengths[col]
        return full and (not with_three or 3 in sh.cols[col])

    return check


def _at_least(measure: Callable[[Sheet, PlayerSheet], int], n: int):
    return lambda sheet, sh: measure(sheet, sh) >= n


#: Solo conditions (bottom row of each card): glossary number -> predicate (PF-081, PF-083..96).
SOLO: dict[int, Callable[[Sheet, PlayerSheet], bool]] = {
    **{k: _at_least(_filled(*cols), n) for k, (cols, n) in SOLO_SQUARES.items()},
    3: _all_filled(SILK),
    4: _all_filled(TEA),
    5: _all_filled(GEMS, with_three=True),
    6: _all_filled(GOLD, with_three=True),
    10: lambda sheet, sh: lantern_points(sheet, sh) <= 32,
    11: lambda sheet, sh: sh.uneaten >= SOLO_UNEATEN,
    12: lambda sheet, sh: sh.eaten >= SOLO_EATEN,
    13: lambda sheet, sh: largest_ones_group(sh) >= 5,
    14: lambda sheet, sh: zeros(sh) >= 8,
}


def fulfilled_cards(state: PeachState, seat: int) -> list[int]:
    """IDs of the Request cards ``seat`` fulfils, before the cap of 8.

    Multiplayer: own cards and the 2 Common cards, top-row conditions; a tie for the best value
    fulfils it for every tied player, 0 included (PF-069, PF-R20). Solo: own cards only, bottom
    row (PF-080, PF-081).
    """
    game = state.game
    sheet = game.sheet
    sh = state.sheets[seat]
    if game.solo:
        return [c for c in sh.requests if SOLO[game.content.card(c).condition](sheet, sh)]
    out = []
    for card in [*sh.requests, *state.commons]:
        measure, best = MULTIPLAYER[game.content.card(card).condition]
        values = [measure(sheet, other) for other in state.sheets]
        target = max(values) if best == "max" else min(values)
        if values[seat] == target:
            out.append(card)
    return out


def score_breakdown(state: PeachState, seat: int) -> dict[str, int]:
    """The five scoring steps and their total for ``seat`` (PF-067..PF-072)."""
    sheet = state.game.sheet
    sh = state.sheets[seat]
    fulfilled = min(len(fulfilled_cards(state, seat)), MAX_FULFILLED)
    parts = {
        "lantern": lantern_points(sheet, sh),
        "columns": column_points(sheet, sh),
        "requests": 10 * fulfilled,
        "merchants": 2 * sh.merchants,
        "peaches": sh.uneaten,
    }
    parts["total"] = sum(parts.values())
    return parts


def game_result(state: PeachState) -> GameResult:
    """Scores with breakdown, ranks and winners; ties share the victory (PF-072).

    ``extras``: ``rounds`` played and, with 2+ players, ``round_limit``: whether the game ended
    at the ``max_rounds`` limit with nobody at 5 marked boxes (ruling PF-R35), which a
    simulation averages into the share of such games.
    """
    parts = [score_breakdown(state, s) for s in range(len(state.sheets))]
    totals = [p["total"] for p in parts]
    ranks = rank_seats([(t,) for t in totals])
    seats = [
        SeatResult(seat=s, score=totals[s], breakdown=parts[s], rank=ranks[s], winner=ranks[s] == 1)
        for s in range(len(parts))
    ]
    extras: dict[str, object] = {"rounds": state.round}
    if not state.game.solo:  # ended by the safety limit on rounds, nobody at 5 boxes (PF-R35)
        extras["round_limit"] = not any(sh.boxes_marked >= 5 for sh in state.sheets)
    return GameResult(seats=seats, extras=extras)


def returns(state: PeachState) -> list[float]:
    """Utility per seat: winners share 1 (multiplayer); solo: final score / 100."""
    n = len(state.sheets)
    if state.phase != "over":
        return [0.0] * n
    result = game_result(state)
    if n == 1:
        return [result.seats[0].score / 100.0]
    winners = result.winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]


def utility_bounds(game: PeachFestival) -> tuple[float, float]:
    """Lowest and highest value of ``State.returns()`` for ``game``'s configuration.

    Multiplayer games share a win worth 1 among the winners, so returns lie in ``[0, 1]``. The
    solo game returns the final score / 100; its bound adds up every scoring step's maximum on
    the configured Market sheet (PF-067..PF-072).
    """
    if game.num_players > 1:
        return 0.0, 1.0
    sheet = game.sheet
    top = max(sheet.lengths) - 1
    lantern = 4 * top * len(sheet.lengths)
    columns = top * max(sheet.multipliers) * len(sheet.lengths)
    requests = 10 * MAX_FULFILLED
    merchants = 2 * len(sheet.merchants)
    best = lantern + columns + requests + merchants + game.peach_total
    return 0.0, best / 100.0
