"""Server load: N concurrent tables of scripted people and bots, over WebSockets on 127.0.0.1.

Starts ``meeple serve`` as its own process on a fresh database (SQLite by default, or
``--db URL``), creates the tables, and plays them with a bounded asyncio client: half the
tables are two scripted people, half a scripted person against an ``easy`` bot. A scripted
person waits ``--think`` seconds (on average) before each move, then sends it on its seat's
WebSocket and times:

* *move -> reply*: from sending a move to receiving the view that holds it;
* *move -> push*: from sending a move to the other person's seat receiving the view that
  holds it (people tables only).

Every person's socket connects first and receives its first view (*connect -> first view*, a
figure of its own: every socket of the run opening at once); the moves are timed from when
the last of them has, so that the move figures are those of the tables playing together and
not of the connection storm before it.

Bot think time is not in either figure: only people's moves are timed. Errors are any refused
move other than a stale one at a sealed node, a closed socket, or a table left unfinished
with no move in the last ``--stall`` seconds.

Usage: ``python bench/server_load.py [--tables 200] [--game NAME] [--think 1.0] [--seconds 60]``.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx
import websockets


@dataclass
class Figures:
    reply_ms: list[float] = field(default_factory=list)
    push_ms: list[float] = field(default_factory=list)
    #: When each reply was measured (``time.perf_counter()``), for the tail by period of play.
    reply_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    moves: int = 0
    finished: int = 0
    #: CPU time of the server's own process (bot workers not included) while the tables play.
    server_cpu_s: float = float("nan")
    #: ``time.perf_counter()`` when the tables started to play.
    started: float = 0.0
    #: From opening each person's socket to its first view.
    connect_ms: list[float] = field(default_factory=list)


@dataclass
class Start:
    """The people wait for each other's first view, then play for ``seconds``."""

    people: int
    seconds: float
    server: subprocess.Popen | None
    go: asyncio.Event = field(default_factory=asyncio.Event)
    until: float = 0.0
    arrived: int = 0
    #: The server's CPU seconds (:func:`_cpu_s`) when the play started.
    cpu_s: float = float("nan")

    def ready(self, figures: Figures) -> None:
        """One more person has its first view (or failed to get it)."""
        self.arrived += 1
        if self.arrived == self.people:
            self.until = time.monotonic() + self.seconds
            figures.started = time.perf_counter()
            self.cpu_s = _cpu_s(self.server)
            self.go.set()


def _cpu_s(server: subprocess.Popen | None) -> float:
    """User plus system CPU seconds of the server process so far (Linux ``/proc``)."""
    if server is None:
        return float("nan")
    try:
        with open(f"/proc/{server.pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def person(
    url: str,
    table: dict,
    seat: int,
    figures: Figures,
    sent: dict,
    think: float,
    rng: random.Random,
    start: Start,
) -> None:
    """One scripted person: once every person has its first view, plays a random legal move
    after a pause, until the end."""
    token = next(t["token"] for t in table["tokens"] if seat in t["seats"])
    ws_url = f"{url}/api/tables/{table['table_id']}/ws?token={token}&seat={seat}"
    n = 0
    opened = time.perf_counter()
    try:
        ws = await websockets.connect(ws_url, max_size=2**22)
        try:
            backlog = [await ws.recv()]
        except BaseException:
            await ws.close()
            raise
        figures.connect_ms.append((time.perf_counter() - opened) * 1000)
    finally:  # the others do not wait for a person who failed to connect
        start.ready(figures)
    async with ws:
        await start.go.wait()
        pending: asyncio.Task | None = None
        while time.monotonic() < start.until:
            try:
                text = (
                    backlog.pop()
                    if backlog
                    else await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, start.until - time.monotonic())
                    )
                )
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "error":
                figures.errors.append(f"{message['code']}: {message['reason']}")
                continue
            if message["type"] == "stale":
                figures.stale += 1
            view = message["view"]
            number = view["move_number"]
            now = time.perf_counter()
            mine = sent.get(("reply", seat))
            if mine is not None and number > mine[0]:
                figures.reply_ms.append((now - mine[1]) * 1000)
                figures.reply_at.append(now)
                del sent[("reply", seat)]
            theirs = sent.get(("push", 1 - seat))
            if theirs is not None and number > theirs[0]:
                figures.push_ms.append((now - theirs[1]) * 1000)
                del sent[("push", 1 - seat)]
            if view["status"] != "playing":
                if seat == 0:
                    figures.finished += 1
                return
            if view["legal"] and (pending is None or pending.done()):

                async def play(view: dict = view) -> None:
                    nonlocal n
                    await asyncio.sleep(rng.expovariate(1 / think) if think else 0)
                    choice = view["legal"][rng.randrange(len(view["legal"]))]
                    n += 1
                    t0 = time.perf_counter()
                    sent[("reply", seat)] = (view["move_number"], t0)
                    if len(table["people"]) == 2:
                        sent[("push", seat)] = (view["move_number"], t0)
                    figures.moves += 1
                    await ws.send(
                        json.dumps(
                            {
                                "type": "move",
                                "move": choice["move"],
                                "at": view["move_number"],
                                "id": f"{seat}-{n}",
                            }
                        )
                    )

                pending = asyncio.create_task(play())
        if pending is not None:
            pending.cancel()


