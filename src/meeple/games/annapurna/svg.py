"""Annapurna's board for the browser: one standalone SVG drawn from a seat's observation.

:func:`render_board` reads only ``state.observe(seat)`` and the seat's legal moves (notation,
description), so the picture can never show what the seat may not see (ruling AN-R17): other
climbers' Backpacks and Caches appear as counts plus the cards the seat remembers there (ruling
AN-R39), face-down cards as their coloured backs (ruling AN-R36), named only when the seat
identifies them, with the climbers seen to identify them marked (ruling AN-R41).

Every legal move is a click target on the board (``class="pick"``, ``data-moves`` = indices into
``moves``); a page narrows the move list to the intersection of the targets clicked:

* a mountainside spot: ``explore``/``climb`` (own), ``to`` (the Trade/Hide/Drop/Throw target),
  ``peek``, ``stow``, ``retaliate`` (the thrower's card), ``scavenge`` (the turn's climber) and
  every ``sweep``/``bury`` group holding that card;
* a Backpack card: ``card`` and ``give``; a Cache card: ``recover``;
* a group chip (a small pyramid outlining the group): its ``sweep``/``bury`` alone, since a
  group may lie inside a larger one and its cards alone would not tell them apart;
* an action tile: ``trade``, ``hide``, ``drop``, ``throw``, ``sunyata``, ``pass``, ``end`` (and
  any other move, so no decision can be missing from the drawing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from meeple.core.text import plural, word_lines
from meeple.games.annapurna import board
from meeple.games.annapurna.content import SUIT_SIZE, CardDef, Content, load_content
from meeple.games.annapurna.effects import EFFECTS
from meeple.games.annapurna.render import ascent_table, ordinal

if TYPE_CHECKING:
    from meeple.games.annapurna.game import Annapurna

#: Width of the drawing in user units; every length below is in these units. The board is one
#: column (the header, the viewer's mountainside and Backpack, then every other climber's, one
#: under another): on a 360 px phone (a board 329 px wide between the page's margins) it is
#: drawn at about 0.88 of its size, so the smallest text (:data:`SMALLEST`) is still 12 px and
#: the smallest click target (:data:`TAP`) 24 px; a desktop shows it beside the move list at a
#: bounded width.
WIDTH = 372
#: The smallest font size any text of the board is set in, in units.
SMALLEST = 14.0
#: The smallest side of any click target, in units.
TAP = 28.0

#: Fill, dark edge and text colour of each seat's suit (seat i plays colour i).
PALETTE: tuple[tuple[str, str, str], ...] = (
    ("#c0392b", "#7a1f16", "#ffffff"),
    ("#2f6fb5", "#1b4274", "#ffffff"),
    ("#2f8f5b", "#1b5736", "#ffffff"),
    ("#e2b021", "#8a6a08", "#3a2c00"),
)

STYLE = """
.an-bg{fill:#edf2f6}
.an-t{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;fill:#1f2a33}
.an-b{font-weight:700}
.an-i{font-style:italic}
.an-m{text-anchor:middle}
.an-e{text-anchor:end}
.an-dim{fill:#5b6873}
.an-card{stroke:#51606b;stroke-width:1}
.an-face{fill:#fbf7ec}
.an-empty{fill:#dfe6ec;stroke:#9fb0bd;stroke-width:1.2;stroke-dasharray:4 3}
.an-panel{fill:url(#an-sky);stroke:#c9d4dc;stroke-width:1}
.an-turn{stroke:#f08c00;stroke-width:2.5}
.an-tile{fill:#2d3f4e}
.an-chip{fill:#ffffff;stroke:#2d3f4e;stroke-width:1}
.an-hl{fill:none;stroke:#f08c00;stroke-width:3}
.an-sel{fill:none;stroke:#0b7285;stroke-width:3.5}
.pick{cursor:pointer}
.pick:focus{outline:none}
.pick:hover .an-hl,.pick:focus .an-hl{stroke:#d9480f;stroke-width:5}
.pick:hover .an-tile,.pick:focus .an-tile{fill:#d9480f}
.pick:hover .an-chip,.pick:focus .an-chip{stroke:#d9480f;stroke-width:3}
.pick.selected .an-hl,.pick[aria-pressed=true] .an-hl{stroke:#0b7285;stroke-width:5}
"""

#: Words for what each stage of a turn asks for (render.STAGE_WORDS in short).
_STAGE = {
    "deal": "The mountainsides are being dealt",
    "start": "Drawing the first climber",
    "main": "choosing an action",
    "card": "choosing a Backpack card",
    "spot": "choosing where the card goes",
    "decide": "resolving a card effect",
    "sweep": "Sweeping balanced groups",
    "scavenge": "Scavenge window open",
    "over": "The Expedition is over",
    "race": "Drawing who called Scavenge first",
}

#: Label of each action tile.
_TILES = {
    "trade": ("Trade", "swap, own side"),
    "hide": ("Hide", "swap, other side"),
    "drop": ("Drop", "place, own side"),
    "throw": ("Throw", "place, other side"),
    "sunyata": ("Sunyata", "do nothing"),
    "pass": ("Pass", ""),
    "end": ("End turn", ""),
}

_SPOT_KINDS = ("explore", "climb", "stow")

#: One word for a card's effect on the mountainside's and the Cache's cards (the Backpack's
#: say it in short, the title and the text alternative in full).
_TINY = {
    "extra_turn": "Extra",
    "skip_turn": "Skip",
    "shield": "Shelter",
    "stow_on_peak": "Oxygen",
    "peek": "Peek",
    "climb_again": "Climb",
    "rockslide": "Slide",
    "give_away": "Give",
    "recover": "Recover",
}


# -- content -----------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def _packaged() -> Content:
    return load_content()


def _short_effect(d: CardDef) -> tuple[str, ...]:
    """At most two short lines naming a card's effect (the full text is in the title)."""
    e, p = d.effect, d.params
    if e == "none":
        return ()
    if e == "peek":
        n = p["count"]
        return (
            f"Peek at {n} card{'s' if n > 1 else ''}",
            "on any side" if p["scope"] == "any" else "on your side",
        )
    fixed = {
        "extra_turn": ("Extra turn",),
        "skip_turn": ("Skip your", "next turn"),
        "shield": ("Shelter until", "your next turn"),
        "stow_on_peak": ("At the peak: flip", "a card down"),
        "climb_again": ("Explore", "once more"),
        "rockslide": ("Cards below", "turn face up"),
        "give_away": ("Give a card to", "the next Cache"),
        "recover": ("Take a card", "back from Cache"),
    }
    if e in fixed:
        return fixed[e]
    return word_lines(EFFECTS[e].describe(p), 18)[:2]


def _effect_text(d: CardDef) -> str:
    if d.effect == "peek":
        n = d.params["count"]
        where = "any mountainside" if d.params["scope"] == "any" else "your own mountainside"
        return f"Look at {n} face-down card{'s, one at a time,' if n > 1 else ''} on {where}."
    return EFFECTS[d.effect].describe(d.params)


def _signed(v: int) -> str:
    """``+2``, ``−3`` (a true minus sign) or ``0``."""
    return f"+{v}" if v > 0 else (f"\u2212{-v}" if v < 0 else "0")


def _n(x: float) -> str:
    """A coordinate without float noise."""
    r = round(x, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


@dataclass
class _Ctx:
    """What the drawing needs besides the observation: content names and the move targets."""

    obs: dict
    content: Content
    moves: Sequence[tuple[str, str]]
    me: int | None
    n: int
    #: target key -> indices of the moves involving it (see the module docstring)
    picks: dict[tuple, list[int]] = field(default_factory=dict)
    groups: list[tuple[int, int]] = field(default_factory=list)  # (mask, move index)
    tiles: list[tuple[str, int]] = field(default_factory=list)  # (kind or notation, index)
    kind: str = ""  # sweep or bury, when groups are offered

    def colour(self, seat: int) -> str:
        return self.content.colours[seat].name

    def card(self, c: int) -> CardDef:
        return self.content.cards[c % SUIT_SIZE]

    def code(self, c: int) -> str:
        return f"{self.content.colours[c // SUIT_SIZE].letter}{c % SUIT_SIZE + 1:02d}"

    def short(self, c: int) -> str:
        d = self.card(c)
        return f"{self.code(c)} {d.name} {_signed(d.net)}"

    def effect(self, c: int) -> str:
        """The card's effect for the text alternative: ``", effect: Shelter..."``, or ``""``
        for a card without one."""
        d = self.card(c)
        return "" if d.effect == "none" else f", effect: {_effect_text(d).rstrip('.')}"

    def line(self, c: int) -> str:
        d = self.card(c)
        return (
            f"{self.colour(c // SUIT_SIZE)} {d.name} ({self.code(c)}), Yin {d.yin}, Yang {d.yang}, "
            f"value {_signed(d.net)}: {_effect_text(d)}"
        )

    def who(self, seat: int) -> str:
        return self.colour(seat) + (" (you)" if seat == self.me else "")


def _parse(ctx: _Ctx) -> None:
    """Map each move (by notation) to the board elements it involves."""
    letters = {c.letter: i for i, c in enumerate(ctx.content.colours)}
    obs = ctx.obs
    me = ctx.me if ctx.me is not None else obs["turn"]

    def add(key: tuple, i: int) -> None:
        ctx.picks.setdefault(key, []).append(i)

    def card_of(code: str) -> int | None:
        if len(code) == 3 and code[0] in letters and code[1:].isdigit():
            k = int(code[1:]) - 1
            if 0 <= k < SUIT_SIZE:
                return letters[code[0]] * SUIT_SIZE + k
        return None

    for i, (text, _) in enumerate(ctx.moves):
        kind, _, arg = text.partition(" ")
        placed = False
        if kind in _SPOT_KINDS and arg in board.POS_BY_NAME:
            add(("spot", me, board.POS_BY_NAME[arg]), i)
            placed = True
        elif kind in ("to", "peek") and ":" in arg:
            letter, _, pos = arg.partition(":")
            if letter in letters and pos in board.POS_BY_NAME:
                add(("spot", letters[letter], board.POS_BY_NAME[pos]), i)
                placed = True
        elif kind == "retaliate" and arg in board.POS_BY_NAME and obs["pending"]:
            add(("spot", obs["pending"][-1][2], board.POS_BY_NAME[arg]), i)
            placed = True
        elif kind == "scavenge" and arg in board.POS_BY_NAME:
            add(("spot", obs["victim"], board.POS_BY_NAME[arg]), i)
            placed = True
        elif kind in ("card", "give", "recover"):
            c = card_of(arg)
            if c is not None:
                add(("cache" if kind == "recover" else "pack", c), i)
                placed = True
        elif kind in ("sweep", "bury"):
            names = arg.split("+")
            if names and all(x in board.POS_BY_NAME for x in names):
                mask = 0
                for x in names:
                    p = board.POS_BY_NAME[x]
                    mask |= 1 << p
                    add(("spot", me, p), i)
                ctx.groups.append((mask, i))
                ctx.kind = kind
                placed = True
        if not placed:  # a verb, or a move this drawing does not place: an action tile
            ctx.tiles.append((text, i))


# -- the SVG writer ----------------------------------------------------------------------------
class _Out:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, s: str) -> None:
        self.parts.append(s)

    def rect(
        self, x: float, y: float, w: float, h: float, cls: str = "", rx: float = 0, **kw: str
    ) -> None:
        attrs = f' class="{cls}"' if cls else ""
        if rx:
            attrs += f' rx="{_n(rx)}"'
        for k, v in kw.items():
            attrs += f" {k.replace('_', '-')}={quoteattr(v)}"
        self.add(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{attrs}/>')

    def text(self, x: float, y: float, s: str, size: float, cls: str = "", **kw: str) -> None:
        attrs = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in kw.items())
        classes = f"an-t {cls}".rstrip()
        self.add(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" class="{classes}"{attrs}>'
            f"{escape(s)}</text>"
        )

    def open_pick(self, indices: list[int], label: str, cls: str) -> None:
        self.add(
            f'<g class="pick {cls}" data-moves="{" ".join(map(str, indices))}" tabindex="0" '
            f'role="button" aria-label={quoteattr(label)}>'
        )

    def title(self, s: str) -> None:
        self.add(f"<title>{escape(s)}</title>")


# -- glyphs ------------------------------------------------------------------------------------
def _meeple(out: _Out, x: float, y: float, seat: int, scale: float, lying: bool = False) -> None:
    """A climber meeple standing with its feet at (x, y); ``lying`` = the shenpa position.
    Clicks go through it to the card it stands on."""
    fill, dark, _ = PALETTE[seat % 4]
    rot = " rotate(-90)" if lying else ""
    out.add(
        f'<g transform="translate({_n(x)},{_n(y)}) scale({_n(scale)}){rot}" '
        'pointer-events="none">'
        f'<path d="M-7,0 L-3.2,-8 L-9,-9.6 Q-10.6,-11 -9,-12.6 L-3.6,-14 A4.6,4.6 0 1,1 3.6,-14 '
        f'L9,-12.6 Q10.6,-11 9,-9.6 L3.2,-8 L7,0 L2,0 L0,-4 L-2,0 Z" fill="{fill}" '
        f'stroke="{dark}" stroke-width="1.2" stroke-linejoin="round"/></g>'
    )


def _flag(out: _Out, x: float, y: float, size: float, colour: str = "#d9480f") -> None:
    """A pennant on a pole, its foot at (x, y)."""
    s = size
    out.add(
        f'<path d="M{_n(x)},{_n(y)}V{_n(y - s)}" stroke="#3b4650" stroke-width="1.4"/>'
        f'<path d="M{_n(x)},{_n(y - s)}L{_n(x + s * 0.75)},{_n(y - s * 0.78)}L{_n(x)},'
        f'{_n(y - s * 0.56)}Z" fill="{colour}"/>'
    )


def _token(out: _Out, x: float, y: float, r: float, number: int) -> None:
    """Peak token ``number`` (1..3) centred at (x, y)."""
    fill = {1: "#e6b800", 2: "#b8c2cc", 3: "#c98a4b"}.get(number, "#dde3e8")
    out.add(
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="#4b3b12" '
        'stroke-width="1.2"/>'
    )
    out.add(
        f'<path d="M{_n(x - r * 0.55)},{_n(y + r * 0.35)}L{_n(x)},{_n(y - r * 0.5)}'
        f'L{_n(x + r * 0.55)},{_n(y + r * 0.35)}Z" fill="#ffffff" opacity="0.55"/>'
    )
    out.text(x, y + r * 0.42, str(number), max(SMALLEST, r * 1.15), "an-b an-m")


def _pips(out: _Out, cx: float, cy: float, d: CardDef, r: float, gap: float, off: float) -> None:
    """Yin pips (dark) left of ``cx``, Yang pips (light) right of it."""
    for k in range(d.yin):
        out.add(f'<circle cx="{_n(cx - off - k * gap)}" cy="{_n(cy)}" r="{_n(r)}" fill="#26303a"/>')
    for k in range(d.yang):
        out.add(
            f'<circle cx="{_n(cx + off + k * gap)}" cy="{_n(cy)}" r="{_n(r)}" fill="#ffffff" '
            'stroke="#26303a" stroke-width="1"/>'
        )


def _badge(out: _Out, cx: float, cy: float, r: float, v: int) -> None:
    """The card's value (Yang minus Yin, ruling AN-R02) in a disc: dark for Yin, light for Yang."""
    fill, ink = (
        ("#26303a", "#ffffff")
        if v < 0
        else (("#fff3bf", "#5c4400") if v > 0 else ("#dfe6e2", "#33413a"))
    )
    out.add(
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}" stroke="#26303a" '
        'stroke-width="1"/>'
    )
    out.text(
        cx, cy + r * 0.4, _signed(v), max(SMALLEST, r * 1.15), "an-b an-m", style=f"fill:{ink}"
    )


# -- cards -------------------------------------------------------------------------------------
#: Card sizes (width, height): a Backpack card (its height grows with its effect's lines, see
#: :func:`_full_size`), the viewer's mountainside and the Cache, another climber's mountainside.
FULL = (110.0, 112.0)
MINI = (64.0, 62.0)
SMALL = (60.0, 46.0)

#: Characters of a Backpack card's effect per line at :data:`SMALLEST` (italic, about 0.55 em
#: a character on a card 110 units wide).
_EFFECT_PER = 12


def _effect_lines(d: CardDef) -> list[str]:
    """A card's effect in short, wrapped to a Backpack card's width (the full text is in the
    card's title and the board's text alternative)."""
    return word_lines(" ".join(_short_effect(d)), _EFFECT_PER)


def _full_size(ctx: _Ctx, cards: Sequence[int]) -> tuple[float, float]:
    """The Backpack cards' size: tall enough for the longest effect among ``cards``."""
    lines = max((len(_effect_lines(ctx.card(c))) for c in cards), default=1)
    return (FULL[0], FULL[1] + 16 * max(0, lines - 1))


def _face_up(
    out: _Out, ctx: _Ctx, x: float, y: float, size: tuple[float, float], c: int, pos: str
) -> None:
    w, h = size
    d = ctx.card(c)
    fill, _, ink = PALETTE[c // SUIT_SIZE % 4]
    out.rect(x, y, w, h, "an-card an-face", rx=5)
    if w >= FULL[0]:  # a Backpack card: name, value and effect in words
        out.add(
            f'<path d="M{_n(x)},{_n(y + 20)}v-15a5,5 0 0,1 5,-5h{_n(w - 10)}a5,5 0 0,1 5,5v15z" '
            f'fill="{fill}"/>'
        )
        out.text(x + 6, y + 15, ctx.code(c), SMALLEST, "an-b", style=f"fill:{ink}")
        name = word_lines(d.name, 11)
        for k, line in enumerate(name[:2]):
            out.text(
                x + w / 2, y + 38 + k * 16 + (8 if len(name) == 1 else 0), line, 14.5, "an-b an-m"
            )
        _badge(out, x + w / 2, y + 80, 12.5, d.net)
        _pips(out, x + w / 2, y + 80, d, 2.8, 6.4, 19)
        for k, line in enumerate(_effect_lines(d)):
            out.text(x + w / 2, y + 108 + k * 16, line, SMALLEST, "an-i an-m an-dim")
    elif w >= MINI[0]:  # the viewer's mountainside, a Cache: code, value, the effect in a word
        out.add(
            f'<path d="M{_n(x)},{_n(y + 18)}v-14a4,4 0 0,1 4,-4h{_n(w - 8)}a4,4 0 0,1 4,4v14z" '
            f'fill="{fill}"/>'
        )
        out.text(x + 4, y + 14, ctx.code(c), SMALLEST, "an-b", style=f"fill:{ink}")
        if pos:
            out.text(x + w - 4, y + 14, pos, SMALLEST, "an-e", style=f"fill:{ink};opacity:.85")
        _badge(out, x + w / 2, y + 33, 12.5, d.net)
        _pips(out, x + w / 2, y + 33, d, 2.1, 4.4, 16)
        if d.effect != "none":
            word = _TINY.get(d.effect, d.name.split()[0][:7])
            out.text(x + w / 2, y + h - 4, word, SMALLEST, "an-m an-dim")
    else:  # another climber's mountainside: code and value
        out.add(
            f'<path d="M{_n(x)},{_n(y + 6)}v-2a4,4 0 0,1 4,-4h{_n(w - 8)}a4,4 0 0,1 4,4v2z" fill="{fill}"/>'
        )
        out.text(x + w / 2, y + 20, ctx.code(c), SMALLEST, "an-b an-m")
        out.text(x + w / 2, y + 40, _signed(d.net), 17, "an-b an-m")


def _face_down(
    out: _Out,
    ctx: _Ctx,
    x: float,
    y: float,
    size: tuple[float, float],
    colour: int,
    known: int | None,
    pos: str,
) -> None:
    w, h = size
    fill, dark, ink = PALETTE[colour % 4]
    out.rect(x, y, w, h, rx=5, fill=fill, stroke=dark, stroke_width="1")
    inset = 3
    out.rect(
        x + inset,
        y + inset,
        w - 2 * inset,
        h - 2 * inset,
        rx=3,
        fill="none",
        stroke="#ffffff",
        stroke_opacity="0.45",
    )
    # a mountain on the back
    cx, cy = x + w / 2, y + h * (0.4 if known is not None else 0.55)
    s = w * 0.26
    out.add(
        f'<path d="M{_n(cx - s)},{_n(cy + s * 0.55)}L{_n(cx - s * 0.2)},{_n(cy - s * 0.6)}'
        f"L{_n(cx + s * 0.15)},{_n(cy - s * 0.1)}L{_n(cx + s * 0.4)},{_n(cy - s * 0.35)}"
        f'L{_n(cx + s)},{_n(cy + s * 0.55)}Z" fill="#ffffff" opacity="0.35"/>'
    )
    if pos:  # the position's name, for a Hide or a Throw onto another climber's too
        out.text(x + w - 5, y + 16, pos, SMALLEST, "an-e", style=f"fill:{ink};opacity:.85")
    if known is not None:  # the seat knows it: its value, the rest in the title
        d = ctx.card(known)
        out.rect(x + 4, y + h - 21, w - 8, 17, rx=3, fill="#fbf7ec", opacity="0.95")
        out.text(x + w / 2, y + h - 7.5, _signed(d.net), SMALLEST, "an-b an-m")


def _entry_words(ctx: _Ctx, e: object) -> str:
    """A mountainside entry in words for the text alternative and labels."""
    if e is None:
        return "empty spot"
    if isinstance(e, int):
        return f"face up {ctx.short(e)}{ctx.effect(e)}"
    colour, known = e  # type: ignore[misc]
    if known is None:
        return f"face-down {ctx.colour(colour)} card"
    return f"face-down {ctx.short(known)} (you know it){ctx.effect(known)}"


def _card_title(ctx: _Ctx, e: object) -> str:
    if isinstance(e, int):
        return ctx.line(e)
    if isinstance(e, list) and e[1] is not None:
        return "Face down, you know it: " + ctx.line(e[1])
    if isinstance(e, list):
        return f"A face-down {ctx.colour(e[0])} card"
    return "Empty spot"


def _spot(
    out: _Out,
    ctx: _Ctx,
    x: float,
    y: float,
    size: tuple[float, float],
    t: int,
    p: int,
    e: object,
    occupied: bool = False,
) -> None:
    """One position of climber ``t``'s mountainside, as a pick when moves involve it;
    ``occupied``: the meeple stands there (and covers the corner naming the position)."""
    w, h = size
    pos = board.NAMES[p]
    corner = "" if occupied else pos
    idx = ctx.picks.get(("spot", t, p))
    if idx:
        labels = [ctx.moves[i][1] or ctx.moves[i][0] for i in idx]
        where = "your" if t == ctx.me else f"{ctx.colour(t)}'s"
        label = f"{pos} on {where} mountainside, {_entry_words(ctx, e)}: " + (
            labels[0] if len(labels) == 1 else f"{len(labels)} moves: " + "; ".join(labels)
        )
        out.open_pick(idx, label, "an-spot")
    else:
        out.add("<g>")
    out.title(f"{pos}: {_card_title(ctx, e)}")
    if e is None:
        out.rect(x, y, w, h, "an-empty", rx=5)
        out.text(x + w / 2, y + h / 2 + 5, pos, SMALLEST, "an-m an-dim")
    elif isinstance(e, int):
        _face_up(out, ctx, x, y, size, e, corner)
    else:
        _face_down(out, ctx, x, y, size, e[0], e[1], corner)
    seen = _seen_by(ctx, t, p)
    for k, u in enumerate(seen):  # ruling AN-R41: an eye per climber who knows this card
        r = 4.2 if size == MINI else 3.4
        cx, cy = x + 4 + r + k * (2 * r + 1.5), y + 4 + r
        out.add(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#ffffff" stroke="#26303a" '
            f'stroke-width="0.8"/><circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.55)}" '
            f'fill="{PALETTE[u % 4][0]}"/>'
        )
    if idx:
        out.rect(x - 1.5, y - 1.5, w + 3, h + 3, "an-hl", rx=6)
    out.add("</g>")


def _seen_by(ctx: _Ctx, t: int, p: int) -> list[int]:
    """Seats other than the viewer seen to identify the face-down card at ``t``'s ``p``."""
    for side, q, who in ctx.obs.get("identified") or ():
        if side == t and q == p:
            return [u for u in who if u != ctx.me]
    return []


# -- a mountainside ----------------------------------------------------------------------------
def _lerp(f: float, small: float, full: float) -> float:
    """A measure for cards ``f`` times the full width, between its small (0.5) and full value."""
    return small + (full - small) * (f - 0.5) / 0.5


def _pyramid_xy(
    x0: float, y0: float, size: tuple[float, float], gap: float, p: int
) -> tuple[float, float]:
    """Top-left corner of position ``p``; (x0, y0) is the top-left of the pyramid's box."""
    w, h = size
    r, i = board.COORDS[p]
    return (x0 + r * (w + gap) / 2 + i * (w + gap), y0 + (board.ROWS - 1 - r) * (h + gap))


def _mountainside(
    out: _Out, ctx: _Ctx, t: int, x0: float, y0: float, size: tuple[float, float], gap: float
) -> float:
    """Draw climber ``t``'s pyramid on a mountain; returns the bottom y of the drawing."""
    w, h = size
    c = ctx.obs["climbers"][t]
    width = 5 * w + 4 * gap
    height = 5 * h + 4 * gap
    f = 1.0 if w >= MINI[0] else 0.5  # 1 for the viewer's cards, 0.5 for the others'
    # the mountain behind the cards, with a snowcap
    base = y0 + height + _lerp(f, 22, 34)
    peak_x, peak_y = x0 + width / 2, y0 - _lerp(f, 8, 16)
    out.add(
        f'<path d="M{_n(x0 - 10)},{_n(base)}L{_n(peak_x)},{_n(peak_y)}L{_n(x0 + width + 10)},{_n(base)}Z" '
        'fill="#9db0c0"/>'
    )
    sx = (peak_x - (x0 - 10)) * 0.28
    sy = (base - peak_y) * 0.28
    out.add(
        f'<path d="M{_n(peak_x - sx)},{_n(peak_y + sy)}L{_n(peak_x)},{_n(peak_y)}L{_n(peak_x + sx)},'
        f"{_n(peak_y + sy)}L{_n(peak_x + sx * 0.4)},{_n(peak_y + sy * 0.8)}L{_n(peak_x)},"
        f'{_n(peak_y + sy * 1.05)}L{_n(peak_x - sx * 0.45)},{_n(peak_y + sy * 0.78)}Z" fill="#ffffff" opacity="0.9"/>'
    )
    out.rect(x0 - 10, base - 2, width + 20, _lerp(f, 3, 4), fill="#7d8f60", rx=2)
    for p in range(board.SIZE):
        px, py = _pyramid_xy(x0, y0, size, gap, p)
        here = p == c["loc"] and not c["arrival"]
        _spot(out, ctx, px, py, size, t, p, c["side"][p], here)
    # the meeple: on its card, on the peak token, or at the trailhead
    scale = _lerp(f, 0.8, 1.35)
    lying = bool(c["skips"])
    if c["arrival"]:
        tx = x0 + width / 2 + w / 2 + _lerp(f, 20, 34)
        ty = y0 + h / 2 + _lerp(f, 2, 4)
        if c["arrival"] <= 3:
            _token(out, tx, ty, _lerp(f, 12.5, 15), c["arrival"])
        else:
            out.text(tx, ty + 5, f"#{c['arrival']}", _lerp(f, SMALLEST, 16), "an-b an-m")
        _meeple(
            out,
            tx + (2 if lying else 0),
            ty - _lerp(f, 9, 15) + (2 if lying else 0),
            t,
            scale,
            lying,
        )
    elif c["loc"] >= 0:
        px, py = _pyramid_xy(x0, y0, size, gap, c["loc"])
        _meeple(out, px + w - _lerp(f, 7, 11), py + _lerp(f, 10, 17), t, scale, lying)
    else:
        _meeple(out, x0 + _lerp(f, 9, 14), base - 3, t, scale, lying)
        out.text(x0 + _lerp(f, 20, 30), base - 5, "trailhead", SMALLEST, "an-dim an-i")
    # flags on the left of the peak
    fx = x0 + width / 2 - w / 2 - _lerp(f, 26, 44)
    fy = y0 + h * 0.55
    _flag(out, fx, fy, _lerp(f, 13, 22), PALETTE[t % 4][0])
    out.text(fx + _lerp(f, 12, 20), fy, str(c["flags"]), _lerp(f, 15, 18), "an-b")
    return base + _lerp(f, 3, 4)


def _status(ctx: _Ctx, t: int) -> str:
    c = ctx.obs["climbers"][t]
    obs = ctx.obs
    if c["arrival"] and obs["peaked_now"] and obs["turn"] == t:
        return f"on the peak (#{c['arrival']})"
    if c["arrival"]:
        return f"Protecting, peaked #{c['arrival']}"
    if c["loc"] < 0:
        return "at the trailhead"
    return f"Climbing, at {board.NAMES[c['loc']]}"


def _marks(ctx: _Ctx, t: int) -> list[str]:
    c = ctx.obs["climbers"][t]
    out: list[str] = []
    if ctx.obs["stage"] == "over":
        return out
    if c["skips"]:
        out.append("shenpa: next turn skipped")
    if c["shields"]:
        out.append("sheltered")
    if c["peakfx"]:
        out.append(
            "Oxygen for the peak" if len(c["peakfx"]) == 1 else f"{len(c['peakfx'])} peak effects"
        )
    if c["extra"]:
        out.append("extra turn coming")
    return out


def _total(ctx: _Ctx, t: int) -> int:
    return sum(ctx.card(e).net for e in ctx.obs["climbers"][t]["side"] if isinstance(e, int))


def _card_row(
    out: _Out,
    ctx: _Ctx,
    x0: float,
    y0: float,
    cards: list[int],
    size: tuple[float, float],
    per_row: int,
    zone: str,
    selected: int | None = None,
) -> float:
    """A wrapped row of face-up cards (a Backpack or a Cache); returns the bottom y."""
    w, h = size
    gap = 6
    for k, cid in enumerate(cards):
        x = x0 + (k % per_row) * (w + gap)
        y = y0 + (k // per_row) * (h + gap)
        idx = ctx.picks.get((zone, cid))
        if idx:
            labels = [ctx.moves[i][1] or ctx.moves[i][0] for i in idx]
            out.open_pick(idx, f"{ctx.line(cid)} — " + "; ".join(labels), f"an-{zone}")
        else:
            out.add("<g>")
        out.title(ctx.line(cid))
        _face_up(out, ctx, x, y, size, cid, "")
        if cid == selected:
            out.rect(x - 2.5, y - 2.5, w + 5, h + 5, "an-sel", rx=7)
        if idx:
            out.rect(x - 1.5, y - 1.5, w + 3, h + 3, "an-hl", rx=6)
        out.add("</g>")
    rows = (len(cards) + per_row - 1) // per_row
    return y0 + rows * (h + gap) - gap if cards else y0


# -- panels ------------------------------------------------------------------------------------
def _own_panel(out: _Out, ctx: _Ctx, t: int, y: float) -> float:
    """The large mountainside of the viewer (or, for a spectator, the first climber)."""
    obs = ctx.obs
    c = obs["climbers"][t]
    top = y
    acting = _acting(obs) == t
    out.add("<g>")
    start = len(out.parts)
    y += 26
    fill = PALETTE[t % 4][0]
    out.rect(16, top + 10, 15, 15, rx=3, fill=fill)
    out.text(37, top + 23, ctx.who(t), 16, "an-b")
    out.text(WIDTH - 16, top + 23, f"balance {_signed(_total(ctx, t))}", 15, "an-e an-b")
    status = ", ".join([_status(ctx, t), *_marks(ctx, t)])
    for line in word_lines(status, 42):
        y += 18
        out.text(16, y, line, SMALLEST, "an-dim")
    y += 34
    pw = 5 * MINI[0] + 4 * 4
    bottom = _mountainside(out, ctx, t, (WIDTH - pw) / 2, y, MINI, 4)
    y = bottom + 14
    mine = isinstance(c["pack"], list)
    if mine:
        out.text(16, y + 12, f"Backpack ({len(c['pack'])})", 15, "an-b")
        y += 22
        if c["pack"]:
            size = _full_size(ctx, c["pack"])
            x0 = (WIDTH - 3 * size[0] - 2 * 6) / 2
            sel = obs.get("card")
            y = _card_row(out, ctx, x0, y, c["pack"], size, 3, "pack", sel) + 12
        else:
            out.text(16, y + 12, "empty", SMALLEST, "an-dim an-i")
            y += 22
        if c["arrival"]:
            out.text(16, y + 12, "Cache", 15, "an-b")
            for line in word_lines("replaced by the peak token: cards go to the Backpack", 36):
                out.text(72, y + 12, line, SMALLEST, "an-dim")
                y += 18
        else:
            out.text(16, y + 12, f"Cache ({len(c['cache'])})", 15, "an-b")
            y += 22
        if c["cache"]:
            x0 = (WIDTH - 5 * MINI[0] - 4 * 6) / 2
            y = _card_row(out, ctx, x0, y, c["cache"], MINI, 5, "cache") + 12
        elif not c["arrival"]:
            out.text(16, y + 12, "empty", SMALLEST, "an-dim an-i")
            y += 22
    else:
        y = _hidden_zones(out, ctx, t, 16, y, WIDTH - 32) + 8
    cls = "an-panel an-turn" if acting else "an-panel"
    out.parts.insert(
        start,
        f'<rect x="8" y="{_n(top)}" width="{WIDTH - 16}" height="{_n(y - top)}" rx="10" '
        f'class="{cls}"/>',
    )
    out.add("</g>")
    return y


def _hidden_zones(out: _Out, ctx: _Ctx, t: int, x: float, y: float, width: float) -> float:
    """Another climber's Backpack and Cache: their sizes, and the cards the viewer remembers
    there (ruling AN-R39)."""
    obs = ctx.obs
    c = obs["climbers"][t]
    small = width < 300
    size = SMALLEST
    pack = c["pack"] if isinstance(c["pack"], int) else len(c["pack"])
    cache = c["cache"] if isinstance(c["cache"], int) else len(c["cache"])
    # a backpack icon and a card-stack icon
    out.add(
        f'<path d="M{_n(x + 2)},{_n(y + 16)}v-9a5,5 0 0,1 5,-5h4a5,5 0 0,1 5,5v9z" fill="#8b5e34" '
        f'stroke="#4a3119"/><rect x="{_n(x + 5)}" y="{_n(y + 9)}" width="8" height="4" fill="#c08a56"/>'
    )
    label = f"Backpack {pack}"
    out.text(x + 21, y + 14, label, size, "an-b")
    # bold text runs about 0.62 em a character: the Cache words start clear of the label
    cx = max(x + (width / 2 if small else 150), x + 21 + 0.62 * size * len(label) + 14)
    if c["arrival"]:
        out.text(cx, y + 14, "no Cache" if small else "Cache: the peak token", size, "an-dim")
    else:
        for k in range(3):
            out.rect(
                cx + k * 2.5,
                y + 2 + k * 1.5,
                11,
                14,
                rx=2,
                fill="#fbf7ec",
                stroke="#51606b",
                stroke_width="0.8",
            )
        out.text(cx + 20, y + 14, f"Cache {cache}", size, "an-b")
    y += 22
    seat = ctx.me
    for label, key in (("Backpack", "known_pack"), ("Cache", "known_cache")):
        held = obs[key][t] if seat is not None and t < len(obs.get(key) or []) else []
        if not held:
            continue
        out.text(x, y + 13, f"You know in the {label}:", SMALLEST, "an-dim an-i")
        y += 20
        per = max(1, int((width + 6) // (MINI[0] + 6)))
        y = _card_row(out, ctx, x, y, list(held), MINI, per, f"known-{key}") + 6
    return y


def _other_panel(
    out: _Out,
    ctx: _Ctx,
    t: int,
    x: float,
    y: float,
    width: float,
    size: tuple[float, float] = SMALL,
) -> float:
    """A smaller mountainside of another climber; returns its bottom y."""
    obs = ctx.obs
    top = y
    out.add("<g>")
    start = len(out.parts)
    fill = PALETTE[t % 4][0]
    out.rect(x + 8, y + 9, 14, 14, rx=3, fill=fill)
    out.text(x + 28, y + 22, ctx.who(t), 16, "an-b")
    out.text(x + width - 8, y + 22, f"balance {_signed(_total(ctx, t))}", 15, "an-e an-b")
    for line in word_lines(", ".join([_status(ctx, t), *_marks(ctx, t)]), int(width / 8)):
        y += 18
        out.text(x + 8, y + 22, line, SMALLEST, "an-dim")
    y += 50
    gap = 4.0
    pw = 5 * size[0] + 4 * gap
    bottom = _mountainside(out, ctx, t, x + (width - pw) / 2, y, size, gap)
    y = _hidden_zones(out, ctx, t, x + 8, bottom + 8, width - 16) + 4
    cls = "an-panel an-turn" if _acting(obs) == t else "an-panel"
    out.parts.insert(
        start,
        f'<rect x="{_n(x)}" y="{_n(top)}" width="{_n(width)}" height="{_n(y - top)}" rx="8" class="{cls}"/>',
    )
    out.add("</g>")
    return y


def _acting(obs: dict) -> int | None:
    """The seat that acts now (the turn's climber, a deciding climber); at a sealed Scavenge
    window the viewer if it is still to call, else the first climber still to call."""
    stage = obs["stage"]
    if stage in ("deal", "start", "over", "race"):
        return None
    if stage == "decide" and obs["pending"]:
        return obs["pending"][-1][1]
    if stage == "scavenge" and obs["window"]:
        return obs["seat"] if obs["seat"] in obs["window"] else obs["window"][0]
    return obs["turn"]


def _scavenge_status(ctx: _Ctx) -> str:
    """Who may still call Scavenge, who has answered (sealed: not what), who called together
    (ruling AN-R06), and a window held open through the turn."""
    obs = ctx.obs
    v = obs.get("victim", -1)
    if v is None or v < 0:
        return ""
    claims = obs.get("claims") or []
    spots = "+".join(board.NAMES[p] for p in obs.get("offer") or ())
    if obs["stage"] == "race":
        names = " and ".join(
            ctx.colour(t) for t, p in enumerate(claims) if p is not None and p >= 0
        )
        return f"{names} called Scavenge together: who called first is drawn."
    if obs["stage"] != "scavenge":
        return f"Scavenge stays open on {ctx.colour(v)}'s cards {spots} until this turn ends."
    waiting = [ctx.colour(t) for t in obs["window"]]
    done = [
        ctx.colour(t) for t in range(ctx.n) if t != v and t not in obs["window"] and t != ctx.me
    ]
    line = "Still to call Scavenge or pass: " + ", ".join(waiting) + "."
    if done:
        line += " Answered (sealed): " + ", ".join(done) + "."
    me = ctx.me
    if me is not None and me != v and me not in obs["window"] and me < len(claims):
        mine = claims[me]
        line += (
            f" You called Scavenge on {board.NAMES[mine]}."
            if mine is not None and mine >= 0
            else " You passed."
        )
    return line


# -- the top of the board ----------------------------------------------------------------------
def _prompt(ctx: _Ctx) -> list[str]:
    """What is happening, and what the viewer is asked to do, in players' words."""
    obs = ctx.obs
    stage = obs["stage"]
    turn = obs["turn"]
    if stage == "over" and obs.get("cooperative"):  # rulings AN-R44, AN-R45
        team = sum(c["flags"] for c in obs["climbers"])
        return [
            f"The team earned {plural(team, 'flag')}, target {obs['team_target']}: "
            + (
                "the Expedition succeeds!"
                if team >= obs["team_target"]
                else "the Expedition fails."
            )
        ]
    if stage == "over":
        w = obs["winner"]
        return (
            [
                f"{ctx.who(w)} wins the Expedition with {plural(obs['climbers'][w]['flags'], 'flag')}!"
            ]
            if w >= 0
            else ["The Expedition is over."]
        )
    if stage in ("deal", "start"):
        return [_STAGE[stage] + "."]
    if stage == "race":
        return [_STAGE[stage] + ".", _scavenge_status(ctx)]
    actor = _acting(obs)
    lines = []
    protecting = bool(obs["climbers"][turn]["arrival"]) and not obs["peaked_now"]
    doing = _STAGE[stage]
    if stage == "sweep" and protecting:
        doing = "Burying balanced groups"
    if stage == "decide" and obs["pending"]:
        doing = _pending(ctx, obs["pending"][-1])
    elif stage == "scavenge":
        doing = (
            f"{ctx.colour(obs['victim'])} left a balanced group face up: "
            "call Scavenge on a card, or pass"
        )
    elif obs["verb"] and stage in ("card", "spot"):
        verb = ("", "Trade", "Hide", "Drop", "Throw")[obs["verb"]]
        card = obs.get("card")
        with_card = f" with {ctx.short(card)}" if card is not None and card >= 0 else ""
        doing = f"{verb}{with_card}: {doing}"
    if actor == ctx.me and ctx.moves:
        lines.append(f"Your move — {doing}")
        lines.append(_hint(ctx, stage))
    else:
        who = ctx.colour(actor) if actor is not None else ctx.colour(turn)
        lines.append(
            f"{who} to act — {doing}"
            if stage not in ("decide", "scavenge")
            else f"Waiting for {who}: {doing}"
        )
    lines.append(_scavenge_status(ctx))
    return [x for x in lines if x]


def _hint(ctx: _Ctx, stage: str) -> str:
    kinds = {m[0].partition(" ")[0] for m in ctx.moves}
    if stage == "main":
        if "explore" in kinds and ctx.obs["climbers"][ctx.me]["loc"] < 0:
            return "Hike to Base Camp: tap a card of your bottom row to Explore it."
        if "explore" in kinds:
            return "Tap a highlighted card to Explore it, or choose an action below."
        return "Choose an action below."
    if stage == "card":
        return "Tap a card of your Backpack."
    if stage == "spot":
        return "Tap a highlighted spot."
    if stage == "sweep":
        return "Tap a group (or one of its cards), or end your turn."
    if stage == "scavenge":
        return "Tap a highlighted card to take it, or pass."
    if "give" in kinds:
        return "Tap the Backpack card to give."
    if "recover" in kinds:
        return "Tap a card of your Cache to take it back."
    return "Tap a highlighted card" + (", or pass." if "pass" in kinds else ".")


def _pending(ctx: _Ctx, entry: list) -> str:
    kind, seat, a, b = entry
    who = ctx.colour(seat)
    return {
        0: f"{who} may look at {a} more face-down card(s) on {'any mountainside' if b else 'their own mountainside'}",
        1: f"{who} may Explore one more card",
        2: f"{who} gives a Backpack card to {ctx.colour((seat + 1) % ctx.n)}'s Cache",
        3: f"{who} may take a card back from their Cache",
        4: f"{who} may flip one of their face-up cards face down",
        5: f"{who} may Retaliate: flip one of {ctx.colour(a)}'s face-down cards face up",
    }.get(kind, f"{who} must decide")


def _header(out: _Out, ctx: _Ctx) -> float:
    obs = ctx.obs
    out.rect(0, 0, WIDTH, 62, fill="#24455f")
    out.add('<path d="M0,62L52,22L74,40L108,8L160,62Z" fill="#ffffff" opacity="0.16"/>')
    out.text(14, 27, "Annapurna", 22, "an-b", style="fill:#ffffff")
    out.text(WIDTH - 14, 24, f"Ascent {obs['ascent']}", 15, "an-e an-b", style="fill:#ffffff")
    goal = (
        f"team: {sum(c['flags'] for c in obs['climbers'])} of {plural(obs['team_target'], 'flag')}"
        if obs.get("cooperative")
        else f"first to {plural(obs['target'], 'flag')}"
    )
    out.text(WIDTH - 14, 48, goal, SMALLEST, "an-e", style="fill:#d6e2ec")
    taken = {c["arrival"] for c in obs["climbers"]}
    left = [k for k in (1, 2, 3) if k not in taken]
    out.text(14, 52, "peak tokens", SMALLEST, "", style="fill:#d6e2ec")
    for k in (1, 2, 3):
        cx = 122 + (k - 1) * 26
        if k in left:
            _token(out, cx, 47, 11, k)
        else:  # taken: an empty place
            out.add(
                f'<circle cx="{_n(cx)}" cy="47" r="11" fill="none" stroke="#d6e2ec" '
                'stroke-dasharray="2 2"/>'
            )
    y = 62
    # standings: each climber's flags, two to a row
    n = ctx.n
    per = n if n <= 2 else 2
    w = (WIDTH - 16) / per
    y += 6
    for k, t in enumerate(range(n)):
        c = obs["climbers"][t]
        x = 8 + (k % per) * w
        yy = y + (k // per) * 38
        acting = _acting(obs) == t
        out.rect(
            x + 2,
            yy,
            w - 4,
            34,
            rx=6,
            fill="#ffffff",
            stroke="#f08c00" if acting else "#c9d4dc",
            stroke_width="2" if acting else "1",
        )
        out.rect(x + 9, yy + 10, 14, 14, rx=3, fill=PALETTE[t % 4][0])
        name = ctx.colour(t)
        if t == ctx.me:
            name += " (you)"
        out.text(x + 28, yy + 22.5, name, 15, "an-b" + (" an-you" if t == ctx.me else ""))
        if t == ctx.me:
            out.rect(x + 28, yy + 26, 9 * len(ctx.colour(t)), 1.6, fill=PALETTE[t % 4][0])
        _flag(out, x + w - 36, yy + 27, 17, PALETTE[t % 4][0])
        out.text(x + w - 10, yy + 24, str(c["flags"]), 16, "an-b an-e")
    y += 38 * ((n + per - 1) // per)
    y = _ascents(out, ctx, y)
    # the prompt
    lines = []
    for k, line in enumerate(_prompt(ctx)):
        lines += [(k, s) for s in word_lines(line, 31 if k == 0 else 42)]
    h = 14 + 20 * len(lines)
    over = obs["stage"] == "over"
    mine = _acting(obs) == ctx.me and bool(ctx.moves)
    fill = "#fff4e0" if mine else ("#e6f4ea" if over else "#e7eef4")
    out.rect(8, y + 4, WIDTH - 16, h, rx=8, fill=fill, stroke="#f08c00" if mine else "#c9d4dc")
    for j, (k, s) in enumerate(lines):
        out.text(16, y + 24 + j * 20, s, 16 if k == 0 else SMALLEST, "an-b" if k == 0 else "an-dim")
    return y + h + 10


#: Text size of the Ascents' table: 12 px where the board is drawn 329 px wide (a 360 px phone).
ASCENT_SIZE = SMALLEST


def _ascent_cell(ctx: _Ctx, ascent: dict, t: int) -> tuple[str, str]:
    """A climber's flags earned in one finished Ascent and, in short, how (ruling AN-R46):
    the placing (``"2nd"``), or in the cooperative mode the total (ruling AN-R43); ``LNTB``
    for who Left No Trace Behind, a dash for the others then (AN-063); ``*`` marks a climber
    who never peaked (ruling AN-R34)."""
    c = ascent["climbers"][t]
    got = f"+{c['earned']}"
    if ascent["lntb"] == t:
        return got, "LNTB"
    if ascent["lntb"] >= 0:
        return got, "\u2013"
    if c["total"] is None:
        return got, ("" if ctx.obs.get("cooperative") else ordinal(c["placing"])) + "*"
    if ctx.obs.get("cooperative"):
        return got, f"({_signed(c['total'])})"
    return got, ordinal(c["placing"])


def _ascents(out: _Out, ctx: _Ctx, y: float) -> float:
    """Every finished Ascent's flags per climber, oldest first, and the flags so far (ruling
    AN-R46): a row per Ascent, a column per climber; returns the bottom y. Nothing before the
    first Ascent ends."""
    ascents = ctx.obs.get("ascents") or []
    if not ascents:
        return y
    n, size, row = ctx.n, ASCENT_SIZE, ASCENT_SIZE + 7
    lw = 4.6 * size  # the label column: "Ascent", "So far"
    cw = (WIDTH - 32 - lw) / n
    rows = len(ascents) + 2
    out.add('<g class="an-ascents">')
    out.rect(8, y, WIDTH - 16, rows * row + 10, rx=8, fill="#ffffff", stroke="#c9d4dc")
    top = y + 5
    base = top + size
    out.text(16, base, "Ascent", size, "an-b")
    for t in range(n):
        x = 16 + lw + t * cw
        out.rect(x, base - 0.72 * size, 0.7 * size, 0.7 * size, rx=2.5, fill=PALETTE[t % 4][0])
        out.text(x + 0.95 * size, base, ctx.colour(t), size, "an-b")
    for k, a in enumerate(ascents):
        base = top + (k + 1) * row + size
        if k == 0:
            out.rect(14, base - size - 1.5, WIDTH - 28, 1, fill="#c9d4dc")
        out.text(16, base, str(a["ascent"]), size)
        for t in range(n):
            got, how = _ascent_cell(ctx, a, t)
            x = 16 + lw + t * cw
            out.add(
                f'<text x="{_n(x)}" y="{_n(base)}" font-size="{_n(size)}" class="an-t">'
                f'<tspan class="an-b">{got}</tspan> <tspan class="an-dim">{escape(how)}</tspan>'
                "</text>"
            )
    base = top + (len(ascents) + 1) * row + size
    out.rect(14, base - size - 1.5, WIDTH - 28, 1.5, fill="#9fb0bd")
    out.text(16, base, "Total" if ctx.obs["stage"] == "over" else "So far", size, "an-b")
    for t in range(n):
        out.text(16 + lw + t * cw, base, str(ctx.obs["climbers"][t]["flags"]), size, "an-b")
    y += rows * row + 10
    keys = ["(\u00b1n): the climber's total"] if ctx.obs.get("cooperative") else []
    cells = [_ascent_cell(ctx, a, t)[1] for a in ascents for t in range(n)]
    if any(how.endswith("*") for how in cells):
        keys.append("* never reached the peak")
    if "LNTB" in cells:
        keys.append("LNTB: Left No Trace Behind")
    for line in word_lines("; ".join(keys), int((WIDTH - 32) / (0.55 * size))):
        y += row
        out.text(16, y - 7, line, size, "an-dim")
    out.add("</g>")
    return y + 6


def _tiles(out: _Out, ctx: _Ctx, y: float) -> float:
    """Action tiles and group chips; returns the bottom y."""
    if ctx.tiles:
        x = 8.0
        th = 46
        for text, i in ctx.tiles:
            name, sub = _TILES.get(text, (text, ""))
            if text == "end" and ctx.groups:
                sub = "groups stay face up"
            w = min(WIDTH - 16.0, max(100.0, 10.0 * len(name) + 26, 7.8 * len(sub) + 18))
            if x + w > WIDTH - 8:
                x = 8.0
                y += th + 8
            label = ctx.moves[i][1] or text
            said = label if label.lower().startswith(name.lower()) else f"{name}: {label}"
            out.open_pick([i], said, "an-verb")
            out.title(label)
            out.rect(x, y, w, th, "an-tile", rx=8)
            out.text(
                x + w / 2, y + (20 if sub else 29), name, 16, "an-b an-m", style="fill:#ffffff"
            )
            if sub:
                out.text(x + w / 2, y + 38, sub, SMALLEST, "an-m", style="fill:#d6e2ec")
            out.rect(x - 1.5, y - 1.5, w + 3, th + 3, "an-hl", rx=9)
            out.add("</g>")
            x += w + 8
        y += th + 10
    if ctx.groups:
        verb = "Sweep it into your Cache" if ctx.kind == "sweep" else "Bury it face down"
        head = f"Balanced groups — tap one to {verb[0].lower()}{verb[1:]}:"
        for line in word_lines(head, 38):
            out.text(12, y + 14, line, SMALLEST, "an-b")
            y += 19
        y += 4
        cw, ch = 84.0, 70.0
        per = int((WIDTH - 16 + 6) // (cw + 6))
        side = ctx.obs["climbers"][ctx.me]["side"] if ctx.me is not None else [None] * board.SIZE
        for k, (mask, i) in enumerate(ctx.groups):
            x = 8 + (k % per) * (cw + 6)
            yy = y + (k // per) * (ch + 6)
            label = ctx.moves[i][1] or ctx.moves[i][0]
            out.open_pick([i], label, "an-group")
            out.title(label)
            out.rect(x, yy, cw, ch, "an-chip", rx=7)
            for p in range(board.SIZE):  # the mountainside in miniature, the group in orange
                px, py = _pyramid_xy(x + 14, yy + 6, (10.0, 8.0), 1.4, p)
                e = side[p]
                if mask >> p & 1:
                    fill = "#f08c00"
                elif isinstance(e, int):
                    fill = "#efe6cf"
                elif e is not None:
                    fill = PALETTE[e[0] % 4][0]
                else:
                    fill = "#e3e8ec"
                out.rect(
                    px, py, 10.0, 8.0, rx=1.5, fill=fill, opacity="1" if mask >> p & 1 else "0.55"
                )
            cells = board.bits(mask)
            name = board.mask_name(mask) if len(cells) <= 3 else f"{len(cells)} cards"
            out.text(x + cw / 2, yy + ch - 7, name, SMALLEST, "an-m an-b")
            out.rect(x - 1.5, yy - 1.5, cw + 3, ch + 3, "an-hl", rx=8)
            out.add("</g>")
        rows = (len(ctx.groups) + per - 1) // per
        y += rows * (ch + 6) + 4
    return y


def _legend(out: _Out, y: float) -> float:
    """A key to the symbols at the foot of the board, a line each; returns the bottom y."""
    out.add(
        f'<circle cx="16" cy="{_n(y + 9)}" r="3.6" fill="#26303a"/>'
        f'<circle cx="66" cy="{_n(y + 9)}" r="3.6" fill="#ffffff" stroke="#26303a"/>'
    )
    out.text(24, y + 14, "Yin", SMALLEST, "an-dim")
    out.text(74, y + 14, "Yang", SMALLEST, "an-dim")
    _badge(out, 134, y + 9, 10, 1)
    out.text(148, y + 14, "value = Yang − Yin", SMALLEST, "an-dim")
    y += 22
    out.text(12, y + 14, "A mountainside's balance 0 is best.", SMALLEST, "an-dim")
    y += 22
    out.add(
        f'<circle cx="16" cy="{_n(y + 9)}" r="4.6" fill="#ffffff" stroke="#26303a" '
        f'stroke-width="0.8"/><circle cx="16" cy="{_n(y + 9)}" r="2.5" fill="#5b6873"/>'
    )
    out.text(27, y + 14, "another climber knows this face-down card", SMALLEST, "an-dim")
    y += 22
    _meeple(out, 24, y + 9, 1, 0.65, lying=True)
    out.text(32, y + 14, "lying down (shenpa): next turn skipped", SMALLEST, "an-dim")
    return y + 24


# -- text alternative --------------------------------------------------------------------------
def _describe(ctx: _Ctx, order: list[int]) -> str:
    obs = ctx.obs
    parts = [" ".join(_prompt(ctx))]
    for t in order:
        c = obs["climbers"][t]
        marks = _marks(ctx, t)
        head = (
            f"{ctx.who(t)}: {_status(ctx, t)}{'; ' + ', '.join(marks) if marks else ''}; "
            f"{plural(c['flags'], 'flag')}; face-up balance {_signed(_total(ctx, t))}."
        )
        side = "; ".join(
            f"{board.NAMES[p]} {_entry_words(ctx, e)}"
            + (
                f" (known to {', '.join(ctx.colour(u) for u in seen)})"
                if (seen := _seen_by(ctx, t, p))
                else ""
            )
            for p, e in enumerate(c["side"])
        )
        if isinstance(c["pack"], list):
            pack = "; ".join(ctx.short(x) + ctx.effect(x) for x in c["pack"]) or "empty"
            cache = "; ".join(ctx.short(x) + ctx.effect(x) for x in c["cache"]) or "empty"
            zones = f"Backpack: {pack}. Cache: {cache}."
        else:
            zones = f"Backpack {plural(c['pack'], 'card')}, Cache {plural(c['cache'], 'card')}."
            if ctx.me is not None:
                known = obs["known_pack"][t] + obs["known_cache"][t]
                if known:
                    zones += (
                        " You know there: "
                        + "; ".join(ctx.short(x) + ctx.effect(x) for x in known)
                        + "."
                    )
        parts.append(f"{head} Mountainside: {side}. {zones}")
    table = ascent_table(obs, ctx.colour, _signed)
    if table is not None:  # every finished Ascent, then the flags so far (ruling AN-R46)
        for row in table["rows"]:
            cells = (f"{ctx.colour(t)} {got}, {how}" for t, (got, how) in enumerate(row["cells"]))
            parts.append(f"Ascent {row['label']} flags: {'; '.join(cells)}.")
        flags = (f"{ctx.colour(t)} {c[0]}" for t, c in enumerate(table["total"]["cells"]))
        parts.append(f"{table['total']['label']}: {', '.join(flags)}; {table['goal']}.")
    if ctx.moves:
        parts.append(f"{len(ctx.moves)} moves to choose from.")
    return " ".join(parts)


# -- entry point -------------------------------------------------------------------------------
def render_board(
    observation: dict,
    moves: Sequence[tuple[str, str]] = (),
    *,
    game: Annapurna | None = None,
) -> str:
    """Annapurna's board as one standalone SVG document, drawn from one seat's view.

    Args:
        observation: ``state.observe(seat)`` exactly (a climber's view, or a spectator's when
            its ``seat`` is ``None``); nothing else about the state is read (ruling AN-R17).
        moves: The viewing seat's legal moves as ``(notation, description)`` pairs in
            ``legal_actions`` order (empty when the seat is not to act). Each move's index in
            this list appears in the ``data-moves`` of every board element it involves.
        game: The configured game, only for its content (card names and values, colour
            names); default the packaged content.

    Returns:
        An ``<svg>`` element (``viewBox`` :data:`WIDTH` units wide, no scripts or external references),
        the same bytes for the same arguments.
    """
    content = game.content if game is not None else _packaged()
    n = observation["players"]
    me = observation["seat"]
    ctx = _Ctx(observation, content, list(moves), me, n)
    _parse(ctx)
    first = me if me is not None else 0
    order = [(first + k) % n for k in range(n)]
    out = _Out()
    y = _header(out, ctx)
    y = _tiles(out, ctx, y)
    others = order[1:]
    # the moves' targets lie on one other climber's mountainside only (Scavenge, Retaliate, a
    # Hide or Throw with one possible target): that mountainside comes first, at mid size
    sides = {key[1] for key in ctx.picks if key[0] == "spot"}
    own = first in sides or any(key[0] in ("pack", "cache") for key in ctx.picks)
    if len(sides) == 1 and not own and me is not None:
        focus = sides.pop()
        y = _other_panel(out, ctx, focus, 8, y + 2, WIDTH - 16) + 10
        others.remove(focus)
    y = _own_panel(out, ctx, first, y + 2) + 10
    # the others clockwise, those with a move on their mountainside first
    others.sort(key=lambda t: t not in sides)
    for t in others:  # one under another, in one column
        y = _other_panel(out, ctx, t, 8, y, WIDTH - 16) + 10
    height = _legend(out, y)
    title = f"Annapurna, Ascent {observation['ascent']}: " + _prompt(ctx)[0]
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_n(height)}" '
        f'role="img" aria-labelledby="an-title an-desc" class="board board-annapurna">'
        f'<title id="an-title">{escape(title)}</title>'
        f'<desc id="an-desc">{escape(_describe(ctx, order))}</desc>'
        f"<style>{STYLE.strip()}</style>"
        '<defs><linearGradient id="an-sky" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#dcebf7"/><stop offset="0.55" stop-color="#f7fafc"/>'
        '<stop offset="1" stop-color="#ffffff"/></linearGradient></defs>'
        f'<rect class="an-bg" x="0" y="0" width="{WIDTH}" height="{_n(height)}"/>'
    )
    return head + "".join(out.parts) + "</svg>"
