"""``meeple simulate``: many games between agents, summarised."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli import options as opt
from meeple.cli.common import (
    console,
    err_console,
    fail,
    parse_options,
    plural,
    prepare_output,
    resolve_game,
    seats_for,
    shown,
    split_agents,
)
from meeple.cli.runs import claim_results, play_run, report_files, stop, used_jobs, write_failure
from meeple.core.errors import ConfigError, MeepleError
from meeple.sim.defaults import default_agents, limit_warning
from meeple.sim.runner import check_backend
from meeple.sim.session import check_games, check_results_suffix, resolve_jobs, stopped_message


def simulate(
    game: opt.GameName,
    games_: opt.Games = 100,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            help="Agents (names, levels easy|medium|hard, ismcts:key=value...), comma-separated; "
            "they rotate over seats. Default: the game's heuristic agent in every seat.",
        ),
    ] = None,
    players: opt.Players = None,
    seed: opt.Seed = 0,
    jobs: opt.Jobs = 1,
    option: opt.GameOptions = None,
    out: opt.Out = None,
    progress: opt.Progress = True,
    quiet: opt.Quiet = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Also draw the results to a .png, .svg or .pdf file: scores per agent, win "
            "rate per seat, decisions per game, score breakdown (needs matplotlib: "
            "pip install 'meeple\\[plots]').",
        ),
    ] = None,
    force: opt.Force = False,
    resume: opt.Resume = False,
    backend: opt.Backend = "local",
    address: opt.Address = None,
) -> None:
    """Simulate many games between agents and summarise scores, win rates and seat advantage."""
    from meeple.cli.summary import print_summary
    from meeple.sim import SimSpec, check_simulation, summarize
    from meeple.sim.plots import check_plot_path, save_simulation_plot

    cls = resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents) or default_agents(name)
    except ConfigError as e:
        raise fail(str(e)) from None
    try:
        if agents is not None and not split_agents(agents):
            raise ConfigError("--agents names no agent")
        check_games(games_, "--games")
        resolve_jobs(jobs, "--jobs")
    except ConfigError as e:
        raise fail(str(e)) from None
    if players is None:
        players = seats_for(cls, specs)
    try:
        spec = SimSpec(name, players, tuple(specs), games_, seed, parse_options(name, option))
        if out is not None:
            check_results_suffix(out)
        check_simulation(spec)
        check_backend(backend)
        plot_existed = False
        if plot is not None:
            check_plot_path(plot)
            plot_existed = plot.exists()
            plot = prepare_output(plot, force=force)
        results = None
        if resume and out is None:
            raise ConfigError("--resume needs the --out file of the run to resume")
        if out is not None:
            try:
                results = claim_results(out, spec, force=force, resume=resume)
            except MeepleError:
                if plot is not None and not plot_existed:  # leave no empty plot file
                    plot.unlink(missing_ok=True)
                raise
        jobs = used_jobs(jobs, spec.games)
        run = play_run(spec, jobs, results, progress and not quiet, backend, address)
    except MeepleError as e:
        raise fail(str(e)) from None
    report_files(run, quiet)
    rows, stopped = run.rows, run.stopped
    covered = "those" if rows else "none (no tables)"
    message = stopped_message(stopped, len(rows), spec.games, covered) if stopped else None
    if message and rows:  # above the tables; on stderr at the end in every case
        console().print(shown(message), soft_wrap=True)
    if rows:
        summary = summarize(rows, spec.labels(), players)
        print_summary(console(), spec, summary, cls.info.title)
        warning = limit_warning(rows)
        if warning:
            err_console().print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    failure = write_failure(run)
    if plot is not None:
        if rows:
            title = (
                f"{cls.info.title}: {plural(len(rows), 'game')}, {plural(players, 'player')}, "
                f"seed {seed}"
            )
            try:
                save_simulation_plot(rows, spec.labels(), players, plot, title, summary)
            except (OSError, ValueError) as e:
                if not plot_existed:  # no empty or half-written file left behind
                    plot.unlink(missing_ok=True)
                if failure is not None:
                    raise failure from None
                raise fail(f"the plot could not be drawn to {str(plot)!r}: {e}", code=1) from e
            if not quiet:
                err_console().print(f"Plot written to {shown(str(plot))}")
        else:
            if not plot_existed:  # nothing to draw: leave no empty file behind
                plot.unlink(missing_ok=True)
            err_console().print("No game finished: no plot drawn")
    if failure is not None:
        if message:
            err_console().print(shown(message))
        raise failure
    if stopped:
        stop(stopped, message)
