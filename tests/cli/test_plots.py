"""Figures of simulations: ``meeple simulate --plot`` and :mod:`meeple.sim.plots`."""

from __future__ import annotations

import importlib.util
import itertools
import sys

import pytest

from meeple.core.errors import ConfigError
from meeple.sim.plots import (
    check_plot_path,
    plot_data,
    score_bins,
    simulation_figure,
)

ROWS = [
    {"slots": [0, 1], "scores": [3, 3], "ranks": [1, 1], "winners": [0, 1], "decisions": 4,
     "length": 6, "extras": {}, "breakdowns": [{"gems": 2, "bonus": 1}, {"gems": 3, "bonus": 0}]},
    {"slots": [1, 0], "scores": [5, 1], "ranks": [1, 2], "winners": [0], "decisions": 6,
     "length": 8, "extras": {}, "breakdowns": [{"gems": 5, "bonus": 0}, {"gems": 1, "bonus": 0}]},
]  # fmt: skip

#: Drawing needs the plots extra (``pip install 'meeple[plots]'``); without it these tests
#: have nothing to check, and the refusal itself is tested below.
NEEDS_MATPLOTLIB = pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None,
    reason="matplotlib (the plots extra) is not installed",
)


def test_plot_data_holds_each_agents_seat_game_scores_and_each_seats_win_rate():
    data = plot_data(ROWS, ["a", "b"], 2)
    assert data.scores == {"a": [3.0, 1.0], "b": [3.0, 5.0]}
    # seat 0 won game 1 outright and shared game 0: 1.5 of 2
    assert [s.win_rate for s in data.seats] == [0.75, 0.25]
    assert data.even_share == 0.5
    assert data.decisions == [4, 6]
    assert data.breakdowns == {"a": {"gems": 1.5, "bonus": 0.5}, "b": {"gems": 4.0, "bonus": 0.0}}


def test_plot_data_of_solo_games_has_no_seat_win_rates():
    rows = [{"slots": [0], "scores": [7], "ranks": [1], "winners": [0], "decisions": 3,
             "length": 3, "extras": {}}]  # fmt: skip
    data = plot_data(rows, ["solo"], 1)
    assert data.seats == [] and data.even_share == 0.0 and data.scores == {"solo": [7.0]}


def test_plot_data_needs_a_game():
    with pytest.raises(ValueError, match="no games"):
        plot_data([], ["a", "b"], 2)


@pytest.mark.parametrize(
    "values",
    [[1, 2, 3, 3, 4, 50], [5, 5, 5], list(range(200)), [0] * 100 + [59], [-4, 2, 9]],
)
@NEEDS_MATPLOTLIB
def test_integer_scores_fall_in_whole_width_bins_between_integers(values):
    edges = score_bins(values)
    width = edges[1] - edges[0]
    assert width >= 1 and width == int(width)
    assert all(b - a == width for a, b in itertools.pairwise(edges))
    assert edges[0] == min(values) - 0.5 and edges[-2] < max(values) < edges[-1]
    assert len(edges) - 1 <= 60


@NEEDS_MATPLOTLIB
def test_one_fractional_score_gets_one_bin_around_it():
    assert score_bins([1.5]) == [1.0, 2.0] and score_bins([2.5, 2.5]) == [2.0, 3.0]


@NEEDS_MATPLOTLIB
def test_a_seat_that_never_wins_is_drawn_with_its_interval_from_zero():
    rows = [{"slots": [0, 1, 2], "scores": [3, 1, 0], "ranks": [1, 2, 3], "winners": [0],
             "decisions": 4, "length": 6, "extras": {}} for _ in range(3)]  # fmt: skip
    fig = simulation_figure(plot_data(rows, ["a", "b", "c"], 3), "3 games")
    seats = fig.axes[1]
    assert [bar.get_height() for bar in seats.patches] == [100.0, 0.0, 0.0]
    # the error bars end at 0% and 100%, never beyond
    (bars,) = [c for c in seats.containers if hasattr(c, "lines") and c.lines[2]]
    spans = [seg[:, 1] for seg in bars.lines[2][0].get_segments()]
    assert all(0.0 <= low <= high <= 100.0 for low, high in spans)
    assert spans[0][1] == 100.0 and spans[1][0] == 0.0


