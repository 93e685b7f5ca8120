"""Whole games in a real Chromium, played only by clicking, against a real server process."""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("browser tests need playwright (pip install playwright)", allow_module_level=True)

#: Short games (each still played to its end screen): a round limit, a low flag target.
SHORT = {
    "peach-festival": {"max_rounds": "4"},
    "annapurna": {"flag_target": "3"},
    "almanac": {},
}
GAMES = list(SHORT)
#: Longest a whole clicked game may take, in seconds (a loaded machine is slow).
GAME_DEADLINE = 900

pytestmark = pytest.mark.usefixtures("server_stays_well")


#: Chromium's own report of an answer with a 4xx status (a stale or illegal move answers 409 or
#: 422, which the page shows): the browser's network log, not an error of the page's scripts.
REFUSED = re.compile(r"^Failed to load resource: the server responded with a status of 4\d\d ")


class Watched:
    """A page whose console errors and uncaught exceptions are collected (``errors``), and
    Chromium's reports of refused requests apart (``refused``)."""

    def __init__(self, context, name: str):
        self.name = name
        self.page = context.new_page()
        self.errors: list[str] = []
        self.refused: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _console(self, message) -> None:
        if message.type == "error":
            (self.refused if REFUSED.match(message.text) else self.errors).append(message.text)


@contextmanager
def one_page(web_browser, name: str = "Ann", **context) -> Iterator[Watched]:
    """A watched page in a browser context of its own (``context``: Playwright's options of
    ``new_context``, such as ``viewport``), closed when the block ends."""
    ctx = web_browser.new_context(**context)
    try:
        yield Watched(ctx, name)
    finally:
        ctx.close()


