"""Observation encoder of Almanac: The Crystal Peaks.

Seat-valued fields and the per-player blocks are counted from the observing seat. Content sizes
(caravan cards, contracts, encounters, pages, token kinds) come from the configured content.
Blocks:

* ``seat`` (n), ``round`` (1), ``page`` / ``next_page`` (one-hot over pages), ``route``
  (multi-hot over pages), ``guide`` / ``turn`` (n each);
* ``caravans``: the caravan deck, face-up row and discard pile (multi-hot each);
* ``contracts``: deck size, contracts under the deck (count, and those this seat knows),
  contracts this seat sees drawn and not yet kept; ``start_pool`` (multi-hot);
* ``supply``: guards, tokens per kind; ``board``: each space's occupant, the page's extra state;
* ``bids``: per seat (none / sealed / amount), the context, the last bidding (whether there was
  one, each seat's bid, the winner, what it paid);
* ``encounter``: the encounter card, won, fled, option, roll;
* ``tasks``: depth, the top three tasks' kinds, the top task's seat and small arguments;
* per player: gold (own only), goods, crates, shields, strength, starting caravan, caravan cards,
  workers, placed, extra, reserve (own only), contracts (own incomplete, completed), hidden
  contract count, guards, tokens, trophies, farmer, ladders, grey ladders, visited clusters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.encoding import Encoder, Writer, is_int
from meeple.core.game import Game
from meeple.games.almanac.consts import CHANCES, DECISIONS

if TYPE_CHECKING:
    from meeple.games.almanac.state import AlmanacState as State

BID_CONTEXTS = ("guide", "reward", "page")
GOLD_BOUND = 300.0
CLUSTERS = 16
PAGE_STATE = 8


def _task_kinds() -> tuple[str, ...]:
    return tuple(sorted({*DECISIONS, *CHANCES, "bid"}))


class AlmanacEncoder(Encoder):
    """Encoder of ``almanac`` observations (see the module docstring for the layout)."""

    game_name = "almanac"
    marks = frozenset(("bids", "caravan_deck", "occupied", "page", "route", "tasks"))

    def setup(self, game: Game) -> None:
        c = game.content
        self.caravans = len(c.caravans)
        self.contracts = len(c.contracts)
        self.encounters = len(c.encounters)
        self.starting = len(c.starting)
        self.pages = {pid: i for i, pid in enumerate(sorted(c.pages))}
        self.tokens = sorted(c.token_fame)
        self.token_index = {kind: i for i, kind in enumerate(self.tokens)}
        self.max_spaces = c.max_spaces
        self.goods_cap = max(1, int(getattr(c, "goods_per_type", 10)))
        self.workers = max(1, int(c.workers_per_player))
        self.guards = max(1, int(c.guard_supply))
        self.kinds = _task_kinds()

    def _pages(self, ids) -> list[int]:
        return [self.pages.get(p, -1) for p in ids or []]

    def write(self, w: Writer, obs: dict) -> None:
        n = self.num_players
        me = self.seat_of(obs) or 0
        P = len(self.pages)
        w.section("seat")
        w.onehot(me, n)
        w.section("round")
        w.scalar(obs.get("round"), 20)
        w.section("page")
        w.onehot(self.pages.get(obs.get("page"), -1), P)
        w.onehot(self.pages.get(obs.get("next_page"), -1), P)
        w.multihot(self._pages(obs.get("route")), P)
        w.section("guide")
        w.onehot(self.rel(obs.get("guide"), me), n)
        w.onehot(self.rel(obs.get("turn"), me), n)
        w.section("caravans")
        for key in ("caravan_deck", "caravan_faceup", "caravan_discard"):
            w.multihot(obs.get(key), self.caravans)
        w.section("contracts")
        bottom = obs.get("contract_bottom") or []
        w.scalar(obs.get("contract_deck_size"), self.contracts)
        w.scalar(len(bottom), self.contracts)
        w.multihot([b[0] for b in bottom if b and b[0] is not None], self.contracts)
        seen = []
        for t in obs.get("tasks") or []:
            if t and t[0] in ("draw_ct", "keep") and isinstance(t[-1], list):
                seen += [k for k in t[-1] if k is not None]
        w.multihot(seen, self.contracts)
        w.section("start_pool")
        w.multihot(obs.get("start_pool"), self.starting)
        w.section("supply")
        w.scalar(obs.get("guard_supply"), self.guards)
        w.scalar_map(obs.get("token_supply"), self.token_index, 10)
        self._board(w, obs.get("occupied") or [], obs.get("page_state") or [], me)
        self._bids(w, list(obs.get("bids") or []), obs.get("bid_context"), obs.get("last_bids"), me)
        self._encounter(
            w,
            obs.get("encounter"),
            obs.get("encounter_won"),
            obs.get("encounter_flee"),
            obs.get("encounter_option"),
            obs.get("encounter_roll"),
        )
        self._tasks(w, obs.get("tasks") or [], me)
        players = obs.get("players")
        if not isinstance(players, list):
            players = []
        for k, s in enumerate(self.seats_from(me)):
            self._player(w, players[s] if s < len(players) else {}, k)

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """:meth:`write` of ``state.observe(seat)``, read from the state (same features; what
        the observation hides stays out: others' gold, reserves and face-down contracts before
        the end, contracts others drew or put under the deck, others' sealed bids; AL-G32,
        ruling AL-R32)."""
        st = state
        n = self.num_players
        me = seat
        pages = self.pages
        P = len(pages)
        w.onehot(me, n)
        w.scalar(st.round, 20)
        w.onehot(pages.get(st.page, -1), P)
        w.onehot(pages.get(st.next_page, -1), P)
        w.multihot([pages.get(p, -1) for p in st.route], P)
        w.onehot(self.rel(st.guide, me), n)
        w.onehot(self.rel(st.turn, me), n)
        w.multihot(st.cv_deck, self.caravans)
        w.multihot(st.cv_faceup, self.caravans)
        w.multihot(st.cv_discard, self.caravans)
        bottom = st.ct_bottom
        w.scalar(len(st.ct_deck), self.contracts)
        w.scalar(len(bottom), self.contracts)
        w.multihot([k for k, who in bottom if who == me and k is not None], self.contracts)
        seen = []
        for t in st.tasks:
            if t and t[0] in ("draw_ct", "keep") and t[1] == me and isinstance(t[-1], list | tuple):
                seen += [k for k in t[-1] if k is not None]
        w.multihot(seen, self.contracts)
        w.multihot(st.start_pool, self.starting)
        w.scalar(st.guard_supply, self.guards)
        w.scalar_map(st.tok_supply, self.token_index, 10)
        self._board(w, st.occ, st.pg, me)
        # another seat's committed bid shows as committed, its amount hidden (AL-G22)
        bids = [b if s == me or b == -1 else -2 for s, b in enumerate(st.bids)]
        self._bids(w, bids, st.bid_ctx, st.last_bids, me)
        self._encounter(w, st.enc, st.enc_won, st.enc_flee, st.enc_opt, st.enc_roll)
        self._tasks(w, st.tasks, me)
        over = not st.tasks  # the final scoring shows everything (ruling AL-R32)
        for s in self.seats_from(me):
            self._player_state(w, st, s, over or s == me)

    def _board(self, w: Writer, occ: Any, pg: Any, me: int) -> None:
        """The ``board`` block: per space on the page, occupied, by whom (from ``me``),
        written straight into the writer's non-zero features (the longest loop of every
        encoding); then the page's extra state."""
        n = self.num_players
        w.section("board")
        hot = w.hot
        pos = w.pos
        for o in list(occ)[: self.max_spaces]:
            hot[pos] = 1.0
            if isinstance(o, int) and o != -1:
                hot[pos + 1] = 1.0
                if (type(o) is int or is_int(o)) and 0 <= o < n:
                    hot[pos + 2 + (o - me) % n] = 1.0
            pos += 2 + n
        w.pos += self.max_spaces * (2 + n)
        pg = list(pg)
        for i in range(PAGE_STATE):
            v = pg[i] if i < len(pg) else None
            w.flag(v is not None)
            w.scalar(v, 20)
            self.seat_onehot(w, v, me)

    def _bids(self, w: Writer, bids: list, ctx: Any, last: Any, me: int) -> None:
        """The ``bids`` block: each seat's bid as the observation shows it (-1 none, -2
        sealed, else the amount), the context, and the last bidding (``[*bids, winner,
        pay]``)."""
        n = self.num_players
        w.section("bids")
        for s in self.seats_from(me):
            b = bids[s] if s < len(bids) else None
            w.flag(b == -1)
            w.flag(b == -2)
            w.flag(isinstance(b, int) and b >= 0)
            w.logscalar(b, GOLD_BOUND)
        w.onehot(BID_CONTEXTS.index(ctx) if ctx in BID_CONTEXTS else -1, len(BID_CONTEXTS))
        last = list(last or [])
        have = len(last) == n + 2
        w.flag(have)
        for s in self.seats_from(me):
            w.logscalar(last[s] if have else None, GOLD_BOUND)
        self.seat_onehot(w, last[n] if have else None, me)
        w.logscalar(last[n + 1] if have else None, GOLD_BOUND)

    def _encounter(self, w: Writer, card: Any, won: Any, flee: Any, option: Any, roll: Any) -> None:
        """The ``encounter`` block."""
        w.section("encounter")
        w.onehot(card, self.encounters)
        w.scalar(won, 1)
        w.scalar(flee, 1)
        w.onehot(option, 4)
        w.scalar(roll, 12)

    def _player_state(self, w: Writer, st: State, s: int, mine: bool) -> None:
        """:meth:`_player` of seat ``s``'s observation data, read from the state."""
        incomplete = st.incomplete[s]
        self._player_fields(
            w,
            st.gold[s] if mine else None,
            st.goods[s],
            st.crates[s],
            st.shields[s],
            st.strength(s),
            st.start[s],
            st.caravan[s],
            (st.workers[s], st.placed[s], st.extra[s], st.reserve(s) if mine else None),
            [c for c in incomplete if c is not None] if mine else None,
            len(incomplete),
            st.completed[s],
            st.guards[s],
            st.tokens[s],
            st.trophies[s],
            (st.farmer[s], st.ladders[s], st.grey[s]),
            st.visited[s],
        )

    def _player_fields(
        self,
        w: Writer,
        gold: Any,
        goods: Any,
        crates: Any,
        shields: Any,
        strength: Any,
        start: Any,
        caravan: Any,
        workers: tuple,
        incomplete: Any,
        contracts: int,
        completed: Any,
        guards: Any,
        tokens: Any,
        trophies: Any,
        climbing: tuple,
        visited: Any,
    ) -> None:
        """A player's block from its observation's fields (``workers``: workers, placed,
        extra, reserve; ``incomplete``: the incomplete contracts shown, ``None`` when hidden,
        ``contracts`` their count; ``climbing``: farmer, ladders, grey ladders)."""
        w.flag(gold is not None)
        w.logscalar(gold, GOLD_BOUND)
        w.scalar(gold, 50)
        w.scalars(goods, 4, self.goods_cap)
        w.scalar(crates, 30)  # crates grow with every caravan card
        w.scalar(shields, 10)
        w.scalar(strength, 30)
        w.onehot(start, self.starting)
        w.multihot(caravan, self.caravans)
        for count in workers:
            w.scalar(count, self.workers)
        if incomplete is None:
            w.pos += self.contracts
        else:
            w.multihot(incomplete, self.contracts)
        w.scalar(contracts, 8)
        w.multihot(completed, self.contracts)
        w.scalar(guards, self.guards)
        w.scalar_map(tokens, self.token_index, 5)
        w.multihot(trophies, self.encounters)
        farmer, ladders, grey = climbing
        w.scalar(farmer, 3)
        w.scalar(ladders, 12)
        w.scalar(grey, 12)
        w.bits(visited, CLUSTERS)

    def _tasks(self, w: Writer, tasks: list, me: int) -> None:
        n = self.num_players
        K = len(self.kinds)
        w.section("tasks")
        w.scalar(len(tasks), 32)
        for i in range(3):
            t = tasks[-1 - i] if i < len(tasks) else None
            kind = t[0] if t else None
            w.onehot(self.kinds.index(kind) if kind in self.kinds else -1, K)
            w.flag(t is not None and kind not in self.kinds)
        top = list(tasks[-1]) if tasks else []
        seat = top[1] if len(top) > 1 else None
        w.onehot(self.rel(seat, me), n)
        args = [a for a in top[2:] if isinstance(a, int) and not isinstance(a, bool)]
        w.scalars(args, 3, 10)

    def _player(self, w: Writer, p: dict, k: int) -> None:
        w.section(f"player{k}")
        incomplete = p.get("incomplete") or []
        self._player_fields(
            w,
            p.get("gold"),
            p.get("goods"),
            p.get("crates"),
            p.get("shields"),
            p.get("strength"),
            p.get("start"),
            p.get("caravan"),
            tuple(p.get(key) for key in ("workers", "placed", "extra", "reserve")),
            [c for c in incomplete if c is not None],
            len(incomplete),
            p.get("completed"),
            p.get("guards"),
            p.get("tokens"),
            p.get("trophies"),
            (p.get("farmer"), p.get("ladders"), p.get("grey")),
            p.get("visited"),
        )

    def seat_of(self, observation: dict) -> int | None:
        viewer = observation.get("viewer")
        return viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None


__all__ = ["AlmanacEncoder"]
