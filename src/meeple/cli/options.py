"""The options the run commands share (``simulate``, ``tournament``, ``compare``), declared
once: each command's signature names them with its own default."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

GameName = Annotated[str, typer.Argument(help="Game name (see `meeple games`).")]
Games = Annotated[int, typer.Option("--games", "-n", help="Number of games.")]
Seed = Annotated[int, typer.Option("--seed", "-s", help="Base seed.")]
Players = Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")]
Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per core).")]
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value; repeatable.")
]
Progress = Annotated[
    bool,
    typer.Option(
        "--progress/--no-progress",
        help="Show a progress bar with the time left on stderr (only on a terminal).",
    ),
]
Quiet = Annotated[
    bool,
    typer.Option(
        "--quiet", "-q", help="No progress bar and no notes on stderr; warnings and errors only."
    ),
]
Force = Annotated[bool, typer.Option("--force", help="Replace an output file that exists already.")]
Resume = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Go on with the run of --out that did not finish (killed, or stopped by Ctrl-C "
        "with a .jsonl file): its finished games are kept, the others played; the same "
        "arguments as the first time.",
    ),
]
Out = Annotated[Path | None, typer.Option("--out", help="Per-game results file (.csv or .jsonl).")]
Results = Annotated[
    Path | None,
    typer.Option("--results", help="Keep a run's games in this results file (.csv or .jsonl)."),
]
ResultsResume = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Go on with the run of --results that did not finish: its finished games "
        "are kept, the others played; the same arguments as the first time.",
    ),
]
Backend = Annotated[
    str,
    typer.Option(
        "--backend",
        help="Where the games are played: local (this machine's processes) or ray (a Ray "
        "cluster, local by default: pip install 'meeple\\[ray]'). The same seed gives the "
        "same results on either.",
    ),
]
Address = Annotated[
    str | None,
    typer.Option("--address", help="With --backend ray: an existing cluster (ray://HOST:PORT)."),
]
