"""Shared set-ups for The Peach Festival tests: compact positions and explicit chance."""

from __future__ import annotations

import pytest

import meeple
from meeple.core.errors import IllegalActionError
from meeple.games.peach_festival.game import PeachFestival
from meeple.games.peach_festival.notation import position
from meeple.games.peach_festival.state import PeachState


def game(players: int = 2, **options) -> PeachFestival:
    return meeple.make("peach-festival", players=players, **options)


def pos(sheets: list[str], dice: str | None = None, **kw) -> PeachState:
    """A position at the action step with one sheet per player (notation: ``notation.py``)."""
    options = {k: kw.pop(k) for k in ("difficulty", "content", "max_rounds") if k in kw}
    return position(game(len(sheets), **options), sheets, dice=dice, **kw)


def commit(state: PeachState, *actions: str) -> PeachState:
    """Every seat commits its sealed action, seat 0 first."""
    for seat, action in enumerate(actions):
        state.apply_action(action, seat)
    return state


def play(state: PeachState, *actions: str) -> PeachState:
    """Apply actions for whoever must act now (chance outcomes included)."""
    for action in actions:
        state.apply_action(action, state.current_player())
    return state


def texts(actions) -> list[str]:
    return [a.text for a in actions]


@pytest.fixture
def g2() -> PeachFestival:
    return game(2)


def refused(state: PeachState, action: str, seat: int = 0) -> IllegalActionError:
    """The error refusing ``action``; the state must be left unchanged."""
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(action, seat)
    assert state.fingerprint() == before
    return e.value
