"""Task kinds and per-seat fields of Almanac (the bottom of the game's modules).

Every other module of the game may import these; this one imports none of them.
"""

from __future__ import annotations

#: Task kinds that are decisions of the seat in ``task[1]``.
DECISIONS = frozenset(
    {
        "place",
        "xplace",
        "farmer",
        "climb",
        "good",
        "trim",
        "lose",
        "sell",
        "shop",
        "buy",
        "complete",
        "keep",
        "route",
        "fightalt",
        "option",
        "final",
    }
)
#: Task kinds that are chance nodes.
CHANCES = frozenset({"deal_start", "draw_ct", "deal_cv", "enc_pick", "fight_roll", "d6"})

#: Per-seat lists of plain values (one entry per seat); observations rebuild them seat by seat.
SEAT_FIELDS = (
    "gold",
    "crates",
    "shields",
    "start",
    "workers",
    "placed",
    "extra",
    "guards",
    "farmer",
    "ladders",
    "grey",
    "visited",
)

__all__ = ["CHANCES", "DECISIONS", "SEAT_FIELDS"]
