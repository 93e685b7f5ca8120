"""Every Peach Festival rule id (PF-001..PF-096) and every ruling of its rulings page is cited by a
test; every ruling the code cites is on that page (:mod:`meeple.testing.coverage`)."""

from __future__ import annotations

from pathlib import Path

from meeple.testing.coverage import RuleCoverage

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
COVERAGE = RuleCoverage(
    prefix="PF",
    rules=96,
    tests=HERE,
    code=ROOT / "src" / "meeple" / "games" / "peach_festival",
    doc=ROOT / "docs" / "games" / "the-peach-festival.md",
    pattern="*.py",  # set-ups in conftest.py count too
)


def test_every_rule_id_is_tested():
    assert COVERAGE.untested_rules() == []


def test_every_ruling_is_tested():
    assert len(COVERAGE.rulings()) == 39
    assert COVERAGE.untested_rulings() == []


def test_every_ruling_cited_in_code_is_on_the_rulings_page():
    assert COVERAGE.undocumented_rulings() == []


def test_every_gap_of_the_inventory_is_settled_by_a_tested_ruling():
    tests = COVERAGE.test_text()
    assert [f"PF-G{i:02d}" for i in range(1, 34) if f"PF-G{i:02d}" not in tests] == []
