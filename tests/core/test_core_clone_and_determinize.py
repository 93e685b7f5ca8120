"""Clones are independent; determinizations agree with the observation they came from."""

from __future__ import annotations

import copy

from helpers import to_bid

from meeple.core.driver import random_playout
from meeple.core.seeding import make_rng
from meeple.testing import check_clone_independence, check_determinization


def test_advancing_a_clone_never_changes_the_original(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    before = state.fingerprint()
    clone = state.clone()
    assert clone.fingerprint() == before
    clone.apply_action("b9", 0)
    clone.apply_action("b8", 1)
    clone.apply_action("keep")
    random_playout(clone, make_rng(0))
    assert state.fingerprint() == before
    assert state.history != clone.history
    assert [a.text for a in state.legal_actions(0)] == ["b1", "b5", "b9"]


def test_advancing_the_original_never_changes_a_clone(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    clone = state.clone()
    snap = clone.fingerprint()
    state.apply_action("b1", 0)
    random_playout(state, make_rng(1))
    assert clone.fingerprint() == snap
    assert len(clone.history) < len(state.history)


def test_clone_matches_deepcopy(game):
    state = game.new_initial_state()
    rng = make_rng(3)
    for _ in range(game.num_players * 3 + 2):
        from meeple.core.game import sample_chance

        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.acting_seats()[0]
            state.apply_action(state.legal_actions(seat)[0], seat)
    deep = copy.deepcopy(state)
    assert state.clone().snapshot() == deep.snapshot() == state.snapshot()


def test_clone_independence_check_passes_along_random_games(game):
    rng = make_rng(7)
    for i in range(20):
        state = game.new_initial_state()
        steps = make_rng(i).randrange(1, game.max_game_length())
        for _ in range(steps):
            if state.is_terminal():
                break
            check_clone_independence(state, rng)
            from meeple.testing.conformance import _random_step

            seat, act = _random_step(state, rng)
            state.apply_action(act, seat)


def test_determinization_keeps_the_observation_and_resamples_the_rest(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    state.apply_action("b8", 1)
    obs = state.observe(0)
    seen_other_hands = set()
    for i in range(30):
        det = game2.determinize_observation(obs, make_rng(i))
        assert det.observe(0) == obs
        assert det.current_player() == state.current_player()
        assert det.acting_seats() == (0,)
        assert det.hands[0] == [1, 5, 9]
        seen_other_hands.add((*det.hands[1], det.bids[1]))
        # the determinized state is a full, playable state
        random_playout(det, make_rng(i))
        assert det.is_terminal()
    assert len(seen_other_hands) > 5


def test_determinize_via_the_state(game2):
    state = to_bid(game2, [[1, 5, 9], [2, 8, 10]], prize=12)
    det = game2.determinize(state, 1, make_rng(0))
    assert det.observe(1) == state.observe(1)
    check_determinization(state, make_rng(0))
