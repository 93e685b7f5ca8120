"""Shared set-ups for Almanac tests: compact positions with chance applied explicitly."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest

import meeple
from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE
from meeple.games.almanac.content import DEFAULT_DIR, load_content
from meeple.games.almanac.game import Almanac
from meeple.games.almanac.rules import advance
from meeple.games.almanac.state import AlmanacState


def game(players: int = 2, **options) -> Almanac:
    return meeple.make("almanac", players=players, **options)


#: Page 5 as a plain free-placement page (ruling AL-R04: the general rule a page may name),
#: for the tests of the standard actions, which need a page without a rule of its own.
FREE_PAGE_5 = """[[page]]
id = 5
name = "Ice Point"
round = 3
letter = "C"
rule = "free"
upcoming = [8, 9]
bar = ["dew", "sky", "emb", "eve"]
tokens = ["potion"]
lore = "A windswept cape, laid out as a plain market square."
spaces = [
  { action = "goods", goods = { eve = 3 } },
  { action = "goods", goods = { emb = 2 } },
  { action = "goods", goods = { sky = 2 } },
  { action = "goods", goods = { eve = 3 } },
  { action = "goods", goods = { any = 1 } },
  { action = "goods", goods = { dew = 1, eve = 1 } },
  { action = "sell", prices = { dew = 4, sky = 3 } },
  { action = "sell", prices = { emb = 2, eve = 2 } },
  { action = "shop" },
  { action = "gain_contract" },
  { action = "complete_contract" },
  { action = "complete_contract" },
  { action = "extend_caravan" },
  { action = "extend_caravan" },
  { action = "token", token = "potion", cost = 2 },
]

"""
_FREE_DIR: list[Path] = []


def free_content() -> Path:
    """A copy of the shipped content whose page 5 is :data:`FREE_PAGE_5` (made once)."""
    if not _FREE_DIR:
        top = Path(tempfile.mkdtemp(prefix="almanac-free-"))
        atexit.register(shutil.rmtree, top, True)  # made once a process, removed as it ends
        d = top / "content"
        shutil.copytree(DEFAULT_DIR, d)
        text = (d / "pages.toml").read_text()
        blocks = text.split("[[page]]\n")
        for i, b in enumerate(blocks):
            if b.startswith("id = 5\n"):
                blocks[i] = FREE_PAGE_5.removeprefix("[[page]]\n")
        (d / "pages.toml").write_text("[[page]]\n".join(blocks))
        _FREE_DIR.append(d)
    return _FREE_DIR[0]


_OWN_DIR: list[Path] = []


def own_content() -> Path:
    """A copy of the shipped content without the pages' numbers per player count (ruling
    AL-R106): every page plays with its own numbers at every count, as its rule's tests are
    written (made once)."""
    if not _OWN_DIR:
        top = Path(tempfile.mkdtemp(prefix="almanac-own-"))
        atexit.register(shutil.rmtree, top, True)
        d = top / "content"
        shutil.copytree(DEFAULT_DIR, d)
        blocks = (d / "pages.toml").read_text().split("[[page]]\n")
        own = [b.split("\n[page.players.")[0].rstrip("\n") + "\n\n" for b in blocks]
        (d / "pages.toml").write_text("[[page]]\n".join(own))
        _OWN_DIR.append(d)
    return _OWN_DIR[0]


def free_pages():
    """The pages of :func:`free_content` (page 5 free)."""
    return load_content(free_content()).pages


def dealt(
    players: int = 2, starts=None, hands=None, free: bool = False, own: bool = False
) -> AlmanacState:
    """A new journey after setup: seat s gets starting caravan ``starts[s]`` (default s) and
    contracts ``hands[s]`` (default 2s, 2s+1); stops at the first caravan deal of round 1.
    With ``free``, page 5 is a free-placement page (:func:`free_content`); with ``own``, the
    pages play with their own numbers at every count (:func:`own_content`)."""
    options = {"content": str(free_content())} if free else {}
    if own:
        options = {"content": str(own_content())}
    st = game(players, **options).new_initial_state()
    starts = starts if starts is not None else list(range(players))
    hands = hands if hands is not None else [[2 * s, 2 * s + 1] for s in range(players)]
    for s in range(players):
        st.apply_action(f"start s{starts[s]}", CHANCE)
    for s in range(players):
        for k in hands[s]:
            st.apply_action(f"contract k{k}", CHANCE)
    return st


def position(
    players: int = 2,
    page: int = 1,
    rnd: int = 1,
    cards=None,
    guide: int = 0,
    gold=None,
    goods=None,
    crates=None,
    hands=None,
    free: bool = False,
    own: bool = False,
    **fields,
) -> AlmanacState:
    """A state at the start of the Action Phase of ``page`` (round ``rnd``).

    ``cards`` are the face-up caravan cards dealt (default c0..c{n-1}); ``gold``, ``goods``
    (lists of 4 counts), ``crates`` per seat; other ``fields`` are set on the state as given.
    """
    st = dealt(players, hands=hands, free=free, own=own)
    st.page = page
    st.route = [page]
    st.round = rnd
    st.guide = guide
    if gold is not None:
        st.gold = list(gold)
    if goods is not None:
        st.goods = [list(g) for g in goods]
    if crates is not None:
        st.crates = list(crates)
    for k, v in fields.items():
        setattr(st, k, v)
    for c in cards if cards is not None else range(players):
        st.apply_action(f"caravan c{c}", CHANCE)
    return st


def stage(st: AlmanacState, *tasks: tuple) -> AlmanacState:
    """Replace the task stack (bottom first) and run the automatic steps."""
    st.tasks = list(tasks)
    st._legal_cache = {}
    advance(st)
    return st


def refresh(st: AlmanacState) -> AlmanacState:
    """Forget cached legal actions after a test edits the position."""
    st._legal_cache = {}
    return st


def play(st: AlmanacState, *actions: str) -> AlmanacState:
    """Apply actions for whoever must act now (chance outcomes included)."""
    for a in actions:
        st.apply_action(a, st.current_player())
    return st


def texts(actions) -> list[str]:
    return [a.text for a in actions]


def legal(st: AlmanacState, seat: int | None = None) -> list[str]:
    return texts(st.legal_actions(seat))


def refused(st: AlmanacState, action: str, seat: int | None = None) -> IllegalActionError:
    """The error refusing ``action`` (at ``seat``, default the player to move), checked to
    leave the state unchanged."""
    before = st.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        st.apply_action(action, st.current_player() if seat is None else seat)
    assert st.fingerprint() == before
    return e.value
