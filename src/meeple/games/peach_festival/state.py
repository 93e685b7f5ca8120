"""State of The Peach Festival as plain data.

A :class:`PlayerSheet` is one Market sheet plus what its player holds; :class:`PeachState` is the
table: the Request deck, the Common cards, the dice, the phase, and the resolution cursor.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.core.game import CHANCE as CHANCE_NODE
from meeple.core.game import SIMULTANEOUS, GameResult, State

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
            "dice_left": self.dice_left,
            "hand_size": len(self.hand),
            "committed": self.commit is not None,
            "last": self.last.text if self.last is not None else None,
            "track": self.track,
        }


class PeachState(State):
    """The whole table. Created by :meth:`PeachFestival.new_initial_state`; changed by ``rules``.

    Attributes:
        sheets: One :class:`PlayerSheet` per seat.
        deck_unseen: Request cards in the unseen, unordered top part of the deck (sorted IDs).
        deck_bottom: ``[card_id, knower]`` for cards put under the deck, top to bottom; ``knower``
            is the seat that put it there (the only one who knows it).
        commons: The Common Request cards (PF-009).
        removed: Cards out of the game, face up: solo Common cards discarded or boxed (PF-R25).
        draw_queue: Destinations of cards still to be drawn (seat, or -1 for Common).
        dice: Count of each commodity on the 5 dice this round, or ``None`` before the roll.
        phase: One of the phase constants above.
        round: Current round, from 1.
        order: Resolution order of the seats this round (ruling PF-R10).
        cursor: Index in ``order`` of the seat being resolved.
        rolling: Seat whose single Die-icon roll is the pending chance node, or -1.
        node: Cached ``current_player()``.
    """

    __slots__ = (
        "commons",
        "cursor",
        "deck_bottom",
        "deck_unseen",
        "dice",
        "draw_queue",
        "node",
        "order",
        "phase",
        "removed",
        "rolling",
        "round",
        "sheets",
    )

    # -- the State contract, delegated to the rules modules --------------------------------------
    def current_player(self) -> int:
        return self.node

    def acting_seats(self) -> tuple[int, ...]:
        node = self.node
        if node >= 0:
            return (node,)
        if node == SIMULTANEOUS:
            return tuple(s for s, sh in enumerate(self.sheets) if sh.commit is None)
        return ()

    def _is_acting(self, seat: int) -> bool:
        node = self.node
        if node >= 0:
            return seat == node
        return (
            node == SIMULTANEOUS
            and 0 <= seat < len(self.sheets)
            and self.sheets[seat].commit is None
        )

    def _legal_actions(self, seat: int) -> list[Action]:
        return moves.legal_actions(self, seat)

    def _why_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        return moves.why_illegal(self, action, seat)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return moves.chance_outcomes(self)

    def _chance_actions(self) -> list[Action]:
        if self.draw_queue and self.deck_unseen:
            return [self.game.acts.card[c] for c in self.deck_unseen]
        return self.game.die_actions if self.rolling >= 0 else self.game.roll_actions

    def _is_chance_outcome(self, action: Action) -> bool:
        if self.node != CHANCE_NODE:
            return False
        kind = action.kind
        if self.draw_queue and self.deck_unseen:
            return kind == "card" and action.args[0] in self.deck_unseen
        if self.rolling >= 0:
            return kind == "die"
        return kind == "dice"

    def sample_chance_outcome(self, rng) -> Action:
        """Fast sampling with the distribution of :meth:`chance_outcomes` (PF-R09)."""
        game = self.game
        if self.draw_queue and self.deck_unseen:
            return game.acts.card[self.deck_unseen[rng.randrange(len(self.deck_unseen))]]
        if self.rolling >= 0:
            return game.die_outcomes[rng.randrange(6)][0]
        i = bisect.bisect_right(game.roll_cumulative, rng.random())
        return game.roll_outcomes[min(i, len(game.roll_outcomes) - 1)][0]

    def _apply(self, action: Action, seat: int) -> None:
        if action.chance:
            rules.apply_chance(self, action)
        else:
            rules.apply_decision(self, action, seat)
        rules.advance(self)

    def observe(self, seat: int | None) -> dict:
        return observation.observe(self, seat)

    def snapshot(self) -> dict:
        return observation.snapshot(self)

    def _result(self) -> GameResult:
        return scoring.game_result(self)

    def returns(self) -> list[float]:
        return scoring.returns(self)

    def render(self, seat: int | None = None) -> str:
        from meeple.games.peach_festival.render import render_text

        return render_text(self.observe(seat), self.game)

    def clone(self) -> PeachState:
        new = PeachState.__new__(PeachState)
        self._clone_base(new)
        new.sheets = [s.copy() for s in self.sheets]
        new.deck_unseen = self.deck_unseen.copy()
        new.deck_bottom = [b.copy() for b in self.deck_bottom]
        new.commons = self.commons.copy()
        new.removed = self.removed.copy()
        new.draw_queue = self.draw_queue.copy()
        new.dice = self.dice
        new.phase = self.phase
        new.round = self.round
        new.order = self.order
        new.cursor = self.cursor
        new.rolling = self.rolling
        new.node = self.node
        return new


# Imported last: these modules import the phase constants and classes above.
from meeple.games.peach_festival import moves, observation, rules, scoring  # noqa: E402
