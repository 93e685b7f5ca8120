"""Helpers shared by the ``meeple`` commands: option parsing, consoles and error exits."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.registry import game_class
from meeple.sim.session import prepare_output
from meeple.sim.text import printable

__all__ = [
    "check_path",
    "console",
    "default_players",
    "err_console",
    "fail",
    "parse_options",
    "parse_seats",
    "plural",
    "prepare_output",
    "print_view",
    "progress_bar",
    "read_line",
    "resolve_game",
    "short_text",
    "shown",
    "split_agents",
    "split_list",
]


def console() -> Console:
    """A console on the current standard output (looked up when called, so tests can swap it).

    Output that is not a terminal (a pipe, a file) is laid out 120 columns wide unless
    ``COLUMNS`` says otherwise.
    """
    con = Console(file=sys.stdout, highlight=False)
    if not con.is_terminal and "COLUMNS" not in os.environ:
        con = Console(file=sys.stdout, highlight=False, width=120)
    return con


def err_console() -> Console:
    """A console on the current standard error; lines are not wrapped (an ``error:`` line
    stays one line in a log, whatever the width)."""
    return Console(file=sys.stderr, highlight=False, soft_wrap=True)


def shown(text: object) -> str:
    """``text`` ready for a rich ``print`` with markup: control characters spelt out (a
    terminal escape sequence from a file is shown, never obeyed; :func:`meeple.sim.text.
    printable`) and rich markup escaped. Every text from a file or another person goes
    through it."""
    return escape(printable(text))


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``message`` as one ``error:`` line on standard error (control characters and
    line breaks spelt out) and return the exit to raise."""
    err_console().print(f"[bold red]error:[/] {shown(message)}")
    return typer.Exit(code)


def resolve_game(name: str) -> type[Game]:
    """The class of the game registered as ``name``.

    Raises:
        typer.Exit: after an ``error:`` line, for an unknown game or one that cannot be loaded.
    """
    try:
        return game_class(name)
    except ConfigError as e:
        raise fail(str(e)) from None
    except ImportError as e:
        raise fail(f"game {name!r} is registered but cannot be loaded: {e}") from None


def default_players(cls: type[Game]) -> int:
    """Two seats, or the game's only count (its minimum above two, its maximum below)."""
    info = cls.info
    return max(info.min_players, min(2, info.max_players))


def seats_for(cls: type[Game], agents: Sequence[str]) -> int:
    """The seats of a run when ``--players`` is not given: one per agent when two or more
    agents are named and the game seats that many, else :func:`default_players`."""
    info = cls.info
    if info.min_players <= len(agents) <= info.max_players and len(agents) > 1:
        return len(agents)
    return default_players(cls)


def read_line() -> str | None:
    """The next line of standard input, or ``None`` at its end."""
    line = sys.stdin.readline()
    return line if line else None


@contextlib.contextmanager
def progress_bar(
    description: str, total: int, show: bool, completed: int = 0
) -> Iterator[Callable[[int], None]]:
    """A progress bar with the time elapsed and an estimate of the time left, on standard
    error while the block runs: none unless ``show`` and standard error is a terminal (a log
    or a pipe gets no bar).

    Args:
        description: Shown before the bar.
        total: Games in all.
        show: Whether a bar is wanted (``--progress``, and not ``--quiet``).
        completed: Games already finished (a resumed run).

    Yields:
        The callback to call with the number of games just finished.
    """
    if not show or not err_console().is_terminal:
        yield lambda k: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err_console(),
    ) as bar:
        task = bar.add_task(description, total=total, completed=completed)
        yield lambda k: bar.advance(task, k)


def _coerce(text: str, default: Any) -> Any:
    if isinstance(default, bool):
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"expected true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ConfigError(f"expected a whole number, not {text!r}") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise ConfigError(f"expected a number, not {text!r}") from None
    if isinstance(default, str) or default is None:
        if default is None:
            try:
                return json.loads(text)
            except ValueError:
                return text
        return text
    try:
        return json.loads(text)
    except ValueError:
        raise ConfigError(f"expected JSON for this option, not {text!r}") from None


