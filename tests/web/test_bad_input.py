"""What a careless or hostile browser sends is refused with its reason and opens nothing; what
people typed is shown as text on every page and board."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.web import create_app

from .conftest import roomy_settings
from .test_routes import current_frame, field

GAMES = ["peach-festival", "annapurna", "almanac"]

#: Names people might type, each a way to smuggle markup into a page or an SVG.
MARKUP = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<svg onload=alert(1)>",
    "]]></text><a href=x>",
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(roomy_settings(tmp_path))
    with TestClient(app) as c:
        yield c


def _open(client: TestClient, **form: str) -> str:
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"]


@pytest.mark.parametrize("name", GAMES)
def test_names_with_markup_typed_in_the_lobby_are_text_on_every_page_and_board(
    client: TestClient, name: str
) -> None:
    form = {"game": name, "players": "3", "seat-0": "me", "seat-1": "friend", "seat-2": "bot-easy"}
    form.update({f"name-{k}": MARKUP[k] for k in range(3)})
    where = _open(client, **form)
    pages = [client.get(where).text, client.get(where + "/frame").text, client.get("/").text]
    boards = [svg for page in pages[:2] for svg in re.findall(r"<svg.*?</svg>", page, re.S)]
    assert boards, "no board drawn"
    for text in pages + boards:
        for raw in ("<script>alert", "<img src=x", "<svg onload", "]]></text><a"):
            assert raw not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[0]
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages[0]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"players": "two"}, "Players is a whole number"),
        ({"players": "9"}, "Annapurna takes 2-4 players"),
        ({"players": "-2"}, "Annapurna takes 2-4 players"),
        ({"game": "../annapurna"}, "choose a game"),
        ({"seat-1": "<b>someone</b>"}, "Player 2: choose who plays it"),
        ({"seat-1": "bot-genius"}, "a bot&#39;s level is one of"),
        ({"opt-annapurna-flag_target": "lots"}, "Flag target is a whole number"),
        ({"opt-annapurna-flag_target": "10" * 20}, "Flag target is a whole number from 1 to 100"),
        ({"opt-annapurna-mode": "<i>solo</i>"}, "Mode is one of competitive, cooperative"),
        ({"clock-minutes": "-1"}, "a clock is whole minutes and whole seconds"),
        ({"clock-minutes": "9" * 12}, "a clock&#39;s bank is 0-86400 s"),
        ({"clock-minutes": "5", "clock-takeover": "god"}, "no level &#39;god&#39;"),
        ({"name-0": "a\u202eb"}, "one line without control characters"),
    ],
)
def test_a_lobby_form_with_a_bad_field_is_refused_with_its_reason_and_opens_nothing(
    client: TestClient, change: dict[str, str], reason: str
) -> None:
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "bot-easy", **change}
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 422
    shown = re.search(r'<p class="error" role="alert">(.*?)</p>', response.text).group(1)
    assert reason in shown and "<" not in shown
    assert "/t/" not in client.get("/").text  # no table was opened


def test_a_tampered_link_cookie_is_a_missing_link_not_a_server_error(client: TestClient) -> None:
    where = _open(client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"})
    name = "t_" + where.rsplit("/", 1)[1]
    held = client.cookies.get(name)
    for forged in (
        base64.urlsafe_b64encode(b"[" * 2_500).decode(),  # nested past any parser's depth
        "%%%not-base64",
        base64.urlsafe_b64encode(b'{"play": 7, "invites": [1]}').decode(),
    ):
        client.cookies.set(name, forged)
        response = client.get(where)
        assert response.status_code == 403
        assert "this browser holds no link to that table" in response.text
    client.cookies.set(name, held)
    assert client.get(where).status_code == 200  # the real link still plays


def test_path_tricks_in_the_record_replay_and_static_addresses_show_no_file(
    client: TestClient,
) -> None:
    where = _open(client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"})
    table = where.rsplit("/", 1)[1]
    for path in (
        f"/t/..%2F{table}/record.json",
        f"/t/{table}%2F..%2F..%2Fmeeple.db/record.json",
        "/t/../../pyproject.toml/record.json",
        "/static/..%2F..%2Fserver%2Fapp.py",
        "/static/%2e%2e/%2e%2e/server/app.py",
        "/rulings/..%2F..%2Fserver",
        f"/api/tables/..%2F{table}/record",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "import" not in response.text and "SQLite" not in response.text
    for query, why in (
        ("viewer=..%2F..%2Fx", "the viewer is a seat number or spectator"),
        ("viewer=%3Cscript%3E", "the viewer is a seat number or spectator"),
        ("step=-1", ""),
        ("step=" + "9" * 30, ""),
    ):
        response = client.get(f"{where}/replay?{query}")
        assert 400 <= response.status_code < 500, query
        assert why in response.text and "<script>" not in response.text.split("</head>")[1]


def test_a_second_click_on_undo_takes_back_nothing_more(client: TestClient) -> None:
    where = _open(client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "hotseat"})
    for _ in range(60):
        text = current_frame(client, where)
        if "Undo my last move" in text:
            break
        client.post(
            where + "/move",
            data={
                "seat": field(text, "seat"),
                "at": field(text, "at"),
                "move": re.findall(r'name="move" value="([^"]+)"', text)[-1],
                "reveal": field(text, "reveal"),
            },
        )
    else:
        pytest.fail("no undo was offered in 60 moves")
    undo = re.search(r'hx-post="[^"]*/undo".*?</form>', text, re.S).group(0)
    form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', undo))
    assert form["at"] == field(text, "at")
    first = client.post(where + "/undo", data=form)
    number = int(re.search(r'data-move="(\d+)"', first.text).group(1))
    assert 'class="error"' not in first.text and number < int(form["at"])
    second = client.post(where + "/undo", data=form)
    assert second.status_code == 409
    assert "The table moved on before your undo arrived" in second.text
    assert int(re.search(r'data-move="(\d+)"', second.text).group(1)) == number
