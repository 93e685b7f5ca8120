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

from typing import TYPE_CHECKING, Any

from meeple.core.encoding import Encoder, Writer, clip, is_int
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
        me = obs.get("seat") or 0
        deal = [*list(obs.get("deal") or []), None, None, None]
        climbers = obs.get("climbers") or []
        mine = climbers[me] if me < len(climbers) else {}
        pack, cache = (
            held if isinstance(held := mine.get(key), list) else [] for key in ("pack", "cache")
        )
        self._head(
            w,
            me,
            obs.get("stage"),
            obs.get("turn"),
            obs.get("starter"),
            obs.get("lntb"),
            obs.get("winner"),
            obs.get("ascent"),
            obs.get("turns"),
            deal[:3],
            obs.get("verb"),
            self._card(obs.get("card"), me),
            obs.get("pending") or [],
            obs.get("window") or [],
            obs.get("victim"),
            (obs.get("peaked_now"), obs.get("skipping"), obs.get("auto_sweep")),
            obs.get("target"),
            obs.get("unfinished") or [],
            pack,
            cache,
        )
        seen: dict[int, dict[int, list]] = {}  # climber -> position -> seats (AN-R41)
        for entry in obs.get("identified") or ():
            if isinstance(entry, list | tuple) and len(entry) == 3:
                t, p, who = entry
                if is_int(t) and is_int(p) and isinstance(who, list):
                    seen.setdefault(int(t), {})[int(p)] = who
        for k, s in enumerate(self.seats_from(me)):
            self._climber(w, climbers[s] if s < len(climbers) else {}, me, k, seen.get(s, {}))
        others = self.seats_from(me)[1:]
        held = [obs.get(key) or [] for key in ("known_pack", "known_cache")]
        self._remembered(
            w,
            me,
            [[h[s] if s < len(h) and isinstance(h[s], list) else [] for s in others] for h in held],
        )

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """:meth:`write` of ``state.observe(seat)``, read from the state (same features; what
        the observation hides stays out: face-down cards ``seat`` does not identify, other
        climbers' Backpacks and Caches but for their sizes and what ``seat`` remembers of
        them; AN-010, AN-028, rulings AN-R39, AN-R41)."""
        st = state
        n = self.num_players
        me = seat
        config = st.game.config
        self._head(
            w,
            me,
            STAGE_NAMES[st.stage],
            st.turn,
            st.starter,
            st.lntb,
            st.winner,
            st.ascent,
            st.turns,
            (st.deal_seat, st.deal_pos, len(st.undealt)),
            st.verb,
            self._card(st.sel, me) if me == st.turn else -1,
            st.pending,
            st.window,
            st.victim,
            (st.peaked_now, st.skipping, bool(config["auto_sweep"])),
            config["flag_target"],
            board.bits(st.unfinished),
            st.pack[me],
            st.cache[me],
        )
        seen: dict[int, dict[int, list]] = {}  # climber -> position -> seats (AN-R41)
        for t, p, who in st.seen.values():
            seen.setdefault(t, {})[p] = board.bits(who)
        known = st.known[me]
        for s in self.seats_from(me):
            self._climber_state(w, st, s, me, known, seen.get(s, {}))
        row = me * n
        others = self.seats_from(me)[1:]
        self._remembered(
            w,
            me,
            [[board.bits(masks[row + s]) for s in others] for masks in (st.kpack, st.kcache)],
        )

    def _head(
        self,
        w: Writer,
        me: int,
        stage: Any,
        turn: Any,
        starter: Any,
        lntb: Any,
        winner: Any,
        ascent: Any,
        turns: Any,
        deal: Any,
        verb: Any,
        card: int,
        pending: Any,
        window: Any,
        victim: Any,
        flags: tuple,
        target: Any,
        unfinished: Any,
        pack: Any,
        cache: Any,
    ) -> None:
        """The blocks before the climbers, from the observation's fields (``deal``: the
        dealing seat, position and cards left; ``card``: the chosen card's relative index or
        -1; ``flags``: peaked now, skipping, auto sweep; card lists as card ids)."""
        n = self.num_players
        w.section("seat")
        w.onehot(me, n)
        w.section("stage")
        w.onehot(_STAGE_INDEX.get(stage, -1) if isinstance(stage, str) else -1, len(STAGES))
        for name, seat in (
            ("turn", turn),
            ("starter", starter),
            ("lntb", lntb),
            ("winner", winner),
        ):
            w.section(name)
            self.seat_onehot(w, seat, me)
        w.section("ascent")
        w.scalar(ascent, self.ascents)
        w.scalar(turns, 100 * n)
        w.section("deal")
        self.seat_onehot(w, deal[0], me)
        w.scalar(deal[1], SPOTS + 3)
        w.scalar(deal[2], SPOTS + 3)
        w.section("verb")
        w.onehot(verb, 5)
        w.section("card")
        w.onehot(card // SUIT if card >= 0 else -1, COLOURS)
        w.onehot(card % SUIT if card >= 0 else -1, SUIT)
        w.section("pending")
        w.scalar(len(pending), 4)
        for i in range(PENDING_SHOWN):
            p = list(pending[-1 - i]) + [None] * 4 if i < len(pending) else [None] * 4
            w.onehot(p[0], 6)
            self.seat_onehot(w, p[1], me)
            w.scalar(p[2], 4)
            w.scalar(p[3], 4)
        w.section("window")
        w.multihot([self.rel(s, me) for s in window], n)
        self.seat_onehot(w, victim, me)
        w.section("flags")
        for flag in flags:
            w.flag(flag)
        w.scalar(target, 20)
        for name, cards in (("unfinished", unfinished), ("pack", pack), ("cache", cache)):
            w.section(name)
            w.multihot([self._card(c, me) for c in cards], COLOURS * SUIT)

    def _remembered(self, w: Writer, me: int, held: list[list[list]]) -> None:
        """The cards ``me`` remembers in the other climbers' Backpacks, then Caches
        (``held[zone][k]``: the card ids of the ``k``-th other climber from ``me``;
        ruling AN-R39)."""
        w.section("remembered")
        for zone in held:
            for cards in zone:
                w.multihot([self._card(c, me) for c in cards], COLOURS * SUIT)

    def _climber_rest(
        self,
        w: Writer,
        pack: Any,
        cache: Any,
        loc: Any,
        arrival: Any,
        held: tuple,
        extra: Any,
        flags: Any,
        earned: Any,
        placing: Any,
    ) -> None:
        """A climber's blocks after its spots, from its observation's fields (``pack`` and
        ``cache`` as sizes; ``held``: its skip cards, shields and peak effects)."""
        n = self.num_players
        w.scalar(pack, 24)  # Caches grow long
        w.scalar(cache, 24)
        w.onehot(loc + 1 if isinstance(loc, int) else -1, SPOTS + 1)
        w.scalar(arrival, n)
        for cards in held:
            w.counts([c % SUIT for c in cards if isinstance(c, int) and c >= 0], SUIT, 2)
        w.scalar(extra, 3)
        w.scalar(flags, self.target + 4)
        w.scalar(earned, 4)
        w.onehot(placing, n + 1)

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
                    hot[pos + 4 + COLOURS + SUIT] = clip(v)
            pos += width
        w.pos = pos
        self._climber_rest(
            w,
            len(st.pack[t]),
            len(st.cache[t]),
            st.loc[t],
            st.arrival[t],
            (st.skips[t], st.shields[t], st.peakfx[t]),
            st.extra[t],
            st.flags[t],
            st.earned[t],
            st.placing[t],
        )

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
                    hot[pos + 4 + COLOURS + SUIT] = clip(v)
            pos += width
        w.pos = pos
        pack, cache = (
            len(held) if isinstance(held := cl.get(key), list) else held
            for key in ("pack", "cache")
        )
        self._climber_rest(
            w,
            pack,
            cache,
            cl.get("loc"),
            cl.get("arrival"),
            tuple(cl.get(key) or [] for key in ("skips", "shields", "peakfx")),
            cl.get("extra"),
            cl.get("flags"),
            cl.get("earned"),
            cl.get("placing"),
        )


__all__ = ["AnnapurnaEncoder"]
