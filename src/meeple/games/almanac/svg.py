"""The Almanac's board for the browser: one standalone SVG drawn from a seat's observation.

:func:`render_board` reads the observation (``state.observe(seat)``, the only door to hidden
information, ruling AL-R32), the viewing seat's legal moves and public content, and nothing
else, so two states a seat cannot tell apart draw the same bytes.

A page's geometry comes from its content data, keyed by the page id the observation gives: each
placement rule (``Page.rule`` in ``pages.toml``) names a layout in :data:`LAYOUTS` that places the
page's clusters from the page's fields (Trader's Village: clusters on a grid joined by the
``paths``; Floe Lake: ``islands`` in a clockwise ring round the shore with one ice spot each, the
blocks where ``page_state`` says; Cliffside: a terrace per entry of ``levels`` with the
``ladder_spots`` between them). A page whose rule has no layout of its own is drawn as a market
square of its spaces, so a later page needs one function here and none elsewhere.

Moves and picks: every element a legal move involves is a pick (``class="pick"``, ``data-moves``
with the indices into ``moves``); the page narrows the move list to the intersection of the picks
clicked. ``place N`` is space N; ``ladder N`` is ladder spot N and the player's own ladders,
``ladder N grey`` spot N and the grey ladder; ``climb A-B`` each spot of the route; ``good G`` the
supply's pile of G; ``drop G``, ``sell G`` and ``shop sell G`` the player's crates holding G (the
last also the Shop's "sell" option); ``shop good`` / ``shop guard`` the Shop's options (the guard
also the guard supply); ``buy cN`` the face-up caravan card; ``complete kN`` the player's contract;
``keep kN`` the drawn contract; ``go N`` the upcoming page; ``fight`` / ``avoid`` / ``option N``
the parts of the encounter card; ``farmer`` the player's farmer token; ``bid N`` a bid tile (or,
above 30 possible bids, a tens tile and a units tile, whose intersection is the bid); ``stop``,
``end`` and ``no-farmer`` buttons of the prompt. A move no element claims gets a button of its own
in the prompt, so every legal move can be clicked on the board.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from meeple.core.game import seat_word
from meeple.core.text import word_lines
from meeple.games.almanac.content import GOOD_NAMES, GOODS
from meeple.games.almanac.pagerules.p18_colosseum import winners
from meeple.games.almanac.pagerules.p19_port import ships_open
from meeple.games.almanac.pages import GREY, PAGE_RULES
from meeple.games.almanac.render import ability_text, effects_text, fight_lost, space_text

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page, Space
    from meeple.games.almanac.game import Almanac

#: Width of the board in user units; every section is laid out in it, one under the other, in
#: one column: on a 360 px phone it is drawn at about 0.89 of its size, so the smallest text
#: (13.5 units) is still 12 px, and a desktop shows it beside the move list at a bounded width.
W = 372
PAD = 12

GOOD_COLOR = ("#5c9c3a", "#d75a26", "#8fd0e8", "#4d73a6")
GOOD_EDGE = ("#33621d", "#8a3210", "#3f8aa6", "#26436b")
SEAT_COLOR = ("#c4362b", "#2e63b3", "#e2a91c", "#7a49a8")
SEAT_NAME = ("red", "blue", "yellow", "purple")
GREY_COLOR = "#8e8e8e"
INK = "#3a2c1a"
#: Bids above this many choices are drawn as tens and units tiles.
MAX_BID_TILES = 30

_STYLE = (
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;fill:#3a2c1a;font-size:15px}"
    ".h{font-family:'DejaVu Serif',Georgia,serif;font-weight:bold}"
    ".b{font-weight:bold}.i{font-style:italic}.sm{font-size:14px}.lg{font-size:19px}"
    ".xs{font-size:13.5px}.xl{font-size:23px}.c{text-anchor:middle}.r{text-anchor:end}.w{fill:#fff}.dim{fill:#7d6c55}"
    ".pick{cursor:pointer}.pick:focus{outline:none}"
    ".hl{fill:none;stroke:#e39a12;stroke-width:2.5;stroke-dasharray:6 3}"
    ".pick:hover .hl,.pick:focus .hl,.pick.sel .hl,.pick[aria-pressed=true] .hl"
    "{stroke:#d2311a;stroke-width:4;stroke-dasharray:none}"
    ".pick:hover .face,.pick:focus .face{fill:#fff6d8}"
)


def render_board(
    observation: dict[str, Any], moves: Sequence[tuple[str, str]], *, game=None
) -> str:
    """The Almanac's board as one standalone SVG document.

    Args:
        observation: ``state.observe(seat)`` (seat an int, or ``None`` for a spectator).
        moves: The viewing seat's legal moves as ``(notation, description)`` pairs in
            ``legal_actions`` order; empty when the seat is not to act.
        game: The :class:`~meeple.games.almanac.game.Almanac` whose content to draw with; by
            default the shipped content (the observation does not name a content directory).

    Returns:
        ``<svg xmlns=... viewBox="0 0 372 H" role="img">`` text: deterministic, no scripts, no
        external references, every text escaped; each clickable element carries ``class="pick"``,
        ``data-moves`` (indices into ``moves``), ``tabindex``, ``role="button"`` and an
        ``aria-label`` (see the module docstring for which element each move is on).

    Raises:
        KeyError: for an observation of a page the content does not have.
    """
    g = game if game is not None else _default_game(len(observation["players"]))
    b = _Board(g, observation, list(moves))
    return b.draw()


@lru_cache(maxsize=4)
def _default_game(players: int) -> Almanac:
    """The game of the shipped content for ``players`` seats (built once)."""
    from meeple.games.almanac.game import Almanac

    return Almanac(players=players)


# -- small drawing helpers ---------------------------------------------------------------------
#: Characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return).
_NOT_XML = {c: None for c in range(32) if c not in (9, 10, 13)}


def esc(s: object) -> str:
    """``s`` as XML text or attribute value (markup escaped, forbidden controls dropped)."""
    return html.escape(str(s).translate(_NOT_XML), quote=True)


def _f(x: float) -> str:
    """A coordinate: whole numbers without a point, else one decimal (deterministic)."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def rect(x, y, w, h, fill="none", stroke="none", sw=1.5, rx=0, cls="", extra="") -> str:
    """A ``<rect>``; ``cls`` and ``extra`` add a class and raw attributes."""
    c = f' class="{cls}"' if cls else ""
    return (
        f'<rect{c} x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}"{extra}/>'
    )


def text(x, y, s, cls="", fill="") -> str:
    """A ``<text>`` at (x, y) with ``s`` escaped."""
    c = f' class="{cls}"' if cls else ""
    f = f' fill="{fill}"' if fill else ""
    return f'<text{c} x="{_f(x)}" y="{_f(y)}"{f}>{esc(s)}</text>'


def circle(cx, cy, r, fill, stroke="none", sw=1.5) -> str:
    """A ``<circle>``."""
    return (
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{_f(sw)}"/>'
    )


def poly(points: Sequence[tuple[float, float]], fill, stroke="none", sw=1.5) -> str:
    """A ``<polygon>`` through ``points``."""
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}"/>'


def path(d: str, fill, stroke="none", sw=1.5, extra="") -> str:
    """A ``<path>`` of the path data ``d``."""
    return f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}"{extra}/>'


def line(x1, y1, x2, y2, stroke, sw=2, extra="") -> str:
    """A ``<line>``."""
    return (
        f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{stroke}" '
        f'stroke-width="{_f(sw)}"{extra}/>'
    )


def wrap(s: str, width: float, size: float = 15) -> list[str]:
    """``s`` broken into lines that fit ``width`` units at font ``size`` (an estimate: the
    board's fonts average under 0.6 em a character)."""
    return word_lines(s, max(4, int(width / (size * 0.58))))


def text_width(s: str, size: float = 15) -> float:
    """The estimated drawn width of ``s`` at font ``size`` (as :func:`wrap` estimates it)."""
    return len(s) * size * 0.58


def fit(s: str, width: float, size: float = 15, lines: int = 2) -> tuple[list[str], float]:
    """``s`` whole in at most ``lines`` lines of ``width`` units: at font ``size``, else a
    smaller one (down to 12), else in as many lines as it takes; never cut, so a name the
    rulebook prints is always read in full. Returns (lines, font size)."""
    for sz in sorted({size, size - 1, size - 2, 12.0}, reverse=True):
        if sz < 12:
            continue
        out = wrap(s, width, sz)
        if len(out) <= lines and all(text_width(ln, sz) <= width for ln in out):
            return out, sz
    return wrap(s, width, 12), 12


def text_lines(
    x: float, y: float, lines: Sequence[str], cls: str, size: float = 0, step: float = 0
) -> str:
    """``lines`` as ``<text>`` rows from the baseline ``y``, ``step`` apart (default 1.2 em);
    ``size`` sets the font size over the class's (an inline style: a class outranks an
    attribute)."""
    step = step or (size or 15) * 1.2
    out = []
    for i, ln in enumerate(lines):
        t = text(x, y + i * step, ln, cls)
        if size:
            t = t.replace("<text ", f'<text style="font-size:{_f(size)}px" ', 1)
        out.append(t)
    return "".join(out)


def good_icon(g: int, cx: float, cy: float, r: float = 9) -> str:
    """A good token: Dewleaf a leaf, Emberspice a flame, Everice a crystal, Skyfish a fish;
    a good of your choice (``ANY``) a disc of the four colours."""
    if g == 0:
        d = (
            f"M{_f(cx - r)},{_f(cy + r * 0.5)} Q{_f(cx - r * 0.6)},{_f(cy - r)} {_f(cx + r)},"
            f"{_f(cy - r * 0.7)} Q{_f(cx + r * 0.5)},{_f(cy + r)} {_f(cx - r)},{_f(cy + r * 0.5)}Z"
        )
        vein = line(cx - r * 0.8, cy + r * 0.4, cx + r * 0.6, cy - r * 0.45, GOOD_EDGE[0], 1)
        return path(d, GOOD_COLOR[0], GOOD_EDGE[0], 1.2) + vein
    if g == 1:
        d = (
            f"M{_f(cx)},{_f(cy - r)} C{_f(cx + r)},{_f(cy - r * 0.1)} {_f(cx + r * 0.85)},"
            f"{_f(cy + r)} {_f(cx)},{_f(cy + r)} C{_f(cx - r * 0.85)},{_f(cy + r)} "
            f"{_f(cx - r)},{_f(cy - r * 0.1)} {_f(cx)},{_f(cy - r)}Z"
        )
        return path(d, GOOD_COLOR[1], GOOD_EDGE[1], 1.2) + circle(
            cx, cy + r * 0.35, r * 0.35, "#f6c343"
        )
    if g == 2:
        pts = [
            (cx, cy - r),
            (cx + r * 0.7, cy - r * 0.35),
            (cx + r * 0.7, cy + r * 0.35),
            (cx, cy + r),
            (cx - r * 0.7, cy + r * 0.35),
            (cx - r * 0.7, cy - r * 0.35),
        ]
        return poly(pts, GOOD_COLOR[2], GOOD_EDGE[2], 1.2) + line(
            cx, cy - r, cx, cy + r, GOOD_EDGE[2], 0.8
        )
    if g == 3:
        body = (
            f'<ellipse cx="{_f(cx - r * 0.2)}" cy="{_f(cy)}" rx="{_f(r * 0.75)}" '
            f'ry="{_f(r * 0.48)}" fill="{GOOD_COLOR[3]}" stroke="{GOOD_EDGE[3]}" '
            'stroke-width="1.2"/>'
        )
        tail = poly(
            [(cx + r * 0.45, cy), (cx + r, cy - r * 0.5), (cx + r, cy + r * 0.5)],
            GOOD_COLOR[3],
            GOOD_EDGE[3],
            1.2,
        )
        return tail + body + circle(cx - r * 0.55, cy - r * 0.1, r * 0.1, "#fff")
    # a good of your choice: four quarter wedges
    out = []
    for q in range(4):
        a0, a1 = math.radians(-90 + 90 * q), math.radians(90 * q)
        x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
        x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
        d = f"M{_f(cx)},{_f(cy)} L{_f(x0)},{_f(y0)} A{_f(r)},{_f(r)} 0 0 1 {_f(x1)},{_f(y1)}Z"
        out.append(path(d, GOOD_COLOR[q], "none"))
    out.append(circle(cx, cy, r, "none", INK, 1.2))
    out.append(text(cx, cy + r * 0.45, "?", "c b sm w"))
    return "".join(out)


