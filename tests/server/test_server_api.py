"""The JSON API on SQLite and PostgreSQL: tables, links, moves, refusals, records and replays."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from server_helpers import auth, create, move, play_first_moves, token_of, view
from sqlalchemy import update
from sqlalchemy.orm import Session

from meeple.core.record import GameRecord, replay
from meeple.core.registry import game_names
from meeple.server import Settings, create_app
from meeple.server.db import TableRow, open_engine

PEOPLE2 = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]


def test_the_lobby_lists_every_registered_game_with_its_options(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == game_names()
    for g in games:
        assert "content" not in g["options"]
        assert g["levels"] == ["easy", "medium", "hard"]


def test_the_openapi_schema_documents_the_move_route(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/moves" in schema["paths"]


def test_a_table_lists_for_the_owner_who_made_it_only(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"game": "annapurna", "players": 2, "seats": PEOPLE2},
        headers={"X-Meeple-Owner": "browser-a"},
    )
    made = r.json()
    mine = client.get("/api/tables", headers={"X-Meeple-Owner": "browser-a"}).json()
    assert [t["table_id"] for t in mine] == [made["table_id"]]
    assert client.get("/api/tables", headers={"X-Meeple-Owner": "browser-b"}).json() == []


def test_a_token_acts_only_for_its_seat(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    v = view(client, made, 0)
    seat = v["to_act"][0]
    other = 1 - seat
    legal = view(client, made, seat)["legal"][0]["move"]
    # the other seat's token moving for this seat
    r = client.post(
        f"/api/tables/{made['table_id']}/moves",
        headers=auth(token_of(made, other)),
        json={"seat": seat, "move": legal, "at": v["move_number"]},
    )
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    # nor may it read the other seat's view
    r = client.get(
        f"/api/tables/{made['table_id']}/view?seat={seat}", headers=auth(token_of(made, other))
    )
    assert r.status_code == 403
    assert view(client, made, seat)["move_number"] == v["move_number"]


def test_a_guessed_token_or_another_tables_token_is_refused(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    elsewhere = create(client, "annapurna", PEOPLE2)
    tid = made["table_id"]
    for headers in ({}, auth("guessed-token"), auth(token_of(elsewhere, 0))):
        r = client.get(f"/api/tables/{tid}/view?seat=0", headers=headers)
        assert r.status_code == 403, r.text
    assert client.get("/api/tables/nosuch/view", headers=auth(made["spectator"])).status_code == 403


def test_a_move_out_of_turn_is_refused_with_the_rule_id_and_changes_nothing(
    client: TestClient,
) -> None:
    made = create(client, "annapurna", PEOPLE2)
    v = view(client, made, 0)
    waiting = 1 - v["to_act"][0]
    before = view(client, made, waiting)
    mover_move = view(client, made, v["to_act"][0])["legal"][0]["move"]
    r = move(client, made, waiting, mover_move, v["move_number"])
    assert r.status_code == 422
    assert r.json()["code"] == "CORE-06"
    assert view(client, made, waiting) == before


def test_unknown_notation_is_refused_naming_the_core_rule(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    seat = view(client, made, 0)["to_act"][0]
    r = move(client, made, seat, "no such move", view(client, made, seat)["move_number"])
    assert r.status_code == 422 and r.json()["code"] == "CORE-04"


def test_a_move_against_a_stale_number_gets_the_current_view(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    seat = view(client, made, 0)["to_act"][0]
    v = view(client, made, seat)
    r = move(client, made, seat, v["legal"][0]["move"], v["move_number"] - 1)
    assert r.status_code == 409
    assert r.json()["code"] == "stale"
    assert r.json()["view"] == view(client, made, seat)


def test_a_retried_move_applies_once(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    seat = view(client, made, 0)["to_act"][0]
    v = view(client, made, seat)
    first = move(client, made, seat, v["legal"][0]["move"], v["move_number"], id="move-1")
    assert first.status_code == 200
    again = move(client, made, seat, v["legal"][0]["move"], v["move_number"], id="move-1")
    assert again.status_code == 200
    assert again.json()["move_number"] == first.json()["move_number"]
    assert len([e for e in again.json()["log"] if e["seat"] == seat]) == 1


def test_malformed_json_wrong_fields_and_oversized_bodies_are_refused(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2)
    url = f"/api/tables/{made['table_id']}/moves"
    headers = {**auth(token_of(made, 0)), "content-type": "application/json"}
    before = view(client, made, 0)
    r = client.post(url, content=b"{not json", headers=headers)
    assert r.status_code == 422 and r.json()["code"] == "bad-request"
    r = client.post(
        url, content=json.dumps({"seat": 0, "move": "x", "at": 0, "extra": 1}), headers=headers
    )
    assert r.status_code == 422
    r = client.post(
        url, content=b'{"seat": 0, "move": "' + b"x" * 100_000 + b'", "at": 0}', headers=headers
    )
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert view(client, made, 0) == before


def test_a_table_with_an_unknown_option_or_a_path_option_is_refused(client: TestClient) -> None:
    for options in ({"no_such_option": 1}, {"content": "."}):
        r = client.post(
            "/api/tables",
            json={"game": "annapurna", "players": 2, "seats": PEOPLE2, "options": options},
        )
        assert r.status_code == 422 and r.json()["code"] == "config", r.text


def test_a_hotseat_token_holds_several_seats(client: TestClient) -> None:
    made = create(
        client,
        "annapurna",
        [{"kind": "person", "holder": "here"}, {"kind": "person", "holder": "here"}],
    )
    assert [t["seats"] for t in made["tokens"]] == [[0, 1]]
    assert play_first_moves(client, made, 2, 6) >= 6


def test_a_view_holds_no_seed_record_or_fingerprint(client: TestClient) -> None:
    made = create(client, "peach-festival", PEOPLE2)
    text = json.dumps(view(client, made, 0))
    for word in ("seed", "fingerprint", "record", "history"):
        assert f'"{word}"' not in text


def test_a_finished_game_is_exported_as_a_record_that_replays(client: TestClient) -> None:
    made = create(client, "annapurna", [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
    r = client.get(f"/api/tables/{made['table_id']}/record", headers=auth(made["spectator"]))
    assert r.status_code == 409  # not before the end: the record holds every hidden card
    _wait_finished(client, made)
    r = client.get(f"/api/tables/{made['table_id']}/record", headers=auth(made["spectator"]))
    assert r.status_code == 200
    state = replay(GameRecord.from_json(r.text))
    assert state.is_terminal()
    final = view(client, made, 0)
    assert state.result().to_dict()["scores"] == final["result"]["scores"]
    # replay views: the last step of seat 0 shows the final observation
    steps = final["move_number"]
    last = client.get(
        f"/api/tables/{made['table_id']}/replay?step={steps}&seat=0",
        headers=auth(made["spectator"]),
    ).json()
    assert last["observation"] == final["observation"]
    assert last["log"] == final["log"]


def _wait_finished(client: TestClient, made: dict) -> None:
    import time

    for _ in range(2000):
        v = view(client, made, 0)
        if v["status"] == "finished":
            return
        if v["legal"]:
            assert move(client, made, 0, v["legal"][0]["move"], v["move_number"]).status_code in (
                200,
                409,
            )
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not finish")


def test_a_game_of_older_rules_is_refused_for_play_and_exported_as_stored(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
        _wait_finished(client, made)
        final = view(client, made, 0)
    engine = open_engine(settings.database_url())
    with Session(engine) as s, s.begin():
        s.execute(
            update(TableRow).where(TableRow.id == made["table_id"]).values(rules_version="0.0-old")
        )
    engine.dispose()
    with TestClient(create_app(settings)) as again:
        r = again.get(
            f"/api/tables/{made['table_id']}/view?seat=0", headers=auth(token_of(made, 0))
        )
        assert r.status_code == 409 and r.json()["code"] == "old-rules"
        r = again.get(f"/api/tables/{made['table_id']}/record", headers=auth(made["spectator"]))
        assert r.status_code == 200
        record = GameRecord.from_json(r.text)
    assert record.version == "0.0-old"
    assert record.result["scores"] == final["result"]["scores"]
    assert len(record.actions) == final["move_number"]


def test_every_seat_of_a_table_has_a_name_no_other_seat_has(client: TestClient) -> None:
    bots = create(
        client,
        "annapurna",
        [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
    )
    names = [s["name"] for s in view(client, bots, None)["seats"]]
    assert names == ["Player 1", "easy bot", "easy bot 2"]
    people = create(
        client,
        "annapurna",
        [
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": "Ann"},
            {"kind": "person", "name": ""},
            {"kind": "person", "name": "player 1"},
        ],
    )
    names = [s["name"] for s in view(client, people, None)["seats"]]
    assert names == ["Ann", "Ann 2", "Player 3", "player 1"]
    # a name taken on joining is told apart from the other seats' names, which stay
    r = client.post(
        f"/api/tables/{people['table_id']}/join",
        headers=auth(token_of(people, 3)),
        json={"seat": 3, "name": "ann"},
    )
    assert r.status_code == 200
    assert [s["name"] for s in r.json()["seats"]] == ["Ann", "Ann 2", "Player 3", "ann 3"]
