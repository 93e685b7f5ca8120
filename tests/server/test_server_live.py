"""Views over the WebSocket, sealed nodes, undo and restarts, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, move, token_of, view
from server_helpers import lasting as _lasting
from starlette.websockets import WebSocketDisconnect

from meeple.server import Settings, create_app

PEOPLE2 = [{"kind": "person"}, {"kind": "person"}]


def _ws(client: TestClient, made: dict, seat: int | None, **query: object):
    token = made["spectator"] if seat is None else token_of(made, seat)
    params = "&".join([f"token={token}", *(f"{k}={v}" for k, v in query.items())])
    if seat is not None:
        params += f"&seat={seat}"
    return client.websocket_connect(f"/api/tables/{made['table_id']}/ws?{params}")


def _to_sealed(client: TestClient, made: dict) -> dict:
    """Play first moves until the seats meet a sealed node; seat 0's view there."""
    for _ in range(200):
        v = view(client, made, 0)
        if v["sealed"] and set(v["to_act"]) == {0, 1}:
            return v
        seat = v["to_act"][0]
        mover = view(client, made, seat)
        assert (
            move(client, made, seat, mover["legal"][0]["move"], mover["move_number"]).status_code
            == 200
        )
    raise AssertionError("no sealed node reached")


def test_each_connected_seat_is_pushed_its_own_view_after_a_move(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    mover = view(client, made, 0)["to_act"][0]
    other = 1 - mover
    with _ws(client, made, mover) as a, _ws(client, made, other) as b, _ws(client, made, None) as s:
        first = a.receive_json()["view"]
        assert b.receive_json()["view"]["viewer"] == other
        assert s.receive_json()["view"]["viewer"] is None
        a.send_text(
            json.dumps(
                {
                    "type": "move",
                    "move": first["legal"][0]["move"],
                    "at": first["move_number"],
                    "id": "c1",
                }
            )
        )
        pushed = b.receive_json()["view"]
        assert pushed["move_number"] > first["move_number"]
        assert pushed["observation"] == view(client, made, other)["observation"]
        watched = s.receive_json()["view"]
        assert watched["observation"] == view(client, made, None)["observation"]
        assert watched["legal"] == []


def test_a_reconnecting_client_gets_a_full_snapshot_with_the_log_after_its_last_move(
    client: TestClient,
) -> None:
    made = create(client, "annapurna", PEOPLE2)
    seat = view(client, made, 0)["to_act"][0]
    v = view(client, made, seat)
    move(client, made, seat, v["legal"][0]["move"], v["move_number"])
    seen = v["move_number"]
    with _ws(client, made, seat, since=seen) as a:
        snap = a.receive_json()["view"]
    assert snap["observation"] == view(client, made, seat)["observation"]
    assert [e["number"] for e in snap["log"]] == list(range(seen + 1, snap["move_number"] + 1))


def test_a_websocket_move_against_a_stale_number_gets_the_current_view(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    seat = view(client, made, 0)["to_act"][0]
    with _ws(client, made, seat) as a:
        v = a.receive_json()["view"]
        a.send_text(json.dumps({"type": "move", "move": v["legal"][0]["move"], "at": 0}))
        answer = a.receive_json()
    assert answer["type"] == "stale" and answer["view"]["move_number"] == v["move_number"]


def test_the_websocket_refuses_malformed_and_oversized_messages_and_spectator_moves(
    client: TestClient,
) -> None:
    made = create(client, "annapurna", PEOPLE2)
    before = view(client, made, 0)
    with _ws(client, made, 0) as a:
        a.receive_json()
        a.send_text("{nope")
        assert a.receive_json()["code"] == "bad-request"
        a.send_text(json.dumps({"type": "move", "move": "x" * 70_000, "at": 0}))
        assert a.receive_json()["code"] == "too-large"
        a.send_text(json.dumps({"type": "dance"}))
        assert a.receive_json()["code"] == "bad-request"
        a.send_bytes(b"\x00\x01")
        assert a.receive_json()["code"] == "bad-request"
    with _ws(client, made, None) as s:
        s.receive_json()
        s.send_text(
            json.dumps(
                {
                    "type": "move",
                    "move": before["legal"][0]["move"] if before["legal"] else "x",
                    "at": before["move_number"],
                }
            )
        )
        assert s.receive_json()["code"] == "forbidden"
    assert view(client, made, 0) == before


def test_the_websocket_refuses_another_sites_origin_and_a_wrong_token(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    url = f"/api/tables/{made['table_id']}/ws?token={token_of(made, 0)}&seat=0"
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.receive_json()
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"
    bad = f"/api/tables/{made['table_id']}/ws?token={token_of(made, 1)}&seat=0"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(bad) as ws:
        ws.receive_json()


def test_at_a_sealed_node_the_others_learn_only_that_a_seat_has_chosen(client: TestClient) -> None:
    made = create(client, "peach-festival", PEOPLE2)
    v0 = _to_sealed(client, made)
    before1 = view(client, made, 1)
    r = move(client, made, 0, v0["legal"][-1]["move"], v0["move_number"])
    assert r.status_code == 200
    after1 = view(client, made, 1)
    assert after1["chosen"] == [0] and after1["to_act"] == [1]
    told = after1["log"][-1]
    assert told["sealed"] and told["move"] is None and told["told"] == ""
    assert after1["legal"] == before1["legal"]
    # seat 0 sees its own choice in its log
    assert view(client, made, 0)["log"][-1]["move"] == v0["legal"][-1]["move"]


def test_a_sealed_choice_is_taken_back_and_stays_taken_back(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "peach-festival", PEOPLE2)
        v0 = _to_sealed(client, made)
        after = move(client, made, 0, v0["legal"][0]["move"], v0["move_number"]).json()
        assert after["can_undo"]
        url = f"/api/tables/{made['table_id']}/undo"
        seat1 = auth(token_of(made, 1))
        assert client.post(url, headers=seat1, json={"seat": 1}).status_code == 409
        r = client.post(url, headers=auth(token_of(made, 0)), json={"seat": 0})
        assert r.status_code == 200
        assert r.json()["move_number"] == v0["move_number"]
        assert r.json()["observation"] == v0["observation"]
        assert view(client, made, 1)["chosen"] == []
    with TestClient(create_app(settings)) as again:
        assert view(again, made, 0)["move_number"] == v0["move_number"]


def test_a_restarted_server_shows_every_seat_the_same_view(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "almanac", PEOPLE2)
        for _ in range(12):
            v = view(client, made, 0)
            seat = v["to_act"][0]
            mover = view(client, made, seat)
            assert (
                move(
                    client, made, seat, mover["legal"][-1]["move"], mover["move_number"]
                ).status_code
                == 200
            )
        views = [_lasting(view(client, made, s)) for s in (0, 1, None)]
    with TestClient(create_app(settings)) as again:
        assert [_lasting(view(again, made, s)) for s in (0, 1, None)] == views
