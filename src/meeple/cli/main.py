"""Entry point of the ``meeple`` command: the Typer app, assembled from one module per
command in :mod:`meeple.cli.commands` (``games``, ``play``, ``simulate``, ``tournament``,
``results``, ``report``, ``compare``, ``sweep``, ``check``, ``replay``).

A new command is a module in :mod:`meeple.cli.commands` with one function (its docstring is
the command's help, its parameters the options), registered below in the order ``meeple
--help`` lists them. Run handling lives in :mod:`meeple.sim.session`, not here.
"""

from __future__ import annotations

import typer

from meeple.cli.commands import (
    check,
    compare,
    games,
    play,
    replay,
    report,
    results,
    simulate,
    sweep,
    tournament,
)
from meeple.cli.serve import serve

app = typer.Typer(
    help="Play, simulate and replay tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("games")(games.games)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("tournament", short_help="Play agents against each other and rate them.")(
    tournament.tournament
)
app.command("results", short_help="Pool saved results files into one tournament table.")(
    results.results
)
app.command("report", short_help="Write the balance report of a results file or a run.")(
    report.report
)
app.command("compare", short_help="Compare variants of a game on the same seeds.")(compare.compare)
app.command("sweep", short_help="Sweep one game option over its values on the same seeds.")(
    sweep.sweep
)
app.command("check", short_help="Check a run's balance against a baseline run.")(check.check)
app.command("replay")(replay.replay)


app.command()(serve)


def main() -> None:  # pragma: no cover - console script convenience
    app()
