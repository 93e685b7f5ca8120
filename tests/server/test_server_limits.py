"""Rate limits per client address on the HTTP routes that cost or guess (docs/server.md)."""

from __future__ import annotations

import contextlib
import dataclasses
import re
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import Server, auth, create, move, token_of, view
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from meeple.server import Settings, cluster, create_app
from meeple.server.cluster import MARK_TTL_S, ForwardedMark, read_mark, sign_mark
from meeple.server.settings import Rate
from meeple.web import create_app as create_web_app

SEATS = [{"kind": "person"}, {"kind": "person"}]


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _client(settings: Settings, clock: Clock, web: bool = False, **rates: Rate) -> TestClient:
    """A client of a server with ``settings`` but the default limits, but ``rates``."""
    defaults = Settings()
    limited = dataclasses.replace(
        settings,
        **{
            "rate_tables": defaults.rate_tables,
            "rate_links": defaults.rate_links,
            "rate_moves": defaults.rate_moves,
            **rates,
        },
    )
    app = (create_web_app if web else create_app)(limited)
    app.state.limits.clock = clock
    return TestClient(app)


@pytest.fixture
def tight(settings: Settings, clock: Clock) -> Iterator[TestClient]:
    """A server whose limits are a burst of 3, then one every 3 s, of each kind."""
    rate = Rate(3, 3.0)
    with _client(settings, clock, rate_tables=rate, rate_links=rate, rate_moves=rate) as c:
        yield c


def test_a_burst_of_new_tables_past_the_limit_is_refused_with_429_and_makes_nothing(
    tight: TestClient,
) -> None:
    owner = {"X-Meeple-Owner": "someone"}
    for _ in range(3):
        r = tight.post(
            "/api/tables", json={"game": "annapurna", "players": 2, "seats": SEATS}, headers=owner
        )
        assert r.status_code == 201, r.text
    refused = tight.post(
        "/api/tables", json={"game": "annapurna", "players": 2, "seats": SEATS}, headers=owner
    )
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate-limited"
    assert "at most 3 new tables at once, then one every 3 s" in refused.json()["reason"]
    assert refused.headers["Retry-After"] == "3"
    assert len(tight.get("/api/tables", headers=owner).json()) == 3


def test_the_limit_lets_one_more_request_through_for_each_refill(
    tight: TestClient, clock: Clock
) -> None:
    body = {"game": "annapurna", "players": 2, "seats": SEATS}
    for _ in range(3):
        assert tight.post("/api/tables", json=body).status_code == 201
    assert tight.post("/api/tables", json=body).status_code == 429
    clock.now += 2.0
    refused = tight.post("/api/tables", json=body)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    clock.now += 1.0
    assert tight.post("/api/tables", json=body).status_code == 201
    assert tight.post("/api/tables", json=body).status_code == 429
    clock.now += 9.0  # three refills: a full burst again, never more
    assert [tight.post("/api/tables", json=body).status_code for _ in range(4)] == [
        201,
        201,
        201,
        429,
    ]


def test_guessing_links_past_the_limit_is_refused_even_for_the_right_link(
    tight: TestClient, clock: Clock
) -> None:
    made = create(tight, "annapurna", SEATS)
    where = f"/api/tables/{made['table_id']}/access"
    for n in range(3):
        assert tight.get(where, headers=auth(f"guess-{n}")).status_code == 403
    refused = tight.get(where, headers=auth(token_of(made, 0)))
    assert refused.status_code == 429 and refused.json()["code"] == "rate-limited"
    joined = tight.post(
        f"/api/tables/{made['table_id']}/join", json={"seat": 0}, headers=auth(token_of(made, 0))
    )
    assert joined.status_code == 429
    clock.now += 3.0
    assert tight.get(where, headers=auth(token_of(made, 0))).json()["seats"] == [0]


def test_moves_past_the_limit_are_refused_and_change_nothing(
    tight: TestClient, clock: Clock
) -> None:
    made = create(tight, "annapurna", SEATS)
    for _ in range(3):
        v = view(tight, made, 0) if 0 in view(tight, made, None)["to_act"] else view(tight, made, 1)
        assert (
            move(tight, made, v["viewer"], v["legal"][0]["move"], v["move_number"]).status_code
            == 200
        )
    public = view(tight, made, None)
    seat = public["to_act"][0]
    v = view(tight, made, seat)
    refused = move(tight, made, seat, v["legal"][0]["move"], v["move_number"])
    assert refused.status_code == 429 and refused.json()["code"] == "rate-limited"
    undo = tight.post(
        f"/api/tables/{made['table_id']}/undo",
        json={"seat": seat, "at": v["move_number"]},
        headers=auth(token_of(made, seat)),
    )
    assert undo.status_code == 429
    after = view(tight, made, None)
    assert after["move_number"] == public["move_number"] and after["log"] == public["log"]
    clock.now += 3.0
    assert move(tight, made, seat, v["legal"][0]["move"], v["move_number"]).status_code == 200


