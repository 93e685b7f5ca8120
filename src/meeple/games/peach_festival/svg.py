"""The Peach Festival's board drawn as SVG for the browser, from one seat's observation.

:func:`render_board` draws what the seat may see (``state.observe(seat)``) and nothing else:
the dice of the round, every Market sheet (the viewer's first), the Request cards and the solo
turn track, in one column :data:`WIDTH` units wide that a phone shows legibly. Legal moves
become click targets (``class="pick"``) whose ``data-moves`` list the indices of the moves they
take part in; a page narrows the move list to the intersection of the targets clicked, so a
compound move is made part by part:

* Take Commodities: the commodity's dice, the Peach effect and, for Barter, the column the
  number goes to (Impress: both commodities' dice). Take a Peach: its button or the next
  empty Peach spot.
* A reward's write: the column's next square and the number (one click when only one number
  is valid there).
* Column Rewards, Merchants, Request cards to keep or take, rolling a Die, declining a
  turn-track reward: the element itself (a button, the next Merchant, the card).

A move the drawing has no place for (none today) still gets a button of its own, so every
legal move is on the board as well as in the page's move list.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import NotationError
from meeple.core.game import seat_word
from meeple.core.text import word_lines
from meeple.games.peach_festival.content import (
    CODES,
    COLUMN_NAMES,
    SOLO_EATEN,
    SOLO_SQUARES,
    SOLO_UNEATEN,
    Content,
    Sheet,
    load_content,
)
from meeple.games.peach_festival.game import DIFFICULTIES, PeachFestival, _action_tables
from meeple.games.peach_festival.observation import public_sheet
from meeple.games.peach_festival.render import PENDING_WORDS, describe
from meeple.games.peach_festival.scoring import MULTIPLAYER, SOLO, score_breakdown

#: Width of the drawing in SVG units; every length below is in these units. Every section is
#: laid out in it, one under the other, in one column: on a 360 px phone (a board 329 px wide
#: between the page's margins) it is drawn at about 0.88 of its size, so the smallest text
#: (:data:`SMALLEST`, 14 units) is still 12 px and a tap target of 28 units is 24 px; a
#: desktop shows it beside the move list at a bounded width.
WIDTH = 372
MARGIN = 12
#: Width of a Market sheet (every player's, the viewer's first).
SHEET_W = WIDTH - 2 * MARGIN
#: The smallest font size any text of the board is set in, in units.
SMALLEST = 14.0
#: The smallest side of a click target, in units (a pick smaller than this gets a hit area).
TAP = 28.0

#: Commodity colours: accent (ink, borders) and tint (column background), column order.
ACCENT = ("#B8860B", "#8E44AD", "#3F8A33", "#D35F1A", "#2C6FB7", "#C2255C")
TINT = ("#FFF3CF", "#F4E8F9", "#E6F3E1", "#FDEADC", "#E3EDF9", "#FCE4EE")

#: Glossary of the 14 Request conditions (PF-083..PF-096), in our words: multiplayer, solo.
GLOSSARY: dict[int, tuple[str, str]] = {
    1: ("Have the most Spices squares filled", "Fill at least 7 Spices squares"),
    2: ("Have the most Chinaware squares filled", "Fill at least 7 Chinaware squares"),
    3: ("Have the most Silk squares filled", "Fill every Silk square"),
    4: ("Have the most Tea Leaves squares filled", "Fill every Tea Leaves square"),
    5: ("Have the most Gems squares filled", "Fill every Gems square, with a 3 among them"),
    6: ("Have the most Gold squares filled", "Fill every Gold square, with a 3 among them"),
    7: ("Most Spices and Gold squares filled", "Fill at least 12 Spices and Gold squares"),
    8: ("Most Silk and Chinaware squares filled", "Fill at least 12 Silk and Chinaware squares"),
    9: ("Most Tea Leaves and Gems squares filled", "Fill at least 12 Tea Leaves and Gems squares"),
    10: ("Score the fewest Lantern Festival points", "Score 32 or fewer Lantern Festival points"),
    11: ("Have the most uneaten Peaches", f"Keep at least {SOLO_UNEATEN} Peaches uneaten"),
    12: ("Have eaten the most Peaches", f"Eat at least {SOLO_EATEN} Peaches"),
    13: (
        "Largest group of adjacent 1s (may cross columns)",
        "A group of at least 5 adjacent 1s (may cross columns)",
    ),
    14: ("Have the most squares holding a 0", "Have at least 8 squares holding a 0"),
}
#: The commodities a condition counts squares of (conditions 1-9), for the card's icons.
CONDITION_COLUMNS: dict[int, tuple[int, ...]] = {
    **{k: cols for k, (cols, _) in SOLO_SQUARES.items()},
    3: (5,),
    4: (2,),
    5: (1,),
    6: (0,),
}
PHASE_WORDS = {
    "deal": "setup: dealing Request cards",
    "keep": "setup: each player keeps a Request card",
    "common": "setup: dealing the Common cards",
    "track": "the turn track",
    "roll": "rolling the dice",
    "action": "everyone chooses an action",
    "resolve": "settling rewards",
    "dice": "Die-icon rolls",
    "over": "game over",
}
ICON_WORDS = {
    "peach": "Peach icon: gain 1 Peach",
    "die": "Die icon: roll a die, write in its column",
    "spices": "Spices icon: write in Spices",
    "tea": "Tea Leaves icon: write in Tea Leaves",
}
#: The Peach effects (PF-035..PF-039) as panel buttons: key, label, sub-label, spoken label.
EFFECTS = (
    ("plain", "As rolled", "no Peach", "Write the dice count as rolled, eating no Peach"),
    ("+", "+1", "Manipulate", "Eat a Peach to Manipulate: one more"),
    ("-", "\u22121", "Manipulate", "Eat a Peach to Manipulate: one fewer"),
    ("&", "Impress", "2 commodities", "Eat a Peach to Impress: also take a second commodity"),
    (">", "Barter", "other column", "Eat a Peach to Barter: write the count in another column"),
)

STYLE = (
    ".pf-board{font-family:'Segoe UI',Helvetica,Arial,'Liberation Sans',sans-serif;"
    "fill:#3A2A1E}.pf-board text{dominant-baseline:middle}"
    ".pf-board .pf-t{font-size:16px}.pf-board .pf-s{font-size:14.5px}"
    ".pf-board .pf-xs{font-size:14px}.pf-board .pf-b{font-weight:bold}"
    ".pf-board .pf-h{font-size:18px;font-weight:bold}"
    ".pf-board .pf-num{font-size:24px;font-weight:bold;fill:#2B1D14}"
    ".pf-board .pf-dim{fill:#8C7A6B}.pf-board .pf-w{fill:#FFFFFF}"
    ".pf-board .pf-mid{text-anchor:middle}.pf-board .pf-end{text-anchor:end}"
    ".pf-board .pick{cursor:pointer}"
    ".pf-board .pf-ring{fill:none;stroke:#E8590C;stroke-width:2.5;stroke-dasharray:6 3}"
    ".pf-board .pick:hover .pf-ring,.pf-board .pick:focus .pf-ring"
    "{stroke:#C92A2A;stroke-width:4;stroke-dasharray:none}"
    ".pf-board .pf-ring.pf-soft{stroke-width:1.6;stroke-dasharray:3 3}"
    ".pf-board .pick:focus{outline:none}.pf-board .pf-hit{fill:transparent}"
    ".pf-board .pf-btn{fill:#FFF4E6;stroke:#E8590C;stroke-width:1.5}"
    ".pf-board .pick:hover .pf-btn,.pf-board .pick:focus .pf-btn{fill:#FFD8A8}"
    ".pf-board .pf-off{fill:#F1ECE6;stroke:#CFC4B8;stroke-width:1}"
)

Attr = str | int | float | None


def _n(x: float) -> str:
    """A length for an attribute: at most two decimals, no trailing zeros (deterministic)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(items: dict[str, Attr]) -> str:
    out = []
    for key, value in items.items():
        if value is None:
            continue
        name = {"cls": "class"}.get(key, key.replace("_", "-"))
        text = _n(value) if isinstance(value, float) else str(value)
        out.append(f' {name}="{html.escape(text, quote=True)}"')
    return "".join(out)


def _el(tag: str, body: str = "", **attrs: Attr) -> str:
    if body:
        return f"<{tag}{_attrs(attrs)}>{body}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


def _text(x: float, y: float, text: object, cls: str = "pf-t", **attrs: Attr) -> str:
    return _el(
        "text", html.escape(str(text), quote=False), x=float(x), y=float(y), cls=cls, **attrs
    )


def _use(icon: str, x: float, y: float, size: float, **attrs: Attr) -> str:
    return _el(
        "use",
        href=f"#pf-{icon}",
        x=float(x),
        y=float(y),
        width=float(size),
        height=float(size),
        **attrs,
    )


def _tip(text: str) -> str:
    """A hover tooltip (an SVG ``<title>`` child)."""
    return _el("title", html.escape(text, quote=False))


