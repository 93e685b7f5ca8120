"""Elements read from a game's record, for games whose state names none itself.

A game names the elements each seat had or used (:meth:`meeple.core.game.State.elements`);
one whose state keeps no record of them names, instead, what each move uses
(:meth:`meeple.core.game.Game.move_elements`: Annapurna's card effects set off and peak tokens
taken, over every Ascent). :func:`recorded_elements` replays the finished game's history from a
new initial state and gathers them. Only drivers call it, on a finished game, whose whole
record (hidden parts included) is theirs to read: nothing it reads leaves before the game ends
(``docs/engine.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.core.game import Game


def names_moves(game: Game) -> bool:
    """True when ``game`` names the elements its moves use (it overrides
    :meth:`~meeple.core.game.Game.move_elements`)."""
    return type(game).move_elements is not Game.move_elements


def replayed_elements(game: Game, history: Sequence[tuple[int, Action]]) -> list[list[str]]:
    """Per seat, the elements its moves used over ``history``.

    Args:
        game: The configured game the history was played in.
        history: The finished game's ``(seat, action)`` pairs, chance included.

    Returns:
        One sorted list of names per seat (each name once).
    """
    held: list[set[str]] = [set() for _ in range(game.num_players)]
    state = game.new_initial_state()
    for seat, action in history:
        if seat >= 0:
            held[seat].update(game.move_elements(state, seat, action))
        state.apply_legal(action, seat)
    return [sorted(names) for names in held]


def recorded_elements(game: Game, history: Sequence[tuple[int, Action]]) -> list[list[str]] | None:
    """The elements of a finished game read from its history, or ``None`` when the game
    names none by move (:func:`names_moves`)."""
    return replayed_elements(game, history) if names_moves(game) else None


__all__ = ["names_moves", "recorded_elements", "replayed_elements"]
