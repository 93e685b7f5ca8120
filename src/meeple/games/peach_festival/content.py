"""Content of The Peach Festival: the Market sheet layout and the Request cards, from TOML.

The rulebook only illustrates the sheet and never lists the cards, so both are data
(PF-G01..G08, rulings PF-R01..PF-R08). :func:`load_content` validates every field and raises
:class:`~meeple.core.errors.ContentError` naming the file and the field at fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.content import (
    ContentCache,
    checked,
    content_directory,
    read_toml,
    require_table,
    require_tables,
    type_words,
)
from meeple.core.errors import ContentError

#: Commodity names in column order, as the rulebook lists them (PF-005), and their notation codes.
COMMODITIES: tuple[str, ...] = ("gold", "gems", "tea", "spices", "chinaware", "silk")
CODES: tuple[str, ...] = ("go", "ge", "te", "sp", "ch", "si")
GOLD, GEMS, TEA, SPICES, CHINAWARE, SILK = range(6)
#: Column names as the sheet prints them, in :data:`COMMODITIES` order (for messages).
COLUMN_NAMES: tuple[str, ...] = ("Gold", "Gems", "Tea Leaves", "Spices", "Chinaware", "Silk")
#: Number of Request conditions in the glossary.
CONDITIONS = 14
#: Request cards in the box (PF-001).
REQUEST_CARDS = 24
#: The top-level tables of each file.
SHEET_KEYS = (
    "multipliers",
    "lantern_row",
    "merchants",
    "columns",
    "two_peach",
    "peach_rows",
    "track",
)
CARDS_KEYS = ("cards",)
#: Solo conditions asking for at least ``n`` filled squares in some columns: condition ->
#: (columns, n) (PF-083, PF-084, PF-089..PF-091).
SOLO_SQUARES: dict[int, tuple[tuple[int, ...], int]] = {
    1: ((SPICES,), 7),
    2: ((CHINAWARE,), 7),
    7: ((SPICES, GOLD), 12),
    8: ((SILK, CHINAWARE), 12),
    9: ((TEA, GEMS), 12),
}
#: Solo conditions on Peaches: at least 7 uneaten (PF-093) and at least 18 eaten (PF-094).
SOLO_UNEATEN = 7
SOLO_EATEN = 18

DEFAULT_DIR = Path(__file__).parent / "content"

#: Largest number a Number icon may show (``number:K``); a sheet's numbers are far smaller.
MAX_NUMBER_ICON = 99
#: Colours a solo turn-track circle may carry (PF-074); ``""`` for a plain circle.
TRACK_COLOURS: tuple[str, ...] = ("", "green", "orange", "red")

#: Market Reward icons (PF-057..PF-064) as ``(kind, argument)``.
Icon = tuple[str, int]


@dataclass(frozen=True)
class RequestCard:
    """One Request card: unique ID (PF-026), glossary condition 1-14, 2 starting columns (PF-025)."""

    id: int
    condition: int
    start: tuple[int, int]


@dataclass(frozen=True)
class Sheet:
    """The Market sheet layout, shared by every player (PF-002).

    Attributes:
        lengths: Squares per column, in :data:`COMMODITIES` order (PF-R01).
        icons: ``icons[col][row]`` is the Market Reward icon of that square or ``None``
            (rows 0-based here) (PF-R02).
        multipliers: Scoring multiplier of each row, 0-based (PF-017, PF-R04).
        lantern_row: 0-based row of the Lantern Festival (PF-065).
        two_peach: ``(row, left_col)`` of each Two-Peach icon (PF-058).
        merchants: Peaches gained by each Merchant, left to right (PF-050, PF-R06).
        peach_rows: Spot strings per Peach-grid row (``F``/``W``/``G``).
        peach_bonus: Row-end bonus per Peach-grid row: ``"wild"`` or ``"two"`` (PF-045).
        track_colours: Colour of each solo turn-track circle (``""`` for none).
        track_rewards: Market Reward icon of each circle or ``None`` (PF-075).
    """

    lengths: tuple[int, ...]
    icons: tuple[tuple[Icon | None, ...], ...]
    multipliers: tuple[int, ...]
    lantern_row: int
    two_peach: tuple[tuple[int, int], ...]
    merchants: tuple[int, ...]
    peach_rows: tuple[str, ...]
    peach_bonus: tuple[str, ...]
    track_colours: tuple[str, ...]
    track_rewards: tuple[Icon | None, ...]

    @property
    def peach_spots(self) -> int:
        return sum(len(r) for r in self.peach_rows)

    @property
    def start_peaches(self) -> int:
        return sum(r.count("F") for r in self.peach_rows)

    def track_start(self, colour: str) -> int:
        """Index of the turn-track circle of a difficulty colour (PF-076)."""
        return self.track_colours.index(colour)


@dataclass(frozen=True)
class Content:
    """Everything the rules read from data."""

    sheet: Sheet
    cards: tuple[RequestCard, ...]
    directory: str

    def card(self, card_id: int) -> RequestCard:
        return self._by_id[card_id]

    @property
    def _by_id(self) -> dict[int, RequestCard]:
        return {c.id: c for c in self.cards}


def _icon(value: object, file: str, field: str) -> Icon:
    if not isinstance(value, str):
        raise ContentError(file, field, f"expected an icon name, got {value!r}")
    if value in ("peach", "die", "spices", "tea"):
        return (value, 0)
    kind, _, arg = value.partition(":")
    if kind == "number" and arg.isascii() and arg.isdigit() and int(arg) <= MAX_NUMBER_ICON:
        return ("number", int(arg))
    raise ContentError(file, field, f"unknown Market Reward icon {value!r}")


def _require(data: dict, key: str, typ: type, file: str, field: str) -> Any:
    if key not in data:
        raise ContentError(file, f"{field}{key}", "missing")
    value = data[key]
    if (typ is int and isinstance(value, bool)) or not isinstance(value, typ):
        raise ContentError(file, f"{field}{key}", f"expected {type_words(typ)}, got {value!r}")
    return value


def load_sheet(path: Path) -> Sheet:
    """Load and validate a Market sheet file.

    Raises:
        ContentError: naming the file and field of the first problem found.
    """
    file = str(path)
    data = read_toml(path)
    with checked(file, data, SHEET_KEYS):
        return _sheet(data, file)


def _sheet(data: dict, file: str) -> Sheet:
    columns = require_tables(_require(data, "columns", list, file, ""), file, "columns")
    if [c.get("commodity") for c in columns] != list(COMMODITIES):
        raise ContentError(
            file, "columns", f"expected one column per commodity in order {COMMODITIES}"
        )
    multipliers = tuple(_require(data, "multipliers", list, file, ""))
    if any(type(m) is not int or m < 0 for m in multipliers):
        raise ContentError(
            file, "multipliers", "one whole-number multiplier, 0 or more, per row (PF-017)"
        )
    lengths, icons = [], []
    for i, col in enumerate(columns):
        length = _require(col, "length", int, file, f"columns[{i}].")
        if length < 1:
            raise ContentError(file, f"columns[{i}].length", "a column has at least one square")
        if length > len(multipliers):
            raise ContentError(file, f"columns[{i}].length", "needs a multiplier for every row")
        row_icons: list[Icon | None] = [None] * length
        rewards = require_table(col.get("rewards", {}), file, f"columns[{i}].rewards")
        for key, name in rewards.items():
            where = f"columns[{i}].rewards.{key}"
            if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= length:
                raise ContentError(file, where, "row outside the column")
            if row_icons[int(key) - 1] is not None:  # "2" and "02" name the same row
                raise ContentError(file, where, f"row {int(key)} is given twice")
            row_icons[int(key) - 1] = _icon(name, file, where)
        lengths.append(length)
        icons.append(tuple(row_icons))
    if len(multipliers) != max(lengths):
        raise ContentError(
            file, "multipliers", f"one per row: the longest column has {max(lengths)} rows"
        )
    lantern = _require(data, "lantern_row", int, file, "") - 1
    if any(lantern >= n for n in lengths) or lantern < 1:
        raise ContentError(
            file, "lantern_row", "every column must reach the Lantern row below row 1"
        )
    if any(icons[c][lantern] for c in range(6)):
        raise ContentError(file, "lantern_row", "Lantern squares carry no other reward (PF-065)")
    two = []
    for i, tp in enumerate(require_tables(data.get("two_peach", []), file, "two_peach")):
        row = _require(tp, "row", int, file, f"two_peach[{i}].") - 1
        left = tp.get("left")
        if left not in COMMODITIES[:-1]:
            raise ContentError(
                file, f"two_peach[{i}].left", "must name a column with a right neighbour"
            )
        c = COMMODITIES.index(left)
        if not (0 <= row < lengths[c] and row < lengths[c + 1]):
            raise ContentError(file, f"two_peach[{i}].row", "both neighbouring squares must exist")
        if (row, c) in two:
            raise ContentError(file, f"two_peach[{i}]", "that Two-Peach icon is given twice")
        two.append((row, c))
    merchants = tuple(_require(data, "merchants", list, file, ""))
    if len(merchants) != 3 or any(type(m) is not int or m < 0 for m in merchants):
        raise ContentError(file, "merchants", "exactly 3 Merchants with Peach counts (PF-051)")
    rows, bonus = [], []
    peach_rows = require_tables(_require(data, "peach_rows", list, file, ""), file, "peach_rows")
    for i, pr in enumerate(peach_rows):
        spots = _require(pr, "spots", str, file, f"peach_rows[{i}].")
        if not spots or set(spots) - set("FWG") or spots[0] == "G":
            raise ContentError(file, f"peach_rows[{i}].spots", "F/W/G spots, not starting grey")
        b = pr.get("bonus")
        if b not in ("wild", "two"):
            raise ContentError(file, f"peach_rows[{i}].bonus", "must be 'wild' or 'two'")
        rows.append(spots)
        bonus.append(b)
    flat = "".join(rows)
    start = len(flat) - len(flat.lstrip("F"))
    if "F" in flat[start:] or (start < len(flat) and flat[start] == "G") or start != 2:
        raise ContentError(
            file,
            "peach_rows",
            "the 2 starting Peaches (PF-011) must be the first spots, not before grey",
        )
    colours, rewards = [], []
    for i, circle in enumerate(require_tables(data.get("track", []), file, "track")):
        colour = circle.get("colour", "")
        if colour not in TRACK_COLOURS:
            raise ContentError(
                file,
                f"track[{i}].colour",
                f"a difficulty colour {TRACK_COLOURS[1:]}, not {colour!r}",
            )
        colours.append(colour)
        r = circle.get("reward")
        rewards.append(None if r is None else _icon(r, file, f"track[{i}].reward"))
    if colours and colours[0] != "green":  # the easy game starts on the first circle
        raise ContentError(
            file, "track", "the track starts with the green circle: no circle comes before it"
        )
    for colour, rounds in (("green", 17), ("orange", 15), ("red", 13)):
        if colours.count(colour) != 1 or len(colours) - colours.index(colour) != rounds:
            raise ContentError(
                file,
                "track",
                f"the {colour} circle must start exactly {rounds} rounds (PF-074, PF-082)",
            )
    return Sheet(
        lengths=tuple(lengths),
        icons=tuple(icons),
        multipliers=multipliers,
        lantern_row=lantern,
        two_peach=tuple(two),
        merchants=merchants,
        peach_rows=tuple(rows),
        peach_bonus=tuple(bonus),
        track_colours=tuple(colours),
        track_rewards=tuple(rewards),
    )


def load_cards(path: Path) -> tuple[RequestCard, ...]:
    """Load and validate a Request card file.

    Raises:
        ContentError: naming the file and field of the first problem found.
    """
    file = str(path)
    data = read_toml(path)
    with checked(file, data, CARDS_KEYS):
        return _cards(data, file)


def _cards(data: dict, file: str) -> tuple[RequestCard, ...]:
    cards = []
    for i, c in enumerate(require_tables(_require(data, "cards", list, file, ""), file, "cards")):
        cid = _require(c, "id", int, file, f"cards[{i}].")
        cond = _require(c, "condition", int, file, f"cards[{i}].")
        if not 1 <= cond <= CONDITIONS:
            raise ContentError(file, f"cards[{i}].condition", "glossary conditions are 1-14")
        start = _require(c, "start", list, file, f"cards[{i}].")
        unknown = [s for s in start if s not in COMMODITIES]
        if unknown:
            raise ContentError(
                file,
                f"cards[{i}].start",
                f"unknown commodity {unknown[0]!r}; the commodities are {', '.join(COMMODITIES)}",
            )
        if len(start) != 2 or start[0] == start[1]:
            raise ContentError(file, f"cards[{i}].start", "two different commodities (PF-G28)")
        cards.append(
            RequestCard(cid, cond, (COMMODITIES.index(start[0]), COMMODITIES.index(start[1])))
        )
    ids = [c.id for c in cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice or any(i < 1 for i in ids):
        said = f"ID {twice[0]} is given twice" if twice else f"ID {min(ids)} is not positive"
        raise ContentError(
            file, "cards.id", f"IDs must be unique positive numbers (PF-026): {said}"
        )
    if len(cards) != REQUEST_CARDS:
        raise ContentError(
            file,
            "cards",
            f"the rulebook has {REQUEST_CARDS} Request cards (PF-001), got {len(cards)}",
        )
    return tuple(sorted(cards, key=lambda c: c.id))


_CACHE: ContentCache[Content] = ContentCache(("sheet.toml", "requests.toml"))


def load_content(directory: str | Path | None = None) -> Content:
    """Load ``sheet.toml`` and ``requests.toml`` from ``directory`` (default: the shipped content).

    Content is cached per directory until one of its files changes.

    Raises:
        ConfigError: when ``directory`` is not a path.
        ContentError: for a missing directory, a missing or invalid file, or an unknown key.
    """
    return _CACHE.get(content_directory(directory, DEFAULT_DIR), _load)


def _load(d: Path) -> Content:
    return Content(
        sheet=load_sheet(d / "sheet.toml"), cards=load_cards(d / "requests.toml"), directory=str(d)
    )


def check_solo_conditions(content: Content) -> None:
    """Every card's solo condition (PF-081) must be one the sheet lets a player meet: a
    column too short for its squares, or a Peach grid too small for its Peaches, would make a
    card no solo player can fulfil (ruling PF-R40). Multiplayer conditions ("the most...")
    can always be met, so only a solo game checks this.

    Raises:
        ContentError: naming the sheet field, the card and the condition's number.
    """
    sheet = content.sheet
    file = str(Path(content.directory) / "sheet.toml")
    for card in content.cards:
        if card.condition in SOLO_SQUARES:
            cols, n = SOLO_SQUARES[card.condition]
            have = sum(sheet.lengths[c] for c in cols)
            if have < n:
                names = " and ".join(COLUMN_NAMES[c] for c in cols)
                raise ContentError(
                    file,
                    f"columns[{cols[0]}].length",
                    f"Request card #{card.id} asks a solo player for {n} {names} squares "
                    f"(condition {card.condition}); the sheet has {have}",
                )
        need = {11: SOLO_UNEATEN, 12: SOLO_EATEN}.get(card.condition, 0)
        if sheet.peach_spots < need:
            raise ContentError(
                file,
                "peach_rows",
                f"Request card #{card.id} asks a solo player for {need} Peaches "
                f"(condition {card.condition}); the Peach grid has {sheet.peach_spots} spots",
            )
