"""``meeple compare``: variants of a game on the same seeds, every metric's difference."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from meeple.cli import options as opt
from meeple.cli.common import (
    default_players,
    err_console,
    fail,
    parse_options,
    resolve_game,
    shown,
    split_agents,
)
from meeple.cli.study import Runs, StudyResume, kept_note, play_study, warn_limits
from meeple.core.errors import ConfigError, MeepleError


def parse_variant(game: str, text: str) -> tuple[str, dict[str, Any]]:
    """A variant's name and options from ``[NAME:]key=value,key=value`` (the name defaults
    to the options as written, or ``defaults`` for none).

    Raises:
        ConfigError: as :func:`meeple.cli.common.parse_options`.
    """
    head, sep, rest = text.partition(":")
    label = ""
    if sep and "=" not in head:
        label, text = head.strip(), rest
    pairs = [p for p in text.split(",") if p.strip()]
    return label or text.strip() or "defaults", parse_options(game, pairs)


def parse_sweep(game: str, text: str) -> tuple[str, list[Any]]:
    """The option and its values from ``KEY=A,B,C`` or ``KEY=LOW..HIGH`` (whole numbers,
    both included), each value read as the option's type.

    Raises:
        ConfigError: for no ``=``, a range whose ends are not whole numbers or run
            backwards, and whatever :func:`meeple.cli.common.parse_options` refuses.
    """
    key, sep, rest = text.partition("=")
    key = key.strip()
    if not sep or not key or not rest.strip():
        raise ConfigError(f"a sweep is written KEY=A,B,C or KEY=LOW..HIGH, not {text!r}")
    low, dots, high = rest.partition("..")
    if dots:
        try:
            start, stop = int(low), int(high)
        except ValueError:
            raise ConfigError(f"a sweep's range is of whole numbers, not {rest!r}") from None
        if stop <= start:
            raise ConfigError(f"a sweep's range runs upwards: {rest!r}")
        texts = [str(v) for v in range(start, stop + 1)]
    else:
        texts = [v.strip() for v in rest.split(",") if v.strip()]
    values = [parse_options(game, [f"{key}={v}"])[key] for v in texts]
    return key, values


def compare(
    game: opt.GameName,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            "-V",
            help="A variant: [NAME:]key=value,... of its game options (content=DIR for a "
            "content directory; none for the defaults); twice or more, the first is the "
            "baseline.",
        ),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option(
            "--sweep",
            help="Sweep one option instead: KEY=A,B,C or KEY=LOW..HIGH (whole numbers), one "
            "variant per value, the first the baseline; one table and one plot of every metric.",
        ),
    ] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per variant.")] = 100,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents", "-a", help="Agents, comma-separated (default: the game's heuristic)."
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Base seed, shared by every variant.")
    ] = 0,
    jobs: opt.Jobs = 1,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Report file (default: compare-GAME.html or .json)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the comparison as JSON instead of HTML.")
    ] = False,
    progress: opt.Progress = True,
    force: opt.Force = False,
    quiet: opt.Quiet = False,
    backend: opt.Backend = "local",
    address: opt.Address = None,
    runs: Runs = None,
    resume: StudyResume = False,
) -> None:
    """Play two or more variants of a game (or a sweep of one option over its values) on the
    same seeds and seatings (paired games) and report every metric's difference from the
    first with its 95% interval and a paired t-test, flagging those that survive Holm's
    correction over all the comparisons."""
    from meeple.sim.compare import Variant, compare_variants, sweep_variants
    from meeple.sim.defaults import default_agents
    from meeple.sim.session import check_games, claimed_output, resolve_jobs

    cls = resolve_game(game)
    name = cls.info.name
    try:
        specs = split_agents(agents) or default_agents(name)
        check_games(games_, "--games")
        jobs = resolve_jobs(jobs, "--jobs")
        if players is None:
            players = (
                len(specs)
                if cls.info.min_players <= len(specs) <= cls.info.max_players and len(specs) > 1
                else default_players(cls)
            )
        if sweep is not None and variant:
            raise ConfigError("give --variant or --sweep, not both")
        if sweep is not None:
            key, values = parse_sweep(name, sweep)
            variants: list[Any] = sweep_variants(key, values)
        else:
            variants = []
        for text in variant or ():
            label, options = parse_variant(name, text)
            taken = {v.label for v in variants}
            unique, k = label, 2
            while unique in taken:  # the same variant twice: a check of the noise
                unique, k = f"{label} ({k})", k + 1
            variants.append(Variant(unique, options))
        target = out or Path(f"compare-{name}.{'json' if as_json else 'html'}")
        # a resumed study writes its report again over the one a killed run left
        with claimed_output(target, force=force or resume) as target:
            played = play_study(
                name,
                players,
                specs,
                games_,
                variants,
                seed,
                jobs,
                runs=runs,
                resume=resume,
                force=force,
                show=progress and not quiet,
                backend=backend,
                address=address,
            )
            comparison = compare_variants(played, key if sweep is not None else None)
            text = comparison.to_json() + "\n" if as_json else comparison.to_html()
            target.write_text(text, encoding="utf-8")
    except MeepleError as err:
        raise fail(str(err)) from None
    warn_limits(played)
    for line in comparison.headlines:
        typer.echo(line)
    if not quiet:
        note = kept_note(runs, len(variants))
        if note:
            err_console().print(note)
        err_console().print(f"Comparison written to {shown(str(target))}")
