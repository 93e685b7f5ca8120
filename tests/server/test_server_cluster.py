"""Several server processes on one PostgreSQL; one on a SQLite file; tables let go when idle.

Two ``meeple serve`` processes share a database: each table is owned by one of them, a request
reaching the other is forwarded, pushes reach sockets on either, and when the owner is killed
(SIGKILL, also between a bot's stored move and its push) the other takes the table over with
every acknowledged move, the same view for every seat, and plays it to its end.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import new_postgres_db
from fastapi.testclient import TestClient
from server_helpers import ROOMY, Server, create, lasting, token_of, view
from websockets.sync.client import ClientConnection, connect

from meeple.server import Settings, create_app
from meeple.server.cluster import owner_of

PEOPLE2 = [{"kind": "person"}, {"kind": "person"}]
#: Client move ids, never used twice in a session.
_ids = itertools.count()


@pytest.fixture
def pg(postgres_server: str) -> Settings:
    return Settings(db_url=new_postgres_db(postgres_server), bot_workers=0, **ROOMY)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for s in started:
        if s.proc.poll() is None:
            s.kill()


class Person:
    """A person's socket of one seat: keeps the newest view it was sent."""

    def __init__(self, server: Server, made: dict, seat: int, since: int = 0):
        self.seat = seat
        token = token_of(made, seat)
        self._open = contextlib.ExitStack()
        self.ws: ClientConnection = self._open.enter_context(
            connect(
                f"ws://127.0.0.1:{server.port}/api/tables/{made['table_id']}/ws"
                f"?token={token}&seat={seat}&since={since}",
                max_size=2**22,
            )
        )
        self.view: dict = {}
        self.log: list[dict] = []
        self.until(lambda v: True)

    def until(self, done: Callable[[dict], bool], timeout: float = 20.0) -> dict:
        """Read messages until the newest view satisfies ``done``; that view."""
        deadline = time.monotonic() + timeout
        while not (self.view and done(self.view)):
            message = json.loads(self.ws.recv(max(0.01, deadline - time.monotonic())))
            assert message["type"] in ("view", "stale"), message
            v = message["view"]
            if message["type"] == "stale":
                self.log = []
            self.log += v["log"]
            if not self.view or v["move_number"] >= self.view["move_number"]:
                self.view = v
        return self.view

    def move(self) -> dict:
        """Play the first legal move under a new client id; the answer's view."""
        v = self.view
        at = v["move_number"]
        message = {"type": "move", "move": v["legal"][0]["move"], "at": at, "id": f"m{next(_ids)}"}
        self.ws.send(json.dumps(message))
        return self.until(lambda w: w["move_number"] > at)

    def close(self) -> None:
        self._open.close()


def _play(people: list[Person], upto: int | None = None) -> list[tuple[int, int]]:
    """People play first legal moves; each move must be pushed to every other person.

    Returns:
        ``(move number, seat)`` of each acknowledged move.
    """
    acknowledged: list[tuple[int, int]] = []
    while upto is None or len(acknowledged) < upto:
        if all(p.view["status"] == "finished" for p in people):
            return acknowledged
        mover = next(p for p in people if p.view["legal"])
        at = mover.view["move_number"]
        answer = mover.move()
        acknowledged.append((at + 1, mover.seat))
        for other in people:
            if other is not mover:
                other.until(lambda v, n=answer["move_number"]: v["move_number"] >= n)
    return acknowledged


def _two(settings: Settings, servers: list[Server], fault: str | None = None) -> list[Server]:
    """Two server processes on ``settings``' database, started together; the first with
    ``fault``."""
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(Server, settings, f) for f in (fault, None)]
    started = [f.result() for f in starting if f.exception() is None]
    servers.extend(started)  # stopped at the end even if the other failed to start
    if len(started) < 2:
        raise next(f.exception() for f in starting if f.exception() is not None)
    return started


def _told(person: Person) -> set[tuple[int, int]]:
    return {(e["number"], e["seat"]) for e in person.log if e["seat"] == person.seat}


def test_two_processes_on_one_database_play_a_game_each_pushed_the_others_moves(
    pg: Settings, servers: list[Server]
) -> None:
    a, b = _two(pg, servers)
    made = a.http.post("/api/tables", json={"game": "annapurna", "players": 2, "seats": PEOPLE2})
    made = made.json()
    # b owns nothing of it: a refusal made there is the owner's, rule id included
    r = b.move(made, 0, "no-such-move", b.view(made, 0)["move_number"])
    assert r.status_code == 422 and r.json()["code"] == "CORE-04"
    people = [Person(a, made, 0), Person(b, made, 1)]
    acknowledged = _play(people)
    assert all(p.view["status"] == "finished" for p in people)
    assert people[0].view["result"] == people[1].view["result"] is not None
    for person in people:
        assert {m for m in acknowledged if m[1] == person.seat} <= _told(person)
    assert lasting(b.view(made, None)) == lasting(a.view(made, None))


