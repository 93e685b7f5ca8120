"""State of The Peach Festival: the table as plain data, and the engine's State contract.

:class:`PeachState` is the table: one :class:`~meeple.games.peach_festival.sheet.PlayerSheet`
per seat (a Market sheet plus what its player holds), the Request deck, the Common cards, the
dice, the phase, and the resolution cursor. Its contract methods delegate to the rules modules
below it (``moves``, ``rules``, ``observation``, ``scoring``), which see the state only as a
type; the phases live in :mod:`~meeple.games.peach_festival.consts`.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import CHANCE as CHANCE_NODE
from meeple.core.game import SIMULTANEOUS, GameResult, State
from meeple.games.peach_festival import moves, observation, rules, scoring
from meeple.games.peach_festival.consts import (
    ACTION,
    DICE,
    OVER,
    RESOLVE,
    ROLL,
    SETUP_COMMON,
    SETUP_DEAL,
    SETUP_KEEP,
    TRACK,
    Pending,
)
from meeple.games.peach_festival.sheet import PlayerSheet

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival


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
    game: PeachFestival
    sheets: list[PlayerSheet]
    deck_unseen: list[int]
    deck_bottom: list[list[int]]
    commons: list[int]
    removed: list[int]
    draw_queue: list[int]
    dice: tuple[int, ...] | None
    phase: str
    round: int
    order: tuple[int, ...]
    cursor: int
    rolling: int
    node: int

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

    def sample_chance_outcome(self, rng: random.Random) -> Action:
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

    def elements(self) -> list[list[str]]:
        """Per seat, the Request cards it took (by card id)."""
        return [[f"request {cid}" for cid in sheet.requests] for sheet in self.sheets]

    def render(self, seat: int | None = None) -> str:
        from meeple.games.peach_festival.render import render_text  # rich, on first use

        return render_text(self.game, self.observe(seat))

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


__all__ = [
    "ACTION",
    "DICE",
    "OVER",
    "RESOLVE",
    "ROLL",
    "SETUP_COMMON",
    "SETUP_DEAL",
    "SETUP_KEEP",
    "TRACK",
    "PeachState",
    "Pending",
    "PlayerSheet",
]
