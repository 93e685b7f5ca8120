"""A player's Market sheet and holdings, as plain data (``__slots__``; cheap copy)."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.peach_festival.consts import Pending


class PlayerSheet:
    """One player's Market sheet and holdings.

    Attributes:
        cols: Numbers written in each column, top to bottom.
        boxes: Bit mask of marked Column Reward check boxes (bit = column).
        peaches: Filled Peach spots; always a prefix of the grid in reading order (PF-G15).
        eaten: Filled Peaches crossed out (eaten) so far (PF-035, PF-G17).
        merchants: Merchants hired (left to right) (PF-050).
        requests: Request card IDs taken, in the order taken (the last one is the most recent).
        two_paid: Bit mask of Two-Peach icons already paid (PF-G18).
        reward_gained: A Column Reward was gained this round (PF-053, PF-G31).
        pending: Decisions still to take this round.
        lost: Rewards dropped because they could never be followed (a Number or write no
            column could take, a Column Reward with no option: PF-052, PF-R18, PF-R19), in
            the order lost; the rules never read it, the log tells it.
        dice_left: Die-icon rolls deferred until every action is done (PF-060).
        hand: Request cards dealt or drawn and not yet kept.
        commit: The sealed action chosen this round, or ``None``.
        last: The action revealed in the last round (public), or ``None``.
        track: Solo: index of the last marked turn-track circle (-1 before round 1).
    """

    __slots__ = (
        "boxes",
        "cols",
        "commit",
        "dice_left",
        "eaten",
        "hand",
        "last",
        "lost",
        "merchants",
        "peaches",
        "pending",
        "requests",
        "reward_gained",
        "track",
        "two_paid",
    )

    def __init__(self, start_peaches: int):
        self.cols: list[list[int]] = [[], [], [], [], [], []]
        self.boxes = 0
        self.peaches = start_peaches
        self.eaten = 0
        self.merchants = 0
        self.requests: list[int] = []
        self.two_paid = 0
        self.reward_gained = False
        self.pending: list[Pending] = []
        self.lost: list[Pending] = []
        self.dice_left = 0
        self.hand: list[int] = []
        self.commit: Action | None = None
        self.last: Action | None = None
        self.track = -1

    @property
    def uneaten(self) -> int:
        return self.peaches - self.eaten

    @property
    def boxes_marked(self) -> int:
        return self.boxes.bit_count()

    def copy(self) -> PlayerSheet:
        new = PlayerSheet.__new__(PlayerSheet)
        new.cols = [c.copy() for c in self.cols]
        new.boxes = self.boxes
        new.peaches = self.peaches
        new.eaten = self.eaten
        new.merchants = self.merchants
        new.requests = self.requests.copy()
        new.two_paid = self.two_paid
        new.reward_gained = self.reward_gained
        new.pending = self.pending.copy()
        new.lost = self.lost.copy()
        new.dice_left = self.dice_left
        new.hand = self.hand.copy()
        new.commit = self.commit
        new.last = self.last
        new.track = self.track
        return new

    def public_dict(self) -> dict:
        """Everything on this sheet that every player may see."""
        return {
            "cols": [c.copy() for c in self.cols],
            "boxes": self.boxes,
            "peaches": self.peaches,
            "eaten": self.eaten,
            "merchants": self.merchants,
            "requests": self.requests.copy(),
            "two_paid": self.two_paid,
            "reward_gained": self.reward_gained,
            "pending": [list(p) for p in self.pending],
            "lost": [list(p) for p in self.lost],
            "dice_left": self.dice_left,
            "hand_size": len(self.hand),
            "committed": self.commit is not None,
            "last": self.last.text if self.last is not None else None,
            "track": self.track,
        }


__all__ = ["PlayerSheet"]
