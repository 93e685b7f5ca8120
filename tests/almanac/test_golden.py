"""Golden playthroughs of Almanac: behaviour changes show up as diffs."""

from pathlib import Path

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.testing.golden import check_golden, playthrough

from .conftest import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "agents"),
    [
        ("two-players-heuristic", 2, ["heuristic", "heuristic"]),
        ("four-players-random", 4, ["random", "random", "random", "random"]),
        ("three-players-heuristic-random", 3, ["heuristic", "random", "heuristic"]),
    ],
)
def test_golden_playthrough_is_unchanged(name, players, agents):
    g = game(players)
    seated = [make_agent(a, g) if a != "random" else RandomAgent() for a in agents]
    check_golden(GOLDEN / f"{name}.txt", playthrough(g, seated, seed=2026))
