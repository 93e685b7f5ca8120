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
from sqlalchemy import create_engine
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


def test_a_forwarded_move_is_counted_where_it_arrived_and_a_forged_mark_at_the_owner_is_not_trusted(
    pg: Settings, servers: list[Server]
) -> None:
    """The owner allows 2 moves per client, the other process 4: four moves sent to the
    other process all reach the owner (their signed marks are not counted again there), the
    fifth is refused where it arrived, and a forged mark sent to the owner itself counts."""
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(Server, pg, None, "--rate-moves", f"{n}/600") for n in (2, 4)]
    owner, other = [f.result() for f in starting]
    servers.extend([owner, other])
    made = owner.http.post(
        "/api/tables", json={"game": "annapurna", "players": 2, "seats": PEOPLE2}
    ).json()

    def next_move(server: Server, headers: dict[str, str] | None = None) -> int:
        public = server.view(made, None)
        seat = public["to_act"][0]
        v = server.view(made, seat)
        body = {"seat": seat, "move": v["legal"][0]["move"], "at": v["move_number"]}
        r = server.http.post(
            f"/api/tables/{made['table_id']}/moves",
            json=body,
            headers={"Authorization": f"Bearer {token_of(made, seat)}", **(headers or {})},
        )
        return r.status_code

    assert [next_move(other) for _ in range(5)] == [200, 200, 200, 200, 429]
    assert _owner_of_table(pg, made["table_id"]) == f"http://127.0.0.1:{owner.port}"
    forged = {"X-Meeple-Forwarded": "1"}
    assert [next_move(owner, forged) for _ in range(3)] == [200, 200, 429]


def _owner_of_table(settings: Settings, table_id: str) -> str | None:
    engine = create_engine(settings.db_url)
    try:
        with engine.connect() as conn:
            return owner_of(conn, table_id)
    finally:
        engine.dispose()


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


def _seats(server: Server, made: dict) -> list[dict]:
    return server.view(made, None)["seats"]


def test_a_person_connected_to_another_process_keeps_their_seat_until_they_really_leave(
    pg: Settings, servers: list[Server]
) -> None:
    """Presence is a shared lock per seat: the owner does not take over a seat whose person is
    connected to the other process, and does once their last socket anywhere has closed."""
    grace = "0.5"
    owner = Server(pg, None, "--leave-grace", grace)
    servers.append(owner)
    other = Server(pg, None, "--leave-grace", grace)
    servers.append(other)
    clock = {"bank_s": 3600, "increment_s": 0, "takeover": "easy"}
    made = owner.http.post(
        "/api/tables", json={"game": "annapurna", "players": 2, "seats": PEOPLE2, "clock": clock}
    ).json()
    here = Person(owner, made, 0)
    there = Person(other, made, 0)
    only_there = Person(other, made, 1)
    here.close()
    time.sleep(2.0)  # four times the grace: the owner would have taken the seat over by now
    assert not _seats(owner, made)[0]["taken_over"]
    only_there.close()  # seat 1's person was only ever connected to the other process
    there.close()
    deadline = time.monotonic() + 20
    while not all(s["taken_over"] for s in _seats(owner, made)):
        assert time.monotonic() < deadline, f"not taken over: {_seats(owner, made)}"
        time.sleep(0.1)


