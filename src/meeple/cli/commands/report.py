"""``meeple report``: a results file's balance report, as one HTML page or as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import err_console, fail, shown
from meeple.core.errors import ConfigError, MeepleError


def report(
    file: Annotated[
        Path,
        typer.Argument(help="Results file of a `simulate` run (.csv, .jsonl or .partial.jsonl)."),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Where to write the report (default: the results file's name "
            "with .html, or .json with --json).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the report as JSON for tools instead of HTML.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a report file that exists already.")
    ] = False,
) -> None:
    """Write the balance report of a results file: headline findings in sentences, seat
    advantage with 95% intervals and exact tests, score distributions and breakdowns, game
    length and the game's own measures with the share of games ended by a safety limit. The
    HTML page holds its plots (matplotlib) and needs nothing else: it opens offline."""
    from meeple.sim.output import read_results
    from meeple.sim.report import build_report
    from meeple.sim.session import claimed_output

    target = out or file.with_suffix(".json" if as_json else ".html")
    try:
        if target.resolve() == file.resolve():
            raise ConfigError(f"the report would replace its results file {str(file)!r}")
        try:
            rows = read_results(file)
        except OSError as e:
            raise ConfigError(f"cannot read {str(file)!r}: {e.strerror or e}") from None
        built = build_report(rows, source=file.name)
        text = built.to_json() + "\n" if as_json else built.to_html()
        with claimed_output(target, force=force) as target:
            target.write_text(text, encoding="utf-8")
    except MeepleError as e:
        raise fail(str(e)) from None
    for line in built.headlines:
        typer.echo(line)
    err_console().print(f"Report written to {shown(str(target))}")
