"""Undo derived by the engine (meeple.core.undo), for every registered game."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.game import CHANCE, State, sample_chance
from meeple.core.registry import game_class
from meeple.core.undo import may_take_back, undoable_moves

#: The games the package ships (tests register broken games of their own in the registry).
SHIPPED = [n for n in meeple.game_names() if game_class(n).__module__.startswith("meeple.games.")]


def _to_decision(state: State, rng: random.Random) -> State:
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng), CHANCE)
    return state


def _sealed_start(players: int = 2) -> State:
    game = meeple.make("peach-festival", players=players)
    rng = random.Random(3)
    state = _to_decision(game.new_initial_state(), rng)
    while not state.is_simultaneous_node():
        seat = state.acting_seats()[0]
        state.apply_action(state.legal_actions(seat)[0], seat)
        _to_decision(state, rng)
    return state


def test_a_sealed_choice_that_leaves_the_node_open_may_be_taken_back() -> None:
    before = _sealed_start()
    after = before.clone()
    after.apply_action(after.legal_actions(0)[0], 0)
    assert after.is_simultaneous_node()
    assert may_take_back(before, after, 0)


def test_the_choice_that_resolves_a_sealed_node_may_not_be_taken_back() -> None:
    state = _sealed_start()
    state.apply_action(state.legal_actions(0)[0], 0)
    after = state.clone()
    after.apply_action(after.legal_actions(1)[0], 1)
    assert not may_take_back(state, after, 1)


def test_a_move_followed_by_another_seats_move_or_a_chance_outcome_may_not_be_taken_back() -> None:
    before = _sealed_start()
    after = before.clone()
    after.apply_action(after.legal_actions(0)[0], 0)
    after.apply_action(after.legal_actions(1)[0], 1)
    assert not may_take_back(before, after, 0)  # two actions later
    assert not may_take_back(before, after, 1)
    assert undoable_moves([before, after], 0) == 0


def test_only_the_seat_that_moved_may_take_it_back() -> None:
    before = _sealed_start()
    after = before.clone()
    after.apply_action(after.legal_actions(0)[0], 0)
    assert not may_take_back(before, after, 1)
    with pytest.raises(ValueError):
        may_take_back(before, after, CHANCE)


def test_a_move_that_turns_a_face_down_card_may_not_be_taken_back() -> None:
    game = meeple.make("annapurna", players=2)
    rng = random.Random(5)
    state = _to_decision(game.new_initial_state(), rng)
    seat = state.acting_seats()[0]
    explores = [a for a in state.legal_actions(seat) if a.text.startswith("explore")]
    assert explores
    after = state.clone()
    after.apply_action(explores[0], seat)
    assert not may_take_back(state, after, seat)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_move_that_may_be_taken_back_showed_no_one_else_anything(name: str) -> None:
    """In random games, each move undo allows leaves every other seat and a spectator with the
    same observation whichever legal move was made, and the same decisions as before; and some
    move in each game may be taken back."""
    game = meeple.make(name, players=2)
    rng = random.Random(11)
    allowed = 0
    for _ in range(2):
        state = _to_decision(game.new_initial_state(), rng)
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            legal = list(state.legal_actions(seat))
            before = state.clone()
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            if may_take_back(before, state, seat):
                allowed += 1
                other = 1 - seat
                assert state.legal_actions(other) == before.legal_actions(other)
                for alternative in legal:
                    twin = before.clone()
                    twin.apply_action(alternative, seat)
                    assert twin.observe(other) == state.observe(other)
                    assert twin.observe(None) == state.observe(None)
            _to_decision(state, rng)
    assert allowed > 0
