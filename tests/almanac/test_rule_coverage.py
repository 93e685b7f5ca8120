"""Every Almanac rule id (AL-001..AL-120) and every ruling of its rulings page is cited by a
test; every ruling the code cites is on that page (:mod:`meeple.testing.coverage`)."""

from __future__ import annotations

from pathlib import Path

from meeple.testing.coverage import RuleCoverage

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
COVERAGE = RuleCoverage(
    prefix="AL",
    rules=120,
    tests=HERE,
    code=ROOT / "src" / "meeple" / "games" / "almanac",
    doc=ROOT / "docs" / "games" / "almanac.md",
)


def test_every_rule_id_is_tested():
    assert COVERAGE.untested_rules() == []


def test_every_ruling_is_tested():
    assert len(COVERAGE.rulings()) == 44
    assert COVERAGE.untested_rulings() == []


def test_every_ruling_cited_in_code_is_on_the_rulings_page():
    assert COVERAGE.undocumented_rulings() == []
