"""Designer defaults: the heuristic agents when none are named, a warning for games ended at a
safety limit (ruling PF-R35), and `results` that reads its game from the files."""

from __future__ import annotations

import pytest

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


def test_results_rebuilds_simulates_summary_and_plot_from_a_saved_run(runner, tmp_path):
    pytest.importorskip("matplotlib")
    out, plot = tmp_path / "r.csv", tmp_path / "again.png"
    args = ["simulate", "annapurna", "-n", "6", "-s", "4", "--no-progress"]
    made = runner([*args, "--out", str(out), "--plot", str(tmp_path / "first.png")])
    assert made.exit_code == 0, made.output
    # one agent in every seat: no tournament to rate, so simulate's summary is the default
    again = runner(["results", str(out), "--plot", str(plot)])
    assert again.exit_code == 0, again.output
    assert again.stdout == made.stdout
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert runner(["results", str(out), "--plot", str(plot)]).exit_code == 2  # no --force


def test_results_summary_of_two_agents_is_simulates_and_the_tables_stay_the_default(
    runner, tmp_path
):
    out = tmp_path / "r.jsonl"
    args = ["simulate", "annapurna", "-a", "heuristic,random", "-n", "4", "--no-progress"]
    made = runner([*args, "--out", str(out)])
    assert runner(["results", str(out), "--summary"]).stdout == made.stdout
    assert "Standings" in runner(["results", str(out)]).stdout


def test_results_rebuilds_the_same_summary_from_csv_as_from_json_lines(runner, tmp_path):
    """A cooperative team's games (ruling AN-R45): the CSV keeps their ``cooperative`` key,
    so each seat's win counts whole from either file."""
    args = ["simulate", "annapurna", "-n", "6", "-s", "3", "-o", "mode=cooperative"]
    for suffix in ("csv", "jsonl"):
        made = runner([*args, "--no-progress", "--out", str(tmp_path / f"r.{suffix}")])
        assert made.exit_code == 0, made.output
    from_csv = runner(["results", str(tmp_path / "r.csv")])
    from_json = runner(["results", str(tmp_path / "r.jsonl")])
    assert from_csv.exit_code == 0, from_csv.output
    assert from_csv.stdout == from_json.stdout == made.stdout
    assert "options mode=cooperative" in from_csv.stdout


def test_a_summary_of_files_with_other_options_is_refused_in_one_line(runner, tmp_path):
    args = ["simulate", "annapurna", "-n", "2", "--no-progress"]
    runner([*args, "--out", str(tmp_path / "a.csv")])
    runner([*args, "-o", "flag_target=5", "--out", str(tmp_path / "b.csv")])
    done = runner(["results", str(tmp_path / "a.csv"), str(tmp_path / "b.csv")])
    assert done.exit_code == 2 and "mix game options" in done.stderr


def test_a_tournament_and_a_sweep_warn_about_games_ended_at_a_safety_limit(runner, tmp_path):
    # random play of The Peach Festival mostly ends at the 60-round limit (ruling PF-R35)
    played = runner(
        [
            "tournament",
            "peach-festival",
            "-a",
            "random,greedy",
            "-o",
            "max_rounds=10",  # too few rounds to mark five boxes
            "-n",
            "4",
            "--no-progress",
            "--out",
            str(tmp_path / "t.csv"),
        ]
    )
    assert played.exit_code == 0, played.output
    assert "warning:" in played.stderr and "round_limit" in played.stderr
    swept = runner(
        [
            "sweep",
            "peach-festival",
            "-a",
            "random",
            "-o",
            "max_rounds=40,60",
            "-n",
            "2",
            "--no-progress",
            "--out",
            str(tmp_path / "s.json"),
            "--json",
        ]
    )
    assert swept.exit_code == 0, swept.output
    assert "warning: variant max_rounds=40:" in swept.stderr and "round_limit" in swept.stderr
