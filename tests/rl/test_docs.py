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
    assert len(BLOCKS) == 6
    for needle in (
        "pyspiel",
        "parallel_env",
        "FactoredActionWrapper",
        "MCTSBot",
        "ISMCTSBot",
        "pettingzoo_env",
        "gym.make",
        "MeepleVectorEnv",
    ):
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


def _run(block: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"{DOC.name}[example]", "exec"), {"__name__": "doc"})
    return out.getvalue()


def test_the_openspiel_example_prints_the_same_on_every_run():
    """The IS-MCTS bot gets a seeded resampler, as the text says reproducibility needs."""
    block = next(b for b in BLOCKS if "ISMCTSBot" in b)
    assert "set_resampler(" in block
    assert _run(block) == _run(block)


def test_only_the_suites_that_run_on_every_configuration_claim_it():
    rows = [line for line in DOC.read_text().splitlines() if line.startswith("| ")]
    every = {row.split("|")[1].strip() for row in rows if "every game and player count" in row}
    assert every == {
        "`pyspiel.random_sim_test` (serialisation included)",
        "PettingZoo's `api_test` and `seed_test`",
        "PettingZoo's `parallel_api_test` (`parallel_env`)",
        "Gymnasium's `check_env`",
    }


def test_the_opponent_table_names_each_game_own_bot():
    import meeple
    from meeple.agents.base import own_agents

    text = DOC.read_text()
    row = next(line for line in text.splitlines() if line.startswith("| the game's own bot |"))
    cells = [c.strip().split()[0].strip('`"') for c in row.split("|")[2:-1]]
    header = next(line for line in text.splitlines() if line.startswith("| name | "))
    games = [c.strip() for c in header.split("|")[2:-1]]
    for game, bot in zip(games, cells, strict=True):
        assert bot == "heuristic" and next(iter(own_agents(meeple.make(game, players=2)))) == bot


def test_the_page_says_what_an_illegal_pettingzoo_action_does():
    section = DOC.read_text().split("## PettingZoo")[1].split("## Gymnasium")[0]
    assert "IllegalActionError" in section and "changes nothing" in section
