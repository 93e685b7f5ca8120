"""A ``meeple`` run as a real process, for the tests that stop or kill one."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def start_run(args: list[str], out: Path, games: int = 2) -> subprocess.Popen:
    """``meeple ARGS --out OUT`` as a real process, under way: returned once ``games`` games
    are in its partial file (or it ended, or two minutes passed, however loaded the
    machine)."""
    code = "from meeple.cli.main import app; app()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    partial = out.with_name(out.name + ".partial.jsonl")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if partial.exists() and partial.read_text().count("\n") >= games:
            break
        time.sleep(0.02)
    return proc