def test_the_owner_killed_mid_game_its_table_is_taken_over_with_every_acknowledged_move(
    pg: Settings, servers: list[Server]
) -> None:
    a, b = _two(pg, servers)
    made = a.http.post("/api/tables", json={"game": "annapurna", "players": 2, "seats": PEOPLE2})
    made = made.json()
    people = [Person(a, made, 0), Person(b, made, 1)]
    acknowledged = _play(people, upto=12)
    before = [lasting(a.view(made, s)) for s in (0, 1, None)]
    version = people[1].view["version"]
    a.kill()
    # the socket on b is told without asking: b has taken the table over
    people[1].until(lambda v: v["version"] > version)
    assert [lasting(b.view(made, s)) for s in (0, 1, None)] == before
    people[0].close()
    people[0] = Person(b, made, 0)
    for person in people:
        stored = {(e["number"], e["seat"]) for e in b.view(made, person.seat)["log"]}
        assert {m for m in acknowledged if m[1] == person.seat} <= stored
    _play(people)
    assert people[0].view["result"] == people[1].view["result"] is not None


def test_a_bots_move_stored_by_an_owner_killed_before_telling_is_pushed_by_the_next(
    pg: Settings, servers: list[Server]
) -> None:
    a, b = _two(pg, servers, "bot-stored")
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    made = a.http.post("/api/tables", json={"game": "annapurna", "players": 2, "seats": seats})
    made = made.json()
    person = Person(b, made, 0)
    told = person.view["move_number"]
    while a.proc.poll() is None and person.view["legal"]:
        told = person.move()["move_number"]
    a.proc.wait(30)
    # nobody asks: b sees the owner gone, takes the table over and pushes the bot's move
    pushed = person.until(lambda v: any(e["seat"] == 1 and e["number"] > told for e in v["log"]))
    assert pushed["move_number"] > told
    while pushed["status"] != "finished":
        if pushed["legal"]:
            pushed = person.move()
        else:
            pushed = person.until(lambda v, m=pushed["move_number"]: v["move_number"] > m)
    assert pushed["result"] is not None


def test_a_second_server_on_one_sqlite_file_refuses_to_start(
    tmp_path: Path, servers: list[Server]
) -> None:
    first = Settings(data_dir=tmp_path / "data")
    servers.append(Server(first))
    second = subprocess.run(
        [
            sys.executable,
            "-c",
            "from meeple.cli.main import app; app()",
            "serve",
            "--port",
            "0",
            "--data",
            str(first.data_dir),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode != 0
    assert "served by one process" in second.stderr


def test_a_finished_table_nobody_watches_is_let_go_and_reloaded_by_replay(
    settings: Settings,
) -> None:
    settings.idle_s = 0.2
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    with TestClient(create_app(settings)) as client:
        svc = client.app.state.service
        made = create(client, "annapurna", bots)
        deadline = time.monotonic() + 60
        while made["table_id"] in svc._live:
            assert time.monotonic() < deadline, "the finished table stayed in memory"
            time.sleep(0.05)
        final = view(client, made, None)
        assert final["status"] == "finished"  # loaded again, by replay, to answer
        record = client.get(
            f"/api/tables/{made['table_id']}/record",
            headers={"Authorization": f"Bearer {made['spectator']}"},
        )
        assert record.status_code == 200
        assert len(json.loads(record.text)["actions"]) == final["move_number"]


def test_an_idle_table_is_let_go_with_its_ownership_and_plays_on_when_asked_for(
    settings: Settings,
) -> None:
    settings.idle_s = 0.2
    with TestClient(create_app(settings)) as client:
        svc = client.app.state.service
        made = create(client, "annapurna", PEOPLE2)
        table_id = made["table_id"]
        seat = view(client, made, 0)["to_act"][0]
        v = view(client, made, seat)
        r = client.post(
            f"/api/tables/{table_id}/moves",
            headers={"Authorization": f"Bearer {token_of(made, seat)}"},
            json={"seat": seat, "move": v["legal"][0]["move"], "at": v["move_number"]},
        )
        assert r.status_code == 200
        views = [lasting(view(client, made, s)) for s in (0, 1, None)]
        deadline = time.monotonic() + 10
        while table_id in svc._live:
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.05)
        if svc._cluster is not None:  # nobody owns it now: any process may take it
            assert svc._cluster.call(lambda c: owner_of(c, table_id)).result(10) is None
        assert [lasting(view(client, made, s)) for s in (0, 1, None)] == views
        mover = views[0]["to_act"][0]
        w = view(client, made, mover)
        r = client.post(
            f"/api/tables/{table_id}/moves",
            headers={"Authorization": f"Bearer {token_of(made, mover)}"},
            json={"seat": mover, "move": w["legal"][0]["move"], "at": w["move_number"]},
        )
        assert r.status_code == 200


def test_a_table_with_a_socket_open_is_kept_in_memory(settings: Settings) -> None:
    settings.idle_s = 0.1
    with TestClient(create_app(settings)) as client:
        svc = client.app.state.service
        made = create(client, "annapurna", PEOPLE2)
        url = f"/api/tables/{made['table_id']}/ws?token={token_of(made, 0)}&seat=0"
        with client.websocket_connect(url) as ws:
            ws.receive_json()
            time.sleep(0.5)
            assert made["table_id"] in svc._live
