"""Undo, derived from the rules: which trailing moves a seat may take back.

A seat may take back its own trailing moves as long as nothing came after them that anyone
else could act on or learn from: no chance outcome (the mover would see a draw and choose
again), no other seat's move, and no change to any other seat's observation (another player
would have seen the move, so taking it back would unsay what they were told). This is the
usual online-play policy ("undo within your own turn, before anything is revealed") made
mechanical: it needs no game-specific code, only :meth:`State.observe`.
"""

from __future__ import annotations

from meeple.core.game import CHANCE, State


def may_take_back(before: State, after: State, seat: int) -> bool:
    """Whether ``seat`` may take back every move that leads from ``before`` to ``after``.

    Args:
        before: The earlier state (a position of the same game, on the way to ``after``).
        after: The current state.
        seat: The seat asking, ``0..n-1``.

    Returns:
        True when ``after`` is ``before`` plus one or more moves, all by ``seat`` (none a
        chance outcome), and every other seat observes ``after`` exactly as it observed
        ``before``. False otherwise, also when there is nothing to take back.

    Raises:
        ValueError: for a seat the game does not have (as :meth:`State.observe`).
    """
    if seat == CHANCE:
        raise ValueError("chance takes nothing back: undo is a seat's")
    done = len(before.history)
    tail = after.history[done:]
    if not tail or after.history[:done] != before.history:
        return False
    if any(mover != seat for mover, _ in tail):
        return False
    others = (s for s in range(after.num_players) if s != seat)
    return all(before.observe(s) == after.observe(s) for s in others)


def undoable_moves(states: list[State], seat: int) -> int:
    """How many of the trailing moves of a game ``seat`` may take back, one by one.

    Args:
        states: The game's states in order, ``states[k]`` after ``k`` actions (the last one
            is the current state).
        seat: The seat asking.

    Returns:
        The largest ``m`` such that each of the last ``m`` moves may be taken back in turn
        (each step checked with :func:`may_take_back`); ``0`` when the last move may not.
    """
    m = 0
    while len(states) - 1 - m > 0 and may_take_back(states[-2 - m], states[-1 - m], seat):
        m += 1
    return m


__all__ = ["may_take_back", "undoable_moves"]
