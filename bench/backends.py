"""Simulation throughput per backend: games/s on the local process pool and on Ray, with 1 and
2 workers, and the overhead of Ray against the local pool.

Each backend plays the same games (the same spec and seed, so the same rows), timed from the
first task to the last row; Ray's own start-up (``ray.init``) is timed apart and left out of
its games/s, since a study on a cluster pays it once. The speed-up is games/s with 2 workers
over 1 (the target on two idle cores: 1.8x or more); the overhead is Ray's time against the
local pool's at the same number of workers.

Usage: ``python bench/backends.py [--game NAME] [--agents A,B] [--games N]`` (needs
``meeple[ray]`` for the Ray rows). These are figures to read, not tests; on a loaded machine
run it twice and read the better figures.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from meeple.sim import SimSpec, run_simulation


def timed(spec: SimSpec, jobs: int, backend: str) -> tuple[float, list[dict]]:
    """Seconds to play every game of ``spec`` and the rows."""
    start = time.perf_counter()
    rows = run_simulation(spec, jobs=jobs, backend=backend)
    return time.perf_counter() - start, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="peach-festival")
    parser.add_argument("--agents", default="greedy,random")
    parser.add_argument("--games", type=int, default=120)
    args = parser.parse_args()
    spec = SimSpec(args.game, 2, tuple(args.agents.split(",")), args.games, seed=1)
    table = Table(title=f"{args.game}: {args.games} games of {args.agents}")
    for column in ("backend", "workers", "seconds", "games/s", "speed-up", "against local"):
        table.add_column(column, justify="right")
    local: dict[int, float] = {}
    reference = None
    for jobs in (1, 2):
        seconds, rows = timed(spec, jobs, "local")
        reference = reference or rows
        assert rows == reference, "the local pool gave other rows"
        local[jobs] = seconds
        table.add_row(
            "local",
            str(jobs),
            f"{seconds:.2f}",
            f"{args.games / seconds:.1f}",
            f"{local[1] / seconds:.2f}x",
            "",
        )
    try:
        from meeple.sim.ray_backend import session
    except ImportError:
        session = None
    note = ""
    for jobs in (1, 2):
        if session is None:
            break
        start = time.perf_counter()
        try:
            with session(jobs):
                started = time.perf_counter() - start
                seconds, rows = timed(spec, jobs, "ray")
        except Exception as e:  # no Ray installed: the local rows stand alone
            note = f"Ray rows left out: {e}"
            break
        assert rows == reference, "Ray gave other rows than the local pool"
        if jobs == 1:
            ray_one = seconds
        table.add_row(
            "ray",
            str(jobs),
            f"{seconds:.2f}",
            f"{args.games / seconds:.1f}",
            f"{ray_one / seconds:.2f}x",
            f"{100 * (seconds / local[jobs] - 1):+.0f}% (start-up {started:.1f} s)",
        )
    console = Console()
    console.print(table)
    if note:
        console.print(note)


if __name__ == "__main__":
    main()
