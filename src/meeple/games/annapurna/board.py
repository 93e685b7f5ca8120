"""Mountainside geometry: the 5-4-3-2-1 pyramid, its adjacency and balanced groups.

Positions are numbered 0..14 row by row from the bottom: row 0 holds positions 0..4, row 1
holds 5..8, row 2 holds 9..11, row 3 holds 12..13 and row 4 (the peak) holds 14 (AN-009).
Position ``(r, i)`` sits above and between ``(r-1, i)`` and ``(r-1, i+1)`` (ruling AN-R03).
Notation names a position by a column letter and a row number counted from 1 at the bottom:
``a1``..``e1`` for the bottom row, ``a5`` for the peak.

Sets of positions are 15-bit integers (bit ``p`` set = position ``p`` in the set).
"""

from __future__ import annotations

from collections.abc import Iterator

ROWS = 5
SIZE = 15
PEAK = 14
FULL = (1 << SIZE) - 1

#: ``(row, index)`` of each position.
COORDS: tuple[tuple[int, int], ...] = tuple((r, i) for r in range(ROWS) for i in range(ROWS - r))
_INDEX = {rc: p for p, rc in enumerate(COORDS)}
#: Row of each position (0 = bottom).
ROW: tuple[int, ...] = tuple(r for r, _ in COORDS)
#: Notation name of each position.
NAMES: tuple[str, ...] = tuple(f"{'abcde'[i]}{r + 1}" for r, i in COORDS)
POS_BY_NAME: dict[str, int] = {n: p for p, n in enumerate(NAMES)}
BOTTOM = sum(1 << p for p in range(SIZE) if ROW[p] == 0)


def _mask(cells: list[tuple[int, int]]) -> int:
    m = 0
    for rc in cells:
        p = _INDEX.get(rc)
        if p is not None:
            m |= 1 << p
    return m


#: Same-row neighbours of each position.
SIDE: tuple[int, ...] = tuple(_mask([(r, i - 1), (r, i + 1)]) for r, i in COORDS)
#: Neighbours in the row above.
UP: tuple[int, ...] = tuple(_mask([(r + 1, i - 1), (r + 1, i)]) for r, i in COORDS)
#: Neighbours in the row below (the two cards a card rests on).
DOWN: tuple[int, ...] = tuple(_mask([(r - 1, i), (r - 1, i + 1)]) for r, i in COORDS)
#: All neighbours (AN-R03): used for groups (AN-R04).
ADJ: tuple[int, ...] = tuple(SIDE[p] | UP[p] | DOWN[p] for p in range(SIZE))
#: Positions a climber standing on ``p`` may Explore: sideways or up, never down (AN-025/026).
FORWARD: tuple[int, ...] = tuple(SIDE[p] | UP[p] for p in range(SIZE))

#: Bit of each position.
BIT: tuple[int, ...] = tuple(1 << p for p in range(SIZE))


def _positions_table() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for m in range(1, FULL + 1):
        high = m.bit_length() - 1
        table.append((*table[m ^ (1 << high)], high))
    return tuple(table)


#: ``POSITIONS[mask]``: the positions in a set of positions, lowest first (a lookup instead of
#: a bit loop in the move generator).
POSITIONS: tuple[tuple[int, ...], ...] = _positions_table()


def bits(mask: int) -> list[int]:
    """Positions in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_name(mask: int) -> str:
    """Notation of a set of positions, e.g. ``a1+b1+a2``."""
    return "+".join(NAMES[p] for p in bits(mask))


def balanced_groups(candidates: int, net: list[int], limit: int = 0) -> list[int]:
    """Every connected set of positions in ``candidates`` whose values sum to zero (AN-R04).

    Args:
        candidates: Positions that may belong to a group (face-up cards that may be swept).
        net: Value (Yang minus Yin, AN-R02) of the card at each position.
        limit: Stop after this many groups (0: find them all).

    Returns:
        Bit masks of the groups, each exactly once, in a deterministic order.
    """
    out: list[int] = []
    rest = candidates
    while rest:
        low = rest & -rest
        v = low.bit_length() - 1
        rest ^= low
        # sets whose lowest position is v: grow through higher positions only
        stack = [(low, ADJ[v] & rest, 0, net[v])]
        while stack:
            sub, cand, excl, total = stack.pop()
            if total == 0:
                out.append(sub)
                if limit and len(out) >= limit:
                    return out
            while cand:
                w = cand & -cand
                cand ^= w
                p = w.bit_length() - 1
                stack.append(
                    (sub | w, (cand | (ADJ[p] & rest)) & ~sub & ~excl & ~w, excl, total + net[p])
                )
                excl |= w
    return out


def connected_sets() -> Iterator[int]:
    """Every non-empty connected set of positions (10,030 of them), in increasing mask order."""
    for m in range(1, FULL + 1):
        low = m & -m
        seen = low
        frontier = low
        while frontier:
            b = frontier & -frontier
            frontier ^= b
            new = ADJ[b.bit_length() - 1] & m & ~seen
            seen |= new
            frontier |= new
        if seen == m:
            yield m


def reachable(start: int, open_: int) -> int:
    """Positions reachable from the set ``start`` by forward steps through ``open_`` positions."""
    seen = 0
    frontier = start
    while frontier:
        b = frontier & -frontier
        frontier ^= b
        new = FORWARD[b.bit_length() - 1] & open_ & ~seen
        seen |= new
        frontier |= new
    return seen
