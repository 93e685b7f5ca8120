"""``meeple tournament``: agents against each other, rated."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli import options as opt
from meeple.cli.common import (
    console,
    default_players,
    err_console,
    fail,
    parse_options,
    plural,
    resolve_game,
    shown,
    split_agents,
)
from meeple.cli.runs import claim_results, play_run, report_files, stop, used_jobs, write_failure
from meeple.core.errors import ConfigError, MeepleError
from meeple.sim.defaults import limit_warning
from meeple.sim.runner import check_backend
from meeple.sim.session import check_games, check_results_suffix, resolve_jobs, stopped_message


def tournament(
    game: opt.GameName,
    agents: Annotated[
        list[str],
        typer.Option(
            "--agents",
            "-a",
            help="Agents, comma-separated (names, levels easy|medium|hard, ismcts:key=value...).",
        ),
    ],
    games_: opt.Games = 60,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats per game (default 2 or min); 1: solo, every agent plays each deal.",
        ),
    ] = None,
    seed: opt.Seed = 0,
    jobs: opt.Jobs = 1,
    option: opt.GameOptions = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Per-game results (.csv or .jsonl; default: a new .csv file named after the "
            "game and the time, in tournaments/).",
        ),
    ] = None,
    progress: opt.Progress = True,
    quiet: opt.Quiet = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate/--no-duplicate",
            help="With fewer agents than seats: the games of one rotation share a deal, and "
            "head to head counts deals won (duplicate format).",
        ),
    ] = False,
    force: opt.Force = False,
    resume: opt.Resume = False,
    backend: opt.Backend = "local",
    address: opt.Address = None,
) -> None:
    """Play agents against each other: every pairing in every seat order, shared seeds per
    round, then win rates with 95% intervals, openskill ratings and head-to-head tests. Solo
    (--players 1): every agent plays the same deals, and on each deal the higher score wins
    (duplicate format). With fewer agents than seats the agents rotate over the seats, each
    game on its own deal, or with --duplicate each rotation on one deal."""
    from meeple.cli.tournament import print_tournament
    from meeple.sim import SimSpec, check_simulation
    from meeple.sim.tournament import tournament_tables

    cls = resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents)
    except ConfigError as e:
        raise fail(str(e)) from None
    if len(specs) < 2:
        raise fail("a tournament needs at least two agents")
    if len(set(specs)) < len(specs):
        raise fail("each agent may appear once in --agents")
    try:
        check_games(games_, "--games")
        resolve_jobs(jobs, "--jobs")
    except ConfigError as e:
        raise fail(str(e)) from None
    if players is None:
        players = default_players(cls)
    if players < 1:
        raise fail("--players must be at least 1")
    k = len(specs)
    # a deal left unfinished would be played by some agents only: a free "win"
    why = (
        "a solo tournament plays every deal once per agent"
        if players == 1
        else f"--duplicate plays every deal once per rotation of the {k} agents"
        if duplicate and k < players
        else None
    )
    if why and games_ % k:
        near = sorted({max(k, games_ - games_ % k), games_ - games_ % k + k})
        raise fail(f"{why}: --games must be a multiple of {k} (e.g. {' or '.join(map(str, near))})")
    path = out or Path("tournaments") / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
    try:
        check_results_suffix(path)
        spec = SimSpec(
            name,
            players,
            tuple(specs),
            games_,
            seed,
            parse_options(name, option),
            "duplicate" if duplicate else "permute",
        )
        check_simulation(spec)
        check_backend(backend)
        results = claim_results(path, spec, force=force, resume=resume, unique=out is None)
        jobs = used_jobs(jobs, spec.games)
        run = play_run(spec, jobs, results, progress and not quiet, backend, address)
    except MeepleError as e:
        raise fail(str(e)) from None
    report_files(run, quiet)
    rows, stopped = run.rows, run.stopped
    labels = spec.labels()
    counted, message = rows, None
    if stopped:
        counted = run.complete_rounds()
        covered = (
            f"the {plural(len(counted) // len(specs), 'deal')} every agent finished"
            if players == 1
            else "those"
            if spec.schedule() is None
            else f"the {len(counted)} games of complete rotations (deals)"
            if spec.multi_seat
            else f"the {len(counted)} games of complete rounds of seatings"
        )
        message = stopped_message(
            stopped, len(rows), spec.games, covered if counted else "none (no tables)"
        )
        if counted:  # above the tables; on stderr at the end in every case
            console().print(shown(message), soft_wrap=True)
    if counted:
        # solo: every agent plays each deal; a deal is one game between them, ranked by score
        by_deal = spec.multi_seat and spec.schedule() is not None
        summary, rated, pairs = tournament_tables(
            counted, labels, players, spec.multi_seat, by_deal
        )
        print_tournament(console(), spec, summary, rated, pairs, cls.info.title, len(counted))
    warning = limit_warning(rows) if rows else None
    if warning:  # games ended at a safety limit say little about who plays better
        err_console().print(f"[yellow]warning:[/] {shown(warning)}", soft_wrap=True)
    failure = write_failure(run)
    if failure is not None:
        if message:
            err_console().print(shown(message))
        raise failure
    if stopped:
        stop(stopped, message)
