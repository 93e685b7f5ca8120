"""``meeple check``: a run's balance against a saved baseline, for a designer's CI."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import console, fail, shown
from meeple.core.errors import ConfigError, MeepleError


def check(
    run: Annotated[Path, typer.Argument(help="Results file of the run to check.")],
    baseline: Annotated[
        Path, typer.Option("--baseline", "-b", help="Results file of the baseline run.")
    ],
    tolerance: Annotated[
        list[str] | None,
        typer.Option(
            "--tolerance",
            "-t",
            help="METRIC=VALUE: the absolute tolerance of a metric (repeatable; default 0.05 "
            "for rates, 10% of the baseline otherwise).",
        ),
    ] = None,
) -> None:
    """Compare a run's metrics (seat win rates, agents' mean scores, game length, the game's
    own measures, shares ended at a safety limit) with a baseline's, and exit with status 1
    naming each metric that moved beyond its tolerance."""
    from meeple.sim.check import check_run
    from meeple.sim.output import read_results

    try:
        tolerances: dict[str, float] = {}
        for pair in tolerance or ():
            key, _, value = pair.rpartition("=")
            try:
                amount = float(value)
            except ValueError:
                amount = -1.0
            if not key.strip() or not amount >= 0:
                raise ConfigError(f"a tolerance is written METRIC=VALUE (0 or more), not {pair!r}")
            tolerances[key.strip()] = amount
        loaded = []
        for path in (run, baseline):
            try:
                loaded.append(read_results(path))
            except OSError as e:
                raise ConfigError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
        checked = check_run(loaded[0], loaded[1], tolerances)
    except MeepleError as e:
        raise fail(str(e)) from None
    moved = [c for c in checked if c["moved"]]
    con = console()
    for c in checked:
        value = "missing" if c["value"] is None else f"{c['value']:.4g}"
        mark = "[bold red]moved[/]" if c["moved"] else "ok"
        con.print(
            f"{mark} {shown(c['metric'])}: {value} against {c['baseline']:.4g} "
            f"(tolerance {c['tolerance']:.4g})"
        )
    if moved:
        raise fail("beyond tolerance: " + ", ".join(c["metric"] for c in moved), code=1)