def test_a_whole_hotseat_game_over_http_never_meets_the_default_limits(
    settings: Settings, clock: Clock
) -> None:
    """Two people at one address play Annapurna to its end, a move every half second."""
    with _client(settings, clock) as client:
        made = create(client, "annapurna", SEATS)
        for _ in range(5_000):
            public = view(client, made, None)
            if public["status"] == "finished":
                break
            seat = public["to_act"][0]
            v = view(client, made, seat)
            r = move(client, made, seat, v["legal"][-1]["move"], v["move_number"])
            assert r.status_code == 200, r.text
            clock.now += 0.5
        else:
            pytest.fail("the game did not end")
        assert public["move_number"] > 120  # more moves than the burst alone allows


def _codes(client: TestClient, headers: list[dict[str, str]]) -> list[int]:
    body = {"game": "annapurna", "players": 2, "seats": SEATS}
    return [client.post("/api/tables", json=body, headers=h).status_code for h in headers]


def test_a_forged_forwarded_mark_is_counted_like_any_request(
    settings: Settings, clock: Clock
) -> None:
    """Anyone may send the header: unsigned, or signed with a key that is not the
    database's, it is no mark and the request counts (SQLite and PostgreSQL alike)."""
    other_key = b"k" * 32
    forged = [
        {"X-Meeple-Forwarded": "1"},
        {"X-Meeple-Forwarded": sign_mark(other_key, "POST", "/api/tables", "198.51.100.7")},
        {"X-Meeple-Forwarded": ""},
        {"X-Meeple-Forwarded": "1"},
    ]
    with _client(settings, clock, rate_tables=Rate(2, 3.0)) as client:
        assert _codes(client, forged) == [201, 201, 429, 429]


def test_a_request_with_a_valid_signed_mark_is_not_counted_again(
    settings: Settings, clock: Clock
) -> None:
    """A mark signed with the database's secret is another process's forwarded request: it
    was counted where it arrived."""
    with _client(settings, clock, rate_tables=Rate(2, 3.0)) as client:
        key = client.app.state.service.forward_key
        assert key is not None and len(key) == 32
        marked = [
            {"X-Meeple-Forwarded": sign_mark(key, "POST", "/api/tables", "198.51.100.7")}
            for _ in range(4)
        ]
        assert _codes(client, marked) == [201, 201, 201, 201]
        assert _codes(client, [{}, {}, {}]) == [201, 201, 429]


def test_an_expired_or_tampered_mark_is_refused_as_a_mark(settings: Settings, clock: Clock) -> None:
    with _client(settings, clock, rate_tables=Rate(2, 3.0)) as client:
        key = client.app.state.service.forward_key
        now = time.time()
        good = sign_mark(key, "POST", "/api/tables", "198.51.100.7", now)
        at, where, mac = good.split(" ")
        flipped = mac[:-1] + ("0" if mac[-1] != "0" else "1")
        bad = [
            sign_mark(key, "POST", "/api/tables", "198.51.100.7", now - MARK_TTL_S - 2),
            sign_mark(key, "POST", "/api/tables", "198.51.100.7", now + MARK_TTL_S + 2),
            sign_mark(key, "GET", "/api/tables", "198.51.100.7", now),
            sign_mark(key, "POST", "/api/tables/x/moves", "198.51.100.7", now),
            sign_mark(key, "POST", "/api/tables", "198.51.100.7", now, query=b"since=3"),
            f"{at} 203.0.113.1 {mac}",
            f"{int(at) + 1} {where} {mac}",
            f"{at} {where} {flipped}",
            f"{at} {where}",
            f"{'9' * 5000} {where} {mac}",
            f"{at} {where} {mac} more",
        ]
        for value in bad:
            assert read_mark(key, "POST", "/api/tables", value) is None, value
        assert read_mark(key, "POST", "/api/tables", good) == "198.51.100.7"
        codes = _codes(client, [{"X-Meeple-Forwarded": v} for v in bad])
        assert codes == [201, 201, *[429] * (len(bad) - 2)]