def settle(page) -> None:
    """Wait until the page has loaded with its scripts and no htmx request or swap is under
    way: a frame that a request already sent will replace is not read or filled in."""
    page.wait_for_load_state("load")
    page.wait_for_function(
        "() => window.htmx && document.getElementById('frame')"
        " && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def open_table(page, server: str, game: str, seats: list[str], names: list[str]) -> str:
    """Open a table from the lobby by filling its form; returns the table's address."""
    page.goto(server + "/")
    page.check(f'input[name="game"][value="{game}"]')
    page.fill("#players", str(len(seats)))
    for option, value in SHORT[game].items():
        page.fill(f"#opt-{game}-{option}", value)
    for n, (seat, name) in enumerate(zip(seats, names, strict=True)):
        page.select_option(f"#seat-{n}", seat)
        page.fill(f"#name-{n}", name)
    page.click("button[type=submit].primary")
    page.wait_for_selector(".table-frame")
    return page.url


def frame_move(page) -> str:
    return page.locator("#frame > .table-frame").first.get_attribute("data-move") or ""


def click_a_move(page, rng: random.Random) -> bool:
    """Play one move by clicking (a board pick when the board offers one, else the list).

    Returns whether a move was played.
    """
    visible = page.locator(".move-list li:not([hidden]) button[name=move]")
    count = visible.count()
    if count == 0:
        return False
    before = frame_move(page)
    try:  # the frame may be swapped under the click by a push: then try again later
        picks = page.locator(".board .pick")
        on_board = picks.count()
        if on_board and rng.random() < 0.5:
            picks.nth(rng.randrange(on_board)).click(timeout=3_000)
            count = visible.count()
        confirming = page.locator(".confirm:not([hidden])").count() > 0
        if count and frame_move(page) == before and not confirming:
            visible.nth(rng.randrange(count)).click(timeout=3_000)
        if page.locator(".confirm:not([hidden])").count():
            page.click(".confirm-yes", timeout=3_000)
    except PlaywrightTimeout:
        return False
    try:
        page.wait_for_function(
            "before => { const f = document.querySelector('#frame > .table-frame');"
            " return f && (f.dataset.move !== before || document.querySelector('#frame .error')); }",
            arg=before,
            timeout=20_000,
        )
    except PlaywrightTimeout:
        return False
    return True


#: What the page shows now, read in one go: the hand-over's name, the view's owner, moves.
SCREEN = """() => {
  const title = document.querySelector('#handover-title');
  const viewing = document.querySelector('.viewing');
  return {
    handover: title ? title.textContent.replace('Pass the device to ', '') : null,
    viewing: viewing ? viewing.textContent.trim() : null,
    moves: document.querySelectorAll('.move-list button[name=move]').length,
  };
}"""


def finished(page) -> bool:
    return page.locator("#frame .end").count() > 0


@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_a_bot_play_a_whole_game_by_clicking_with_a_spectator_and_a_reload(
    web_browser, server: str, screenshots: Path, game: str
) -> None:
    rng = random.Random(game)
    ann_ctx, bo_ctx, eve_ctx = (web_browser.new_context() for _ in range(3))
    ann, bo, eve = Watched(ann_ctx, "Ann"), Watched(bo_ctx, "Bo"), Watched(eve_ctx, "Eve")
    try:
        table = open_table(
            ann.page, server, game, ["me", "friend", "bot-easy"], ["Ann", "<b>Bo</b>", ""]
        )
        invite = ann.page.input_value("#invite-1")
        watch = ann.page.input_value("#watch-link")
        assert "/join/" in invite and "/watch/" in watch
        bo.page.goto(invite)
        bo.page.wait_for_selector(".table-frame")
        assert bo.page.url == table  # the token does not stay in the address
        assert "&lt;b&gt;Bo&lt;/b&gt;'s view" in bo.page.inner_html(".viewing")
        eve.page.goto(watch)
        eve.page.wait_for_selector(".table-frame")
        assert "Spectator's view" in eve.page.inner_text(".viewing")
        played, reloaded, started = 0, False, time.monotonic()
        while not (finished(ann.page) and finished(bo.page)):
            assert time.monotonic() - started < GAME_DEADLINE, f"{game}: too slow"
            moved = False
            for person in (ann, bo, eve):  # stop at the first error, not at the deadline
                assert person.errors == [], f"{game}, {person.name}: {person.errors}"
            for person in (ann, bo):
                if not finished(person.page) and click_a_move(person.page, rng):
                    moved = True
                    played += 1
            if played >= 6 and not reloaded:
                ann.page.reload()  # the game goes on after a reload
                ann.page.wait_for_selector(".table-frame")
                reloaded = True
            if not moved:
                ann.page.wait_for_timeout(100)
        assert reloaded
        assert eve.page.locator(".move-list").count() == 0
        eve.page.wait_for_selector("#frame .end", timeout=20_000)
        for person in (ann, bo, eve):
            text = person.page.inner_text("#frame .end")
            assert "Final scores" in text and ("won" in text or "share" in text)
        ann.page.screenshot(path=str(screenshots / f"{game}-end.png"), full_page=True)
        # the replay: step back, then another seat's view
        ann.page.click("text=Watch the replay")
        ann.page.wait_for_url(re.compile(r"/replay"))
        settle(ann.page)  # a click before meeple.js runs would do nothing
        last = frame_move(ann.page)
        ann.page.click(".replay-prev")
        ann.page.wait_for_function(
            "last => document.querySelector('#frame > .table-frame').dataset.move !== last",
            arg=last,
        )
        ann.page.click(".replay-start")
        ann.page.wait_for_function(
            "() => document.querySelector('#frame > .table-frame').dataset.move === '0'"
        )
        settle(ann.page)
        ann.page.click(".replay-play")  # Play steps on by itself until pressed again
        assert ann.page.get_attribute(".replay-play", "aria-pressed") == "true"
        ann.page.wait_for_function(
            "() => Number(document.querySelector('#frame > .table-frame').dataset.move) >= 2",
            timeout=30_000,
        )
        ann.page.click(".replay-play")
        settle(ann.page)  # a step Play sent before the press lands: the form is not swapped
        assert ann.page.get_attribute(".replay-play", "aria-pressed") == "false"
        ann.page.select_option("#replay-viewer", "1")
        ann.page.fill("#replay-step", "3")
        ann.page.click(".replay-jump button[type=submit]")
        wait_for_step(ann.page, 3)
        settle(ann.page)
        assert "view" in ann.page.inner_text(".viewing")
        assert frame_move(ann.page) == "3"
        for person in (ann, bo, eve):
            assert person.errors == [], f"{game}, {person.name}: {person.errors}"
    finally:
        for ctx in (ann_ctx, bo_ctx, eve_ctx):
            ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_hotseat_game_hands_the_device_over_before_every_seats_view(
    web_browser, server: str, screenshots: Path, game: str
) -> None:
    rng = random.Random(game + "hotseat")
    with one_page(web_browser, "hotseat", viewport={"width": 360, "height": 740}) as screen:
        open_table(screen.page, server, game, ["me", "hotseat", "bot-easy"], ["Ann", "Bo", ""])
        page = screen.page
        # the very first view is behind a hand-over screen
        assert page.locator(".handover").count() == 1
        page.screenshot(path=str(screenshots / f"{game}-handover-phone.png"))
        handovers, handed_to, started = 0, None, time.monotonic()
        while not finished(page):
            assert time.monotonic() - started < GAME_DEADLINE, f"{game}: too slow"
            assert screen.errors == [], f"{game}: {screen.errors}"
            screen_now = page.evaluate(SCREEN)  # read at once: a push may swap the frame
            if screen_now["handover"] is not None:
                name = screen_now["handover"]
                assert not screen_now["moves"]  # nothing of a seat shows
                try:
                    page.click(".reveal", timeout=5_000)
                    page.wait_for_selector(".viewing", timeout=5_000)
                except PlaywrightTimeout:
                    continue  # replaced under the click: look again
                if page.evaluate(SCREEN)["viewing"] == f"{name}'s view":
                    handovers += 1
                    handed_to = name
                if handovers == 2:
                    page.screenshot(path=str(screenshots / f"{game}-table-phone.png"))
                continue
            # a seat's view is only ever the one the last hand-over opened
            assert screen_now["viewing"] in (None, "Spectator's view", f"{handed_to}'s view")
            if not click_a_move(page, rng):
                page.wait_for_timeout(100)
        assert handovers >= 2
        assert screen.errors == [], f"{game}: {screen.errors}"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_at_desktop_width(web_browser, server: str, screenshots: Path, game: str) -> None:
    with one_page(web_browser, "Ann", viewport={"width": 1280, "height": 900}) as person:
        open_table(person.page, server, game, ["me", "bot-easy"], ["Ann", ""])
        page = person.page
        page.wait_for_selector(".move-list button[name=move]")
        before = frame_move(page)
        page.locator(".move-list button[name=move]").first.focus()
        page.keyboard.press("Enter")  # the keyboard plays as the mouse does
        page.wait_for_function(
            "b => document.querySelector('#frame > .table-frame').dataset.move !== b", arg=before
        )
        announced, status = page.evaluate(  # read together: a push may change the status
            "() => [document.getElementById('announce').textContent,"
            " document.getElementById('status').firstChild.textContent.trim()]"
        )
        assert announced == status
        rng = random.Random(1)
        for _ in range(3):
            click_a_move(page, rng)
        person.page.screenshot(path=str(screenshots / f"{game}-table.png"), full_page=True)
        assert person.page.locator("section.board").count() == 1
        assert person.errors == []


def test_the_lobby_shows_the_chosen_games_options_and_one_row_per_seat(
    web_browser, server: str, screenshots: Path
) -> None:
    with one_page(web_browser, "Ann", viewport={"width": 360, "height": 900}) as person:
        page = person.page
        page.goto(server + "/")
        page.check('input[name="game"][value="annapurna"]')
        page.fill("#players", "3")
        page.dispatch_event("#players", "input")
        assert page.is_visible("#opt-annapurna-flag_target")
        assert not page.is_visible("#opt-peach-festival-max_rounds")
        assert page.is_visible("#seat-2") and not page.is_visible("#seat-3")
        page.screenshot(path=str(screenshots / "lobby-phone.png"), full_page=True)
        # the first climber is one of this table's seats or drawn by chance (AN-R13)
        offered = page.eval_on_selector_all(
            "#opt-annapurna-starter option", "os => os.map(o => [o.textContent, o.disabled])"
        )
        assert offered == [
            ["Player 1", False],
            ["Player 2", False],
            ["Player 3", False],
            ["Player 4", True],
            ["drawn by chance", False],
        ]
        page.select_option("#opt-annapurna-starter", "2")
        page.fill("#players", "2")
        page.dispatch_event("#players", "input")
        assert page.input_value("#opt-annapurna-starter") == "0"  # Player 3 left the table
        # the solo difficulty and the multiplayer round limit follow the player count
        page.check('input[name="game"][value="peach-festival"]')
        page.fill("#players", "1")
        page.dispatch_event("#players", "input")
        assert page.is_visible("#opt-peach-festival-difficulty")
        assert not page.is_visible("#opt-peach-festival-max_rounds")
        page.fill("#players", "3")
        page.dispatch_event("#players", "input")
        assert not page.is_visible("#opt-peach-festival-difficulty")
        assert page.is_visible("#opt-peach-festival-max_rounds")
        assert person.errors == []


def test_a_refused_move_answers_its_status_and_the_page_shows_why(web_browser, server: str) -> None:
    """The page offers only legal moves; a tampered form sends one that is not. The answer is
    422 with the rule's id, as from the JSON API, and htmx still shows the frame with the
    reason above it (meeple.js)."""
    with one_page(web_browser, "refused") as screen:
        page = screen.page
        open_table(page, server, "annapurna", ["me", "friend"], ["Ann", "Bo"])
        before = frame_move(page)
        page.evaluate(
            "() => { const b = document.querySelector('.move-list button[name=move]');"
            " b.value = 'explore z9'; delete b.dataset.confirm; }"
        )
        with page.expect_response(lambda r: r.url.endswith("/move")) as answer:
            page.click(".move-list button[name=move] >> nth=0")
        assert answer.value.status == 422
        page.wait_for_selector("#frame > .table-frame .error")
        shown = page.text_content("#frame > .table-frame .error") or ""
        assert "CORE-04" in shown
        assert frame_move(page) == before  # the table as it was, drawn once
        assert page.locator("#frame .table-frame").count() == 1
        assert screen.errors == []
        assert screen.refused == [
            "Failed to load resource: the server responded with a status of 422 "
            "(Unprocessable Entity)"
        ]


def test_the_almanac_board_fits_a_phone_and_a_legal_move_on_it_is_clicked(
    web_browser, server: str, screenshots: Path
) -> None:
    with one_page(web_browser, "Ann", viewport={"width": 360, "height": 740}) as person:
        page = person.page
        open_table(page, server, "almanac", ["me", "bot-easy"], ["Ann", ""])
        page.wait_for_selector(".board .pick")
        sizes = page.evaluate(
            "() => { const svg = document.querySelector('.board svg');"
            " const box = svg.getBoundingClientRect();"
            " const sm = svg.querySelector('text.sm').getBoundingClientRect();"
            " return {page: document.documentElement.scrollWidth, view: window.innerWidth,"
            " board: box.right, scale: box.width / svg.viewBox.baseVal.width}; }"
        )
        assert sizes["page"] <= sizes["view"], sizes  # no sideways scrolling
        assert sizes["board"] <= sizes["view"], sizes
        assert sizes["scale"] * 14 >= 12, sizes  # the small text is still 12 px
        page.screenshot(path=str(screenshots / "almanac-phone.png"), full_page=True)
        before = frame_move(page)
        pick = page.locator(".board .pick[data-moves]").first
        pick.scroll_into_view_if_needed()
        pick.click()
        if page.locator(".confirm:not([hidden])").count():
            page.click(".confirm-yes")
        elif page.locator(".move-list li:not([hidden]) button[name=move]").count() != 1:
            page.locator(".move-list li:not([hidden]) button[name=move]").first.click()
        page.wait_for_function(
            "b => document.querySelector('#frame > .table-frame').dataset.move !== b", arg=before
        )
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert person.errors == []


#: The end screen's measures at the window's size: the page's and the viewport's widths, each
#: end-screen table's overflow, its smallest text in px, whether the scores are a table, and
#: the smallest text of the board's Ascents (its font size times the drawing's scale).
END_SIZES = """() => {
  const end = document.querySelector('#frame .end');
  const sizes = [...end.querySelectorAll('*')]
    .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(e => e.getClientRects().length && !e.closest('.scores thead'))
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  const svg = document.querySelector('.board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const ascents = [...svg.querySelectorAll('g.an-ascents text')]
    .map(t => parseFloat(t.getAttribute('font-size')) * scale);
  return {
    page: document.documentElement.scrollWidth, view: window.innerWidth,
    tables: [...end.querySelectorAll('table')].map(t => t.getBoundingClientRect().right),
    overflow: [...end.querySelectorAll('.scroll')].map(s => s.scrollWidth - s.clientWidth),
    text: Math.min(...sizes),
    rowsAsTable: getComputedStyle(end.querySelector('.scores tbody tr')).display === 'table-row',
    ascents: ascents.length ? Math.min(...ascents) : null,
  };
}"""


def test_a_finished_annapurna_games_end_screen_fits_a_phone_and_a_desktop(
    web_browser, server: str, screenshots: Path
) -> None:
    """Four bots play a short Expedition to its end; at 360 px the final scores (one card per
    climber) and the flags per Ascent fit the screen with no sideways scrolling and text of
    12 px at least, the board's Ascents too; at 1280 px the scores are a table again."""
    with one_page(web_browser, "Eve", viewport={"width": 360, "height": 740}) as person:
        page = person.page
        open_table(page, server, "annapurna", ["bot-easy"] * 4, [""] * 4)
        page.wait_for_selector("#frame .end", timeout=GAME_DEADLINE * 1000)
        phone = page.evaluate(END_SIZES)
        page.screenshot(path=str(screenshots / "annapurna-end-phone.png"), full_page=True)
        assert phone["page"] <= phone["view"], phone  # no sideways scrolling
        assert all(right <= phone["view"] for right in phone["tables"]), phone
        assert all(extra <= 0 for extra in phone["overflow"]), phone
        assert phone["text"] >= 12 and not phone["rowsAsTable"], phone
        assert phone["ascents"] is not None and phone["ascents"] >= 12, phone
        assert page.locator(".scores .part-name").first.is_visible()
        page.set_viewport_size({"width": 1280, "height": 900})
        desk = page.evaluate(END_SIZES)
        page.screenshot(path=str(screenshots / "annapurna-end-desktop.png"), full_page=True)
        assert desk["page"] <= desk["view"] and desk["rowsAsTable"], desk
        assert page.locator(".scores thead th").first.is_visible()
        assert not page.locator(".scores .part-name").first.is_visible()
        assert person.errors == []


def finished_bot_table(page, server: str, game: str) -> str:
    """Open a table of two bots and wait for its end screen; returns the table's address."""
    table = open_table(page, server, game, ["bot-easy", "bot-medium"], ["", ""])
    page.wait_for_selector("#frame .end", timeout=GAME_DEADLINE * 1000)
    return table


def wait_for_step(page, step: int) -> None:
    page.wait_for_function(
        "s => document.querySelector('#frame > .table-frame').dataset.move === String(s)",
        arg=step,
    )


def shown_step(page) -> tuple[int, dict]:
    """The step the frame shows and the address's query (``viewer``, ``step``)."""
    query = dict(p.split("=", 1) for p in page.url.split("?", 1)[1].split("&"))
    return int(frame_move(page)), query


#: Each replay control in sight: its label, its icon's and its label's drawn size, its box.
CONTROLS = """() => Array.from(document.querySelectorAll(
    '.replay-controls .button, .replay-controls button, #replay-step, #replay-viewer,'
    + ' .replay-jump button')).map(el => {
  const box = el.getBoundingClientRect();
  const label = el.querySelector('.label');
  const icon = el.querySelector('svg.icon path');
  return {
    text: el.textContent.trim(),
    label: label ? label.getBoundingClientRect().width : null,
    icon: icon ? icon.getBBox().width * icon.getBBox().height : null,
    iconShown: icon ? el.querySelector('svg.icon').getBoundingClientRect().width : null,
    cut: el.scrollWidth > el.clientWidth + 1,
    top: box.top, bottom: box.bottom, left: box.left, right: box.right,
  };
})"""


def test_a_replays_controls_are_in_a_phones_first_screen_drawn_and_the_address_follows_each_step(
    web_browser, server: str, screenshots: Path
) -> None:
    context = web_browser.new_context(viewport={"width": 360, "height": 740})
    person = Watched(context, "Ann")
    page = person.page
    try:
        table = finished_bot_table(page, server, "peach-festival")
        page.goto(table + "/replay")
        page.wait_for_selector(".replay-controls")
        page.evaluate("document.fonts.ready")
        steps = int(frame_move(page))
        page.screenshot(path=str(screenshots / "replay-end-360.png"))
        controls = page.evaluate(CONTROLS)
        buttons = [c for c in controls if c["label"] is not None]
        # the step buttons: words in any font, an icon drawn (no glyph a font may lack)
        assert [c["text"] for c in buttons] == ["Start", "Back", "Play", "Next", "End"]
        for c in buttons:
            assert c["label"] > 15 and c["icon"] > 10 and c["iconShown"] > 8, c
            assert not c["cut"], c
        # every control, the step jump and "View of" too, in the first screen of a phone
        assert len(controls) == 8
        for c in controls:
            assert c["top"] >= 0 and c["bottom"] <= 740 and c["left"] >= 0 and c["right"] <= 360, c
        # scrolled down to the board, the step buttons stay in sight
        page.mouse.wheel(0, 2500)
        page.wait_for_function("() => window.scrollY > 1000")
        for c in page.evaluate(CONTROLS)[:5]:
            assert c["top"] >= 0 and c["bottom"] <= 740, c
        # ...and so does the move shown, beside them
        at = page.locator(".replay-at").bounding_box()
        assert at is not None and at["y"] >= 0 and at["y"] + at["height"] <= 740
        assert at["x"] + at["width"] <= 360
        assert page.inner_text(".replay-at").split() == [str(steps), f"/{steps}"]
        page.screenshot(path=str(screenshots / "replay-scrolled-360.png"))
        # the address names the step shown after every control: Back, Next, Start, Play, jump
        page.click(".replay-prev")
        wait_for_step(page, steps - 1)
        assert shown_step(page) == (steps - 1, {"viewer": "spectator", "step": str(steps - 1)})
        page.click(".replay-next")
        wait_for_step(page, steps)
        assert shown_step(page)[1]["step"] == str(steps)
        page.click(".replay-start")
        wait_for_step(page, 0)
        assert shown_step(page)[1]["step"] == "0"
        page.click(".replay-play")
        page.wait_for_function(
            "() => Number(document.querySelector('#frame > .table-frame').dataset.move) >= 2",
            timeout=20_000,
        )
        page.click(".replay-play")
        assert page.get_attribute(".replay-play", "aria-pressed") == "false"
        page.wait_for_timeout(1_200)  # a step asked for before the press may still arrive
        step, query = shown_step(page)
        assert query["step"] == str(step) and step >= 2
        page.fill("#replay-step", "5")
        page.select_option("#replay-viewer", "1")
        page.click(".replay-jump button[type=submit]")
        wait_for_step(page, 5)
        assert "medium bot's view" in page.inner_text(".viewing")
        assert shown_step(page)[1] == {"viewer": "1", "step": "5"}
        # the keyboard steps on: the pressed control keeps the focus
        page.focus(".replay-next")
        page.keyboard.press("Enter")
        wait_for_step(page, 6)
        assert shown_step(page)[1] == {"viewer": "1", "step": "6"}
        page.wait_for_function(  # the focus comes back once the new step has settled
            "() => document.activeElement.classList.contains('replay-next')", timeout=5_000
        )
        page.click(".replay-next")
        wait_for_step(page, 7)
        page.go_back()  # the browser's Back goes one step back, the address with it
        wait_for_step(page, 6)
        assert shown_step(page)[1] == {"viewer": "1", "step": "6"}
        assert page.input_value("#replay-step") == "6"
        page.reload()  # a reload (or the address shared) shows the same step and view
        page.wait_for_selector(".replay-controls")
        assert frame_move(page) == "6" and "medium bot's view" in page.inner_text(".viewing")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=str(screenshots / "replay-6-1280.png"))
        assert person.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_replay_view_names_who_was_to_play_and_offers_no_move(
    web_browser, server: str, game: str
) -> None:
    context = web_browser.new_context(viewport={"width": 360, "height": 740})
    person = Watched(context, "Ann")
    page = person.page
    try:
        table = finished_bot_table(page, server, game)
        page.goto(table + "/replay")
        steps = int(frame_move(page))
        acted = 0
        for step in range(steps):  # until seat 0 has been to play twice (a deal comes first)
            if acted >= 2:
                break
            page.goto(f"{table}/replay?viewer=0&step={step}")
            page.wait_for_selector(".replay-controls")
            status = page.inner_text("#status")
            board = page.inner_text(".board")
            assert "Your turn" not in status and "you" not in status.split(), (step, status)
            for invite in ("Your turn", "Your move", "waiting for You"):
                assert invite not in board, (step, board)
            assert page.locator(".move-list, .board .pick, form[hx-post$='/move']").count() == 0
            if page.locator(".seat.mine.acting").count():
                acted += 1
                assert "easy bot" in status, (step, status)  # the seat's own name
        assert acted == 2, f"seat 0 was to play at no step: {status}"
        assert person.errors == []
    finally:
        context.close()


