"""Observation encoder of The Peach Festival.

Blocks, in order (``n`` seats, ``C`` Request cards, ``A`` player actions; sheets and seat-valued
fields are counted from the observing seat, so block ``k`` of the sheets is the seat ``k`` places
to the observer's left):

* ``seat`` (n), ``difficulty`` (3, solo only), ``round`` (1), ``phase`` (9), ``dice`` (1 + 6);
* ``commons``, ``removed``, ``hand`` (C each, multi-hot of card IDs);
* ``deck`` (2 + C: unseen and under-the-deck counts, the cards under it this seat put there);
* ``draw_queue`` (n + 1), ``order`` (n x n), ``cursor`` (1), ``rolling`` (n),
  ``node`` (n + 3: seat, chance, simultaneous, terminal), ``acting`` (n);
* per sheet: every square (filled, value), column heights, Column Reward boxes, Peaches, eaten,
  Merchants, Requests taken, Two-Peach icons paid, flags, pending decisions, the action last
  revealed on it and the sealed action, each a one-hot over the A actions (the sealed one only
  when the observer may see it, PF-030, PF-R10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.encoding import Encoder, Writer, is_number
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game
from meeple.games.peach_festival.consts import ACTION, SETUP_KEEP

if TYPE_CHECKING:
    from meeple.games.peach_festival.sheet import PlayerSheet
    from meeple.games.peach_festival.state import PeachState as State

PHASES = ("deal", "keep", "common", "track", "roll", "action", "resolve", "dice", "over")
PENDING = ("number", "write", "die", "reward", "keep", "peach")
DIFFICULTY = ("easy", "medium", "hard")
#: Distinct sets of columns whose square features the state path keeps.
SQUARES_CACHE = 4096


class PeachFestivalEncoder(Encoder):
    """Encoder of ``peach-festival`` observations (see the module docstring for the layout)."""

    game_name = "peach-festival"
    marks = frozenset(("commons", "dice", "draw_queue", "hand", "phase", "sheets"))

    def setup(self, game: Game) -> None:
        sheet = game.sheet
        self.card_index = {c.id: i for i, c in enumerate(game.content.cards)}
        self.num_cards = len(self.card_index)
        self.lengths = tuple(sheet.lengths)
        self.max_value = max(1, max(self.lengths) - 1)
        self.peach_total = max(1, game.peach_total)
        self.num_merchants = len(sheet.merchants)
        self.num_two = len(sheet.two_peach)
        self.track_len = max(1, len(sheet.track_rewards))
        self.rounds = self.track_len if game.num_players == 1 else max(1, game.max_rounds)
        self.space = game.action_space
        #: slots of a sheet's squares and column heights, and their cached features
        self._squares_span = 2 * sum(self.lengths) + len(self.lengths)
        self._squares: dict[tuple, tuple] = {}

    def _cards(self, ids) -> list[int]:
        return [self.card_index.get(c, -1) for c in ids or [] if c is not None]

    def write(self, w: Writer, obs: dict) -> None:
        n = self.num_players
        me = obs.get("seat") or 0
        C = self.num_cards
        w.section("seat")
        w.onehot(me, n)
        w.section("difficulty")
        w.onehot(DIFFICULTY.index(d) if (d := obs.get("difficulty")) in DIFFICULTY else -1, 3)
        w.section("round")
        w.scalar(obs.get("round"), self.rounds)
        w.section("phase")
        phase = obs.get("phase")
        w.onehot(PHASES.index(phase) if phase in PHASES else -1, len(PHASES))
        w.section("dice")
        dice = obs.get("dice")
        w.flag(dice is not None)
        w.scalars(dice, 6, 5)
        w.section("commons")
        w.multihot(self._cards(obs.get("commons")), C)
        w.section("removed")
        w.multihot(self._cards(obs.get("removed")), C)
        w.section("hand")
        w.multihot(self._cards(obs.get("hand")), C)
        w.section("deck")
        deck = obs.get("deck") or {}
        bottom = deck.get("bottom") or []
        w.scalar(deck.get("unseen"), C)
        w.scalar(len(bottom), C)
        w.multihot(self._cards(bottom), C)
        w.section("draw_queue")
        w.counts([self.rel(s, me) if s != -1 else n for s in obs.get("draw_queue") or []], n + 1, 3)
        w.section("order")
        order = list(obs.get("order") or [])
        for s in self.seats_from(me):
            w.onehot(order.index(s) if s in order else -1, n)
        w.section("cursor")
        w.scalar(obs.get("cursor"), n)
        w.section("rolling")
        w.onehot(self.rel(obs.get("rolling"), me), n)
        w.section("node")
        node = obs.get("current_player")
        special = {CHANCE: n, SIMULTANEOUS: n + 1, TERMINAL: n + 2}
        w.onehot(special.get(node, self.rel(node, me)), n + 3)
        w.section("acting")
        w.multihot([self.rel(s, me) for s in obs.get("acting") or []], n)
        sheets = obs.get("sheets") or []
        for k, s in enumerate(self.seats_from(me)):
            self._sheet(w, sheets[s] if s < len(sheets) else {}, k)

    def _sheet(self, w: Writer, sh: dict, k: int) -> None:
        w.section(f"sheet{k}")
        cols = sh.get("cols") or []
        # each box of each column: written (1) and its number / the largest number, written
        # straight into the writer's non-zero features (the hot loop of every encoding)
        hot = w.hot
        top = self.max_value
        pos = w.pos
        for c, length in enumerate(self.lengths):
            col = cols[c] if c < len(cols) else []
            for r in range(min(length, len(col))):
                hot[pos + 2 * r] = 1.0
                v = col[r]
                if v and (type(v) is int or is_number(v)):
                    v = v / top
                    hot[pos + 2 * r + 1] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else float(v)
            pos += 2 * length
        w.pos = pos
        for c, length in enumerate(self.lengths):
            w.scalar(len(cols[c]) if c < len(cols) else 0, length)
        w.bits(sh.get("boxes"), len(self.lengths))
        w.scalar(sh.get("peaches"), self.peach_total)
        w.scalar(sh.get("eaten"), self.peach_total)
        w.onehot(sh.get("merchants"), self.num_merchants + 1)
        w.multihot(self._cards(sh.get("requests")), self.num_cards)
        w.bits(sh.get("two_paid"), self.num_two)
        w.flag(sh.get("reward_gained"))
        w.scalar(sh.get("dice_left"), 3)
        w.scalar(sh.get("hand_size"), 3)
        w.flag(sh.get("committed"))
        track = sh.get("track")
        w.flag(isinstance(track, int) and track >= 0)
        w.scalar(track, self.track_len)
        pending = sh.get("pending") or []
        kinds = [PENDING.index(p[0]) for p in pending if p and p[0] in PENDING]
        w.counts(kinds, len(PENDING), 3)
        first = pending[0] if pending else None
        w.onehot(PENDING.index(first[0]) if first and first[0] in PENDING else -1, len(PENDING))
        w.scalar(first[1] if first and len(first) > 1 else None, self.max_value)
        w.flag(first[2] if first and len(first) > 2 else False)
        w.onehot(self._action_id(sh.get("last")), self.space.num_actions)
        w.onehot(self._action_id(sh.get("commit")), self.space.num_actions)

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """:meth:`write` of ``observe(state, seat)``, read from the state (same features:
        the observation's fields are the state's, hidden ones left out as ``observe`` leaves
        them out: other seats' hands, others' cards under the deck, sealed actions)."""
        game = state.game
        n = self.num_players
        me = seat
        C = self.num_cards
        index = self.card_index
        w.onehot(me, n)
        d = game.config["difficulty"] if game.solo else None
        w.onehot(DIFFICULTY.index(d) if d in DIFFICULTY else -1, 3)
        w.scalar(state.round, self.rounds)
        phase = state.phase
        w.onehot(PHASES.index(phase) if phase in PHASES else -1, len(PHASES))
        dice = state.dice
        w.flag(dice is not None)
        w.scalars(dice, 6, 5)
        w.multihot([index.get(c, -1) for c in state.commons], C)
        w.multihot([index.get(c, -1) for c in state.removed], C)
        w.multihot([index.get(c, -1) for c in state.sheets[me].hand], C)
        bottom = state.deck_bottom
        w.scalar(len(state.deck_unseen), C)
        w.scalar(len(bottom), C)
        w.multihot([index.get(c, -1) for c, k in bottom if k == me], C)
        w.counts([self.rel(s, me) if s != -1 else n for s in state.draw_queue], n + 1, 3)
        order = list(state.order)
        for s in self.seats_from(me):
            w.onehot(order.index(s) if s in order else -1, n)
        w.scalar(state.cursor, n)
        w.onehot(self.rel(state.rolling, me), n)
        node = state.node
        special = {CHANCE: n, SIMULTANEOUS: n + 1, TERMINAL: n + 2}
        w.onehot(special.get(node, self.rel(node, me)), n + 3)
        w.multihot([self.rel(s, me) for s in state.acting_seats()], n)
        sealed = phase in (ACTION, SETUP_KEEP)  # what observe hides (PF-030, PF-R10)
        sheets = state.sheets
        for s in self.seats_from(me):
            self._sheet_state(w, sheets[s], s == me or not sealed)

    def _sheet_state(self, w: Writer, sh: PlayerSheet, commit_shown: bool) -> None:
        """:meth:`_sheet` of ``sh``'s observation data, read from the sheet.

        The squares and column heights (most of a sheet's features) depend on its columns
        only, so their non-zero slots are computed once per distinct set of columns and
        written into the buffer with one NumPy assignment.
        """
        key = tuple(map(tuple, sh.cols))
        entry = self._squares.get(key)
        if entry is None:
            entry = self._square_features(key)
        offsets, values = entry
        pos = w.pos
        if w.buf is not None and len(offsets):
            w.buf[pos : pos + self._squares_span][offsets] = values
        w.pos = pos + self._squares_span
        w.bits(sh.boxes, len(self.lengths))
        w.scalar(sh.peaches, self.peach_total)
        w.scalar(sh.eaten, self.peach_total)
        w.onehot(sh.merchants, self.num_merchants + 1)
        index = self.card_index
        w.multihot([index.get(c, -1) for c in sh.requests], self.num_cards)
        w.bits(sh.two_paid, self.num_two)
        w.flag(sh.reward_gained)
        w.scalar(sh.dice_left, 3)
        w.scalar(len(sh.hand), 3)
        w.flag(sh.commit is not None)
        track = sh.track
        w.flag(isinstance(track, int) and track >= 0)
        w.scalar(track, self.track_len)
        pending = sh.pending
        kinds = [PENDING.index(p[0]) for p in pending if p and p[0] in PENDING]
        w.counts(kinds, len(PENDING), 3)
        first = pending[0] if pending else None
        w.onehot(PENDING.index(first[0]) if first and first[0] in PENDING else -1, len(PENDING))
        w.scalar(first[1] if first and len(first) > 1 else None, self.max_value)
        w.flag(first[2] if first and len(first) > 2 else False)
        last = sh.last
        w.onehot(self._action_id(last.text) if last is not None else -1, self.space.num_actions)
        commit = sh.commit if commit_shown else None
        w.onehot(self._action_id(commit.text) if commit is not None else -1, self.space.num_actions)

    def _square_features(self, cols: tuple[tuple[int, ...], ...]) -> tuple:
        """``(offsets, values)`` of the non-zero square and height slots of ``cols``, as
        :meth:`_sheet` writes them, cached (the cache is emptied when it grows large)."""
        import numpy as np

        w = Writer(np.zeros(self._squares_span, np.float32))
        hot = w.hot
        top = self.max_value
        pos = 0
        for c, length in enumerate(self.lengths):
            col = cols[c] if c < len(cols) else ()
            for r in range(min(length, len(col))):
                hot[pos + 2 * r] = 1.0
                v = col[r]
                if v and (type(v) is int or is_number(v)):
                    v = v / top
                    hot[pos + 2 * r + 1] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else float(v)
            pos += 2 * length
        w.pos = pos
        for c, length in enumerate(self.lengths):
            w.scalar(len(cols[c]) if c < len(cols) else 0, length)
        entry = (
            np.fromiter(hot, np.intp, len(hot)),
            np.fromiter(hot.values(), np.float32, len(hot)),
        )
        if len(self._squares) >= SQUARES_CACHE:
            self._squares.clear()
        self._squares[cols] = entry
        return entry

    def _action_id(self, text) -> int:
        """Index of the action written ``text``, or -1 for none (or an unknown spelling)."""
        if isinstance(text, str) and text in self.space:
            return self.space.parse(text).id
        return -1


__all__ = ["PeachFestivalEncoder"]
