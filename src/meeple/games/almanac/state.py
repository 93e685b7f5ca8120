"""The state of a journey, as plain data (``__slots__``, lists and ints; cheap clone).

Flow is a stack of tasks (``tasks``): tuples ``(kind, seat, ...)``. Automatic tasks are
processed by :func:`meeple.games.almanac.rules.advance`; the task left on top is the node:
a decision of one seat, a chance node, or the sealed bid (a simultaneous node). Multi-step
choices (draw 3 keep 1, overflowing goods, losses, the next page) are tasks, never callbacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    GameResult,
    State,
    observer_seat,
)
from meeple.games.almanac import moves as _moves
from meeple.games.almanac import observation as _observation
from meeple.games.almanac import rules as _rules
from meeple.games.almanac import scoring as _scoring
from meeple.games.almanac.consts import CHANCES, DECISIONS, SEAT_FIELDS
from meeple.games.almanac.effects import ability_bonus
from meeple.games.almanac.pages import GREY

if TYPE_CHECKING:
    from meeple.games.almanac.game import Almanac

_LIST_FIELDS = (
    "route",
    *SEAT_FIELDS,
    "cv_deck",
    "cv_faceup",
    "cv_discard",
    "ct_deck",
    "start_pool",
    "occ",
    "pg",
    "bids",
    "last_bids",
)
_NESTED_FIELDS = ("goods", "caravan", "incomplete", "completed", "trophies", "ct_bottom")
_SCALARS = (
    "round",
    "page",
    "guide",
    "next_page",
    "turn",
    "guard_supply",
    "enc",
    "enc_won",
    "enc_flee",
    "enc_opt",
    "enc_roll",
    "enc_fighter",
    "enc_face",
    "bid_ctx",
)


class AlmanacState(State):
    """A state of Almanac: The Crystal Peaks.

    Per-seat fields are lists indexed by seat: ``gold``, ``goods`` (4 counts: dew, emb, eve, sky),
    ``crates``, ``shields`` (caravan shields), ``start`` (starting caravan id), ``caravan``
    (caravan card ids), ``workers`` (on the caravan), ``placed`` (this round), ``extra``
    (farmer workers out, AL-098), ``incomplete`` / ``completed`` (contract ids), ``guards``,
    ``tokens`` (kind -> count), ``trophies`` (encounter ids), ``farmer``, ``ladders``,
    ``grey``, ``visited`` (village cluster bitmask).
    """

    __slots__ = (
        *_LIST_FIELDS,
        *_NESTED_FIELDS,
        *_SCALARS,
        "T",
        "content",
        "n",
        "tasks",
        "tok_supply",
        "tokens",
    )
    game: Almanac

    def __init__(self, game: Almanac):
        super().__init__(game)
        c = game.content
        n = game.num_players
        self.content = c
        self.T = game.table
        self.n = n
        self.round = 0
        self.page = 1
        self.route = [1]
        self.guide = 0  # AL-021 / AL-R37: seat 0 is the youngest player
        self.next_page = 0
        self.turn = 0
        self.gold = [0] * n
        self.goods = [[0, 0, 0, 0] for _ in range(n)]
        self.crates = [0] * n
        self.shields = [0] * n
        self.start = [-1] * n
        self.caravan: list[list[int]] = [[] for _ in range(n)]
        self.workers = [c.workers_on_caravan] * n
        self.placed = [0] * n
        self.extra = [0] * n
        self.incomplete: list[list[int]] = [[] for _ in range(n)]
        self.completed: list[list[int]] = [[] for _ in range(n)]
        self.guards = [0] * n
        self.tokens: list[dict[str, int]] = [{} for _ in range(n)]
        self.trophies: list[list[int]] = [[] for _ in range(n)]
        self.farmer = [0] * n
        self.ladders = [0] * n
        self.grey = [0] * n
        self.visited = [0] * n
        self.cv_deck = list(range(len(c.caravans)))
        self.cv_faceup: list[int] = []
        self.cv_discard: list[int] = []
        self.ct_deck = list(range(len(c.contracts)))
        self.ct_bottom: list[list[int]] = []  # [[contract id, seat that knows it], ...] in order
        self.start_pool = list(range(len(c.starting)))
        self.guard_supply = c.guard_supply
        self.tok_supply: dict[str, int] = {}
        self.occ: list[int] = []
        self.pg: list[int] = []
        self.bids: list[int] = []
        self.last_bids: list[int] = []
        self.bid_ctx = ""
        self.enc = -1
        self.enc_won = 0
        self.enc_flee = 0
        self.enc_opt = -1
        self.enc_roll = 0
        self.enc_fighter = -1  # the seat of this encounter's last fight die roll, -1 none
        self.enc_face = 0  # what it showed (X = -1), for the prompt that follows a loss
        tasks: list[tuple] = [("round",), ("setup_gold",)]
        for s in reversed(range(n)):
            tasks.append(("draw_ct", s, c.starting_contracts, "hand", ()))
        for s in reversed(range(n)):
            tasks.append(("deal_start", s))
        self.tasks = tasks

    # -- node kind ----------------------------------------------------------------------------
    def current_player(self) -> int:
        tasks = self.tasks
        if not tasks:
            return TERMINAL
        t = tasks[-1]
        k = t[0]
        if k in DECISIONS:
            return t[1]
        if k == "bid":
            return SIMULTANEOUS
        return CHANCE

    def acting_seats(self) -> tuple[int, ...]:
        tasks = self.tasks
        if not tasks:
            return ()
        t = tasks[-1]
        k = t[0]
        if k in DECISIONS:
            return (t[1],)
        if k == "bid":
            bids = self.bids
            return tuple([s for s in range(self.n) if bids[s] == -1])
        return ()

    def _is_acting(self, seat: int) -> bool:
        return seat in self.acting_seats()

    # the hooks a rollout calls at every step are the rules' functions themselves (no extra call)
    _legal_actions = _moves.legal_actions

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return _moves.chance_outcomes(self)

    def _is_chance_outcome(self, action: Action) -> bool:
        return _moves.is_chance_outcome(self, action)

    #: An outcome drawn as :func:`meeple.core.game.sample_chance` draws from
    #: :meth:`chance_outcomes` (same odds, same use of ``rng``), without listing them.
    sample_chance_outcome = _moves.sample_chance_outcome
    _apply = _rules.apply

    def _why_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        return _moves.why_illegal(self, action, seat)

    # -- derived ------------------------------------------------------------------------------
    def strength(self, seat: int) -> int:
        """Caravan strength (AL-048, AL-049): shields + 2 per guard + token and ability bonuses."""
        c = self.content
        s = self.shields[seat] + 2 * self.guards[seat]
        for k, v in self.tokens[seat].items():
            s += c.token_strength[k] * v
        return s + ability_bonus(self, seat, "strength")

    def reserve(self, seat: int) -> int:
        """Workers behind the screen (AL-020, AL-119)."""
        return self.content.workers_per_player - self.workers[seat]

    def fame(self, seat: int) -> dict[str, int]:
        """Fame breakdown at the end (AL-064..AL-069, ruling AL-R31)."""
        return _scoring.fame(self, seat)

    def fame_total(self, seat: int) -> int:
        """``sum(fame(seat).values())``, added up in the same order without the breakdown."""
        return _scoring.fame_total(self, seat)

    def _result(self) -> GameResult:
        return _scoring.game_result(self)

    def returns(self) -> list[float]:
        """1 shared among the winners of :meth:`result` (same keys, without the breakdowns)."""
        return _scoring.returns(self)

    def elements(self) -> list[list[str]]:
        """Per seat, its caravan cards, the contracts it completed and the encounters it
        won (trophies), by their names in the content."""
        c = self.content
        return [
            [f"caravan {c.caravans[i].name}" for i in self.caravan[s]]
            + [f"contract {c.contracts[i].name}" for i in self.completed[s]]
            + [f"encounter {c.encounters[i].name}" for i in self.trophies[s]]
            for s in range(self.n)
        ]

    # -- copying and data ---------------------------------------------------------------------
    def clone(self) -> AlmanacState:
        new = AlmanacState.__new__(AlmanacState)
        self._clone_base(new)
        new.content = self.content
        new.T = self.T
        new.n = self.n
        for f in _SCALARS:
            setattr(new, f, getattr(self, f))
        new.route = self.route[:]
        new.gold = self.gold[:]
        new.crates = self.crates[:]
        new.shields = self.shields[:]
        new.start = self.start[:]
        new.workers = self.workers[:]
        new.placed = self.placed[:]
        new.extra = self.extra[:]
        new.guards = self.guards[:]
        new.farmer = self.farmer[:]
        new.ladders = self.ladders[:]
        new.grey = self.grey[:]
        new.visited = self.visited[:]
        new.cv_deck = self.cv_deck[:]
        new.cv_faceup = self.cv_faceup[:]
        new.cv_discard = self.cv_discard[:]
        new.ct_deck = self.ct_deck[:]
        new.start_pool = self.start_pool[:]
        new.occ = self.occ[:]
        new.pg = self.pg[:]
        new.bids = self.bids[:]
        new.last_bids = self.last_bids[:]
        new.goods = [g[:] for g in self.goods]
        new.caravan = [g[:] for g in self.caravan]
        new.incomplete = [g[:] for g in self.incomplete]
        new.completed = [g[:] for g in self.completed]
        new.trophies = [g[:] for g in self.trophies]
        new.ct_bottom = [g[:] for g in self.ct_bottom]
        new.tokens = [d.copy() for d in self.tokens]
        new.tok_supply = self.tok_supply.copy()
        new.tasks = self.tasks[:]
        return new

    def snapshot(self) -> dict[str, Any]:
        return _observation.state_data(self, "all")

    def observe(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: a spectator), as JSON data.

        Raises:
            ValueError: for a seat that is not ``None`` or one of the game's seats.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n):
            seat = observer_seat(seat, self.n)
        return _observation.state_data(self, seat)


__all__ = ["CHANCES", "DECISIONS", "GREY", "SEAT_FIELDS", "AlmanacState"]
