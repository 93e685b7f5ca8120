"""Results as a pandas DataFrame, and the designer's guide's Python example, run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.sim import SimSpec, results_frame, run_games
from meeple.sim.frame import COLUMNS
from meeple.sim.output import write_results

pd = pytest.importorskip("pandas", reason="DataFrames are the optional extra meeple[frames]")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "designers.md"


def test_a_frame_has_one_row_per_seat_game_and_the_win_rates_simulate_prints(tmp_path):
    run = run_games(SimSpec("peach-festival", 2, ("greedy", "random"), 6, seed=3))
    frame = results_frame(run)
    assert len(frame) == 12 and tuple(frame.columns[: len(COLUMNS)]) == COLUMNS
    assert {"part_lantern", "extra_rounds", "elements"} <= set(frame.columns)
    assert frame.groupby("game")["won"].sum().tolist() == [1.0] * 6  # one win shared per game
    greedy = sum(
        1 / len(r["winners"]) for r in run.rows for s in r["winners"] if r["agents"][s] == "greedy"
    )
    assert frame[frame.agent == "greedy"]["won"].sum() == pytest.approx(greedy)
    path = write_results(run.rows, tmp_path / "r.csv", 2)
    again = results_frame(path)
    assert again[["game", "seat", "agent", "score", "won"]].equals(
        frame[["game", "seat", "agent", "score", "won"]]
    )


def test_the_designers_guide_python_example_runs_as_written(tmp_path, monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert blocks, "the guide has a Python example"
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), {})


def test_every_seat_of_a_cooperative_team_that_won_has_won_whole_in_its_frame(tmp_path):
    spec = SimSpec("annapurna", 2, ("heuristic",), 6, seed=3, options={"mode": "cooperative"})
    run = run_games(spec)
    path = write_results(run.rows, tmp_path / "r.csv", 2)
    for frame in (results_frame(run), results_frame(path)):
        won = frame.groupby("game")["won"].sum().tolist()
        assert won == [2.0 if r["winners"] else 0.0 for r in run.rows]


def test_a_comparisons_differences_are_a_frame_of_one_row_per_variant_and_metric():
    from meeple.sim.compare import compare_variants, run_variants, sweep_variants
    from meeple.sim.frame import DIFFERENCE_COLUMNS

    runs = run_variants("annapurna", 2, ("heuristic",), 4, sweep_variants("flag_target", [4, 6]))
    comparison = compare_variants(runs, "flag_target")
    frame = comparison.frame()
    assert tuple(frame.columns) == DIFFERENCE_COLUMNS
    assert len(frame) == len(comparison.data["differences"]) > 0
    assert set(frame.variant) == {"flag_target=6"}
    decisions = frame.set_index("metric").loc["decisions"]
    assert decisions["value"] - decisions["baseline"] == pytest.approx(decisions["difference"])
