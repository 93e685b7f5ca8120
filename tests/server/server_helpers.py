"""Small helpers of the server tests: create a table, read a view, move."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx
from fastapi.testclient import TestClient

from meeple.server import Settings
from meeple.server.settings import Rate

#: Rate limits far above what a test makes from its one address in no time (the tests of the
#: limits set their own): a test plays whole games over HTTP faster than any person.
ROOMY = {
    "rate_tables": Rate(100_000, 0.001),
    "rate_links": Rate(100_000, 0.001),
    "rate_moves": Rate(100_000, 0.001),
}
#: The same for ``meeple serve``.
ROOMY_ARGS = [
    "--rate-tables",
    "100000/0.001",
    "--rate-links",
    "100000/0.001",
    "--rate-moves",
    "100000/0.001",
]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    """Create a table; the JSON of the answer (table id, tokens, spectator token)."""
    r = client.post(
        "/api/tables", json={"game": game, "players": len(seats), "seats": seats, **extra}
    )
    assert r.status_code == 201, r.text
    return r.json()


def token_of(made: dict[str, Any], seat: int) -> str:
    return next(t["token"] for t in made["tokens"] if seat in t["seats"])


def view(client: TestClient, made: dict[str, Any], seat: int | None) -> dict[str, Any]:
    token = made["spectator"] if seat is None else token_of(made, seat)
    query = "" if seat is None else f"?seat={seat}"
    r = client.get(f"/api/tables/{made['table_id']}/view{query}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def move(
    client: TestClient, made: dict[str, Any], seat: int, notation: str | int, at: int, **extra: Any
):
    return client.post(
        f"/api/tables/{made['table_id']}/moves",
        headers=auth(token_of(made, seat)),
        json={"seat": seat, "move": notation, "at": at, **extra},
    )


def play_first_moves(client: TestClient, made: dict[str, Any], players: int, steps: int) -> int:
    """Every seat plays its first legal move, ``steps`` moves in all; the moves made."""
    done = 0
    while done < steps:
        progressed = False
        for seat in range(players):
            v = view(client, made, seat)
            if v["status"] != "playing":
                return done
            if v["legal"]:
                r = move(client, made, seat, v["legal"][0]["move"], v["move_number"])
                assert r.status_code == 200, r.text
                done += 1
                progressed = True
        assert progressed, "no seat could move"
    return done


def lasting(view: dict[str, Any]) -> dict[str, Any]:
    """A view without ``version``, the process's count of changes (not kept across restarts)."""
    return {k: v for k, v in view.items() if k != "version"}


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``meeple serve`` as a process on a free port."""

    def __init__(self, settings: Settings, fault: str | None = None, *extra: str):
        self.port = free_port()
        args = [
            sys.executable,
            "-c",
            "from meeple.cli.main import app; app()",
            "serve",
            "--port",
            str(self.port),
            "--bot-workers",
            "0",
            *ROOMY_ARGS,
            *extra,
        ]
        args += ["--db", settings.db_url] if settings.db_url else ["--data", str(settings.data_dir)]
        env = {**os.environ, "MEEPLE_FAULT": fault or ""}
        self.proc = subprocess.Popen(
            args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.http.get("/api/games").raise_for_status()
                return
            except httpx.TransportError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the server did not start: {self.proc.stderr.read().decode()}"
                    ) from None
                time.sleep(0.1)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.http.close()

    def view(self, made: dict, seat: int | None) -> dict:
        token = made["spectator"] if seat is None else token_of(made, seat)
        query = {} if seat is None else {"seat": seat}
        r = self.http.get(f"/api/tables/{made['table_id']}/view", params=query, headers=auth(token))
        r.raise_for_status()
        return r.json()

    def move(self, made: dict, seat: int, notation: str, at: int) -> httpx.Response:
        return self.http.post(
            f"/api/tables/{made['table_id']}/moves",
            headers=auth(token_of(made, seat)),
            json={"seat": seat, "move": notation, "at": at},
        )


def play_to_end(client: TestClient, made: dict[str, Any], players: int) -> dict[str, Any]:
    """People play their first legal move until the game is over (bots play theirs); the
    spectator's final view."""

    for _ in range(20_000):
        public = view(client, made, None)
        if public["status"] == "finished":
            return public
        moved = False
        for seat in public["to_act"]:
            if not any(seat in t["seats"] for t in made["tokens"]):
                continue  # a bot's seat
            v = view(client, made, seat)
            if v["legal"]:
                r = move(client, made, seat, v["legal"][0]["move"], v["move_number"])
                assert r.status_code in (200, 409), r.text
                moved = True
        if not moved:
            time.sleep(0.005)
    raise AssertionError("the game did not finish")
