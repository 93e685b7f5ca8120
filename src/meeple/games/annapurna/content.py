"""Loading and validating the Mountain Card content (TOML).

The rulebook prints no card list (AN-G01), so the suit is authored in ``content/suit.toml`` as
our reconstruction (ruling AN-R01). :func:`load_content` validates every field against the
numbers the rulebook gives (AN-001, AN-006, AN-009, AN-010) and raises
:class:`~meeple.core.errors.ContentError` naming the file and the field on the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.content import (
    ContentCache,
    checked,
    content_directory,
    one_line,
    read_toml,
    require_tables,
)
from meeple.core.errors import ContentError
from meeple.games.annapurna.effects import EFFECTS

#: Cards per suit (AN-001): 15 on the mountainside + 3 in the Backpack (AN-072).
SUIT_SIZE = 18
#: Colours (suits) in the box (AN-001, AN-003).
COLOURS = 4
DEFAULT_DIR = Path(__file__).parent / "content"


@dataclass(frozen=True)
class CardDef:
    """One Mountain Card of a suit (identical in every colour, ruling AN-R01).

    Attributes:
        key: Unique identifier within the suit.
        name: Printed name.
        yin: Yin symbols, 0..4 (AN-006, ruling AN-R02).
        yang: Yang symbols, 0..4.
        effect: Effect id, a key of :data:`meeple.games.annapurna.effects.EFFECTS`.
        params: The effect's parameters.
        flavour: One line of flavour text.
    """

    key: str
    name: str
    yin: int
    yang: int
    effect: str
    params: dict[str, Any] = field(default_factory=dict)
    flavour: str = ""

    @property
    def net(self) -> int:
        """Yang minus Yin (ruling AN-R02): a set balances when its nets sum to zero."""
        return self.yang - self.yin

    @property
    def zero(self) -> bool:
        """True for a card with no Yin and no Yang symbol (AN-033, AN-044)."""
        return self.yin == 0 and self.yang == 0


@dataclass(frozen=True)
class Colour:
    """A climber colour: notation letter and name."""

    letter: str
    name: str


@dataclass(frozen=True)
class Content:
    """A validated content set: the four colours and the 18 cards of a suit."""

    colours: tuple[Colour, ...]
    cards: tuple[CardDef, ...]
    source: str


_CACHE: ContentCache[Content] = ContentCache(("suit.toml",))


def load_content(directory: str | Path | None = None) -> Content:
    """Load and validate ``suit.toml`` from ``directory`` (default: the packaged content).

    Content is cached per directory until its file changes.

    Raises:
        ConfigError: when ``directory`` is not a path.
        ContentError: on a missing directory or file, bad TOML, an unknown key or any field
            that fails validation.
    """
    return _CACHE.get(content_directory(directory, DEFAULT_DIR), _load)


def _load(directory: Path) -> Content:
    path = directory / "suit.toml"
    file = str(path)
    data = read_toml(path)
    with checked(file, data, ("colour", "card")):
        return _suit(data, file, path)


def _suit(data: dict, file: str, path: Path) -> Content:
    colours = data.get("colour")
    if not isinstance(colours, list) or len(colours) != COLOURS:
        raise ContentError(file, "colour", f"expected {COLOURS} [[colour]] tables (AN-001)")
    cols = []
    for i, c in enumerate(require_tables(colours, file, "colour")):
        letter, name = c.get("letter"), c.get("name")
        if not (isinstance(letter, str) and len(letter) == 1 and letter.isupper()):
            raise ContentError(file, f"colour[{i}].letter", "must be one capital letter")
        one_line(name, file, f"colour[{i}].name")
        same = [  # "Red", "red" and "Red " are one colour to a player
            j for j, c in enumerate(cols) if c.name.strip().casefold() == name.strip().casefold()
        ]
        if same:
            raise ContentError(
                file,
                f"colour[{i}].name",
                f"{name!r} is also the name of colour[{same[0]}]: each climber's colour has "
                "its own name (AN-001, AN-008)",
            )
        cols.append(Colour(letter, name))
    if len({c.letter for c in cols}) != COLOURS:
        raise ContentError(file, "colour", "colour letters must differ")
    cards = data.get("card")
    if not isinstance(cards, list) or len(cards) != SUIT_SIZE:
        n = len(cards) if isinstance(cards, list) else 0
        raise ContentError(file, "card", f"a suit has {SUIT_SIZE} cards (AN-001), found {n}")
    defs = []
    for i, c in enumerate(require_tables(cards, file, "card")):
        where = f"card[{i}]"
        for key in ("key", "name", "effect"):
            if not isinstance(c.get(key), str) or not c[key]:
                raise ContentError(file, f"{where}.{key}", "must be a non-empty string")
            one_line(c[key], file, f"{where}.{key}")
        for key in ("yin", "yang"):
            v = c.get(key)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 4:
                raise ContentError(file, f"{where}.{key}", "must be an integer 0..4 (AN-006)")
        effect = EFFECTS.get(c["effect"])
        if effect is None:
            raise ContentError(
                file, f"{where}.effect", f"unknown effect {c['effect']!r}; known: {sorted(EFFECTS)}"
            )
        params = c.get("params", {})
        if not isinstance(params, dict):
            raise ContentError(file, f"{where}.params", "must be a table")
        problem = effect.check(params)
        if problem:
            raise ContentError(file, f"{where}.params", problem)
        flavour = c.get("flavour", "")
        if not isinstance(flavour, str):
            raise ContentError(file, f"{where}.flavour", "must be a string")
        if flavour:
            one_line(flavour, file, f"{where}.flavour")
        defs.append(
            CardDef(c["key"], c["name"], c["yin"], c["yang"], c["effect"], dict(params), flavour)
        )
    if len({d.key for d in defs}) != SUIT_SIZE:
        raise ContentError(file, "card", "card keys must be unique")
    return Content(tuple(cols), tuple(defs), str(path))
