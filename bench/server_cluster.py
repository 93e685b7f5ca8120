"""Two server processes on one PostgreSQL: what a move costs when its table is owned elsewhere.

Starts two ``meeple serve`` processes (A and B) on the database ``--db`` (PostgreSQL, made
empty or new for the run), creates tables on A (so A owns them) and plays them with two
scripted people over WebSockets on 127.0.0.1, one move at a time, placed three ways:

* ``same``: both people's sockets on A, the owner (no other process involved);
* ``split``: seat 0 on A, seat 1 on B: seat 1's moves are forwarded to A, and seat 1 is
  pushed A's changes through ``NOTIFY`` and B fetching the view from A;
* ``away``: both on B: every move forwarded, every push through ``NOTIFY``.

For each it reports *move -> reply* (sending a move to the mover's socket receiving the view
that holds it) and *move -> push* (to the other person's socket receiving it), p50 and p99.

Usage: ``python bench/server_cluster.py --db postgresql+psycopg://user@host:port/db
[--moves 200]``. These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
from websockets.sync.client import ClientConnection, connect


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(db: str) -> tuple[subprocess.Popen, int]:
    port = _port()
    command = [sys.executable, "-c", "from meeple.cli.main import app; app()", "serve"]
    proc = subprocess.Popen(
        [*command, "--port", str(port), "--db", db, "--bot-workers", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).raise_for_status()
            return proc, port
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("a server did not start") from None
            time.sleep(0.1)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _socket(
    stack: contextlib.ExitStack, port: int, made: dict, seat: int
) -> tuple[ClientConnection, dict]:
    token = next(t["token"] for t in made["tokens"] if seat in t["seats"])
    ws = stack.enter_context(
        connect(
            f"ws://127.0.0.1:{port}/api/tables/{made['table_id']}/ws?token={token}&seat={seat}",
            max_size=2**22,
        )
    )
    return ws, json.loads(ws.recv(10))["view"]


def _until(ws: ClientConnection, number: int) -> dict:
    while True:
        view = json.loads(ws.recv(10))["view"]
        if view["move_number"] >= number:
            return view


def play(owner: int, ports: tuple[int, int], moves: int) -> tuple[list[float], list[float]]:
    """``moves`` moves of tables created on ``owner`` with the seats' sockets on ``ports``."""
    reply: list[float] = []
    push: list[float] = []
    seats = [{"kind": "person"}, {"kind": "person"}]
    while len(reply) < moves:
        made = httpx.post(
            f"http://127.0.0.1:{owner}/api/tables",
            json={"game": "annapurna", "players": 2, "seats": seats},
            timeout=10,
        ).json()
        stack = contextlib.ExitStack()
        opened = [_socket(stack, ports[s], made, s) for s in (0, 1)]
        sockets = [ws for ws, _ in opened]
        views = [view for _, view in opened]
        while len(reply) < moves and views[0]["status"] == "playing":
            mover = next(s for s in (0, 1) if views[s]["legal"])
            v = views[mover]
            message = {"type": "move", "move": v["legal"][0]["move"], "at": v["move_number"]}
            start = time.perf_counter()
            sockets[mover].send(json.dumps(message))
            views[mover] = _until(sockets[mover], v["move_number"] + 1)
            reply.append((time.perf_counter() - start) * 1000)
            views[1 - mover] = _until(sockets[1 - mover], views[mover]["move_number"])
            push.append((time.perf_counter() - start) * 1000)
        stack.close()
    return reply, push


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (postgresql+psycopg://)")
    parser.add_argument("--moves", type=int, default=200, help="moves timed per placement")
    args = parser.parse_args()
    servers = [_serve(args.db), _serve(args.db)]
    a, b = servers[0][1], servers[1][1]
    try:
        print(f"load average {os.getloadavg()[0]:.1f}")
        for name, ports in (("same", (a, a)), ("split", (a, b)), ("away", (b, b))):
            reply, push = play(a, ports, args.moves)
            print(
                f"{name:6} move->reply p50 {_pct(reply, 0.5):6.1f} p99 {_pct(reply, 0.99):6.1f} ms"
                f"   move->push p50 {_pct(push, 0.5):6.1f} p99 {_pct(push, 0.99):6.1f} ms"
            )
        print(f"load average {os.getloadavg()[0]:.1f}")
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
        for proc, _ in servers:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
