"""The Annapurna state: plain lists and integers in ``__slots__``, cloned without deepcopy.

Per climber (index = seat = suit colour): the mountainside as 15 card ids (``-1`` = empty
spot) with bit masks of its face-up and face-down positions, the Backpack and the Cache
(sorted card lists), the meeple's location, the arrival order at the peak, the card ids the
climber can identify face down (a 72-bit mask), pending effects, and the flags.

What each climber remembers of the others' Backpacks and Caches (ruling AN-R39) is kept in
``kpack`` and ``kcache``: flat lists of ``n * n`` 72-bit masks, entry ``w * n + t`` = the cards
watcher ``w`` knows to be in climber ``t``'s Backpack (Cache); entries ``w == t`` stay 0.

Cards are numbered ``suit * 18 + index`` (72 in all, AN-001). The rules that change the state
live in :mod:`.rules`, legal moves in :mod:`.moves`, observations in :mod:`.observation`.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import CHANCE, TERMINAL, GameResult, SeatResult, State, rank_seats
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import (
    CARD,
    DEAL,
    DECIDE,
    MAIN,
    OVER,
    SCAVENGE,
    SPOT,
    STAGE_NAMES,
    START,
    SWEEP,
)
from meeple.games.annapurna.moves import legal_actions, why_illegal
from meeple.games.annapurna.observation import observe
from meeple.games.annapurna.rules import apply_action

if TYPE_CHECKING:
    from meeple.games.annapurna.game import Annapurna


#: Balanced groups already found, keyed by (candidate positions, their values): the same small
#: face-up patterns recur constantly, and a group search is the engine's hottest loop.
_MEMO: dict[tuple[int, ...], list[int]] = {}


class AnnapurnaState(State):
    """A position of an Annapurna Expedition (see the module docstring for the fields)."""

    __slots__ = (
        "arrival",
        "ascent",
        "cache",
        "deal_pos",
        "deal_seat",
        "down",
        "earned",
        "extra",
        "flags",
        "kcache",
        "known",
        "kpack",
        "lntb",
        "loc",
        "mount",
        "pack",
        "peaked_now",
        "peakfx",
        "pending",
        "placing",
        "sel",
        "shields",
        "skipping",
        "skips",
        "stage",
        "starter",
        "turn",
        "turns",
        "undealt",
        "unfinished",
        "up",
        "verb",
        "window",
        "winner",
    )

    def __init__(self, game: Annapurna, empty: bool = False):
        super().__init__(game)
        if empty:
            return
        n = game.num_players
        self.mount: list[list[int]] = [[-1] * board.SIZE for _ in range(n)]
        self.up: list[int] = [0] * n
        self.down: list[int] = [0] * n
        self.pack: list[list[int]] = [[] for _ in range(n)]
        self.cache: list[list[int]] = [[] for _ in range(n)]
        self.loc: list[int] = [-1] * n
        self.arrival: list[int] = [0] * n
        self.known: list[int] = [0] * n
        self.kpack: list[int] = [0] * (n * n)
        self.kcache: list[int] = [0] * (n * n)
        self.skips: list[list[int]] = [[] for _ in range(n)]
        self.shields: list[list[int]] = [[] for _ in range(n)]
        self.peakfx: list[list[int]] = [[] for _ in range(n)]
        self.extra: list[int] = [0] * n
        self.flags: list[int] = [0] * n
        self.earned: list[int] = [0] * n
        self.placing: list[int] = [0] * n
        self.unfinished = 0
        self.stage = DEAL
        self.turn = 0
        self.starter = -1 if game.config["starter"] is None else game.config["starter"]
        self.ascent = 1
        self.turns = 0
        self.deal_seat = 0
        self.deal_pos = 0
        self.undealt: list[int] = list(range(board.SIZE + 3))
        self.verb = 0
        self.sel = -1
        self.pending: list[list[int]] = []
        self.peaked_now = False
        self.skipping = False
        self.window: list[int] = []
        self.lntb = -1
        self.winner = -1

    # -- nodes ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage <= START:
            return CHANCE
        if stage == DECIDE:
            return self.pending[-1][1]
        if stage == SCAVENGE:
            return self.window[0]
        if stage == OVER:
            return TERMINAL
        return self.turn

    def acting_seats(self) -> tuple[int, ...]:
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        tables = self.game.tables
        if self.stage == DEAL:
            left = self.undealt
            p = 1.0 / len(left)
            deal = tables.deal
            return [(deal[c], p) for c in left]
        if self.stage == START:
            n = self.game.num_players
            return [(tables.first[s], 1.0 / n) for s in range(n)]
        return []

    def _legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self, seat)

    def _apply(self, action: Action, seat: int) -> None:
        apply_action(self, action, seat)

    def _why_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        return why_illegal(self, action, seat)

    def observe(self, seat: int | None) -> dict:
        return observe(self, seat)

    # -- helpers used by rules and effects ---------------------------------------------------
    def net_at(self, seat: int, p: int) -> int:
        """Net value (Yang minus Yin) of the card at position ``p`` of ``seat``."""
        return self.game.net[self.mount[seat][p]]

    def total(self, seat: int) -> int:
        """Yin/Yang total of ``seat``'s face-up cards (AN-060; empty side = 0, ruling AN-R11)."""
        net = self.game.net
        m = self.mount[seat]
        t = 0
        up = self.up[seat]
        while up:
            low = up & -up
            t += net[m[low.bit_length() - 1]]
            up ^= low
        return t

    def forget(self, card: int) -> None:
        """Nobody keeps track of ``card`` face down any more (it moved or turned face up)."""
        keep = ~(1 << card)
        known = self.known
        for s in range(len(known)):
            known[s] &= keep

    def reveal(self, seat: int, p: int) -> None:
        """Turn the face-down card at ``p`` of ``seat`` face up, without effect."""
        bit = 1 << p
        self.down[seat] &= ~bit
        self.up[seat] |= bit
        self.forget(self.mount[seat][p])

    def to_cache(self, seat: int, card: int) -> list[int]:
        """Put ``card`` into ``seat``'s Cache, or its Backpack once peaked (ruling AN-R09).

        Returns:
            The watchers' knowledge masks of the zone the card went to (``kcache`` or
            ``kpack``, ruling AN-R39).
        """
        if self.climbing(seat):
            insort(self.cache[seat], card)
            return self.kcache
        insort(self.pack[seat], card)
        return self.kpack

    def sweepable(self, seat: int) -> int:
        """Face-up positions of ``seat`` that may join a group: zero cards whose effect is not
        complete are excluded (AN-033, AN-044)."""
        up = self.up[seat]
        blocked = self.unfinished
        if not blocked:
            return up
        zero = self.game.zero
        m = self.mount[seat]
        out = up
        x = up
        while x:
            low = x & -x
            c = m[low.bit_length() - 1]
            if zero[c] and blocked >> c & 1:
                out ^= low
            x ^= low
        return out

    def nets(self, seat: int) -> list[int]:
        net = self.game.net
        return [net[c] for c in self.mount[seat]]

    def groups(self, seat: int, limit: int = 0) -> list[int]:
        """Balanced groups of face-up cards on ``seat``'s mountainside (AN-032, ruling AN-R04)."""
        up = self.up[seat]
        if not up:
            return []
        game = self.game
        net = game.net
        m = self.mount[seat]
        blocked = self.unfinished
        zero = game.zero
        nets = [0] * 15
        key = []
        cand = 0
        pos = neg = nil = False
        x = up
        while x:
            low = x & -x
            x ^= low
            p = low.bit_length() - 1
            c = m[p]
            if blocked and zero[c] and blocked >> c & 1:
                continue  # AN-033, AN-044: a zero card waits for its effect
            v = net[c]
            nets[p] = v
            key.append(v)
            cand |= low
            if v > 0:
                pos = True
            elif v < 0:
                neg = True
            else:
                nil = True
        if not (nil or (pos and neg)):
            return []
        memo_key = (cand, *key)
        found = _MEMO.get(memo_key)
        if found is None:
            if len(_MEMO) > 200_000:
                _MEMO.clear()
            found = _MEMO[memo_key] = board.balanced_groups(cand, nets)
        return found[:limit] if limit else found

    def climbing(self, seat: int) -> bool:
        """True while ``seat`` has not peaked (or is finishing its peak turn)."""
        return not self.arrival[seat] or (self.peaked_now and self.turn == seat)

    # -- copies and data -----------------------------------------------------------------------
    def clone(self) -> AnnapurnaState:
        new = AnnapurnaState.__new__(AnnapurnaState)
        self._clone_base(new)
        new.mount = [m[:] for m in self.mount]
        new.up = self.up[:]
        new.down = self.down[:]
        new.pack = [x[:] for x in self.pack]
        new.cache = [x[:] for x in self.cache]
        new.loc = self.loc[:]
        new.arrival = self.arrival[:]
        new.known = self.known[:]
        new.kpack = self.kpack[:]
        new.kcache = self.kcache[:]
        new.skips = [x[:] for x in self.skips]
        new.shields = [x[:] for x in self.shields]
        new.peakfx = [x[:] for x in self.peakfx]
        new.extra = self.extra[:]
        new.flags = self.flags[:]
        new.earned = self.earned[:]
        new.placing = self.placing[:]
        new.unfinished = self.unfinished
        new.stage = self.stage
        new.turn = self.turn
        new.starter = self.starter
        new.ascent = self.ascent
        new.turns = self.turns
        new.deal_seat = self.deal_seat
        new.deal_pos = self.deal_pos
        new.undealt = self.undealt[:]
        new.verb = self.verb
        new.sel = self.sel
        new.pending = [x[:] for x in self.pending]
        new.peaked_now = self.peaked_now
        new.skipping = self.skipping
        new.window = self.window[:]
        new.lntb = self.lntb
        new.winner = self.winner
        return new

    def snapshot(self) -> dict:
        return {
            "stage": STAGE_NAMES[self.stage],
            "mount": [m[:] for m in self.mount],
            "up": self.up[:],
            "down": self.down[:],
            "pack": [x[:] for x in self.pack],
            "cache": [x[:] for x in self.cache],
            "loc": self.loc[:],
            "arrival": self.arrival[:],
            "known": [str(k) for k in self.known],
            "kpack": [str(k) for k in self.kpack],
            "kcache": [str(k) for k in self.kcache],
            "skips": [x[:] for x in self.skips],
            "shields": [x[:] for x in self.shields],
            "peakfx": [x[:] for x in self.peakfx],
            "extra": self.extra[:],
            "flags": self.flags[:],
            "earned": self.earned[:],
            "placing": self.placing[:],
            "unfinished": str(self.unfinished),
            "turn": self.turn,
            "starter": self.starter,
            "ascent": self.ascent,
            "turns": self.turns,
            "deal": [self.deal_seat, self.deal_pos, self.undealt[:]],
            "verb": self.verb,
            "sel": self.sel,
            "pending": [x[:] for x in self.pending],
            "peaked_now": self.peaked_now,
            "skipping": self.skipping,
            "window": self.window[:],
            "lntb": self.lntb,
            "winner": self.winner,
        }

    # -- results -------------------------------------------------------------------------------
    def result(self) -> GameResult:
        """Flags per climber; the winner ranks first, the others by flags then by their
        placing in the final Ascent (AN-068..AN-070, ruling AN-R20)."""
        n = self.game.num_players
        keys = [
            (1 if s == self.winner else 0, self.flags[s], -(self.placing[s] or n + 1))
            for s in range(n)
        ]
        ranks = rank_seats(keys)
        seats = [
            SeatResult(
                seat=s,
                score=float(self.flags[s]),
                breakdown={
                    "flags": float(self.flags[s]),
                    "final_ascent_flags": float(self.earned[s]),
                    "final_ascent_placing": float(self.placing[s]),
                },
                rank=ranks[s],
                winner=s == self.winner,
            )
            for s in range(n)
        ]
        extras = {"ascents": self.ascent, "final_ascent_left_no_trace": float(self.lntb >= 0)}
        return GameResult(seats, extras)

    def returns(self) -> list[float]:
        """1.0 for the Expedition's winner, 0.0 for everyone else (and before the end)."""
        return [1.0 if s == self.winner else 0.0 for s in range(self.game.num_players)]

    def describe_stage(self) -> str:
        return STAGE_NAMES[self.stage]


__all__ = ["CARD", "MAIN", "SPOT", "SWEEP", "AnnapurnaState"]
