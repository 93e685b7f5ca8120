"""Imports run one way: the import-linter contracts of ``pyproject.toml`` hold.

The contracts: drivers (command line, research adapters, later the server and web pages) above
simulations, above agents, above the games, above the core; each game independent of the
others; inside each game the same layers (game, bots and views, state, rules, content,
constants); no import circle between the modules of any package.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

# importlinter.api sets up import-linter's configuration readers when imported
pytest.importorskip("importlinter.api")
from importlinter.application.use_cases import lint_imports

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"


def _lint(config: Path) -> bool:
    return lint_imports(config_filename=str(config), cache_dir=None, no_logo=True)


def test_the_packages_keep_every_import_contract(capsys):
    kept = _lint(PYPROJECT)
    assert kept, capsys.readouterr().out


def _fake_project(tmp_path: Path, rules_imports_state: bool) -> Path:
    """A package ``fakemeeple`` laid out as ours, one game ``tic``, with the contracts of
    ``pyproject.toml`` pointed at it; its rules import the state back when asked."""
    root = tmp_path / "fakemeeple"
    modules = {
        "__init__": "",
        "core/__init__": "",
        "core/game": "",
        "agents/__init__": "from fakemeeple.core import game\n",
        "sim/__init__": "from fakemeeple.agents import *\n",
        "testing/__init__": "",
        "rl/__init__": "from fakemeeple.sim import *\n",
        "cli/__init__": "from fakemeeple.sim import *\n",
        "games/__init__": "",
        "games/tic/__init__": "",
        "games/tic/consts": "X = 1\n",
        "games/tic/content": "from fakemeeple.games.tic import consts\n",
        "games/tic/rules": "from fakemeeple.games.tic import content\n",
        "games/tic/moves": "from fakemeeple.games.tic import rules\n",
        "games/tic/observation": "from fakemeeple.games.tic import consts\n",
        "games/tic/scoring": "from fakemeeple.games.tic import content\n",
        "games/tic/notation": "from fakemeeple.games.tic import rules\n",
        "games/tic/render": "from fakemeeple.games.tic import observation\n",
        "games/tic/state": "from fakemeeple.games.tic import moves, rules, scoring\n",
        "games/tic/heuristics": "from fakemeeple.core import game\n",
        "games/tic/encoding": "from fakemeeple.games.tic import consts\n",
        "games/tic/game": "from fakemeeple.games.tic import state\n",
    }
    if rules_imports_state:
        modules["games/tic/rules"] += "from fakemeeple.games.tic import state\n"
    for name, text in modules.items():
        path = root / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    ours = PYPROJECT.read_text()
    start = ours.index("[tool.importlinter]")
    end = ours.index("[tool.ruff]")
    config = tmp_path / "contracts.toml"
    config.write_text(
        re.sub(r"\bmeeple\.", "fakemeeple.", ours[start:end]).replace('"meeple"', '"fakemeeple"')
    )
    tomllib.loads(config.read_text())  # still TOML
    return config


@pytest.mark.parametrize("broken", [False, True])
def test_a_game_whose_rules_import_its_state_back_breaks_the_contracts(
    tmp_path, monkeypatch, capsys, broken
):
    config = _fake_project(tmp_path, rules_imports_state=broken)
    monkeypatch.syspath_prepend(str(tmp_path))
    kept = _lint(config)
    out = capsys.readouterr().out
    for name in [m for m in sys.modules if m.startswith("fakemeeple")]:
        del sys.modules[name]
    if broken:
        assert not kept
        assert "Inside each game" in out and "BROKEN" in out
        assert "fakemeeple.games.tic.rules -> fakemeeple.games.tic.state" in out
        assert "No cycles are allowed in fakemeeple.games.tic" in out
    else:
        assert kept, out