def short_text(text: str, limit: int = 60) -> str:
    """``text`` quoted, cut to ``limit`` characters with its length said when longer (an
    error message never echoes a whole long input)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def check_path(text: str, what: str) -> Path:
    """``text`` as a path the system can look up, or a one-line error naming the cause.

    Args:
        text: The path, from an option or a file.
        what: What it is, for the message (``"option content"``).

    Raises:
        ConfigError: for a path with a NUL character, a name too long for the file system, or
            another reason the system refuses to look it up (``stat`` fails other than for a
            missing file).
    """
    path = Path(text)
    try:
        os.stat(path)
    except FileNotFoundError:
        pass  # a missing directory is the game's to report, as before
    except ValueError:
        raise ConfigError(f"{what}: the path {short_text(text)} holds a NUL character") from None
    except OSError as e:
        raise ConfigError(
            f"{what}: the path {short_text(text)} cannot be used: {e.strerror or e}"
        ) from None
    return path


def parse_options(game_name: str, pairs: Iterable[str] | None) -> dict[str, Any]:
    """Turn repeated ``key=value`` strings into game options typed like their defaults.

    Raises:
        ConfigError: for a malformed pair, an unknown game or option, or a badly typed value.
    """
    cls = game_class(game_name)
    known = dict(cls.options)
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"game options are written key=value, not {pair!r}")
        if key not in known:
            raise ConfigError(
                f"{cls.info.name} has no option {key!r}; known: {', '.join(sorted(known)) or '-'}"
            )
        if key in out:
            raise ConfigError(f"option {key} is given twice")
        if key == "content":  # always a path, even one that reads as JSON (a directory "2")
            if not value.strip():
                raise ConfigError("option content: give the path of a content directory")
            check_path(value, "option content")
            out[key] = value
            continue
        try:
            out[key] = _coerce(value, known[key])
        except ConfigError as e:
            raise ConfigError(f"option {key}: {e}") from None
    return out


def parse_seats(texts: Iterable[str] | None, players: int) -> list[int]:
    """Seats from repeated and/or comma-separated numbers (``"0,2"``); ``none`` means no seat.

    Raises:
        ConfigError: for a non-number, a seat outside ``0..players-1`` or a seat given twice.
    """
    seats: list[int] = []
    for text in texts or ():
        for part in str(text).split(","):
            part = part.strip()
            if not part or part.lower() == "none":
                continue
            try:
                seat = int(part)
            except ValueError:
                raise ConfigError(
                    f"seats are numbers from 0 to {players - 1}, not {part!r}"
                ) from None
            if not 0 <= seat < players:
                raise ConfigError(f"seat {seat} does not exist with {plural(players, 'player')}")
            if seat in seats:
                raise ConfigError(f"seat {seat} is given twice")
            seats.append(seat)
    return sorted(seats)


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``"1 game"``, ``"2 games"`` (``nouns``: the plural, when not ``noun`` + s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {nouns or noun + 's'}"


def split_list(texts: Iterable[str] | None) -> list[str]:
    """Comma-separated and/or repeated values as one list."""
    out: list[str] = []
    for text in texts or ():
        out += [p.strip() for p in str(text).split(",") if p.strip()]
    return out


def split_agents(texts: Iterable[str] | None) -> list[str]:
    """Agent specs from comma-separated and/or repeated values.

    A comma also separates an agent's own ``key=value`` parameters, so a piece of the form
    ``key=value`` (no ``:`` before its ``=``) continues the spec before it:
    ``"random,ismcts:iterations=200,horizon=10"`` is ``["random", "ismcts:iterations=200,horizon=10"]``,
    and ``"heuristic,ismcts:rollout=heuristic:lntb=4;progress=2.5,paired=1"`` is
    ``["heuristic", "ismcts:rollout=heuristic:lntb=4;progress=2.5,paired=1"]``.

    Raises:
        ConfigError: for an empty entry among others (``"greedy,,random"``, ``"greedy,"``):
            a list that names agents names one per comma-separated entry. A value with no
            entry at all (``""``, ``","``) gives an empty list, which the commands refuse.
    """
    texts = list(texts or ())
    parts = [p.strip() for text in texts for p in str(text).split(",")]
    if any(parts) and not all(parts):  # "greedy,,random", or --agents greedy --agents ""
        shown = ",".join(map(str, texts))
        raise ConfigError(f"an agent list has an empty entry between its commas: {shown!r}")
    out: list[str] = []
    for piece in split_list(texts):
        key, eq, _ = piece.partition("=")
        if out and eq and ":" not in key and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def print_view(con: Console, game: Game, observation: dict) -> None:
    """Print ``game.render(observation)``; plain strings are printed verbatim (no markup)."""
    view = game.render(observation)
    if isinstance(view, str):  # content names may come from a designer's files
        con.print(printable(view, newlines=True), markup=False, highlight=False)
    else:
        con.print(view)
