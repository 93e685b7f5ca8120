"""Phases and pending-decision kinds of The Peach Festival (the bottom of the game's modules).

Every other module of the game may import these; this one imports none of them.
"""

from __future__ import annotations

# Phases of setup and of a round (PF-028).
SETUP_DEAL = "deal"  # dealing 2 Request cards to each player (PF-007)
SETUP_KEEP = "keep"  # each player keeps 1 of them, simultaneously (PF-007)
SETUP_COMMON = "common"  # dealing the 2 Common Request cards (PF-009)
TRACK = "track"  # solo: the turn-track circle's reward (PF-075)
ROLL = "roll"  # rolling the 5 Commodity dice (PF-029)
ACTION = "action"  # every player chooses their action, sealed and simultaneous (PF-030)
RESOLVE = "resolve"  # actions revealed and written, rewards gained (PF-040, PF-041)
DICE = "dice"  # deferred Die-icon rolls (PF-060, ruling PF-R11)
OVER = "over"

#: Pending decision kinds on a player's sheet: ``(kind, argument, optional)``.
#: ``("number", n, opt)`` write n in any column where it is valid (PF-062);
#: ``("write", col, opt)`` write any valid number in ``col`` (``-1``: any column) (PF-059..64);
#: ``("die", 0, opt)`` roll one Commodity die (PF-059); ``("reward", 0, False)`` Column Reward
#: choice (PF-047); ``("keep", 0, False)`` keep one of the drawn Request cards (PF-048).
Pending = tuple[str, int, bool]

__all__ = [
    "ACTION",
    "DICE",
    "OVER",
    "RESOLVE",
    "ROLL",
    "SETUP_COMMON",
    "SETUP_DEAL",
    "SETUP_KEEP",
    "TRACK",
    "Pending",
]
