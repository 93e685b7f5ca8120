"""Designer defaults: the heuristic agents when none are named, a warning for games ended at a
safety limit (ruling PF-R35), and `results` that reads its game from the files."""

from __future__ import annotations

from meeple.sim.defaults import default_agents, limit_warning, safety_limits


def test_a_simulation_without_agents_plays_the_games_heuristic_agent(runner):
    result = runner(["simulate", "annapurna", "--games", "2", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "agents heuristic," in result.output


def test_the_default_agent_is_the_first_of_the_games_registry_entry():
    assert default_agents("peach-festival") == ["heuristic"]
    assert default_agents("fixture-pips") == ["high"]


def test_random_peach_festival_games_at_the_round_limit_are_warned_about(runner):
    # random play rarely marks five boxes: most games end at the 60-round limit (PF-R35)
    result = runner(
        ["simulate", "peach-festival", "--agents", "random", "--games", "4", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    assert "warning:" in result.output
    assert "of 4 games" in result.output and "round_limit" in result.output


def test_only_true_limit_extras_count_as_games_ended_at_a_limit():
    rows = [
        {"extras": {"round_limit": True, "rounds": 60}},
        {"extras": {"round_limit": False, "rounds": 21}},
        {"extras": {"rounds": 18}},
    ]
    assert safety_limits(rows) == {"round_limit": 1}
    warning = limit_warning(rows)
    assert warning is not None and warning.startswith("1 of 3 games (33.3%)")
    assert limit_warning(rows[1:]) is None


def test_results_reads_the_game_from_the_files_it_is_given(runner, tmp_path):
    out = tmp_path / "r.jsonl"
    made = runner(
        [
            "simulate",
            "annapurna",
            "-a",
            "heuristic,random",
            "-n",
            "4",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    assert made.exit_code == 0, made.output
    without = runner(["results", str(out)])
    named = runner(["results", "annapurna", str(out)])
    assert without.exit_code == 0, without.output
    assert named.exit_code == 0, named.output
    assert without.output == named.output
    assert "Annapurna" in without.output


def test_results_refuses_a_game_its_files_are_not_of(runner, tmp_path):
    out = tmp_path / "r.csv"
    runner(
        [
            "simulate",
            "annapurna",
            "-a",
            "heuristic,random",
            "-n",
            "2",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    result = runner(["results", "almanac", str(out)])
    assert result.exit_code != 0
    assert "not of almanac" in result.output