def test_the_client_of_a_valid_mark_is_the_requests_client_and_a_bad_mark_is_dropped() -> None:
    """Behind the mark the owner sees the original client (``request.client``), and the
    header of a mark that is not valid never reaches the application."""
    key = b"s" * 32
    seen: list[tuple[object, object, object, list]] = []

    async def app(scope, receive, send) -> None:  # a bare ASGI app
        names = [n for n, _ in scope["headers"]]
        seen.append((scope["client"], cluster.FORWARDED.get(), cluster.CLIENT.get(), names))
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    client = TestClient(ForwardedMark(app, secret=lambda: key))  # no lifespan: not started
    client.get("/x", headers={"X-Meeple-Forwarded": sign_mark(key, "GET", "/x", "2001:db8::5")})
    client.get("/x", headers={"X-Meeple-Forwarded": sign_mark(key, "GET", "/y", "2001:db8::5")})
    client.get("/x")
    assert seen[0][:3] == (("2001:db8::5", 0), "2001:db8::5", "2001:db8::5")
    assert seen[1][:3] == (("testclient", 50000), None, "testclient")
    assert seen[2][:3] == (("testclient", 50000), None, "testclient")
    assert all(b"x-meeple-forwarded" not in names for *_, names in seen)


def test_the_lobby_form_past_the_limit_shows_a_readable_refusal(
    settings: Settings, clock: Clock
) -> None:
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "friend"}
    with _client(settings, clock, web=True, rate_tables=Rate(2, 3.0)) as client:
        for _ in range(2):
            assert client.post("/tables", data=form, follow_redirects=False).status_code == 303
        refused = client.post("/tables", data=form, follow_redirects=False)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "3"
        assert re.search(r'class="error"[^>]*>too many new tables from your address', refused.text)
        assert "try again in 3 s" in refused.text
        owner = client.cookies.get("meeple_owner")
        assert len(client.get("/api/tables", headers={"X-Meeple-Owner": owner}).json()) == 2


def test_a_browser_move_past_the_limit_is_refused_with_the_table_shown(
    settings: Settings, clock: Clock
) -> None:
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "friend"}
    with _client(settings, clock, web=True, rate_moves=Rate(1, 3.0)) as client:
        where = client.post("/tables", data=form, follow_redirects=False).headers["location"]
        frame = client.get(where + "/frame").text
        fields = dict(re.findall(r'name="(seat|at|reveal)" value="([^"]*)"', frame))
        fields["move"] = re.findall(r'name="move" value="([^"]+)"', frame)[0]
        played = client.post(where + "/move", data=fields)
        assert played.status_code == 200
        number = re.search(r'data-move="(\d+)"', played.text).group(1)
        refused = client.post(where + "/move", data=fields)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "3"
        assert "too many moves from your address" in refused.text
        assert f'data-move="{number}"' in refused.text  # the table as it is, nothing more


def test_a_wrong_link_on_any_route_costs_a_link_check_and_a_right_one_costs_none(
    tight: TestClient, clock: Clock
) -> None:
    made = create(tight, "annapurna", SEATS)
    where = f"/api/tables/{made['table_id']}"
    for _ in range(5):  # the right link: counted nowhere
        assert tight.get(where + "/view", headers=auth(made["spectator"])).status_code == 200
    guesses = [
        tight.get(where + "/view", headers=auth("guess-a")),
        tight.get(where + "/record", headers=auth("guess-b")),
        tight.get(where + "/replay?step=0", headers=auth("guess-c")),
        tight.get(where + "/view", headers=auth("guess-d")),
    ]
    assert [r.status_code for r in guesses] == [403, 403, 403, 429]
    assert guesses[-1].json()["code"] == "rate-limited"
    assert tight.get(where + "/view", headers=auth(made["spectator"])).status_code == 200
    url = f"{where}/ws?token=guess-e"
    with pytest.raises(WebSocketDisconnect) as closed, tight.websocket_connect(url) as ws:
        ws.receive_json()
    assert "too many link checks" in closed.value.reason
    clock.now += 3.0
    assert tight.get(where + "/view", headers=auth("guess-f")).status_code == 403


def test_invite_links_opened_past_the_limit_show_a_readable_refusal(
    settings: Settings, clock: Clock
) -> None:
    with _client(settings, clock, web=True, rate_links=Rate(2, 2.0)) as client:
        made = create(client, "annapurna", SEATS)
        table_id = made["table_id"]
        assert client.get(f"/join/{table_id}/guess", follow_redirects=False).status_code == 403
        opened = client.get(f"/join/{table_id}/{token_of(made, 0)}", follow_redirects=False)
        assert opened.status_code == 303
        refused = client.get(f"/watch/{table_id}/{made['spectator']}", follow_redirects=False)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "2"
        assert "too many link checks from your address" in refused.text
        clock.now += 2.0
        watched = client.get(f"/watch/{table_id}/{made['spectator']}", follow_redirects=False)
        assert watched.status_code == 303


