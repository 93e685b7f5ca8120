"""Difficulty levels: easy, medium and hard per game, usable wherever an agent is named."""

from __future__ import annotations

import csv

import pytest

from meeple.agents import agent_names, make_agent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.agents.levels import HARD_TIME_CAP, LEVELS, level_spec, levels_for
from meeple.core import ConfigError, game_names, make
from meeple.games.annapurna.heuristics import HeuristicAgent

REAL_GAMES = ["peach-festival", "annapurna", "almanac"]


@pytest.mark.parametrize("name", [n for n in game_names() if not n.startswith("broken-")])
def test_every_game_has_three_levels_that_build_agents_named_after_them(name):
    game = make(name, players=2)
    assert list(levels_for(game)) == ["easy", "medium", "hard"]
    for level in ("easy", "medium", "hard"):
        agent = make_agent(level, game)
        assert agent.name == level
        assert level in agent_names(game)


@pytest.mark.parametrize("name", REAL_GAMES)
def test_the_registered_games_have_their_own_tuned_levels(name):
    assert name in LEVELS
    game = make(name, players=2)
    easy = make_agent("easy", game)
    medium, hard = make_agent("medium", game), make_agent("hard", game)
    assert not isinstance(easy, ISMCTSAgent)  # the game's heuristic agent
    assert isinstance(hard, ISMCTSAgent)
    if isinstance(medium, ISMCTSAgent):  # the same search with a smaller budget
        assert hard.iterations > medium.iterations


def test_annapurna_levels_are_a_slipping_climber_the_heuristic_climber_and_the_search():
    game = make("annapurna", players=2)
    easy, medium, hard = (make_agent(level, game) for level in ("easy", "medium", "hard"))
    assert isinstance(easy, HeuristicAgent) and easy.epsilon == 0.3
    assert isinstance(medium, HeuristicAgent) and medium.epsilon == 0.0
    assert isinstance(hard, ISMCTSAgent) and hard.rollout == "heuristic"


@pytest.mark.parametrize("name", [n for n in game_names() if not n.startswith("broken-")])
def test_hard_answers_within_two_seconds_by_construction(name):
    hard = make_agent("hard", make(name, players=2))
    assert isinstance(hard, ISMCTSAgent)
    assert hard.time_limit is not None and hard.time_limit <= HARD_TIME_CAP < 2.0


def test_an_unknown_level_is_refused():
    with pytest.raises(ConfigError):
        level_spec(make("peach-festival"), "nightmare")


def test_a_level_given_parameters_is_refused_with_its_spec_to_edit():
    game = make("peach-festival", players=2)
    with pytest.raises(ConfigError, match=r"level 'hard' takes no parameters.*ismcts:iterations="):
        make_agent("hard:iterations=5", game)


def test_play_accepts_a_level_for_the_bots(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(
        ["play", "fixture-pips", "--seed", "3", "--bots", "medium", "--save", str(path)],
        "1\n" * 400,
    )
    assert res.exit_code == 0, res.output
    assert "Player 2: medium" in res.stdout and "Game over" in res.stdout


def test_simulate_accepts_levels(runner, tmp_path):
    out = tmp_path / "r.csv"
    res = runner(
        [
            "simulate",
            "fixture-pips",
            "-a",
            "easy,medium",
            "-n",
            "4",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(out.open()))
    assert {r["seat0_agent"] for r in rows} == {"easy", "medium"}
