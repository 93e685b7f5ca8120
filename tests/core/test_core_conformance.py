"""The conformance suite passes on the fixture game and catches broken games."""

from __future__ import annotations

import broken_games
import pytest
from fixture_game import SealedPips
from helpers import to_bid

from meeple.core import make
from meeple.core.seeding import make_rng
from meeple.testing import (
    ConformanceFailure,
    check_clone_independence,
    check_determinization,
    check_illegal_actions_raise,
    check_notation_round_trip,
    check_random_game,
    check_record_round_trip,
    check_same_seed_same_game,
    run_conformance,
)
from meeple.testing.conformance import check_node_invariants

broken_games.register()


@pytest.mark.parametrize("players", [2, 3])
def test_conformance_suite_passes_on_the_fixture_game(players):
    checked = run_conformance(lambda: SealedPips(players=players), games=200, deep_every=3)
    assert checked > 200 * 10


def test_every_check_passes_on_a_mid_game_state(game):
    state = to_bid(game, [[1, 5, 9], [2, 8, 10], [3, 4, 6]][: game.num_players], prize=12)
    rng = make_rng(0)
    check_node_invariants(state)
    check_notation_round_trip(state)
    check_illegal_actions_raise(state, rng)
    check_clone_independence(state, rng)
    check_determinization(state, rng)
    check_record_round_trip(state)


def test_short_games_with_other_options_conform():
    run_conformance(lambda: SealedPips(players=2, rounds=1, deck=5), games=50, deep_every=2)


def _mid_game(name: str):
    game = make(name, players=2)
    return to_bid(game, [[1, 5, 9], [2, 8, 10]], prize=12)


def test_catches_an_observation_that_leaks_a_hidden_card():
    with pytest.raises(ConformanceFailure, match="determinization for seat 0"):
        check_determinization(_mid_game("broken-leaky"), make_rng(0))
    with pytest.raises(ConformanceFailure):
        run_conformance(lambda: make("broken-leaky", players=2), games=11, deep_every=1)


def test_catches_an_observation_for_a_seat_that_does_not_exist():
    with pytest.raises(ConformanceFailure, match=r"observe\(-1\) gave a view"):
        check_determinization(_mid_game("broken-observer"), make_rng(0))


def test_catches_a_policy_view_that_differs_from_the_observation():
    with pytest.raises(ConformanceFailure, match=r"policy view of seat 0 differs .* \.hand"):
        check_determinization(_mid_game("broken-policy-view"), make_rng(0))
    with pytest.raises(ConformanceFailure, match=r"\.hand\[0\]: 1\.0 != 1"):
        check_determinization(_mid_game("broken-policy-view-types"), make_rng(0))


def test_catches_a_clone_that_shares_a_list():
    with pytest.raises(ConformanceFailure, match="clone"):
        check_clone_independence(_mid_game("broken-shared-clone"), make_rng(0))
    with pytest.raises(ConformanceFailure):
        run_conformance(lambda: make("broken-shared-clone", players=2), games=11, deep_every=1)


def test_catches_chance_probabilities_that_do_not_sum_to_one():
    with pytest.raises(ConformanceFailure, match="chance probabilities"):
        check_random_game(make("broken-odds", players=2), seed=0)


def test_catches_a_game_longer_than_it_declares():
    with pytest.raises(ConformanceFailure, match="maximum length"):
        check_random_game(make("broken-too-long", players=2), seed=0)


def test_catches_a_result_without_a_winner():
    with pytest.raises(ConformanceFailure, match="winner"):
        check_random_game(make("broken-no-winner", players=2), seed=0)


def test_catches_a_determinization_whose_playout_strands_a_seat():
    for seed in range(4):  # the playout's seat is drawn: either one is stranded
        state = _mid_game("broken-strands")
        state.apply_action("b9", 0)
        state.apply_action("b2", 1)
        assert state.acting_seats() == (0,)  # seat 0 won the prize and decides: it has moves
        with pytest.raises(ConformanceFailure, match="playout of the determinization for seat"):
            check_determinization(state, make_rng(seed))


def test_catches_a_game_that_differs_from_the_same_seed():
    with pytest.raises(ConformanceFailure, match="different games"):
        check_same_seed_same_game(lambda: make("broken-unstable", players=3), seed=0)


def test_broken_variants_still_pass_the_checks_they_do_not_break():
    # the leak is invisible to the clone check and the shared list to the notation check
    check_clone_independence(_mid_game("broken-leaky"), make_rng(0))
    check_notation_round_trip(_mid_game("broken-shared-clone"))
