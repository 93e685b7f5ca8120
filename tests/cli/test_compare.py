"""`meeple compare`: variants on the same seeds, every metric's paired difference."""

from __future__ import annotations

import json

import pytest

from meeple.sim.compare import Variant, compare_variants, paired_test, run_variants

pytest.importorskip("matplotlib")


def test_two_identical_variants_flag_no_difference(runner, tmp_path):
    out = tmp_path / "same.json"
    done = runner(
        [
            "compare",
            "annapurna",
            "-V",
            "",
            "-V",
            "",
            "-n",
            "8",
            "--json",
            "-o",
            str(out),
            "--no-progress",
        ]
    )
    assert done.exit_code == 0, done.output
    data = json.loads(out.read_text())
    assert [v["label"] for v in data["variants"]] == ["defaults", "defaults (2)"]
    assert data["differences"] and not any(d["significant"] for d in data["differences"])
    assert all(d["difference"] == 0 for d in data["differences"])  # paired: the same games
    assert "differs from defaults in no metric beyond chance" in data["headlines"][0]


def test_an_easier_solo_festival_is_flagged_as_raising_the_score():
    # the solo game lasts 17 rounds on easy and 13 on hard: more rounds, more points
    runs = run_variants(
        "peach-festival",
        1,
        ("heuristic",),
        10,
        [Variant("hard", {"difficulty": "hard"}), Variant("easy", {"difficulty": "easy"})],
    )
    flagged = {d["metric"]: d for d in compare_variants(runs).flagged()}
    assert flagged["score heuristic"]["difference"] > 0
    assert flagged["rounds"]["difference"] == 4
    assert flagged["score heuristic"]["low"] > 0


def test_a_lower_flag_target_is_flagged_as_shortening_the_expedition(runner, tmp_path):
    out = tmp_path / "flags.html"
    done = runner(
        [
            "compare",
            "annapurna",
            "-a",
            "heuristic,random",
            "-V",
            "nine:flag_target=9",
            "-V",
            "four:flag_target=4",
            "-n",
            "8",
            "-o",
            str(out),
            "--no-progress",
        ]
    )
    assert done.exit_code == 0, done.output
    assert "four lowers length by" in done.output
    text = out.read_text()
    assert text.startswith("<!DOCTYPE html>") and "data:image/png;base64," in text
    assert "<script" not in text and "http" not in text


def test_the_paired_test_of_constant_differences():
    assert paired_test([0.0, 0.0, 0.0]) == (0.0, 0.0, 0.0, 1.0)
    assert paired_test([2.0, 2.0, 2.0])[3] == 0.0
    stats = pytest.importorskip("scipy.stats")
    diffs = [1.0, -0.5, 2.0, 0.5, 1.5]
    mean, low, high, p = paired_test(diffs)
    assert p == pytest.approx(stats.ttest_1samp(diffs, 0).pvalue, rel=1e-6)
    assert low < mean < high


def test_a_bad_variant_option_is_refused_before_any_game(runner, tmp_path):
    out = tmp_path / "x.html"
    done = runner(
        [
            "compare",
            "annapurna",
            "-V",
            "",
            "-V",
            "flag_target=0",
            "-n",
            "2",
            "-o",
            str(out),
            "--no-progress",
        ]
    )
    assert done.exit_code == 2
    assert "flag_target" in done.output
    assert not out.exists()


def test_one_variant_is_not_a_comparison(runner, tmp_path):
    done = runner(["compare", "annapurna", "-V", "", "-n", "2", "-o", str(tmp_path / "x.html")])
    assert done.exit_code == 2 and "at least two variants" in done.output


def test_a_sweep_plays_one_variant_per_value_and_reports_them_in_one_table(runner, tmp_path):
    out = tmp_path / "sweep.html"
    args = ["compare", "annapurna", "--sweep", "flag_target=5..7", "-n", "4", "--no-progress"]
    done = runner([*args, "-o", str(out)])
    assert done.exit_code == 0, done.output
    page = out.read_text()
    section = page[page.index("<h2>Sweep of flag_target</h2>") :]
    section = section[: section.index("<h2>", 4)]
    assert section.count("<table>") == 1 and section.count("<img") == 1
    for v in (5, 6, 7):
        assert f"<th>flag_target={v}</th>" in section
    done = runner([*args, "--json", "-o", str(tmp_path / "sweep.json")])
    data = json.loads((tmp_path / "sweep.json").read_text())
    assert data["sweep"] == "flag_target"
    assert [v["options"] for v in data["variants"]] == [{"flag_target": v} for v in (5, 6, 7)]


@pytest.mark.parametrize(
    ("sweep", "said"),
    [
        ("flag_target", "KEY=A,B,C or KEY=LOW..HIGH"),
        ("flag_target=9..3", "runs upwards"),
        ("flag_target=a..c", "whole numbers"),
        ("flag_target=5", "at least two values"),
        ("flag_target=5,5", "a value twice"),
        ("no_such=1,2", "has no option 'no_such'"),
    ],
)
def test_a_bad_sweep_is_refused_in_one_line(runner, tmp_path, sweep, said):
    done = runner(["compare", "annapurna", "--sweep", sweep, "-o", str(tmp_path / "x.html")])
    assert done.exit_code == 2 and said in done.stderr
    assert not (tmp_path / "x.html").exists()
