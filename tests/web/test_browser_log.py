"""Another seat's moves in a person's log, in a real Chromium against a real server process:
a bot's every move is told as a sentence in the game's words, its name escaped, and nothing
that seat keeps hidden is in it."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest

try:
    import playwright.sync_api  # noqa: F401
except ImportError:
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("browser tests need playwright (pip install playwright)", allow_module_level=True)

import meeple

from .test_browser import click_a_move, one_page, open_table

pytestmark = pytest.mark.usefixtures("server_stays_well")

#: The bot's name: markup and an ampersand, to be shown as typed and never as markup.
BOT = "<i>R&D</i> bot"
#: Longest a test plays before the bot has made the moves it looks at, in seconds.
DEADLINE = 300

#: Each game's notations, as a move list would send them: none of them is in a sentence.
NOTATION = {
    # buy c0, keep k7, complete k10, good dew, drop eve (cards by number, goods by code)
    "almanac": re.compile(r"\b[cks]\d+\b|\b(dew|emb|sky|eve)\b"),
    # ch>si, te=0, keep:19, peach
    "peach-festival": re.compile(r"\b[a-z]{2}[>=]|\bkeep:\d|^peach$"),
    # card B04, to B:a2, recover B07, scavenge a4, give B14
    "annapurna": re.compile(r"\b(card|recover|give) [A-Z]\d\d\b|\bto [A-Z]:[a-z]\d\b|:[a-z]\d\b"),
}

#: The log as the page shows it: per line, the mover's name (``""`` for the game itself),
#: the words read and the markup.
LOG = """() => Array.from(document.querySelectorAll('.log-lines li'), li => {
  const who = li.querySelector('.who');
  return {who: who ? who.textContent : '', text: li.textContent, html: li.innerHTML};
})"""


def log_of(page) -> list[dict]:
    return page.evaluate(LOG)


def bot_lines(page) -> list[str]:
    return [line["text"] for line in log_of(page) if line["who"] == BOT]


def board_words(page) -> str:
    """Every word of the board, its titles too (a face-down card has none)."""
    return page.evaluate("() => document.querySelector('.board svg').textContent")


def play_until(page, game: str, enough) -> None:
    """Play this seat's moves by clicking until ``enough(page)`` holds or the game ends."""
    rng = random.Random(game + "log")
    started = time.monotonic()
    while not enough(page) and not page.locator("#frame .end").count():
        assert time.monotonic() - started < DEADLINE, f"{game}: the bot's moves: {bot_lines(page)}"
        if not click_a_move(page, rng):
            page.wait_for_timeout(100)


#: The bot named as a sentence's subject, and the word after it.
SUBJECT = re.compile(re.escape(BOT) + r" (\S+)")


def check_sentences(game: str, page) -> None:
    """Each of the bot's lines is a sentence naming it first, in words, not a notation; so is
    every clause of another line that tells its move (a reveal of sealed choices)."""
    lines = bot_lines(page)
    assert lines, f"{game}: no move of the bot in the log"
    for text in lines:
        assert text.startswith(f"{BOT} "), text  # the game's words, not "Bot: notation"
        assert len(text.removeprefix(f"{BOT} ").split()) >= 2, text  # a verb, then what
    for text in (line["text"] for line in log_of(page)):
        for said in SUBJECT.finditer(text):
            verb = said.group(1)
            if not verb.startswith("("):  # "Bot (Blue)'s turn": named with its colour
                assert re.fullmatch(r"[a-z]{3,}[.,;:]?", verb), text  # a verb, not "te"
        if BOT in text:
            assert not NOTATION[game].search(text), text


def check_escaped(page) -> None:
    """The bot's name is shown as typed: its markup escaped, no element made of it."""
    assert page.locator(".log-lines i").count() == 0
    html = [line["html"] for line in log_of(page) if line["who"] == BOT]
    assert html and all("&lt;i&gt;R&amp;D&lt;/i&gt; bot" in h for h in html), html


def test_a_bots_almanac_moves_are_sentences_in_my_log_that_name_no_contract_it_hides(
    web_browser, server: str, screenshots: Path
) -> None:
    """The bot's contracts in hand are face down on my board; the log names a contract only
    where my board shows it (my own hand, one completed), never one the bot keeps hidden."""
    with one_page(web_browser, "Ann", viewport={"width": 1280, "height": 900}) as me:
        page = me.page
        open_table(page, server, "almanac", ["me", "bot-easy"], ["Ann", BOT])
        play_until(page, "almanac", lambda p: len(bot_lines(p)) >= 6)
        page.screenshot(path=str(screenshots / "almanac-bot-log.png"), full_page=True)
        check_sentences("almanac", page)
        check_escaped(page)
        shown = board_words(page)
        contracts = [k.name for k in meeple.make("almanac", players=2).content.contracts]
        for line in log_of(page):
            for name in contracts:
                assert name not in line["text"] or name in shown, line["text"]
        assert me.errors == []


def test_a_bots_peach_festival_choices_are_sentences_in_my_log_told_once_revealed(
    web_browser, server: str, screenshots: Path
) -> None:
    """The bot's sealed choice is told as made, nothing of it, until every choice is revealed
    (then in the reveal's words: "The actions are revealed: ..." naming what each took)."""
    with one_page(web_browser, "Ann", viewport={"width": 1280, "height": 900}) as me:
        page = me.page
        open_table(page, server, "peach-festival", ["me", "bot-easy"], ["Ann", BOT])
        sealed = f"{BOT} made a secret choice."

        def enough(p) -> bool:
            lines = bot_lines(p)
            return sum(t.startswith(sealed) for t in lines) >= 3 and len(lines) >= 4

        play_until(page, "peach-festival", enough)
        page.screenshot(path=str(screenshots / "peach-festival-bot-log.png"), full_page=True)
        check_sentences("peach-festival", page)
        lines = bot_lines(page)
        check_escaped(page)
        for text in lines:
            if text.startswith(sealed):  # nothing more, or what the reveal shows to all
                rest = text.removeprefix(sealed).strip()
                assert rest == "" or rest.startswith("The actions are revealed: "), text
        assert me.errors == []


#: An Annapurna card as the log names it: "Blue Ice Axe (B09)".
CARD = re.compile(r"\(([A-Z]\d\d)\)")


def test_a_bots_annapurna_moves_are_sentences_in_my_log_that_name_no_card_it_hides(
    web_browser, server: str, screenshots: Path
) -> None:
    """The bot's Backpack and face-down cards are not named (AN-R17): a card is named in its
    lines only as it is turned face up or given into my own Cache."""
    with one_page(web_browser, "Ann", viewport={"width": 1280, "height": 900}) as me:
        page = me.page
        open_table(page, server, "annapurna", ["me", "bot-easy"], ["Ann", BOT])
        play_until(page, "annapurna", lambda p: len(bot_lines(p)) >= 8)
        page.screenshot(path=str(screenshots / "annapurna-bot-log.png"), full_page=True)
        check_sentences("annapurna", page)
        lines = bot_lines(page)
        check_escaped(page)
        for text in lines:
            if CARD.search(text):
                assert "face up" in text or "to the next climber's Cache" in text, text
        assert me.errors == []