@NEEDS_MATPLOTLIB
def test_fractional_scores_get_at_most_sixty_bins_spanning_them():
    values = [i / 7 for i in range(5000)]
    edges = score_bins(values)
    assert edges[0] == min(values) and edges[-1] == max(values) and len(edges) - 1 <= 60


@NEEDS_MATPLOTLIB
def test_the_figure_shows_scores_seats_lengths_and_breakdowns():
    fig = simulation_figure(plot_data(ROWS, ["a", "b"], 2), "Pips: 2 games")
    shown = [ax for ax in fig.axes if ax.get_visible()]
    titles = [ax.get_title() for ax in shown]
    assert titles == [
        "Score per agent (seat-games)",
        "Win rate per seat, 95% intervals (dashed: even share)",
        "Decisions per game",
        "Mean score breakdown per agent",
    ]
    assert fig.get_suptitle() == "Pips: 2 games"
    seats = shown[1]
    assert [bar.get_height() for bar in seats.patches] == [75.0, 25.0]
    assert [t.get_text() for t in shown[0].get_legend().get_texts()] == ["a", "b"]


@NEEDS_MATPLOTLIB
def test_a_solo_figure_leaves_out_the_seat_panel():
    rows = [{"slots": [0], "scores": [s], "ranks": [1], "winners": [0], "decisions": 3,
             "length": 3, "extras": {}} for s in (4, 6, 9)]  # fmt: skip
    fig = simulation_figure(plot_data(rows, ["solo"], 1), "solo")
    titles = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    assert titles == ["Score per agent (seat-games)", "Decisions per game"]


@NEEDS_MATPLOTLIB
def test_a_plot_file_must_be_png_svg_or_pdf(tmp_path):
    for name in ("a.png", "b.SVG", "c.pdf"):
        check_plot_path(tmp_path / name)
    with pytest.raises(ConfigError, match=r"must end in \.png, \.svg, \.pdf, not 'r\.csv'"):
        check_plot_path(tmp_path / "r.csv")


def test_without_matplotlib_a_plot_is_refused_with_the_install_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    with pytest.raises(ConfigError, match=r"pip install 'meeple\[plots\]'"):
        check_plot_path(tmp_path / "a.png")


SIM = ["simulate", "fixture-pips", "-n", "12", "-a", "random,high", "-s", "5", "--no-progress"]


@NEEDS_MATPLOTLIB
@pytest.mark.parametrize(("name", "magic"), [("fig.png", b"\x89PNG"), ("fig.svg", b"<?xml")])
def test_simulate_draws_its_results_to_the_plot_file(runner, tmp_path, name, magic):
    path = tmp_path / "plots" / name
    plain = runner(SIM)
    drawn = runner([*SIM, "--plot", str(path)])
    assert drawn.exit_code == 0, drawn.output
    assert path.read_bytes().startswith(magic)
    assert "Plot written to" in drawn.stderr
    assert drawn.stdout == plain.stdout  # the tables are the same


def test_a_bad_plot_file_is_refused_before_any_game(runner, tmp_path):
    out = tmp_path / "r.csv"
    result = runner([*SIM, "--plot", str(tmp_path / "fig.jpg"), "--out", str(out)])
    assert result.exit_code == 2
    assert "a plot file must end in .png, .svg, .pdf, not 'fig.jpg'" in result.output
    assert not out.exists()


@NEEDS_MATPLOTLIB
def test_a_bad_results_file_leaves_no_empty_plot_file_behind(runner, tmp_path):
    (tmp_path / "afile").write_text("")
    plot = tmp_path / "fig.png"
    result = runner([*SIM, "--plot", str(plot), "--out", str(tmp_path / "afile" / "r.csv")])
    assert result.exit_code == 2 and "is not a directory" in result.output
    assert not plot.exists()


@NEEDS_MATPLOTLIB
def test_a_partial_results_file_that_cannot_be_made_leaves_no_empty_plot_file(runner, tmp_path):
    (tmp_path / "r.csv.partial.jsonl").mkdir()
    plot = tmp_path / "fig.png"
    result = runner([*SIM, "--plot", str(plot), "--out", str(tmp_path / "r.csv")])
    assert result.exit_code == 2 and "cannot write" in result.output
    assert not plot.exists()
