"""What a state hands out cannot be edited to change the rules: legal actions are tuples, and
editing a list of chance outcomes changes no state (issue: a Peach Festival list was shared)."""

from __future__ import annotations

import contextlib
import random

import pytest

import meeple
from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, sample_chance
from meeple.games.peach_festival.state import ACTION

CONFIGS = [("peach-festival", 1), ("peach-festival", 3), ("annapurna", 2), ("almanac", 3)]


def _states(name: str, players: int, seed: int, steps: int = 400):
    game = meeple.make(name, players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < steps:
        yield state
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng), CHANCE)
        else:
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_legal_actions_are_a_tuple_no_caller_can_edit(name, players):
    for state in _states(name, players, seed=5):
        seat = CHANCE if state.is_chance_node() else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        assert type(legal) is tuple
        clone = state.clone()
        assert clone.legal_actions(seat) == legal
        with pytest.raises(AttributeError):
            legal.append(legal[0])


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_editing_a_list_of_chance_outcomes_changes_no_state(name, players):
    for state in _states(name, players, seed=6):
        if not state.is_chance_node():
            continue
        outcomes = state.chance_outcomes()
        before = list(outcomes)
        if isinstance(outcomes, list):
            outcomes.clear()
        else:
            assert type(outcomes) is tuple
        assert list(state.chance_outcomes()) == before
        assert list(state.clone().chance_outcomes()) == before


def test_a_move_list_cannot_be_edited_to_make_an_illegal_move_legal():
    state = next(s for s in _states("peach-festival", 2, seed=1) if s.phase == ACTION)
    seat = state.acting_seats()[0]
    legal = state.legal_actions(seat)
    illegal = next(a for a in state.game.action_space.actions if a not in legal)
    with contextlib.suppress(AttributeError):
        legal.append(illegal)  # a list shared by every state with these dice took it
    with pytest.raises(IllegalActionError):
        state.clone().apply_action(illegal, seat)
