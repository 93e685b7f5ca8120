"""Bad input, careless or hostile, is refused with a 4xx naming the reason (or on the socket)
and changes nothing, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, move, token_of, view
from starlette.websockets import WebSocketDisconnect

from meeple.server import app as server_app

PEOPLE2 = [{"kind": "person"}, {"kind": "person"}]


def _ws(client: TestClient, made: dict, seat: int):
    token = token_of(made, seat)
    return client.websocket_connect(f"/api/tables/{made['table_id']}/ws?token={token}&seat={seat}")


def _actor(client: TestClient, made: dict) -> dict:
    """The view of the seat to act first."""
    return view(client, made, view(client, made, 0)["to_act"][0])


def test_a_json_true_or_a_fraction_is_no_move_and_changes_nothing(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    before = _actor(client, made)
    seat, at = before["viewer"], before["move_number"]
    for bad in (True, 1.0, None, [1], {"id": 1}):
        r = move(client, made, seat, bad, at)  # type: ignore[arg-type]
        assert r.status_code == 422 and r.json()["code"] == "bad-request", r.text
        assert r.json()["reason"].startswith("move:")
    for field, value in (("seat", True), ("seat", float(seat)), ("at", float(at)), ("at", "0")):
        body = {"seat": seat, "move": before["legal"][0]["move"], "at": at, field: value}
        r = client.post(
            f"/api/tables/{made['table_id']}/moves", headers=auth(token_of(made, seat)), json=body
        )
        assert r.status_code == 422 and r.json()["reason"].startswith(f"{field}:"), r.text
    assert view(client, made, seat) == before


def test_a_player_count_that_is_not_a_whole_number_opens_no_table(client: TestClient) -> None:
    for players in (True, 2.0, "2"):
        r = client.post(
            "/api/tables", json={"game": "annapurna", "players": players, "seats": PEOPLE2}
        )
        assert r.status_code == 422 and r.json()["reason"].startswith("players:"), r.text


def test_a_body_sent_in_chunks_past_the_limit_is_refused_as_too_large(client: TestClient) -> None:
    limit = client.app.state.settings.max_body
    chunks = [b'{"game": "annapurna", "x": "', *[b"x" * 4096] * (limit // 4096 + 2), b'"}']
    r = client.post(
        "/api/tables", content=iter(chunks), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert str(limit) in r.json()["reason"]


def test_json_nested_too_deep_is_refused_by_the_api_and_on_the_socket(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    deep = "[" * 20_000 + "]" * 20_000  # within the size limit, past any parser's depth
    r = client.post("/api/tables", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad-request"
    before = view(client, made, 0)
    with _ws(client, made, 0) as ws:
        ws.receive_json()
        ws.send_text(deep)
        refused = ws.receive_json()
        assert refused["code"] == "bad-request" and "depth" in refused["reason"]
        ws.send_text(json.dumps({"type": "view"}))  # the socket still serves
        assert ws.receive_json()["view"]["move_number"] == before["move_number"]
    assert view(client, made, 0) == before


def test_unknown_addresses_and_methods_are_refused_in_the_apis_shape(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    table = made["table_id"]
    for path in (
        "/api/nothing",
        "/api/tables/..%2F..%2Fpyproject.toml/record",
        f"/api/tables/{table}%2F..%2F..%2Fmeeple.db/record",
        "/api/tables/../../etc/passwd/record",
    ):
        r = client.get(path, headers=auth(token_of(made, 0)))
        assert r.status_code == 404 and r.json() == {"code": "not-found", "reason": "Not Found"}
    r = client.put("/api/tables")
    assert r.status_code == 405 and r.json()["code"] == "method-not-allowed"


def test_a_socket_flooded_with_messages_is_closed_and_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_app, "SOCKET_BURST", 5)
    monkeypatch.setattr(server_app, "SOCKET_RATE", 0.001)
    made = create(client, "annapurna", PEOPLE2)
    before = _actor(client, made)
    seat = before["viewer"]
    flood = json.dumps({"type": "move", "move": before["legal"][0]["move"], "at": -1})
    answered = 0
    with _ws(client, made, seat) as ws:
        ws.receive_json()
        for _ in range(8):
            ws.send_text(flood)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                assert ws.receive_json()["type"] == "stale"
                answered += 1
    assert answered == 5
    assert closed.value.code == 1008 and "too many messages" in closed.value.reason
    assert view(client, made, seat) == before


def _to_undo(client: TestClient, made: dict) -> dict:
    """Play last legal moves (a Trade or Hide is chosen in steps only its climber sees) until a
    seat may take its last move back; that seat's view."""
    for _ in range(300):
        views = [view(client, made, seat) for seat in (0, 1)]
        for v in views:
            if v["can_undo"]:
                return v
        assert views[0]["status"] == "playing", "the game ended before an undo was offered"
        mover = views[views[0]["to_act"][0]]
        r = move(client, made, mover["viewer"], mover["legal"][-1]["move"], mover["move_number"])
        assert r.status_code == 200, r.text
    raise AssertionError("no undo was offered")


def test_an_undo_sent_again_is_stale_and_takes_back_nothing_more(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    before = _to_undo(client, made)
    seat, at = before["viewer"], before["move_number"]
    url = f"/api/tables/{made['table_id']}/undo"
    headers = auth(token_of(made, seat))
    first = client.post(url, headers=headers, json={"seat": seat, "at": at})
    assert first.status_code == 200 and first.json()["move_number"] < at
    after = view(client, made, seat)
    again = client.post(url, headers=headers, json={"seat": seat, "at": at})
    assert again.status_code == 409 and again.json()["code"] == "stale"
    assert f"asked at move {at}" in again.json()["reason"]
    assert view(client, made, seat) == after


def test_an_undo_sent_again_on_the_socket_is_stale(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    before = _to_undo(client, made)
    seat, at = before["viewer"], before["move_number"]
    with _ws(client, made, seat) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "undo", "at": at}))
        done = ws.receive_json()
        assert done["type"] == "view" and done["view"]["move_number"] < at
        ws.send_text(json.dumps({"type": "undo", "at": at}))
        assert ws.receive_json()["type"] == "stale"
        ws.send_text(json.dumps({"type": "undo", "at": "now"}))
        assert ws.receive_json()["code"] == "bad-request"
    assert view(client, made, seat)["move_number"] == done["view"]["move_number"]
