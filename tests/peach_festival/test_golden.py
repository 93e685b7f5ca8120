"""Golden playthroughs of The Peach Festival: behaviour changes show up as diffs."""

from pathlib import Path

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.testing.golden import check_golden, playthrough

from .conftest import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "options", "agents"),
    [
        ("three-players-greedy-random", 3, {}, ["greedy", "random", "greedy"]),
        ("solo-hard-greedy", 1, {"difficulty": "hard"}, ["greedy"]),
    ],
)
def test_golden_playthrough(name, players, options, agents):
    g = game(players, **options)
    seated = [make_agent(a, g) if a != "random" else RandomAgent() for a in agents]
    check_golden(GOLDEN / f"{name}.txt", playthrough(g, seated, seed=2026))
