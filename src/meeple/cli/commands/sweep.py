"""``meeple sweep``: one game option over a range of values, every value on the same seeds,
in one table and one plot."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer

from meeple.cli import options as opt
from meeple.cli.commands.compare import parse_sweep
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

#: A value that names several: a range of whole numbers (``3..11``) or a list (``a,b``).
_SWEPT = re.compile(r"^\s*[+-]?\d+\s*\.\.\s*[+-]?\d+\s*$|,")


def split_swept(game: str, pairs: list[str]) -> tuple[str, list[Any], dict[str, Any]]:
    """The swept option, its values and the fixed options, from ``--option`` pairs: exactly
    one is written ``KEY=LOW..HIGH`` (whole numbers, both included) or ``KEY=A,B,C``.

    Raises:
        ConfigError: for no swept option, more than one, or what
            :func:`meeple.cli.commands.compare.parse_sweep` and
            :func:`meeple.cli.common.parse_options` refuse.
    """
    swept = [p for p in pairs if _SWEPT.search(p.partition("=")[2])]
    if not swept:
        raise ConfigError(
            "name the option to sweep as --option KEY=LOW..HIGH or --option KEY=A,B,C "
            "(e.g. flag_target=3..11)"
        )
    if len(swept) > 1:
        raise ConfigError(
            f"sweep one option at a time, not {', '.join(repr(p) for p in swept)}; "
            "`meeple compare` sets several options per variant"
        )
    key, values = parse_sweep(game, swept[0])
    fixed = parse_options(game, [p for p in pairs if p is not swept[0]])
    if key in fixed:
        raise ConfigError(f"{key} is swept and fixed at once: give it once")
    return key, values, fixed


@study_command
def sweep(
    game: opt.GameName,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="Game options key=value; the one to sweep written KEY=LOW..HIGH (whole "
            "numbers, both included) or KEY=A,B,C, the first value the baseline. Repeatable.",
        ),
    ] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per value.")] = 100,
    agents: StudyAgents = None,
    players: opt.Players = None,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Base seed, shared by every value.")
    ] = 0,
    jobs: opt.Jobs = 1,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Report file (default: sweep-GAME-KEY.html, or .json)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the sweep as JSON for tools instead of HTML.")
    ] = False,
    *,
    tail: StudyTail,
) -> None:
    """Sweep one game option over its values (e.g. --option flag_target=3..11): every value
    plays the same seeds and seatings (paired games), and one table gives every metric's mean
    at each value, a star on a difference from the first value that survives Holm's
    correction over all the comparisons, with one plot of the metrics that moved."""
    from meeple.sim.compare import Comparison, sweep_variants

    def plan(name: str) -> StudyPlan:
        key, values, fixed = split_swept(name, list(option or ()))
        variants = [type(v)(v.label, {**fixed, **v.options}) for v in sweep_variants(key, values)]
        safe = re.sub(r"[^A-Za-z0-9_-]+", "_", key)
        return StudyPlan(variants, key, f"sweep-{name}-{safe}")

    shared = StudyOptions(
        games=games_, agents=agents, players=players, seed=seed, jobs=jobs, out=out,
        as_json=as_json, **tail,
    )  # fmt: skip
    run_study(game, shared, plan, Comparison.to_sweep_html, "Sweep")