async def run(args: argparse.Namespace) -> Figures:
    port = _port()
    url = args.url or f"http://127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="meeple-load-")
    cmd = [
        sys.executable,
        "-c",
        "from meeple.cli.main import app; app()",
        "serve",
        "--port",
        str(port),
        # every table and move of the load comes from this one address
        "--rate-tables",
        "100000/0",
        "--rate-links",
        "100000/0",
        "--rate-moves",
        "100000/0",
    ]
    cmd += ["--db", args.db] if args.db else ["--data", data]
    server = None
    if not args.url:
        server = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, env={**os.environ, "MEEPLE_FAULT": ""}
        )
    figures = Figures()
    try:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            for _ in range(600):
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get("/api/games")).status_code == 200:
                        break
                await asyncio.sleep(0.1)
            gate = asyncio.Semaphore(args.connect)

            async def create(k: int) -> dict:
                second = {"kind": "person"} if k % 2 == 0 else {"kind": "bot", "level": "easy"}
                body = {"game": args.game, "players": 2, "seats": [{"kind": "person"}, second]}
                async with gate:
                    r = await http.post("/api/tables", json=body)
                r.raise_for_status()
                return {**r.json(), "people": [0, 1] if k % 2 == 0 else [0], "sent": {}}

            tables = await asyncio.gather(*(create(k) for k in range(args.tables)))
        ws_url = url.replace("http://", "ws://")
        rng = random.Random(args.seed)
        start = Start(sum(len(t["people"]) for t in tables), args.seconds, server)
        players = [
            person(
                ws_url, t, seat, figures, t["sent"], args.think, random.Random(rng.random()), start
            )
            for t in tables
            for seat in t["people"]
        ]
        results = await asyncio.gather(*players, return_exceptions=True)
        figures.server_cpu_s = _cpu_s(server) - start.cpu_s
        figures.errors += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, Exception)]
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(data, ignore_errors=True)
    return figures


def _periods(f: Figures, span: float) -> str:
    """The replies' 99th percentile in each ``span`` seconds of play (where the tail lies)."""
    periods: dict[int, list[float]] = {}
    for at, ms in zip(f.reply_at, f.reply_ms, strict=True):
        periods.setdefault(int((at - f.started) // span), []).append(ms)
    return "  ".join(f"{_pct(v, 0.99):.0f}" for _, v in sorted(periods.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="annapurna")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause before a move, s")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--connect", type=int, default=20, help="table creations at once")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="a running server to load instead (http://...)")
    args = parser.parse_args()
    started = time.monotonic()
    f = asyncio.run(run(args))
    took = time.monotonic() - started
    print(f"tables {args.tables} ({args.game}), think {args.think} s, {args.seconds:.0f} s of play")
    print(f"people's moves {f.moves} ({f.moves / args.seconds:.1f}/s), games finished {f.finished}")
    for name, values in (
        ("connect -> first view", f.connect_ms),
        ("move -> reply", f.reply_ms),
        ("move -> push", f.push_ms),
    ):
        if values:
            print(
                f"{name}: n={len(values)} p50 {_pct(values, 0.5):.1f} ms  p99 {_pct(values, 0.99):.1f} ms"
                f"  max {max(values):.1f} ms  mean {statistics.fmean(values):.1f} ms"
            )
    if f.reply_ms:
        print("move -> reply p99 by 10 s of play: " + _periods(f, 10.0))
    print(
        f"server CPU {f.server_cpu_s:.1f} s while playing, "
        f"{f.server_cpu_s / max(1, f.moves) * 1000:.2f} ms per person's move (bots' moves and"
        " pushes included); load average at the end "
        + " ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    print(f"stale answers {f.stale}, errors {len(f.errors)}, wall {took:.0f} s")
    for e in f.errors[:10]:
        print("  error:", e)


if __name__ == "__main__":
    main()
