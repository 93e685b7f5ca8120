"""Figures of a simulation's results, drawn with matplotlib (``meeple simulate --plot``).

matplotlib is an optional dependency (``pip install 'meeple[plots]'``): it is imported only
when a figure is drawn, and :func:`check_plot_path` says before any game is played when it is
missing. Figures are built on :class:`matplotlib.figure.Figure` directly, never through
``pyplot``, so drawing keeps no global state and needs no display.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meeple.core.errors import ConfigError
from meeple.sim.stats import Line, Summary, summarize

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: File types a figure can be saved as (matplotlib picks the format from the suffix).
PLOT_SUFFIXES = (".png", ".svg", ".pdf")

#: The most bins a histogram gets.
_MAX_BINS = 60


@dataclass
class PlotData:
    """What the figure of a simulation shows, computed from its result rows.

    Attributes:
        scores: Each agent's scores, one per seat-game (as in the agents table), by label in
            agent order.
        seats: Win rate lines per seat (empty for solo games: no wins to compare).
        even_share: ``1 / players``, the win rate of every seat in a fair game (0 for solo).
        decisions: Player decisions per game, in row order.
        breakdowns: Each agent's mean score parts (``breakdowns[label][part]``).
    """

    scores: dict[str, list[float]]
    seats: list[Line]
    even_share: float
    decisions: list[int]
    breakdowns: dict[str, dict[str, float]]


def plot_data(
    rows: Sequence[dict[str, Any]],
    labels: Sequence[str],
    players: int,
    summary: Summary | None = None,
) -> PlotData:
    """The figure's data from result rows (see :func:`meeple.sim.runner.play_one`).

    Args:
        rows: Result rows of one run, at least one.
        labels: One label per agent slot.
        players: Seats per game.
        summary: The rows' summary (:func:`meeple.sim.stats.summarize`), if already made.

    Raises:
        ValueError: for no rows.
    """
    if not rows:
        raise ValueError("no games to plot")
    scores: dict[str, list[float]] = {label: [] for label in labels}
    for row in rows:
        for slot, score in zip(row["slots"], row["scores"], strict=True):
            scores[labels[slot]].append(float(score))
    summary = summary or summarize(rows, labels, players)
    return PlotData(
        scores={k: v for k, v in scores.items() if v},
        seats=summary.seats if players > 1 else [],
        even_share=1.0 / players if players > 1 else 0.0,
        decisions=[int(r["decisions"]) for r in rows],
        breakdowns=summary.breakdowns,
    )


def score_bins(values: Sequence[float]) -> list[float]:
    """Shared histogram bin edges for ``values`` (non-empty), at most 60 bins.

    The width is numpy's ``"auto"`` rule; for integer values it is rounded up to a whole
    number and the edges fall half-way between integers, so no bin splits a score.
    """
    import numpy as np

    low, high = float(min(values)), float(max(values))
    if low == high:
        return [low - 0.5, high + 0.5]
    edges = np.histogram_bin_edges(values, bins="auto")
    width = max(float(edges[1] - edges[0]), (high - low) / _MAX_BINS)
    if not all(float(v).is_integer() for v in values):
        count = min(_MAX_BINS, max(1, math.ceil((high - low) / width)))
        return [float(e) for e in np.linspace(low, high, count + 1)]
    width = max(1, math.ceil(max(width, (high - low + 1) / _MAX_BINS)))
    count = math.floor((high - low) / width) + 1
    return [low - 0.5 + k * width for k in range(count + 1)]


def check_plot_path(path: Path) -> None:
    """Refuse a figure file that cannot be drawn, before any game is played.

    Raises:
        ConfigError: if the suffix is not one of :data:`PLOT_SUFFIXES`, or matplotlib is not
            installed.
    """
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise ConfigError(f"a plot file must end in {', '.join(PLOT_SUFFIXES)}, not {path.name!r}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError(
            "plots need matplotlib, which is not installed: pip install 'meeple[plots]'"
        ) from None


def simulation_figure(data: PlotData, title: str) -> Figure:
    """The figure of a simulation: score distributions per agent, win rate per seat with 95%
    intervals against the even share, decisions per game and each agent's mean score
    breakdown (panels without data, such as seats in solo games, are left out).

    Returns:
        A matplotlib ``Figure`` (not attached to ``pyplot``).
    """
    from matplotlib.figure import Figure

    panels = ["scores"]
    if data.seats:
        panels.append("seats")
    panels.append("length")
    if data.breakdowns:
        panels.append("breakdown")
    cols = 2 if len(panels) > 1 else 1
    rows = math.ceil(len(panels) / cols)
    fig = Figure(figsize=(6 * cols, 4 * rows), layout="constrained")
    fig.suptitle(title)
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax, panel in zip(axes, panels, strict=False):
        _PANELS[panel](ax, data)
    for ax in axes[len(panels) :]:
        ax.set_visible(False)
    return fig


def _scores_panel(ax: Any, data: PlotData) -> None:
    from matplotlib.ticker import MaxNLocator

    everything = [x for xs in data.scores.values() for x in xs]
    bins = score_bins(everything)
    for label, xs in data.scores.items():
        ax.hist(xs, bins=bins, histtype="step", linewidth=1.5, label=label)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Score per agent (seat-games)")
    ax.set_xlabel("score")
    ax.set_ylabel("seat-games")
    ax.legend(fontsize="small")


def _seats_panel(ax: Any, data: PlotData) -> None:
    names = [line.label for line in data.seats]
    rates = [100 * line.win_rate for line in data.seats]
    below = [100 * max(0.0, line.win_rate - line.low) for line in data.seats]
    above = [100 * max(0.0, line.high - line.win_rate) for line in data.seats]
    ax.bar(names, rates, yerr=[below, above], capsize=4, color="tab:blue", alpha=0.8)
    ax.axhline(100 * data.even_share, color="black", linestyle="--", linewidth=1)
    ax.set_title("Win rate per seat, 95% intervals (dashed: even share)")
    ax.set_ylabel("win %")


def _length_panel(ax: Any, data: PlotData) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.hist(data.decisions, bins=score_bins(data.decisions), color="tab:gray")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Decisions per game")
    ax.set_xlabel("player decisions")
    ax.set_ylabel("games")


def _breakdown_panel(ax: Any, data: PlotData) -> None:
    parts = list(dict.fromkeys(k for b in data.breakdowns.values() for k in b))
    width = 0.8 / len(data.breakdowns)
    for i, (label, means) in enumerate(data.breakdowns.items()):
        xs = [k + (i - (len(data.breakdowns) - 1) / 2) * width for k in range(len(parts))]
        ax.bar(xs, [means.get(p, 0.0) for p in parts], width=width, label=label)
    ax.set_xticks(range(len(parts)), parts, rotation=30, ha="right", fontsize="small")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_title("Mean score breakdown per agent")
    ax.legend(fontsize="small")


_PANELS = {
    "scores": _scores_panel,
    "seats": _seats_panel,
    "length": _length_panel,
    "breakdown": _breakdown_panel,
}


def save_simulation_plot(
    rows: Sequence[dict[str, Any]],
    labels: Sequence[str],
    players: int,
    path: Path,
    title: str,
    summary: Summary | None = None,
) -> Path:
    """Draw the figure of ``rows`` (see :func:`simulation_figure`) and save it to ``path``,
    in the format its suffix names (``summary``: as in :func:`plot_data`).

    Raises:
        ConfigError: as :func:`check_plot_path`.
        ValueError: for no rows.
        OSError: if the file cannot be written.
    """
    check_plot_path(path)
    fig = simulation_figure(plot_data(rows, labels, players, summary), title)
    fig.savefig(path, dpi=100)
    return path
