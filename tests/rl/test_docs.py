"""The examples of docs/research.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_the_research_page_has_an_example_per_library():
    text = "\n".join(BLOCKS)
    assert len(BLOCKS) == 3
    for needle in ("pyspiel", "MCTSBot", "ISMCTSBot", "pettingzoo_env", "gym.make"):
        assert needle in text


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_research_page_example_runs(index, capsys):
    exec(compile(BLOCKS[index], f"{DOC.name}[example {index + 1}]", "exec"), {"__name__": "doc"})
    assert capsys.readouterr().out.strip()


def test_spec_table_lists_every_game():
    from meeple.rl.__main__ import spec_table
    from meeple.rl.encoding import ENCODERS

    table = spec_table()
    for name in ENCODERS:
        assert f"| {name} |" in table
        assert f"| {name} |" in DOC.read_text()