def coin(cx: float, cy: float, r: float, label: object, cls: str = "sm") -> str:
    """A gold coin with a number."""
    return (
        circle(cx, cy, r, "#ebbd4c", "#9c7414", 1.5)
        + circle(cx, cy, r * 0.75, "none", "#c99a2a", 1)
        + text(cx, cy + r * 0.42, label, f"c b {cls}")
    )


def shield(cx: float, cy: float, r: float, label: object = "") -> str:
    """A shield (caravan strength, guards) with an optional number on it."""
    d = (
        f"M{_f(cx - r)},{_f(cy - r)} L{_f(cx + r)},{_f(cy - r)} L{_f(cx + r)},{_f(cy)} "
        f"Q{_f(cx + r)},{_f(cy + r * 0.8)} {_f(cx)},{_f(cy + r * 1.2)} Q{_f(cx - r)},"
        f"{_f(cy + r * 0.8)} {_f(cx - r)},{_f(cy)}Z"
    )
    out = path(d, "#9aa7b4", "#4a5664", 1.5)
    if label != "":
        out += text(cx, cy + r * 0.45, label, "c b sm w")
    return out


def crate(x: float, y: float, s: float) -> str:
    """An empty crate of side ``s`` at (x, y)."""
    return rect(x, y, s, s, "#d9b98a", "#8a6436", 1.3, 2) + line(
        x + 2, y + s / 2, x + s - 2, y + s / 2, "#b08a57", 1
    )


def meeple(cx: float, cy: float, s: float, fill: str, stroke: str = INK, hollow=False) -> str:
    """A worker: ``s`` is its height; ``hollow`` draws it as an outline (a placed worker)."""
    k = s / 2
    d = (
        f"M{_f(cx - k * 0.9)},{_f(cy + k)} L{_f(cx - k * 0.35)},{_f(cy + k * 0.05)} "
        f"L{_f(cx - k * 0.95)},{_f(cy - k * 0.2)} Q{_f(cx - k)},{_f(cy - k * 0.5)} "
        f"{_f(cx - k * 0.6)},{_f(cy - k * 0.5)} L{_f(cx + k * 0.6)},{_f(cy - k * 0.5)} "
        f"Q{_f(cx + k)},{_f(cy - k * 0.5)} {_f(cx + k * 0.95)},{_f(cy - k * 0.2)} "
        f"L{_f(cx + k * 0.35)},{_f(cy + k * 0.05)} L{_f(cx + k * 0.9)},{_f(cy + k)} Z"
    )
    f = "none" if hollow else fill
    st = fill if hollow else stroke
    return path(d, f, st, 1.4) + circle(cx, cy - k * 0.72, k * 0.3, f, st, 1.4)


def scroll(cx: float, cy: float, s: float, mark: str = "") -> str:
    """A contract: a parchment card; ``mark`` ``+`` (gain) or ``v`` (complete)."""
    out = rect(cx - s * 0.45, cy - s * 0.55, s * 0.9, s * 1.1, "#fbf3dc", "#8a6a3b", 1.4, 2)
    for i in range(3):
        yy = cy - s * 0.3 + i * s * 0.2
        out += line(cx - s * 0.3, yy, cx + s * 0.3, yy, "#b89a68", 1)
    if mark == "+":
        out += circle(cx + s * 0.45, cy + s * 0.45, s * 0.28, "#5b8c3a")
        out += line(cx + s * 0.3, cy + s * 0.45, cx + s * 0.6, cy + s * 0.45, "#fff", 2)
        out += line(cx + s * 0.45, cy + s * 0.3, cx + s * 0.45, cy + s * 0.6, "#fff", 2)
    elif mark == "v":
        out += circle(cx + s * 0.45, cy + s * 0.45, s * 0.28, "#2e6f9e")
        out += path(
            f"M{_f(cx + s * 0.3)},{_f(cy + s * 0.45)} L{_f(cx + s * 0.42)},{_f(cy + s * 0.58)} "
            f"L{_f(cx + s * 0.62)},{_f(cy + s * 0.32)}",
            "none",
            "#fff",
            2,
        )
    return out


def wagon(cx: float, cy: float, s: float) -> str:
    """A covered wagon (Extend Your Caravan)."""
    out = rect(cx - s * 0.55, cy - s * 0.35, s * 1.1, s * 0.5, "#b9874e", "#6b4a22", 1.4, 2)
    out += path(
        f"M{_f(cx - s * 0.5)},{_f(cy - s * 0.35)} Q{_f(cx)},{_f(cy - s * 0.85)} "
        f"{_f(cx + s * 0.5)},{_f(cy - s * 0.35)}Z",
        "#efe3c6",
        "#6b4a22",
        1.2,
    )
    out += circle(cx - s * 0.32, cy + s * 0.22, s * 0.17, "#5a3d1c")
    out += circle(cx + s * 0.32, cy + s * 0.22, s * 0.17, "#5a3d1c")
    return out


def awning(cx: float, cy: float, s: float) -> str:
    """A striped market awning (Visit the Shop)."""
    out = rect(cx - s * 0.5, cy - s * 0.1, s, s * 0.55, "#f4e4c4", "#7a5a32", 1.2)
    for i in range(4):
        col = "#c4362b" if i % 2 == 0 else "#fff"
        x0 = cx - s * 0.55 + i * s * 0.275
        out += path(
            f"M{_f(x0)},{_f(cy - s * 0.1)} L{_f(x0 + s * 0.05)},{_f(cy - s * 0.45)} "
            f"L{_f(x0 + s * 0.3)},{_f(cy - s * 0.45)} L{_f(x0 + s * 0.275)},{_f(cy - s * 0.1)}Z",
            col,
            "#7a5a32",
            0.8,
        )
    return out


def snowflake(cx: float, cy: float, r: float) -> str:
    """A snowflake (Floe Lake's ice spaces)."""
    out = []
    for k in range(3):
        a = math.radians(90 + 60 * k)
        dx, dy = r * math.cos(a), r * math.sin(a)
        out.append(line(cx - dx, cy - dy, cx + dx, cy + dy, "#2f7ea6", 2.2))
    return "".join(out) + circle(cx, cy, r * 0.22, "#fff", "#2f7ea6", 1.2)


def token_disc(cx: float, cy: float, r: float, kind: str) -> str:
    """A location token: a disc with the first letters of its kind, named in full on hover
    and to a screen reader."""
    name = kind.replace("_", " ")
    disc = circle(cx, cy, r, "#e9dcf5", "#6e4f96", 1.6) + text(
        cx, cy + 4.5, name[:2].title(), "c b sm"
    )
    return f"<g><title>{esc(name)} token</title>{disc}</g>"


def farmer_token(cx: float, cy: float, r: float) -> str:
    """Cliffside's farmer token: a disc with a sheaf."""
    out = circle(cx, cy, r, "#f2e6a8", "#8a7a2a", 1.6)
    out += line(cx, cy + r * 0.7, cx, cy - r * 0.6, "#6d5a14", 1.8)
    for k in (-1, 1):
        out += f'<ellipse cx="{_f(cx + k * r * 0.28)}" cy="{_f(cy - r * 0.15)}" rx="{_f(r * 0.18)}" ry="{_f(r * 0.34)}" fill="#d2a73a" stroke="#6d5a14" stroke-width="1"/>'
    return out


def guide_token(cx: float, cy: float, r: float) -> str:
    """The Guide token: a compass rose."""
    out = circle(cx, cy, r, "#f7f0de", "#7a5a32", 1.8)
    out += poly(
        [(cx, cy - r * 0.85), (cx + r * 0.22, cy), (cx, cy + r * 0.85), (cx - r * 0.22, cy)],
        "#c4362b",
        "#5a1810",
        1,
    )
    out += poly(
        [(cx - r * 0.85, cy), (cx, cy - r * 0.22), (cx + r * 0.85, cy), (cx, cy + r * 0.22)],
        "#3a2c1a",
        "none",
    )
    return out


def card_back(x: float, y: float, w: float, h: float) -> str:
    """The back of a face-down contract."""
    out = rect(x, y, w, h, "#5a3f78", "#2f1f45", 1.5, 4)
    out += rect(x + 3, y + 3, w - 6, h - 6, "none", "#c9a8e8", 1, 3)
    out += circle(x + w / 2, y + h / 2, min(w, h) * 0.22, "none", "#c9a8e8", 1.2)
    return out


def fame_star(cx: float, cy: float, r: float, label: object) -> str:
    """A star with the fame it is worth."""
    pts = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return poly(pts, "#f0c64a", "#8a6a14", 1.2) + text(cx, cy + r * 0.35, label, "c b sm")


def seat_color(s: int) -> str:
    return SEAT_COLOR[s % len(SEAT_COLOR)]


