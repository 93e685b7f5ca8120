"""A ``meeple`` run as a real process, for the tests that stop or kill one."""

from __future__ import annotations

import contextlib
import os
import re
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


def on_a_terminal(args: list[str]) -> tuple[str, str]:
    """Run ``meeple ARGS`` with its standard error on a pseudo-terminal; its standard output
    and what the terminal showed."""
    import pty

    leader, follower = pty.openpty()
    core_tests = str(Path(__file__).resolve().parent.parent / "core")
    code = (
        f"import sys; sys.path.insert(0, {core_tests!r}); import fixture_game; "
        "fixture_game.register(); from meeple.cli.main import app; app()"
    )
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    shown = b""
    with contextlib.suppress(OSError):  # the terminal closes with the process
        while chunk := os.read(leader, 4096):
            shown += chunk
    stdout, _ = proc.communicate(timeout=120)
    os.close(leader)
    assert proc.returncode == 0, shown
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown.decode(errors="replace"))  # colours
    return stdout.decode(), text
