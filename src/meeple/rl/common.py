"""Pieces shared by the research adapters: who acts, utility bounds, legal-action masks.

The adapters sequentialise sealed simultaneous decisions: at a simultaneous node the acting
seat with the lowest number commits first, then the next one, and so on. The engine already
hides a committed choice from every other seat's observation until the node resolves, so
this order reveals nothing.
"""

from __future__ import annotations

import operator
import random

import numpy as np

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, State, sample_chance
from meeple.core.registry import game_spec, make


def acting_seat(state: State) -> int:
    """The seat to act next (lowest acting seat at a simultaneous node), ``CHANCE`` or
    ``TERMINAL``."""
    cp = state.current_player()
    if cp == SIMULTANEOUS:
        return min(state.acting_seats())
    return cp


def utility_bounds(game: Game) -> tuple[float, float]:
    """Smallest and largest value of ``State.returns()`` for ``game``'s configuration, from
    its registry entry (multiplayer games share a win worth 1 among the winners, so their
    returns lie in ``[0, 1]``; a solo game's bound is the game's own)."""
    return game_spec(game).utility_bounds(game)


def legal_mask(game: Game, legal: list[Action]) -> np.ndarray:
    """An ``int8`` mask over ``game``'s player actions with 1 for each action of ``legal``."""
    mask = np.zeros(game.action_space.num_actions, np.int8)
    for a in legal:
        mask[a.id] = 1
    return mask


def _lookup(table: list[Action], action: object, seat: int | None, what: str) -> Action:
    if not isinstance(action, bool | np.bool_):
        try:
            index = operator.index(action)  # int and NumPy integers; not floats, None, text
        except TypeError:
            index = None
        if index is not None and 0 <= index < len(table):
            return table[index]
    raise IllegalActionError(
        "CORE-04", f"{what} ids are integers 0..{len(table) - 1}", action, seat
    )


def player_action(game: Game, action: object, seat: int | None = None) -> Action:
    """The player action whose id is ``action`` (an ``int`` or NumPy integer).

    Raises:
        IllegalActionError: rule ``CORE-04``, for anything but an id of ``game``'s player
            action space (out of range, negative, ``None``, float, bool).
    """
    return _lookup(game.action_space.actions, action, seat, "action")


def chance_outcome(game: Game, action: object) -> Action:
    """The chance outcome whose id is ``action``.

    Raises:
        IllegalActionError: rule ``CORE-04``, for anything but an id of ``game``'s
            chance-outcome space.
    """
    return _lookup(game.action_space.chance_outcomes, action, CHANCE, "chance outcome")


def play_chance(state: State, rng: random.Random) -> None:
    """Apply sampled chance outcomes until a decision or the end."""
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng), CHANCE)


def rng_from(np_random: np.random.Generator) -> random.Random:
    """A :class:`random.Random` seeded from a NumPy generator (keeps Gymnasium/PettingZoo
    seeding authoritative without touching the global ``random`` module)."""
    return random.Random(int(np_random.integers(0, 2**63 - 1)))


def build_game(name: str, players: int | None, options: dict) -> Game:
    """``meeple.make(name, players=..., **options)``."""
    return make(name, players=players, **options)


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "acting_seat",
    "build_game",
    "chance_outcome",
    "legal_mask",
    "play_chance",
    "player_action",
    "render_text",
    "rng_from",
    "utility_bounds",
]


def render_text(game: Game, observation: dict, width: int = 100) -> str:
    """The game's terminal rendering of ``observation`` as plain text (no colour codes)."""
    import io

    picture = game.render(observation)
    if isinstance(picture, str):
        return picture
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(picture)
    return out.getvalue()