# -- moves to picks ----------------------------------------------------------------------------
def _keys(note: str, dial: bool) -> list[tuple]:
    """The board elements a move involves, as keys (see the module docstring)."""
    w = note.split()
    if not w:
        return [("btn", note)]
    head = w[0]
    try:
        if head == "place":
            return [("space", int(w[1]))]
        if head == "ladder":
            kind = "grey" if len(w) > 2 and w[2] == "grey" else "own"
            return [("spot", int(w[1])), ("ladders", kind)]
        if head == "climb":
            return [("spot", int(x)) for x in w[1].split("-")]
        if head == "farmer":
            return [("farmer",)]
        if head == "good":
            return [("supply", GOODS.index(w[1]))]
        if head in ("drop", "sell"):
            return [("mygood", GOODS.index(w[1]))]
        if head == "shop":
            if w[1] == "sell":
                return [("shop", "sell"), ("mygood", GOODS.index(w[2]))]
            if w[1] == "guard":
                return [("shop", "guard"), ("guards",)]
            return [("shop", w[1])]
        if head == "buy":
            return [("card", int(w[1][1:]))]
        if head == "complete":
            return [("contract", int(w[1][1:]))]
        if head == "keep":
            return [("drawn", int(w[1][1:]))]
        if head == "go":
            return [("page", int(w[1]))]
        if head == "bid":
            n = int(w[1])
            return [("bidt", n // 10), ("bidu", n % 10)] if dial else [("bid", n)]
        if head in ("fight", "avoid"):
            return [(head,)]
        if head == "option":
            return [("option", int(w[1]))]
    except (IndexError, ValueError):
        pass
    return [("btn", note)]


class _Picks:
    """Which moves each board element involves, and which moves some drawn element claims."""

    def __init__(self, moves: list[tuple[str, str]]):
        self.moves = moves
        self.dial = sum(1 for m, _ in moves if m.startswith("bid ")) > MAX_BID_TILES
        self.by_key: dict[tuple, list[int]] = {}
        for i, (note, _) in enumerate(moves):
            for k in _keys(note, self.dial):
                self.by_key.setdefault(k, []).append(i)
        self.claimed: set[int] = set()

    def has(self, key: tuple) -> bool:
        return key in self.by_key

    def wrap(
        self, key: tuple, label: str, body: str, box: tuple, cls: str = "", rx=6, inset=False
    ) -> str:
        """``body`` as a pick for ``key`` (with its highlight ring round ``box``), or ``body``
        as it is when no legal move involves the element."""
        idx = self.by_key.get(key)
        if not idx:
            return body
        self.claimed.update(idx)
        if len(idx) == 1:
            aria = self.moves[idx[0]][1] or self.moves[idx[0]][0]
        else:
            aria = f"{label} ({len(idx)} moves)"
        x, y, w, h = box
        d = 1.5 if inset else -2
        ring = rect(x + d, y + d, w - 2 * d, h - 2 * d, rx=rx, cls="hl")
        c = f"pick {cls}".strip()
        data = " ".join(map(str, idx))
        return (
            f'<g class="{c}" data-moves="{data}" tabindex="0" role="button" '
            f'aria-label="{esc(aria)}"><title>{esc(label)}</title>{body}{ring}</g>'
        )


# -- the board ---------------------------------------------------------------------------------
class _Board:
    """One drawing: sections laid out top to bottom, each in its own coordinates."""

    def __init__(self, game: Almanac, obs: dict[str, Any], moves: list[tuple[str, str]]):
        content = game.content
        self.c = content
        self.obs = obs
        self.page: Page = content.pages[obs["page"]]
        self.me: int | None = obs["viewer"] if isinstance(obs["viewer"], int) else None
        self.n = len(obs["players"])
        self.picks = _Picks(moves)
        self.task = obs["tasks"][-1] if obs["tasks"] else None
        self.fame = self.final_fame(game)

    def final_fame(self, game: Almanac) -> list[tuple[int, bool]] | None:
        """Each seat's fame and whether it won, once the journey is over and every gold and
        contract is shown (ruling AL-R32), counted by the engine's own scoring (AL-064..AL-073);
        ``None`` before."""
        o = self.obs
        if o["tasks"] or any(p["gold"] is None for p in o["players"]):
            return None
        from meeple.games.almanac.observation import from_data

        st = from_data(game, {**o, "contract_deck": []})  # the deck counts for nothing
        res = st.result()
        return [(int(r.score), r.winner) for r in res.seats]

    def _game(self) -> Any:
        """What the sentence helpers of ``render`` read: an object with ``content``."""
        return _ContentView(self.c)

    def who(self, s: int) -> str:
        """``You`` for the viewing seat, else ``Seat s``."""
        return "You" if s == self.me else seat_word(s)

    # -- assembly -----------------------------------------------------------------------------
    def draw(self) -> str:
        """The whole SVG document."""
        sections: list[tuple[str, Callable[[], tuple[str, float]]]] = [
            ("header", self.header),
            ("prompt", self.prompt),
            ("encounter", self.encounter),
            ("map", self.map),
            ("road", self.road),
            ("market", self.market),
            ("players", self.players),
        ]
        # the part holding the picks of the decision asked comes right under its prompt, so a
        # phone need not scroll past the page to make it
        near = (
            _NEAR_PROMPT.get(self.task[0]) if self.task is not None and self.picks.moves else None
        )
        if near is not None:
            at = [name for name, _ in sections].index(near)
            sections.insert(2, sections.pop(at))
        # the prompt is drawn last: it takes the moves no other element claimed
        drawn: dict[str, tuple[str, float]] = {}
        for name, fn in sections:
            if name != "prompt":
                drawn[name] = fn()
        drawn["prompt"] = self.prompt()
        out = []
        y = 0.0
        for name, _ in sections:
            frag, h = drawn[name]
            if not h:
                continue
            out.append(f'<g class="{name}" transform="translate(0,{_f(y)})">{frag}</g>')
            y += h
        height = y + PAD
        title, desc = self.alt_text()
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_f(height)}" '
            f'role="img" aria-labelledby="al-title al-desc" class="board almanac">'
            f'<title id="al-title">{esc(title)}</title><desc id="al-desc">{esc(desc)}</desc>'
            f"<style>{_STYLE}</style>"
            + rect(0, 0, W, height, "#efe2c4", "none")
            + "".join(out)
            + "</svg>"
        )

    # -- text alternative ---------------------------------------------------------------------
    def alt_text(self) -> tuple[str, str]:
        """The ``<title>`` and ``<desc>``: the position in a few sentences."""
        o, c, p = self.obs, self.c, self.page
        title = f"Almanac: The Crystal Peaks, round {o['round']} of 6, page {p.id} {p.name}"
        parts = [f"{self.now_text()}."]
        if p.upcoming:
            parts.append(
                "Upcoming: " + " or ".join(f"{u} {c.pages[u].name}" for u in p.upcoming) + "."
            )
        for s, pl in enumerate(o["players"]):
            gold = "hidden gold" if pl["gold"] is None else f"{pl['gold']} gold"
            goods = ", ".join(f"{n} {GOOD_NAMES[i]}" for i, n in enumerate(pl["goods"]) if n)
            guide = ", the Guide" if s == o["guide"] else ""
            parts.append(
                f"{self.who(s)}{guide}: {gold}, strength {pl['strength']}, "
                f"goods {goods or 'none'} in {pl['crates']} crates, "
                f"{pl['workers'] - pl['placed']} of {pl['workers']} workers free, "
                f"{len(pl['incomplete'])} incomplete and {len(pl['completed'])} completed "
                "contracts."
            )
        if o["caravan_faceup"]:
            parts.append(
                "For sale: " + ", ".join(c.caravans[i].name for i in o["caravan_faceup"]) + "."
            )
        if o["encounter"] >= 0:
            parts.append(f"Encounter: {c.encounters[o['encounter']].name}.")
        taken = [f"space {i} {self.who(s)}" for i, s in enumerate(o["occupied"]) if s >= 0]
        if taken:
            parts.append("Workers on " + ", ".join(taken) + ".")
        return title, " ".join(parts)

    def now_text(self) -> str:
        """What the table waits for, in words."""
        t = self.task
        o = self.obs
        if t is None:
            if self.fame is None:
                return "The journey is over"
            won = [s for s, (_, w) in enumerate(self.fame) if w]
            who = " and ".join(self.who(s) for s in won)
            verb = "win" if len(won) > 1 or won == [self.me] else "wins"
            return f"The journey is over: {who} {verb} with {self.fame[won[0]][0]} fame"
        kind = t[0]
        if kind == "bid":
            what = {"guide": "the Guide token", "page": "the page's prize"}.get(
                o["bid_context"], "the encounter's reward"
            )
            # the viewer is "You" only with a bid to make (a replay's view has none)
            name = self.who if self.picks.moves else seat_word
            waiting = [name(s) for s, b in enumerate(o["bids"]) if b == -1]
            return f"Sealed bid for {what}: waiting for {', '.join(waiting) or 'nobody'}"
        seat = t[1] if len(t) > 1 and isinstance(t[1], int) else -1
        words = {
            "place": "place a worker",
            "xplace": "place the farmer token's second worker",
            "farmer": "use the farmer token for a second worker, or keep it",
            "climb": "choose which ladders to climb",
            "good": "take {n} {goods} of your choice",
            "trim": "discard goods beyond the crates",
            "lose": "discard {n} {goods}",
            "sell": "sell goods one at a time, or stop",
            "shop": "choose a Shop option",
            "buy": "choose a caravan card to buy",
            "complete": "choose a contract to complete",
            "keep": "keep 1 of the drawn contracts",
            "route": "choose the next page",
            "fightalt": "fight the encounter or take its alternative",
            "option": "choose an encounter option",
            "final": "complete contracts for their goods + 5 gold each, or end",
        }.get(kind)
        if words is None:
            return "Dealing and rolling"
        if "{n}" in words:
            words = words.format(n=t[2], goods="good" if t[2] == 1 else "goods")
        if kind == "lose" and fight_lost(self._game(), o) is not None:  # say why
            if seat == self.me and self.picks.moves:
                return f"You lost the fight: {words}"
            return f"{seat_word(seat)} lost the fight: to {words}"
        if seat == self.me and self.picks.moves:  # a view without moves (a replay's) names it
            return f"Your turn: {words}"
        return f"{seat_word(seat)} to {words}" if seat >= 0 else words.capitalize()

    # -- header: page, lore, supply and demand, route ------------------------------------------
    def header(self) -> tuple[str, float]:
        """The page's number, name and lore, supply and demand, the Guide, the route so far."""
        o, c, p = self.obs, self.c, self.page
        out = [rect(0, 0, W, 10, "#7a5a32")]
        rnd = f"Round {o['round']} of 6" if o["round"] else "Setting up"
        out.append(text(PAD, 30, rnd, "b sm dim"))
        # the page's name in full: two lines, or smaller letters, never cut
        head, size = fit(f"{p.id} · {p.name}", W - 2 * PAD, 23)
        out.append(text_lines(PAD, 56, head, "h xl", size, size * 1.15))
        y = 56 + (len(head) - 1) * size * 1.15
        for ln in wrap(p.lore, W - 2 * PAD, 14)[:4]:
            y += 19
            out.append(text(PAD, y, ln, "i sm dim"))
        # supply and demand bar (AL-084): most valuable left
        y += 14
        out.append(text(PAD, y + 18, "Demand", "sm b"))
        bx = PAD + 70
        out.append(rect(bx - 6, y, 4 * 34 + 8, 26, "#f8f0dc", "#a88b5c", 1.2, 13))
        for i, gi in enumerate(p.bar):
            out.append(good_icon(gi, bx + 12 + i * 34, y + 13, 9))
        out.append(text(bx + 4 * 34 + 10, y + 12, "valuable", "sm dim"))
        out.append(text(bx + 4 * 34 + 10, y + 27, "→ plentiful", "sm dim"))
        y += 34
        # the Guide
        out.append(guide_token(PAD + 13, y + 14, 13))
        out.append(text(PAD + 34, y + 19, f"Guide: {self.who(o['guide'])}", "sm b"))
        y += 54
        # the route: 6 rounds, visited pages, then the choice ahead
        out.append(text(PAD, y + 4, "Route", "sm b"))
        x0, step = PAD + 70, (W - 2 * PAD - 90) / 5
        cy = y
        out.append(line(x0, cy, x0 + 5 * step, cy, "#a88b5c", 3, ' stroke-dasharray="2 5"'))
        route = o["route"]
        for r in range(6):
            cx = x0 + r * step
            if r < len(route):
                cur = r == len(route) - 1
                name = f"Round {r + 1}: {route[r]} {c.pages[route[r]].name}"
                out.append(
                    f"<g><title>{esc(name)}</title>"
                    + circle(cx, cy, 15, "#7a5a32" if cur else "#c9ad7e", "#5a3d1c", 2)
                    + text(cx, cy + 5, route[r], "c b sm w" if cur else "c b sm")
                    + "</g>"
                )
            else:
                out.append(circle(cx, cy, 12, "#f3e8cf", "#b59a6c", 1.5))
                out.append(text(cx, cy + 5, "?", "c sm dim"))
        return "".join(out), y + 24

    # -- the road ahead: the pages to choose from next ------------------------------------------
    def road(self) -> tuple[str, float]:
        """The upcoming pages, each a pick when the route is chosen (under the page's map)."""
        c, p = self.c, self.page
        out: list[str] = []
        y = 0.0
        if p.upcoming:
            out.append(text(PAD, y + 14, f"Road ahead · encounter {p.letter}", "sm b"))
            y += 22
            tw = W - 2 * PAD
            for u in p.upcoming:  # one under the other: each name and rule in full
                up = c.pages[u]
                x = PAD
                name, nsz = fit(up.name, tw - 50, 15, 1)
                rule = wrap(_rule_short(c, up), tw - 50, 14)
                hgt = max(46, 12 + len(name) * nsz * 1.2 + len(rule) * 16)
                body = rect(x, y, tw, hgt, "#f8f0dc", "#8a6a3b", 1.5, 8, cls="face")
                body += circle(x + 22, y + hgt / 2, 15, "#c9ad7e", "#5a3d1c", 1.5)
                body += text(x + 22, y + hgt / 2 + 5, u, "c b sm")
                body += text_lines(x + 44, y + 20, name, "b", nsz)
                body += text_lines(x + 44, y + 20 + len(name) * nsz * 1.2, rule, "sm dim", 0, 16)
                out.append(
                    self.picks.wrap(
                        ("page", u), f"Travel to {u} {up.name}", body, (x, y, tw, hgt), rx=9
                    )
                )
                y += hgt + 8
            y += 6
        else:
            out.append(text(PAD, y + 14, "The last page of the journey.", "sm i"))
            y += 28
        return "".join(out), y

    # -- prompt: what is asked, buttons, bids, drawn contracts ---------------------------------
    def prompt(self) -> tuple[str, float]:
        """What the table waits for, with the buttons, bids and drawn contracts it needs."""
        o = self.obs
        P = self.picks
        acting = bool(P.moves)
        col = seat_color(self.me) if acting and self.me is not None else "#7a5a32"
        inner: list[str] = []
        y = 6
        size = 19 if acting else 15
        for ln in wrap(self.now_text(), W - 2 * PAD - 32, size):
            y += size + 6
            inner.append(text(16, y - 4, ln, "b lg" if acting else "b"))
        hint = self.hint() if acting else ""
        for ln in wrap(hint, W - 2 * PAD - 32, 14):
            y += 18
            inner.append(text(16, y, ln, "sm i"))
        y += 6
        t = self.task
        # bids in progress
        if o["bids"]:
            x = 16
            for s, bid in enumerate(o["bids"]):
                if bid == -1:
                    state = "deciding…"
                elif bid == -2:
                    state = "sealed"
                else:
                    state = f"bid {bid}"
                label = f"{self.who(s)}: {state}"
                wdt = len(label) * 8 + 22
                if x + wdt > W - 2 * PAD - 8:
                    x = 16
                    y += 26
                inner.append(rect(x, y + 4, wdt, 22, "#fff8e6", seat_color(s), 2, 11))
                inner.append(text(x + 11, y + 20, label, "sm"))
                x += wdt + 6
            y += 32
        if o["last_bids"] and not o["bids"] and fight_lost(self._game(), o) is None:
            *bids, winner, pay = o["last_bids"]
            shown = ", ".join(f"{self.who(s)} bid {b}" for s, b in enumerate(bids))
            said = wrap(f"Last bid: {shown}; {self.who(winner)} won and paid {pay}.", W - 60, 14)
            inner.append(text_lines(16, y + 14, said, "sm dim", 0, 17))
            y += 5 + 17 * len(said)
        # the Shop's options
        if t is not None and t[0] == "shop" and acting:
            inner.append(text(16, y + 16, "Shop:", "sm b"))
            x = 70
            for key, label in (
                (("shop", "good"), "Gain 1 good"),
                (("shop", "sell"), "Sell a type, 3 gold each"),
                (("shop", "guard"), "Gain 1 guard"),
            ):
                if P.has(key):
                    frag, wdt = self.button(key, label, x, y)
                    if x + wdt > W - 2 * PAD:
                        x = 16
                        y += 40
                        frag, wdt = self.button(key, label, x, y)
                    inner.append(frag)
                    x += wdt + 8
            y += 42
        # the drawn contracts to keep one of (AL-041)
        if t is not None and t[0] == "keep" and t[1] == self.me:
            drawn = [k for k in t[2] if k is not None]
            cw = W - 2 * PAD - 24
            for kid in drawn:  # one under the other, each card's words whole
                frag, h = self.contract_card(kid, 12, y + 4, cw, True)
                inner.append(
                    P.wrap(
                        ("drawn", kid),
                        f"Keep {self.c.contracts[kid].name}",
                        frag,
                        (12, y + 4, cw, h),
                    )
                )
                y += h + 8
            y += 4
        elif t is not None and t[0] == "keep":  # another's draw: face down (AL-041)
            for i in range(len(t[2])):
                inner.append(card_back(16 + i * 44, y + 4, 36, 52))
            y += 62
        # bid tiles
        bids = sorted(k[1] for k in P.by_key if k[0] == "bid")
        if bids:
            inner.append(text(16, y + 16, "Your sealed bid (gold):", "sm b"))
            y += 24
            per = 8
            tw = (W - 2 * PAD - 32 - (per - 1) * 6) / per
            for j, n in enumerate(bids):
                x = 16 + (j % per) * (tw + 6)
                yy = y + (j // per) * 40
                body = rect(x, yy, tw, 34, "#fff8e6", "#9c7414", 1.5, 6, cls="face")
                body += text(x + tw / 2, yy + 23, n, "c b")
                inner.append(P.wrap(("bid", n), f"Bid {n}", body, (x, yy, tw, 34)))
            y += ((len(bids) + per - 1) // per) * 40 + 4
        if P.dial:
            tens = sorted(k[1] for k in P.by_key if k[0] == "bidt")
            inner.append(text(16, y + 16, "Your sealed bid: pick the tens,", "sm b"))
            inner.append(text(16, y + 34, "then the units", "sm b"))
            y += 42
            per = 5
            tw = (W - 2 * PAD - 32 - (per - 1) * 6) / per
            for row, (kind, vals) in enumerate((("bidt", tens), ("bidu", list(range(10))))):
                for j, v in enumerate(vals):
                    x = 16 + (j % per) * (tw + 6)
                    yy = y + (j // per) * 40
                    lab = f"{v}_" if kind == "bidt" else f"_{v}"
                    body = rect(x, yy, tw, 34, "#fff8e6", "#9c7414", 1.5, 6, cls="face")
                    body += text(x + tw / 2, yy + 23, lab, "c b")
                    what = f"tens {v * 10}-{v * 10 + 9}" if kind == "bidt" else f"units {v}"
                    inner.append(P.wrap((kind, v), f"Bid {what}", body, (x, yy, tw, 34)))
                y += ((len(vals) + per - 1) // per) * 40
                if row == 0:
                    y += 4
            y += 4
        # buttons: declining moves and every move no element claimed
        rest = [
            i
            for i in range(len(P.moves))
            if i not in P.claimed and not P.moves[i][0].startswith("bid ")
        ]
        btn_keys: list[tuple] = []
        for i in rest:
            for key in _keys(P.moves[i][0], P.dial):
                if key not in btn_keys and (key[0] == "btn" or key not in self._drawn_keys()):
                    btn_keys.append(key)
        if btn_keys:
            x = 16
            y += 4
            for key in btn_keys:
                label = self._button_label(key)
                frag, wdt = self.button(key, label, x, y)
                if x + wdt > W - 2 * PAD - 8:
                    x = 16
                    y += 42
                    frag, wdt = self.button(key, label, x, y)
                inner.append(frag)
                x += wdt + 8
            y += 42
        h = y + 8
        box = rect(PAD, 6, W - 2 * PAD, h, "#fbf5e6", col, 3 if acting else 1.5, 10)
        return box + f'<g transform="translate({PAD},6)">{"".join(inner)}</g>', h + 16

    def hint(self) -> str:
        """How to make the move asked for, by clicking the board."""
        t = self.task
        if t is None:
            return ""
        kind = t[0]
        if kind == "place" and self.page.rule == "cliff":
            return "Click a highlighted space, or a ladder spot to build a ladder."
        lost = fight_lost(self._game(), self.obs) if kind == "lose" else None
        if lost is not None:  # the fight's lose result (rulebook "Fight encounter")
            goods = "good" if t[2] == 1 else "goods"
            return (
                f"{lost[0]}: {lost[1]}; its lose result takes {t[2]} {goods} of your choice. "
                + _HINTS["lose"]
            )
        return _HINTS.get(kind, "")

    def _drawn_keys(self) -> set[tuple]:
        """Keys of elements the other sections draw as picks (claimed moves)."""
        return {k for k, idx in self.picks.by_key.items() if set(idx) <= self.picks.claimed}

    def _button_label(self, key: tuple) -> str:
        """The text of a prompt button for ``key``."""
        names = {
            ("btn", "stop"): "Stop selling",
            ("btn", "end"): "Complete no more",
            ("btn", "no-farmer"): "Keep the farmer token",
        }
        if key in names:
            return names[key]
        idx = self.picks.by_key.get(key, [])
        if len(idx) == 1:
            return self.picks.moves[idx[0]][0]
        return " ".join(str(x) for x in key)

    def button(self, key: tuple, label: str, x: float, y: float) -> tuple[str, float]:
        """A round-cornered button pick for ``key``; returns (svg, width)."""
        wdt = len(label) * 8.6 + 28
        body = rect(x, y, wdt, 34, "#f4e1b8", "#7a5a32", 1.8, 17, cls="face")
        body += text(x + wdt / 2, y + 22, label, "c b")
        return self.picks.wrap(key, label, body, (x, y, wdt, 34), rx=18), wdt

    # -- encounter card -------------------------------------------------------------------------
    def encounter(self) -> tuple[str, float]:
        """The encounter card: its fight and alternative, or its options."""
        o = self.obs
        if o["encounter"] < 0:
            return "", 0
        e = self.c.encounters[o["encounter"]]
        P = self.picks
        out: list[str] = []
        x0, w = PAD, W - 2 * PAD
        y = 8
        kind = {"fight": "Fight", "optional": "Optional fight", "special": "Special encounter"}[
            e.type
        ]
        out.append(text(x0 + 14, y + 20, kind, "sm b dim"))
        head, size = fit(f"Encounter {e.letter} · {e.name}", w - 28, 19)
        out.append(text_lines(x0 + 14, y + 44, head, "h lg", size))
        y += 54 + (len(head) - 1) * size * 1.2
        if e.type in ("fight", "optional"):
            fw = w - 28  # the fight and its alternative one under the other
            said = wrap(f"Win: {effects_text(e.win)}", fw - 20, 14)
            said += wrap(f"Lose: {effects_text(e.lose)}", fw - 20, 14)
            fh = max(92, 44 + 16 * len(said))
            body = rect(x0 + 14, y, fw, fh, "#fbeee0", "#9b3a22", 1.5, 8, cls="face")
            body += shield(x0 + 36, y + 20, 11, e.strength)
            body += text(x0 + 56, y + 26, f"Strength {e.strength}", "b")
            if e.fame:
                body += fame_star(x0 + 14 + fw - 20, y + 22, 13, e.fame)
            body += text_lines(x0 + 24, y + 52, said, "sm", 0, 16)
            out.append(P.wrap(("fight",), f"Fight {e.name}", body, (x0 + 14, y, fw, fh)))
            y += fh - 92
            if e.type == "optional":
                y += 100
                ax = x0 + 14
                cost = e.alt_gold + (o["encounter_flee"] if e.alt_kind == "flee" else 0)
                body = rect(ax, y, fw, 92, "#eef2e4", "#4f6b2a", 1.5, 8, cls="face")
                title = "Flee" if e.alt_kind == "flee" else "Pay instead"
                body += text(ax + 12, y + 26, f"{title}: {cost} gold", "b")
                body += coin(ax + fw - 22, y + 22, 13, cost)
                note = (
                    "put a worker on the card; +1 gold for each who fled before"
                    if e.alt_kind == "flee"
                    else "pay the gold and skip the fight"
                )
                ty = y + 48
                for ln in wrap(note, fw - 20, 14)[:3]:
                    body += text(ax + 10, ty, ln, "sm")
                    ty += 16
                out.append(P.wrap(("avoid",), f"{title} for {cost} gold", body, (ax, y, fw, 92)))
            y += 102
        else:
            modes = {
                "guide_chooses": "The Guide chooses one option for everyone.",
                "each_chooses": "Each player chooses an option.",
                "everyone": "It happens to everyone.",
                "auction": "Sealed auction: the highest bid wins the reward.",
            }
            said = wrap(modes.get(e.mode, e.mode), w - 28, 14)
            out.append(text_lines(x0 + 14, y + 14, said, "sm i", 0, 18))
            y += 6 + 18 * len(said)
            if e.mode == "auction":
                said = wrap(f"Reward: {effects_text(e.reward)}", w - 28, 14)
                out.append(text_lines(x0 + 14, y + 14, said, "sm b", 0, 18))
                y += 6 + 18 * len(said)
            for i, (label, gold, effs) in enumerate(e.options):
                cost = f" · costs {gold} gold" if gold else ""
                lines = wrap(f"{label}{cost} → {effects_text(effs)}", w - 48, 14)
                hgt = 12 + 18 * len(lines)
                body = rect(x0 + 14, y, w - 28, hgt, "#f7efdc", "#8a6a3b", 1.5, 8, cls="face")
                ty = y + 20
                for ln in lines:
                    body += text(x0 + 26, ty, ln, "sm")
                    ty += 18
                out.append(
                    P.wrap(("option", i), f"Option {i}: {label}", body, (x0 + 14, y, w - 28, hgt))
                )
                y += hgt + 6
        status = []
        if o["encounter_won"]:
            status.append("someone has won the fight")
        if o["encounter_flee"]:
            status.append(f"{o['encounter_flee']} fled so far")
        if o["encounter_option"] >= 0 and o["encounter_option"] < len(e.options):
            status.append(f"the Guide chose “{e.options[o['encounter_option']][0]}”")
        if o["encounter_roll"]:
            status.append(f"the shared roll is {o['encounter_roll']}")
        if status:
            said = wrap("So far: " + "; ".join(status) + ".", w - 28, 14)
            out.append(text_lines(x0 + 14, y + 14, said, "sm i", 0, 18))
            y += 4 + 18 * len(said)
        card = rect(x0, 0, w, y + 6, "#fdf7ea", "#5a3d1c", 2.5, 12)
        return card + "".join(out), y + 16

    # -- the page map ---------------------------------------------------------------------------
    def map(self) -> tuple[str, float]:
        """The page laid out by its rule's layout, with the page's tokens left."""
        layout = LAYOUTS.get(self.page.rule, layout_free)
        frag, h = layout(self, PAD, 0, W - 2 * PAD)
        toks = self.obs["token_supply"]
        extra = ""
        if toks:
            items = ", ".join(f"{k.replace('_', ' ')} ×{v}" for k, v in sorted(toks.items()))
            said = wrap(f"On the page: {items}", W - 2 * PAD - 8, 14)
            extra = text_lines(PAD + 4, h + 16, said, "sm dim", 0, 18)
            h += 4 + 18 * len(said)
        return frag + extra, h + 10

    def space(self, sp: Space, x: float, y: float, w: float = 50, h: float = 62) -> str:
        """Space ``sp`` as a tile: its action icon, cost, and the worker on it."""
        taken = self.obs["occupied"]  # empty before the page is laid out (AL-030)
        occ = taken[sp.index] if sp.index < len(taken) else -1
        fills = {
            "goods": "#fbf3df",
            "sell": "#f6e2bf",
            "shop": "#f8dcd6",
            "gain_contract": "#ece3f3",
            "complete_contract": "#e0e9f4",
            "extend_caravan": "#e5eed9",
            "token": "#efe3f7",
            "ice": "#e3f5fc",
            "farmer": "#f1f0c9",
        }
        body = [rect(x, y, w, h, fills.get(sp.action, "#fbf3df"), "#6b4d28", 2, 6, cls="face")]
        cx, cy = x + w / 2, y + h / 2 - 2
        a = sp.action
        if a == "goods":
            kinds = [(i, n) for i, n in enumerate(sp.goods) if n]
            if len(kinds) == 1:
                gi, n = kinds[0]
                body.append(good_icon(gi, cx - 7, cy, 11))
                body.append(text(cx + 13, cy + 6, f"{n}", "b"))
            else:
                for j, (gi, n) in enumerate(kinds[:3]):
                    gx = cx + (j - (len(kinds[:3]) - 1) / 2) * 20
                    body.append(good_icon(gi, gx, cy - 3, 9))
                    if n > 1:
                        body.append(text(gx, cy + 17, n, "c b sm"))
            label = "Gain"
        elif a == "sell":
            prices = [(i, p) for i, p in enumerate(sp.prices) if p]
            for j, (gi, pr) in enumerate(prices[:3]):
                yy = y + cy - y - (len(prices[:3]) - 1) * 9.5 + j * 19
                body.append(good_icon(gi, x + 13, yy, 7))
                body.append(text(x + 23, yy + 5, "›", "sm b"))
                body.append(coin(x + w - 14, yy, 8, pr, "sm"))
            label = "Sell"
        elif a == "shop":
            body.append(awning(cx, cy, 30))
            label = "Shop"
        elif a == "gain_contract":
            body.append(scroll(cx - 2, cy - 2, 24, "+"))
            label = "Draw"
        elif a == "complete_contract":
            body.append(scroll(cx - 2, cy - 2, 24, "v"))
            label = "Fulfil"
        elif a == "extend_caravan":
            body.append(wagon(cx, cy + 2, 30))
            label = "Buy"
        elif a == "token":
            body.append(token_disc(cx, cy, 13, sp.token))
            label = sp.token.replace("_", " ")[:6]
        elif a == "ice":
            body.append(snowflake(cx, cy, 12))
            label = "4 / 1"
        elif a == "farmer":
            body.append(farmer_token(cx - 7, cy, 11))
            body.append(coin(cx + 13, cy + 6, 8, sp.gold))
            label = "Farm"
        else:
            label = a
        if sp.gold and a != "farmer":
            body.append(coin(x + w - 10, y + h - 22, 8, f"+{sp.gold}"))
        body.append(text(cx, y + h - 5, label, "c xs b"))
        if sp.cost:  # the cost icon in the corner (AL-046)
            body.append(circle(x + w - 6, y + 6, 10, "#ebbd4c", "#a1281a", 2))
            body.append(text(x + w - 6, y + 11, sp.cost, "c b sm"))
        body.append(text(x + 4, y + 11, sp.index, "xs dim"))
        if occ >= 0:
            body.append(
                rect(x + 2, y + 2, w - 4, h - 4, "#ffffff", "none", 0, 5, extra=' opacity="0.55"')
            )
            body.append(meeple(cx, cy + 2, 30, seat_color(occ)))
        desc = space_text(self._game(), self.page.id, sp.index)
        who = f" — {self.who(occ)}" if occ >= 0 else ""
        label_full = f"Space {sp.index}: {desc}{who}"
        frag = "".join(body)
        if self.picks.has(("space", sp.index)):
            return self.picks.wrap(("space", sp.index), label_full, frag, (x, y, w, h), inset=True)
        return f"<g><title>{esc(label_full)}</title>{frag}</g>"

    def cluster_edge(
        self, spaces: Sequence[Space], edge: str = "#7a5a32", width: float = 2
    ) -> tuple[str, float]:
        """The border of a cluster: gold and thick when the viewer may place there now."""
        if any(self.picks.has(("space", sp.index)) for sp in spaces):
            return "#e39a12", 3.5
        return edge, width

    def spaces_block(
        self, spaces: Sequence[Space], x: float, y: float, per_row: int, tw=50, th=62, gap=5
    ) -> tuple[str, float, float]:
        """Tiles of ``spaces`` in rows of ``per_row`` from (x, y); returns (svg, width, height)."""
        out = []
        for j, sp in enumerate(spaces):
            out.append(
                self.space(
                    sp, x + (j % per_row) * (tw + gap), y + (j // per_row) * (th + gap), tw, th
                )
            )
        rows = max(1, (len(spaces) + per_row - 1) // per_row)
        cols = min(per_row, max(1, len(spaces)))
        return "".join(out), cols * tw + (cols - 1) * gap, rows * th + (rows - 1) * gap

    # -- market: caravan cards, supply -----------------------------------------------------------
    def market(self) -> tuple[str, float]:
        """The face-up caravan cards, the supply of goods and guards, the decks."""
        o, c = self.obs, self.c
        P = self.picks
        out = [text(PAD, 22, "Caravan cards for sale", "h lg")]
        y = 32
        cards = o["caravan_faceup"]
        if cards:
            cw = (W - 2 * PAD - 8) / 2  # two a row: each name whole in the card's band
            for i, cid in enumerate(cards):
                x = PAD + (i % 2) * (cw + 8)
                yy = y + (i // 2) * 150
                frag = self.caravan_card(cid, x, yy, cw, 142)
                out.append(
                    P.wrap(("card", cid), f"Buy {c.caravans[cid].name}", frag, (x, yy, cw, 142))
                )
            y += ((len(cards) + 1) // 2) * 150 + 2
        else:
            out.append(text(PAD, y + 16, "None left this round.", "sm i dim"))
            y += 28
        # the general supply: goods, guards, decks
        out.append(rect(PAD, y, W - 2 * PAD, 80, "#f6ecd4", "#a88b5c", 1.2, 8))
        out.append(text(PAD + 10, y + 20, "Supply", "sm b"))
        held = [sum(p["goods"][g] for p in o["players"]) for g in range(4)]
        for g in range(4):
            x = PAD + 10 + g * 64
            left = c.goods_per_type - held[g]
            body = rect(x, y + 26, 58, 26, "#fffaf0", "#b59a6c", 1, 6, cls="face")
            body += good_icon(g, x + 15, y + 39, 9) + text(x + 32, y + 44, left, "sm b")
            out.append(
                P.wrap(
                    ("supply", g),
                    f"{GOOD_NAMES[g]} ({left} in the supply)",
                    body,
                    (x, y + 26, 58, 26),
                )
            )
        gx = PAD + 10 + 4 * 64
        body = rect(gx, y + 26, 66, 26, "#fffaf0", "#b59a6c", 1, 6, cls="face")
        body += shield(gx + 14, y + 37, 8) + text(gx + 28, y + 44, f"{o['guard_supply']}", "sm b")
        out.append(
            P.wrap(("guards",), f"Guards ({o['guard_supply']} left)", body, (gx, y + 26, 66, 26))
        )
        bottom = len(o["contract_bottom"])
        extra = f" (+{bottom} under)" if bottom else ""
        decks = (
            f"Caravan deck {len(o['caravan_deck'])} · Contracts {o['contract_deck_size']}{extra}"
        )
        out.append(text(PAD + 10, y + 72, decks, "sm"))
        y += 90
        return "".join(out), y

    def caravan_card(self, cid: int, x: float, y: float, w: float, h: float, starting=False) -> str:
        """A caravan card: name, cost in gold and goods, crates, shields, workers, fame."""
        k = self.c.starting[cid] if starting else self.c.caravans[cid]
        out = [rect(x, y, w, h, "#fbf4e2", "#6b4d28", 2, 8, cls="face")]
        name, size = fit(k.name, w - 10, 14)  # whole: two lines or smaller letters
        band = 8 + len(name) * size * 1.15
        out.append(rect(x, y, w, band, "#b9874e", "none", 0, 8))
        out.append(rect(x, y + band - 10, w, 10, "#b9874e", "none", 0, 0))
        out.append(text_lines(x + w / 2, y + size + 2, name, "c b sm w", size, size * 1.15))
        # cost: gold and goods
        cy = y + band + 20
        out.append(coin(x + 16, cy, 11, k.gold))
        gx = x + 34
        for gi, n in enumerate(k.goods):
            for _ in range(n):
                if gx < x + w - 10:
                    out.append(good_icon(gi, gx + 8, cy, 8))
                gx += 18
        out.append(line(x + 8, cy + 18, x + w - 8, cy + 18, "#d8c49d", 1))
        # what it gives
        items = []
        if k.crates:
            items.append(("crate", k.crates))
        if k.shields:
            items.append(("shield", k.shields))
        if k.workers:
            items.append(("worker", k.workers))
        yy = cy + 36
        for j, (what, n) in enumerate(items):
            ix = x + 18 + (j % 2) * (w / 2)
            iy = yy + (j // 2) * 26
            if what == "crate":
                out.append(crate(ix - 9, iy - 9, 18))
            elif what == "shield":
                out.append(shield(ix, iy - 2, 8))
            else:
                out.append(meeple(ix, iy, 18, "#efe3c6"))
            out.append(text(ix + 14, iy + 5, f"+{n}", "b sm"))
        out.append(fame_star(x + w - 16, y + h - 16, 12, k.fame))
        return "".join(out)

    def contract_card(
        self, kid: int, x: float, y: float, w: float, full: bool
    ) -> tuple[str, float]:
        """A face-up contract: name, the goods it needs, fame, ability (when ``full``)."""
        k = self.c.contracts[kid]
        name, size = fit(k.name, w - 40, 14)  # whole: two lines or smaller letters, never cut
        top = (len(name) - 1) * size * 1.15
        ability = ability_text(self._game(), k)
        said = wrap(("Once completed: " if full else "") + ability, w - 16, 14)
        h = top + 48 + 16 * len(said) + (4 if full else 0)
        out = [rect(x, y, w, h, "#fbf3dc", "#8a6a3b", 1.8, 7, cls="face")]
        out.append(text_lines(x + 8, y + 18, name, "b sm", size, size * 1.15))
        out.append(fame_star(x + w - 14, y + 14, 11, k.fame))
        gx = x + 14
        for gi, n in enumerate(k.goods):
            for _ in range(n):
                if gx < x + w - 8:
                    out.append(good_icon(gi, gx, y + top + 36, 8))
                gx += 18
        out.append(text_lines(x + 8, y + top + 58, said, "sm" if full else "sm dim", 0, 16))
        # the card's words on hover and to a screen reader too
        words = f"{k.name}, {k.fame} fame; once completed: {ability}"
        return f"<g><title>{esc(words)}</title>{''.join(out)}</g>", h

    # -- players ----------------------------------------------------------------------------------
    def players(self) -> tuple[str, float]:
        """Every caravan, one under the other: the viewer's first."""
        order = list(range(self.n))
        out = [text(PAD, 22, "Caravans", "h lg")]
        y = 32
        if self.me is not None:
            frag, h = self.mat(self.me, PAD, y, W - 2 * PAD)
            out.append(frag)
            y += h + 10
            order.remove(self.me)
        for s in order:
            frag, h = self.mat(s, PAD, y, W - 2 * PAD)
            out.append(frag)
            y += h + 10
        return "".join(out), y

    def mat(self, s: int, x: float, y: float, w: float) -> tuple[str, float]:
        """Seat ``s``'s caravan: gold, strength, crates with goods, workers, tokens, contracts."""
        o, c = self.obs, self.c
        p = o["players"][s]
        P = self.picks
        mine = s == self.me
        col = seat_color(s)
        out: list[str] = []
        # banner
        out.append(rect(x, y, w, 32, col, "none", 0, 8))
        out.append(rect(x, y + 20, w, 12, col, "none", 0, 0))
        name = f"{seat_word(s)} · you" if mine else seat_word(s)
        if self.fame is not None:
            fame, won = self.fame[s]
            # the banner's badges take its right end: the longest words that fit before them
            room = (w - 10 - 57 - (30 if s == o["guide"] else 0)) / 8.5
            for said in (
                f"{name} · {fame} fame" + (" · winner" if won else ""),
                f"{name} · {fame} fame" + (" ★" if won else ""),
                f"{name} · {fame}" + (" ★" if won else ""),
            ):
                if len(said) <= room:
                    break
            name = said
        out.append(text(x + 10, y + 22, name, "b w"))
        bx = x + w - 16
        gold = "?" if p["gold"] is None else p["gold"]
        out.append(coin(bx, y + 16, 12, gold))
        out.append(shield(bx - 32, y + 13, 9, p["strength"]))
        if s == o["guide"]:
            out.append(guide_token(bx - 62, y + 16, 11))
        yy = y + 38
        # caravan cards: every one, on as many lines as they take (the mat grows to fit)
        names = []
        if p["start"] >= 0:
            names.append(c.starting[p["start"]].name)
        names += [c.caravans[i].name for i in p["caravan"]]
        for ln in wrap(" + ".join(names) or "no caravan yet", w - 20, 14):
            yy += 15
            out.append(text(x + 10, yy, ln, "sm"))
        yy += 8
        # crates with goods: one pick per good type held (drop / sell / shop sell)
        cs = 24
        per = max(1, int((w - 20) // (cs + 4)))
        slots: list[int] = []
        for g in range(4):
            slots += [g] * p["goods"][g]
        slots += [-1] * max(0, p["crates"] - len(slots))
        rows = max(1, (len(slots) + per - 1) // per)
        groups: dict[int, list[str]] = {}
        plain: list[str] = []
        boxes: dict[int, list[float]] = {}
        for j, g in enumerate(slots):
            cx0 = x + 10 + (j % per) * (cs + 4)
            cy0 = yy + (j // per) * (cs + 4)
            frag = crate(cx0, cy0, cs)
            if g >= 0:
                frag += good_icon(g, cx0 + cs / 2, cy0 + cs / 2, 9)
                groups.setdefault(g, []).append(frag)
                bb = boxes.setdefault(g, [cx0, cy0, cx0 + cs, cy0 + cs])
                bb[0], bb[1] = min(bb[0], cx0), min(bb[1], cy0)
                bb[2], bb[3] = max(bb[2], cx0 + cs), max(bb[3], cy0 + cs)
            else:
                plain.append(frag)
        out += plain
        for g in sorted(groups):
            frag = "".join(groups[g])
            if mine:
                b0 = boxes[g]
                frag = P.wrap(
                    ("mygood", g),
                    f"Your {GOOD_NAMES[g]} ({p['goods'][g]})",
                    frag,
                    (b0[0], b0[1], b0[2] - b0[0], b0[3] - b0[1]),
                    rx=4,
                )
            out.append(frag)
        yy += rows * (cs + 4) + 6
        # workers: free on the caravan, placed, farmer extras; own reserve behind the screen
        free = p["workers"] - p["placed"]
        mx = x + 18
        for j in range(p["workers"]):
            out.append(meeple(mx, yy + 12, 22, col, hollow=j >= free))
            mx += 20
        if p["extra"]:
            out.append(text(mx, yy + 18, f"+{p['extra']} farmer", "sm"))
            mx += 70
        if p["reserve"] is not None:
            if mx + 134 > x + w - 6:  # no room left on the workers' line
                mx = x + 6
                yy += 28
            out.append(rect(mx + 4, yy, 130, 24, "#e5d6b8", "#8a6a3b", 1, 4))
            out.append(text(mx + 69, yy + 17, f"behind screen {p['reserve']}", "c sm"))
        yy += 30
        # tokens: guards, location tokens, farmer, ladders, trophies
        tx = x + 12
        row_top = yy
        items: list[str] = []
        if p["guards"]:
            items.append(
                shield(tx + 8, yy + 9, 8) + text(tx + 20, yy + 15, f"×{p['guards']}", "sm b")
            )
            tx += 50
        for kind, cnt in sorted(p["tokens"].items()):
            items.append(
                token_disc(tx + 11, yy + 10, 11, kind) + text(tx + 25, yy + 15, f"×{cnt}", "sm b")
            )
            tx += 56
        if p["farmer"]:
            frag = farmer_token(tx + 11, yy + 10, 11) + text(
                tx + 25, yy + 15, f"×{p['farmer']}", "sm b"
            )
            if mine:
                frag = P.wrap(("farmer",), "Your farmer token", frag, (tx, yy - 1, 44, 22), rx=11)
            items.append(frag)
            tx += 56
        if self.page.rule == "cliff":  # ladders in hand (AL-095, AL-096)
            frag = self.ladder_icon(tx + 8, yy - 1, 22, col) + text(
                tx + 20, yy + 15, f"×{p['ladders']}", "sm b"
            )
            if mine:
                frag = P.wrap(("ladders", "own"), "Your ladders", frag, (tx, yy - 2, 44, 24))
            items.append(frag)
            tx += 50
            if p["grey"]:
                frag = self.ladder_icon(tx + 8, yy - 1, 22, GREY_COLOR) + text(
                    tx + 20, yy + 15, f"×{p['grey']}", "sm b"
                )
                if mine:
                    frag = P.wrap(
                        ("ladders", "grey"), "The grey ladder", frag, (tx, yy - 2, 44, 24)
                    )
                items.append(frag)
                tx += 50
        if items:
            out += items
            yy = row_top + 28
        if p["trophies"]:  # on lines of their own: each encounter's name whole
            tro = ", ".join(c.encounters[e].name for e in p["trophies"])
            said = wrap(f"Trophies: {tro}", w - 24, 14)
            out.append(text_lines(x + 12, yy + 12, said, "sm", 0, 16))
            yy += 4 + 16 * len(said)
        # bid
        if o["bids"]:
            b = o["bids"][s]
            st = "deciding…" if b == -1 else ("bid sealed" if b == -2 else f"bid {b}")
            out.append(text(x + 12, yy + 12, st, "sm i"))
            yy += 18
        # contracts
        inc = p["incomplete"]
        if inc:
            out.append(text(x + 10, yy + 14, "Contracts", "sm b"))
            yy += 20
            if any(k is None for k in inc):
                for j, _k in enumerate(inc):
                    out.append(card_back(x + 10 + j * 40, yy, 34, 48))
                yy += 54
            else:
                cw = w - 20
                for kid in inc:
                    cx0, cy0 = x + 10, yy
                    frag, hh = self.contract_card(kid, cx0, cy0, cw, False)
                    if mine:
                        frag = P.wrap(
                            ("contract", kid),
                            f"Complete {c.contracts[kid].name}",
                            frag,
                            (cx0, cy0, cw, hh),
                        )
                    out.append(frag)
                    yy += hh + 6
        if p["completed"]:
            out.append(text(x + 10, yy + 14, "Completed", "sm b"))
            yy += 18
            for kid in p["completed"]:
                k = c.contracts[kid]
                said = wrap(f"{k.name}: {ability_text(self._game(), k)}", w - 52, 14)
                hh = 6 + 16 * len(said)
                out.append(rect(x + 10, yy, w - 20, hh, "#e6efd9", "#5b7a35", 1.2, 5))
                out.append(fame_star(x + 22, yy + 11, 8, k.fame))
                out.append(text_lines(x + 36, yy + 16, said, "sm", 0, 16))
                yy += hh + 4
        h = yy - y + 8
        frame = rect(x, y, w, h, "#fbf5e6", col, 2.5 if mine else 1.5, 8)
        return frame + "".join(out), h

    def ladder_icon(self, x: float, y: float, h: float, col: str) -> str:
        """A ladder of height ``h`` in colour ``col``."""
        out = line(x - 5, y, x - 5, y + h, col, 2.5) + line(x + 5, y, x + 5, y + h, col, 2.5)
        k = 3
        for i in range(k):
            yy = y + (i + 0.5) * h / k
            out += line(x - 5, yy, x + 5, yy, col, 2)
        return out


class _ContentView:
    """The part of a game the sentence helpers of :mod:`render` read."""

    def __init__(self, content: Content):
        self.content = content


#: The part of the board drawn right under the prompt while a decision of this kind is asked
#: (the one whose elements are its picks); other decisions keep the usual order.
_NEAR_PROMPT = {
    "route": "road",
    "buy": "market",
    "good": "market",
    "trim": "players",
    "lose": "players",
    "sell": "players",
    "shop": "players",
    "complete": "players",
    "final": "players",
    "farmer": "players",
}

#: How each decision is clicked on the board.
_HINTS = {
    "place": "Click a highlighted space.",
    "xplace": "Click a highlighted space for the second worker.",
    "farmer": "Click your farmer token to place a second worker, or keep it.",
    "climb": "Click the ladders to climb by.",
    "good": "Click a good in the supply.",
    "trim": "Click a good in your crates to discard it.",
    "lose": "Click a good in your crates to discard it.",
    "sell": "Click a good in your crates to sell it.",
    "shop": "Choose an option, or click a good in your crates to sell that type.",
    "buy": "Click a caravan card for sale.",
    "complete": "Click one of your contracts.",
    "keep": "Click the contract to keep; the others go under the deck.",
    "route": "Click a page of the road ahead.",
    "fightalt": "Click the fight, or the alternative.",
    "option": "Click an option of the encounter.",
    "final": "Click a contract to complete, or finish.",
    "bid": "Click your bid; the others cannot see it.",
}

_RULE_SHORT = {
    "free": "any free space",
    "village": "clusters joined by paths",
    "uphill": "lanes climbed uphill",
    "floe": "islands reached by ice",
    "cliff": "ledges reached by ladders",
    "aurora": "bands of the goods you carry",
    "fair": "tents that fill up",
    "plague": "districts that spread plague",
    "lanterns": "follow the last lantern",
    "court": "halls opened by favour",
    "fortress": "sentries on the walls",
    "arena": "arenas won by strength",
    "port": "ships boarded in turn",
}


def _rule_short(content: Content, page: Page) -> str:
    """A page's placement rule in a few words (the road ahead): the first clause of its
    summary, with the page's numbers."""
    words = _RULE_SHORT.get(page.rule)
    if words is None:
        words = PAGE_RULES[page.rule].words(page, content).split(":")[0].split(";")[0]
    return words or page.rule


def _clusters(
    b: _Board,
    x: float,
    y: float,
    w: float,
    order: Sequence[int],
    across: bool,
    ground: str,
    notes: dict[int, str],
    joins: str = "",
) -> tuple[str, float]:
    """The clusters of a page in ``order``: side by side as columns (``across``) or stacked as
    rows, each named by the page rule (``cluster_name``) with its note, the viewer's open ones
    edged in gold; ``joins`` is drawn under them (a river, a rope)."""
    page = b.page
    rule = PAGE_RULES[page.rule]
    by = {k: [sp for sp in page.spaces if sp.cluster == k] for k in order}
    tw, th, gap = 48, 62, 4
    out = []
    cols = max(1, len(order))
    cw = (w - 20 - (cols - 1) * 16) / cols
    if across and any(len(by[k]) > (cw - 10 + gap) // (tw + gap) for k in order):
        across = False  # columns too narrow for a cluster's spaces side by side: rows instead
    if across:
        per = max(1, int((cw - 10 + gap) // (tw + gap)))
        rows = max(math.ceil(len(by[k]) / per) for k in order) if order else 1
        bh = 40 + rows * (th + gap)
        total = bh + 24
        out.append(rect(x, y, w, total, ground, "#a88b5c", 1.5, 14))
        out.append(joins)
        for j, k in enumerate(order):
            bx = x + 10 + j * (cw + 16)
            edge, width = b.cluster_edge(by[k])
            out.append(rect(bx, y + 10, cw, bh, "#f4ead0", edge, width, 10))
            name, size = fit(rule.cluster_name(page, k), cw - 12, 14, 1)
            out.append(text_lines(bx + 8, y + 26, name, "sm b", size))
            if k in notes:
                note, size = fit(notes[k], cw - 12, 14, 1)
                out.append(text_lines(bx + 8, y + 42, note, "sm dim", size))
            frag, _, _ = b.spaces_block(by[k], bx + 5, y + 48, per, tw, th, gap)
            out.append(frag)
        return "".join(out), total + 4
    # a row per cluster: its name and note above its spaces, each in full
    per = max(1, int((w - 30 + gap) // (tw + gap)))
    heads = {}
    for k in order:
        said = wrap(rule.cluster_name(page, k), w - 40, 14)
        if k in notes:
            said += wrap(notes[k], w - 40, 14)
        heads[k] = said
    heights = [
        len(heads[k]) * 17 + max(1, math.ceil(len(by[k]) / per)) * (th + gap) + 14 for k in order
    ]
    total = sum(heights) + 12 * len(order) + 12
    out.append(rect(x, y, w, total, ground, "#a88b5c", 1.5, 14))
    out.append(joins)
    ry = y + 10
    for k, hgt in zip(order, heights, strict=True):
        edge, width = b.cluster_edge(by[k])
        out.append(rect(x + 10, ry, w - 20, hgt, "#f4ead0", edge, width, 10))
        name = wrap(rule.cluster_name(page, k), w - 40, 14)
        out.append(text_lines(x + 20, ry + 19, name, "sm b", 0, 17))
        if k in notes:
            out.append(
                text_lines(x + 20, ry + 19 + 17 * len(name), heads[k][len(name) :], "sm dim", 0, 17)
            )
        frag, _, _ = b.spaces_block(by[k], x + 15, ry + 6 + 17 * len(heads[k]), per, tw, th, gap)
        out.append(frag)
        ry += hgt + 12
    return "".join(out), total + 4


def _occupied_counts(b: _Board) -> list[int]:
    """Workers in each cluster of the page, from the observation (0 before it is laid out)."""
    occ = b.obs["occupied"]
    out = [0] * b.page.clusters
    if len(occ) == len(b.page.spaces):
        for sp in b.page.spaces:
            if occ[sp.index] >= 0:
                out[sp.cluster] += 1
    return out


def layout_mirror(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Ice Point (ruling AL-R51): the shores face each other across the cape; each seat's
    marker stands on the shore of its last worker."""
    here: dict[int, list[str]] = {}
    for s, p in enumerate(b.obs["players"]):
        last = (p["visited"] & 15) - 1
        if last >= 0:
            here.setdefault(last, []).append(b.who(s))
    notes = {k: "last here: " + ", ".join(v) for k, v in here.items()}
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, True, "#cfe4ef", notes)


def layout_ballast(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Balloon Town (ruling AL-R55): a balloon per cluster, each with its load."""
    counts = _occupied_counts(b)
    sizes = [sum(1 for sp in b.page.spaces if sp.cluster == k) for k in range(b.page.clusters)]
    notes = {k: f"load {counts[k]}/{sizes[k]}" for k in range(b.page.clusters)}
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, True, "#dbe9f5", notes)


def layout_mine(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Glimmerhollow Mines (ruling AL-R59): shafts from the top down; the deepest reached is
    marked (the vein, AL-R60)."""
    counts = _occupied_counts(b)
    deep = max((k for k in range(b.page.clusters) if counts[k]), default=-1)
    notes = {deep: "deepest: the vein"} if deep >= 0 else {}
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, False, "#b3a58f", notes)


def layout_ferry(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Frostbarrow Ferry (ruling AL-R62): near bank, the ferry's deck on the river, far bank."""
    counts = _occupied_counts(b)
    need = b.page.param("two_player_crossing" if b.n == 2 else "crossing")
    deck = counts[1] if len(counts) > 1 else 0
    notes = {1: f"{deck}/{need} aboard" + (": crossed" if deck >= need else "")}
    river = rect(x + w / 3, y, w / 3, 24, "#9cc7de", "none", 0, 0)
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, True, "#e0d6bd", notes, river)


def layout_wind(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Whistling Steppe (ruling AL-R65): the pipes clockwise, the wind's pipe marked."""
    pg = b.obs["page_state"]
    notes = {pg[0]: "wind here"} if pg else {}
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, True, "#e6dfb3", notes)


def layout_coves(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Tortuga (ruling AL-R68): the coves of the harbour, each with the viewer's crew there."""
    me = b.me
    notes: dict[int, str] = {}
    if isinstance(me, int):
        v = b.obs["players"][me]["visited"]
        notes = {k: f"your crew {v >> 3 * k & 7}" for k in range(b.page.clusters)}
    order = list(range(b.page.clusters))
    return _clusters(b, x, y, w, order, True, "#bfe0e3", notes)


def layout_brink(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Silver Falls (ruling AL-R72): the pools stacked, the brink on top."""
    order = list(range(b.page.clusters - 1, -1, -1))
    notes = {b.page.clusters - 1: "2 gold a worker"}
    return _clusters(b, x, y, w, order, False, "#c9dfe9", notes)


# -- layouts: one per placement rule, each from the page's data ---------------------------------
def layout_free(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Free placement: the page's spaces as a market square, in rows."""
    per = max(1, int((w - 24 + 6) // 54))  # tiles about 48 wide: their words stay readable
    tw = (w - 24 - (per - 1) * 6) / per
    frag, _, bh = b.spaces_block(b.page.spaces, x + 12, y + 14, per, tw, 64, 6)
    square = rect(x, y + 2, w, bh + 26, "#e3d3ae", "#a88b5c", 1.5, 14)
    return square + frag, bh + 32


def _grid_positions(n: int) -> list[tuple[int, int]]:
    """Cluster ``c`` at column ``c % cols``, row ``c // cols`` (3 columns up to 9 clusters)."""
    cols = 3 if n <= 9 else math.ceil(math.sqrt(n))
    return [(c % cols, c // cols) for c in range(n)]


def layout_village(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Trader's Village (AL-085): clusters on a grid, joined by the page's paths (roads)."""
    page = b.page
    o = b.obs
    n = page.clusters
    pos = _grid_positions(n)
    cols = max(cx for cx, _ in pos) + 1
    by = [[sp for sp in page.spaces if sp.cluster == k] for k in range(n)]
    gap = 18
    cw = (w - (cols - 1) * gap) / cols
    per = max(1, int((cw - 8 + 4) // 50))
    tw = (cw - 10 - (per - 1) * 4) / per
    heights = [22 + max(1, math.ceil(len(by[k]) / per)) * 66 + 4 for k in range(n)]
    rows = max(r for _, r in pos) + 1
    row_h = [max([heights[k] for k in range(n) if pos[k][1] == r] or [0]) for r in range(rows)]
    row_y = [y + 10 + sum(row_h[:r]) + r * gap for r in range(rows)]
    boxes = []
    for k in range(n):
        c0, r0 = pos[k]
        boxes.append((x + c0 * (cw + gap), row_y[r0], cw, heights[k]))
    total = row_y[-1] + row_h[-1] - y + 10
    out = [rect(x, y, w, total, "#d8c99c", "#a88b5c", 1.5, 14)]
    for a, c2 in page.paths:  # roads between cluster centres, under the stalls
        ax, ay = boxes[a][0] + boxes[a][2] / 2, boxes[a][1] + boxes[a][3] / 2
        bx, by2 = boxes[c2][0] + boxes[c2][2] / 2, boxes[c2][1] + boxes[c2][3] / 2
        out.append(line(ax, ay, bx, by2, "#b79a67", 14, ' stroke-linecap="round"'))
        out.append(
            line(ax, ay, bx, by2, "#efe0b9", 8, ' stroke-linecap="round" stroke-dasharray="10 6"')
        )
    noun = "Lane" if page.rule == "uphill" else "Cluster"  # as the moves name it (where_words)
    for k in range(n):
        bx0, by0, bw, bh = boxes[k]
        edge, width = b.cluster_edge(by[k])
        out.append(rect(bx0, by0, bw, bh, "#f1e6c8", edge, width, 10))
        label = f"{noun} {k}"
        out.append(text(bx0 + 8, by0 + 16, label, "sm b"))
        # who has visited the cluster (AL-087): beside the name, or riding on the box's top
        # edge when there are more than fit beside it
        seen = [s for s in range(b.n - 1, -1, -1) if o["players"][s]["visited"] >> k & 1]
        beside = 8 + text_width(label, 14) + 4 + 14 * len(seen) <= bw - 2
        vx, vy = bx0 + bw - 10, (by0 + 11 if beside else by0)
        for s in seen:
            out.append(circle(vx, vy, 6, seat_color(s), "#fff", 1.5))
            vx -= 14
        frag, _, _ = b.spaces_block(by[k], bx0 + 5, by0 + 22, per, tw, 62, 4)
        out.append(frag)
    return "".join(out), total + 4


def layout_floe(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Floe Lake (AL-099): islands in a clockwise ring round the shore, one ice spot each
    (ruling AL-R29); an ice block lies on the spot of each island ``page_state`` names."""
    page = b.page
    n = max(1, page.islands)
    ice = b.obs["page_state"]
    by = [[sp for sp in page.spaces if sp.cluster == k] for k in range(n)]
    tw, th = (44 if w < 500 else 46), 62
    iw = [max(1, len(s)) * (tw + 4) + 10 for s in by]
    bh_all = th + 25
    # the ring tall enough that islands side by side on a narrow board do not meet
    rx, ry = w / 2 - max(iw) / 2 - 4, max(162, 2 * bh_all + 12)
    cx0, cy0 = x + w / 2, y + ry + bh_all / 2 + 14
    total = 2 * ry + bh_all + 28
    out = [rect(x, y, w, total, "#a9d6ea", "#5f9cb8", 1.5, 16)]
    out.append(
        f'<ellipse cx="{_f(cx0)}" cy="{_f(cy0)}" rx="{_f(w / 2 - 14)}" ry="{_f(ry + 48)}" fill="#c4e6f3" stroke="none"/>'
    )
    centres = []
    for k in range(n):
        a = 2 * math.pi * k / n
        centres.append((cx0 + rx * math.sin(a), cy0 - ry * math.cos(a)))
    # ice spots from the shore to each island; a block where page_state says
    for k in range(n):
        ix, iy = centres[k]
        dx, dy = ix - cx0, iy - cy0
        d = math.hypot(dx, dy) or 1
        sx, sy = cx0 + dx / d * 58, cy0 + dy / d * 34
        ex, ey = ix - dx / d * 24, iy - dy / d * 34
        if k in ice:
            out.append(line(sx, sy, ex, ey, "#4a93b5", 20, ' stroke-linecap="round"'))
            out.append(line(sx, sy, ex, ey, "#f4fcff", 15, ' stroke-linecap="round"'))
        else:
            out.append(
                line(
                    sx,
                    sy,
                    ex,
                    ey,
                    "#6aa9c6",
                    16,
                    ' stroke-linecap="round" stroke-dasharray="4 5" opacity="0.6"',
                )
            )
    # the shore and the clockwise drift
    out.append(
        f'<ellipse cx="{_f(cx0)}" cy="{_f(cy0)}" rx="66" ry="40" fill="#d9c79c" stroke="#8a6a3b" stroke-width="2"/>'
    )
    out.append(text(cx0, cy0 - 4, "Shore", "c b sm"))
    out.append(text(cx0, cy0 + 14, "ice drifts ↻", "c sm dim"))
    for k in range(n):
        ix, iy = centres[k]
        bw, bh = iw[k], th + 25
        bx0, by0 = ix - bw / 2, iy - bh / 2
        has_ice = k in ice
        out.append(
            rect(
                bx0,
                by0,
                bw,
                bh,
                "#cdb98a" if has_ice else "#bfb399",
                *b.cluster_edge(by[k], "#6b5a3a", 2.5 if has_ice else 1.5),
                18,
            )
        )
        out.append(text(bx0 + 10, by0 + 15, f"Island {k}" + (" · ice" if has_ice else ""), "sm b"))
        frag, _, _ = b.spaces_block(by[k], bx0 + 7, by0 + 19, max(1, len(by[k])), tw, th, 4)
        out.append(frag)
    return "".join(out), total + 4


def layout_cliff(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Cliffside (AL-089..AL-092): a terrace per level, the bottom at the foot; ladder spots
    between the clusters they join, each empty (shaded) or holding its owner's ladder."""
    page = b.page
    o = b.obs
    n = len(page.levels)
    top = max(page.levels) if page.levels else 0
    by = [[sp for sp in page.spaces if sp.cluster == k] for k in range(n)]
    tw, th, gap_t = 48, 62, 4
    ladder_gap = 58
    levels = list(range(top, -1, -1))
    out: list[str] = []
    boxes: dict[int, tuple[float, float, float, float]] = {}
    per: dict[int, int] = {}
    gap = 30
    ry0 = y + 14
    for lvl in levels:
        row = [k for k in range(n) if page.levels[k] == lvl]
        room = (w - 12 - gap * (len(row) - 1)) / max(1, len(row))  # a narrow board: rows of tiles
        for k in row:
            per[k] = max(1, min(max(1, len(by[k])), int((room - 12 + gap_t) // (tw + gap_t))))
        widths = [per[k] * (tw + gap_t) - gap_t + 12 for k in row]
        heights = [math.ceil(max(1, len(by[k])) / per[k]) * (th + gap_t) - gap_t + 32 for k in row]
        span = sum(widths) + gap * (len(row) - 1)
        bx = x + (w - span) / 2
        for k, bw in zip(row, widths, strict=True):
            boxes[k] = (bx, ry0, bw, max(heights))
            bx += bw + gap
        ry0 += max(heights) + ladder_gap
    total = ry0 - ladder_gap - y + 14
    out.append(rect(x, y, w, total, "#bfd8e6", "#8aa5b5", 1.5, 14))
    # the rock face
    out.append(
        poly(
            [
                (x, y + total),
                (x, y + 60),
                (x + w * 0.3, y + 18),
                (x + w * 0.55, y + 40),
                (x + w * 0.8, y + 10),
                (x + w, y + 50),
                (x + w, y + total),
            ],
            "#b9a58a",
            "none",
        )
    )
    # ladder spots (AL-090): between the lower cluster's top and the upper cluster's foot
    spots = page.ladder_spots
    pair_count: dict[tuple[int, int], int] = {}
    for lo, hi in spots:
        pair_count[lo, hi] = pair_count.get((lo, hi), 0) + 1
    seen: dict[tuple[int, int], int] = {}
    ladders = []
    for i, (lo, hi) in enumerate(spots):
        lb, hb = boxes[lo], boxes[hi]
        left = max(lb[0], hb[0]) + 14
        right = min(lb[0] + lb[2], hb[0] + hb[2]) - 14
        if right < left:
            left = right = (lb[0] + lb[2] / 2 + hb[0] + hb[2] / 2) / 2
        j = seen.get((lo, hi), 0)
        seen[lo, hi] = j + 1
        m = pair_count[lo, hi]
        mid = (left + right) / 2
        sx = mid + (j - (m - 1) / 2) * min(44, (right - left) / max(1, m))
        y_top = hb[1] + hb[3] - 6
        y_bot = lb[1] + 2  # clear of the ledge name
        owner = o["page_state"][i] if i < len(o["page_state"]) else -1
        body = rect(
            sx - 13,
            y_top,
            26,
            y_bot - y_top,
            "#d7b98a",
            "#a07a44",
            1.2,
            5,
            cls="face",
            extra=' opacity="0.9"',
        )
        if owner != -1:
            colr = GREY_COLOR if owner == GREY else seat_color(owner)
            body += b.ladder_icon(sx, y_top + 2, y_bot - y_top - 4, colr).replace(
                'stroke-width="2.5"', 'stroke-width="4"'
            )
        body += text(sx + 15, (y_top + y_bot) / 2 + 5, i, "sm b")
        if owner == -1:
            who = "empty"
        elif owner == GREY:
            who = "grey ladder"
        else:
            who = f"{b.who(owner)}'s ladder"
        label = f"Ladder spot {i}: c{lo} to c{hi}, {who}"
        if b.picks.has(("spot", i)):
            ladders.append(
                b.picks.wrap(("spot", i), label, body, (sx - 13, y_top, 26, y_bot - y_top))
            )
        else:
            ladders.append(f"<g><title>{esc(label)}</title>{body}</g>")
    for k in range(n):
        bx0, by0, bw, bh = boxes[k]
        out.append(rect(bx0 - 6, by0 + bh - 10, bw + 12, 16, "#8fae5c", "#5d7a34", 1.5, 6))
        edge, width = b.cluster_edge(by[k])
        out.append(rect(bx0, by0, bw, bh - 6, "#efe6cc", edge, width, 10))
        out.append(text(bx0 + 8, by0 + 16, f"Ledge {k} · level {page.levels[k]}", "sm b"))
        frag, _, _ = b.spaces_block(by[k], bx0 + 6, by0 + 21, per[k], tw, th, gap_t)
        out.append(frag)
    out += ladders
    return "".join(out), total + 4


def rows_of_clusters(
    b: _Board,
    x: float,
    y: float,
    w: float,
    label: Callable[[int], str],
    fill: Callable[[int], str],
    ground: str,
    order: Sequence[int] | None = None,
) -> tuple[str, float]:
    """The page's clusters as full-width rows, one under the other (``order``: top row
    first), each titled ``label(k)`` on ``fill(k)``: the shape of the later pages' rules."""
    page = b.page
    n = page.clusters
    rows = list(order) if order is not None else list(range(n))
    by = [[sp for sp in page.spaces if sp.cluster == k] for k in range(n)]
    per = max(1, int((w - 20 + 5) // 55))
    tw = min(62.0, (w - 20 - (per - 1) * 5) / per)
    heads = {k: wrap(label(k), w - 28, 14) for k in range(n)}  # each label whole
    heights = [7 + 17 * len(heads[k]) + max(1, math.ceil(len(by[k]) / per)) * 67 for k in range(n)]
    total = sum(heights[k] for k in rows) + 8 * (len(rows) - 1) + 16
    out = [rect(x, y, w, total, ground, "#a88b5c", 1.5, 14)]
    yy = y + 8
    for k in rows:
        edge, width = b.cluster_edge(by[k])
        out.append(rect(x + 6, yy, w - 12, heights[k], fill(k), edge, width, 10))
        out.append(text_lines(x + 14, yy + 17, heads[k], "sm b", 0, 17))
        frag, _, _ = b.spaces_block(by[k], x + 12, yy + 5 + 17 * len(heads[k]), per, tw, 62, 5)
        out.append(frag)
        yy += heights[k] + 8
    return "".join(out), total + 4


def tint(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) mixed with ``white`` parts of white, for a light fill."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


def layout_aurora(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Aurora (ruling AL-R80): the sky's bands from the pale one at the top, each coloured band
    in the colour of its good of the page's bar; who holds the light marker is named."""
    page = b.page
    holder = [s for s, p in enumerate(b.obs["players"]) if p["tokens"].get("light")]

    def label(k: int) -> str:
        if k >= len(page.bar):
            return f"Band {k} · pale, open to all"
        return f"Band {k} · {GOOD_NAMES[page.bar[k]]}: carry {GOOD_NAMES[page.bar[k]]} to enter"

    def fill(k: int) -> str:
        return "#f4f1fa" if k >= len(page.bar) else tint(GOOD_COLOR[page.bar[k]], 0.7)

    frag, h = rows_of_clusters(
        b, x, y, w, label, fill, "#2c3552", order=range(page.clusters - 1, -1, -1)
    )
    if holder:
        frag += text(x + w - 12, y + h + 12, f"Light marker: {b.who(holder[0])}", "sm r i")
        h += 18
    return frag, h


def _workers_in(b: _Board) -> list[int]:
    """Workers on each cluster of the page now."""
    counts = [0] * b.page.clusters
    for i, o in enumerate(b.obs["occupied"]):
        if o >= 0:
            counts[b.page.spaces[i].cluster] += 1
    return counts


def layout_fair(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Grassland Fair (rulings AL-R83, AL-R84): a row per tent with its workers against its
    capacity; the card tents hold the monte tables."""
    page = b.page
    cap = page.param("two_player_capacity" if b.n == 2 else "tent_capacity")
    counts = _workers_in(b)

    def label(k: int) -> str:
        monte = any(s.cluster == k and s.token == "monte" for s in page.spaces)
        kind = f"Card tent {k} (monte)" if monte else f"Tent {k}"
        full = " · full" if counts[k] >= cap else ""
        return f"{kind} · {counts[k]}/{cap} workers{full}"

    def fill(k: int) -> str:
        return "#e9dcc0" if counts[k] >= cap else ("#f7e3d4", "#f4efd0")[k % 2]

    return rows_of_clusters(b, x, y, w, label, fill, "#a9c98a")


def layout_skell(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Skell (rulings AL-R86, AL-R88): a row per district naming who stands in it, so the
    plague a placement brings is seen; each player's plague tokens under it."""
    page = b.page
    occ = b.obs["occupied"]
    counts = _workers_in(b)
    limit = page.param("two_player_quarantine")

    def label(k: int) -> str:
        who = sorted({o for i, o in enumerate(occ) if o >= 0 and page.spaces[i].cluster == k})
        names = ", ".join(b.who(s) for s in who) or "nobody"
        shut = " · quarantined" if b.n == 2 and counts[k] >= limit else ""
        return f"District {k} · here: {names}{shut}"

    def fill(k: int) -> str:
        return ("#e7e2cf", "#dcd8c0")[k % 2]

    frag, h = rows_of_clusters(b, x, y, w, label, fill, "#8d8a6e")
    held = ", ".join(
        f"{b.who(s)} {p['tokens'].get('plague', 0)}" for s, p in enumerate(b.obs["players"])
    )
    said = wrap(f"Plague tokens (−1 fame each): {held}", w - 16, 14)
    frag += text_lines(x + 8, y + h + 12, said, "sm", 0, 17)
    return frag, h + 1 + 17 * len(said)


def layout_lanterns(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Lanternmoor (ruling AL-R89): the lantern posts joined by their paths, as the village's
    clusters are drawn, and the post of the last worker placed."""
    frag, h = layout_village(b, x, y, w)
    pg = b.obs["page_state"]
    last = pg[0] if pg else -1
    note = f"The last lantern lit: post c{last}" if last >= 0 else "No lantern lit yet: any post"
    return frag + text(x + 8, y + h + 12, note, "sm i"), h + 18


def layout_palace(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """High Frost Palace (ruling AL-R92): the Throne room at the top, the Hall, the Gate at
    the foot, each named with what opens it; the favors and royalty left under them."""
    names = ("Gate · open to all · earns a favor", "Hall · needs a favor · earns royalty")
    fills = ("#e6eef4", "#d9e4f0", "#e9dcf2")

    def label(k: int) -> str:
        return names[k] if k < 2 else "Throne room · needs royalty · City Key"  # 3 halls (AL-R92)

    frag, h = rows_of_clusters(
        b, x, y, w, label, lambda k: fills[k % 3], "#9fb4c8", range(b.page.clusters - 1, -1, -1)
    )
    sup = b.obs["token_supply"]
    note = f"Left: {sup.get('favor', 0)} favors, {sup.get('royalty', 0)} royalty tokens"
    note += ", the City Key" if sup.get("city_key") else ""
    return frag + text(x + 8, y + h + 12, note, "sm i"), h + 18


def layout_fortress(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """High Frost Fortress (ruling AL-R96): a row per wall, its spaces in their order, so a
    sentry's neighbours are the tiles beside it."""
    need = b.page.param("medal_strength")

    def label(k: int) -> str:
        return f"Wall {k} · sentries close the spaces beside them · medals need strength {need}"

    return rows_of_clusters(b, x, y, w, label, lambda k: ("#dfe3e6", "#d4d9dd")[k % 2], "#7f8b94")


def layout_colosseum(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Brother's Colosseum (ruling AL-R100): a row per arena naming its strongest caravan."""
    o = b.obs
    strength = [p["strength"] for p in o["players"]]
    won = winners(b.page, b.n, o["guide"], o["occupied"], strength)
    purse = b.page.param("purse")

    def label(k: int) -> str:
        lead = "nobody yet" if won[k] < 0 else b.who(won[k])
        return f"Arena {k} · {purse} gold to the strongest: {lead}"

    return rows_of_clusters(b, x, y, w, label, lambda k: ("#f2dcc0", "#ead0ae")[k % 2], "#c29a62")


def layout_port(b: _Board, x: float, y: float, w: float) -> tuple[str, float]:
    """Sister's Port (ruling AL-R103): a row per ship in boarding order, open or waiting."""
    page = b.page
    need = page.param("two_player_to_sail" if b.n == 2 else "to_sail")
    k_open = ships_open(page, b.obs["occupied"], need)

    def label(k: int) -> str:
        state = "boarding" if k < k_open else f"waits for {need} aboard ship c{k - 1}"
        return f"Ship {k} · {state} (a theatre ticket boards any ship)"

    def fill(k: int) -> str:
        return "#d6e9f2" if k < k_open else "#c3cfd6"

    return rows_of_clusters(b, x, y, w, label, fill, "#5f8fab")


#: Placement rule (``Page.rule``) -> its layout; a rule without one is drawn by ``layout_free``.
LAYOUTS: dict[str, Callable[[_Board, float, float, float], tuple[str, float]]] = {
    "free": layout_free,
    "village": layout_village,
    "uphill": layout_village,  # lanes are clusters without paths, drawn bottom lane first
    "floe": layout_floe,
    "cliff": layout_cliff,
    "mirror": layout_mirror,
    "ballast": layout_ballast,
    "mine": layout_mine,
    "ferry": layout_ferry,
    "wind": layout_wind,
    "coves": layout_coves,
    "brink": layout_brink,
    "aurora": layout_aurora,
    "fair": layout_fair,
    "plague": layout_skell,
    "lanterns": layout_lanterns,
    "court": layout_palace,
    "fortress": layout_fortress,
    "arena": layout_colosseum,
    "port": layout_port,
}

__all__ = ["LAYOUTS", "render_board"]
