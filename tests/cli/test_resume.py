"""``--resume``: a run that did not finish goes on where it stopped, and its results file is
the one an uninterrupted run with the same arguments writes, byte for byte."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from run_process import start_run

RUN = ["peach-festival", "-a", "greedy,random", "-n", "60", "-s", "11", "-j", "2", "--no-progress"]


def _killed_mid_run(command: str, out: Path, sent: int = signal.SIGKILL) -> str:
    """Start ``meeple COMMAND`` as a real process and send it ``sent`` once a few games are
    in its partial file; returns its standard error."""
    proc = start_run([command, *RUN], out, games=4)
    proc.send_signal(sent)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode in (-sent, 130), stderr  # it was stopped, it did not finish
    return stderr


@pytest.mark.parametrize(("command", "suffix"), [("simulate", ".csv"), ("tournament", ".jsonl")])
def test_a_run_killed_outright_and_resumed_writes_the_uninterrupted_file(
    runner, tmp_path, command, suffix
):
    whole = tmp_path / f"whole{suffix}"
    assert runner([command, *RUN, "--out", str(whole)]).exit_code == 0
    out = tmp_path / f"cut{suffix}"
    _killed_mid_run(command, out)
    partial = out.with_name(out.name + ".partial.jsonl")
    kept = [json.loads(x) for x in partial.read_text().splitlines() if x.endswith("}")]
    assert 4 <= len(kept) < 60
    res = runner([command, *RUN, "--out", str(out), "--resume"])
    assert res.exit_code == 0, res.output
    assert out.read_bytes() == whole.read_bytes()
    assert not partial.exists()


def test_a_run_stopped_by_ctrl_c_resumes_from_its_jsonl_results(runner, tmp_path):
    whole = tmp_path / "whole.jsonl"
    assert runner(["simulate", *RUN, "--out", str(whole)]).exit_code == 0
    out = tmp_path / "cut.jsonl"
    stderr = _killed_mid_run("simulate", out, signal.SIGINT)
    assert "Interrupted after" in stderr
    assert 0 < len(out.read_text().splitlines()) < 60
    res = runner(["simulate", *RUN, "--out", str(out), "--resume"])
    assert res.exit_code == 0, res.output
    assert out.read_bytes() == whole.read_bytes()


def test_resume_refuses_the_games_of_another_run(runner, tmp_path):
    out = tmp_path / "r.jsonl"
    args = ["simulate", "fixture-pips", "-a", "random,high", "-n", "6", "--no-progress"]
    assert runner([*args, "-s", "1", "--out", str(out)]).exit_code == 0
    before = out.read_bytes()
    res = runner([*args, "-s", "2", "--out", str(out), "--resume"])
    assert res.exit_code == 2
    assert "game 0 was played with another base seed" in res.stderr
    assert out.read_bytes() == before


def test_resume_with_nothing_to_resume_says_so(runner, tmp_path):
    out = tmp_path / "r.csv"
    res = runner(["simulate", "fixture-pips", "-n", "2", "--out", str(out), "--resume"])
    assert res.exit_code == 2 and "nothing to resume" in res.stderr
    assert not out.exists()
    res = runner(["simulate", "fixture-pips", "-n", "2", "--resume"])
    assert res.exit_code == 2 and "--resume needs the --out file" in res.stderr
    res = runner(["simulate", "fixture-pips", "-n", "2", "--out", str(out), "--resume", "--force"])
    assert res.exit_code == 2 and "give one" in res.stderr
