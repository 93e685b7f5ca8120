"""Journeys over every page of the route (a small run of ``bench/almanac_pages.py``).

The bench plans each journey's route so that every page of the content is visited; here a few
dozen journeys per player count are checked by the conformance suite and played by heuristic
agents, and the balance figures are computed on them (rulings AL-R46, AL-R80..AL-R105).
"""

import importlib.util
import math
from pathlib import Path

import pytest

from meeple.core.registry import make

_PATH = Path(__file__).resolve().parents[2] / "bench" / "almanac_pages.py"
_SPEC = importlib.util.spec_from_file_location("almanac_pages_bench", _PATH)
bench = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(bench)


def test_the_planned_routes_visit_every_page_of_the_content():
    """AL-G03: 19 planned journeys (one per page at least) reach all 19 pages."""
    game = make("almanac", players=2)
    planner = bench.RoutePlanner(game.content, __import__("random").Random(0))
    for _ in range(10):
        route = planner.next_route()
        assert len(route) == 6 and route[0] == 1
    assert min(planner.visits.values()) >= 1 and set(planner.visits) == set(game.content.pages)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_journeys_over_every_page_keep_every_engine_check(players):
    """Every page's rule under random play keeps the engine contract (AL-R46: rules as data
    plug-ins): 30 checked journeys per count, with no failure, visiting every page."""
    actions, visits, failures = bench.conformance(players, 30, seed=100 * players)
    assert failures == []
    assert actions > 30 * 100
    assert all(v >= 1 for v in visits.values())


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_journeys_give_every_page_a_fame_figure(players):
    """The balance table's figures exist for every page: 24 heuristic journeys per count
    visit each page, and each page's mean fame gained is a finite number of fame."""
    game = make("almanac", players=players)
    figures = bench.balance(players, 24, seed=7)
    assert set(figures["gains"]) == set(game.content.pages)
    lines, _ = bench.page_table(game, figures, band=100.0)
    assert len(lines) == 1 + len(game.content.pages)
    for pid, gains in figures["gains"].items():
        m, lo, hi = bench.mean_ci(gains)
        assert math.isfinite(m) and lo <= m <= hi, pid
    wins = sum(sum(d["wins"]) for d in figures["families"].values())
    assert wins == pytest.approx(24)  # one win shared out per journey
