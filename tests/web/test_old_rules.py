"""A game of other rules than the installed ones, in the browser: a finished one opens as its
replay, drawn from what each viewer saw; one in progress says it cannot be continued here.
The older version is faked by editing the stored one (no real version numbers)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from meeple.server import Settings
from meeple.server.db import TableRow, open_engine
from meeple.web import create_app

from .conftest import roomy_settings

OLD = "0.0-older"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return roomy_settings(tmp_path)


def _open(client: TestClient, seat_1: str) -> str:
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": seat_1}
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"]


def _play_to_end(client: TestClient, where: str) -> None:
    for _ in range(3_000):
        text = client.get(where + "/frame").text
        if 'class="end"' in text:
            return
        moves = re.findall(r'name="move" value="([^"]+)"', text)
        if moves:
            at = re.search(r'name="at" value="(\d+)"', text).group(1)
            client.post(where + "/move", data={"seat": "0", "at": at, "move": moves[0]})
    raise AssertionError("the game did not end")


def _table(
    settings: Settings, seat_1: str, *, to_end: bool = False, look: str | None = None
) -> tuple[str, dict[str, str], str]:
    """A two-seat Annapurna table against ``seat_1``, opened by one browser (the game played to
    its end with ``to_end``): its address, that browser's cookies, and the text of the page
    ``look`` (below the table) showed it then."""
    with TestClient(create_app(settings)) as client:
        where = _open(client, seat_1)
        if to_end:
            _play_to_end(client, where)
        cookies = dict(client.cookies)
        seen = client.get(where + look).text if look else ""
    return where, cookies, seen


def _stored(settings: Settings, where: str, **values: str) -> None:
    """Edit the stored row of the table at ``where`` (e.g. its rules version)."""
    engine = open_engine(settings.database_url())
    with Session(engine) as s, s.begin():
        s.execute(update(TableRow).where(TableRow.id == where.rsplit("/", 1)[1]).values(**values))
    engine.dispose()


def _browser(settings: Settings, cookies: dict[str, str]) -> TestClient:
    """A new server on the same data, the same browser coming back."""
    return TestClient(create_app(settings), cookies=cookies)


def test_a_finished_game_of_older_rules_opens_as_its_replay_from_any_view(
    settings: Settings,
) -> None:
    frame = "/replay?viewer=0&step=7&partial=1"
    where, cookies, before = _table(settings, "bot-easy", to_end=True, look=frame)
    _stored(settings, where, rules_version=OLD)
    with _browser(settings, cookies) as client:
        page = client.get(where)
        assert page.status_code == 200 and page.url.path == where + "/replay"
        assert f"Played under Annapurna rules {OLD}" in page.text
        assert "Final scores" in page.text and "<svg" in page.text
        assert "ws-connect" not in page.text  # a finished game does not change
        steps = int(re.search(r"of (\d+)", page.text).group(1))
        assert steps > 7
        after = client.get(where + frame).text
        # the same frame as under the rules it was played with, but the version line
        assert re.sub(r'<p class="rules-version">[^<]*</p>\n?', "", after) == before
        for viewer in ("1", "spectator"):
            r = client.get(where + f"/replay?viewer={viewer}&step={steps // 2}")
            assert r.status_code == 200 and 'class="button replay-next"' in r.text
        download = client.get(where + "/record.json")
        assert download.status_code == 200 and OLD in download.text


def test_a_game_in_progress_under_older_rules_says_it_cannot_be_continued_here(
    settings: Settings,
) -> None:
    where, cookies, _ = _table(settings, "friend")
    _stored(settings, where, rules_version=OLD)
    with _browser(settings, cookies) as client:
        page = client.get(where)
        assert page.status_code == 409
        assert "This game was played under other rules" in page.text
        assert OLD in page.text and "not over" in page.text
        assert "record.json" not in page.text  # the record holds every hidden card


def test_a_finished_game_no_longer_installed_offers_its_record_instead_of_a_replay(
    settings: Settings,
) -> None:
    where, cookies, _ = _table(settings, "bot-easy", to_end=True)
    _stored(settings, where, game="gone")
    with _browser(settings, cookies) as client:
        page = client.get(where)
        assert page.status_code == 409
        assert "gone is not installed here" in page.text
        assert f"{where}/record.json" in page.text
        assert client.get(where + "/record.json").status_code == 200
        assert "gone" in client.get("/").text  # still listed for the browser that opened it