def _replay_rows(settings: Settings) -> dict[str, list[tuple[int, int]]]:
    """Every table's kept replay rows, ``(viewer, steps)`` in viewer order."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from meeple.server.db import ReplayRow, open_engine

    engine = open_engine(settings.database_url())
    with Session(engine) as s:
        rows = s.execute(
            select(ReplayRow.table_id, ReplayRow.viewer, ReplayRow.steps).order_by(
                ReplayRow.table_id, ReplayRow.viewer
            )
        ).all()
    engine.dispose()
    kept: dict[str, list[tuple[int, int]]] = {}
    for table_id, viewer, steps in rows:
        kept.setdefault(table_id, []).append((viewer, steps))
    return kept


def _wait_kept(settings: Settings, wanted: dict[str, list[tuple[int, int]]]) -> None:
    deadline = time.monotonic() + 90
    while (kept := _replay_rows(settings)) != wanted:
        assert time.monotonic() < deadline, f"kept {kept}, wanted {wanted}"
        time.sleep(0.2)


def test_replays_kept_while_two_processes_serve_the_database_are_each_kept_once(
    pg: Settings, servers: list[Server]
) -> None:
    """Games finished on both processes keep one row per viewer, none lost; and when both
    start together on finished games whose replays are missing, each is kept once."""
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    both = _two(pg, servers)
    made = [
        server.http.post(
            "/api/tables", json={"game": "annapurna", "players": 2, "seats": bots}
        ).json()
        for server in both
        for _ in range(3)
    ]
    steps: dict[str, int] = {}
    deadline = time.monotonic() + 120
    for table in made:
        while (v := both[0].view(table, None))["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' games did not end"
            time.sleep(0.1)
        steps[table["table_id"]] = v["move_number"]
    wanted = {t: [(-1, n), (0, n), (1, n)] for t, n in sorted(steps.items())}
    _wait_kept(pg, wanted)
    for server in both:
        server.kill()
    from sqlalchemy import text

    from meeple.server.db import open_engine

    engine = open_engine(pg.database_url())
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM replay_views"))
    engine.dispose()
    again = _two(pg, servers)  # both catch up on the same missing replays at once
    _wait_kept(pg, wanted)
    for n, table in enumerate(made):
        last = again[n % 2].http.get(
            f"/api/tables/{table['table_id']}/replay",
            params={"step": steps[table["table_id"]], "seat": 0},
            headers={"Authorization": f"Bearer {table['spectator']}"},
        )
        assert last.status_code == 200, last.text
        assert last.json()["result"] is not None
    for server in again:
        server.kill()
        logged = server.proc.stderr.read().decode(errors="replace")
        assert "not stored" not in logged and "not built" not in logged, logged


def test_lock_jobs_queued_together_go_in_one_statement_and_a_bad_one_fails_alone(
    postgres_server: str,
) -> None:
    import threading

    from sqlalchemy import event, text

    from meeple.server.cluster import TABLE_CLASS, Ownership, presence_key, presences, table_key

    url = new_postgres_db(postgres_server)
    own = Ownership(url, "http://127.0.0.1:1", on_lost=lambda: None)
    commits: list[str] = []
    event.listen(own._engine, "commit", lambda conn: commits.append("commit"))
    other = create_engine(url)
    gate = threading.Event()

    def held_up() -> None:
        """Keep the ownership thread busy until ``gate`` opens, so the next jobs queue up."""
        gate.clear()
        own.call(lambda conn: gate.wait(10))

    try:
        held_up()
        tables = ["t1", "t2", "t3", "t4"]
        jobs = [own.acquire(t) for t in tables] + [own.present(t, 0, True) for t in tables]
        jobs.append(own.release("t4"))
        gate.set()
        assert [f.result(10) for f in jobs] == [True] * 4 + [None] * 5
        # the call's, one for the first eight jobs, one for t4's release (its table came up again)
        assert commits == ["commit"] * 3
        with other.connect() as conn:
            assert [owner_of(conn, t) for t in tables] == ["http://127.0.0.1:1"] * 3 + [None]
            assert presences(conn) == {presence_key(t, 0) for t in tables}

        commits.clear()
        held_up()
        before = own.acquire("t5")
        wrong = own.acquire(42)  # type: ignore[arg-type]  # no table id: fails before any SQL
        after = [own.acquire("t6"), own.present("t1", 0, False), own.release("t5")]
        again = own.acquire("t5")  # its table came up before: a statement of its own
        gate.set()
        assert isinstance(wrong.exception(10), AttributeError)
        assert [f.result(10) for f in [before, *after, again]] == [True, True, None, None, True]
        # the call's; t5, t6 and t1's presence; t5's release; t5 again
        assert commits == ["commit"] * 4
        with other.connect() as conn:
            assert owner_of(conn, "t5") == owner_of(conn, "t6") == "http://127.0.0.1:1"
            assert presences(conn) == {presence_key(t, 0) for t in tables[1:]}

        with other.connect() as conn:  # a table another session holds is not taken
            conn.execute(
                text("SELECT pg_advisory_lock(:c, :k)"), {"c": TABLE_CLASS, "k": table_key("t7")}
            )
            commits.clear()
            held_up()
            jobs = [own.acquire("t7"), own.acquire("t8"), own.release("t7")]
            gate.set()
            assert [f.result(10) for f in jobs] == [False, True, None]
            assert owner_of(conn, "t7") == "-"  # still the other session's
            assert commits == ["commit"] * 2  # the call's, t7 and t8's; t7's release asks nothing
            assert owner_of(conn, "t8") == "http://127.0.0.1:1"
    finally:
        gate.set()
        own.close()
        other.dispose()
