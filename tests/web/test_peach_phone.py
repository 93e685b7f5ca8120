"""The Peach Festival's board on a 360 px phone and a desktop, in a real Chromium."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.web.test_browser import (
    PlaywrightTimeout,
    Watched,
    click_a_move,
    frame_move,
    open_table,
)

pytestmark = pytest.mark.usefixtures("server_stays_well")

#: The smallest text a phone shows legibly, in CSS px.
LEGIBLE_PX = 12
#: The smallest side of a tap target on a phone, in CSS px.
TAP_PX = 24

#: Every text of the board: its drawn font size (its font size in user units times the
#: board's scale on the screen, read from getScreenCTM) and what it says; the page's width,
#: the window's and the board's right edge; every pick's drawn box.
MEASURE = """() => {
  const svg = document.querySelector('.board svg');
  const texts = [...svg.querySelectorAll('text')].map(t => {
    const m = t.getScreenCTM();
    const scale = Math.hypot(m.a, m.b);
    const box = t.getBoundingClientRect();
    return {px: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent,
            left: box.left, right: box.right};
  });
  const picks = [...svg.querySelectorAll('.pick')].map(p => {
    const b = p.getBoundingClientRect();
    return {w: b.width, h: b.height, label: p.getAttribute('aria-label')};
  });
  return {page: document.documentElement.scrollWidth, view: window.innerWidth,
          board: svg.getBoundingClientRect().right, start: svg.getBoundingClientRect().left,
          width: svg.getBoundingClientRect().width, texts, picks};
}"""


def _open_solo(page, server: str) -> None:
    """Open a solo table from the lobby (the solo game has its own options: the defaults)."""
    page.goto(server + "/")
    page.check('input[name="game"][value="peach-festival"]')
    page.fill("#players", "1")
    page.fill("#name-0", "Ann")
    page.click("button[type=submit].primary")
    page.wait_for_selector(".table-frame")


def _measure(page) -> dict:
    return page.evaluate(MEASURE)


def _assert_phone_legible(sizes: dict) -> None:
    assert sizes["page"] <= sizes["view"], sizes["page"]  # no sideways scrolling
    assert sizes["board"] <= sizes["view"], sizes["board"]
    small = [t for t in sizes["texts"] if t["px"] < LEGIBLE_PX - 0.01]
    assert sizes["texts"] and not small, small[:5]
    tiny = [p for p in sizes["picks"] if min(p["w"], p["h"]) < TAP_PX]
    assert not tiny, tiny[:5]
    outside = [
        t for t in sizes["texts"] if t["left"] < sizes["start"] or t["right"] > sizes["board"]
    ]
    assert not outside, outside[:5]  # no words run off the board


#: The board's picks not yet picked whose moves are among the moves the list still shows.
FITTING = """() => {
  const left = new Set([...document.querySelectorAll('.move-list li:not([hidden])')]
    .map(li => li.dataset.index));
  return [...document.querySelectorAll('.board .pick[data-moves]')]
    .map((el, i) => [el, i])
    .filter(([el]) => !el.classList.contains('picked')
      && el.dataset.moves.split(' ').some(m => left.has(m)))
    .map(([, i]) => i);
}"""


def _tap_a_move(page, rng: random.Random) -> bool:
    """Play one move by tapping the board alone: a pick that fits the moves left, until the
    page plays the one move left (asking first when one part alone does not name it).

    Returns whether a move was played (a push from another seat may swap the board under a
    tap: then it is not, and the caller tries again).
    """
    before = frame_move(page)
    try:
        for _ in range(6):
            fitting = page.evaluate(FITTING)
            if not fitting:
                return False
            page.locator(".board .pick[data-moves]").nth(rng.choice(fitting)).tap(timeout=3_000)
            if page.locator(".confirm:not([hidden])").count():
                page.click(".confirm-yes", timeout=3_000)
                break
            left = page.locator(".move-list li:not([hidden]) button[name=move]").count()
            if frame_move(page) != before or left <= 1:  # the page plays the one move left
                break
        page.wait_for_function(
            "b => document.querySelector('#frame > .table-frame').dataset.move !== b",
            arg=before,
            timeout=20_000,
        )
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.parametrize("players", [3, 1])
def test_the_peach_festival_board_on_a_phone_has_legible_text_and_no_sideways_scroll(
    web_browser, server: str, screenshots: Path, players: int
) -> None:
    context = web_browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    person = Watched(context, "Ann")
    try:
        page = person.page
        if players > 1:
            seats = ["me"] + ["bot-easy"] * (players - 1)
            open_table(page, server, "peach-festival", seats, ["Ann"] + [""] * (players - 1))
        else:
            _open_solo(page, server)
        page.wait_for_selector(".board .pick")
        sizes = _measure(page)
        page.screenshot(path=str(screenshots / f"peach-phone-{players}-start.png"), full_page=True)
        _assert_phone_legible(sizes)
        rng = random.Random(3)
        played = 0
        for _ in range(12):
            page.wait_for_selector(".board .pick[data-moves]", timeout=20_000)
            if _tap_a_move(page, rng):
                played += 1
            if played >= 4:
                break
        assert played >= 4
        page.wait_for_selector(".board svg")
        sizes = _measure(page)
        page.screenshot(path=str(screenshots / f"peach-phone-{players}-play.png"), full_page=True)
        _assert_phone_legible(sizes)
        assert person.errors == []
    finally:
        context.close()


def test_the_peach_festival_board_on_a_desktop_sits_beside_the_moves_at_a_bounded_width(
    web_browser, server: str, screenshots: Path
) -> None:
    context = web_browser.new_context(viewport={"width": 1280, "height": 900})
    person = Watched(context, "Ann")
    try:
        page = person.page
        open_table(page, server, "peach-festival", ["me", "bot-easy"], ["Ann", ""])
        page.wait_for_selector(".move-list button[name=move]")
        rng = random.Random(2)
        for _ in range(3):
            click_a_move(page, rng)
        page.wait_for_selector(".board svg")
        boxes = page.evaluate(
            "() => { const b = document.querySelector('.board svg').getBoundingClientRect();"
            " const m = document.querySelector('.moves').getBoundingClientRect();"
            " return {board: [b.left, b.right, b.width], moves: [m.left, m.top],"
            " top: b.top, page: document.documentElement.scrollWidth}; }"
        )
        page.screenshot(path=str(screenshots / "peach-desktop.png"), full_page=False)
        assert boxes["page"] <= 1280, boxes
        assert boxes["moves"][0] >= boxes["board"][1], boxes  # the moves beside the board
        assert 400 <= boxes["board"][2] <= 640, boxes  # readable, not absurdly large
        sizes = _measure(page)
        assert min(t["px"] for t in sizes["texts"]) >= LEGIBLE_PX
        assert person.errors == []
    finally:
        context.close()
