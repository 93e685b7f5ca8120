"""Clicking a board in a real Chromium: picks narrow the move list, one move left is played.

The page is the real frame (real htmx, the real page script) around a board whose clickable
parts name known moves; the browser's requests are answered here, so the test sees exactly
what a click sends.
"""

from __future__ import annotations

from importlib.resources import files
from urllib.parse import parse_qs

import pytest

from meeple.web import boards, pages
from tests.web.test_pages import play, view_of

ORIGIN = "http://table.test"


def board_with_picks(observation: dict, moves: list[tuple[str, str]]) -> str:
    """Parts for moves 0-2 and 0 and 3 (one group, say two dice), 1 and 3, and 2 alone."""

    def part(x: int, label: str, moves: str, group: str = "") -> str:
        grouped = f' data-group="{group}"' if group else ""
        return (
            f'<rect class="pick" data-moves="{moves}"{grouped} tabindex="0" role="button"'
            f' aria-label="{label}" x="{x}" width="40" height="40"/>'
        )

    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" role="img">'
        "<title>Test board</title><desc>Four parts</desc>"
        + part(0, "left", "0 1 2", "dice")
        + part(50, "other", "0 3", "dice")
        + part(100, "right", "1 3")
        + part(150, "single", "2")
        + "</svg>"
    )


@pytest.fixture
def table_page(web_browser, monkeypatch):
    """A table page for seat 0 of a Peach Festival game with at least 4 moves; the posted
    moves are collected in ``page.posted``."""
    monkeypatch.setattr(boards, "find_board", lambda name: board_with_picks)
    state = play("peach-festival", 2, 8, seed=11)
    seat = state.acting_seats()[0]
    view = view_of(state, seat)
    assert len(view["legal"]) >= 4
    view["legal"][3]["writes_nothing"] = True
    inner = pages.render_view(view, pages.Frame(table_id="t1"))
    shell = (
        pages.environment()
        .get_template("table.html")
        .render(title="t", table_id="t1", inner=pages.Markup(inner), move_number=0)
    )
    shell = shell.replace('ws-connect="/t/t1/live"', "")  # no live socket in this test
    context = web_browser.new_context()
    page = context.new_page()
    posted: list[dict[str, str]] = []
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    static = files("meeple.web") / "static"

    def answer(route) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            body = (static / path.removeprefix("/static/")).read_bytes()
            kind = "text/css" if path.endswith(".css") else "text/javascript"
            route.fulfill(body=body, content_type=kind)
        elif path.startswith("/t/t1/frame"):
            page.refreshed += 1
            route.fulfill(body=inner, content_type="text/html")
        elif path == "/t/t1/move":
            fields = parse_qs(route.request.post_data or "")
            posted.append({k: v[-1] for k, v in fields.items()})
            route.fulfill(body=inner, content_type="text/html")
        else:
            route.fulfill(body=shell, content_type="text/html")

    page.refreshed = 0
    page.route(ORIGIN + "/**", answer)
    page.goto(ORIGIN + "/t/t1")
    page.wait_for_function("window.htmx !== undefined")
    page.posted = posted
    page.view = view
    yield page
    assert errors == []
    context.close()


def shown(page) -> list[int]:
    return [
        int(i)
        for i in page.eval_on_selector_all(
            ".move-list li:not([hidden])", "items => items.map(li => li.dataset.index)"
        )
    ]


def test_a_pick_narrows_the_move_list_to_its_moves_and_clear_resets_it(table_page) -> None:
    page = table_page
    every = list(range(len(page.view["legal"])))
    assert shown(page) == every
    page.click('.pick[aria-label="left"]')
    assert shown(page) == [0, 1, 2]
    assert page.get_attribute('.pick[aria-label="left"]', "aria-pressed") == "true"
    assert page.is_visible(".pick-bar")
    page.click(".clear-picks")
    assert shown(page) == every
    assert page.posted == []


def test_a_part_that_alone_names_one_move_plays_it(table_page) -> None:
    page = table_page
    page.focus('.pick[aria-label="single"]')
    page.keyboard.press("Enter")  # the keyboard picks as a click does
    page.wait_for_timeout(300)
    assert [p["move"] for p in page.posted] == [page.view["legal"][2]["move"]]
    sent = page.posted[0]
    assert sent["at"] == str(page.view["move_number"]) and sent["seat"] == str(page.view["viewer"])


def test_picks_that_leave_one_move_ask_before_playing_it(table_page) -> None:
    page = table_page
    page.click('.pick[aria-label="left"]')
    page.click('.pick[aria-label="right"]')
    assert shown(page) == [1]
    assert page.is_visible(".confirm")
    assert page.inner_text("#confirm-text").startswith("Play: ")
    assert page.posted == []
    page.keyboard.press("Enter")  # the confirmation has the focus
    page.wait_for_timeout(300)
    assert [p["move"] for p in page.posted] == [page.view["legal"][1]["move"]]


def test_a_pick_replaces_an_earlier_one_of_its_group_and_a_second_click_takes_it_back(
    table_page,
) -> None:
    page = table_page
    page.click('.pick[aria-label="left"]')
    page.click('.pick[aria-label="other"]')  # the same group: 0 3, not 0 1 2 and 0 3
    assert shown(page) == [0, 3]
    assert page.get_attribute('.pick[aria-label="left"]', "aria-pressed") == "false"
    page.click('.pick[aria-label="other"]')
    assert shown(page) == list(range(len(page.view["legal"])))
    assert page.posted == []


def test_a_move_that_writes_nothing_asks_before_it_is_played(table_page) -> None:
    page = table_page
    page.click('.move-list button[data-index="3"]')
    assert page.is_visible(".confirm")
    assert "writes nothing" in page.inner_text("#confirm-text")
    assert page.posted == []
    page.click(".confirm-no")
    assert not page.is_visible(".confirm") and page.posted == []
    page.click('.move-list button[data-index="3"]')
    page.click(".confirm-yes")
    page.wait_for_timeout(300)
    assert [p["move"] for p in page.posted] == [page.view["legal"][3]["move"]]


def test_picks_survive_a_push_that_leaves_the_seats_moves_as_they_were(table_page) -> None:
    page = table_page
    page.click('.pick[aria-label="left"]')
    page.evaluate("() => { document.querySelector('.board svg').dataset.old = '1'; }")
    page.evaluate(
        "() => { document.getElementById('pulse').dataset.seq = '1';"
        " document.dispatchEvent(new CustomEvent('htmx:wsAfterMessage')); }"
    )
    page.wait_for_selector(".board svg:not([data-old])")  # the frame was fetched again
    assert page.refreshed == 1
    assert shown(page) == [0, 1, 2]
    assert page.get_attribute('.pick[aria-label="left"]', "aria-pressed") == "true"