def _wrap(text: str, width: float, size: float = 16, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``text`` set in ``size`` units into lines ``width`` units wide.

    Glyph widths are estimated generously (0.55 of an em, 0.6 bold: a wide face such as
    DejaVu Sans, which a browser without the stack's first faces falls back to), so a line
    fits whichever of the font stack's faces the browser has.
    """
    return word_lines(text, max(8, int(width / (size * (0.6 if bold else 0.55)))))


ICONS = {
    "go": '<path d="M4 24 9 11H23L28 24Z" fill="#E5B73B" stroke="#7A5A0C" stroke-width="1.6" '
    'stroke-linejoin="round"/><path d="M9 11 12 16H20L23 11M12 16 9.5 24M20 16 22.5 24" '
    'fill="none" stroke="#7A5A0C" stroke-width="1.2"/><path d="M12.5 13H19" stroke="#FFF3B0" '
    'stroke-width="1.4"/>',
    "ge": '<path d="M9 6H23L29 13 16 28 3 13Z" fill="#A66BC4" stroke="#4F2463" '
    'stroke-width="1.5" stroke-linejoin="round"/><path d="M3 13H29M9 6 12 13 16 28 20 13 23 6'
    'M12 13 16 6 20 13" fill="none" stroke="#4F2463" stroke-width="1"/><path d="M12 13 16 6 '
    '20 13Z" fill="#D7B4EA"/>',
    "te": '<path d="M5 27C4 14 13 5 28 4 28 18 20 27 5 27Z" fill="#58A746" stroke="#255C1C" '
    'stroke-width="1.5"/><path d="M5 27C12 19 18 13 24 8M12 20 11 14M17 15 20 16" fill="none" '
    'stroke="#D5EDC9" stroke-width="1.3"/>',
    "sp": '<path d="M7 18C8 9 24 9 25 18Z" fill="#E8742A" stroke="#9C3F0B" stroke-width="1.2"/>'
    '<circle cx="13" cy="14" r="1.2" fill="#7A2E05"/><circle cx="18" cy="12.5" r="1.2" '
    'fill="#7A2E05"/><circle cx="20" cy="16" r="1.2" fill="#7A2E05"/><path d="M3 18H29C28 24 '
    '23 28 16 28 9 28 4 24 3 18Z" fill="#8D5524" stroke="#54300F" stroke-width="1.5"/>',
    "ch": '<path d="M12 4H20V7C20 9 26 12 26 19 26 24 22 28 16 28 10 28 6 24 6 19 6 12 12 9 '
    '12 7Z" fill="#F6F9FE" stroke="#2C6FB7" stroke-width="1.8"/><path d="M7 16H25M7 22H25" '
    'stroke="#2C6FB7" stroke-width="2"/><circle cx="16" cy="19" r="1.7" fill="#2C6FB7"/>',
    "si": '<path d="M6 8H21V24H6Z" fill="#D6336C" stroke="#8C1740" stroke-width="1.4"/>'
    '<ellipse cx="6" cy="16" rx="3" ry="8" fill="#A61E4D" stroke="#8C1740" stroke-width="1.2"/>'
    '<path d="M21 10C27 12 23 19 30 21L28 27C21 25 25 18 21 19Z" fill="#F783AC" '
    'stroke="#8C1740" stroke-width="1.2"/><path d="M9 12H19M9 20H19" stroke="#F783AC"/>',
    "peach": '<path d="M16 29C7 29 3 23 4 17 5 11 10 9 15 10.5 16 10 17 10 18 10.5 23 9 28 12 '
    '28 18 28.5 24 24 29 16 29Z" fill="#F9A27C" stroke="#C8553D" stroke-width="1.5"/><path '
    'd="M16.5 11C13.5 16 13.5 22 16 28" fill="none" stroke="#E07A5F" stroke-width="1.4"/>'
    '<path d="M16.5 10.5C17 5 21 3 27 4 25 9 21 11 16.5 10.5Z" fill="#5CA04B" stroke="#2F6B26" '
    'stroke-width="1.2"/>',
    "die": '<rect x="4" y="4" width="24" height="24" rx="5" fill="#FFFFFF" stroke="#3A2A1E" '
    'stroke-width="1.8"/><circle cx="10.5" cy="10.5" r="2.4" fill="#3A2A1E"/><circle cx="16" '
    'cy="16" r="2.4" fill="#3A2A1E"/><circle cx="21.5" cy="21.5" r="2.4" fill="#3A2A1E"/>',
    "lantern": '<path d="M11 6.5H21M16 2V6.5" stroke="#6B3A1E" stroke-width="2"/><ellipse '
    'cx="16" cy="15.5" rx="10.5" ry="9" fill="#E03A2F" stroke="#8E1B14" stroke-width="1.3"/>'
    '<path d="M16 6.5C10.5 10 10.5 21 16 24.5 21.5 21 21.5 10 16 6.5" fill="none" '
    'stroke="#FFC078" stroke-width="1.2"/><rect x="11" y="23.5" width="10" height="3" '
    'fill="#E0A526"/><path d="M16 26.5V31" stroke="#E0A526" stroke-width="1.6"/>',
    "crate": '<rect x="3" y="6" width="26" height="21" fill="#C8935A" stroke="#6E4A26" '
    'stroke-width="1.6"/><path d="M3 13H29M3 20H29" stroke="#6E4A26" stroke-width="1.2"/>'
    '<path d="M4 26 28 7" stroke="#8A5A2B" stroke-width="2.2"/>',
    "merchant": '<path d="M8 29C8 21 11 17 16 17 21 17 24 21 24 29Z" fill="#3B5BA5" '
    'stroke="#1F356E" stroke-width="1.3"/><circle cx="16" cy="11.5" r="5" fill="#F2C9A0" '
    'stroke="#7A4B2A" stroke-width="1.2"/><path d="M8 9H24L20.5 3.5H11.5Z" fill="#8B2E2E" '
    'stroke="#4A1414" stroke-width="1"/><path d="M14 20 16 25 18 20" fill="#F2C94C"/>',
    "star": '<path d="M16 3 19.5 12 29 12.5 21.5 18.5 24 28 16 22.5 8 28 10.5 18.5 3 12.5 12.5 '
    '12Z" fill="#FCC419" stroke="#A6770A" stroke-width="1.4" stroke-linejoin="round"/>',
    "check": '<path d="M5 17 12 24 27 7" fill="none" stroke="#FFFFFF" stroke-width="4.5" '
    'stroke-linecap="round" stroke-linejoin="round"/>',
}


def _defs() -> str:
    symbols = "".join(
        f'<symbol id="pf-{name}" viewBox="0 0 32 32">{body}</symbol>'
        for name, body in ICONS.items()
    )
    return f"<defs>{symbols}</defs>"


class Picks:
    """Click targets of the legal moves: a key names a target, its value the move indices.

    Keys: ``("die", c)`` a commodity's dice (moves taking that count, Impress's second
    commodity included); ``("col", c)`` the next square of column ``c`` (moves writing
    there); ``("effect", m)`` a Peach effect (``plain``, ``+``, ``-``, ``&``, ``>``);
    ``("value", v)`` the number a reward writes; ``("card", id)`` a Request card kept or
    taken; ``("peach",)``, ``("roll",)``, ``("skip",)``, ``("merchant",)``,
    ``("noreward",)``, ``("draw", k)``; ``("move", i)`` a move with no other place.

    Args:
        moves: ``(notation, description)`` pairs in legal-actions order.
        space: The game's action space, to read the notations.
    """

    def __init__(self, moves: Sequence[tuple[str, str]], space: ActionSpace):
        self.moves = [(str(t), str(d)) for t, d in moves]
        self.actions: list[Action | None] = []
        self.by_key: dict[tuple, list[int]] = {}
        self.drawn: set[int] = set()
        for i, (text, _) in enumerate(self.moves):
            try:
                action: Action | None = space.parse(text)
            except NotationError:
                action = None
            self.actions.append(action)
            for key in self.keys_of(action, i):
                self.by_key.setdefault(key, []).append(i)

    @staticmethod
    def keys_of(action: Action | None, index: int) -> list[tuple]:
        """The targets a move takes part in (see the class docstring)."""
        if action is None:
            return [("move", index)]
        kind, args = action.kind, action.args
        if kind == "take":  # Take Commodities (PF-031..PF-039)
            col, mod, second = args
            keys: list[tuple] = [("die", col), ("effect", mod or "plain")]
            if mod == "&":
                keys += [("die", second), ("col", col), ("col", second)]
            elif mod == ">":
                keys.append(("col", second))
            else:
                keys.append(("col", col))
            return keys
        if kind == "write":
            return [("col", args[0]), ("value", args[1])]
        if kind in ("keep", "take_common"):
            return [("card", args[0])]
        if kind == "draw":
            return [("draw", args[0])]
        if kind in ("peach", "roll", "skip", "merchant", "noreward"):
            return [(kind,)]
        return [("move", index)]

    def write_values(self, col: int) -> list[int]:
        """The numbers the reward writes among the moves may put in column ``col``."""
        return sorted(
            {
                a.args[1]
                for a in (self.actions[i] for i in self.get(("col", col)))
                if a is not None and a.kind == "write"
            }
        )

    def get(self, key: tuple) -> list[int]:
        return self.by_key.get(key, [])

    def has(self, key: tuple) -> bool:
        return key in self.by_key

    def attrs(self, key: tuple, label: str, cls: str = "") -> dict[str, Attr]:
        """The attributes of a clickable element for ``key``; marks its moves as drawn."""
        indices = self.get(key)
        self.drawn.update(indices)
        if len(indices) == 1:
            label = f"{label} ({self.moves[indices[0]][1]})" if label else self.moves[indices[0]][1]
        return {
            "cls": f"pick {cls}".strip(),
            "data_moves": " ".join(map(str, indices)),
            "tabindex": 0,
            "role": "button",
            "aria_label": label,
        }


def _hit(cx: float, cy: float) -> str:
    """An unseen square :data:`TAP` units a side centred on ``(cx, cy)``: a small pick's
    hit area, so a finger finds it on a phone."""
    return _el("rect", x=cx - TAP / 2, y=cy - TAP / 2, width=TAP, height=TAP, cls="pf-hit")


def _pick_group(picks: Picks, key: tuple, label: str, body: str, cls: str = "") -> str:
    return _el("g", body, **picks.attrs(key, label, cls))


class _Ctx:
    """What every drawing helper reads: the observation, its content and the moves."""

    def __init__(self, obs: dict, content: Content, space: ActionSpace, moves: Sequence):
        self.obs = obs
        self.space = space
        self.content = content
        self.sheet: Sheet = content.sheet
        self.picks = Picks(moves, space)
        self.me: int | None = obs["seat"]
        self.solo: bool = bool(obs["solo"])
        self.phase: str = obs["phase"]
        self.sheets: list[dict] = obs["sheets"]
        self.views = [public_sheet(d, content.sheet.start_peaches) for d in self.sheets]

    @functools.cached_property
    def scores(self) -> list[dict[str, int]]:
        """Each seat's five scoring steps and total (PF-067..PF-072), from public facts only."""
        view: Any = SimpleNamespace(
            game=SimpleNamespace(sheet=self.sheet, solo=self.solo, content=self.content),
            sheets=self.views,
            commons=list(self.obs["commons"]),
        )
        return [score_breakdown(view, s) for s in range(len(self.views))]

    def seat_name(self, s: int) -> str:
        return "You" if s == self.me else seat_word(s)

    def words(self, notation: str | None) -> str:
        """A sentence for an action's notation, as the move list tells it."""
        if not notation:
            return ""
        try:
            return describe(self.space.parse(notation))
        except NotationError:
            return notation


def _card_status(ctx: _Ctx, card_id: int, seat: int | None) -> tuple[str, bool]:
    """How ``seat`` stands on a card now: a short text and whether it is fulfilled now.

    Multiplayer: the seat's value against the best one, ties fulfil it (ruling PF-R20);
    solo: the card's bottom row (PF-081). A spectator sees the best value only.
    """
    cond = ctx.content.card(card_id).condition
    measure, best = MULTIPLAYER[cond]
    values = [measure(ctx.sheet, v) for v in ctx.views]
    if ctx.solo:
        met = SOLO[cond](ctx.sheet, ctx.views[0])
        return (f"\u2713 met now ({values[0]})" if met else f"not met yet ({values[0]})", met)
    target = max(values) if best == "max" else min(values)
    word = "most" if best == "max" else "fewest"
    if seat is None:
        return (f"{word} now: {target}", False)
    met = values[seat] == target
    who = "you" if seat == ctx.me else "has"
    return (("\u2713 " if met else "") + f"{who} {values[seat]} \u00b7 {word} {target}", met)


# -- the pieces of the board ----------------------------------------------------------------------
def _button(
    picks: Picks,
    key: tuple,
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    sub: str,
    aria: str,
) -> str:
    """A panel button; drawn greyed and not clickable when no legal move has ``key``."""
    live = picks.has(key)
    body = _el(
        "rect",
        x=float(x),
        y=float(y),
        width=float(w),
        height=float(h),
        rx=8,
        cls="pf-btn" if live else "pf-off",
    )
    cy = y + h / 2
    if sub:
        body += _text(x + w / 2, cy - 8, label, "pf-t pf-b pf-mid" + ("" if live else " pf-dim"))
        body += _text(x + w / 2, cy + 11, sub, "pf-xs pf-mid pf-dim")
    else:
        body += _text(x + w / 2, cy, label, "pf-t pf-b pf-mid" + ("" if live else " pf-dim"))
    if not live:
        return _el("g", body)
    return _pick_group(picks, key, aria, body)


#: Width of a panel button: three to a row.
BUTTON_W = (SHEET_W - 2 * 8) / 3


def _flow_buttons(
    ctx: _Ctx, y: float, buttons: list[tuple[tuple, str, str, str]], width: float = BUTTON_W
) -> tuple[str, float]:
    """Buttons laid out in rows from the left; returns the drawing and the height used."""
    out = []
    per_row = max(1, int((SHEET_W + 8.01) // (width + 8)))
    for i, (key, label, sub, aria) in enumerate(buttons):
        row, col = divmod(i, per_row)
        out.append(
            _button(
                ctx.picks,
                key,
                MARGIN + col * (width + 8),
                y + row * 54,
                width,
                46,
                label,
                sub,
                aria,
            )
        )
    rows = (len(buttons) + per_row - 1) // per_row
    return "\n".join(out), rows * 54


def _dice_tray(ctx: _Ctx, y: float) -> tuple[str, float]:
    """The five Commodity dice of the round, counted per commodity (PF-029, PF-032).

    Six tiles in two rows of three: the icon and the count, the name, a small die per die.
    """
    dice = ctx.obs["dice"]
    out = [_text(MARGIN, y + 10, "Dice of the round", "pf-h")]
    if dice is None:
        out.append(_text(WIDTH - MARGIN, y + 10, "not rolled yet", "pf-s pf-dim pf-end"))
    gap, tile_h = 8.0, 74.0
    tile_w = (SHEET_W - 2 * gap) / 3
    for c in range(6):
        row, col = divmod(c, 3)
        x = MARGIN + col * (tile_w + gap)
        top = y + 24 + row * (tile_h + gap)
        n = dice[c] if dice is not None else 0
        key = ("die", c)
        body = _el(
            "rect",
            x=x,
            y=top,
            width=tile_w,
            height=tile_h,
            rx=10,
            fill=TINT[c] if dice is not None else "#F3EFEA",
            stroke=ACCENT[c] if n else "#CDBFB1",
            stroke_width=2.5 if n else 1.2,
        )
        body += _use(CODES[c], x + 6, top + 4, 28)
        body += _text(
            x + tile_w - 10,
            top + 19,
            n if dice is not None else "\u2013",
            "pf-num pf-end",
            fill=ACCENT[c] if n else "#9C8C7D",
        )
        body += _text(x + 8, top + 45, COLUMN_NAMES[c], "pf-s pf-b")
        for k in range(n):  # one small die per die showing this commodity
            body += _el(
                "rect",
                x=x + 8 + k * 14,
                y=top + 56,
                width=11.0,
                height=11.0,
                rx=2,
                fill="#FFFFFF",
                stroke=ACCENT[c],
                stroke_width=1.4,
            )
            body += _el("circle", cx=x + 13.5 + k * 14, cy=top + 61.5, r=2.0, fill=ACCENT[c])
        if ctx.picks.has(key):
            body += _el(
                "rect",
                x=x - 2,
                y=top - 2,
                width=tile_w + 4,
                height=tile_h + 4,
                rx=12,
                cls="pf-ring",
            )
            label = f"{COLUMN_NAMES[c]}: {n} {'die' if n == 1 else 'dice'}"
            out.append(_pick_group(ctx.picks, key, label, body))
        else:
            out.append(_el("g", body + _tip(f"{COLUMN_NAMES[c]}: {n}")))
    return "\n".join(out), 24 + 2 * tile_h + gap + 14


def _pending_words(ctx: _Ctx, seat: int) -> list[str]:
    out = []
    for kind, arg, optional in ctx.sheets[seat]["pending"]:
        words = PENDING_WORDS.get(kind)
        text = words(arg) if words else str(kind)
        if kind == "reward":  # PF-047, PF-077, PF-078
            text = "choose a Column Reward, or none"
        out.append(text + (" (may decline)" if optional and kind != "peach" else ""))
    return out


def _panel(ctx: _Ctx, y: float) -> tuple[str, float]:
    """What the viewer is asked to do now, with the buttons of the moves' parts."""
    obs, picks, me = ctx.obs, ctx.picks, ctx.me
    out: list[str] = []
    head = ""
    said: list[str] = []
    buttons: list[tuple[tuple, str, str, str]] = []
    button_w = BUTTON_W
    if ctx.phase == "action" and any(k[0] == "effect" for k in picks.by_key):
        uneaten = ctx.sheets[me]["peaches"] - ctx.sheets[me]["eaten"] if me is not None else 0
        head = "Your action: pick a commodity, then how to write it."
        if uneaten:
            said.append("Barter: pick the column it goes to as well. Impress: pick both.")
            said.append(f"Each effect eats 1 of your {uneaten} Peaches.")
        else:
            said.append("You have no Peach to eat: write as rolled, or take a Peach.")
        for key, label, sub, aria in EFFECTS:
            buttons.append((("effect", key), label, sub, aria))
        buttons.append((("peach",), "Peach", "take one", "Take a Peach instead of dice"))
    elif picks.moves:
        if ctx.phase == "keep":
            head = "Keep one of the two Request cards dealt to you."
            said.append("Its two commodities start at 0; the other card goes under the deck.")
        elif any(k[0] == "card" for k in picks.by_key) and not ctx.solo:
            head = "Keep one of the Request cards you drew; the rest go under the deck."
        elif me is not None and ctx.sheets[me]["pending"]:
            head = "Turn-track reward" if ctx.phase == "track" else "Settle your rewards"
            said.append("To do: " + "; ".join(_pending_words(ctx, me)) + ".")
        if any(k[0] == "col" for k in picks.by_key):
            said.append("Pick a highlighted square of your sheet, then the number if asked.")
        for key in sorted(k for k in picks.by_key if k[0] == "value"):
            buttons.append((key, f"Write {key[1]}", "", f"Write {key[1]}"))
        for k in (1, 2, 3):
            if picks.has(("draw", k)):
                buttons.append(
                    (
                        ("draw", k),
                        f"Draw {k}",
                        f"eat {k} Peach{'es' if k > 1 else ''}",
                        f"Column Reward: eat {k} Peaches to draw {k} Request cards",
                    )
                )
        for key in sorted(k for k in picks.by_key if k[0] == "card"):
            if key[1] in obs["commons"]:
                buttons.append(
                    (
                        key,
                        f"Take #{key[1]}",
                        "eat 2 Peaches",
                        f"Column Reward: take Common Request card {key[1]}",
                    )
                )
        extra = (
            (("merchant",), "Merchant", "hire the next", "Column Reward: hire the next Merchant"),
            (("peach",), "Peach", "gain it", "Gain the turn-track Peach"),
            (("roll",), "Roll", "the Die icon", "Roll the Die-icon die now"),
            (("noreward",), "No reward", "Column Reward", "Take no Column Reward"),
            (("skip",), "Decline", "this reward", "Decline the turn-track reward"),
        )
        buttons += [b for b in extra if picks.has(b[0])]
        for key in sorted(k for k in picks.by_key if k[0] == "move"):
            buttons.append((key, picks.moves[key[1]][0][:14], "", picks.moves[key[1]][1]))
    else:
        head = _status(ctx)
    if not head and not buttons:
        return "", 0.0
    lines = [(line, True) for line in _wrap(head, SHEET_W - 8, 16, bold=True)]
    for text in said:
        lines += [(line, False) for line in _wrap(text, SHEET_W - 8, 16)]
    height = 12 + 20 * len(lines)
    drawn, used = _flow_buttons(ctx, y + height, buttons, button_w) if buttons else ("", 0.0)
    height += used + 6
    out.append(
        _el(
            "rect",
            x=float(MARGIN - 4),
            y=y,
            width=float(SHEET_W + 8),
            height=height,
            rx=10,
            fill="#FFF9F0",
            stroke="#E6C9A8",
            stroke_width=1.2,
        )
    )
    for i, (line, bold) in enumerate(lines):
        out.append(_text(MARGIN + 4, y + 14 + 20 * i, line, "pf-t pf-b" if bold else "pf-t"))
    out.append(drawn)
    return "\n".join(out), height + 12


def _status(ctx: _Ctx) -> str:
    """Whose move it is and what the viewer waits for."""
    obs = ctx.obs
    me = ctx.me
    acting = [s for s in obs["acting"] if s != me]
    if ctx.phase == "over":
        scores = ctx.scores
        best = max(p["total"] for p in scores)
        if ctx.solo:  # a score to beat, no rival (the rulebook's solo Final Scoring)
            return f"Game over. Final score: {scores[0]['total']}."
        parts = [
            f"{ctx.seat_name(s)} {p['total']}" + (" (wins)" if p["total"] == best else "")
            for s, p in enumerate(scores)
        ]
        return "Game over. Final scores: " + ", ".join(parts) + "."
    if me is not None and ctx.phase in ("action", "keep") and ctx.sheets[me]["committed"]:
        commit = ctx.sheets[me]["commit"]
        chosen = f"You chose: {ctx.words(commit)} (sealed)." if commit else "You have chosen."
        waiting = ", ".join(seat_word(s) for s in acting)
        return chosen + (f" Waiting for {waiting}." if waiting else "")
    doing = "choosing" if ctx.phase in ("action", "keep") else "settling rewards"
    # "Your move" only with moves to make: a seat's view without them (a replay's) names it
    offered = me in obs["acting"] and bool(ctx.picks.moves)
    if me in obs["acting"] and not offered:
        acting = list(obs["acting"])
    mine = "Your move" + (", as are" if acting else ".") if offered else ""
    if acting:
        names = ", ".join(seat_word(s) for s in acting)
        if mine:
            return f"{mine} {names}."
        return f"{names} {'is' if len(acting) == 1 else 'are'} {doing}."
    if mine:
        return mine
    return f"Now: {PHASE_WORDS.get(ctx.phase, ctx.phase)}."


# -- the Market sheet -----------------------------------------------------------------------------
class _Geo:
    """Where things are on a Market sheet, in the sheet's own units (width :data:`SHEET_W`)."""

    def __init__(self, sheet: Sheet, solo: bool, over: bool = False, extra: float = 0.0):
        self.rows = len(sheet.multipliers)
        self.track_w = 32.0 if solo else 0.0
        self.mult_x = 6 + self.track_w
        self.gx = self.mult_x + 30
        self.right_w = 46.0
        self.gap = 5.0
        avail = SHEET_W - self.gx - self.right_w - 4
        self.colw = (avail - 5 * self.gap) / 6
        self.right_x = self.gx + 6 * self.colw + 5 * self.gap + 4
        self.head_y = 58.0 + extra  # under the title strip, taller by ``extra`` for 2 lines
        self.row_h = 38.0
        self.rows_y = self.head_y + 62
        self.score_y = self.rows_y + self.rows * self.row_h + 4
        self.bottom_y = self.score_y + 36
        #: the Completed Requests row under the Peaches and the Merchants
        self.done_y = self.bottom_y + 138
        self.final_y = self.done_y + 56
        self.height = self.final_y + (72 if over else 0)

    def col_x(self, c: int) -> float:
        return self.gx + c * (self.colw + self.gap)

    def row_y(self, r: int) -> float:
        return self.rows_y + r * self.row_h


def _square_icon(icon: tuple[str, int], cx: float, cy: float, size: float) -> str:
    kind, arg = icon
    if kind == "number":
        r = size / 2
        return _el(
            "circle", cx=cx, cy=cy, r=r, fill="#FFFFFF", stroke="#3A2A1E", stroke_width=1.4
        ) + _text(cx, cy + 1, arg, "pf-t pf-b pf-mid")
    name = {"spices": "sp", "tea": "te"}.get(kind, kind)
    body = _use(name, cx - size / 2, cy - size / 2, size)
    if kind in ("spices", "tea"):  # a write in that column, not the commodity itself
        body = (
            _el(
                "circle",
                cx=cx,
                cy=cy,
                r=size / 2 + 2,
                fill="#FFFFFF",
                stroke="#9C8C7D",
                stroke_width=1.0,
                stroke_dasharray="2 2",
            )
            + body
        )
    return body


def _short(notation: str) -> str:
    """A few words for a revealed action, for a sheet's title strip."""
    if notation == "peach":
        return "took a Peach"
    code, mod, rest = notation[:2], notation[2:3], notation[3:]
    if code not in CODES:
        return notation
    name = COLUMN_NAMES[CODES.index(code)]
    if mod in ("+", "-"):
        return f"took {name} {mod}1"
    if mod in ("&", ">") and rest in CODES:
        other = COLUMN_NAMES[CODES.index(rest)]
        return f"took {name} & {other}" if mod == "&" else f"bartered {name} \u2192 {other}"
    return f"took {name}"


def _icon_words(icon: tuple[str, int]) -> str:
    kind, arg = icon
    return f"Number icon: write a {arg} in any column" if kind == "number" else ICON_WORDS[kind]


def _sheet_svg(ctx: _Ctx, seat: int, interactive: bool) -> tuple[str, float]:
    """One Market sheet (PF-005, PF-013..PF-019) in sheet units; returns it and its height."""
    sheet, d = ctx.sheet, ctx.sheets[seat]
    boxes = bin(d["boxes"]).count("1")
    status = f"{boxes} box{'es' if boxes != 1 else ''}" + ("" if ctx.solo else " of 5")
    if ctx.phase in ("action", "keep") and d["committed"] and seat != ctx.me:
        status = "\u2713 has chosen \u00b7 " + status
    elif d["last"] and ctx.phase in ("resolve", "dice", "over"):  # revealed (PF-R10)
        status = f"{_short(d['last'])} \u00b7 " + status
    lines = _wrap(status, SHEET_W - 24, 14.5, bold=True)[:2]
    extra = 18.0 * (len(lines) - 1)
    geo = _Geo(sheet, ctx.solo, ctx.phase == "over", extra)
    picks = ctx.picks if interactive else None
    out: list[str] = []
    out.append(
        _el(
            "rect",
            x=0.0,
            y=0.0,
            width=float(SHEET_W),
            height=geo.height,
            rx=12,
            fill="#FFFCF3",
            stroke="#C9A27E",
            stroke_width=2,
        )
    )
    strip = 50.0 + extra
    out.append(_el("rect", x=0.0, y=0.0, width=float(SHEET_W), height=strip, rx=12, fill="#F6D7C3"))
    out.append(_el("rect", x=0.0, y=strip - 14, width=float(SHEET_W), height=14.0, fill="#F6D7C3"))
    if seat == ctx.me:
        out.append(_text(12, 16, "Your Market sheet", "pf-h"))
    else:  # the name alone, so a long one (cut by the page) never runs past the sheet's edge
        whose = f"{seat_word(seat)}\u2019s Market sheet"
        out.append(
            _el("g", _el("title", html.escape(whose)) + _text(12, 16, seat_word(seat), "pf-h"))
        )
    for i, line in enumerate(lines):
        out.append(_text(12, 37 + 18 * i, line, "pf-s pf-b"))
    # the multiplier column (PF-017) and the Lantern row marker (PF-065)
    for r in range(geo.rows):
        cy = geo.row_y(r) + geo.row_h / 2
        lantern = r == sheet.lantern_row
        out.append(
            _el(
                "circle",
                cx=geo.mult_x + 14,
                cy=cy,
                r=13.0,
                fill="#FDE2DF" if lantern else "#F3E9DD",
                stroke="#C9A27E",
            )
        )
        out.append(
            _text(geo.mult_x + 14, cy + 1, f"\u00d7{sheet.multipliers[r]}", "pf-s pf-b pf-mid")
        )
    ly = geo.row_y(sheet.lantern_row)
    out.append(
        _el(
            "rect",
            x=geo.gx - 4,
            y=ly + 1,
            width=geo.right_x - geo.gx + 2,
            height=geo.row_h - 2,
            rx=8,
            fill="#F8C9C3",
            opacity=0.55,
        )
    )
    if ctx.solo:
        out.append(_track_svg(ctx, geo, picks))
    for c in range(6):
        out.append(_column_svg(ctx, geo, seat, c, picks))
    for i, (row, left) in enumerate(sheet.two_peach):  # PF-058, ruling PF-R17
        cx = geo.col_x(left + 1) - geo.gap / 2
        cy = geo.row_y(row) + geo.row_h / 2
        paid = d["two_paid"] >> i & 1
        body = _el(
            "circle", cx=cx, cy=cy, r=10.0, fill="#FFFFFF", stroke="#C8553D", stroke_width=1.3
        )
        body += _use("peach", cx - 9, cy - 10, 13) + _use("peach", cx - 3, cy - 4, 13)
        if paid:
            body += _el("circle", cx=cx + 7, cy=cy - 7, r=5.0, fill="#2F9E44")
        tip = f"Two-Peach icon: 2 Peaches if {COLUMN_NAMES[left]} and {COLUMN_NAMES[left + 1]}"
        out.append(_el("g", body + _tip(tip + (" match (paid)" if paid else " match"))))
    out.append(_scores_svg(ctx, geo, seat))
    out.append(_peach_grid_svg(ctx, geo, seat, picks))
    out.append(_merchants_svg(ctx, geo, seat, picks))
    out.append(_completed_svg(ctx, geo, seat))
    if ctx.phase == "over":
        out.append(_final_svg(ctx, geo, seat))
    return "\n".join(out), geo.height


def _column_svg(ctx: _Ctx, geo: _Geo, seat: int, c: int, picks: Picks | None) -> str:
    sheet, d = ctx.sheet, ctx.sheets[seat]
    x, w = geo.col_x(c), geo.colw
    length = sheet.lengths[c]
    written = d["cols"][c]
    out: list[str] = []
    marked = d["boxes"] >> c & 1
    head: list[str] = []
    head.append(
        _el(
            "rect",
            x=x,
            y=geo.head_y,
            width=w,
            height=58.0,
            rx=8,
            fill=TINT[c],
            stroke=ACCENT[c],
            stroke_width=1.5,
        )
    )
    bx = x + w / 2 - 10
    head.append(
        _el(
            "rect",
            x=bx,
            y=geo.head_y + 5,
            width=20.0,
            height=20.0,
            rx=4,
            fill=ACCENT[c] if marked else "#FFFFFF",
            stroke=ACCENT[c],
            stroke_width=2,
        )
    )
    if marked:
        head.append(_use("check", bx + 1, geo.head_y + 6, 18))
    head.append(_use(CODES[c], x + w / 2 - 14, geo.head_y + 27, 28))
    box_words = "Column Reward box marked" if marked else "Column Reward box empty"
    key = ("col", c)
    full = len(written) >= length
    if picks is not None and full and picks.has(key):
        head.append(
            _el("rect", x=x - 2, y=geo.head_y - 2, width=w + 4, height=62.0, rx=10, cls="pf-ring")
        )
        out.append(_pick_group(picks, key, f"{COLUMN_NAMES[c]} column (full)", "".join(head)))
    else:
        out.append(_el("g", "".join(head) + _tip(f"{COLUMN_NAMES[c]}: {box_words}")))
    for r in range(length):
        y = geo.row_y(r)
        sx, sy, sw, sh = x, y + 3, w, geo.row_h - 6
        icon = sheet.icons[c][r]
        crate = r == length - 1
        lantern = r == sheet.lantern_row
        fill = "#F2DEC4" if crate else ("#FDE7E4" if lantern else "#FFFFFF")
        sq = [
            _el(
                "rect",
                x=sx,
                y=sy,
                width=sw,
                height=sh,
                rx=6,
                fill=fill,
                stroke=ACCENT[c],
                stroke_width=1.3,
            )
        ]
        if crate:  # the crate square: its write marks the box (PF-046)
            sq.append(_use("crate", sx + sw - 17, sy + sh - 15, 15, opacity=0.9))
        cx, cy = sx + sw / 2, sy + sh / 2
        if r < len(written):
            if icon:
                sq.append(_el("g", _square_icon(icon, sx + 9, sy + 9, 12), opacity=0.55))
            if lantern:
                sq.append(_use("lantern", sx + 2, sy + 2, 13, opacity=0.6))
            sq.append(_text(cx, cy + 2, written[r], "pf-num pf-mid"))
        else:
            if icon:
                sq.append(_square_icon(icon, cx - (4 if crate else 0), cy, 22))
            elif lantern:
                sq.append(_use("lantern", cx - 11, cy - 11, 22))
        tip = [f"{COLUMN_NAMES[c]} row {r + 1}"]
        if r < len(written):
            tip.append(f"written {written[r]}")
        if icon:
            tip.append(_icon_words(icon))
        if lantern:
            tip.append("Lantern Festival: x4 at the end")
        if crate:
            tip.append("crate square: marks the box")
        if picks is not None and r == len(written) and picks.has(key):
            values = picks.write_values(c)
            if values:  # the numbers a reward may write here (PF-020, PF-021)
                text = "/".join(map(str, values))
                pw = 10 + 8 * len(text)
                sq.append(
                    _el(
                        "rect",
                        x=sx + sw - pw + 4,
                        y=sy - 8,
                        width=float(pw),
                        height=16.0,
                        rx=8,
                        fill="#C92A2A",
                    )
                )
                sq.append(_text(sx + sw - pw / 2 + 4, sy + 0.5, text, "pf-s pf-b pf-mid pf-w"))
            ring = "pf-ring pf-soft" if ctx.phase == "action" else "pf-ring"
            sq.append(_el("rect", x=sx - 2, y=sy - 2, width=sw + 4, height=sh + 4, rx=8, cls=ring))
            label = f"{COLUMN_NAMES[c]} column, next square (row {r + 1})"
            out.append(_pick_group(picks, key, label, "".join(sq)))
        else:
            out.append(_el("g", "".join(sq) + _tip(", ".join(tip))))
    return "\n".join(out)


def _track_svg(ctx: _Ctx, geo: _Geo, picks: Picks | None) -> str:
    """The solo turn track (PF-015, PF-075, PF-076, ruling PF-R07) down the left edge."""
    sheet = ctx.sheet
    n = len(sheet.track_rewards)
    track = ctx.sheets[0]["track"]
    difficulty = ctx.obs.get("difficulty")
    start = sheet.track_colours.index(DIFFICULTIES.get(str(difficulty), "orange"))
    top, bottom = geo.head_y, geo.score_y + 20
    step = (bottom - top) / n
    colours = {"green": "#2F9E44", "orange": "#F08C00", "red": "#E03131"}
    out = [
        _el(
            "rect",
            x=6.0,
            y=top - 4,
            width=geo.track_w - 4,
            height=bottom - top + 8,
            rx=10,
            fill="#F3E9DD",
        )
    ]
    cx = 6 + (geo.track_w - 4) / 2
    r = min(step / 2 - 1, (geo.track_w - 4) / 2 - 1)  # a circle per step, within the strip
    for t in range(n):
        cy = top + step * t + step / 2
        colour = sheet.track_colours[t]
        current = t == track and ctx.phase == "track"  # its reward is being settled
        marked = start <= t <= track and not current
        skipped = t < start
        reward = sheet.track_rewards[t]
        body = _el(
            "circle",
            cx=cx,
            cy=cy,
            r=r,
            fill="#6B4F3A" if marked else ("#E7DED3" if skipped else "#FFFFFF"),
            stroke=colours.get(colour, "#9C8C7D"),
            stroke_width=3.0 if colour else 1.2,
        )
        if current:
            body += _el(
                "circle",
                cx=cx,
                cy=cy,
                r=r + 2,
                fill="none",
                stroke="#C92A2A",
                stroke_width=2.5,
            )
        if reward and not marked:
            body += _el("g", _square_icon(reward, cx, cy, 2 * r - 7), opacity=0.4 if skipped else 1)
        if marked:
            body += _use("check", cx - 7, cy - 7, 14)
        words = [f"turn-track circle {t + 1}"]
        if colour:
            words.append(f"{colour} start")
        if reward:
            words.append(_icon_words(reward))
        state = "this round" if current else "marked" if marked else "to come"
        words.append("not played" if skipped else state)
        if picks is not None and t == track and picks.has(("peach",)) and ctx.phase == "track":
            body += _el("circle", cx=cx, cy=cy, r=r + 2, cls="pf-ring") + _hit(cx, cy)
            out.append(_pick_group(picks, ("peach",), ", ".join(words), body))
        else:
            out.append(_el("g", body + _tip(", ".join(words))))
    return "\n".join(out)


def _scores_svg(ctx: _Ctx, geo: _Geo, seat: int) -> str:
    """Scoring spaces: each column under its crate, the Lantern row x4 (PF-067, PF-068)."""
    sheet, d = ctx.sheet, ctx.sheets[seat]
    over = ctx.phase == "over"
    cls = "pf-s pf-b pf-mid" if over else "pf-s pf-mid pf-dim"
    out = []
    total = 0
    for c in range(6):
        col = d["cols"][c]
        points = col[-1] * sheet.multipliers[len(col) - 1] if col else 0
        total += points
        x = geo.col_x(c)
        out.append(
            _el(
                "rect",
                x=x + 4,
                y=geo.score_y,
                width=geo.colw - 8,
                height=24.0,
                rx=5,
                fill="#FFFFFF",
                stroke="#D8C3AC",
            )
        )
        out.append(_text(x + geo.colw / 2, geo.score_y + 12.5, points, cls))
    rx = geo.right_x
    lantern = 4 * sum(col[sheet.lantern_row] for col in d["cols"] if len(col) > sheet.lantern_row)
    ly = geo.row_y(sheet.lantern_row)
    out.append(_use("lantern", rx, ly - 16, 20))
    out.append(_text(rx + 21, ly - 6, "\u00d74", "pf-s pf-b"))
    out.append(
        _el(
            "rect",
            x=rx,
            y=ly + 5,
            width=geo.right_w - 10,
            height=geo.row_h - 10,
            rx=6,
            fill="#FFFFFF",
            stroke="#E03A2F",
            stroke_width=1.5,
        )
    )
    out.append(_text(rx + (geo.right_w - 10) / 2, ly + geo.row_h / 2, lantern, cls))
    out.append(_text(rx + (geo.right_w - 10) / 2, geo.score_y - 10, "cols", "pf-xs pf-mid pf-dim"))
    out.append(
        _el(
            "rect",
            x=rx,
            y=geo.score_y,
            width=geo.right_w - 10,
            height=24.0,
            rx=5,
            fill="#FFFFFF",
            stroke="#8C6A4F",
            stroke_width=1.5,
        )
    )
    out.append(_text(rx + (geo.right_w - 10) / 2, geo.score_y + 12.5, total, cls))
    return _el(
        "g", "".join(out) + _tip("Scoring: each column's last number x its row; the Lantern row x4")
    )


def _peach_grid_svg(ctx: _Ctx, geo: _Geo, seat: int, picks: Picks | None) -> str:
    """The Peach grid with its grey spots and row-end bonuses (PF-016, PF-042..PF-045)."""
    sheet, d = ctx.sheet, ctx.sheets[seat]
    x0, y0 = 8.0, geo.bottom_y
    filled, eaten = d["peaches"], d["eaten"]
    out = [
        _text(x0, y0 + 8, "Peaches", "pf-t pf-b"),
        _text(x0, y0 + 26, f"{filled - eaten} uneaten \u00b7 {eaten} eaten", "pf-s"),
    ]
    step = 24.0
    i = 0
    for r, (row, bonus) in enumerate(zip(sheet.peach_rows, sheet.peach_bonus, strict=True)):
        cy = y0 + 46 + r * step
        for spot in row:
            cx = x0 + 11 + (i - sum(len(p) for p in sheet.peach_rows[:r])) * step
            if i < filled:
                body = _el("circle", cx=cx, cy=cy, r=11.0, fill="#FFF1E8", stroke="#E8A87C")
                body += _use("peach", cx - 10, cy - 10.5, 20)
                if i < eaten:  # eaten Peaches are crossed out (PF-035)
                    body += _el(
                        "path",
                        d=f"M{_n(cx - 8)} {_n(cy - 8)}L{_n(cx + 8)} {_n(cy + 8)}"
                        f"M{_n(cx + 8)} {_n(cy - 8)}L{_n(cx - 8)} {_n(cy + 8)}",
                        stroke="#5C3D2E",
                        stroke_width=2.6,
                        stroke_linecap="round",
                    )
            elif spot == "G":
                body = _el("circle", cx=cx, cy=cy, r=10.0, fill="#C9C2BA", stroke="#9C948C")
            else:
                body = _el(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=10.0,
                    fill="#FFFFFF",
                    stroke="#C8A58B",
                    stroke_width=1.4,
                )
            nxt = i == filled and ctx.phase == "action"
            if picks is not None and nxt and picks.has(("peach",)):
                body += _el("circle", cx=cx, cy=cy, r=12.5, cls="pf-ring") + _hit(cx, cy)
                out.append(
                    _pick_group(picks, ("peach",), "Take a Peach: the next Peach spot", body)
                )
            else:
                out.append(body)
            i += 1
        bx = x0 + 11 + len(row) * step - 7
        words = "write a 2" if bonus == "two" else "write any valid number"
        if bonus == "two":
            icon = _el(
                "rect",
                x=bx,
                y=cy - 10,
                width=20.0,
                height=20.0,
                rx=4,
                fill="#FFFFFF",
                stroke="#3A2A1E",
            ) + _text(bx + 10, cy + 1, "2", "pf-t pf-b pf-mid")
        else:
            icon = _use("star", bx, cy - 10, 20)
        out.append(_el("g", icon + _tip(f"Peach row {r + 1} complete: {words} in any column")))
    return _el("g", "".join(out))


def _merchants_svg(ctx: _Ctx, geo: _Geo, seat: int, picks: Picks | None) -> str:
    """The three Merchants (PF-050, PF-051, ruling PF-R06), 2 points each (PF-070)."""
    sheet, d = ctx.sheet, ctx.sheets[seat]
    x0, y0 = SHEET_W - 8 - 3 * 40 - 2 * 4, geo.bottom_y  # right of the Peach grid
    out = [_text(x0, y0 + 8, "Merchants", "pf-t pf-b"), _text(x0, y0 + 26, "2 points each", "pf-s")]
    for m, peaches in enumerate(sheet.merchants):
        x = x0 + m * 44
        hired = m < d["merchants"]
        body = _el(
            "rect",
            x=x,
            y=y0 + 38,
            width=40.0,
            height=66.0,
            rx=7,
            fill="#DDE6F7" if hired else "#FFFFFF",
            stroke="#3B5BA5",
            stroke_width=2 if hired else 1.2,
        )
        body += _use("merchant", x + 5, y0 + 41, 30)
        body += _text(x + 14, y0 + 89, f"+{peaches}", "pf-s pf-b pf-mid")
        body += _use("peach", x + 23, y0 + 81, 14)
        if hired:
            body += _el("circle", cx=x + 34, cy=y0 + 44, r=8.0, fill="#2F9E44")
            body += _use("check", x + 28, y0 + 38, 12)
        key = ("merchant",)
        if picks is not None and m == d["merchants"] and picks.has(key):
            body += _el("rect", x=x - 2, y=y0 + 36, width=44.0, height=70.0, rx=9, cls="pf-ring")
            out.append(
                _pick_group(picks, key, f"Hire the next Merchant (+{peaches} Peaches)", body)
            )
        else:
            words = f"Merchant {m + 1}: +{peaches} Peaches" + (", hired" if hired else "")
            out.append(_el("g", body + _tip(words)))
    return "\n".join(out)


def _completed_svg(ctx: _Ctx, geo: _Geo, seat: int) -> str:
    """Completed Requests, 10 points each, at most 8 (PF-069); filled in at the end."""
    x0, y0 = 8.0, geo.done_y
    out = [
        _text(x0, y0 + 8, "Completed Requests", "pf-s pf-b"),
        _text(SHEET_W - 8, y0 + 8, "10 points each", "pf-s pf-end"),  # a box each, 8 at most
    ]
    done = ctx.scores[seat]["requests"] // 10 if ctx.phase == "over" else 0
    for k in range(8):
        x, y = x0 + 2 + k * 28, y0 + 22
        out.append(
            _el(
                "rect",
                x=float(x),
                y=float(y),
                width=22.0,
                height=22.0,
                rx=4,
                fill="#2F9E44" if k < done else "#FFFFFF",
                stroke="#6B4F3A",
            )
        )
        if k < done:
            out.append(_use("check", x + 2, y + 2, 18))
    return _el("g", "".join(out))


def _final_svg(ctx: _Ctx, geo: _Geo, seat: int) -> str:
    """The six scoring steps written at the bottom of the sheet (PF-067..PF-072)."""
    p = ctx.scores[seat]
    y = geo.final_y
    out = [
        _el(
            "rect",
            x=8.0,
            y=y,
            width=SHEET_W - 16.0,
            height=64.0,
            rx=8,
            fill="#FFE8CC",
            stroke="#E8590C",
            stroke_width=1.5,
        )
    ]
    steps = [
        ("Lantern", p["lantern"]),
        ("Columns", p["columns"]),
        ("Requests", p["requests"]),
        ("Merchants", p["merchants"]),
        ("Peaches", p["peaches"]),
    ]
    cell = (SHEET_W - 16.0) / 3
    for i, (name, points) in enumerate(steps):
        row, col = divmod(i, 3)
        x, cy = 8 + col * cell, y + 18 + row * 28
        out.append(_text(x + 8, cy, name, "pf-xs"))
        out.append(_text(x + cell - 10, cy, points, "pf-t pf-b pf-end"))
    out.append(_text(SHEET_W - 18, y + 46, f"Total {p['total']}", "pf-h pf-end"))
    return _el("g", "".join(out))


# -- Request cards --------------------------------------------------------------------------------
#: A Request card's width: one to a row, the column's width (its height fits its text).
CARD_W = float(SHEET_W)


def _card_icons(cond: int, x: float, y: float) -> str:
    """The condition's icons, like the top of a printed card."""
    if cond in CONDITION_COLUMNS:
        return "".join(
            _use(CODES[c], x + i * 26, y, 24) for i, c in enumerate(CONDITION_COLUMNS[cond])
        )
    if cond == 10:
        return _use("lantern", x, y, 24)
    if cond in (11, 12):
        body = _use("peach", x, y, 24)
        if cond == 12:
            body += _el(
                "path",
                d=f"M{_n(x + 3)} {_n(y + 3)}L{_n(x + 21)} {_n(y + 21)}",
                stroke="#5C3D2E",
                stroke_width=2.6,
            )
        return body
    digit = "1" if cond == 13 else "0"
    out = []
    for i in range(2 if cond == 13 else 1):
        out.append(
            _el(
                "rect",
                x=x + i * 24,
                y=y + 1,
                width=22.0,
                height=22.0,
                rx=4,
                fill="#FFFFFF",
                stroke="#3A2A1E",
            )
        )
        out.append(_text(x + i * 24 + 11, y + 13, digit, "pf-t pf-b pf-mid"))
    return "\n".join(out)


def _card_svg(
    ctx: _Ctx, card_id: int, x: float, y: float, owner: int | None, note: str = ""
) -> tuple[str, float]:
    """A Request card: condition icons and glossary text, start commodities, ID (PF-024..27).

    Returns the drawing and its height, which fits its lines of text.
    """
    card = ctx.content.card(card_id)
    multi, solo = GLOSSARY[card.condition]
    first, second = (solo, multi) if ctx.solo else (multi, solo)
    first_label, second_label = ("Solo", "Multiplayer") if ctx.solo else ("", "Solo")
    text = (f"{first_label}: " if first_label else "") + first
    big = _wrap(text, CARD_W - 20, 16, bold=True)
    small = _wrap(f"{second_label}: {second}", CARD_W - 20, 14.5)
    h = 66 + 19 * len(big) + 17 * len(small)
    body = [
        _el(
            "rect",
            x=x,
            y=y,
            width=CARD_W,
            height=h,
            rx=10,
            fill="#FFF8EC",
            stroke="#B5835A",
            stroke_width=1.6,
        )
    ]
    body.append(
        _el(
            "path",
            d=f"M{_n(x)} {_n(y + 34)}V{_n(y + 10)}Q{_n(x)} {_n(y)} "
            f"{_n(x + 10)} {_n(y)}H{_n(x + CARD_W - 10)}Q{_n(x + CARD_W)} {_n(y)} "
            f"{_n(x + CARD_W)} {_n(y + 10)}V{_n(y + 34)}Z",
            fill="#F3D9C0",
        )
    )
    body.append(_card_icons(card.condition, x + 8, y + 5))
    body.append(_text(x + CARD_W - 64, y + 17, "start", "pf-xs pf-dim pf-end"))  # PF-008
    for i, c in enumerate(card.start):  # the starting 0s (PF-008)
        body.append(_use(CODES[c], x + CARD_W - 60 + i * 26, y + 5, 24))
    ty = y + 48
    for line in big:
        body.append(_text(x + 10, ty, line, "pf-t pf-b"))
        ty += 19
    for line in small:
        body.append(_text(x + 10, ty, line, "pf-s pf-dim"))
        ty += 17
    status, met = _card_status(ctx, card_id, owner)
    body.append(_text(x + 10, y + h - 14, note or status, "pf-s pf-b" if met else "pf-s"))
    body.append(
        _el(
            "rect",
            x=x + CARD_W - 44,
            y=y + h - 26,
            width=36.0,
            height=20.0,
            rx=10,
            fill="#6B4F3A",
        )
    )
    body.append(_text(x + CARD_W - 26, y + h - 15, f"#{card_id}", "pf-s pf-b pf-mid pf-w"))
    key = ("card", card_id)
    label = f"Request card {card_id}: {multi if not ctx.solo else solo}"
    if ctx.picks.has(key):
        body.append(
            _el("rect", x=x - 3, y=y - 3, width=CARD_W + 6, height=h + 6, rx=12, cls="pf-ring")
        )
        return _pick_group(ctx.picks, key, label, "".join(body)), h
    return _el("g", "".join(body) + _tip(label)), h


def _cards_section(
    ctx: _Ctx,
    y: float,
    title: str,
    cards: list[int],
    owner: int | None,
    notes: dict[int, str] | None = None,
) -> tuple[str, float]:
    if not cards:
        return "", 0.0
    out = [_text(MARGIN, y + 10, title, "pf-h")]
    top = y
    y += 24
    for card in cards:
        drawn, h = _card_svg(ctx, card, MARGIN, y, owner, (notes or {}).get(card, ""))
        out.append(drawn)
        y += h + 10
    return "\n".join(out), y - top + 6


def _others_svg(ctx: _Ctx, y: float, seats: list[int]) -> tuple[str, float]:
    """The other players' sheets, as large as the viewer's, one under the other, each with
    its Request cards in words."""
    if not seats:
        return "", 0.0
    top = y
    out = [_text(MARGIN, y + 10, "Other players", "pf-h")]
    y += 24
    for s in seats:
        drawn, height = _sheet_svg(ctx, s, interactive=False)
        out.append(_el("g", drawn, transform=f"translate({MARGIN} {_n(y)})"))
        y += height + 16
        d = ctx.sheets[s]
        for card in d["requests"]:
            cond = ctx.content.card(card).condition
            text = f"#{card} {GLOSSARY[cond][1 if ctx.solo else 0]}"
            status, met = _card_status(ctx, card, s)
            # a met card's first line is bold: wrapped as bold, so that it stays on the board
            for k, part in enumerate(_wrap(f"{text} ({status})", SHEET_W - 4, 14.5, bold=met)):
                out.append(_text(MARGIN + 2, y, part, "pf-s pf-b" if k == 0 and met else "pf-s"))
                y += 17
        if d["hand_size"]:
            words = f"holding {d['hand_size']} card{'s' if d['hand_size'] > 1 else ''}"
            out.append(_text(MARGIN + 2, y, words, "pf-s pf-dim"))
            y += 17
        y += 6
    return "\n".join(out), y - top + 6


def _describe_sheet(ctx: _Ctx, seat: int) -> str:
    """One sheet in words, for the text alternative."""
    d = ctx.sheets[seat]
    cols = []
    for c in range(6):
        written = d["cols"][c]
        text = ", ".join(map(str, written)) if written else "empty"
        box = ", box marked" if d["boxes"] >> c & 1 else ""
        cols.append(f"{COLUMN_NAMES[c]} {text} ({len(written)} of {ctx.sheet.lengths[c]}{box})")
    cards = ", ".join(
        f"#{c} {GLOSSARY[ctx.content.card(c).condition][1 if ctx.solo else 0]}"
        for c in d["requests"]
    )
    who = "Your sheet" if seat == ctx.me else seat_word(seat)
    return (
        f"{who}: {'; '.join(cols)}. Peaches {d['peaches'] - d['eaten']} uneaten, "
        f"{d['eaten']} eaten; Merchants hired {d['merchants']} of 3; Request cards: "
        f"{cards or 'none'}."
    )


def _describe(ctx: _Ctx) -> tuple[str, str]:
    """The title and the long text alternative of the whole board."""
    obs = ctx.obs
    title = f"The Peach Festival, round {obs['round']}: {PHASE_WORDS.get(ctx.phase, ctx.phase)}"
    parts = []
    if ctx.solo:
        track = ctx.sheets[0]["track"]
        left = len(ctx.sheet.track_rewards) - 1 - track if track >= 0 else None
        parts.append(
            f"Solo game, {obs['difficulty']}"
            + (f", {left} round(s) after this one." if left is not None else ".")
        )
    if obs["dice"] is not None:
        parts.append(
            "Dice: "
            + ", ".join(f"{n} {COLUMN_NAMES[c]}" for c, n in enumerate(obs["dice"]) if n)
            + "."
        )
    parts.append(_status(ctx))
    order = _seat_order(ctx)
    parts += [_describe_sheet(ctx, s) for s in order]
    commons = ", ".join(
        f"#{c} {GLOSSARY[ctx.content.card(c).condition][1 if ctx.solo else 0]}"
        for c in obs["commons"]
    )
    if commons:
        parts.append(f"Common Request cards: {commons}.")
    if obs.get("hand"):
        parts.append("In your hand: " + ", ".join(f"#{c}" for c in obs["hand"]) + ".")
    parts.append(f"Request deck: {obs['deck']['unseen'] + len(obs['deck']['bottom'])} cards.")
    return title, " ".join(parts)


def _seat_order(ctx: _Ctx) -> list[int]:
    """The viewer's sheet first (a spectator's: seat 0), then the others in seat order."""
    seats = list(range(len(ctx.sheets)))
    first = ctx.me if ctx.me is not None else 0
    return [first] + [s for s in seats if s != first]


def _check(obs: dict, content: Content) -> None:
    if not isinstance(obs, dict) or obs.get("game") != "peach-festival":
        game = obs.get("game") if isinstance(obs, dict) else type(obs).__name__
        raise ValueError(f"render_board draws a peach-festival observation, not {game!r}")
    for s, d in enumerate(obs["sheets"]):
        for c, col in enumerate(d["cols"]):
            if len(col) > content.sheet.lengths[c]:
                raise ValueError(
                    f"seat {s}'s {COLUMN_NAMES[c]} column holds {len(col)} numbers but the "
                    f"sheet has {content.sheet.lengths[c]} squares: another content directory?"
                )


def render_board(
    observation: dict,
    moves: Sequence[tuple[str, str]] = (),
    *,
    game: PeachFestival | None = None,
    content: Content | None = None,
) -> str:
    """The Peach Festival's board for one seat as a standalone SVG document.

    Args:
        observation: ``state.observe(seat)`` (seat ``None``: a spectator); nothing else is
            read, so the drawing shows only what that seat may see.
        moves: The viewing seat's legal moves as ``(notation, description)`` pairs in
            legal-actions order; empty when it is not to act. Indices into this list are
            the ``data-moves`` of the click targets (see :class:`Picks`).
        game: The configured game, only for its content (the sheet and cards it was made
            with); default the shipped content.
        content: The content itself, when no game is given.

    Returns:
        One ``<svg>`` element as text, ``viewBox`` :data:`WIDTH` units wide (it scales to
        its container), with ``<title>``/``<desc>`` text alternatives; deterministic.

    Raises:
        ValueError: for an observation of another game, or one whose sheets do not fit
            ``content`` (a game made with another content directory).
    """
    if game is not None:
        content = game.content
    content = content or load_content(None)
    _check(observation, content)
    ctx = _Ctx(observation, content, _action_tables(content)[0], moves)
    body: list[str] = []
    y = 0.0
    # the banner: game, round, mode
    body.append(_el("rect", x=0.0, y=0.0, width=float(WIDTH), height=46.0, fill="#8C2F39"))
    body.append(_use("peach", MARGIN, 7, 32))
    body.append(_text(MARGIN + 40, 24, "The Peach Festival", "pf-h pf-w"))
    mode = (
        f"solo \u00b7 {observation['difficulty']}"
        if ctx.solo
        else (f"{observation['players']} players")
    )
    rnd = f"Round {observation['round']}" if observation["round"] else "Setup"
    body.append(_text(WIDTH - MARGIN, 16, rnd, "pf-t pf-b pf-w pf-end"))
    body.append(_text(WIDTH - MARGIN, 34, mode, "pf-s pf-w pf-end"))
    y = 54.0
    drawn, used = _dice_tray(ctx, y)
    body.append(drawn)
    y += used
    drawn, used = _panel(ctx, y)
    body.append(drawn)
    y += used
    hand = list(observation.get("hand") or [])
    drawn, used = _cards_section(
        ctx,
        y,
        "Your Request cards to choose from",
        hand,
        ctx.me,
        {c: "pick to keep" for c in hand if ctx.picks.has(("card", c))},
    )
    body.append(drawn)
    y += used
    order = _seat_order(ctx)
    drawn, height = _sheet_svg(ctx, order[0], interactive=ctx.me is not None)
    body.append(_el("g", drawn, transform=f"translate({MARGIN} {_n(y)})"))
    y += height + 14
    own = list(ctx.sheets[order[0]]["requests"])
    title = (
        "Your Request cards"
        if ctx.me is not None
        else f"{seat_word(order[0])}\u2019s Request cards"
    )
    drawn, used = _cards_section(ctx, y, title, own, order[0])
    body.append(drawn)
    y += used
    deck = observation["deck"]["unseen"] + len(observation["deck"]["bottom"])
    commons = list(observation["commons"])
    # solo: a Common card scores only once taken with a Column Reward (PF-080), met or not
    notes = (
        {
            c: _card_status(ctx, c, ctx.me)[0].replace(" now", "").replace(" yet", "")
            + " \u00b7 take to score"
            for c in commons
        }
        if ctx.solo
        else None
    )
    drawn, used = _cards_section(
        ctx, y, f"Common Request cards \u00b7 deck {deck}", commons, ctx.me, notes
    )
    body.append(drawn)
    y += used
    drawn, used = _others_svg(ctx, y, order[1:])
    body.append(drawn)
    y += used
    missing = [i for i in range(len(ctx.picks.moves)) if i not in ctx.picks.drawn]
    if missing:  # never expected: every move kind has a place above; keep the contract anyway
        buttons = [
            (("move", i), ctx.picks.moves[i][0][:14], "", ctx.picks.moves[i][1]) for i in missing
        ]
        for i in missing:
            ctx.picks.by_key.setdefault(("move", i), [i])
        drawn, used = _flow_buttons(ctx, y, buttons)
        body.append(drawn)
        y += used
    height = y + MARGIN
    title_text, desc = _describe(ctx)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pf-board" viewBox="0 0 {WIDTH} '
        f'{_n(height)}" role="img" aria-labelledby="pf-title" aria-describedby="pf-desc">'
        f'<title id="pf-title">{html.escape(title_text, quote=False)}</title>'
        f'<desc id="pf-desc">{html.escape(desc, quote=False)}</desc>'
        f"\n<style>{STYLE}</style>\n{_defs()}\n"
        f'<rect x="0" y="0" width="{WIDTH}" height="{_n(height)}" fill="#FBF1E4"/>\n'
        + "\n".join(part for part in body if part)  # a line per part: golden diffs stay legible
        + "\n</svg>\n"
    )
