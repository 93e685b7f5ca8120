"""`meeple check`: a run against a baseline, failing on the metric that moved."""

from __future__ import annotations


def _run(runner, path, *extra):
    done = runner(
        [
            "simulate",
            "annapurna",
            "-a",
            "heuristic,random",
            "-n",
            "6",
            "--out",
            str(path),
            "--no-progress",
            *extra,
        ]
    )
    assert done.exit_code == 0, done.output


def test_a_run_equal_to_its_baseline_passes(runner, tmp_path):
    _run(runner, tmp_path / "a.jsonl")
    _run(runner, tmp_path / "b.csv")
    done = runner(["check", str(tmp_path / "b.csv"), "--baseline", str(tmp_path / "a.jsonl")])
    assert done.exit_code == 0, done.output
    assert "moved" not in done.output


def test_a_shorter_expedition_fails_the_check_naming_its_length(runner, tmp_path):
    _run(runner, tmp_path / "base.jsonl")
    _run(runner, tmp_path / "short.jsonl", "-o", "flag_target=4")
    done = runner(["check", str(tmp_path / "short.jsonl"), "-b", str(tmp_path / "base.jsonl")])
    assert done.exit_code == 1
    last = done.output.strip().splitlines()[-1]
    assert last.startswith("error: beyond tolerance:") and "length" in last


def test_a_wide_tolerance_lets_a_metric_move(runner, tmp_path):
    _run(runner, tmp_path / "base.jsonl")
    _run(runner, tmp_path / "other.jsonl", "--seed", "5")
    wide = [
        f"{m}=1000"
        for m in (
            "decisions",
            "length",
            "ascents",
            "score heuristic",
            "score random",
            "win seat 0",
            "win seat 1",
            "final_ascent_left_no_trace",
        )
    ]
    args = ["check", str(tmp_path / "other.jsonl"), "-b", str(tmp_path / "base.jsonl")]
    for t in wide:
        args += ["-t", t]
    done = runner(args)
    assert done.exit_code == 0, done.output


def test_a_bad_tolerance_is_refused(runner, tmp_path):
    _run(runner, tmp_path / "base.jsonl")
    done = runner(
        [
            "check",
            str(tmp_path / "base.jsonl"),
            "-b",
            str(tmp_path / "base.jsonl"),
            "-t",
            "length=-1",
        ]
    )
    assert done.exit_code == 2 and "METRIC=VALUE" in done.output
    unknown = runner(
        [
            "check",
            str(tmp_path / "base.jsonl"),
            "-b",
            str(tmp_path / "base.jsonl"),
            "-t",
            "nothing=1",
        ]
    )
    assert unknown.exit_code == 2 and "no metric 'nothing'" in unknown.output
