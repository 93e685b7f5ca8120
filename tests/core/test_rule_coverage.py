"""Every game's rule ids, inventory gaps and rulings are cited by its tests, and every ruling
its code cites is on its rulings page (:mod:`meeple.testing.coverage`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.testing.coverage import RuleCoverage

ROOT = Path(__file__).resolve().parents[2]


def _game(prefix: str, package: str, page: str, **kw) -> RuleCoverage:
    return RuleCoverage(
        prefix=prefix,
        tests=ROOT / "tests" / package,
        code=ROOT / "src" / "meeple" / "games" / package,
        doc=ROOT / "docs" / "games" / f"{page}.md",
        **kw,
    )


#: game -> (its coverage, the number of rulings on its page)
GAMES = {
    # set-ups in conftest.py count too
    "peach-festival": (
        _game("PF", "peach_festival", "the-peach-festival", rules=96, gaps=33, pattern="*.py"),
        41,
    ),
    "annapurna": (_game("AN", "annapurna", "annapurna", rules=76), 46),
    "almanac": (_game("AL", "almanac", "almanac", rules=120, gaps=36), 105),
}


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_id_is_tested(name):
    assert GAMES[name][0].untested_rules() == []


@pytest.mark.parametrize("name", GAMES)
def test_every_gap_of_the_inventory_is_settled_by_a_tested_ruling(name):
    assert GAMES[name][0].untested_gaps() == []


@pytest.mark.parametrize("name", GAMES)
def test_every_ruling_on_the_rulings_page_is_tested(name):
    coverage, count = GAMES[name]
    assert len(coverage.rulings()) == count
    assert coverage.untested_rulings() == []


@pytest.mark.parametrize("name", GAMES)
def test_every_ruling_cited_in_code_is_on_the_rulings_page(name):
    assert GAMES[name][0].undocumented_rulings() == []
