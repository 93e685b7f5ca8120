"""Compact text notation for sheets and positions, for tests, logs and golden files.

A sheet is written as space-separated fields, e.g.
``"go:0,1,2 te:0 p:4 e:1 m:0 r:3,7"``:

* ``<code>:<n>,<n>...`` the numbers written in a column (codes ``go ge te sp ch si``);
* ``p:N`` filled Peach spots (default: the 2 starting ones); ``e:N`` eaten Peaches;
* ``m:N`` Merchants hired; ``r:ID,ID`` Request cards taken (last = most recent);
* ``b:go,te`` Column Reward boxes marked (default: every column holding a 3 or full);
* ``t:N`` solo turn-track circle last marked.

Dice are written as counts, e.g. ``"te3,si1,sp1"`` (the rulebook's example roll, PF-034).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.errors import NotationError
from meeple.games.peach_festival.consts import ACTION, ROLL
from meeple.games.peach_festival.content import CODES
from meeple.games.peach_festival.sheet import PlayerSheet

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival
    from meeple.games.peach_festival.state import PeachState


def parse_dice(text: str) -> tuple[int, ...]:
    """``"te3,si1,sp1"`` -> counts per commodity in column order.

    Raises:
        NotationError: for an unknown commodity code or counts that do not sum to 5.
    """
    counts = [0] * 6
    for part in filter(None, text.replace(" ", "").split(",")):
        code, n = part[:2], part[2:]
        if code not in CODES or not n.isdigit():
            raise NotationError(f"bad dice notation {part!r}")
        counts[CODES.index(code)] += int(n)
    if sum(counts) != 5:
        raise NotationError(f"5 Commodity dice are rolled, not {sum(counts)} (PF-029)")
    return tuple(counts)


def dice_text(dice: Sequence[int]) -> str:
    return ",".join(f"{CODES[c]}{n}" for c, n in enumerate(dice) if n)


def parse_sheet(game: PeachFestival, text: str) -> PlayerSheet:
    """Build a :class:`PlayerSheet` from sheet notation.

    Raises:
        NotationError: for an unknown field.
    """
    sh = PlayerSheet(game.sheet.start_peaches)
    boxes = None
    for field in text.split():
        key, _, value = field.partition(":")
        items = [int(v) for v in value.split(",") if v] if key != "b" else value.split(",")
        if key in CODES:
            sh.cols[CODES.index(key)] = items
        elif key == "p":
            sh.peaches = items[0]
        elif key == "e":
            sh.eaten = items[0]
        elif key == "m":
            sh.merchants = items[0]
        elif key == "r":
            sh.requests = items
        elif key == "t":
            sh.track = items[0]
        elif key == "b":
            boxes = sum(1 << CODES.index(c) for c in items if c)
        else:
            raise NotationError(f"unknown sheet field {field!r}")
    if boxes is None:
        boxes = sum(
            1 << c for c, col in enumerate(sh.cols) if 3 in col or len(col) == game.lengths[c]
        )
    sh.boxes = boxes
    flat = "".join(game.sheet.peach_rows)
    if not 0 <= sh.peaches <= len(flat) or (sh.peaches < len(flat) and flat[sh.peaches] == "G"):
        raise NotationError(f"p:{sh.peaches} leaves a grey spot unfilled beside a Peach (PF-044)")
    if sh.eaten > sh.peaches:
        raise NotationError("more Peaches eaten than filled")
    return sh


def sheet_text(game: PeachFestival, sh: PlayerSheet) -> str:
    """The notation of a sheet (inverse of :func:`parse_sheet`)."""
    parts = [f"{CODES[c]}:{','.join(map(str, col))}" for c, col in enumerate(sh.cols) if col]
    parts.append(f"p:{sh.peaches}")
    if sh.eaten:
        parts.append(f"e:{sh.eaten}")
    if sh.merchants:
        parts.append(f"m:{sh.merchants}")
    if sh.requests:
        parts.append("r:" + ",".join(map(str, sh.requests)))
    parts.append("b:" + ",".join(CODES[c] for c in range(6) if sh.boxes >> c & 1))
    if sh.track >= 0:
        parts.append(f"t:{sh.track}")
    return " ".join(parts)


def position(
    game: PeachFestival,
    sheets: Sequence[str],
    dice: str | None = None,
    commons: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    round: int = 1,
) -> PeachState:
    """A mid-game state: the given sheets, at the action step of ``round`` (after the roll).

    Without ``dice`` the state waits for the roll. Players without ``r:`` get Request cards
    1, 2, ... in seat order; ``commons`` default to the two lowest unused IDs; ``deck`` (the
    unseen part) defaults to every other card.

    Raises:
        NotationError: for bad notation or a wrong number of sheets.
    """
    from meeple.games.peach_festival.rules import advance

    if len(sheets) != game.num_players:
        raise NotationError(f"{game.num_players} sheets expected, got {len(sheets)}")
    state = game.state_class(game)
    state.sheets = [parse_sheet(game, s) for s in sheets]
    used: set[int] = set()
    for sh in state.sheets:
        used.update(sh.requests)
    all_ids = [c.id for c in game.content.cards]
    free = [i for i in all_ids if i not in used]
    for sh in state.sheets:
        if not sh.requests:
            sh.requests = [free.pop(0)]
            used.add(sh.requests[0])
    if commons is None:
        commons = free[:2]
    state.commons = list(commons)
    state.removed = []
    used.update(commons)
    state.deck_unseen = sorted(deck if deck is not None else (i for i in all_ids if i not in used))
    state.deck_bottom = []
    state.draw_queue = []
    state.round = round
    state.order = ()
    state.cursor = 0
    state.rolling = -1
    if game.solo:
        sh = state.sheets[0]
        if sh.track < 0:
            sh.track = game.track_start + round - 1
    state.dice = parse_dice(dice) if dice else None
    state.phase = ACTION if dice else ROLL
    state.node = 0
    advance(state)
    return state
