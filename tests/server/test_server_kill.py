"""kill -9: the server process dies mid-game; restarted on the same database it has every
acknowledged move, shows each seat the same view, and the game plays to its end."""

from __future__ import annotations

import signal
import time

import httpx
import pytest
from server_helpers import Server
from server_helpers import lasting as _lasting

from meeple.server import Settings


def _create(server: Server, seats: list[dict]) -> dict:
    r = server.http.post("/api/tables", json={"game": "annapurna", "players": 2, "seats": seats})
    r.raise_for_status()
    return r.json()


def _play_to_end(server: Server, made: dict, people: list[int]) -> dict:
    for _ in range(5000):
        for seat in people:
            v = server.view(made, seat)
            if v["status"] == "finished":
                return v
            if v["legal"]:
                server.move(made, seat, v["legal"][0]["move"], v["move_number"])
        time.sleep(0.005)
    raise AssertionError("the game did not end")


@pytest.fixture
def cleanup() -> list[Server]:
    servers: list[Server] = []
    yield servers
    for s in servers:
        if s.proc.poll() is None:
            s.kill()


def test_every_acknowledged_move_survives_a_kill_and_the_game_plays_on(
    settings: Settings, cleanup: list
) -> None:
    first = Server(settings)
    cleanup.append(first)
    made = _create(first, [{"kind": "person"}, {"kind": "person"}])
    acknowledged = []
    for _ in range(25):
        v = first.view(made, 0)
        seat = v["to_act"][0]
        mover = first.view(made, seat)
        r = first.move(made, seat, mover["legal"][-1]["move"], mover["move_number"])
        assert r.status_code == 200
        acknowledged.append((mover["move_number"] + 1, seat, mover["legal"][-1]["move"]))
    views = [_lasting(first.view(made, s)) for s in (0, 1, None)]
    first.kill()
    second = Server(settings)
    cleanup.append(second)
    assert [_lasting(second.view(made, s)) for s in (0, 1, None)] == views
    for seat in (0, 1):
        own = {(e["number"], e["seat"], e["move"]) for e in second.view(made, seat)["log"]}
        assert {a for a in acknowledged if a[1] == seat} <= own
    assert _play_to_end(second, made, [0, 1])["result"] is not None


def test_a_bots_move_stored_but_not_yet_told_is_there_after_a_kill(
    settings: Settings, cleanup: list
) -> None:
    first = Server(settings, fault="bot-stored")
    cleanup.append(first)
    made = _create(first, [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
    told = 0
    deadline = time.monotonic() + 60
    # the person plays until the bot's first move: the server kills itself once it is stored
    while first.proc.poll() is None and time.monotonic() < deadline:
        try:
            v = first.view(made, 0)
            if v["legal"]:
                r = first.move(made, 0, v["legal"][0]["move"], v["move_number"])
                if r.status_code == 200:
                    told = r.json()["move_number"]
        except httpx.TransportError:
            break
    first.proc.wait(30)
    assert first.proc.returncode == -signal.SIGKILL
    first.http.close()
    second = Server(settings)
    cleanup.append(second)
    log = second.view(made, 0)["log"]
    assert any(e["seat"] == 1 and e["number"] > told for e in log)
    assert _play_to_end(second, made, [0])["result"] is not None
