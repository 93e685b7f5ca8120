"""Undo, derived from the rules: which trailing moves a seat may take back.

A seat may take back its own trailing moves as long as no chance outcome, no other seat's
move and no change to any other seat's observation came after them. Made mechanical, with
nothing game-specific, a move may be taken back when all of these hold:

1. it is the last action of the game, taken by that seat (not a chance outcome);
2. every other seat has the same decision as before it (the same legal moves, or none): no one
   was handed a turn, and a sealed node it joined has not resolved;
3. what every other seat and a spectator observe after it does not depend on which move the
   seat made: they may learn that it has moved (a sealed choice shows as made) but nothing of
   what it chose, so taking it back unsays nothing they were told;
4. it showed the mover nothing it did not know: on a determinized twin of the position (the
   seat's hidden unknowns resampled), the same move leaves the mover with the same observation.
   A move that turns a face-down card, say, is never taken back.

Several moves are taken back one at a time, each checked in the position it was made in.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.core.game import CHANCE, State
from meeple.core.seeding import make_rng

#: Other moves the move is compared with for rule 3 (evenly spread over the legal list), and
#: twins tried for rule 4: enough to catch a move whose effect others see, bounded in cost.
ALTERNATIVES = 8
TWINS = 2


def _spread(items: list[Any], k: int) -> list[Any]:
    if len(items) <= k:
        return list(items)
    step = (len(items) - 1) / (k - 1)
    return [items[round(i * step)] for i in range(k)]


def may_take_back(before: State, after: State, seat: int) -> bool:
    """Whether ``seat`` may take back the move that leads from ``before`` to ``after``.

    Args:
        before: The position the move was made in.
        after: The current position: ``before`` plus that one move.
        seat: The seat asking, ``0..n-1``.

    Returns:
        True when the four conditions of this module hold; False otherwise, also when
        ``after`` is not ``before`` plus one move of ``seat``.

    Raises:
        ValueError: for ``CHANCE`` or a seat the game does not have (as :meth:`State.observe`).
    """
    if seat == CHANCE:
        raise ValueError("chance takes nothing back: undo is a seat's")
    done = len(before.history)
    if len(after.history) != done + 1 or after.history[:done] != before.history:
        return False
    mover, action = after.history[-1]
    if mover != seat:
        return False
    others = [s for s in range(after.num_players) if s != seat]
    if any(list(before.legal_actions(s)) != list(after.legal_actions(s)) for s in others):
        return False
    watchers: list[int | None] = [*others, None]
    seen = [after.observe(s) for s in watchers]
    for alternative in _spread(list(before.legal_actions(seat)), ALTERNATIVES):
        if alternative is action:
            continue
        other = before.clone()
        other.apply_action(alternative, seat)
        if any(other.observe(s) != view for s, view in zip(watchers, seen, strict=True)):
            return False
    own = after.observe(seat)
    rng = make_rng(len(before.history), "undo", seat)
    for _ in range(TWINS):
        twin = before.game.determinize(before, seat, random.Random(rng.getrandbits(63)))
        if action not in twin.legal_actions(seat):
            return False
        twin.apply_action(action, seat)
        if twin.observe(seat) != own:
            return False
    return True


def undoable_moves(states: list[State], seat: int) -> int:
    """How many of the trailing moves of a game ``seat`` may take back, one at a time.

    Args:
        states: The game's states in order, ``states[k]`` after ``k`` actions (the last one
            is the current state).
        seat: The seat asking.

    Returns:
        The largest ``m`` such that each of the last ``m`` moves may be taken back in turn
        (:func:`may_take_back` in the position it was made in); ``0`` when the last may not.
    """
    m = 0
    while len(states) - 1 - m > 0 and may_take_back(states[-2 - m], states[-1 - m], seat):
        m += 1
    return m


__all__ = ["ALTERNATIVES", "TWINS", "may_take_back", "undoable_moves"]
