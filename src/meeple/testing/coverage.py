"""Rule coverage: every rule id of a game's inventory and every ruling on its rulings page is
cited by one of its tests, and every ruling its code cites is on that page.

Rule ids are ``XX-nnn`` (``XX`` the game's prefix, e.g. ``AN``), rulings ``XX-Rnn`` listed as
rows of the rulings table (``| XX-Rnn | ...``) in ``docs/games/<game>.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RuleCoverage:
    """The rule ids, tests, code and rulings page of one game.

    Args:
        prefix: The game's id prefix, e.g. ``"AL"``.
        rules: Rule ids run from ``XX-001`` to ``XX-<rules>``.
        tests: The game's test folder; the file doing the check is left out (it names ids).
        code: The game's package folder.
        doc: The game's rulings page.
        checker: Name of the test file doing the check, left out of ``tests``.
        pattern: The files of ``tests`` that count (default: the test modules).
    """

    prefix: str
    rules: int
    tests: Path
    code: Path
    doc: Path
    checker: str = "test_rule_coverage.py"
    pattern: str = "test_*.py"

    @staticmethod
    def _text(folder: Path, pattern: str, skip: str = "") -> str:
        return "\n".join(p.read_text() for p in sorted(folder.rglob(pattern)) if p.name != skip)

    def test_text(self) -> str:
        """The game's test files (``pattern``) but the checker, as one text."""
        return self._text(self.tests, self.pattern, self.checker)

    def rulings(self) -> set[str]:
        """The ruling ids of the rulings page's table rows."""
        pattern = rf"^\| ({self.prefix}-R\d\d) \|"
        return set(re.findall(pattern, self.doc.read_text(), flags=re.M))

    def untested_rules(self) -> list[str]:
        """Rule ids ``XX-001`` … no test cites."""
        text = self.test_text()
        ids = (f"{self.prefix}-{i:03d}" for i in range(1, self.rules + 1))
        return [r for r in ids if r not in text]

    def untested_rulings(self) -> list[str]:
        """Rulings of the rulings page no test cites."""
        text = self.test_text()
        return sorted(r for r in self.rulings() if r not in text)

    def undocumented_rulings(self) -> list[str]:
        """Ruling ids the code cites that the rulings page does not list."""
        cited = set(re.findall(rf"{self.prefix}-R\d\d", self._text(self.code, "*.py")))
        return sorted(cited - self.rulings())
