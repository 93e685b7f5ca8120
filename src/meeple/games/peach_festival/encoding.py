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

from typing import TYPE_CHECKING, Any

from meeple.core.encoding import Encoder, Writer, clip, is_number
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game
from meeple.games.peach_festival.consts import ACTION, SETUP_KEEP

if TYPE_CHECKING:
    from meeple.games.peach_festival.sheet import PlayerSheet
    from meeple.games.peach_festival.state import PeachState as State

PHASES = ("deal", "keep", "common", "track", "roll", "action", "resolve", "dice", "over")
PENDING = ("number", "write", "die", "reward", "keep", "peach")
DIFFICULTY = ("easy", "medium", "hard")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
#: slot of a node that is no seat, after the ``n`` seats' slots of the ``node`` block
NODE_SLOTS = {CHANCE: 0, SIMULTANEOUS: 1, TERMINAL: 2}
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
        self._squares_cache: dict[tuple, tuple] = {}
        #: offsets of a sheet's blocks after its squares, in :meth:`_sheet_rest`'s order
        sizes = (
            ("boxes", len(self.lengths)),
            ("peaches", 1),
            ("eaten", 1),
            ("merchants", self.num_merchants + 1),
            ("requests", self.num_cards),
            ("two_paid", self.num_two),
            ("reward_gained", 1),
            ("dice_left", 1),
            ("hand_size", 1),
            ("committed", 1),
            ("tracked", 1),
            ("track", 1),
            ("pending", len(PENDING)),
            ("first", len(PENDING)),
            ("first_arg", 1),
            ("first_optional", 1),
            ("last", self.space.num_actions),
            ("commit", self.space.num_actions),
        )
        self._rest: dict[str, int] = {}
        at = 0
        for field, size in sizes:
            self._rest[field] = at
            at += size
        self._rest_span = at
        self._pending_index = {kind: i for i, kind in enumerate(PENDING)}
        #: action text -> :meth:`_action_id`, filled as actions are met
        self._ids: dict[str, int] = {}

    def write(self, w: Writer, obs: dict) -> None:
        me = obs.get("seat") or 0
        deck = obs.get("deck") or {}
        bottom = deck.get("bottom") or []
        self._head(
            w,
            me,
            obs.get("difficulty"),
            obs.get("round"),
            obs.get("phase"),
            obs.get("dice"),
            obs.get("commons"),
            obs.get("removed"),
            obs.get("hand"),
            deck.get("unseen"),
            bottom,
            obs.get("draw_queue") or [],
            obs.get("order") or [],
            obs.get("cursor"),
            obs.get("rolling"),
            obs.get("current_player"),
            obs.get("acting") or [],
        )
        sheets = obs.get("sheets") or []
        for k, s in enumerate(self.seats_from(me)):
            sh = sheets[s] if s < len(sheets) else {}
            w.section(f"sheet{k}")
            self._squares(w, sh.get("cols") or [])
            pending = sh.get("pending") or []
            self._sheet_rest(
                w,
                sh.get("boxes"),
                sh.get("peaches"),
                sh.get("eaten"),
                sh.get("merchants"),
                sh.get("requests"),
                sh.get("two_paid"),
                sh.get("reward_gained"),
                sh.get("dice_left"),
                sh.get("hand_size"),
                sh.get("committed"),
                sh.get("track"),
                pending,
                self._action_id(sh.get("last")),
                self._action_id(sh.get("commit")),
            )

    def write_state(self, w: Writer, state: State, seat: int) -> None:
        """:meth:`write` of ``observe(state, seat)``, read from the state (same features:
        the observation's fields are the state's, hidden ones left out as ``observe`` leaves
        them out: other seats' hands, others' cards under the deck, sealed actions)."""
        me = seat
        phase = state.phase
        self._head_state(w, state, me)
        sealed = phase in (ACTION, SETUP_KEEP)  # what observe hides (PF-030, PF-R10)
        sheets = state.sheets
        for s in self.seats_from(me):
            self._sheet_state(w, sheets[s], s == me or not sealed)

    def _head(
        self,
        w: Writer,
        me: int,
        difficulty: Any,
        round_: Any,
        phase: Any,
        dice: Any,
        commons: Any,
        removed: Any,
        hand: Any,
        unseen: Any,
        bottom: list,
        draw_queue: Any,
        order: Any,
        cursor: Any,
        rolling: Any,
        node: Any,
        acting: Any,
        under: int | None = None,
    ) -> None:
        """The blocks before the sheets, from the observation's fields (``bottom``: the
        observer's cards under the deck; ``under``: how many cards lie there, by default
        ``len(bottom)``, which is all an observation lists)."""
        n = self.num_players
        C = self.num_cards
        index = self.card_index
        w.section("seat")
        w.onehot(me, n)
        w.section("difficulty")
        w.onehot(DIFFICULTY.index(difficulty) if difficulty in DIFFICULTY else -1, 3)
        w.section("round")
        w.scalar(round_, self.rounds)
        w.section("phase")
        w.onehot(PHASES.index(phase) if phase in PHASES else -1, len(PHASES))
        w.section("dice")
        w.flag(dice is not None)
        w.scalars(dice, 6, 5)
        w.section("commons")
        w.indexed(commons, index, C)
        w.section("removed")
        w.indexed(removed, index, C)
        w.section("hand")
        w.indexed(hand, index, C)
        w.section("deck")
        w.scalar(unseen, C)
        w.scalar(len(bottom) if under is None else under, C)
        w.indexed(bottom, index, C)
        w.section("draw_queue")
        w.counts([self.rel(s, me) if s != -1 else n for s in draw_queue], n + 1, 3)
        w.section("order")
        order = list(order)
        for s in self.seats_from(me):
            w.onehot(order.index(s) if s in order else -1, n)
        w.section("cursor")
        w.scalar(cursor, n)
        w.section("rolling")
        self.seat_onehot(w, rolling, me)
        w.section("node")
        special = {CHANCE: n, SIMULTANEOUS: n + 1, TERMINAL: n + 2}
        w.onehot(special.get(node, self.rel(node, me)), n + 3)
        w.section("acting")
        w.multihot([self.rel(s, me) for s in acting], n)

    def _head_state(self, w: Writer, state: State, me: int) -> None:
        """:meth:`_head` of ``observe(state, me)``, stored straight from the state's fields
        into the writer's non-zero features (one store per feature; the same values in the
        same slots, which the byte-equality tests check). Of the deck it shows how many
        cards lie under it and only the observer's own (as ``observe`` does)."""
        n = self.num_players
        C = self.num_cards
        index = self.card_index
        hot = w.hot
        pos = w.pos
        hot[pos + me] = 1.0  # seat
        pos += n
        game = state.game
        if game.solo:
            hot[pos + DIFFICULTY.index(game.config["difficulty"])] = 1.0
        pos += 3
        if state.round:
            hot[pos] = clip(state.round / self.rounds)
        pos += 1
        phase = PHASE_INDEX.get(state.phase)
        if phase is not None:
            hot[pos + phase] = 1.0
        pos += len(PHASES)
        dice = state.dice
        if dice is not None:
            hot[pos] = 1.0
            for i, v in enumerate(dice[:6]):
                if v:
                    hot[pos + 1 + i] = clip(v / 5)
        pos += 7
        for cards in (state.commons, state.removed, state.sheets[me].hand):
            for card in cards:
                i = index.get(card)
                if i is not None:
                    hot[pos + i] = 1.0
            pos += C
        if state.deck_unseen:
            hot[pos] = clip(len(state.deck_unseen) / C)
        bottom = state.deck_bottom
        if bottom:
            hot[pos + 1] = clip(len(bottom) / C)
            for card, owner in bottom:
                i = index.get(card) if owner == me else None
                if i is not None:
                    hot[pos + 2 + i] = 1.0
        pos += 2 + C
        queue = state.draw_queue
        if queue:
            seen: dict[int, int] = {}
            for s in queue:
                k = (s - me) % n if s != -1 else n
                seen[k] = seen.get(k, 0) + 1
            for k, m in seen.items():
                hot[pos + k] = min(1.0, m / 3)
        pos += n + 1
        order = list(state.order)
        for s in self.seats_from(me):
            if s in order:
                hot[pos + order.index(s)] = 1.0
            pos += n
        if state.cursor:
            hot[pos] = clip(state.cursor / n)
        pos += 1
        rolling = state.rolling
        if 0 <= rolling < n:
            hot[pos + (rolling - me) % n] = 1.0
        pos += n
        node = state.node
        hot[pos + (NODE_SLOTS[node] + n if node < 0 else (node - me) % n)] = 1.0
        pos += n + 3
        for s in state.acting_seats():
            hot[pos + (s - me) % n] = 1.0
        w.pos = pos + n

    def _squares(self, w: Writer, cols: Any) -> None:
        """Each box of each column (written, and its number / the largest number), then the
        column heights: the hot loop of every encoding, written straight into the writer's
        non-zero features."""
        hot = w.hot
        top = self.max_value
        pos = w.pos
        for c, length in enumerate(self.lengths):
            col = cols[c] if c < len(cols) else ()
            for r in range(min(length, len(col))):
                hot[pos + 2 * r] = 1.0
                v = col[r]
                if v and (type(v) is int or is_number(v)):
                    hot[pos + 2 * r + 1] = clip(v / top)
            pos += 2 * length
        w.pos = pos
        for c, length in enumerate(self.lengths):
            w.scalar(len(cols[c]) if c < len(cols) else 0, length)

    def _sheet_rest(
        self,
        w: Writer,
        boxes: Any,
        peaches: Any,
        eaten: Any,
        merchants: Any,
        requests: Any,
        two_paid: Any,
        reward_gained: Any,
        dice_left: Any,
        hand_size: Any,
        committed: Any,
        track: Any,
        pending: Any,
        last: int,
        commit: int,
    ) -> None:
        """A sheet's blocks after its squares, from its observation's fields (``last`` and
        ``commit`` as action ids, -1 for none)."""
        w.bits(boxes, len(self.lengths))
        w.scalar(peaches, self.peach_total)
        w.scalar(eaten, self.peach_total)
        w.onehot(merchants, self.num_merchants + 1)
        w.indexed(requests, self.card_index, self.num_cards)
        w.bits(two_paid, self.num_two)
        w.flag(reward_gained)
        w.scalar(dice_left, 3)
        w.scalar(hand_size, 3)
        w.flag(committed)
        w.flag(isinstance(track, int) and track >= 0)
        w.scalar(track, self.track_len)
        kinds = [PENDING.index(p[0]) for p in pending if p and p[0] in PENDING]
        w.counts(kinds, len(PENDING), 3)
        first = pending[0] if pending else None
        w.onehot(PENDING.index(first[0]) if first and first[0] in PENDING else -1, len(PENDING))
        w.scalar(first[1] if first and len(first) > 1 else None, self.max_value)
        w.flag(first[2] if first and len(first) > 2 else False)
        w.onehot(last, self.space.num_actions)
        w.onehot(commit, self.space.num_actions)

    def _sheet_state(self, w: Writer, sh: PlayerSheet, commit_shown: bool) -> None:
        """The sheet block of ``sh``'s observation data, read from the sheet.

        The squares and column heights (most of a sheet's features) depend on its columns
        only, so their non-zero slots are computed once per distinct set of columns and
        written into the buffer with one NumPy assignment.
        """
        key = tuple(map(tuple, sh.cols))
        entry = self._squares_cache.get(key)
        if entry is None:
            entry = self._square_features(key)
        offsets, values = entry
        pos = w.pos
        if w.buf is not None and len(offsets):
            w.buf[pos : pos + self._squares_span][offsets] = values
        w.pos = pos = pos + self._squares_span
        self._sheet_rest_state(w.hot, pos, sh, commit_shown)
        w.pos = pos + self._rest_span

    def _sheet_rest_state(self, hot: dict, pos: int, sh: PlayerSheet, commit_shown: bool) -> None:
        """:meth:`_sheet_rest` of ``sh``'s observation data, written straight into the
        writer's non-zero features at ``pos``: the sheet's fields are plain integers, flags
        and lists, so the writers' checks and calls come down to one store per feature (the
        same values in the same slots, which the byte-equality tests check)."""
        at = self._rest
        boxes = sh.boxes
        if boxes > 0:
            base = pos + at["boxes"]
            for i in range(len(self.lengths)):
                if boxes >> i & 1:
                    hot[base + i] = 1.0
        total = self.peach_total
        if sh.peaches:
            hot[pos + at["peaches"]] = clip(sh.peaches / total)
        if sh.eaten:
            hot[pos + at["eaten"]] = clip(sh.eaten / total)
        if 0 <= sh.merchants <= self.num_merchants:
            hot[pos + at["merchants"] + sh.merchants] = 1.0
        if sh.requests:
            base = pos + at["requests"]
            index = self.card_index
            for card in sh.requests:
                i = index.get(card)
                if i is not None:
                    hot[base + i] = 1.0
        two = sh.two_paid
        if two > 0:
            base = pos + at["two_paid"]
            for i in range(self.num_two):
                if two >> i & 1:
                    hot[base + i] = 1.0
        if sh.reward_gained:
            hot[pos + at["reward_gained"]] = 1.0
        if sh.dice_left:
            hot[pos + at["dice_left"]] = clip(sh.dice_left / 3)
        if sh.hand:
            hot[pos + at["hand_size"]] = clip(len(sh.hand) / 3)
        if sh.commit is not None:
            hot[pos + at["committed"]] = 1.0
        track = sh.track
        if track >= 0:
            hot[pos + at["tracked"]] = 1.0
        if track:
            hot[pos + at["track"]] = clip(track / self.track_len)
        pending = sh.pending
        if pending:
            kinds = self._pending_index
            seen: dict[int, int] = {}
            for p in pending:
                i = kinds.get(p[0])
                if i is not None:
                    seen[i] = seen.get(i, 0) + 1
            base = pos + at["pending"]
            for i, k in seen.items():
                hot[base + i] = min(1.0, k / 3)
            kind, arg, optional = pending[0]
            i = kinds.get(kind)
            if i is not None:
                hot[pos + at["first"] + i] = 1.0
            if arg:
                hot[pos + at["first_arg"]] = clip(arg / self.max_value)
            if optional:
                hot[pos + at["first_optional"]] = 1.0
        ids = self._ids
        last = sh.last
        if last is not None:
            i = ids.get(last.text)
            if i is None:
                i = ids[last.text] = self._action_id(last.text)
            if i >= 0:
                hot[pos + at["last"] + i] = 1.0
        commit = sh.commit if commit_shown else None
        if commit is not None:
            i = ids.get(commit.text)
            if i is None:
                i = ids[commit.text] = self._action_id(commit.text)
            if i >= 0:
                hot[pos + at["commit"] + i] = 1.0

    def _square_features(self, cols: tuple[tuple[int, ...], ...]) -> tuple:
        """``(offsets, values)`` of the non-zero square and height slots of ``cols``, as
        :meth:`_squares` writes them, cached (the cache is emptied when it grows large)."""
        import numpy as np

        w = Writer(np.zeros(self._squares_span, np.float32))
        self._squares(w, cols)
        hot = w.hot
        entry = (
            np.fromiter(hot, np.intp, len(hot)),
            np.fromiter(hot.values(), np.float32, len(hot)),
        )
        if len(self._squares_cache) >= SQUARES_CACHE:
            self._squares_cache.clear()
        self._squares_cache[cols] = entry
        return entry

    def _action_id(self, text) -> int:
        """Index of the action written ``text``, or -1 for none (or an unknown spelling)."""
        if isinstance(text, str) and text in self.space:
            return self.space.parse(text).id
        return -1


__all__ = ["PeachFestivalEncoder"]
