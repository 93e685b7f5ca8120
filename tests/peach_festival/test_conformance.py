"""The engine contract on The Peach Festival: 1,000 random games per player count."""

import pytest

import meeple
from meeple.testing import (
    check_random_game,
    check_record_round_trip,
    check_same_seed_same_game,
    run_conformance,
)

GAMES = 1000


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_satisfy_the_engine_contract(players):
    """Games end, legal actions exist until the end, illegal actions raise and change nothing,
    chance sums to 1, clones are independent, records replay, notation round-trips and
    determinizations keep the observation."""
    checked = run_conformance(
        lambda: meeple.make("peach-festival", players=players),
        games=GAMES,
        seed=1000 * players,
        deep_every=40,
    )
    assert checked > GAMES * 10


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_solo_difficulties_satisfy_the_engine_contract(difficulty):
    g = meeple.make("peach-festival", players=1, difficulty=difficulty)
    state = check_random_game(g, seed=7, deep_every=3)
    check_record_round_trip(state)
    check_same_seed_same_game(
        lambda: meeple.make("peach-festival", players=1, difficulty=difficulty), 3
    )
