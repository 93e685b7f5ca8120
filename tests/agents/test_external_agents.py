"""Agents of the user's own classes: ``FILE.py:Class`` and ``module:Class`` specs work
wherever a spec does (tournaments, simulations, environments), and every mistake is one
ConfigError saying what is wrong."""

from __future__ import annotations

import csv
import random

import pytest

from meeple.agents.base import Agent, make_agent
from meeple.core.errors import ConfigError
from meeple.core.registry import make

AGENTS = '''
from meeple.agents.base import Agent


class FirstAgent(Agent):
    """Always the first legal action; remembers the argument it was built with."""

    def __init__(self, arg=""):
        self.arg = arg

    def act(self, observation, legal_actions, rng):
        return legal_actions[0]


class Broken(Agent):
    def __init__(self):
        raise RuntimeError("no weights file")


class NotAnAgent:
    pass
'''


@pytest.fixture
def agents_file(tmp_path):
    path = tmp_path / "mybots.py"
    path.write_text(AGENTS)
    return path


def test_a_file_spec_builds_the_class_with_or_without_its_argument(agents_file):
    game = make("fixture-pips", players=2)
    plain = make_agent(f"{agents_file}:FirstAgent", game)
    with_arg = make_agent(f"{agents_file}:FirstAgent:depth=3", game)
    assert isinstance(plain, Agent) and plain.arg == "" and with_arg.arg == "depth=3"
    assert plain.honest and plain.name == f"{agents_file}:FirstAgent"
    assert type(plain) is type(with_arg)  # the file is loaded once
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    seat = state.acting_seats()[0]
    plain.setup(game, seat)
    legal = state.legal_actions(seat)
    assert plain.act(state.observe(seat), legal, random.Random(0)) == legal[0]


def test_a_relative_file_spec_is_read_from_the_working_directory(agents_file, monkeypatch):
    monkeypatch.chdir(agents_file.parent)
    assert make_agent("mybots.py:FirstAgent", make("fixture-pips", players=2)).arg == ""


def test_a_module_spec_imports_the_module(tmp_path, monkeypatch):
    package = tmp_path / "labbots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text(AGENTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = make_agent("labbots.first:FirstAgent:x", make("fixture-pips", players=2))
    assert agent.arg == "x"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{file}:Missing", "has no agent class 'Missing'"),
        ("{file}:NotAnAgent", "is not an agent"),
        ("{file}:Broken", "could not be built: RuntimeError: no weights file"),
        ("{file}:", "names no class"),
        ("{dir}/nowhere.py:FirstAgent", "not found"),
        ("no_such_package.bots:FirstAgent", "could not be imported"),
        ("myagent:FirstAgent", "FILE.py:Class"),
    ],
)
def test_every_mistake_in_a_spec_of_ones_own_is_one_config_error(agents_file, spec, message):
    spec = spec.format(file=agents_file, dir=agents_file.parent)
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, make("fixture-pips", players=2))


def test_a_file_that_fails_to_load_is_a_config_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import no_such_module_here\n")
    with pytest.raises(ConfigError, match="failed to load: ModuleNotFoundError"):
        make_agent(f"{bad}:FirstAgent", make("fixture-pips", players=2))


def test_a_spec_that_is_not_text_is_a_config_error():
    with pytest.raises(ConfigError, match="agent spec is text"):
        make_agent(None, make("fixture-pips", players=2))


def test_a_tournament_seats_an_agent_of_ones_own(runner, agents_file, tmp_path):
    out = tmp_path / "t.csv"
    spec = f"{agents_file}:FirstAgent"
    args = ["tournament", "fixture-pips", "--agents", f"random,{spec}", "--games", "4"]
    res = runner([*args, "--jobs", "2", "--seed", "1", "--no-progress", "--out", str(out)])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and {r["seat0_agent"] for r in rows} == {"random", spec}


def test_a_top_level_module_that_python_finds_names_an_agent_class(tmp_path, monkeypatch):
    (tmp_path / "toplevelbots.py").write_text(AGENTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert make_agent("toplevelbots:FirstAgent", make("fixture-pips", players=2)).arg == ""
    with pytest.raises(ConfigError, match="no agent 'nowhere_to_be_found'") as e:
        make_agent("nowhere_to_be_found:FirstAgent", make("fixture-pips", players=2))
    assert "no importable module 'nowhere_to_be_found'" in str(e.value)  # the likely cause
    assert "PYTHONPATH" in str(e.value)


def test_an_agent_file_imports_the_modules_beside_it(tmp_path):
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "weights_of_mine.py").write_text("FIRST = 0\n")
    (folder / "agent.py").write_text(
        "import weights_of_mine\n"
        + AGENTS.replace("legal_actions[0]", "legal_actions[weights_of_mine.FIRST]")
    )
    assert make_agent(f"{folder / 'agent.py'}:FirstAgent", make("fixture-pips", players=2))


def test_an_agent_file_that_exits_while_loading_is_a_config_error(tmp_path):
    bad = tmp_path / "exits.py"
    bad.write_text("import sys\nsys.exit(3)\n")
    with pytest.raises(ConfigError, match="failed to load: SystemExit"):
        make_agent(f"{bad}:FirstAgent", make("fixture-pips", players=2))


@pytest.mark.parametrize("command", ["simulate", "tournament", "play"])
@pytest.mark.parametrize(
    ("failure", "said"),
    [
        ("raise ValueError('no weights file')", "ValueError: no weights file"),
        ("raise SystemExit", "SystemExit"),
    ],
)
def test_an_agent_whose_setup_fails_is_one_error_line(runner, tmp_path, command, failure, said):
    path = tmp_path / "setups.py"
    path.write_text(
        "from meeple.agents.base import Agent\n\n\n"
        "class SetupFails(Agent):\n"
        "    def setup(self, game, seat):\n"
        f"        {failure}\n\n"
        "    def act(self, observation, legal_actions, rng):\n"
        "        return legal_actions[0]\n"
    )
    spec = f"{path}:SetupFails"
    if command == "play":
        args = ["play", "fixture-pips", "--humans", "none", "--bots", spec]
        args += ["--save", str(tmp_path / "g.json")]
    else:
        args = [command, "fixture-pips", "-a", f"random,{spec}", "-n", "2", "--no-progress"]
    res = runner(args)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"agent '{spec}' failed to set up at seat 0: {said}" in " ".join(res.stderr.split())


def test_a_file_path_with_colons_splits_after_py(tmp_path):
    folder = tmp_path / "col:dir"
    folder.mkdir()
    (folder / "mybots.py").write_text(AGENTS)
    agent = make_agent(f"{folder / 'mybots.py'}:FirstAgent:x", make("fixture-pips", players=2))
    assert agent.arg == "x"


def test_the_base_class_itself_is_no_agent(tmp_path):
    path = tmp_path / "only_base.py"
    path.write_text("from meeple.agents.base import Agent\n")
    with pytest.raises(ConfigError, match="does not implement act"):
        make_agent(f"{path}:Agent", make("fixture-pips", players=2))


def test_a_game_agent_missing_from_this_game_gets_no_module_hint():
    """``greedy:fast`` names a parameterised agent, not a module and a class."""
    with pytest.raises(ConfigError) as e:
        make_agent("greedy:fast", make("fixture-pips", players=2))
    assert "no agent 'greedy'" in str(e.value) and "PYTHONPATH" not in str(e.value)
