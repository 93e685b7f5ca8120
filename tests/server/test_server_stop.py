"""``meeple serve`` stopped as a service manager stops it (SIGTERM) leaves no process behind."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from server_helpers import Server

from meeple.server import Settings


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` now (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_server_stopped_by_sigterm_ends_its_bot_worker_processes(settings: Settings) -> None:
    server = Server(settings, None, "--bot-workers", "2")
    try:
        r = server.http.post(
            "/api/tables",
            json={
                "game": "annapurna",
                "players": 2,
                "seats": [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
            },
        )
        r.raise_for_status()
        deadline = time.monotonic() + 30
        while len(workers := _children(server.proc.pid)) < 2:  # the pool's workers, spawned
            assert time.monotonic() < deadline, "the bot workers did not start"
            time.sleep(0.05)
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(30)  # uvicorn ends by raising the signal again, once stopped
        deadline = time.monotonic() + 10
        while alive := {pid for pid in workers if _alive(pid)}:
            assert time.monotonic() < deadline, f"bot workers still running: {sorted(alive)}"
            time.sleep(0.05)
    finally:
        if server.proc.poll() is None:
            server.kill()
        server.http.close()
