"""The Annapurna state: plain lists and integers in ``__slots__``, cloned without deepcopy.

Per climber (index = seat = suit colour): the mountainside as 15 card ids (``-1`` = empty
spot) with bit masks of its face-up and face-down positions, the Backpack and the Cache
(sorted card lists), the meeple's location, the arrival order at the peak, the card ids the
climber can identify face down (a 72-bit mask), pending effects, and the flags.

What each climber remembers of the others' Backpacks and Caches (ruling AN-R39) is kept in
``kpack`` and ``kcache``: flat lists of ``n * n`` 72-bit masks, entry ``w * n + t`` = the cards
watcher ``w`` knows to be in climber ``t``'s Backpack (Cache); entries ``w == t`` stay 0.

The balanced groups of each climber are cached in ``_groups`` (derived data, never part of a
snapshot): an entry ``(up, unfinished, groups)`` holds while the climber's mountainside cards
stay in place, so every rule that writes ``mount[s]`` calls :meth:`AnnapurnaState.mount_changed`.

Cards are numbered ``suit * 18 + index`` (72 in all, AN-001). The rules that change the state
live in :mod:`.rules`, legal moves in :mod:`.moves`, observations in :mod:`.observation`.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, GameResult, State
from meeple.games.annapurna import board, scoring
from meeple.games.annapurna.consts import (
    CARD,
    DEAL,
    DECIDE,
    MAIN,
    RACE,
    SCAVENGE,
    SPOT,
    STAGE_NAMES,
    START,
    SWEEP,
)
from meeple.games.annapurna.content import SUIT_SIZE
from meeple.games.annapurna.moves import legal_actions, why_illegal
from meeple.games.annapurna.observation import observe, policy_view, snapshot
from meeple.games.annapurna.rules import apply_action

if TYPE_CHECKING:
    import random

    from meeple.games.annapurna.game import Annapurna


#: One finished Ascent (ruling AN-R46): the climber who Left No Trace Behind (-1: none), then
#: per climber its Yin/Yang total when the Ascent ended (``None``: never peaked, ruling AN-R34),
#: its arrival at the peak (1 = first, the peak token it took while 3 or less, ruling AN-R10;
#: 0 = never peaked), its placing (1 is best) and the flags it earned (AN-061..AN-065).
AscentResult = tuple[int, tuple[int | None, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


#: Balanced groups already found, keyed by (candidate positions, their values): the same small
#: face-up patterns recur constantly, and a group search is the engine's hottest loop. Kept as
#: tuples of ints, which the cyclic collector stops tracking: a long-running server keeps
#: thousands, and lists would be scanned by every full collection.
_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}


def _running_sums(k: int) -> tuple[float, ...]:
    p = 1.0 / k
    acc = 0.0
    sums = []
    for _ in range(k):
        acc += p
        sums.append(acc)
    return tuple(sums)


#: ``_CUMULATIVE[k]``: the running sums of ``k`` equal probabilities ``1.0 / k``, added up in
#: the order :func:`meeple.core.game.sample_chance` adds them, so sampling by bisection picks
#: exactly the outcome that walk would pick for the same random number. A chance node never
#: has more outcomes than a suit has cards.
_CUMULATIVE: tuple[tuple[float, ...], ...] = tuple(
    _running_sums(k) if k else () for k in range(SUIT_SIZE + 1)
)


class AnnapurnaState(State):
    """A position of an Annapurna Expedition (see the module docstring for the fields)."""

    __slots__ = (
        "_groups",
        "arrival",
        "ascent",
        "ascents",
        "cache",
        "claims",
        "deal_pos",
        "deal_seat",
        "down",
        "earned",
        "ended_total",
        "extra",
        "flags",
        "kcache",
        "known",
        "kpack",
        "lntb",
        "loc",
        "mount",
        "offer",
        "pack",
        "peaked_now",
        "peakfx",
        "pending",
        "placing",
        "public",
        "seen",
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
        "victim",
        "window",
        "winner",
    )
    game: Annapurna

    def __init__(self, game: Annapurna):
        super().__init__(game)
        n = game.num_players
        self.mount: list[list[int]] = [[-1] * board.SIZE for _ in range(n)]
        self.up: list[int] = [0] * n
        self.down: list[int] = [0] * n
        self.pack: list[list[int]] = [[] for _ in range(n)]
        self.cache: list[list[int]] = [[] for _ in range(n)]
        self.loc: list[int] = [-1] * n
        self.arrival: list[int] = [0] * n
        self.known: list[int] = [0] * n
        #: Face-down cards everyone saw turned face down in place (Buried, stowed by an effect):
        #: what a spectator can identify (ruling AN-R17).
        self.public: int = 0
        #: The face-down cards climbers were seen to come to identify (they placed them, peeked
        #: at them, or the cards were Buried or stowed), which every observation shows (ruling
        #: AN-R41): card -> ``(climber, position, seats mask)``. Such a card stays put while
        #: listed (a move or a turn face up forgets it), and the seats know it (``known``).
        self.seen: dict[int, tuple[int, int, int]] = {}
        self.kpack: list[int] = [0] * (n * n)
        self.kcache: list[int] = [0] * (n * n)
        self.skips: list[list[int]] = [[] for _ in range(n)]
        self.shields: list[list[int]] = [[] for _ in range(n)]
        self.peakfx: list[list[int]] = [[] for _ in range(n)]
        self.extra: list[int] = [0] * n
        self.flags: list[int] = [0] * n
        self.earned: list[int] = [0] * n
        #: Each climber's Yin/Yang total when the last Ascent ended, ``None`` for one who never
        #: peaked (or before the first Ascent ends); the rules never read it, the log does.
        self.ended_total: list[int | None] = [None] * n
        self.placing: list[int] = [0] * n
        #: Every finished Ascent's result, oldest first (public, ruling AN-R46): one
        #: :data:`AscentResult` ``(lntb, totals, arrivals, placings, flags)`` per Ascent, each
        #: a tuple per climber as :func:`.rules._end_ascent` awarded them. Entries are never
        #: changed once written, so a clone shares them.
        self.ascents: list[AscentResult] = []
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
        #: The climbers still to call Scavenge or pass at an open window (ruling AN-R06).
        self.window: list[int] = []
        #: Whose balanced cards are on offer to Scavenge (-1: none), the positions on offer
        #: (kept through the next turn when everyone passed) and each climber's sealed call
        #: (a position, or -1 for none) at the window now open.
        self.victim = -1
        self.offer = 0
        self.claims: list[int] = [-1] * n
        self.lntb = -1
        self.winner = -1
        self._groups: list[tuple[int, int, tuple[int, ...]] | None] = [None] * n

    # -- nodes ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage <= START:
            return CHANCE
        if stage < DECIDE or stage == SWEEP:  # MAIN, CARD, SPOT, SWEEP: the turn's climber
            return self.turn
        if stage == DECIDE:
            return self.pending[-1][1]
        if stage == SCAVENGE:  # sealed: every climber in the window calls at once (AN-R06)
            return SIMULTANEOUS
        if stage == RACE:
            return CHANCE
        return TERMINAL

    def acting_seats(self) -> tuple[int, ...]:
        if self.stage == SCAVENGE:
            return tuple(self.window)
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def _is_acting(self, seat: int) -> bool:
        if self.stage == SCAVENGE:
            return seat in self.window
        return seat == self.current_player()  # one seat acts at a time

    def callers(self) -> list[int]:
        """The climbers who called Scavenge at the window now settled, by seat."""
        return [t for t, p in enumerate(self.claims) if p >= 0]

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        tables = self.game.tables
        left: Sequence[int]
        if self.stage == DEAL:
            left = self.undealt
            p = 1.0 / len(left)
            deal = tables.deal
            return [(deal[c], p) for c in left]
        if self.stage == START:
            n = self.game.num_players
            return [(tables.first[s], 1.0 / n) for s in range(n)]
        if self.stage == RACE:  # who called Scavenge first, each caller alike (AN-043, AN-R06)
            callers = self.callers()
            return [(tables.first[s], 1.0 / len(callers)) for s in callers]
        return []

    def _chance_actions(self) -> list[Action]:
        tables = self.game.tables
        if self.stage == DEAL:
            deal = tables.deal
            return [deal[c] for c in self.undealt]
        if self.stage == START:
            return tables.first[: self.game.num_players]
        if self.stage == RACE:
            return [tables.first[s] for s in self.callers()]
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        kind = action.kind
        if self.stage == DEAL:
            return kind == "deal" and action.args[0] in self.undealt
        if self.stage == RACE:
            t = action.args[0]
            return kind == "first" and t < self.game.num_players and self.claims[t] >= 0
        return self.stage == START and kind == "first" and action.args[0] < self.game.num_players

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        """A chance outcome drawn as :func:`meeple.core.game.sample_chance` draws it from
        :meth:`chance_outcomes` (same distribution, same use of ``rng``), without the list."""
        tables = self.game.tables
        left: Sequence[int]
        if self.stage == DEAL:
            left = self.undealt
            row = tables.deal
        elif self.stage == RACE:
            left = self.callers()
            row = tables.first
        else:
            left = range(self.game.num_players)
            row = tables.first
        k = len(left)
        if k == 1:
            return row[left[0]]
        i = bisect_right(_CUMULATIVE[k], rng.random())
        return row[left[i if i < k else k - 1]]

    # the hooks are the rules modules' functions themselves (one call less per step)
    _legal_actions = legal_actions
    _apply = apply_action
    _why_illegal = why_illegal
    observe = observe
    policy_view = policy_view

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
        self.public &= keep
        self.seen.pop(card, None)

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
        complete are excluded (AN-033, AN-044); a zero card turned up without its effect has
        none to complete (ruling AN-R40)."""
        up = self.up[seat]
        blocked = self.unfinished
        if not blocked:
            return up
        zero = self.game.zero
        m = self.mount[seat]
        for p in board.POSITIONS[up]:
            c = m[p]
            if zero[c] and blocked >> c & 1:
                up ^= 1 << p
        return up

    def nets(self, seat: int) -> list[int]:
        net = self.game.net
        return [net[c] for c in self.mount[seat]]

    def mount_changed(self, seat: int) -> None:
        """Called by every rule that writes ``mount[seat]``: its cached groups are void."""
        self._groups[seat] = None

    def groups(self, seat: int, limit: int = 0) -> tuple[int, ...]:
        """Balanced groups of face-up cards on ``seat``'s mountainside (AN-032, ruling AN-R04),
        as bit masks of positions."""
        up = self.up[seat]
        unfinished = self.unfinished
        cached = self._groups[seat]
        if cached is not None and cached[0] == up and cached[1] == unfinished:
            found = cached[2]
        else:
            found = self._find_groups(seat, up)
            self._groups[seat] = (up, unfinished, found)
        return found[:limit] if limit else found

    def _find_groups(self, seat: int, up: int) -> tuple[int, ...]:
        cand = self.sweepable(seat) if self.unfinished else up
        if not cand:
            return ()
        net = self.game.net
        m = self.mount[seat]
        spots = board.POSITIONS[cand]
        values = [net[m[p]] for p in spots]
        if 0 not in values and (min(values) > 0 or max(values) < 0):
            return ()  # one sign only: nothing balances
        memo_key = (cand, *values)
        found = _MEMO.get(memo_key)
        if found is None:
            if len(_MEMO) > 200_000:
                _MEMO.clear()
            nets = [0] * board.SIZE
            for p, v in zip(spots, values, strict=True):
                nets[p] = v
            found = _MEMO[memo_key] = tuple(board.balanced_groups(cand, nets))
        return found

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
        new.public = self.public
        new.seen = self.seen.copy()
        new.kpack = self.kpack[:]
        new.kcache = self.kcache[:]
        new.skips = [x[:] for x in self.skips]
        new.shields = [x[:] for x in self.shields]
        new.peakfx = [x[:] for x in self.peakfx]
        new.extra = self.extra[:]
        new.flags = self.flags[:]
        new.earned = self.earned[:]
        new.ended_total = self.ended_total[:]
        new.placing = self.placing[:]
        new.ascents = self.ascents[:]
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
        new.victim = self.victim
        new.offer = self.offer
        new.claims = self.claims[:]
        new.lntb = self.lntb
        new.winner = self.winner
        new._groups = self._groups[:]
        return new

    def snapshot(self) -> dict:
        return snapshot(self)

    # -- results -------------------------------------------------------------------------------
    def _result(self) -> GameResult:
        return scoring.game_result(self)

    def returns(self) -> list[float]:
        """1.0 for the Expedition's winner, 0.0 for everyone else (and before the end)."""
        return scoring.returns(self)

    def describe_stage(self) -> str:
        return STAGE_NAMES[self.stage]


__all__ = ["CARD", "MAIN", "SPOT", "SWEEP", "AnnapurnaState", "AscentResult"]
