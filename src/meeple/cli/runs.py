"""What ``meeple simulate`` and ``meeple tournament`` say about a run's files and its end."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer

from meeple.cli.common import err_console, fail, plural, progress_bar, shown
from meeple.sim.runner import SimSpec
from meeple.sim.session import ResultsFile, Run, Stopped


def claim_results(
    path: Path, spec: SimSpec, *, force: bool, resume: bool, unique: bool = False
) -> ResultsFile:
    """The results file of a run: claimed new (:func:`meeple.sim.session.open_results`), or
    with ``resume`` the file of a run that did not finish, its games kept
    (:func:`meeple.sim.session.resume_results`).

    Raises:
        ConfigError: for ``resume`` with ``force`` or a default name, and whatever the two
            functions refuse.
    """
    from meeple.core.errors import ConfigError
    from meeple.sim.session import open_results, resume_results

    if not resume:
        return open_results(path, force=force, unique=unique)
    if force:
        raise ConfigError("--resume keeps the finished games and --force drops them: give one")
    if unique:
        raise ConfigError("--resume needs the --out file of the run to resume")
    return resume_results(path, spec)


def play_run(
    spec: SimSpec,
    jobs: int,
    results: ResultsFile | None,
    show: bool,
    backend: str = "local",
    address: str | None = None,
) -> Run:
    """Play ``spec`` into ``results`` on ``backend`` under a progress bar (``show``: wanted),
    counting the games a resumed run kept as done."""
    from meeple.sim.session import run_games

    done = len(results.kept) if results is not None else 0
    with progress_bar(f"{spec.game} x{spec.games}", spec.games, show, done) as advance:
        return run_games(spec, jobs, results, advance, backend, address)


def report_files(run: Run, quiet: bool = False) -> None:
    """Say where the results were written, or that none were (a run stopped before its
    first game: an existing file is left as it was; a new one was removed, silently for a
    default name)."""
    results = run.results
    if results is None or run.write_error is not None or quiet:
        return
    if run.written is not None:
        err_console().print(f"Results written to {shown(str(run.written))}")
    elif results.existed:
        err_console().print(f"No game finished: {shown(str(results.path))} is left as it was")
    elif not results.unique:
        err_console().print(
            f"No game finished: no results file written to {shown(str(results.path))}"
        )


def write_failure(run: Run) -> typer.Exit | None:
    """The error exit for a results file that could not be written, naming the cause and the
    partial file that keeps the games; ``None`` when there was none."""
    if run.write_error is None or run.results is None:
        return None
    e, n = run.write_error, len(run.rows)
    return fail(
        f"the results could not be written to {str(run.results.path)!r}: {e.strerror or e}; "
        f"the {plural(n, 'finished game')} {'is' if n == 1 else 'are'} kept in "
        f"{str(run.results.partial.path)!r} (`meeple results` reads it)",
        code=1,
    )


def stop(why: Stopped, message: str | None) -> NoReturn:
    """End a run cut short: status 130 after Ctrl-C, 1 after a dead worker or a partial file
    that could not be written, and a game's error raised again (its traceback is the way to
    the bug)."""
    from meeple.sim.session import PartialWriteError

    if message:
        err_console().print(shown(message))
    if isinstance(why, PartialWriteError):
        raise typer.Exit(1)
    if isinstance(why, Exception):
        raise why
    raise typer.Exit(130 if why == "interrupted" else 1)


def used_jobs(asked: int, games: int) -> int:
    """The processes a run uses for ``--jobs asked`` (0: one per core): at most one per game
    and one per core (:func:`meeple.sim.session.usable_jobs`); a number the person gave that
    is cut down is said on standard error.

    Raises:
        ConfigError: for a negative number.
    """
    import os

    from meeple.sim.session import resolve_jobs, usable_jobs

    jobs = usable_jobs(resolve_jobs(asked, "--jobs"), games)
    if asked > jobs:
        cores = os.cpu_count() or 1
        err_console().print(
            f"--jobs {asked}: {plural(jobs, 'process', 'processes')} used "
            f"({plural(games, 'game')}, {plural(cores, 'core')})"
        )
    return jobs
