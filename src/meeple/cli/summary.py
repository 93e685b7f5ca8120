"""The summary tables printed by ``meeple simulate``."""

from __future__ import annotations

import math

from rich.console import Console
from rich.table import Table

from meeple.cli.common import plural, shown
from meeple.sim.runner import SimSpec
from meeple.sim.stats import Line, Summary, t_quantile


def _lines_table(title: str, first: str, lines: list[Line]) -> Table:
    table = Table(title=title)
    table.add_column(first, overflow="fold")  # long agent specs shown whole
    for col in ("n", "score", "std", "rank", "wins", "win %", "95% CI"):
        table.add_column(col, justify="right")
    for x in lines:
        table.add_row(
            shown(x.label),
            str(x.n),
            f"{x.mean:.3f}",
            _std_text(x),
            f"{x.mean_rank:.3f}",
            f"{x.wins:g}" if x.wins == int(x.wins) else f"{x.wins:.1f}",
            f"{100 * x.win_rate:.1f}",
            f"{100 * x.low:.1f}-{100 * x.high:.1f}",
        )
    return table


def _breakdown_table(breakdowns: dict[str, dict[str, float]]) -> Table:
    """Each agent's mean score parts, as its game breaks a score down."""
    parts = list(dict.fromkeys(k for b in breakdowns.values() for k in b))
    table = Table(title="Score breakdown (mean per seat-game)")
    table.add_column("agent", overflow="fold")
    for part in parts:
        table.add_column(shown(part), justify="right")
    for label, b in breakdowns.items():
        table.add_row(shown(label), *(f"{b[k]:.2f}" if k in b else "-" for k in parts))
    return table


def _solo_table(lines: list[Line]) -> Table:
    """Solo games have no opponent to beat: each agent's score, its spread and the 95%
    interval of its mean score (Student's t; ``-`` below two games)."""
    table = Table(title="Agents (solo: scores)")
    table.add_column("agent", overflow="fold")
    for col in ("n", "score", "std", "95% CI of the mean"):
        table.add_column(col, justify="right")
    for x in lines:
        if x.n >= 2:
            half = t_quantile(0.975, x.n - 1) * x.std / math.sqrt(x.n)
            interval = f"{x.mean - half:.1f} to {x.mean + half:.1f}"
        else:
            interval = "-"
        table.add_row(shown(x.label), str(x.n), f"{x.mean:.3f}", _std_text(x), interval)
    return table


def _std_text(x: Line) -> str:
    """The sample standard deviation, ``-`` when one game cannot give one."""
    return f"{x.std:.3f}" if x.n >= 2 else "-"


def print_summary(
    con: Console, spec: SimSpec, summary: Summary, title: str, seeds: str | None = None
) -> None:
    """Print the summary of a simulation (deterministic for identical arguments); ``seeds``
    says which seeds instead of ``seed <spec.seed>`` (a saved run's, read back)."""
    opts = ", ".join(f"{k}={v}" for k, v in sorted(spec.options.items()))
    con.print(
        f"[bold]{shown(title)}[/]: {plural(summary.games, 'game')}, "
        f"{plural(spec.players, 'player')}, agents {shown(','.join(spec.agents))}, "
        f"{seeds or f'seed {spec.seed}'}" + (f", options {shown(opts)}" if opts else "")
    )
    if spec.players == 1:  # no opponent: no wins, ranks or seats to compare
        con.print(_solo_table(summary.agents))
    else:
        con.print(
            _lines_table("Agents (ties share the win; n: seat-games)", "agent", summary.agents)
        )
        con.print(_lines_table("Seats (seat advantage)", "seat", summary.seats))
        agents = len(spec.agents)
        if spec.schedule() is None and agents > 1 and spec.players % agents:
            con.print(
                f"[dim]{agents} agents rotating over {spec.players} seats sit in different "
                "numbers from game to game, so the seat lines mix seat advantage with who sits "
                "where; simulate one agent to measure seat advantage.[/]"
            )
    if summary.breakdowns:
        con.print(_breakdown_table(summary.breakdowns))
    table = Table(title="Games")
    table.add_column("measure")
    for col in ("mean", "min", "10%", "median", "90%", "max"):
        table.add_column(col, justify="right")

    def span(key: str) -> tuple[str, ...]:
        low, high = summary.ranges.get(key, (math.nan, math.nan))
        cuts = summary.quantiles.get(key, (math.nan,) * 3)
        return f"{low:g}", *(f"{x:.4g}" for x in cuts), f"{high:g}"

    table.add_row("decisions per game", f"{summary.mean_decisions:.2f}", *span("decisions"))
    table.add_row(
        "actions per game (chance included)", f"{summary.mean_length:.2f}", *span("length")
    )
    for key, value in summary.extras.items():
        table.add_row(shown(key), f"{value:.3f}", *span(key))
    con.print(table)
