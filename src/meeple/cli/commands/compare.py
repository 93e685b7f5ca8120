"""``meeple compare``: variants of a game on the same seeds, every metric's difference."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from meeple.cli import options as opt
from meeple.cli.common import parse_options
from meeple.cli.study import (
    StudyAgents,
    StudyOptions,
    StudyPlan,
    StudyTail,
    run_study,
    study_command,
)
from meeple.core.errors import ConfigError


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


@study_command
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
    agents: StudyAgents = None,
    players: opt.Players = None,
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
    *,
    tail: StudyTail,
) -> None:
    """Play two or more variants of a game (or a sweep of one option over its values) on the
    same seeds and seatings (paired games) and report every metric's difference from the
    first with its 95% interval and a paired t-test, flagging those that survive Holm's
    correction over all the comparisons."""
    from meeple.sim.compare import Comparison, Variant, sweep_variants

    def plan(name: str) -> StudyPlan:
        if sweep is not None and variant:
            raise ConfigError("give --variant or --sweep, not both")
        key: str | None = None
        variants: list[Variant] = []
        if sweep is not None:
            key, values = parse_sweep(name, sweep)
            variants = sweep_variants(key, values)
        for text in variant or ():
            label, options = parse_variant(name, text)
            taken = {v.label for v in variants}
            unique, k = label, 2
            while unique in taken:  # the same variant twice: a check of the noise
                unique, k = f"{label} ({k})", k + 1
            variants.append(Variant(unique, options))
        return StudyPlan(variants, key, f"compare-{name}")

    shared = StudyOptions(
        games=games_, agents=agents, players=players, seed=seed, jobs=jobs, out=out,
        as_json=as_json, **tail,
    )  # fmt: skip
    run_study(game, shared, plan, Comparison.to_html, "Comparison")
