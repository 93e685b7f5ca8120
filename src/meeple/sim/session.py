"""Runs with their results files: the guarantees ``meeple simulate`` and ``meeple tournament``
give, reusable from Python (a notebook, a server).

A run streams every finished game to a ``.partial.jsonl`` file beside its results file (so a
run killed outright keeps its games), treats Ctrl-C and ``kill`` (SIGTERM) as a stop that keeps
the finished games, reports a worker process that died or a game that raised instead of losing
the run, and writes the results file whole (never half, even on a second Ctrl-C) before the
partial file is removed::

    from meeple.sim import SimSpec
    from meeple.sim.session import open_results, run_games

    spec = SimSpec("peach-festival", 2, ("greedy", "random"), games=100)
    run = run_games(spec, jobs=2, results=open_results("pf.csv"))
    run.rows, run.stopped, run.written   # the games, why it stopped early, the file

:func:`check_games`, :func:`resolve_jobs` and :func:`check_results_suffix` are the checks both
commands make on their arguments.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.errors import ConfigError
from meeple.sim.output import PartialResults, partial_path, read_results, write_results
from meeple.sim.runner import SimSpec, check_backend, check_simulation, run_simulation

#: Why a run stopped early: ``"interrupted"`` (Ctrl-C or SIGTERM), ``"broken"`` (a worker
#: process died), or the exception a game raised.
Stopped = str | Exception

RESULTS_SUFFIXES = (".csv", ".jsonl")


# -- the checks both commands make --------------------------------------------------------------
def check_games(games: int, name: str = "games") -> None:
    """Refuse a number of games below 1.

    Args:
        games: The number of games asked for.
        name: How the caller calls the number (``"--games"`` on the command line).

    Raises:
        ConfigError: if ``games < 1``.
    """
    if games < 1:
        raise ConfigError(f"{name} must be at least 1")


def resolve_jobs(jobs: int, name: str = "jobs") -> int:
    """The number of worker processes to use: ``0`` means one per core.

    Args:
        jobs: Processes asked for (0: one per core).
        name: How the caller calls the number (``"--jobs"`` on the command line).

    Returns:
        At least 1.

    Raises:
        ConfigError: for a negative number.
    """
    if jobs == 0:
        return os.cpu_count() or 1
    if jobs < 0:
        raise ConfigError(f"{name} must be 0 or more")
    return jobs


def usable_jobs(jobs: int, games: int) -> int:
    """The processes a run of ``games`` games can keep busy: ``min(jobs, games, cores)``
    (a process per game at most, and no more processes than cores to run them)."""
    return max(1, min(jobs, games, os.cpu_count() or 1))


def check_results_suffix(path: str | Path) -> None:
    """Refuse a results file that is neither ``.csv`` nor ``.jsonl``.

    Raises:
        ConfigError: naming the file.
    """
    path = Path(path)
    if path.suffix.lower() not in RESULTS_SUFFIXES:
        raise ConfigError(f"results file must end in .csv or .jsonl, not {path.name!r}")


# -- files --------------------------------------------------------------------------------------
def prepare_output(path: Path, *, unique: bool = False, force: bool = False) -> Path:
    """Make sure ``path`` can be written before any game is played, and return the path to use.

    The parent directories are created. With ``unique`` (a default name chosen by the caller)
    an existing file is never replaced: the first free name of ``stem``, ``stem-2``,
    ``stem-3``... is claimed by creating it empty, so runs started in the same second (or side
    by side) keep their own files. Without it (a path the user gave) an existing file is
    refused unless ``force`` (the command's ``--force``), and then left as it is until the
    results replace it; a new file is created empty (the caller removes it if it writes
    nothing).

    Raises:
        ConfigError: if the path is a directory, lies under a file, exists already (without
            ``force``), or cannot be created or opened for writing (the reason is given).
    """
    if path.name in ("", ".", ".."):
        raise ConfigError(f"cannot write {str(path)!r}: a file name is needed")
    try:
        for parent in path.parents:
            if parent.exists() and not parent.is_dir():
                raise ConfigError(f"cannot write {str(path)!r}: {str(parent)!r} is not a directory")
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise ConfigError(f"cannot write {str(path)!r}: it is a directory")
        if not unique:
            if path.exists() and not force:
                raise ConfigError(
                    f"{str(path)!r} exists already; give --force to replace it, or another name"
                )
            with path.open("a"):
                pass
            return path
        for n in itertools.count(1):
            candidate = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
            try:
                with candidate.open("x"):
                    return candidate
            except FileExistsError:
                continue
    except OSError as e:
        raise ConfigError(f"cannot write {str(path)!r}: {e.strerror or e}") from None
    raise AssertionError("unreachable")  # pragma: no cover


@contextlib.contextmanager
def claimed_output(path: Path, *, force: bool = False) -> Iterator[Path]:
    """Claim an output file (:func:`prepare_output`) for the block that writes it: if the
    block fails, a file that was new is removed (an existing one is left as it was), and an
    ``OSError`` becomes a one-line ``ConfigError`` naming the file.

    Raises:
        ConfigError: as :func:`prepare_output`, and for an ``OSError`` in the block;
            whatever else the block raises, after the clean-up.
    """
    existed = path.exists()
    path = prepare_output(path, force=force)
    try:
        yield path
    except BaseException as err:
        if not existed:
            path.unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise ConfigError(f"cannot write {str(path)!r}: {err.strerror or err}") from None
        raise


def refuse_unfinished_run(path: str | Path, force: bool = False) -> None:
    """Refuse to start a run whose ``.partial.jsonl`` beside ``path`` holds the games of an
    earlier run that did not finish, unless ``force``.

    Raises:
        ConfigError: naming the file, how to read its games, and what --force would do.
    """
    partial = partial_path(path)
    if not force and partial.is_file():
        raise ConfigError(
            f"{str(partial)!r} holds the games of a run that did not finish (`meeple results` "
            "reads it); give another name, or --force to start again (its games are then lost)"
        )


def open_partial(path: str | Path) -> PartialResults:
    """The file beside ``path`` that keeps each game as it ends, until ``path`` is written
    (callers first refuse one left by an unfinished run, :func:`refuse_unfinished_run`).

    Raises:
        ConfigError: when it cannot be created.
    """
    try:
        return PartialResults(path)
    except OSError as e:
        raise ConfigError(f"cannot write {str(partial_path(path))!r}: {e.strerror or e}") from None


@dataclass
class ResultsFile:
    """A results file claimed for a run, with its partial file open.

    Attributes:
        path: The results file (created empty when it was new).
        existed: Whether it existed before (and is replaced only when the run writes).
        unique: Whether its name was chosen free (a default name): a run that writes nothing
            removes it silently.
        partial: Where the run streams its games until ``path`` is written.
        kept: The games an earlier run of the same spec finished (a resumed run,
            :func:`resume_results`): they are not played again.
    """

    path: Path
    existed: bool
    unique: bool
    partial: PartialResults
    kept: list[dict[str, Any]] = field(default_factory=list)


def open_results(path: str | Path, *, force: bool = False, unique: bool = False) -> ResultsFile:
    """Claim the results file of a run before any game is played, and open its partial file.

    Args:
        path: The results file (``.csv`` or ``.jsonl``).
        force: Replace a file that exists, and start again over a partial file left by a run
            that did not finish (its games are lost).
        unique: ``path`` is a default name: never replace a file, claim the first free name
            of ``stem``, ``stem-2``... (:func:`prepare_output`).

    Returns:
        The claimed file.

    Raises:
        ConfigError: for another suffix, a leftover partial file (without ``force``), or a
            file that cannot be written (nothing is left behind).
    """
    path = Path(path)
    check_results_suffix(path)
    existed = not unique and path.exists()
    if not unique:  # before the results file, whose refusal would say less
        refuse_unfinished_run(path, force)
    path = prepare_output(path, unique=unique, force=force)
    try:
        if unique:  # the default name claimed: a leftover beside it is kept too
            refuse_unfinished_run(path, force)
        partial = open_partial(path)
    except ConfigError:
        if not existed:  # leave no empty results file behind
            path.unlink(missing_ok=True)
        raise
    return ResultsFile(path, existed, unique, partial)


def resume_results(path: str | Path, spec: SimSpec) -> ResultsFile:
    """Claim the results file of a run that did not finish, keeping its finished games.

    The games come from the ``.partial.jsonl`` file a run killed outright leaves beside
    ``path``, or else from ``path`` itself when it is a ``.jsonl`` results file (a run stopped
    by Ctrl-C writes the games it finished there). Every game is checked against ``spec``
    (game, options, base seed, seed and seating of its index), so a resumed run plays each
    missing game once and its results file is the one an uninterrupted run writes.

    Args:
        path: The results file the run was given (``.csv`` or ``.jsonl``).
        spec: The run, as it was started.

    Returns:
        The claimed file, with the finished games in ``kept``.

    Raises:
        ConfigError: when there is nothing to resume, or a finished game is not one of
            ``spec`` (the first such game is named).
    """
    path = Path(path)
    check_results_suffix(path)
    partial = partial_path(path)
    source = partial if partial.is_file() else path
    if source is path and (path.suffix.lower() != ".jsonl" or not path.is_file()):
        raise ConfigError(
            f"nothing to resume in {str(path)!r}: no {partial.name!r} beside it (left by a run "
            "killed outright), and no .jsonl results file of a run stopped early"
        )
    try:
        rows = read_results(source)
    except OSError as e:
        raise ConfigError(f"cannot read {str(source)!r}: {e.strerror or e}") from None
    check_resumed(spec, rows, source.name)
    path = prepare_output(path, force=True)
    try:
        kept = PartialResults(path, rows)
    except OSError as e:
        raise ConfigError(f"cannot write {str(partial)!r}: {e.strerror or e}") from None
    return ResultsFile(path, True, False, kept, sorted(rows, key=lambda r: r["index"]))


def check_resumed(spec: SimSpec, rows: list[dict[str, Any]], name: str) -> None:
    """Refuse finished games that are not games of ``spec``: each must be a distinct game
    index of the run with that index's seed and seating, the run's base seed, game and
    options (defaults included).

    Raises:
        ConfigError: naming the file and the first game that does not belong.
    """
    game = spec.make_game()
    options = json.dumps({k: v for k, v in game.config.items() if k != "players"}, sort_keys=True)
    labels = spec.labels()
    seen: set[int] = set()
    for row in rows:
        index = row.get("index")
        if type(index) is not int or not 0 <= index < spec.games or index in seen:
            raise ConfigError(
                f"{name}: game {index!r} is not a game of this run of {spec.games} games "
                "(or is there twice): resume with the options the run was started with"
            )
        seen.add(index)
        slots, seed = spec.seating_of(index)
        wrong = (
            "game"
            if row.get("game_name") != game.info.name
            else "base seed"
            if row.get("run_seed") != spec.seed
            else "seed"
            if row["seed"] != seed
            else "agents"
            if row["agents"] != [labels[s] for s in slots]
            else "options"
            if json.dumps(row.get("options", {}), sort_keys=True) != options
            else None
        )
        if wrong:
            raise ConfigError(
                f"{name}: game {index} was played with another {wrong}: resume with the "
                "game, agents, seed and options the run was started with"
            )


# -- signals ------------------------------------------------------------------------------------
@contextlib.contextmanager
def signal_handled(signum: int, handler: Any) -> Iterator[None]:
    """Handle ``signum`` with ``handler`` while the block runs, then restore the previous
    handler (main thread only; elsewhere, where signals cannot be handled, do nothing)."""
    try:
        previous = signal.signal(signum, handler)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signum, previous)


def no_interrupts() -> contextlib.AbstractContextManager[None]:
    """Ignore Ctrl-C while the block runs (a results file is never left half written)."""
    return signal_handled(signal.SIGINT, signal.SIG_IGN)


def raise_interrupt(signum: int, frame: object) -> None:
    """A signal handler that stops the program as Ctrl-C does (``KeyboardInterrupt``)."""
    raise KeyboardInterrupt


# -- running ------------------------------------------------------------------------------------
class PartialWriteError(Exception):
    """The partial file could not be written (a full disk, say): the run stops.

    Attributes:
        path: The partial file.
        error: The ``OSError``.
    """

    def __init__(self, path: Path, error: OSError):
        super().__init__(f"cannot write {str(path)!r}: {error.strerror or error}")
        self.path = path
        self.error = error


@dataclass
class Run:
    """What a run did.

    Attributes:
        spec: What was run.
        rows: The result rows of the finished games, in game order.
        stopped: Why the run stopped early (:data:`Stopped`), or ``None`` if every game was
            played.
        results: The results file it was given, if any.
        written: The results file once written whole (``None``: nothing was written, as when
            a run stopped before its first game, or the file could not be written).
        write_error: Why the results file could not be written (its games are then kept in
            the partial file, ``results.partial.path``).
    """

    spec: SimSpec
    rows: list[dict[str, Any]] = field(default_factory=list)
    stopped: Stopped | None = None
    results: ResultsFile | None = None
    written: Path | None = None
    write_error: OSError | None = None

    def complete_rounds(self) -> list[dict[str, Any]]:
        """The rows of the rounds of seatings every seating finished
        (:func:`complete_rounds`)."""
        return complete_rounds(self.spec, self.rows)


def play_games(
    spec: SimSpec,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    partial: PartialResults | None = None,
    done: Sequence[dict[str, Any]] = (),
    backend: str = "local",
    address: str | None = None,
) -> tuple[list[dict[str, Any]], Stopped | None]:
    """Play every game of ``spec``, adding each finished game to ``partial`` as it ends.

    SIGTERM stops the run as Ctrl-C does (main thread only): the finished games are kept and
    the worker processes stopped.

    Args:
        spec: What to play (checked first, :func:`meeple.sim.runner.check_simulation`).
        jobs: Worker processes (1: in this process).
        on_progress: Called with the number of games just finished.
        partial: Where each finished game is streamed (its file is removed by the caller
            once the results are written).
        done: Rows of games finished by an earlier run of ``spec`` (already in
            ``partial``): they are not played again.
        backend: ``"local"`` or ``"ray"``, with ``address`` for an existing Ray cluster
            (:func:`meeple.sim.runner.run_simulation`).

    Returns:
        The result rows in game order, and why the run stopped early: ``None`` (it did not),
        ``"interrupted"`` (Ctrl-C or SIGTERM), ``"broken"`` (a worker process died), a
        :class:`PartialWriteError`, or the exception a game raised. The rows are then those
        of the games finished before.

    Raises:
        ConfigError: for a bad game, option or agent, before any game is played.
    """
    game = check_simulation(spec)  # a bad spec is refused, not reported as a stopped run
    check_backend(backend)
    rows: list[dict[str, Any]] = list(done)
    streamed = len(rows)
    finished = {r["index"] for r in done}
    todo = [i for i in range(spec.games) if i not in finished]

    def stream(k: int) -> None:
        nonlocal streamed
        if partial is not None:
            try:
                partial.add(rows[streamed:])
            except OSError as e:
                raise PartialWriteError(partial.path, e) from e
            streamed = len(rows)
        if on_progress is not None:
            on_progress(k)

    stopped: Stopped
    try:
        # `kill` (SIGTERM) stops a run as Ctrl-C does: finished games kept, workers stopped
        with signal_handled(signal.SIGTERM, raise_interrupt):
            run_simulation(
                spec,
                jobs,
                stream,
                into=rows,
                game=game,
                indices=todo,
                backend=backend,
                address=address,
            )
    except KeyboardInterrupt:
        stopped = "interrupted"
    except BrokenProcessPool:
        stopped = "broken"
    except Exception as e:  # a bug in a game or an agent (an illegal move too; the checks
        # before the first game have passed): keep what was played, then show it
        stopped = e
    else:
        return rows, None
    rows.sort(key=lambda r: r["index"])
    return rows, stopped


def run_games(
    spec: SimSpec,
    jobs: int = 1,
    results: ResultsFile | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Run:
    """Play every game of ``spec`` and write its results file, with the guarantees of the
    ``meeple`` commands.

    Every finished game is streamed to ``results.partial`` as it ends. When the run ends
    (finished, or stopped with games played) the results file is written whole, with Ctrl-C
    ignored meanwhile, and the partial file removed. A run stopped before its first game
    leaves an existing results file as it was and removes one it created. A results file that
    cannot be written (a full disk) leaves the partial file with every game in it.

    Args:
        spec: What to play.
        jobs: Worker processes (1: in this process).
        results: The results file (:func:`open_results`), or ``None`` for none.
        on_progress: Called with the number of games just finished.
        backend: ``"local"`` or ``"ray"`` (``address``: an existing Ray cluster).

    Returns:
        The :class:`Run` (its rows, why it stopped early, the file written).

    Raises:
        ConfigError: for a bad game, option or agent, before any game is played (``results``
            is then left as :func:`open_results` made it).
    """
    partial = results.partial if results is not None else None
    done = results.kept if results is not None else ()
    rows, stopped = play_games(spec, jobs, on_progress, partial, done, backend, address)
    run = Run(spec, rows, stopped, results)
    if results is None:
        return run
    if rows or not stopped:
        try:
            with no_interrupts():  # a second Ctrl-C must not leave the file half written
                run.written = write_results(rows, results.path, spec.players)
        except OSError as e:
            run.write_error = e
            results.partial.close()  # kept: it holds every game
            if not results.existed:
                with contextlib.suppress(OSError):
                    results.path.unlink(missing_ok=True)  # no half-written file
            return run
    elif not results.existed:  # nothing played: no empty file left
        results.path.unlink(missing_ok=True)
    results.partial.done()
    return run


def complete_rounds(spec: SimSpec, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the rounds of seatings that every seating finished (a run cut short may
    have finished games of several rounds, out of order); all rows without rounds."""
    cycle = spec.schedule()
    if cycle is None:
        return rows
    rounds: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        rounds.setdefault(row["index"] // len(cycle), []).append(row)
    return [r for k in sorted(rounds) if len(rounds[k]) == len(cycle) for r in rounds[k]]


def stopped_message(why: Stopped, done: int, total: int, covered: str) -> str:
    """The line that says a run was cut short: why, how many games it finished of how many,
    and what the tables cover (``covered``)."""
    if isinstance(why, PartialWriteError):
        what = f"The finished games could not be kept: {why}; stopped"
    elif isinstance(why, Exception):
        where = "".join(f" {note}" for note in getattr(why, "__notes__", ()))
        try:
            text = str(why)
        except Exception:  # an agent's exception that cannot even say what it is
            text = "(its message cannot be printed)"
        said = f": {text}" if text else ""
        what = f"A game raised {type(why).__name__}{where}{said}; stopped"
    elif why == "interrupted":
        what = "Interrupted"
    else:
        what = "A worker process died (killed, or out of memory?); stopped"
    return f"{what} after {done} of {total} games; the tables cover {covered}."