@pytest.fixture
def sqlite_settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path / "data", bot_workers=0)


@contextlib.contextmanager
def _served(settings: Settings, *extra: str) -> Iterator[Server]:
    """``meeple serve`` with 2 new tables and 1 link check per client, then one every 600 s."""
    server = Server(settings, None, "--rate-tables", "2/600", "--rate-links", "1/600", *extra)
    try:
        yield server
    finally:
        server.kill()


def _tables_from(server: Server, clients: list[str]) -> list[int]:
    body = {"game": "annapurna", "players": 2, "seats": SEATS}
    return [
        server.http.post("/api/tables", json=body, headers={"X-Forwarded-For": c}).status_code
        for c in clients
    ]


def _guess_over_websocket(server: Server, table_id: str, client: str) -> None:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws?token=guess"
    with pytest.raises(InvalidStatus):  # a wrong link: refused before the socket opens
        connect(url, additional_headers={"X-Forwarded-For": client}).close()


def _guess_over_http(server: Server, table_id: str, client: str) -> int:
    where = f"/api/tables/{table_id}/access"
    headers = {**auth("guess"), "X-Forwarded-For": client}
    return server.http.get(where, headers=headers).status_code


def test_behind_a_trusted_proxy_each_forwarded_for_client_has_its_own_buckets(
    sqlite_settings: Settings,
) -> None:
    """``meeple serve --forwarded-allow-ips 127.0.0.1``: the test's requests come through
    that proxy, and each client it names is limited on its own, on HTTP and the WebSocket."""
    with _served(sqlite_settings, "--forwarded-allow-ips", "10.1.1.1, 127.0.0.1") as server:
        a, b = "203.0.113.1", "203.0.113.2"
        assert _tables_from(server, [a, a, a]) == [201, 201, 429]
        assert _tables_from(server, [b, b, b]) == [201, 201, 429]
        made = server.http.post(
            "/api/tables",
            json={"game": "annapurna", "players": 2, "seats": SEATS},
            headers={"X-Forwarded-For": "203.0.113.3"},
        ).json()
        _guess_over_websocket(server, made["table_id"], a)  # a's one link check
        assert _guess_over_http(server, made["table_id"], a) == 429
        assert _guess_over_http(server, made["table_id"], b) == 403  # b's own bucket


@pytest.mark.parametrize("trusted", [None, "10.1.1.1"])
def test_forwarded_for_from_a_peer_that_is_no_trusted_proxy_is_ignored(
    sqlite_settings: Settings, trusted: str | None
) -> None:
    """No proxy trusted (the default), or another one: the client is the peer, and naming
    other clients in ``X-Forwarded-For`` escapes no limit, on HTTP or the WebSocket."""
    extra = [] if trusted is None else ["--forwarded-allow-ips", trusted]
    with _served(sqlite_settings, *extra) as server:
        assert _tables_from(server, ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) == [
            201,
            201,
            429,
        ]
        table_id = "no-such-table"
        _guess_over_websocket(server, table_id, "203.0.113.4")  # the peer's one link check
        assert _guess_over_http(server, table_id, "203.0.113.5") == 429


def test_the_trusted_proxies_are_read_from_the_environment_and_none_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MEEPLE_FORWARDED_ALLOW_IPS", raising=False)
    assert Settings.from_env().forwarded_allow_ips == []
    monkeypatch.setenv("MEEPLE_FORWARDED_ALLOW_IPS", " 10.0.0.1, 10.2.0.0/16,")
    assert Settings.from_env().forwarded_allow_ips == ["10.0.0.1", "10.2.0.0/16"]
    assert Settings.from_env(forwarded_allow_ips=["*"]).forwarded_allow_ips == ["*"]


def test_a_rate_of_0_given_to_meeple_serve_is_no_limit_as_its_help_says(clock: Clock) -> None:
    import typer

    from meeple.cli.serve import _RATE_HELP, _rate
    from meeple.server.limits import Limits

    assert "0" in _RATE_HELP and "no limit" in _RATE_HELP
    for text in ("0", "5/0"):
        rate = _rate(text, "tables")
        assert isinstance(rate, Rate) and rate.every_s == 0
        limits = Limits({"tables": rate}, clock)
        for _ in range(1000):
            limits.take("tables", "10.0.0.1")  # never refused
    assert _rate("20/3", "tables") == Rate(20, 3.0)
    for bad in ("x", "0/3", "-1", ""):
        with pytest.raises(typer.Exit):
            _rate(bad, "tables")
