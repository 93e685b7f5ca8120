"""Annapurna's board on a 360 px phone and a desktop, in a real Chromium."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.web.test_browser import Watched, click_a_move, open_table
from tests.web.test_peach_phone import (
    LEGIBLE_PX,
    MEASURE,
    _assert_phone_legible,
    _tap_a_move,
)

pytestmark = pytest.mark.usefixtures("server_stays_well")


def test_the_annapurna_board_on_a_phone_has_legible_text_big_taps_and_no_sideways_scroll(
    web_browser, server: str, screenshots: Path
) -> None:
    """At 360x740 against two bots: no sideways scrolling, every text of the board at least
    12 px as drawn (its font size times getScreenCTM's scale), every pick at least 24 px, no
    word off the board; moves played by tapping the board alone keep it so."""
    context = web_browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    person = Watched(context, "Ann")
    try:
        page = person.page
        open_table(page, server, "annapurna", ["me", "bot-easy", "bot-easy"], ["Ann", "", ""])
        page.wait_for_selector(".board .pick[data-moves]", timeout=20_000)
        sizes = page.evaluate(MEASURE)
        page.screenshot(path=str(screenshots / "annapurna-phone-start.png"), full_page=True)
        _assert_phone_legible(sizes)
        assert 320 <= sizes["width"] <= 340, sizes["width"]  # the board box of a 360 px phone
        rng = random.Random(5)
        played = 0
        for _ in range(16):
            page.wait_for_selector(".board .pick[data-moves]", timeout=30_000)
            if _tap_a_move(page, rng):
                played += 1
                sizes = page.evaluate(MEASURE)
                _assert_phone_legible(sizes)
            if played >= 5:
                break
        assert played >= 5
        page.screenshot(path=str(screenshots / "annapurna-phone-play.png"), full_page=True)
        assert person.errors == []
    finally:
        context.close()


def test_the_annapurna_board_on_a_desktop_sits_beside_the_moves_at_a_bounded_width(
    web_browser, server: str, screenshots: Path
) -> None:
    """At 1280x900 the one-column board is as wide as reads well (not the 960 px it once
    was, where its smallest text stood out large and the Ascent table small), the moves
    beside it."""
    context = web_browser.new_context(viewport={"width": 1280, "height": 900})
    person = Watched(context, "Ann")
    try:
        page = person.page
        open_table(page, server, "annapurna", ["me", "bot-easy"], ["Ann", ""])
        page.wait_for_selector(".move-list button[name=move]", timeout=20_000)
        rng = random.Random(2)
        for _ in range(3):
            click_a_move(page, rng)
        page.wait_for_selector(".board svg")
        boxes = page.evaluate(
            "() => { const b = document.querySelector('.board svg').getBoundingClientRect();"
            " const m = document.querySelector('.moves').getBoundingClientRect();"
            " return {board: [b.left, b.right, b.width], moves: [m.left, m.top],"
            " page: document.documentElement.scrollWidth}; }"
        )
        page.screenshot(path=str(screenshots / "annapurna-desktop.png"), full_page=False)
        assert boxes["page"] <= 1280, boxes
        assert boxes["moves"][0] >= boxes["board"][1], boxes  # the moves beside the board
        assert 400 <= boxes["board"][2] <= 640, boxes  # readable, not absurdly large
        sizes = page.evaluate(MEASURE)
        assert min(t["px"] for t in sizes["texts"]) >= LEGIBLE_PX + 2
        assert person.errors == []
    finally:
        context.close()
