"""Telling an applied action reads the driver's state after it: no copy per viewer, the same
words as a copy gives."""

from __future__ import annotations

import random

import pytest

from meeple.core import record as records
from meeple.core.game import CHANCE, and_then, sample_chance, state_after, telling
from meeple.core.registry import game_names, make


def _positions(name: str, steps: int = 160):
    game = make(name, players=2)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            seat, action = CHANCE, sample_chance(state, rng)
        else:
            seat = state.acting_seats()[0]
            action = rng.choice(state.legal_actions(seat))
        after = state.clone()
        after.apply_action(action, seat)
        yield state, after
        state = after


@pytest.mark.parametrize("name", game_names())
def test_an_applied_action_is_told_to_every_viewer_without_copying_the_state(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    viewers = [0, 1, None]
    copies: list[int] = []
    state_class = type(make(name, players=2).new_initial_state())
    original = state_class.clone

    def counted(state):
        copies.append(1)
        return original(state)

    for before, after in _positions(name):
        seat, action = after.history[-1]
        n = len(after.history)
        # the words as a fresh copy per viewer gives them (no driver's state known)
        copied = [records._tell(before, n, seat, action, v) for v in viewers]
        copies.clear()
        monkeypatch.setattr(state_class, "clone", counted)
        told = records.tell_applied(before, after, viewers)
        monkeypatch.setattr(state_class, "clone", original)
        assert told == copied
        assert copies == []


def test_the_state_after_is_the_drivers_only_for_the_action_it_tells() -> None:
    (before, after), (_, then) = list(_positions("annapurna", 2))
    seat, action = after.history[-1]
    with telling(before, after):
        assert state_after(before, seat, action) is after
        twin = before.clone()
        assert state_after(twin, seat, action) is not after  # another state: its own copy
        assert state_after(after, *then.history[-1]) is not then  # another action
    fresh = state_after(before, seat, action)
    assert fresh is not after and len(fresh.history) == len(after.history)
    assert len(before.history) == len(after.history) - 1  # left as it was


@pytest.mark.parametrize(
    ("told", "more", "text"),
    [
        ("Take the dewleaf", "Round 2 begins.", "Take the dewleaf. Round 2 begins."),
        ("Climb!", "The summit is reached.", "Climb! The summit is reached."),
        ("Pass.", "", "Pass."),
        ("", "Round 2 begins.", "Round 2 begins."),
    ],
)
def test_what_a_move_brings_about_is_told_as_the_next_sentence(told, more, text) -> None:
    assert and_then(told, more) == text
