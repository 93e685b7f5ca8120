"""The tables printed by ``meeple tournament``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from meeple.cli.common import shown
from meeple.cli.summary import plural
from meeple.sim.runner import SimSpec
from meeple.sim.stats import Summary
from meeple.sim.tournament import HeadToHead, Rating


def print_tournament(
    con: Console,
    spec: SimSpec,
    summary: Summary,
    rated: Sequence[Rating],
    pairs: Sequence[HeadToHead],
    title: str,
    games: int | None = None,
) -> None:
    """Print standings (win rates, 95% CIs, openskill ratings) and head-to-head results.

    Args:
        con: Where to print.
        spec: The tournament.
        summary: Its summary (over deals when solo).
        rated: Ratings, best first.
        pairs: Head-to-head results.
        title: The game's title.
        games: Games the tables cover (default: all of ``spec``'s).
    """
    opts = ", ".join(f"{k}={v}" for k, v in sorted(spec.options.items()))
    solo = spec.players == 1
    played = spec.games if games is None else games
    con.print(
        f"[bold]{shown(title)}[/] tournament: "
        + (
            f"solo, {plural(played, 'game')} on {plural(summary.games, 'deal')} (every agent "
            "plays each deal; the higher score wins it)"
            if solo
            else f"{plural(summary.games, 'game')}, {plural(spec.players, 'player')}"
        )
        + f", seed {spec.seed}"
        + (f", options {shown(opts)}" if opts else "")
    )
    cycle = spec.schedule()
    if not solo and spec.multi_seat:
        con.print(
            f"[dim]{len(spec.agents)} agents for {spec.players} seats: the agents rotate over "
            "the seats, some holding several; "
            + (
                "every game has its own seed"
                if cycle is None
                else f"the {len(cycle)} games of a rotation share a deal, and head to head "
                "counts deals (won by ranking better than the other in more of the deal's games)"
            )
            + "; an agent counts once per game, by its best-placed seat.[/]"
        )
    elif spec.seating == "duplicate":
        con.print(
            "[dim]--duplicate changes nothing here: with as many agents as seats, or solo, the "
            "games of each round of seatings already share a deal.[/]"
        )
    if not solo and not spec.multi_seat and cycle is not None and summary.games % len(cycle):
        con.print(
            f"[dim]The last round has {summary.games % len(cycle)} of its {len(cycle)} seatings, "
            f"so seat orders are not balanced (a multiple of {len(cycle)} games is).[/]"
        )
    unit = "deals" if spec.multi_seat and cycle is not None else "games"
    print_standings(con, summary, rated, pairs, unit=unit, solo=solo)


def print_standings(
    con: Console,
    summary: Summary,
    rated: Sequence[Rating],
    pairs: Sequence[HeadToHead],
    unit: str = "games",
    solo: bool = False,
) -> None:
    """Print the standings, head-to-head and (unless ``solo``) seat tables of a tournament.

    Args:
        con: Where to print.
        summary: The games' summary (over deals when solo).
        rated: Ratings, best first.
        pairs: Head-to-head results.
        unit: What the head-to-head results count, ``"games"`` or ``"deals"``.
        solo: One seat per game: no seat advantage to show.
    """
    lines = {x.label: x for x in summary.agents}
    table = Table(title="Standings (ties share the win; rating: openskill Plackett-Luce)")
    table.add_column("#", justify="right")
    table.add_column("agent", overflow="fold")
    for col in ("games", "win %", "95% CI", "score", "rank", "mu", "sigma", "rating"):
        table.add_column(col, justify="right")
    for k, r in enumerate(rated, 1):
        x = lines.get(r.label)
        if x is None:
            continue
        table.add_row(
            str(k),
            shown(r.label),
            str(x.n),
            f"{100 * x.win_rate:.1f}",
            f"{100 * x.low:.1f}-{100 * x.high:.1f}",
            f"{x.mean:.2f}",
            f"{x.mean_rank:.2f}",
            f"{r.mu:.2f}",
            f"{r.sigma:.2f}",
            f"{r.ordinal:.2f}",
        )
    con.print(table)
    if pairs:
        h2h = Table(title="Head to head (A's score: win 1, tie 1/2)")
        h2h.add_column("A", overflow="fold")
        h2h.add_column("B", overflow="fold")
        for col in (unit, "A wins", "B wins", "ties", "A score %", "95% CI", "sign test p"):
            h2h.add_column(col, justify="right")
        h2h.add_column("stronger", overflow="fold")
        for p in pairs:
            verdict = ""
            if p.significant:
                verdict = p.a if p.low > 0.5 else p.b
            h2h.add_row(
                shown(p.a),
                shown(p.b),
                str(p.games),
                str(p.wins),
                str(p.losses),
                str(p.ties),
                f"{100 * p.score:.1f}",
                f"{100 * p.low:.1f}-{100 * p.high:.1f}",
                f"{p.p_value:.2g}",
                shown(verdict),
            )
        con.print(h2h)
    if solo:
        return  # one seat: no seat advantage to show
    seats = Table(title="Seats (seat advantage)")
    seats.add_column("seat")
    for col in ("n", "win %", "95% CI"):
        seats.add_column(col, justify="right")
    for x in summary.seats:
        seats.add_row(
            shown(x.label),
            str(x.n),
            f"{100 * x.win_rate:.1f}",
            f"{100 * x.low:.1f}-{100 * x.high:.1f}",
        )
    con.print(seats)
