"""``State.apply_legal``: the unchecked path of search loops gives the same game as ``apply_action``."""

from __future__ import annotations

import random

import pytest

from meeple.core.game import CHANCE, SIMULTANEOUS, TERMINAL, sample_chance
from meeple.core.registry import game_names, make
from meeple.core.seeding import make_rng


def _play(game, seed: int, checked: bool) -> str:
    state = game.new_initial_state()
    rng = make_rng(seed, "apply-legal")
    while (cp := state.current_player()) != TERMINAL:
        if cp == CHANCE:
            action, seat = sample_chance(state, rng), CHANCE
        else:
            seat = state.acting_seats()[0] if cp == SIMULTANEOUS else cp
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        if checked:
            state.apply_action(action, seat)
        else:
            state.apply_legal(action, seat)
    return state.fingerprint()


@pytest.mark.parametrize("name", game_names())
def test_apply_legal_reaches_the_same_state_as_apply_action(name):
    game = make(name)
    for seed in range(5):
        assert _play(game, seed, checked=False) == _play(game, seed, checked=True)


def _checked_random_game(game, rng) -> str:
    """The game ``State.playout`` should produce: the same draws, every move checked."""
    state = game.new_initial_state()
    while (cp := state.current_player()) != TERMINAL:
        if cp == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seat = state.acting_seats()[0] if cp == SIMULTANEOUS else cp
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0], seat)
    return state.fingerprint()


@pytest.mark.parametrize("name", game_names())
def test_playout_is_a_checked_random_game_with_the_same_draws(name):
    game = make(name)
    for seed in range(3):
        state = game.new_initial_state()
        state.playout(make_rng(seed, "playout"))
        assert state.is_terminal()
        assert state.fingerprint() == _checked_random_game(game, make_rng(seed, "playout"))


class _CoarseRandom(random.Random):
    """An RNG whose ``random()`` is its own: ``randrange`` then draws through it, not
    through ``getrandbits``."""

    def random(self) -> float:
        return int(super().random() * 1024) / 1024


@pytest.mark.parametrize("name", game_names())
def test_playout_with_an_rng_subclass_draws_as_its_randrange_does(name):
    game = make(name)
    state = game.new_initial_state()
    state.playout(_CoarseRandom(5))
    assert state.fingerprint() == _checked_random_game(game, _CoarseRandom(5))


@pytest.mark.parametrize("name", game_names())
def test_playout_stops_after_max_steps_decisions(name):
    state = make(name).new_initial_state()
    played = state.playout(make_rng(0, "playout"), max_steps=7)
    assert played == 7
    assert sum(1 for seat, _ in state.history if seat != CHANCE) == 7


def test_playout_stops_when_the_stop_test_says_so():
    state = make("peach-festival", players=2).new_initial_state()
    state.playout(make_rng(1, "playout"), stop=lambda s: len(s.history) >= 25)
    assert len(state.history) == 25


@pytest.mark.parametrize("name", game_names())
def test_legal_actions_after_a_playout_stopped_partway_are_fresh(name):
    game = make(name)
    for seed, steps in enumerate((1, 5, 17, 40)):
        state = game.new_initial_state()
        state.playout(make_rng(seed, "partway"), max_steps=steps)
        fresh = state.clone()  # a clone starts with no cached lists
        for seat in [CHANCE, *range(game.num_players)]:
            assert state.legal_actions(seat) == fresh.legal_actions(seat)
