"""`meeple report`: a self-contained balance report with its findings first."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from meeple.sim.output import read_results, write_results
from meeple.sim.report import binomial_p_value, build_report, holm

pytest.importorskip("matplotlib")


def _rows(games: int, seat0_wins: int, label: str = "bot") -> list[dict]:
    """Four-seat games of one agent where seat 0 wins ``seat0_wins`` of ``games`` and the
    other wins go round seats 1-3; the last five games end at a round limit."""
    rows = []
    for i in range(games):
        winner = 0 if i < seat0_wins else 1 + i % 3
        rows.append(
            {
                "index": i,
                "seed": i,
                "game_name": "peach-festival",
                "version": "1.0",
                "options": {"difficulty": "medium"},
                "agents": [label] * 4,
                "scores": [10 if s == winner else 5 for s in range(4)],
                "ranks": [1 if s == winner else 2 for s in range(4)],
                "winners": [winner],
                "breakdowns": [{"columns": 3, "lantern": 2} for _ in range(4)],
                "decisions": 40,
                "length": 60,
                "extras": {"rounds": 20, "round_limit": i >= games - 5},
            }
        )
    return rows


class _Checker(HTMLParser):
    """Collects tags; fails on a tag closed that was never opened."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.images: list[str] = []
        self.refs: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs.get("src") or "")
        if tag == "script":
            self.scripts += 1
        for key in ("href", "src"):
            if attrs.get(key) and not attrs[key].startswith("data:"):
                self.refs.append(attrs[key])
        if tag not in ("meta", "img", "br", "link"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def test_a_seat_that_wins_40_of_100_four_seat_games_is_flagged_against_25_expected():
    report = build_report(_rows(100, 40))
    seat0 = report.data["seats"][0]
    assert seat0["win_rate"] == pytest.approx(0.40)
    assert seat0["expected"] == pytest.approx(0.25)
    stats = pytest.importorskip("scipy.stats")
    assert seat0["p_value"] == pytest.approx(stats.binomtest(40, 100, 0.25).pvalue, rel=1e-6)
    assert seat0["significant"]
    headline = report.headlines[0]
    assert headline.startswith("seat 0 wins 40.0% of games against 25.0% expected")
    assert f"p = {seat0['p_value']:.3f}" in headline
    assert "seat advantage that survives Holm's correction over the 4 seats" in headline


def test_an_even_run_flags_no_seat():
    report = build_report(_rows(100, 25))
    assert not any(s["significant"] for s in report.data["seats"])
    assert "no seat's win rate differs from the even share" in report.headlines[0]


def test_the_exact_binomial_test_and_holm_correction_give_known_values():
    assert binomial_p_value(0, 10, 0.5) == pytest.approx(2 / 1024)
    assert binomial_p_value(5, 10, 0.5) == pytest.approx(1.0)
    # 0.01 <= 0.05/3 survives; 0.03 > 0.05/2 stops the rest
    assert holm([0.03, 0.01, 0.04]) == [False, True, False]


def test_the_share_of_games_ended_at_a_safety_limit_is_a_headline():
    report = build_report(_rows(40, 10))
    assert report.data["safety_limits"] == {"round_limit": {"games": 5, "share": 0.125}}
    assert any("5 of 40 (12.5%) at round_limit" in h for h in report.headlines)


def test_the_report_is_valid_html_with_its_plots_embedded_and_no_external_reference(
    runner, tmp_path
):
    results = tmp_path / "run.jsonl"
    made = runner(
        [
            "simulate",
            "annapurna",
            "-a",
            "heuristic,random",
            "-n",
            "6",
            "--out",
            str(results),
            "--no-progress",
        ]
    )
    assert made.exit_code == 0, made.output
    done = runner(["report", str(results), "-o", str(tmp_path / "r.html")])
    assert done.exit_code == 0, done.output
    text = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == []
    assert len(checker.images) >= 3
    assert all(src.startswith("data:image/png;base64,") for src in checker.images)
    assert checker.refs == [] and checker.scripts == 0
    assert not re.search(r"url\(|@import|https?://", text)
    # the findings come before the detail
    assert text.index("Headline findings") < text.index("Seat advantage")


def test_the_json_report_holds_the_same_findings(runner, tmp_path):
    results = tmp_path / "run.jsonl"
    write_results(_rows(20, 5), results, 4)
    done = runner(["report", str(results), "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["headlines"] == build_report(read_results(results)).headlines
    assert data["games"] == 20 and data["players"] == 4


def test_a_hostile_agent_label_is_escaped_in_the_report(tmp_path):
    hostile = '<script>alert("x")</script>$\\frac{1}{0}$'
    text = build_report(_rows(12, 3, label=hostile)).to_html()
    assert "<script>" not in text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text


def test_a_report_refuses_to_replace_its_results_file_or_an_existing_report(runner, tmp_path):
    results = tmp_path / "run.jsonl"
    write_results(_rows(8, 2), results, 4)
    same = runner(["report", str(results), "-o", str(results)])
    assert same.exit_code == 2 and "would replace its results file" in same.output
    (tmp_path / "run.html").write_text("keep")
    kept = runner(["report", str(results)])
    assert kept.exit_code == 2 and "exists already" in kept.output
    assert (tmp_path / "run.html").read_text() == "keep"


def test_a_report_of_a_game_plays_its_run_first_and_reports_as_its_saved_file(runner, tmp_path):
    pytest.importorskip("matplotlib")
    saved = tmp_path / "r.csv"
    args = ["report", "annapurna", "-n", "6", "-s", "2", "--no-progress", "--json"]
    played = runner([*args, "--results", str(saved), "-o", str(tmp_path / "run.json")])
    assert played.exit_code == 0, played.output
    again = runner(["report", str(saved), "--json", "-o", str(tmp_path / "file.json")])
    assert again.exit_code == 0, again.output
    run = json.loads((tmp_path / "run.json").read_text())
    file = json.loads((tmp_path / "file.json").read_text())
    assert run == file and run["games"] == 6 and run["source"] == "r.csv"
    assert played.stdout == again.stdout


def test_a_report_runs_resume_needs_its_results_file(runner, tmp_path):
    done = runner(["report", "annapurna", "-n", "2", "--resume", "-o", str(tmp_path / "r.html")])
    assert done.exit_code == 2 and "--resume needs the --results file" in done.stderr
    assert not (tmp_path / "r.html").exists()


def test_a_report_of_a_run_warns_about_games_ended_at_a_safety_limit(runner, tmp_path):
    args = ["report", "peach-festival", "-a", "random", "-n", "2", "--option", "max_rounds=10"]
    done = runner([*args, "--json", "-o", str(tmp_path / "r.json"), "--no-progress"])
    assert done.exit_code == 0, done.output
    assert "warning:" in done.stderr and "round_limit" in done.stderr


def test_a_cooperative_teams_report_gives_its_win_rate_and_tests_no_seat():
    """A cooperative team wins or loses whole (ruling AN-R45): no seat has a share to test."""
    pytest.importorskip("matplotlib")
    from meeple.sim import SimSpec, run_simulation

    spec = SimSpec("annapurna", 2, ("heuristic",), 8, seed=3, options={"mode": "cooperative"})
    rows = run_simulation(spec)
    report = build_report(rows)
    won = sum(1 for r in rows if r["winners"])
    assert report.data["cooperative"] and report.data["seats"] == []
    assert report.data["team"]["wins"] == won and report.data["team"]["games"] == 8
    assert report.headlines[0].startswith(f"The team wins {100 * won / 8:.1f}% of its 8 games")
    page = report.to_html()
    assert "<h2>The team</h2>" in page and "Seat advantage" not in page
