"""Finished games replay whatever rules are installed: from what each viewer saw, kept when
they ended. An older rules version is faked by editing the stored one (no real numbers)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, play_to_end, token_of, view
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from meeple.core.record import GameRecord
from meeple.server import Settings, create_app
from meeple.server.db import ReplayRow, TableRow, open_engine
from meeple.server.service import dumps

OLD = "0.0-older"


def _replay(client: TestClient, made: dict, step: int, seat: int | None, token: str):
    query = f"?step={step}" + ("" if seat is None else f"&seat={seat}")
    return client.get(f"/api/tables/{made['table_id']}/replay{query}", headers=auth(token))


def _steps_to_check(steps: int) -> list[int]:
    return sorted({0, 1, 2, steps // 3, steps // 2, steps - 1, steps, *range(0, steps, 9)})


def _views(
    client: TestClient, made: dict, players: int, more: tuple[int, ...] = ()
) -> dict[tuple[int, int | None], Any]:
    steps = _replay(client, made, 0, None, made["spectator"]).json()["steps"]
    out = {}
    for step in sorted({*_steps_to_check(steps), *more}):
        for seat in [*range(players), None]:
            r = _replay(client, made, step, seat, made["spectator"])
            assert r.status_code == 200, r.text
            out[step, seat] = r.json()
    return out


def _edit(settings: Settings, *statements: Any) -> None:
    engine = open_engine(settings.database_url())
    with Session(engine) as s, s.begin():
        for statement in statements:
            s.execute(statement)
    engine.dispose()


def _kept(settings: Settings, table_id: str) -> list[tuple[int, int]]:
    engine = open_engine(settings.database_url())
    with Session(engine) as s:
        rows = s.execute(
            select(ReplayRow.viewer, ReplayRow.steps)
            .where(ReplayRow.table_id == table_id)
            .order_by(ReplayRow.viewer)
        ).all()
    engine.dispose()
    return [tuple(r) for r in rows]


def _older(table_id: str) -> Any:
    return update(TableRow).where(TableRow.id == table_id).values(rules_version=OLD)


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("annapurna", [{"kind": "person"}, {"kind": "bot", "level": "easy"}]),
        # sealed simultaneous turns: who has chosen shows in the replay too
        ("peach-festival", [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]),
    ],
)
def test_a_finished_game_of_older_rules_replays_what_each_viewer_saw_byte_for_byte(
    settings: Settings, game: str, seats: list[dict]
) -> None:
    players = len(seats)
    with TestClient(create_app(settings)) as client:
        made = create(client, game, seats)
        play_to_end(client, made, players)
        more: tuple[int, ...] = ()
        if game == "peach-festival":  # the first step of a sealed node part-chosen is checked too
            total = _replay(client, made, 0, None, made["spectator"]).json()["steps"]
            chosen = [
                k
                for k in range(total + 1)
                if _replay(client, made, k, None, made["spectator"]).json()["chosen"]
            ]
            more = tuple(chosen[:1])
        before = _views(client, made, players, more)
    steps = before[0, None]["steps"]
    # one row per seat and the spectator, kept when the game ended
    assert _kept(settings, made["table_id"]) == [(v, steps) for v in [-1, *range(players)]]
    _edit(settings, _older(made["table_id"]))
    with TestClient(create_app(settings)) as client:
        after = _views(client, made, players, more)
        if any(t["seats"] for t in made["tokens"]):  # a seat's link replays every view too
            r = _replay(client, made, steps, players - 1, token_of(made, 0))
            assert r.status_code == 200
    assert after.keys() == before.keys()
    for key, old in before.items():
        new = after[key]
        assert new["rules_version"] == OLD
        assert old["rules_version"] != OLD
        assert dumps({**new, "rules_version": None}) == dumps({**old, "rules_version": None}), key
    if game == "peach-festival":
        assert any(v["chosen"] for v in before.values())  # a sealed node part-chosen was seen
    assert after[steps, None]["result"] is not None


def test_finished_games_without_replays_get_them_at_start_up(settings: Settings) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", seats)
        play_to_end(client, made, 2)
        before = _views(client, made, 2)
        playing = create(client, "annapurna", seats)
    _edit(settings, delete(ReplayRow))
    with TestClient(create_app(settings)) as client:
        service = client.app.state.service
        client.portal.call(service.replays_kept)
        assert client.portal.call(service.keep_replays) == 0  # all caught up at the start
    steps = before[0, None]["steps"]
    assert _kept(settings, made["table_id"]) == [(-1, steps), (0, steps), (1, steps)]
    assert _kept(settings, playing["table_id"]) == []  # a game in progress has none
    _edit(settings, _older(made["table_id"]))
    with TestClient(create_app(settings)) as client:
        after = _views(client, made, 2)
    assert dumps({**after[steps, 0], "rules_version": None}) == dumps(
        {**before[steps, 0], "rules_version": None}
    )


def test_a_game_in_progress_under_older_rules_is_refused_naming_both_versions(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", [{"kind": "person"}, {"kind": "person"}])
    _edit(settings, _older(made["table_id"]))
    with TestClient(create_app(settings)) as again:
        for seat in (0, None):
            r = _replay(again, made, 0, seat, made["spectator"])
            assert r.status_code == 409 and r.json()["code"] == "old-rules"
            assert OLD in r.json()["reason"] and "not over" in r.json()["reason"]
        r = again.get(f"/api/tables/{made['table_id']}/record", headers=auth(made["spectator"]))
        assert r.status_code == 409 and r.json()["code"] == "not-finished"


def test_a_game_of_older_rules_that_ended_before_replays_were_kept_is_still_exported(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
        final = play_to_end(client, made, 2)
    _edit(settings, delete(ReplayRow), _older(made["table_id"]))
    with TestClient(create_app(settings)) as client:
        # older rules: the start does not rebuild its replay
        assert client.portal.call(client.app.state.service.keep_replays) == 0
        r = _replay(client, made, 0, None, made["spectator"])
        assert r.status_code == 409 and r.json()["code"] == "no-replay"
        r = client.get(f"/api/tables/{made['table_id']}/record", headers=auth(made["spectator"]))
        assert r.status_code == 200
        assert len(GameRecord.from_json(r.text).actions) == final["move_number"]


def test_a_replay_step_or_seat_outside_the_game_is_refused_from_kept_views(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, "annapurna", [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
        final = play_to_end(client, made, 2)
    _edit(settings, _older(made["table_id"]))
    with TestClient(create_app(settings)) as client:
        steps = final["move_number"]
        for step, seat in ((steps + 1, None), (0, 2), (0, -1)):
            r = _replay(client, made, step, seat, made["spectator"])
            assert r.status_code == 422 and r.json()["code"] == "bad-request", (step, seat)
        r = _replay(client, made, 0, None, "guessed-token")
        assert r.status_code == 403


def test_a_replay_names_the_options_its_game_was_played_with(client: TestClient) -> None:
    made = create(
        client,
        "annapurna",
        [{"kind": "person"}, {"kind": "bot", "level": "easy"}],
        options={"flag_target": 3},
    )
    play_to_end(client, made, 2)
    r = _replay(client, made, 0, None, made["spectator"])
    assert r.json()["options"]["flag_target"] == 3
    assert r.json()["options"] == view(client, made, None)["options"]


def test_a_finished_game_no_longer_installed_still_replays_and_is_listed_by_its_name(
    settings: Settings,
) -> None:
    owner = {"X-Meeple-Owner": "owner-secret"}
    with TestClient(create_app(settings)) as client:
        r = client.post(
            "/api/tables",
            headers=owner,
            json={
                "game": "annapurna",
                "players": 2,
                "seats": [{"kind": "person"}, {"kind": "bot", "level": "easy"}],
            },
        )
        made = r.json()
        play_to_end(client, made, 2)
        before = _views(client, made, 2)
    steps = before[0, None]["steps"]
    gone = update(TableRow).where(TableRow.id == made["table_id"]).values(game="no-such-game")
    _edit(settings, gone)
    with TestClient(create_app(settings)) as client:
        listed = client.get("/api/tables", headers=owner).json()
        assert [(t["game"], t["title"]) for t in listed] == [("no-such-game", "no-such-game")]
        r = client.get(f"/api/tables/{made['table_id']}/view", headers=auth(made["spectator"]))
        assert r.status_code == 409 and "not installed" in r.json()["reason"]
        after = _replay(client, made, steps, 0, made["spectator"]).json()
        assert after["game"] == "no-such-game" and after["title"] == "no-such-game"
        assert after["observation"] == before[steps, 0]["observation"]
        assert after["log"] == before[steps, 0]["log"]


def test_a_finished_table_let_go_from_memory_replays_from_its_kept_views_unloaded(
    settings: Settings,
) -> None:
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    with TestClient(create_app(settings)) as client:
        svc = client.app.state.service
        made = create(client, "annapurna", bots)
        table_id = made["table_id"]
        url = f"/api/tables/{table_id}/ws?token={made['spectator']}"
        with client.websocket_connect(url) as ws:  # a socket open keeps the table in memory
            while ws.receive_json()["view"]["status"] != "finished":
                pass
            replayed = _views(client, made, 2)  # from the actions, in memory
            assert table_id in svc._live
        deadline = time.monotonic() + 30
        while table_id in svc._live or len(_kept(settings, table_id)) < 3:
            assert time.monotonic() < deadline, "the finished table stayed in memory"
            time.sleep(0.05)
        steps = replayed[0, None]["steps"]
        assert _kept(settings, table_id) == [(-1, steps), (0, steps), (1, steps)]
        assert _views(client, made, 2) == replayed  # from the kept views
        assert table_id not in svc._live  # answered without loading the game again
