"""Entry point of the ``meeple`` command: ``games``, ``play``, ``simulate``, ``tournament``,
``replay``."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from meeple.cli.common import (
    console,
    err_console,
    fail,
    parse_options,
    parse_seats,
    prepare_output,
    split_agents,
)
from meeple.cli.serve import serve
from meeple.core.errors import ConfigError, IllegalActionError, MeepleError
from meeple.core.registry import game_class, game_names, make

app = typer.Typer(
    help="Play, simulate and replay tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _read_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


def _default_players(cls) -> int:
    info = cls.info
    return max(info.min_players, min(2, info.max_players))


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


@app.command()
def games() -> None:
    """List the games with their metadata."""
    con = console()
    table = Table(title="Games", box=box.SIMPLE_HEAD)
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    for col in ("players", "chance", "hidden", "simult.", "version"):
        table.add_column(col, no_wrap=True)
    table.add_column("agents")
    from meeple.agents.base import agent_names

    for name in game_names():
        try:
            cls = game_class(name)
            info = cls.info
        except (ImportError, AttributeError) as e:
            table.add_row(escape(name), f"[dim]not available ({escape(type(e).__name__)})[/]")
            continue
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(
            escape(name),
            escape(info.title),
            players,
            _yes(info.has_chance),
            _yes(info.hidden_information),
            _yes(info.simultaneous),
            escape(info.version),
            escape(", ".join(agent_names(cls))),
        )
    con.print(table)


def _resolve_game(name: str):
    try:
        return game_class(name)
    except ConfigError as e:
        raise fail(str(e)) from None
    except ImportError as e:
        raise fail(f"game {name!r} is registered but cannot be loaded: {e}") from None


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seat: Annotated[
        list[str] | None, typer.Option("--seat", help="A human seat (0-based); repeatable.")
    ] = None,
    humans: Annotated[
        str | None,
        typer.Option("--humans", help="Human seats, comma-separated (e.g. 0,2), or 'none'."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bot agent for the other seats: a level easy|medium|hard, an agent name, or "
            "ismcts:key=value,... (default: the game's own, e.g. greedy); a comma list gives "
            "one per bot seat (or one per seat).",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed of the game.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value; repeatable.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Record file (default records/<game>-<time>.json, with -2, -3... added if "
            "that name is taken); an existing file is refused unless --force.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a --save file that exists already.")
    ] = False,
) -> None:
    """Play a game in the terminal: human seat(s) against bots."""
    # (The docstring is the command's help.) Everything is checked before the game starts,
    # and a problem is one ``error:`` line with exit 2: the options, the seats, every --bots
    # entry (built and set up, even one given for a human seat), and the record file.
    from meeple.agents.base import checked_setup, make_agent
    from meeple.cli.play import PlaySession, new_seed
    from meeple.cli.summary import plural

    cls = _resolve_game(game)
    name = cls.info.name
    con = console()
    try:
        n = players if players is not None else _default_players(cls)
        g = make(name, players=n, **parse_options(name, option))
        human_texts = [*(seat or []), *([humans] if humans is not None else [])]
        human_seats = parse_seats(human_texts, n) if human_texts else [0]
        bot_seats = [s for s in range(n) if s not in human_seats]
        given = split_agents(bots)
        if bots is not None and not given:
            raise ConfigError("--bots names no agent")
        if given and not bot_seats:
            for spec in given:
                make_agent(spec, g)  # a misspelt agent is reported as such
            raise ConfigError("--bots names a bot, but every seat is human")
        own = sorted(getattr(g, "agents", {}))
        default_bot = "greedy" if "greedy" in own else (own[0] if own else "random")
        specs = given or [default_bot]
        unused: dict[int, str] = {}
        if len(specs) == 1:
            chosen = {s: specs[0] for s in bot_seats}
        elif len(specs) == len(bot_seats):
            chosen = dict(zip(bot_seats, specs, strict=True))
        elif len(specs) == n:
            chosen = {s: specs[s] for s in bot_seats}
            unused = {s: specs[s] for s in human_seats}
        else:
            raise ConfigError(
                f"--bots names {len(specs)} agents for {len(bot_seats)} bot seats; give one, "
                f"one per bot seat, or one per seat"
            )
        for s, spec in unused.items():  # a human seat's entry is not played, but checked
            checked_setup(make_agent(spec, g), g, s, spec)
        agents = {s: make_agent(spec, g) for s, spec in chosen.items()}
        for s, agent in agents.items():
            # configuration errors (e.g. a rollout policy) surface here
            checked_setup(agent, g, s, chosen[s])
            if human_seats and not getattr(agent, "honest", True):
                raise ConfigError(
                    f"agent {chosen[s]!r} reads hidden information; it never plays against people"
                )
        if save is not None:
            path = prepare_output(save, force=force)
        else:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = prepare_output(Path("records") / f"{name}-{stamp}.json", unique=True)
    except MeepleError as e:
        raise fail(str(e)) from None
    # A seed drawn here stays secret until the game ends: it fixes every hidden card and every
    # bot's choices, so whoever saw it could work them out. A seed the person gave is known.
    secret = seed is None and bool(human_seats)
    if seed is None:
        seed = new_seed()
    seats_text = ", ".join(
        f"seat {s}: {agents[s].name if s in agents else 'human'}" for s in range(n)
    )
    shown = "a new seed, shown when the game ends" if secret else f"seed {seed}"
    con.print(f"[bold]{escape(g.info.title)}[/] — {plural(n, 'player')}, {shown}")
    con.print(escape(seats_text))
    session = PlaySession(
        g, human_seats, agents, seed, con, _read_line, echo_input=not sys.stdin.isatty()
    )
    finished = False
    interrupted = False
    broken: IllegalActionError | None = None
    if len(human_seats) > 1 and not (con.is_terminal and not con.is_dumb_terminal):
        con.print(
            "[bold red]Warning:[/] this output cannot be wiped between people (it is not a "
            "terminal that clears), so every person's view stays visible to the others."
        )
    try:
        # `kill` (SIGTERM) and a closed terminal (SIGHUP) stop a game as Ctrl-C does: the
        # unfinished record is saved
        with (
            _signal_handled(signal.SIGTERM, _raise_interrupt),
            _signal_handled(getattr(signal, "SIGHUP", signal.SIGTERM), _raise_interrupt),
        ):
            if human_seats:
                con.print("Type [bold]help[/] for commands.")
            finished = session.run()
    except KeyboardInterrupt:
        interrupted = True
        with contextlib.suppress(OSError):  # the terminal may be gone
            con.print("\nInterrupted.")
    except IllegalActionError as e:  # a bot's answer that is not a legal move (people retry)
        broken = e
    finally:
        # the record first, silently (the terminal may be gone), then what to tell
        try:
            saved = session.record().save(path)
        except OSError as e:
            saved, broken_save = None, e
        else:
            broken_save = None
        with contextlib.suppress(OSError):
            if secret:  # the game can be replayed from it even if the record is lost
                con.print(f"The game's seed was {seed}.")
            if saved is not None:
                what = "Record" if finished else "Unfinished game record"
                con.print(f"{what} saved to {escape(str(saved))}")
    if broken_save is not None:
        raise fail(f"the record could not be saved to {str(path)!r}: {broken_save}", code=1)
    if broken is not None:
        raise fail(f"game stopped: {broken}", code=1)
    if interrupted:
        raise typer.Exit(130)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            help="Agents (names, levels easy|medium|hard, ismcts:key=value...), comma-separated; "
            "they rotate over seats.",
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per core).")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value; repeatable.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Per-game results file (.csv or .jsonl).")
    ] = None,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
    ] = True,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Also draw the results to a .png, .svg or .pdf file: scores per agent, win "
            "rate per seat, decisions per game, score breakdown (needs matplotlib: "
            "pip install 'meeple\\[plots]').",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an --out or --plot file that exists already.")
    ] = False,
) -> None:
    """Simulate many games between agents and summarise scores, win rates and seat advantage."""
    from meeple.cli.summary import plural, print_summary
    from meeple.sim import SimSpec, check_simulation, summarize, write_results
    from meeple.sim.plots import check_plot_path, save_simulation_plot

    cls = _resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents) or ["random"]
    except ConfigError as e:
        raise fail(str(e)) from None
    if agents is not None and not split_agents(agents):
        raise fail("--agents names no agent")
    if games_ < 1:
        raise fail("--games must be at least 1")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs < 0:
        raise fail("--jobs must be 0 or more")
    if players is None:
        players = (
            len(specs)
            if cls.info.min_players <= len(specs) <= cls.info.max_players and len(specs) > 1
            else _default_players(cls)
        )
    try:
        spec = SimSpec(name, players, tuple(specs), games_, seed, parse_options(name, option))
        if out is not None and out.suffix.lower() not in (".csv", ".jsonl"):
            raise ConfigError(f"results file must end in .csv or .jsonl, not {out.name!r}")
        check_simulation(spec)
        plot_existed = False
        if plot is not None:
            check_plot_path(plot)
            plot_existed = plot.exists()
            plot = prepare_output(plot, force=force)
        partial = None
        out_existed = out is not None and out.exists()
        if out is not None:
            created = False
            try:
                _refuse_unfinished_run(out, force)  # before the results file: it says more
                out = prepare_output(out, force=force)
                created = not out_existed
                partial = _partial_results(out)
            except MeepleError:
                if plot is not None and not plot_existed:  # leave no empty plot file
                    plot.unlink(missing_ok=True)
                if created:  # nor an empty results file
                    out.unlink(missing_ok=True)
                raise
        rows, stopped = _run_games(spec, jobs, progress, partial)
    except MeepleError as e:
        raise fail(str(e)) from None
    if out is not None and (rows or not stopped):
        with _no_interrupts():  # a second Ctrl-C must not leave the file half written
            write_results(rows, out, players)
            err_console().print(f"Results written to {escape(str(out))}")
    elif out is not None:
        _nothing_written(out, out_existed)
    if partial is not None:
        partial.done()
    covered = "those" if rows else "none (no tables)"
    message = _stopped(stopped, len(rows), spec.games, covered) if stopped else None
    if message and rows:  # above the tables; on stderr at the end in every case
        console().print(message, soft_wrap=True)
    if rows:
        summary = summarize(rows, spec.labels(), players)
        print_summary(console(), spec, summary, cls.info.title)
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
                raise fail(f"the plot could not be drawn to {str(plot)!r}: {e}", code=1) from e
            err_console().print(f"Plot written to {escape(str(plot))}")
        else:
            if not plot_existed:  # nothing to draw: leave no empty file behind
                plot.unlink(missing_ok=True)
            err_console().print("No game finished: no plot drawn")
    if stopped:
        _stop(stopped, message)


def _nothing_written(out: Path, existed: bool) -> None:
    """Say that a run cut short before its first game wrote no results to ``out``, and
    remove the empty file claimed for it when it was new."""
    if existed:
        err_console().print(f"No game finished: {escape(str(out))} is left as it was")
    else:
        out.unlink(missing_ok=True)
        err_console().print(f"No game finished: no results file written to {escape(str(out))}")


def _stopped(why: str | Exception, done: int, total: int, covered: str) -> str:
    """The line that says a run was cut short (on stdout above the tables when there are
    some, and on stderr at the end)."""
    if isinstance(why, Exception):
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


def _stop(why: str | Exception, message: str) -> NoReturn:
    """End a run cut short: status 130 after Ctrl-C, 1 after a dead worker, and a game's
    error raised again (its traceback is the way to the bug)."""
    err_console().print(message)
    if isinstance(why, Exception):
        raise why
    raise typer.Exit(130 if why == "interrupted" else 1)


@contextlib.contextmanager
def _signal_handled(signum: int, handler: Any) -> Iterator[None]:
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


def _no_interrupts() -> contextlib.AbstractContextManager[None]:
    """Ignore Ctrl-C while the block runs (a results file is never left half written)."""
    return _signal_handled(signal.SIGINT, signal.SIG_IGN)


def _partial_results(path: Path) -> Any:
    """The file beside ``path`` that keeps each game as it ends, until ``path`` is written
    (callers first refuse one left by an unfinished run, :func:`_refuse_unfinished_run`).

    Raises:
        ConfigError: when it cannot be created.
    """
    from meeple.sim.output import PartialResults, partial_path

    try:
        return PartialResults(path)
    except OSError as e:
        raise ConfigError(f"cannot write {str(partial_path(path))!r}: {e.strerror or e}") from None


def _refuse_unfinished_run(path: Path, force: bool) -> None:
    """Refuse to start a run whose ``.partial.jsonl`` beside ``path`` holds the games of an
    earlier run that did not finish, unless ``force``.

    Raises:
        ConfigError: naming the file, how to read its games, and what --force would do.
    """
    from meeple.sim.output import partial_path

    partial = partial_path(path)
    if not force and partial.is_file():
        raise ConfigError(
            f"{str(partial)!r} holds the games of a run that did not finish (`meeple results` "
            "reads it); give another name, or --force to start again (its games are then lost)"
        )


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _run_games(
    spec, jobs: int, progress: bool, partial: Any = None
) -> tuple[list[dict], str | Exception | None]:
    """Run ``spec`` over ``jobs`` processes, with a progress bar on standard error, adding
    each finished game to ``partial`` (a :class:`meeple.sim.output.PartialResults`, whose
    file the caller removes once the results are written) as it ends.

    Returns:
        The result rows in game order, and why the run stopped early: ``None`` (it did
        not), ``"interrupted"`` (Ctrl-C or SIGTERM), ``"broken"`` (a worker process died) or
        the exception a game raised. The rows are then those of the games finished before.
    """
    from concurrent.futures.process import BrokenProcessPool

    rows: list[dict] = []
    stopped: str | Exception
    try:
        # `kill` (SIGTERM) stops a run as Ctrl-C does: finished games kept, workers stopped
        with _signal_handled(signal.SIGTERM, _raise_interrupt):
            _collect_games(spec, jobs, progress, rows, partial)
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


def _collect_games(spec, jobs: int, progress: bool, rows: list[dict], partial: Any = None) -> None:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from meeple.sim import run_simulation

    streamed = 0

    def stream(k: int) -> None:
        nonlocal streamed
        if partial is not None:
            partial.add(rows[streamed:])
            streamed = len(rows)

    if not progress:
        run_simulation(spec, jobs, stream, into=rows)
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err_console(),
    ) as bar:
        task = bar.add_task(f"{spec.game} x{spec.games}", total=spec.games)

        def advance(k: int) -> None:
            stream(k)
            bar.advance(task, k)

        run_simulation(spec, jobs, advance, into=rows)


@app.command(short_help="Play agents against each other and rate them.")
def tournament(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    agents: Annotated[
        list[str],
        typer.Option(
            "--agents",
            "-a",
            help="Agents, comma-separated (names, levels easy|medium|hard, ismcts:key=value...).",
        ),
    ],
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 60,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats per game (default 2 or min); 1: solo, every agent plays each deal.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per core).")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value; repeatable.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Per-game results (.csv or .jsonl; default: a new .csv file named after the "
            "game and the time, in tournaments/).",
        ),
    ] = None,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
    ] = True,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate/--no-duplicate",
            help="With fewer agents than seats: the games of one rotation share a deal, and "
            "head to head counts deals won (duplicate format).",
        ),
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an --out file that exists already.")
    ] = False,
) -> None:
    """Play agents against each other: every pairing in every seat order, shared seeds per
    round, then win rates with 95% intervals, openskill ratings and head-to-head tests. Solo
    (--players 1): every agent plays the same deals, and on each deal the higher score wins
    (duplicate format). With fewer agents than seats the agents rotate over the seats, each
    game on its own deal, or with --duplicate each rotation on one deal."""
    from meeple.cli.summary import plural
    from meeple.cli.tournament import print_tournament
    from meeple.sim import SimSpec, check_simulation, write_results
    from meeple.sim.tournament import tournament_tables

    cls = _resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents)
    except ConfigError as e:
        raise fail(str(e)) from None
    if len(specs) < 2:
        raise fail("a tournament needs at least two agents")
    if len(set(specs)) < len(specs):
        raise fail("each agent may appear once in --agents")
    if games_ < 1:
        raise fail("--games must be at least 1")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs < 0:
        raise fail("--jobs must be 0 or more")
    if players is None:
        players = max(cls.info.min_players, min(2, cls.info.max_players))
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
        if path.suffix.lower() not in (".csv", ".jsonl"):
            raise ConfigError(f"results file must end in .csv or .jsonl, not {path.name!r}")
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
        out_existed = out is not None and out.exists()
        if out is not None:  # before the results file, whose refusal would say less
            _refuse_unfinished_run(path, force)
        path = prepare_output(path, unique=out is None, force=force)
        try:
            if out is None:  # the default name claimed: a leftover beside it is kept too
                _refuse_unfinished_run(path, force)
            partial = _partial_results(path)
        except MeepleError:
            if not out_existed:  # leave no empty results file behind
                path.unlink(missing_ok=True)
            raise
        rows, stopped = _run_games(spec, jobs, progress, partial)
    except MeepleError as e:
        raise fail(str(e)) from None
    if rows or not stopped:
        with _no_interrupts():  # a second Ctrl-C must not leave the file half written
            saved = write_results(rows, path, players)
            err_console().print(f"Results written to {escape(str(saved))}")
    elif out is None:  # the empty file claimed for this run's default name
        path.unlink(missing_ok=True)
    else:
        _nothing_written(path, out_existed)
    partial.done()
    labels = spec.labels()
    counted, message = rows, None
    if stopped:
        counted = _complete_rounds(spec, rows)
        covered = (
            f"the {plural(len(counted) // len(specs), 'deal')} every agent finished"
            if players == 1
            else "those"
            if spec.schedule() is None
            else f"the {len(counted)} games of complete rotations (deals)"
            if spec.multi_seat
            else f"the {len(counted)} games of complete rounds of seatings"
        )
        message = _stopped(
            stopped, len(rows), spec.games, covered if counted else "none (no tables)"
        )
        if counted:  # above the tables; on stderr at the end in every case
            console().print(message, soft_wrap=True)
    if counted:
        # solo: every agent plays each deal; a deal is one game between them, ranked by score
        by_deal = spec.multi_seat and spec.schedule() is not None
        summary, rated, pairs = tournament_tables(
            counted, labels, players, spec.multi_seat, by_deal
        )
        print_tournament(console(), spec, summary, rated, pairs, cls.info.title, len(counted))
    if stopped:
        _stop(stopped, message)


def _complete_rounds(spec, rows: list[dict]) -> list[dict]:
    """The rows of the rounds of seatings that every seating finished (a run cut short may
    have finished games of several rounds, out of order); all rows without rounds."""
    cycle = spec.schedule()
    if cycle is None:
        return rows
    rounds: dict[int, list[dict]] = {}
    for row in rows:
        rounds.setdefault(row["index"] // len(cycle), []).append(row)
    return [r for k in sorted(rounds) if len(rounds[k]) == len(cycle) for r in rounds[k]]


@app.command("results", short_help="Pool saved results files into one tournament table.")
def results_cmd(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Results files of `simulate` or `tournament` runs (.csv, .jsonl, or the "
            ".partial.jsonl of a run cut short)."
        ),
    ],
) -> None:
    """Pool saved results files and print the tournament tables over all their games:
    standings with 95% intervals and openskill ratings, head-to-head sign tests and seat
    advantage. Runs of one match on several seeds, played apart or on several machines,
    then count as one. Head to head counts a deal of --duplicate rotations as one and every
    other game on its own; solo, every deal the agents all played is one game between them.
    Rounds of seatings with games missing (a run stopped mid-round) and games of one agent
    alone are left out, with a note."""
    from meeple.cli.summary import plural
    from meeple.cli.tournament import print_standings
    from meeple.sim.output import read_results
    from meeple.sim.tournament import pool_results, tournament_tables

    cls = _resolve_game(game)
    try:
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
        pooled = pool_results(loaded)
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
        shown = ", ".join(
            "the packaged content" if d is None else str(d)
            for d in sorted(places, key=lambda d: "" if d is None else str(d))
        )
        changed["content"] = f"equal files in {shown}"
    opts = ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))
    versions = ", ".join(pooled.versions) or "not recorded"
    con = console()
    con.print(
        f"[bold]{escape(cls.info.title)}[/] results: {plural(len(rows), 'game')} "
        + (f"on {plural(pooled.deals, 'deal')} " if solo else "")
        + f"from {plural(len(files), 'file')}, "
        + ("solo" if solo else plural(players, "player"))
        + f", rules {escape(versions)}"
        + (f", options {escape(opts)}" if opts else "")
    )
    if len(pooled.versions) > 1 or (pooled.versions and pooled.versions[0] != cls.info.version):
        con.print(
            f"[dim]The installed rules are version {escape(cls.info.version)}; games of other "
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
    print_standings(
        con,
        summary,
        rated,
        pairs,
        unit="deals" if pooled.by_deal else "games",
        solo=solo,
    )


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A saved game record (JSON).")],
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between actions.")] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat may see.")
    ] = None,
    content: Annotated[
        Path | None,
        typer.Option(
            "--content",
            help="Replay with the content directory DIR instead of the one the record names "
            "(a directory moved or copied elsewhere since); the replay must still end as "
            "recorded.",
            metavar="DIR",
        ),
    ] = None,
) -> None:
    """Replay a saved record: every action with who took it, then the result."""
    from meeple.cli.replay import replay_record
    from meeple.core.record import GameRecord

    record = None
    try:
        record = GameRecord.load(file)
        recorded = record.config.get("content")
        if content is not None:
            record = dataclasses.replace(record, config={**record.config, "content": str(content)})
        elif isinstance(recorded, str) and not Path(recorded).is_dir():
            raise ConfigError(
                f"the record was played with the content directory {recorded}, which is not "
                "there: give --content DIR where it is now"
            )
        replay_record(record, console(), step=step, seat=seat, read_line=_read_line)
    except OSError as e:
        raise fail(f"cannot read {file}: {e.strerror or e}") from None
    except IllegalActionError as e:
        content = record.config.get("content") if record is not None else None
        hint = f" (it was played with the content in {content}: has it changed since?)"
        raise fail(
            f"the record does not replay under the installed rules: {e}" + (hint if content else "")
        ) from None
    except (MeepleError, ImportError) as e:
        raise fail(str(e)) from None


app.command()(serve)


def main() -> None:  # pragma: no cover - console script convenience
    app()
