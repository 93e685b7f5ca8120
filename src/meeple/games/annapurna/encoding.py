"""Observation encoder of Annapurna.

Seats (and the suit colours, seat ``i`` playing colour ``i``) are counted from the observing
seat. A card is encoded by its relative colour (4) and its index in the suit (18). Blocks:

* ``seat`` (n), ``stage`` (9), ``turn``/``starter``/``lntb``/``winner`` (n each),
  ``ascent``/``turns`` (1 each), ``deal`` (n + 2), ``verb`` (5), ``card`` (the card chosen for
  Trade/Hide/Drop/Throw, owner only: 4 + 18), ``pending`` (1 + 3 entries of 6 + n + 2),
  ``window`` (2n: the climbers still to call Scavenge or pass, and whose cards are on
  offer, ruling AN-R06), ``flags`` (peaked now, skipping, auto sweep, flag target), ``unfinished`` (72);
* ``pack``/``cache``: the observer's own Backpack and Cache (72 each);
* per climber: 15 mountainside spots (empty / face down unknown / face down known / face up,
  colour, card, Yang minus Yin, and for a face-down card the climbers seen to identify it, n),
  Backpack and Cache sizes, location (16), arrival, skipped turns,
  shields and peak effects (18 each), extra turns, flags, flags earned, placing (n + 1);
* ``remembered``: the cards the observer remembers in each other climber's Backpack, then in
  each other climber's Cache (72 each, ruling AN-R39).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.encoding import Encoder, Writer, is_int
from meeple.core.game import Game
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import STAGE_NAMES

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState as State

STAGES = ("deal", "start", "main", "card", "spot", "decide", "sweep", "scavenge", "over")
#: The draw of who called Scavenge first is written as the window it settles: the layout keeps
#: its size (no seat acts at that chance node).
_STAGE_INDEX = {name: STAGES.index(name) for name in STAGES} | {"race": STAGES.index("scavenge")}
SUIT = 18
COLOURS = 4
SPOTS = 15
PENDING_SHOWN = 3


class AnnapurnaEncoder(Encoder):
    """Encoder of ``annapurna`` observations (see the module docstring for the layout)."""

    game_name = "annapurna"
    marks = frozenset(("ascent", "climbers", "stage", "unfinished", "verb", "victim", "window"))

    def setup(self, game: Game) -> None:
        cards = game.content.cards
        self.net = [c.net for c in cards]
        self.max_net = max(1, max(abs(v) for v in self.net))
        self.target = max(1, int(game.config["flag_target"]))
        self.ascents = max(1, game.max_ascents())

    def _card(self, card, me: int) -> int:
        """Relative card index (0..71), or -1."""
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < COLOURS * SUIT:
            return -1
        suit, idx = divmod(card, SUIT)
        if suit < self.num_players:
            suit = (suit - me) % self.num_players
        return suit * SUIT + idx

    def _colour(self, colour, me: int) -> int:
        if not isinstance(colour, int) or not 0 <= colour < COLOURS:
            return -1
        return (colour - me) % self.num_players if colour < self.num_players else colour

    def write(self, w: Writer, obs: dict) -> None:
        n = self.num_players
        me = obs.get("seat") or 0
        w.section("seat")
        w.onehot(me, n)
        w.section("stage")
        stage = obs.get("stage")
        w.onehot(_STAGE_INDEX.get(stage, -1) if isinstance(stage, str) else -1, len(STAGES))
        w.section("turn")
        w.onehot(self.rel(obs.get("turn"), me), n)
        w.section("starter")
        w.onehot(self.rel(obs.get("starter"), me), n)
        w.section("lntb")
        w.onehot(self.rel(obs.get("lntb"), me), n)
        w.section("winner")
        w.onehot(self.rel(obs.get("winner"), me), n)
        w.section("ascent")
        w.scalar(obs.get("ascent"), self.ascents)
        w.scalar(obs.get("turns"), 100 * n)
        w.section("deal")
        deal = [*list(obs.get("deal") or []), None, None, None]
        w.onehot(self.rel(deal[0], me), n)
        w.scalar(deal[1], SPOTS + 3)
        w.scalar(deal[2], SPOTS + 3)
        w.section("verb")
        w.onehot(obs.get("verb"), 5)
        w.section("card")
        card = self._card(obs.get("card"), me)
        w.onehot(card // SUIT if card >= 0 else -1, COLOURS)
        w.onehot(card % SUIT if card >= 0 else -1, SUIT)
        w.section("pending")
        pending = obs.get("pending") or []
        w.scalar(len(pending), 4)
        for i in range(PENDING_SHOWN):
            p = list(pending[-1 - i]) + [None] * 4 if i < len(pending) else [None] * 4
            w.onehot(p[0], 6)
            w.onehot(self.rel(p[1], me), n)
            w.scalar(p[2], 4)
            w.scalar(p[3], 4)
        w.section("window")
        window = obs.get("window") or []
        w.multihot([self.rel(s, me) for s in window], n)
        w.onehot(self.rel(obs.get("victim"), me), n)
        w.section("flags")
        w.flag(obs.get("peaked_now"))
        w.flag(obs.get("skipping"))
        w.flag(obs.get("auto_sweep"))
        w.scalar(obs.get("target"), 20)
        w.section("unfinished")
        w.multihot([self._card(c, me) for c in obs.get("unfinished") or []], COLOURS * SUIT)
        climbers = obs.get("climbers") or []
        mine = climbers[me] if me < len(climbers) else {}
        for key in ("pack", "cache"):
            w.section(key)
            held = mine.get(key)
            w.multihot(
                [self._card(c, me) for c in held] if isinstance(held, list) else [], COLOURS * SUIT
            )
        seen: dict[int, dict[int, list]] = {}  # climber -> position -> seats (AN-R41)
        for entry in obs.get("identified") or ():
            if isinstance(entry, list | tuple) and len(entry) == 3:
                t, p, who = entry
                if is_int(t) and is_int(p) and isinstance(who, list):
                    seen.setdefault(int(t), {})[int(p)] = who
        for k, s in enumerate(self.seats_from(me)):
            self._climber(w, climbers[s] if s < len(climbers) else {}, me, k, seen.get(s, {}))
        w.section("remembered")
        # the cards this seat remembers in the other climbers' Backpacks and Caches (AN-R39)
        for key in ("known_pack", "known_cache"):
            held = obs.get(key) or []
            for s in self.seats_from(me)[1:]:
                cards = held[s] if s < len(held) and isinstance(held[s], list) else []
                w.multihot([self._card(c, me) for c in cards], COLOURS * SUIT)

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """:meth:`write` of ``state.observe(seat)``, read from the state (same features; what
        the observation hides stays out: face-down cards ``seat`` does not identify, other
        climbers' Backpacks and Caches but for their sizes and what ``seat`` remembers of
        them; AN-010, AN-028, rulings AN-R39, AN-R41)."""
        st = state
        n = self.num_players
        me = seat
        config = st.game.config
        w.onehot(me, n)
        w.onehot(_STAGE_INDEX[STAGE_NAMES[st.stage]], len(STAGES))
        w.onehot(self.rel(st.turn, me), n)
        w.onehot(self.rel(st.starter, me), n)
        w.onehot(self.rel(st.lntb, me), n)
        w.onehot(self.rel(st.winner, me), n)
        w.scalar(st.ascent, self.ascents)
        w.scalar(st.turns, 100 * n)
        w.onehot(self.rel(st.deal_seat, me), n)
        w.scalar(st.deal_pos, SPOTS + 3)
        w.scalar(len(st.undealt), SPOTS + 3)
        w.onehot(st.verb, 5)
        card = self._card(st.sel, me) if me == st.turn else -1
        w.onehot(card // SUIT if card >= 0 else -1, COLOURS)
        w.onehot(card % SUIT if card >= 0 else -1, SUIT)
        pending = st.pending
        w.scalar(len(pending), 4)
        for i in range(PENDING_SHOWN):
            p = list(pending[-1 - i]) + [None] * 4 if i < len(pending) else [None] * 4
            w.onehot(p[0], 6)
            w.onehot(self.rel(p[1], me), n)
            w.scalar(p[2], 4)
            w.scalar(p[3], 4)
        w.multihot([self.rel(s, me) for s in st.window], n)
        w.onehot(self.rel(st.victim, me), n)
        w.flag(st.peaked_now)
        w.flag(st.skipping)
        w.flag(bool(config["auto_sweep"]))
        w.scalar(config["flag_target"], 20)
        w.multihot([self._card(c, me) for c in board.bits(st.unfinished)], COLOURS * SUIT)
        w.multihot([self._card(c, me) for c in st.pack[me]], COLOURS * SUIT)
        w.multihot([self._card(c, me) for c in st.cache[me]], COLOURS * SUIT)
        seen: dict[int, dict[int, list]] = {}  # climber -> position -> seats (AN-R41)
        for t, p, who in st.seen.values():
            seen.setdefault(t, {})[p] = board.bits(who)
        known = st.known[me]
        for s in self.seats_from(me):
            self._climber_state(w, st, s, me, known, seen.get(s, {}))
        row = me * n
        for remembered in (st.kpack, st.kcache):  # AN-R39
            for s in self.seats_from(me)[1:]:
                cards = board.bits(remembered[row + s])
                w.multihot([self._card(c, me) for c in cards], COLOURS * SUIT)

    def _climber_state(
        self, w: Writer, st: State, t: int, me: int, known: int, seen: dict[int, list]
    ) -> None:
        """:meth:`_climber` of climber ``t``'s observation data, read from the state."""
        n = self.num_players
        hot = w.hot
        net = self.net
        max_net = self.max_net
        pos = w.pos
        seers = 4 + COLOURS + SUIT + 1
        width = seers + n
        m = st.mount[t]
        up = st.up[t]
        down = st.down[t]
        for p in range(SPOTS):
            if up >> p & 1:
                card = m[p]
                hot[pos + 3] = 1.0  # face up
                colour = card // SUIT if isinstance(card, int) else None
            elif down >> p & 1:
                c = m[p]
                colour = c // SUIT
                card = c if known >> c & 1 else None
                hot[pos + (1 if card is None else 2)] = 1.0  # face down: unknown / known
                who = seen.get(p)
                if who:
                    for u in who:
                        if 0 <= u < n:
                            hot[pos + seers + (u - me) % n] = 1.0
            else:
                hot[pos] = 1.0  # empty
                pos += width
                continue
            if isinstance(colour, int) and 0 <= colour < COLOURS:
                hot[pos + 4 + ((colour - me) % n if colour < n else colour)] = 1.0
            if isinstance(card, int) and card >= 0:
                hot[pos + 4 + COLOURS + card % SUIT] = 1.0
                v = net[card % SUIT] / max_net
                if v:
                    hot[pos + 4 + COLOURS + SUIT] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else v
            pos += width
        w.pos = pos
        w.scalar(len(st.pack[t]), 24)
        w.scalar(len(st.cache[t]), 24)
        loc = st.loc[t]
        w.onehot(loc + 1 if isinstance(loc, int) else -1, SPOTS + 1)
        w.scalar(st.arrival[t], n)
        for held in (st.skips[t], st.shields[t], st.peakfx[t]):
            w.counts([c % SUIT for c in held if isinstance(c, int) and c >= 0], SUIT, 2)
        w.scalar(st.extra[t], 3)
        w.scalar(st.flags[t], self.target + 4)
        w.scalar(st.earned[t], 4)
        w.onehot(st.placing[t], n + 1)

    def _climber(self, w: Writer, cl: dict, me: int, k: int, seen: dict[int, list]) -> None:
        n = self.num_players
        w.section(f"climber{k}")
        side = list(cl.get("side") or [])
        # the 15 spots, written straight into the writer's non-zero features (the hot loop of
        # every encoding): per spot 4 state slots, COLOURS colour slots, SUIT card slots, net,
        # n slots of the climbers seen to identify a face-down card (ruling AN-R41)
        hot = w.hot
        net = self.net
        max_net = self.max_net
        pos = w.pos
        seers = 4 + COLOURS + SUIT + 1
        width = seers + n
        for p in range(SPOTS):
            e = side[p] if p < len(side) else None
            if e is None:
                hot[pos] = 1.0  # empty
                pos += width
                continue
            if isinstance(e, list):
                colour = e[0] if e else None
                card = e[1] if len(e) > 1 else None
                hot[pos + (1 if card is None else 2)] = 1.0  # face down: unknown / known
                who = seen.get(p)
                if who:
                    for u in who:
                        if isinstance(u, int) and 0 <= u < n:
                            hot[pos + seers + (u - me) % n] = 1.0
            else:
                card = e
                hot[pos + 3] = 1.0  # face up
                colour = card // SUIT if isinstance(card, int) else None
            if isinstance(colour, int) and 0 <= colour < COLOURS:  # _colour, inlined
                hot[pos + 4 + ((colour - me) % n if colour < n else colour)] = 1.0
            if isinstance(card, int) and card >= 0:
                hot[pos + 4 + COLOURS + card % SUIT] = 1.0
                v = net[card % SUIT] / max_net
                if v:
                    hot[pos + 4 + COLOURS + SUIT] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else v
            pos += width
        w.pos = pos
        for key in ("pack", "cache"):
            held = cl.get(key)
            w.scalar(len(held) if isinstance(held, list) else held, 24)  # Caches grow long
        loc = cl.get("loc")
        w.onehot(loc + 1 if isinstance(loc, int) else -1, SPOTS + 1)
        w.scalar(cl.get("arrival"), n)
        for key in ("skips", "shields", "peakfx"):
            held = cl.get(key) or []
            w.counts([c % SUIT for c in held if isinstance(c, int) and c >= 0], SUIT, 2)
        w.scalar(cl.get("extra"), 3)
        w.scalar(cl.get("flags"), self.target + 4)
        w.scalar(cl.get("earned"), 4)
        w.onehot(cl.get("placing"), n + 1)


__all__ = ["AnnapurnaEncoder"]
