"""``meeple report``: the balance report of a saved results file, or of a run it plays, as one
HTML page or as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli import options as opt
from meeple.cli.common import err_console, fail, shown
from meeple.core.errors import ConfigError, MeepleError


def report(
    source: Annotated[
        str,
        typer.Argument(
            metavar="FILE|GAME",
            help="Results file of a `simulate` run (.csv, .jsonl or .partial.jsonl), or a "
            "game's name to play a run and report it (see `meeple games`).",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Where to write the report (default: the results file's name with .html, "
            "or .json with --json; report-GAME.html for a run).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the report as JSON for tools instead of HTML.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a report file that exists already.")
    ] = False,
    games_: Annotated[int, typer.Option("--games", "-n", help="A run's games.")] = 200,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            help="A run's agents, comma-separated (default: the game's heuristic agent).",
        ),
    ] = None,
    players: opt.Players = None,
    seed: opt.Seed = 0,
    jobs: opt.Jobs = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="A run's game option key=value.")
    ] = None,
    results: opt.Results = None,
    resume: opt.ResultsResume = False,
    progress: opt.Progress = True,
    quiet: opt.Quiet = False,
    backend: opt.Backend = "local",
    address: opt.Address = None,
) -> None:
    """Write the balance report of a results file, or of a run of GAME played first (as
    `simulate` plays it, on --backend): headline findings in sentences, seat advantage with
    95% intervals and exact tests, score distributions and breakdowns, the strength of each
    element, game length and the game's own measures with the share of games ended by a
    safety limit. The HTML page holds its plots (matplotlib) and needs nothing else: it opens
    offline."""
    from meeple.cli.commands.results import _is_game
    from meeple.sim.output import read_results
    from meeple.sim.report import build_report
    from meeple.sim.session import claimed_output

    file = Path(source)
    if not file.exists() and _is_game(source):
        rows, name = _played_rows(
            source,
            games_,
            agents,
            players,
            seed,
            jobs,
            option,
            results,
            resume,
            force,
            progress and not quiet,
            quiet,
            backend,
            address,
        )
        target = out or Path(f"report-{name}.{'json' if as_json else 'html'}")
        label = results.name if results is not None else None
    else:
        target = out or file.with_suffix(".json" if as_json else ".html")
        label = file.name
        rows = None
    try:
        if rows is None:
            if target.resolve() == file.resolve():
                raise ConfigError(f"the report would replace its results file {str(file)!r}")
            try:
                rows = read_results(file)
            except OSError as e:
                raise ConfigError(f"cannot read {str(file)!r}: {e.strerror or e}") from None
        built = build_report(rows, source=label)
        text = built.to_json() + "\n" if as_json else built.to_html()
        with claimed_output(target, force=force or resume) as target:
            target.write_text(text, encoding="utf-8")
    except MeepleError as e:
        raise fail(str(e)) from None
    for line in built.headlines:
        typer.echo(line)
    if not quiet:
        err_console().print(f"Report written to {shown(str(target))}")


def _played_rows(
    game: str,
    games: int,
    agents: list[str] | None,
    players: int | None,
    seed: int,
    jobs: int,
    option: list[str] | None,
    results: Path | None,
    resume: bool,
    force: bool,
    show: bool,
    quiet: bool,
    backend: str,
    address: str | None,
) -> tuple[list[dict], str]:
    """Play the run a report of ``game`` is of, as `simulate` plays it (its results kept in
    ``results`` when given, and resumed from there with ``resume``); its rows and the game's
    registered name.

    Raises:
        typer.Exit: after an ``error:`` line for a bad run, and when the run stopped early
            (130 after Ctrl-C, 1 otherwise: no report of a run cut short).
    """
    from meeple.cli.common import parse_options, resolve_game, seats_for, split_agents
    from meeple.cli.runs import (
        claim_results,
        play_run,
        report_files,
        stop,
        used_jobs,
        write_failure,
    )
    from meeple.sim.defaults import default_agents, limit_warning
    from meeple.sim.runner import SimSpec, check_backend, check_simulation
    from meeple.sim.session import check_games, check_results_suffix, resolve_jobs, stopped_message

    cls = resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents) or default_agents(name)
        check_games(games, "--games")
        resolve_jobs(jobs, "--jobs")
        if players is None:
            players = seats_for(cls, specs)
        spec = SimSpec(name, players, tuple(specs), games, seed, parse_options(name, option))
        check_simulation(spec)
        check_backend(backend)
        if resume and results is None:
            raise ConfigError("--resume needs the --results file of the run to resume")
        kept = None
        if results is not None:
            check_results_suffix(results)
            kept = claim_results(results, spec, force=force, resume=resume)
        run = play_run(spec, used_jobs(jobs, games), kept, show, backend, address)
    except MeepleError as e:
        raise fail(str(e)) from None
    report_files(run, quiet)
    failure = write_failure(run)
    if failure is not None:
        raise failure
    if run.stopped:
        message = stopped_message(run.stopped, len(run.rows), games, "none: no report written")
        if results is not None and run.rows:
            message += " Run the same command with --resume to go on."
        stop(run.stopped, message)
    warning = limit_warning(run.rows)
    if warning:
        err_console().print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    return run.rows, name