def test_the_lobby_refuses_a_player_count_out_of_the_games_range_and_keeps_a_refused_form(
    web_browser, server: str, screenshots: Path
) -> None:
    context = web_browser.new_context(viewport={"width": 360, "height": 900})
    person = Watched(context, "Ann")
    try:
        page = person.page
        page.goto(server + "/")
        page.check('input[name="game"][value="almanac"]')
        page.fill("#players", "9")
        page.dispatch_event("#players", "input")
        assert page.input_value("#players") == "9"  # not changed behind the person's back
        assert "takes 2–4 players, not 9" in page.inner_text("#players-range")
        page.click("button[type=submit].primary")
        assert page.url == server + "/"  # the browser refused to send it
        assert page.eval_on_selector("#players", "e => e.validationMessage").endswith(
            "takes 2–4 players"
        )
        page.screenshot(path=str(screenshots / "lobby-players-9.png"), full_page=True)
        # a refused option: the page comes back with the person's choices and the reason
        page.check('input[name="game"][value="annapurna"]')
        page.fill("#players", "3")
        page.dispatch_event("#players", "input")
        page.fill("#opt-annapurna-flag_target", "-3")
        page.eval_on_selector("#opt-annapurna-flag_target", "e => e.removeAttribute('min')")
        page.select_option("#seat-1", "friend")
        page.fill("#name-1", "<b>Bo</b>")
        page.click("button[type=submit].primary")
        page.wait_for_selector("#err-opt-annapurna-flag_target")
        assert page.is_checked('input[name="game"][value="annapurna"]')
        assert page.input_value("#players") == "3" and page.is_visible("#seat-2")
        assert page.input_value("#opt-annapurna-flag_target") == "-3"
        assert (
            page.input_value("#seat-1") == "friend" and page.input_value("#name-1") == "<b>Bo</b>"
        )
        assert "Flag target is a whole number from 1 to 100" in page.inner_text(
            "#err-opt-annapurna-flag_target"
        )
        page.screenshot(path=str(screenshots / "lobby-flag-refused.png"), full_page=True)
        assert [e for e in person.errors if "422" not in e] == []
    finally:
        context.close()
