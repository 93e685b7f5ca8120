"""Elements read from a game's record, for games whose state names none itself.

A game names the elements each seat had or used (:meth:`meeple.core.game.State.elements`);
one that names none may have a reader here, which replays the finished game's history from a
new initial state and notes what each seat used as it happens. Only drivers call it, on a
finished game, whose whole record (hidden parts included) is theirs to read: nothing it reads
leaves before the game ends (``docs/engine.md``).

Annapurna (:func:`annapurna_elements`): ``effect <id>`` for each Mountain Card effect a
climber set off (a card with an effect Explored or flipped in the Hike: the only moves that
run one, AN-005, AN-027, ruling AN-R31), and ``token #1`` .. ``token #3`` for each peak token
it took (the order of arrival at the peak, AN-045; a fourth climber takes none, ruling
AN-R10), over every Ascent of the Expedition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game

#: Peak tokens there are (AN-002): a later arrival takes none (ruling AN-R10).
PEAK_TOKENS = 3

#: Annapurna's peak position, ``a5`` (AN-009).
PEAK = 14


def annapurna_elements(game: Game, history: Sequence[tuple[int, Action]]) -> list[list[str]]:
    """Per climber, the card effects it set off and the peak tokens it took.

    Args:
        game: The configured Annapurna game the history was played in.
        history: The finished game's ``(seat, action)`` pairs, chance included.

    Returns:
        One sorted list of names per seat: ``effect <id>`` (the effect ids of the content's
        ``suit.toml``; cards whose effect is ``none`` set off nothing) and ``token #k``.
    """
    n = game.num_players
    held: list[set[str]] = [set() for _ in range(n)]
    cards = game.content.cards  # type: ignore[attr-defined]
    suit = len(cards)
    state: Any = game.new_initial_state()
    for seat, action in history:
        if action.kind == "explore" and seat >= 0:
            position = action.args[0]
            effect = cards[state.mount[seat][position] % suit].effect
            if effect != "none":
                held[seat].add(f"effect {effect}")
            if position == PEAK:  # the next arrival (AN-045); read now, as the same move
                arrival = max(state.arrival) + 1  # may end the Ascent and reset it
                if arrival <= PEAK_TOKENS:
                    held[seat].add(f"token #{arrival}")
        state.apply_legal(action, seat)
    return [sorted(names) for names in held]


#: Readers by registered game name.
READERS: dict[str, Callable[[Game, Sequence[tuple[int, Action]]], list[list[str]]]] = {
    "annapurna": annapurna_elements,
}


def recorded_elements(game: Game, history: Sequence[tuple[int, Action]]) -> list[list[str]] | None:
    """The elements of a finished game read from its history, or ``None`` when the game has
    no reader (:data:`READERS`)."""
    reader = READERS.get(game.info.name)
    return None if reader is None else reader(game, history)


__all__ = ["PEAK_TOKENS", "READERS", "annapurna_elements", "recorded_elements"]
