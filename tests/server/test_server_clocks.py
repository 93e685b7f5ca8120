"""Clocks: a time bank plus an increment; a seat out of time or left is taken over by a bot."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from server_helpers import auth, create, move, token_of, view
from sqlalchemy import select
from sqlalchemy.orm import Session

from meeple.server import create_app
from meeple.server.db import EventRow, open_engine
from meeple.server.settings import Settings

PEOPLE2 = [{"kind": "person"}, {"kind": "person"}]


def test_a_move_spends_the_movers_time_and_adds_the_increment(client: TestClient) -> None:
    made = create(client, "annapurna", PEOPLE2, clock={"bank_s": 600, "increment_s": 5})
    v = view(client, made, 0)
    seat = v["to_act"][0]
    assert v["seats"][seat]["clock"]["running"]
    assert not v["seats"][1 - seat]["clock"]["running"]
    mover = view(client, made, seat)
    after = move(client, made, seat, mover["legal"][0]["move"], mover["move_number"]).json()
    left = after["seats"][seat]["clock"]["remaining_s"]
    assert 600 < left <= 605


def test_a_seat_whose_time_runs_out_is_taken_over_by_the_tables_bot(
    client: TestClient, settings: Settings
) -> None:
    """One person's clock runs out; the other seat is a bot, which has no clock, so however
    slowly this test runs no second clock can run out behind its back."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    made = create(
        client, "annapurna", seats, clock={"bank_s": 0.3, "increment_s": 0, "takeover": "easy"}
    )
    late = 0  # the only seat with a clock

    def played_on(v: dict) -> bool:  # taken over, and its bot has moved for it
        return v["seats"][late]["taken_over"] and any(e["seat"] == late for e in v["log"])

    deadline = time.monotonic() + 60
    v = view(client, made, None)
    while not played_on(v):
        assert time.monotonic() < deadline, f"the seat was not taken over and played: {v}"
        time.sleep(0.05)
        v = view(client, made, None)
    r = move(client, made, late, "pass", view(client, made, late)["move_number"])
    assert r.status_code == 403  # the seat is the bot's now
    with Session(open_engine(settings.database_url())) as s:
        kinds = [
            (e.kind, e.seat, e.detail["why"])
            for e in s.scalars(select(EventRow).where(EventRow.kind == "takeover"))
        ]
    assert kinds == [("takeover", late, "time")]


def test_a_person_who_leaves_is_taken_over_only_where_the_table_says_so(client: TestClient) -> None:
    plain = create(client, "annapurna", PEOPLE2)
    r = client.post(
        f"/api/tables/{plain['table_id']}/leave", headers=auth(token_of(plain, 0)), json={"seat": 0}
    )
    assert r.status_code == 409
    clocked = create(client, "annapurna", PEOPLE2, clock={"bank_s": 600, "takeover": "easy"})
    r = client.post(
        f"/api/tables/{clocked['table_id']}/leave",
        headers=auth(token_of(clocked, 0)),
        json={"seat": 0},
    )
    assert r.status_code == 200 and r.json()["seats"][0]["taken_over"]


def test_a_person_whose_sockets_all_close_is_taken_over_after_the_grace_period(
    settings: Settings,
) -> None:
    # long enough for the reconnection below to fall within it on a loaded machine
    settings.leave_grace_s = 1.0
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", PEOPLE2, clock={"bank_s": 600, "takeover": "easy"})
        url = f"/api/tables/{made['table_id']}/ws?token={token_of(made, 0)}&seat=0"
        with client.websocket_connect(url) as ws:
            ws.receive_json()
        with client.websocket_connect(url) as ws:  # back within the grace period: still a person
            ws.receive_json()
            time.sleep(1.3)  # past the grace: a seat with a socket open is not taken over
            assert not view(client, made, 0)["seats"][0]["taken_over"]
        deadline = time.monotonic() + 10
        while not view(client, made, 1)["seats"][0]["taken_over"]:
            assert time.monotonic() < deadline, "the seat was not taken over"
            time.sleep(0.05)
        assert not view(client, made, 1)["seats"][1]["taken_over"]


def test_a_seat_out_of_time_shows_its_time_ran_out_and_no_clock_even_after_a_restart(
    settings: Settings,
) -> None:
    from meeple.web import create_app as create_web_app

    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    clock = {"bank_s": 0.3, "increment_s": 0, "takeover": "easy"}
    with TestClient(create_web_app(settings)) as client:
        made = create(client, "annapurna", seats, clock=clock)
        deadline = time.monotonic() + 60
        v = view(client, made, None)
        while not v["seats"][0]["taken_over"]:
            assert time.monotonic() < deadline, f"the seat was not taken over: {v}"
            time.sleep(0.05)
            v = view(client, made, None)
    with TestClient(create_web_app(settings)) as client:  # loaded again from the database
        for viewer in (None, 0):
            c = view(client, made, viewer)["seats"][0]["clock"]
            assert c == {"remaining_s": 0.0, "running": False, "out_of_time": True}
        assert view(client, made, None)["seats"][1]["clock"]["out_of_time"] is False
        page = client.get(f"/watch/{made['table_id']}/{made['spectator']}").text
        seat, bot = page.split('<li class="seat')[1:3]
        assert "time ran out: a bot plays this seat" in seat
        assert "data-seconds" not in seat and "taken over by a bot" not in seat
        assert 'class="clock' not in bot  # a bot plays on no clock
