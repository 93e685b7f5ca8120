"""Every user-facing error is one line naming its cause: over-long paths, a full disk, more
processes than a run can use."""

from __future__ import annotations

import errno
import json
import os

import pytest

from meeple.agents import make_agent
from meeple.core.driver import play_game
from meeple.core.registry import make
from meeple.sim import read_results

LONG = "a" * 5000  # longer than any file name the system takes
SIM = ["simulate", "fixture-pips", "-n", "6", "-a", "random,high", "-s", "5", "--no-progress"]


def _one_error_line(res, *parts: str) -> str:
    assert ("Traceback" not in res.output and res.exception is None) or isinstance(
        res.exception, SystemExit
    ), res.exception
    lines = res.stderr.strip().splitlines()
    assert lines and lines[-1].startswith("error: "), res.stderr
    for part in parts:
        assert part in lines[-1], lines[-1]
    return lines[-1]


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "peach-festival", "-n", "1", "--no-progress"],
        ["tournament", "peach-festival", "-a", "random,greedy", "-n", "2", "--no-progress"],
        ["play", "peach-festival", "--humans", "none"],
    ],
)
def test_an_over_long_content_path_is_one_line_naming_it(runner, tmp_path, args):
    res = runner([*args, "-o", f"content={tmp_path / LONG}"])
    assert res.exit_code == 2
    line = _one_error_line(res, "option content", "File name too long", "characters)")
    assert len(line) < 300  # the path is cut, not echoed whole
    assert not list(tmp_path.iterdir())  # nothing was made


def test_a_record_naming_an_over_long_content_path_blames_the_path_not_the_record(runner, tmp_path):
    game = make("fixture-pips", players=2)
    _, record = play_game(game, [make_agent("random", game)] * 2, seed=1)
    data = json.loads(record.to_json())
    data["config"]["content"] = "/" + LONG
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    res = runner(["replay", str(path)])
    assert res.exit_code == 2
    line = _one_error_line(res, "the record's content", "File name too long")
    assert "cannot read" not in line and len(line) < 300
    res = runner(["replay", str(path), "--content", f"/{LONG}"])
    _one_error_line(res, "--content", "File name too long")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_full_disk_at_the_results_file_says_the_games_survive_in_the_partial_file(
    runner, tmp_path, monkeypatch, command
):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("meeple.sim.output.os.replace", full)
    out = tmp_path / "r.csv"
    args = SIM if command == "simulate" else ["tournament", *SIM[1:]]
    res = runner([*args, "--out", str(out)])
    assert res.exit_code == 1
    _one_error_line(
        res,
        "the results could not be written to",
        "No space left on device",
        "the 6 finished games are kept in",
        "r.csv.partial.jsonl",
    )
    assert len(read_results(tmp_path / "r.csv.partial.jsonl")) == 6
    assert (not out.exists() and "Agents" in res.stdout) or "Standings" in res.stdout


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_jobs_are_capped_at_the_games_and_the_cores_and_the_command_says_so(
    runner, tmp_path, command
):
    args = ["simulate", "fixture-pips", "-n", "2", "-a", "random,high", "--no-progress"]
    if command == "tournament":
        args[0] = "tournament"
    capped = runner([*args, "-j", "24", "--out", str(tmp_path / "a.jsonl")])
    one = runner([*args, "-j", "1", "--out", str(tmp_path / "b.jsonl")])
    assert capped.exit_code == one.exit_code == 0, capped.output
    used = min(2, os.cpu_count() or 1)
    cores = os.cpu_count() or 1
    told = f"--jobs 24: {used} process{'es' if used > 1 else ''} used (2 games, "
    assert told + f"{cores} core{'s' if cores > 1 else ''})" in capped.stderr
    assert "--jobs" not in one.stderr and capped.stdout == one.stdout
    assert read_results(tmp_path / "a.jsonl") == read_results(tmp_path / "b.jsonl")
