"""Every rule of the inventory and every ruling has a test; every ruling in code is documented."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).parent
CODE = ROOT / "src" / "meeple" / "games" / "peach_festival"
DOC = ROOT / "docs" / "games" / "the-peach-festival.md"


def _text(folder: Path) -> str:
    return "\n".join(
        p.read_text() for p in sorted(folder.glob("*.py")) if p.name != Path(__file__).name
    )


def _rulings() -> set[str]:
    return set(re.findall(r"^\| (PF-R\d\d) \|", DOC.read_text(), flags=re.M))


def test_every_rule_id_appears_in_a_test():
    tests = _text(TESTS)
    missing = [f"PF-{i:03d}" for i in range(1, 97) if f"PF-{i:03d}" not in tests]
    assert missing == []


def test_every_gap_of_the_inventory_is_settled_by_a_tested_ruling():
    tests = _text(TESTS)
    missing = [f"PF-G{i:02d}" for i in range(1, 34) if f"PF-G{i:02d}" not in tests]
    assert missing == []


def test_every_ruling_on_the_rulings_page_has_a_test():
    rulings = _rulings()
    assert len(rulings) == 39
    tests = _text(TESTS)
    assert sorted(r for r in rulings if r not in tests) == []


def test_every_ruling_cited_in_code_is_on_the_rulings_page():
    cited = set(re.findall(r"PF-R\d\d", _text(CODE)))
    assert sorted(cited - _rulings()) == []
