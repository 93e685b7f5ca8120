"""``meeple sweep``: one option over its values on the same seeds, one table and one plot;
and the studies of ``sweep`` and ``compare`` kept in ``--runs``, resumed after a kill."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from run_process import on_a_terminal

from meeple.sim.output import read_results

SWEEP = ["sweep", "annapurna", "-o", "flag_target=4..6", "-n", "6", "-s", "2", "--no-progress"]


def test_a_sweep_gives_one_table_and_one_plot_over_every_value(runner, tmp_path):
    out = tmp_path / "s.html"
    done = runner([*SWEEP, "--out", str(out)])
    assert done.exit_code == 0, done.output
    page = out.read_text()
    assert page.count("<table>") == 1 and page.count("<img") == 1
    assert "<h2>Sweep of flag_target</h2>" in page and "Headline findings" in page
    for v in (4, 5, 6):
        assert f"<th>flag_target={v}</th>" in page
    assert "http" not in page.replace("<!DOCTYPE html>", "")  # nothing fetched
    assert done.stdout.splitlines()[0].startswith(("ascents", "decisions", "No metric", "score"))


def test_a_sweeps_json_holds_each_values_differences_from_the_first(runner, tmp_path):
    out = tmp_path / "s.json"
    done = runner([*SWEEP, "--json", "--out", str(out)])
    assert done.exit_code == 0, done.output
    data = json.loads(out.read_text())
    assert data["sweep"] == "flag_target" and data["games"] == 6
    assert [v["options"] for v in data["variants"]] == [{"flag_target": v} for v in (4, 5, 6)]
    assert {d["variant"] for d in data["differences"]} == {"flag_target=5", "flag_target=6"}
    assert data["headlines"] == done.stdout.splitlines()


def test_every_value_plays_the_same_seeds_and_the_fixed_options(runner, tmp_path):
    runs = tmp_path / "runs"
    args = [*SWEEP, "-o", "starter=1", "--runs", str(runs), "--out", str(tmp_path / "s.html")]
    done = runner(args)
    assert done.exit_code == 0, done.output
    files = sorted(runs.glob("*.jsonl"))
    assert [f.name for f in files] == [f"0{k}-flag_target={k + 3}.jsonl" for k in (1, 2, 3)]
    seeds = [[(r["index"], r["seed"]) for r in read_results(f)] for f in files]
    assert seeds[0] == seeds[1] == seeds[2] and len(seeds[0]) == 6
    for k, f in enumerate(files):
        options = {r["options"]["flag_target"] for r in read_results(f)}
        assert options == {4 + k}
        assert {r["options"]["starter"] for r in read_results(f)} == {1}


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["starter=1"], "name the option to sweep as --option KEY=LOW..HIGH"),
        (["flag_target=3..5", "starter=0,1"], "sweep one option at a time"),
        (["flag_target=3..5", "flag_target=4"], "swept and fixed at once"),
        (["flag_target=5..3"], "runs upwards"),
        (["no_such=1..3"], "has no option 'no_such'"),
    ],
)
def test_the_option_to_sweep_is_named_once_or_refused_in_one_line(runner, tmp_path, options, said):
    out = tmp_path / "s.html"
    args = ["sweep", "annapurna", *(x for o in options for x in ("-o", o)), "--out", str(out)]
    done = runner(args)
    assert done.exit_code == 2 and said in done.stderr
    assert not out.exists()


def test_resume_needs_the_runs_directory(runner, tmp_path):
    done = runner([*SWEEP, "--resume", "--out", str(tmp_path / "s.html")])
    assert done.exit_code == 2 and "--resume needs the --runs directory" in done.stderr


def test_a_study_kept_in_runs_is_refused_again_without_resume_or_force(runner, tmp_path):
    args = [*SWEEP, "--runs", str(tmp_path / "runs"), "--out", str(tmp_path / "s.html")]
    assert runner(args).exit_code == 0
    again = runner([*args, "--out", str(tmp_path / "t.html")])
    assert again.exit_code == 2 and "exists" in again.stderr


def test_the_sweeps_progress_bar_counts_every_values_games_with_the_time_left():
    _, terminal = on_a_terminal([*SWEEP[:-1], "--out", "/dev/null", "--force"])
    assert "18/18" in terminal and "━" in terminal
    assert re.search(r"\d:\d\d:\d\d \d:\d\d:\d\d", terminal)  # elapsed, then the time left


def _killed_study(args: list[str], runs: Path, games: int) -> None:
    """Start ``meeple ARGS`` as a real process and kill it (SIGKILL) once ``games`` games of
    the study are kept in ``runs``, before it ends."""
    code = "from meeple.cli.main import app; app()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        kept = sum(f.read_text().count("\n") for f in runs.glob("*.jsonl*") if f.is_file())
        if kept >= games:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, stderr  # killed before it finished


@pytest.mark.parametrize(
    "command",
    [
        ["sweep", "peach-festival", "-o", "difficulty=easy,hard"],
        ["compare", "peach-festival", "-V", "difficulty=easy", "-V", "difficulty=hard"],
    ],
)
def test_a_study_killed_outright_and_resumed_reports_as_an_uninterrupted_one(
    runner, tmp_path, command
):
    common = [*command, "-p", "1", "-a", "greedy", "-n", "40", "-s", "3", "-j", "2", "--json"]
    common += ["--no-progress"]
    whole = tmp_path / "whole.json"
    assert runner([*common, "--out", str(whole)]).exit_code == 0
    runs = tmp_path / "runs"
    cut = tmp_path / "cut.json"
    _killed_study([*common, "--runs", str(runs), "--out", str(cut)], runs, 50)
    kept = sum(len(read_results(f)) for f in runs.glob("*.partial.jsonl"))
    kept += sum(len(read_results(f)) for f in runs.glob("*.jsonl") if ".partial" not in f.name)
    assert 0 < kept < 80
    res = runner([*common, "--runs", str(runs), "--out", str(cut), "--resume"])
    assert res.exit_code == 0, res.output
    assert cut.read_bytes() == whole.read_bytes()
    assert not list(runs.glob("*.partial.jsonl"))


def _row(index: int, decisions: float) -> dict:
    return {
        "index": index,
        "seed": index,
        "agents": ["bot", "bot"],
        "scores": [1, 0],
        "ranks": [1, 2],
        "winners": [0],
        "decisions": decisions,
        "length": 10,
        "extras": {},
    }


def test_a_sweeps_findings_name_each_metric_that_moved_from_its_first_value_to_its_last():
    from meeple.sim.compare import compare_rows

    variants = [
        (f"rounds={v}", {"rounds": v}, [_row(i, 10 * v + i % 3) for i in range(12)])
        for v in (1, 2, 3)
    ]
    (finding,) = compare_rows(variants, sweep="rounds").headlines
    assert finding.startswith("decisions: 11 at rounds=1, 31 at rounds=3 (11 to 31 over")
    assert "beyond chance at rounds = 2, 3" in finding
    flat = [(label, opts, [_row(i, 5 + i % 3) for i in range(12)]) for label, opts, _ in variants]
    (none,) = compare_rows(flat, sweep="rounds").headlines
    assert none.startswith("No metric differs from rounds=1 beyond chance at any value of rounds")
