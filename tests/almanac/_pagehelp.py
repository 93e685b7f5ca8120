"""Shared set-ups of the page tests (compact positions on one page)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import DEFAULT_DIR, load_content
from meeple.games.almanac.svg import render_board

from .conftest import legal, position

C = load_content()


def on(page: int, players: int = 3, gold=None, rnd: int | None = None, goods=None, **kw):
    """The Action Phase of ``page`` with ``gold``, ``goods`` (default none) and 20 crates a
    seat, the pages playing with their own numbers (``own``, ruling AL-R106) unless
    ``own=False`` asks for the shipped numbers of the player count."""
    kw.setdefault("own", True)
    return position(
        players,
        page=page,
        rnd=rnd or C.pages[page].round,
        gold=gold or [0] * players,
        goods=[list(g) for g in goods] if goods else [[0] * 4 for _ in range(players)],
        crates=[20] * players,
        **kw,
    )


def places(st, seat=None) -> list[int]:
    return sorted(int(a.split()[1]) for a in legal(st, seat) if a.startswith("place"))


def clusters(page: int, spaces) -> set[int]:
    return {C.pages[page].spaces[s].cluster for s in spaces}


def edited(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped content with the first ``old`` of pages.toml replaced."""
    d = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, d)
    text = (d / "pages.toml").read_text()
    assert old in text
    (d / "pages.toml").write_text(text.replace(old, new, 1))
    return d


def bad_content(tmp_path: Path, old: str, new: str) -> ContentError:
    """The content error of the shipped content with the first ``old`` of pages.toml
    replaced by ``new`` (:func:`edited`)."""
    d = edited(tmp_path, old, new)
    with pytest.raises(ContentError) as e:
        load_content(d)
    return e.value


def views(st, seat: int) -> tuple[str, str]:
    """The terminal view and the board (an SVG that parses) of ``seat``."""
    obs = st.observe(seat)
    g = st.game
    acts = st.legal_actions(seat) if seat in st.acting_seats() else []
    board = render_board(obs, [(a.text, g.describe_action(a)) for a in acts], game=g)
    ET.fromstring(board)
    return g.render(obs), board
