"""``meeple results``: saved results files pooled into one tournament table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import console, err_console, fail, plural, resolve_game, shown
from meeple.core.errors import ConfigError, MeepleError
from meeple.core.registry import game_spec
from meeple.sim.defaults import limit_warning


def split_game_and_files(inputs: list[str]) -> tuple[str | None, list[Path]]:
    """The game named before the files, if any, and the files: a first argument that is a
    registered game's name (or alias) and not a file is the game.

    Raises:
        typer.Exit: after an ``error:`` line, when no file is given.
    """
    game: str | None = None
    if inputs and not Path(inputs[0]).exists() and _is_game(inputs[0]):
        game, inputs = inputs[0], inputs[1:]
    if not inputs:
        raise fail("no results file given")
    return game, [Path(f) for f in inputs]


def _summary_game(game: str | None, named: list[str], rows: list[dict]) -> str:
    """The game of rows summarised as `simulate` does: the one they name (or ``game``, for
    files that name none).

    Raises:
        ConfigError: for no rows, rows of several games, of another game than ``game``, or
            of several seat counts or options, and files that name no game without one.
    """
    if not rows:
        raise ConfigError("no game to summarise: the files hold no games")
    if len(named) > 1:
        raise ConfigError(f"these results mix games ({', '.join(named)}): give one at a time")
    if game is None and not named:
        raise ConfigError(
            "these results do not name their game (an older file): give the game's name "
            "before the files"
        )
    if game is not None and named:
        name = game_spec(game).name
        if named[0] != name:
            raise ConfigError(f"these results are not of {name}: they are of {named[0]}")
    if len({len(r["agents"]) for r in rows}) > 1:
        raise ConfigError("these results mix seat counts: give one run at a time")
    if len({json.dumps(r.get("options") or {}, sort_keys=True) for r in rows}) > 1:
        raise ConfigError("these results mix game options: give one run at a time")
    return game or named[0]


def _print_run_summary(
    game: str, rows: list[dict], files: int, plot: Path | None, force: bool, tables: bool
) -> None:
    """Print `simulate`'s summary of ``rows`` (unless ``tables``: the tournament tables
    follow instead) and draw its figure to ``plot``, as `simulate` would have.

    Raises:
        typer.Exit: after an ``error:`` line, when the plot cannot be drawn.
    """
    from meeple.cli.summary import print_summary
    from meeple.sim.plots import save_simulation_plot
    from meeple.sim.report import with_slots
    from meeple.sim.runner import SimSpec
    from meeple.sim.session import claimed_output
    from meeple.sim.stats import summarize

    cls = resolve_game(game)
    numbered, labels = with_slots(rows)
    players = len(rows[0]["agents"])
    options = {k: v for k, v in (rows[0].get("options") or {}).items() if cls.options.get(k) != v}
    seeds = sorted({r["run_seed"] for r in rows if r.get("run_seed") is not None})
    spec = SimSpec(cls.info.name, players, tuple(labels), len(rows), seeds[0] if seeds else 0)
    spec = SimSpec(spec.game, spec.players, spec.agents, spec.games, spec.seed, options)
    summary = summarize(numbered, labels, players)
    if not tables:
        seed_text = (
            f"seed {seeds[0]}"
            if len(seeds) == 1
            else f"seeds {', '.join(map(str, seeds))}"
            if seeds
            else "seed not recorded"
        )
        print_summary(console(), spec, summary, cls.info.title, seed_text)
        warning = limit_warning(rows)
        if warning:
            console().print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    if plot is None:
        return
    title = f"{cls.info.title}: {plural(len(rows), 'game')}, {plural(players, 'player')}"
    if len(seeds) == 1:
        title += f", seed {seeds[0]}"
    try:
        with claimed_output(plot, force=force) as target:
            try:
                save_simulation_plot(numbered, labels, players, target, title, summary)
            except ValueError as e:
                raise ConfigError(f"the plot could not be drawn to {str(plot)!r}: {e}") from e
    except MeepleError as e:
        raise fail(str(e)) from None
    err_console().print(f"Plot written to {shown(str(target))}")


def _is_game(name: str) -> bool:
    try:
        game_spec(name)
    except ConfigError:
        return False
    return True


def results(
    inputs: Annotated[
        list[str],
        typer.Argument(
            metavar="[GAME] FILES...",
            help="Results files of `simulate` or `tournament` runs (.csv, .jsonl, or the "
            ".partial.jsonl of a run cut short), after the game's name when the files do not "
            "name their game (see `meeple games`).",
        ),
    ],
    summary_: Annotated[
        bool,
        typer.Option(
            "--summary",
            help="Print `simulate`'s summary of the games (agents, seats, score breakdown, "
            "game measures) instead of the tournament tables; the default when one agent "
            "played every seat.",
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Also draw `simulate`'s figure of the games to a .png, .svg or .pdf file "
            "(needs matplotlib).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a plot file that exists already.")
    ] = False,
) -> None:
    """Pool saved results files and print the tournament tables over all their games:
    standings with 95% intervals and openskill ratings, head-to-head sign tests and seat
    advantage. Runs of one match on several seeds, played apart or on several machines,
    then count as one. Head to head counts a deal of --duplicate rotations as one and every
    other game on its own; solo, every deal the agents all played is one game between them.
    Rounds of seatings with games missing (a run stopped mid-round) and games of one agent
    alone are left out, with a note. With --summary (or when one agent played every seat, as
    in `simulate` without --agents) it prints `simulate`'s summary of every game instead, and
    --plot draws `simulate`'s figure."""
    from meeple.cli.tournament import print_standings
    from meeple.sim.output import read_results
    from meeple.sim.tournament import pool_results, tournament_tables

    game, files = split_game_and_files(inputs)
    try:
        if plot is not None:
            from meeple.sim.plots import check_plot_path

            check_plot_path(plot)
        loaded = []
        seen: set[Path] = set()
        for path in files:
            if path.resolve() in seen:
                raise ConfigError(f"{str(path)!r} is given twice")
            seen.add(path.resolve())
            try:
                loaded.append((str(path), read_results(path)))
            except OSError as e:
                raise ConfigError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
        every = [r for _, rows in loaded for r in sorted(rows, key=lambda r: r.get("index", 0))]
        one_agent = len({a for r in every for a in r["agents"]}) == 1  # no one to rate
        if summary_ or plot is not None or one_agent:
            named = sorted({r["game_name"] for r in every if r.get("game_name")})
            game = _summary_game(game, named, every)
            _print_run_summary(
                game, every, len(files), plot, force, tables=not (summary_ or one_agent)
            )
            if summary_ or one_agent:
                return
        pooled = pool_results(loaded)
        if game is None:
            if not pooled.game_names:
                raise ConfigError(
                    "these results do not name their game (an older file): give the game's "
                    "name before the files"
                )
            game = pooled.game_names[0]
    except MeepleError as e:
        raise fail(str(e)) from None
    cls = resolve_game(game)
    try:
        other = [g for g in pooled.game_names if g != cls.info.name]
        if other:
            raise ConfigError(f"these results are not of {cls.info.name}: they are of {other[0]}")
        # files from before rows named their game are told by their options (every one of
        # the game's options is recorded)
        keys = set(pooled.options)
        if not pooled.game_names and keys and keys != set(cls.options):
            raise ConfigError(
                f"these results are not of {cls.info.name}: their options are "
                f"{', '.join(sorted(keys))}, not {', '.join(sorted(cls.options))}"
            )
        low, high = cls.info.min_players, cls.info.max_players
        if not low <= pooled.players <= high:
            raise ConfigError(
                f"these results are not of {cls.info.name}: games of {pooled.players} seats "
                f"({cls.info.name} takes {low}-{high})"
            )
    except MeepleError as e:
        raise fail(str(e)) from None
    rows, labels, players = pooled.rows, pooled.labels, pooled.players
    solo = players == 1
    summary, rated, pairs = tournament_tables(
        rows, labels, players, pooled.multi_seat, pooled.by_deal
    )
    # the rows record every option, defaults included: name those a run changed
    changed = {k: v for k, v in pooled.options.items() if cls.options.get(k) != v}
    places = {r.get("options", {}).get("content") for r in rows}
    if len(places) > 1:  # pooled by their files' digest: equal files in several places
        places_text = ", ".join(
            "the packaged content" if d is None else str(d)
            for d in sorted(places, key=lambda d: "" if d is None else str(d))
        )
        changed["content"] = f"equal files in {places_text}"
    opts = ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))
    versions = ", ".join(pooled.versions) or "not recorded"
    con = console()
    con.print(
        f"[bold]{shown(cls.info.title)}[/] results: {plural(len(rows), 'game')} "
        + (f"on {plural(pooled.deals, 'deal')} " if solo else "")
        + f"from {plural(len(files), 'file')}, "
        + ("solo" if solo else plural(players, "player"))
        + f", rules {shown(versions)}"
        + (f", options {shown(opts)}" if opts else "")
    )
    if len(pooled.versions) > 1 or (pooled.versions and pooled.versions[0] != cls.info.version):
        con.print(
            f"[dim]The installed rules are version {shown(cls.info.version)}; games of other "
            "versions are counted as they were played.[/]"
        )
    if pooled.unfinished:
        con.print(
            f"[dim]{plural(pooled.unfinished, 'game')} left out: "
            + (
                "deals not every agent of the run played"
                if solo
                else "rounds of seatings (the games of a run that share a seed) with games "
                "missing, as a run stopped mid-round or a --games that is not a whole number "
                "of rounds leaves them"
            )
            + ".[/]"
        )
    if pooled.alone:
        con.print(
            f"[dim]{plural(pooled.alone, 'game')} left out: "
            + ("deals one agent played alone" if solo else "games of one agent against itself")
            + ".[/]"
        )
    if len(labels) < 2:
        con.print("[dim]One agent only: nothing to compare.[/]")
    if pooled.multi_seat:
        con.print(
            "[dim]Agents held several seats of a game: an agent counts once per game, by its "
            "best-placed seat"
            + (
                "; head to head counts each deal of --duplicate rotations as one (won by ranking "
                "better than the other in more of the deal's games)"
                + (
                    " and every other game as one"
                    if any(len(row["deal"]) == 3 for row in rows)
                    else ""
                )
                + f" ({pooled.deals} in all).[/]"
                if pooled.by_deal
                else ".[/]"
            )
        )
    warning = limit_warning(rows)
    if warning:
        con.print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    print_standings(
        con,
        summary,
        rated,
        pairs,
        unit="deals" if pooled.by_deal else "games",
        solo=solo,
    )
