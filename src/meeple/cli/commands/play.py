"""``meeple play``: a game in the terminal, human seat(s) against bots."""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from meeple.cli.common import (
    console,
    default_players,
    fail,
    parse_options,
    parse_seats,
    plural,
    prepare_output,
    read_line,
    resolve_game,
    split_agents,
)
from meeple.core.errors import ConfigError, IllegalActionError, MeepleError
from meeple.core.registry import make
from meeple.sim.session import raise_interrupt, signal_handled


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

    cls = resolve_game(game)
    name = cls.info.name
    con = console()
    try:
        n = players if players is not None else default_players(cls)
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
        g, human_seats, agents, seed, con, read_line, echo_input=not sys.stdin.isatty()
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
            signal_handled(signal.SIGTERM, raise_interrupt),
            signal_handled(getattr(signal, "SIGHUP", signal.SIGTERM), raise_interrupt),
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
        saved: Path | None
        broken_save: OSError | None
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
