"""Every AN rule id (AN-001..AN-076) and every ruling of the rulings page appears in a test."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
DOCS = HERE.parents[1] / "docs" / "games" / "annapurna.md"


def _test_text() -> str:
    return "\n".join(
        p.read_text() for p in HERE.glob("test_*.py") if p.name != "test_rule_coverage.py"
    )


def test_every_rule_id_is_tested():
    text = _test_text()
    missing = [f"AN-{i:03d}" for i in range(1, 77) if f"AN-{i:03d}" not in text]
    assert not missing, missing


def test_every_ruling_is_tested():
    rulings = sorted(set(re.findall(r"AN-R\d\d", DOCS.read_text())))
    assert len(rulings) >= 40
    text = _test_text()
    missing = [r for r in rulings if r not in text]
    assert not missing, missing
