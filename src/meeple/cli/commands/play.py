"""``meeple play``: a game in the terminal, human seat(s) against bots."""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from meeple.agents.base import Agent
from meeple.cli import options as opt
from meeple.cli.common import (
    check_path,
    console,
    default_players,
    fail,
    parse_options,
    parse_seats,
    plural,
    prepare_output,
    read_line,
    resolve_game,
    shown,
    split_agents,
)
from meeple.core.errors import ConfigError, IllegalActionError, MeepleError
from meeple.core.game import Game, seat_word
from meeple.core.registry import game_class, make
from meeple.sim.journal import GameJournal, JournalHeader, load_game
from meeple.sim.session import raise_interrupt, signal_handled


def play(
    game: Annotated[
        str | None,
        typer.Argument(help="Game name (see `meeple games`); not needed with --resume."),
    ] = None,
    players: opt.Players = None,
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
            "that name is taken); an existing file is refused unless --force. Every move is "
            "on disk as soon as it is played: a game killed outright continues with --resume.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a --save file that exists already.")
    ] = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Continue the unfinished game saved in FILE (stopped, or killed mid-game), "
            "with its seats, bots and seed; it goes on being saved there. A game killed "
            "mid-game keeps each bot's full spec; a record of a stopped game names its bots "
            "by their labels (an ismcts:key=value bot goes on with its defaults).",
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: human seat(s) against bots."""
    # (The docstring is the command's help.) Everything is checked before the game starts,
    # and a problem is one ``error:`` line with exit 2: the options, the seats, every --bots
    # entry (built and set up, even one given for a human seat), and the record file.
    from meeple.cli.play import PlaySession

    con = console()
    if resume is not None:
        given = {
            "a game name": game,
            "--players": players,
            "--seat": seat,
            "--humans": humans,
            "--bots": bots,
            "--seed": seed,
            "--option": option,
            "--save": save,
        }
        extra = [k for k, v in given.items() if v is not None]
        if extra:
            raise fail(
                f"--resume continues the game as it was saved: {extra[0]} is not given with it"
            )
        setup = _resumed(resume)
    elif game is None:
        raise fail("give a game name (see `meeple games`), or --resume FILE")
    else:
        setup = _new_game(game, players, seat, humans, bots, seed, option, save, force)
    g, human_seats, agents, specs, seed, secret, path, done = setup
    n = g.num_players
    seats_text = ", ".join(
        f"{seat_word(s)}: {agents[s].name if s in agents else 'human'}" for s in range(n)
    )
    told = "a new seed, shown when the game ends" if secret else f"seed {seed}"
    con.print(f"[bold]{shown(g.info.title)}[/] — {plural(n, 'player')}, {told}")
    con.print(shown(seats_text))
    session = PlaySession(
        g, human_seats, agents, seed, con, read_line, echo_input=not sys.stdin.isatty()
    )
    if resume is not None:
        try:
            session.resume(done)
        except MeepleError as e:
            raise fail(f"{resume} does not continue under the installed rules: {e}") from None
        con.print(f"Resumed after {plural(len(done), 'action')}.")
    header = JournalHeader(
        g.info.name,
        g.info.version,
        dict(g.config),
        seed,
        session.agent_labels(),
        dict(specs),
        secret,
    )
    try:
        journal = GameJournal(path, header, done)
    except OSError as e:
        raise fail(f"cannot write {str(path)!r}: {e.strerror or e}") from None
    session.on_action = lambda s, action: journal.add(s, action.text)
    finished = False
    interrupted = False
    broken: IllegalActionError | None = None
    broken_journal: OSError | None = None
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
    except OSError as e:  # the save file refused a move (a full disk): stop, keeping the rest
        broken_journal = e
    finally:
        # the record first, silently (the terminal may be gone), then what to tell
        saved: Path | None
        broken_save: OSError | None
        try:
            saved = journal.finish(session.record())
        except OSError as e:
            saved, broken_save = None, e
        else:
            broken_save = None
        with contextlib.suppress(OSError):
            if secret:  # the game can be replayed from it even if the record is lost
                con.print(f"The game's seed was {seed}.")
            if saved is not None:
                what = "Record" if finished else "Unfinished game record"
                con.print(f"{what} saved to {shown(str(saved))}")
    if broken_journal is not None:
        why = broken_journal.strerror or broken_journal
        kept = "" if saved is not None else f"; the moves before it are kept in {str(path)!r}"
        raise fail(f"the game stopped: a move could not be saved: {why}{kept}", code=1)
    if broken_save is not None:
        raise fail(
            f"the record could not be saved to {str(path)!r}: {broken_save.strerror or broken_save}"
            "; every move is kept there as played (`meeple play --resume` continues it)",
            code=1,
        )
    if broken is not None:
        raise fail(f"game stopped: {broken}", code=1)
    if interrupted:
        raise typer.Exit(130)


#: A game ready to play: the game, the human seats, the bots by seat, each bot's spec, the
#: seed, whether it is kept secret until the end, the save file, and the actions played.
Setup = tuple[Game, list[int], dict[int, Agent], dict[int, str], int, bool, Path, list[list[Any]]]


def _new_game(
    game: str,
    players: int | None,
    seat: list[str] | None,
    humans: str | None,
    bots: list[str] | None,
    seed: int | None,
    option: list[str] | None,
    save: Path | None,
    force: bool,
) -> Setup:
    """Check everything of a new game before it starts; a problem exits with one line.

    Returns:
        The game ready to play (:data:`Setup`), its save file claimed.
    """
    from meeple.agents.base import checked_setup, make_agent, own_agents
    from meeple.cli.play import new_seed

    cls = resolve_game(game)
    name = cls.info.name
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
        own = sorted(own_agents(g))
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
    return g, human_seats, agents, chosen, seed, secret, path, []


def _resumed(path: Path) -> Setup:
    """Read the unfinished game saved in ``path`` (a record or the journal of a game killed
    mid-game) and rebuild its game and bots; a problem exits with one line naming it."""
    from meeple.agents.base import checked_setup, make_agent

    try:
        record, header = load_game(path)
    except OSError as e:
        raise fail(f"cannot read {path}: {e.strerror or e}") from None
    except MeepleError as e:
        raise fail(str(e)) from None
    if record.result is not None:
        raise fail(f"the game saved in {path} is finished: there is nothing to resume")
    try:
        cls = game_class(record.game)
        if record.version != cls.info.version:
            raise ConfigError(
                f"the game was saved under rules version {record.version!r}; the installed "
                f"rules are {cls.info.version!r}"
            )
        config = dict(record.config)
        if isinstance(config.get("content"), str):
            check_path(config["content"], "the saved game's content")
        n = config.pop("players", None)
        g = make(record.game, players=n, **config)
        labels = list(record.agents)
        if len(labels) != g.num_players:
            raise ConfigError(
                f"the saved game names {len(labels)} agents for {g.num_players} seats"
            )
        humans = [s for s, label in enumerate(labels) if label == "human"]
        specs = (
            header.bots
            if header is not None
            else {s: label for s, label in enumerate(labels) if label != "human"}
        )
        if sorted(specs) != [s for s in range(g.num_players) if s not in humans]:
            raise ConfigError("the saved game's bots are not those of its seats")
        agents = {s: make_agent(spec, g) for s, spec in specs.items()}
        for s, agent in agents.items():
            checked_setup(agent, g, s, specs[s])
        if record.seed is None:
            raise ConfigError("the saved game has no seed to continue its chance from")
    except MeepleError as e:
        raise fail(f"cannot resume {path}: {e}") from None
    except ImportError as e:
        raise fail(f"cannot resume {path}: its game cannot be loaded ({e})") from None
    secret = header.secret if header is not None else False
    done = [list(a) for a in record.actions]
    return g, humans, agents, dict(specs), record.seed, secret, path, done
