"""Golden playthroughs of Annapurna: behaviour changes show up as diffs."""

from pathlib import Path

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.games.annapurna.game import Annapurna
from meeple.testing.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "options", "agents"),
    [
        ("two-climbers-heuristic", 2, {}, ["heuristic", "heuristic"]),
        ("three-climbers-random", 3, {"starter": None}, ["random"] * 3),
        ("four-climbers-random-auto-sweep", 4, {"auto_sweep": True}, ["random"] * 4),
    ],
)
def test_golden_playthrough_matches_recorded_game(name, players, options, agents):
    g = Annapurna(players, **options)
    seated = [make_agent(a, g) if a != "random" else RandomAgent() for a in agents]
    check_golden(GOLDEN / f"{name}.txt", playthrough(g, seated, seed=2026))
