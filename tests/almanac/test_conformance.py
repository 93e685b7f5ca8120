"""The engine-contract conformance suite on random journeys for 2, 3 and 4 players."""

import pytest

from meeple.core.registry import make
from meeple.testing import run_conformance


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_on_1000_random_journeys(players: int) -> None:
    """Every node invariant, clone, determinization, notation and record check (AL-G01)."""
    total = run_conformance(lambda: make("almanac", players=players), games=1000, seed=players)
    assert total > 1000 * 100
