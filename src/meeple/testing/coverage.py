"""Rule coverage: every rule id of a game's inventory and every ruling on its rulings page is
cited by one of its tests, and every ruling its code cites is on that page.

Rule ids are ``XX-nnn`` (``XX`` the game's prefix, e.g. ``AN``), gaps of the inventory
``XX-Gnn``, rulings ``XX-Rnn`` listed as rows of the rulings table (``| XX-Rnn | ...``) in
``docs/games/<game>.md``.
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
        tests: The game's test folder (the check itself lives elsewhere: it names ids).
        code: The game's package folder.
        doc: The game's rulings page.
        gaps: Gaps of the inventory run from ``XX-G01`` to ``XX-G<gaps>`` (0: none listed;
            each must be cited by a test, beside the ruling that settles it).
        pattern: The files of ``tests`` that count (default: the test modules).
    """

    prefix: str
    rules: int
    tests: Path
    code: Path
    doc: Path
    gaps: int = 0
    pattern: str = "test_*.py"

    @staticmethod
    def _text(folder: Path, pattern: str) -> str:
        return "\n".join(p.read_text() for p in sorted(folder.rglob(pattern)))

    def test_text(self) -> str:
        """The game's test files (``pattern``) as one text."""
        return self._text(self.tests, self.pattern)

    def rulings(self) -> set[str]:
        """The ruling ids of the rulings page's table rows."""
        pattern = rf"^\| ({self.prefix}-R\d\d\d?) \|"
        return set(re.findall(pattern, self.doc.read_text(), flags=re.M))

    def untested_rules(self) -> list[str]:
        """Rule ids ``XX-001`` … no test cites."""
        text = self.test_text()
        ids = (f"{self.prefix}-{i:03d}" for i in range(1, self.rules + 1))
        return [r for r in ids if r not in text]

    def untested_gaps(self) -> list[str]:
        """Gap ids ``XX-G01`` … no test cites."""
        text = self.test_text()
        ids = (f"{self.prefix}-G{i:02d}" for i in range(1, self.gaps + 1))
        return [g for g in ids if g not in text]

    def untested_rulings(self) -> list[str]:
        """Rulings of the rulings page no test cites."""
        text = self.test_text()
        # AL-R10 is not cited by a citation of AL-R100
        cited = set(re.findall(rf"{self.prefix}-R\d\d\d?", text))
        return sorted(r for r in self.rulings() if r not in cited)

    def undocumented_rulings(self) -> list[str]:
        """Ruling ids the code cites that the rulings page does not list."""
        cited = set(re.findall(rf"{self.prefix}-R\d\d\d?", self._text(self.code, "*.py")))
        return sorted(cited - self.rulings())
