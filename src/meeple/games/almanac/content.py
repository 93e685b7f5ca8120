"""Content of Almanac: The Crystal Peaks, loaded from TOML and validated.

The rulebook prints no card or page data, so every file under ``content/`` is our
reconstruction (AL-G03, AL-G04, AL-G05). The loader checks each number the rulebook does give
(deck sizes, the rules numbers of setup and play, token counts and the page each token kind
belongs to, four encounter letters per journey, routes of exactly six pages that reach every
page) and raises :class:`~meeple.core.errors.ContentError` naming the file and field on the first
problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from meeple.core.content import (
    ContentCache,
    checked,
    content_directory,
    one_line,
    read_toml,
    type_words,
)
from meeple.core.errors import ContentError
from meeple.games.almanac.pagerules import (
    p05_ice_point,  # noqa: F401  (registers its rule)
    p06_balloon_town,  # noqa: F401
    p07_glimmerhollow_mines,  # noqa: F401
    p08_frostbarrow_ferry,  # noqa: F401
    p09_whistling_steppe,  # noqa: F401
    p10_tortuga,  # noqa: F401
    p11_silver_falls,  # noqa: F401
    p12_aurora,  # noqa: F401
    p13_fair,  # noqa: F401
    p14_skell,  # noqa: F401
    p15_lanterns,  # noqa: F401
    p16_palace,  # noqa: F401
    p17_fortress,  # noqa: F401
    p18_colosseum,  # noqa: F401
    p19_port,  # noqa: F401
)
from meeple.games.almanac.pages import PAGE_RULES as RULE_PLUGINS

#: Goods keys in their fixed index order (AL-001): Dewleaf, Emberspice, Everice, Skyfish.
GOODS: tuple[str, ...] = ("dew", "emb", "eve", "sky")
GOOD_NAMES: tuple[str, ...] = ("Dewleaf", "Emberspice", "Everice", "Skyfish")
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
ANY = 4  #: index used for "a good of your choice" (AL-G11)

SPACE_ACTIONS = (
    "goods",
    "sell",
    "shop",
    "gain_contract",
    "complete_contract",
    "extend_caravan",
    "token",
    "ice",
    "farmer",
)
PAGE_RULES = tuple(RULE_PLUGINS)  # the placement rules a page may name
ENCOUNTER_TYPES = ("fight", "optional", "special")
SPECIAL_MODES = ("guide_chooses", "each_chooses", "everyone", "auction")
ABILITY_KINDS = (
    "extra_contract_draw",
    "arrival_gold",
    "arrival_good",
    "sell_bonus",
    "shop_bonus",
    "strength",
    "guard_fame",
)
#: Abilities whose amount is gold (gained, or added to each good sold): bounded by the supply.
GOLD_ABILITIES = ("arrival_gold", "sell_bonus", "shop_bonus")
EFFECT_OPS = ("gold", "goods", "lose_goods", "guard", "trophy", "roll")
#: AL-008..AL-011: location token counts printed by the rulebook (plus the 2 farmer tokens, AL-I01).
TOKEN_COUNTS: dict[str, int] = {
    "ice": 2,
    "ladder": 12,
    "farmer": 2,
    "producer": 4,
    "potion": 4,
    "bug": 1,
    "turtle": 6,
    "mist": 6,
    "light": 1,
    "monte": 3,
    "plague": 30,
    "favor": 4,
    "royalty": 4,
    "city_key": 1,
    "medal": 4,
    "shield": 4,
    "theatre": 3,
}
#: The page each token kind belongs to, as the token reference lists it (AL-009..AL-011; the
#: farmer tokens are Cliffside's, AL-I01). The supply of a kind is set out when its page is
#: entered (AL-017): on a second page it would be set out again, and players could hold more
#: tokens than the box has.
TOKEN_PAGES: dict[str, tuple[int, str]] = {
    "ice": (2, "AL-009"),
    "ladder": (3, "AL-009"),
    "farmer": (3, "AL-I01"),
    "producer": (4, "AL-009"),
    "potion": (5, "AL-009"),
    "bug": (6, "AL-009"),
    "turtle": (10, "AL-010"),
    "mist": (11, "AL-010"),
    "light": (12, "AL-010"),
    "monte": (13, "AL-010"),
    "plague": (14, "AL-010"),
    "favor": (16, "AL-011"),
    "royalty": (16, "AL-011"),
    "city_key": (16, "AL-011"),
    "medal": (17, "AL-011"),
    "shield": (18, "AL-011"),
    "theatre": (19, "AL-011"),
}
#: Numbers of ``[rules]`` that the rulebook gives: key -> (number, rule, what it counts).
RULES_NUMBERS: dict[str, tuple[int, str, str]] = {
    "guard_supply": (12, "AL-005", "guard tokens"),
    "goods_per_type": (30, "AL-001", "goods of each type"),
    "workers_per_player": (6, "AL-004", "workers per player"),
    "workers_on_caravan": (3, "AL-020", "workers on each starting caravan"),
    "starting_contracts": (2, "AL-019", "starting contracts per player"),
    "contract_draw": (3, "AL-041", "contracts drawn by Gain a Contract"),
    "end_contract_gold": (5, "AL-063", "gold per contract completed at the end of the game"),
}
#: The top-level tables of each file.
CARDS_KEYS = ("rules", "starting_caravan", "caravan", "contract", "encounter")
PAGES_KEYS = ("tokens", "page")
#: Face value of the whole gold supply (AL-002): no cost or price can exceed it.
GOLD_SUPPLY = 930
#: Bounds of a page's geometry: beyond them a page is no page of this game, and the tables
#: the rules build from it (spaces by gold, routes up the Cliffside) grow without limit.
MAX_CLUSTERS = 40
#: The largest number a page rule's ``params`` may set (ruling AL-R46).
MAX_PARAM = 10
MAX_LEVELS = 8
MAX_LADDER_SPOTS = 24
LETTERS = "ABCDE"
ROUNDS = 6


@dataclass(frozen=True)
class CaravanCard:
    """A caravan card (AL-076): cost in gold and goods (4 counts), crates, shields, workers, fame."""

    id: int
    name: str
    gold: int
    goods: tuple[int, int, int, int]
    crates: int
    shields: int
    workers: int
    fame: int


@dataclass(frozen=True)
class Contract:
    """A contract (AL-079): required goods (4 counts), ability (kind, amount, good) and fame."""

    id: int
    name: str
    goods: tuple[int, int, int, int]
    ability: str
    amount: int
    good: int
    fame: int


@dataclass(frozen=True)
class Encounter:
    """An encounter card (AL-104, AL-107): letter, type and its results as effect lists."""

    id: int
    letter: str
    name: str
    type: str
    strength: int = 0
    fame: int = 0
    win: tuple = ()
    lose: tuple = ()
    alt_kind: str = ""
    alt_gold: int = 0
    mode: str = ""
    options: tuple = ()  # ((label, gold_cost, effects), ...)
    reward: tuple = ()


@dataclass(frozen=True)
class Space:
    """One action space of a page (AL-032)."""

    index: int
    action: str
    goods: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # last = of your choice
    prices: tuple[int, int, int, int] = (0, 0, 0, 0)
    cost: int = 0
    token: str = ""
    gold: int = 0
    cluster: int = 0


@dataclass(frozen=True)
class Page:
    """A location page (AL-083): identity, route, bar, tokens, spaces and rule geometry."""

    id: int
    name: str
    round: int
    letter: str
    rule: str
    upcoming: tuple[int, ...]
    bar: tuple[int, ...]
    tokens: tuple[str, ...]
    lore: str
    spaces: tuple[Space, ...]
    clusters: int = 0
    paths: tuple[tuple[int, int], ...] = ()
    islands: int = 0
    ice_start: tuple[int, ...] = ()
    levels: tuple[int, ...] = ()
    ladder_spots: tuple[tuple[int, int], ...] = ()
    #: The placement rule's numbers, each of the rule's ``params`` (ruling AL-R46).
    params: tuple[tuple[str, int], ...] = ()

    def param(self, name: str) -> int:
        """The number ``name`` of the page's placement rule (ruling AL-R46).

        Raises:
            KeyError: when the rule has no such number.
        """
        for k, val in self.params:
            if k == name:
                return val
        raise KeyError(name)


@dataclass
class Content:
    """All validated content of one content directory."""

    directory: str
    starting_gold: tuple[int, ...]
    fight_die: tuple[str, ...]
    guard_supply: int
    goods_per_type: int
    workers_per_player: int
    workers_on_caravan: int
    starting_contracts: int
    contract_draw: int
    end_contract_gold: int
    starting: tuple[CaravanCard, ...]
    caravans: tuple[CaravanCard, ...]
    contracts: tuple[Contract, ...]
    encounters: tuple[Encounter, ...]
    pages: dict[int, Page]
    token_fame: dict[str, int]
    token_strength: dict[str, int]
    token_count: dict[str, int]
    by_letter: dict[str, tuple[int, ...]] = field(default_factory=dict)
    max_spaces: int = 0
    max_ladder_spots: int = 0
    climb_routes: tuple[tuple[int, ...], ...] = ()
    #: Player count -> page id -> the page as played with that many players, for the pages
    #: whose ``players`` table sets their numbers per count (ruling AL-R106).
    variants: dict[int, dict[int, Page]] = field(default_factory=dict)
    _for: dict[int, Content] = field(default_factory=dict, repr=False, compare=False)

    def for_players(self, n: int) -> Content:
        """The content as played by ``n`` players: each page with its numbers for ``n``
        (ruling AL-R106); ``self`` when no page sets numbers for ``n``. The same object for
        each call, with the digest of the files it came from."""
        if not self.variants.get(n):
            return self
        got = self._for.get(n)
        if got is None:
            from meeple.core.content import _remember_digest, content_digest

            got = replace(self, pages={**self.pages, **self.variants[n]}, _for={})
            digest = content_digest(self)
            if digest is not None:
                _remember_digest(got, digest)
            self._for[n] = got
        return got


DEFAULT_DIR = Path(__file__).parent / "content"
_CACHE: ContentCache[Content] = ContentCache(("cards.toml", "pages.toml"))


def load_content(directory: str | Path | None = None) -> Content:
    """Load and validate ``cards.toml`` and ``pages.toml`` from ``directory``.

    Content is cached per directory until one of its files changes.

    Args:
        directory: Content directory; ``None`` means the shipped reconstruction.

    Raises:
        ConfigError: when ``directory`` is not a path.
        ContentError: naming the file and field of the first invalid value or unknown key.
    """
    return _CACHE.get(content_directory(directory, DEFAULT_DIR), _load)


class _V:
    """Small validation helper bound to one file."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, fld: str, msg: str) -> None:
        raise ContentError(self.file, fld, msg)

    def get(self, d: dict, key: str, fld: str, typ: type | tuple, default: Any = ...) -> Any:
        if not isinstance(d, dict):
            self.fail(fld or "<file>", f"expected a table, got {d!r}")
        where = f"{fld}.{key}" if fld else key
        if key not in d:
            if default is ...:
                self.fail(where, "missing")
            return default
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, typ):
            self.fail(where, f"expected {type_words(typ)}, got {v!r}")
        return v

    def ints(self, d: dict, key: str, fld: str, default: Any = ...) -> tuple[int, ...]:
        """A list of whole numbers (booleans are not numbers)."""
        raw = self.get(d, key, fld, list, default)
        for j, x in enumerate(raw):
            if type(x) is not int:
                self.fail(f"{fld}.{key}[{j}]", f"expected a whole number, got {x!r}")
        return tuple(raw)

    def strs(self, d: dict, key: str, fld: str, default: Any = ...) -> tuple[str, ...]:
        """A list of strings."""
        raw = self.get(d, key, fld, list, default)
        for j, x in enumerate(raw):
            if not isinstance(x, str):
                self.fail(f"{fld}.{key}[{j}]", f"expected a string, got {x!r}")
        return tuple(raw)

    def pairs(self, d: dict, key: str, fld: str) -> tuple[tuple[int, int], ...]:
        """An optional list of ``[a, b]`` integer pairs (paths, ladder spots)."""
        raw = self.get(d, key, fld, list, [])
        for j, x in enumerate(raw):
            if not (isinstance(x, list) and len(x) == 2 and all(type(y) is int for y in x)):
                self.fail(f"{fld}.{key}[{j}]", f"expected a pair of numbers [a, b], got {x!r}")
        return tuple(tuple(x) for x in raw)

    def nat(
        self, d: dict, key: str, fld: str, default: Any = ..., lo: int = 0, hi: int | None = None
    ) -> int:
        v = self.get(d, key, fld, int, default)
        if v < lo:
            self.fail(f"{fld}.{key}", f"must be >= {lo}, got {v}")
        if hi is not None and v > hi:
            self.fail(f"{fld}.{key}", f"must be <= {hi}, got {v}")
        return v

    def gold(self, d: dict, key: str, fld: str, default: Any = ...) -> int:
        """An amount of gold: 0 up to the whole supply (AL-002)."""
        v = self.nat(d, key, fld, default)
        if v > GOLD_SUPPLY:
            self.fail(
                f"{fld}.{key}", f"must be <= {GOLD_SUPPLY} (the gold supply, AL-002), got {v}"
            )
        return v

    def name(self, d: dict, key: str, fld: str) -> str:
        """A name or a label: one line of text, not blank."""
        return one_line(self.get(d, key, fld, str), self.file, f"{fld}.{key}")

    def rulebook(self, d: dict, key: str, fld: str) -> int:
        """A number of ``[rules]`` the rulebook gives (:data:`RULES_NUMBERS`); it may be left
        out, and if written must be the rulebook's."""
        n, rule, what = RULES_NUMBERS[key]
        v = self.nat(d, key, fld, n)
        if v != n:
            self.fail(f"{fld}.{key}", f"the rulebook gives {n} {what} ({rule}), got {v}")
        return v

    def goods(
        self, d: dict, fld: str, allow_any: bool = False, most: int | None = None
    ) -> tuple[int, ...]:
        if not isinstance(d, dict):
            self.fail(fld, "expected a table of goods")
        out = [0, 0, 0, 0, 0]
        for k, v in d.items():
            if k == "any" and allow_any:
                idx = ANY
            elif k in GOOD_INDEX:
                idx = GOOD_INDEX[k]
            else:
                self.fail(f"{fld}.{k}", f"unknown good {k!r}; goods are {', '.join(GOODS)}")
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                self.fail(f"{fld}.{k}", f"expected a count, 0 or more, got {v!r}")
            if most is not None and v > most:
                self.fail(f"{fld}.{k}", f"must be <= {most}, got {v}")
            if most is None and v > _goods_most(idx):  # a count of goods: the goods there are
                self.fail(f"{fld}.{k}", f"must be <= {_goods_most(idx)} ({_GOODS_WHAT}), got {v}")
            out[idx] = v
        return tuple(out) if allow_any else tuple(out[:4])

    def effects(self, effs: Any, fld: str) -> tuple:
        if not isinstance(effs, list):
            self.fail(fld, "expected a list of effects")
        out = []
        for i, e in enumerate(effs):
            f = f"{fld}[{i}]"
            if not isinstance(e, list) or not e or e[0] not in EFFECT_OPS:
                self.fail(f, f"expected [op, ...] with op in {EFFECT_OPS}, got {e!r}")
            op = e[0]
            if op in _EFFECT_MOST:
                if len(e) != 2 or not isinstance(e[1], int) or isinstance(e[1], bool):
                    self.fail(f, f"{op} takes one integer")
                most, what = _EFFECT_MOST[op]
                if abs(e[1]) > most:
                    self.fail(f, f"{op} takes at most {most} ({what})")
                if op != "gold" and e[1] < 1:
                    self.fail(f, f"{op} takes a positive count")
                out.append((op, e[1]))
            elif op == "goods":
                if (
                    len(e) != 3
                    or not isinstance(e[1], str)
                    or (e[1] not in GOOD_INDEX and e[1] != "any")
                ):
                    self.fail(f, "goods takes a good (or 'any') and a count")
                if type(e[2]) is not int or e[2] < 1:
                    self.fail(f, "goods takes a positive count")
                idx = GOOD_INDEX.get(e[1], ANY)
                if e[2] > _goods_most(idx):
                    self.fail(f, f"goods takes at most {_goods_most(idx)} ({_GOODS_WHAT})")
                out.append((op, idx, e[2]))
            elif op == "trophy":
                if len(e) != 1:
                    self.fail(f, "trophy takes no argument")
                out.append(("trophy",))
            else:  # roll
                if len(e) != 2 or not isinstance(e[1], list):
                    self.fail(f, "roll takes a list of [lo, hi, effects]")
                covered: list[int] = []
                table = []
                for j, r in enumerate(e[1]):
                    if not (isinstance(r, list) and len(r) == 3):
                        self.fail(f"{f}[1][{j}]", "expected [lo, hi, effects]")
                    lo, hi, sub = r
                    if not (type(lo) is int and type(hi) is int and 1 <= lo <= hi <= 6):
                        self.fail(f"{f}[1][{j}]", "die range must lie within 1-6")
                    covered.extend(range(lo, hi + 1))
                    table.append((lo, hi, self.effects(sub, f"{f}[1][{j}][2]")))
                if sorted(covered) != [1, 2, 3, 4, 5, 6]:
                    self.fail(f, "roll ranges must cover 1-6 exactly once")
                out.append(("roll", tuple(table)))
        return tuple(out)


_GOODS_WHAT = "the goods there are, 30 of each type, AL-001"


def _goods_most(idx: int) -> int:
    """The most goods a count of good ``idx`` may name: its whole supply (AL-001), or all the
    goods for ``any`` (goods of the player's choice)."""
    per_type = RULES_NUMBERS["goods_per_type"][0]
    return 4 * per_type if idx == ANY else per_type


#: The largest count of each effect taking one: the whole supply of what it counts.
_EFFECT_MOST: dict[str, tuple[int, str]] = {
    "gold": (GOLD_SUPPLY, "the gold supply, AL-002"),
    "guard": (RULES_NUMBERS["guard_supply"][0], "the guard tokens, AL-005"),
    "lose_goods": (4 * RULES_NUMBERS["goods_per_type"][0], "all the goods, AL-001"),
}


def _deck(v: _V, cards: dict, key: str, size: int) -> list:
    """The ``[[key]]`` list of the card file, which must hold ``size`` cards (AL-003)."""
    raw = v.get(cards, key, "", list)
    if len(raw) != size:
        v.fail(key, f"the {key} deck has {size} cards (AL-003), got {len(raw)}")
    return raw


def _card(v: _V, d: dict, i: int, fld: str, starting: bool) -> CaravanCard:
    f = f"{fld}[{i}]"
    name = v.name(d, "name", f)
    return CaravanCard(
        id=i,
        name=name,
        gold=0 if starting else v.gold(d, "gold", f),
        goods=(0, 0, 0, 0) if starting else v.goods(v.get(d, "goods", f, dict), f"{f}.goods"),
        crates=v.nat(d, "crates", f),
        shields=v.nat(d, "shields", f),
        workers=0 if starting else v.nat(d, "workers", f),
        fame=v.get(d, "fame", f, int),
    )


def _load(d: Path) -> Content:
    cards_path = d / "cards.toml"
    pages_path = d / "pages.toml"
    cards = read_toml(cards_path)
    pages = read_toml(pages_path)
    with checked(cards_path, cards, CARDS_KEYS):
        part = _cards(cards, _V(str(cards_path)))
    with checked(pages_path, pages, PAGES_KEYS):
        return _pages(pages, _V(str(pages_path)), d, part)


def _cards(cards: dict, v: _V) -> dict[str, Any]:
    """The validated fields of ``cards.toml``, as keyword arguments of :class:`Content`."""
    rules = v.get(cards, "rules", "", dict)
    sg = v.get(rules, "starting_gold", "rules", list)
    if len(sg) != 4 or any(type(x) is not int or not 0 <= x <= GOLD_SUPPLY for x in sg):
        v.fail(
            "rules.starting_gold",
            f"4 whole amounts, 0 or more, one per turn position (AL-G02), got {sg!r}",
        )
    die = v.get(rules, "fight_die", "rules", list)
    if not die or "X" not in die:
        v.fail("rules.fight_die", "the fight die needs faces, one of them X (AL-116)")
    for j, face in enumerate(die):
        if face != "X" and not (isinstance(face, str) and len(face) == 1 and face in "0123456789"):
            v.fail(f"rules.fight_die[{j}]", f"a face is X or a number 0-9, got {face!r}")
    start_raw = v.get(cards, "starting_caravan", "", list)
    if len(start_raw) != 4:
        v.fail(
            "starting_caravan", f"the game has 4 starting caravans (AL-003), got {len(start_raw)}"
        )
    starting = tuple(_card(v, c, i, "starting_caravan", True) for i, c in enumerate(start_raw))
    cv_raw = _deck(v, cards, "caravan", 30)
    caravans = tuple(_card(v, c, i, "caravan", False) for i, c in enumerate(cv_raw))
    ct_raw = _deck(v, cards, "contract", 24)
    contracts = []
    for i, c in enumerate(ct_raw):
        f = f"contract[{i}]"
        kind = v.get(c, "ability", f, str)
        if kind not in ABILITY_KINDS:
            v.fail(f"{f}.ability", f"unknown ability {kind!r}; known: {', '.join(ABILITY_KINDS)}")
        # only arrival_good names a good; elsewhere the key would be ignored (refused unread)
        good = v.get(c, "good", f, str, "dew") if kind == "arrival_good" else "dew"
        if good not in GOOD_INDEX:
            v.fail(f"{f}.good", f"unknown good {good!r}")
        g = v.goods(v.get(c, "goods", f, dict), f"{f}.goods")
        if sum(g) == 0:
            v.fail(f"{f}.goods", "a contract requires goods")
        contracts.append(
            Contract(
                id=i,
                name=v.name(c, "name", f),
                goods=g,
                ability=kind,
                # gold gained or added per good sold: at most the whole supply (AL-002)
                amount=(v.gold if kind in GOLD_ABILITIES else v.nat)(c, "amount", f, 1),
                good=GOOD_INDEX[good],
                fame=v.nat(c, "fame", f),
            )
        )
    enc_raw = _deck(v, cards, "encounter", 20)
    encounters = []
    for i, e in enumerate(enc_raw):
        f = f"encounter[{i}]"
        letter = v.get(e, "letter", f, str)
        if len(letter) != 1 or letter not in LETTERS:
            v.fail(f"{f}.letter", f"letters are A-E, got {letter!r}")
        typ = v.get(e, "type", f, str)
        if typ not in ENCOUNTER_TYPES:
            v.fail(f"{f}.type", f"unknown type {typ!r}")
        kw: dict[str, Any] = {
            "id": i,
            "letter": letter,
            "name": v.name(e, "name", f),
            "type": typ,
            "fame": v.nat(e, "fame", f, 0),
        }
        if typ in ("fight", "optional"):
            kw["strength"] = v.nat(e, "strength", f)
            kw["win"] = v.effects(v.get(e, "win", f, list), f"{f}.win")
            kw["lose"] = v.effects(v.get(e, "lose", f, list), f"{f}.lose")
        if typ == "optional":
            alt = v.get(e, "alternative", f, dict)
            kind = v.get(alt, "kind", f"{f}.alternative", str)
            if kind not in ("flee", "pay"):
                v.fail(f"{f}.alternative.kind", "alternative is 'flee' or 'pay'")
            kw["alt_kind"] = kind
            kw["alt_gold"] = v.gold(alt, "gold", f"{f}.alternative")
        if typ == "special":
            mode = v.get(e, "mode", f, str)
            if mode not in SPECIAL_MODES:
                v.fail(f"{f}.mode", f"unknown mode {mode!r}; known: {', '.join(SPECIAL_MODES)}")
            kw["mode"] = mode
            if mode == "auction":
                kw["reward"] = v.effects(v.get(e, "reward", f, list), f"{f}.reward")
            else:
                opts = v.get(e, "options", f, list)
                if not opts or len(opts) > 4 or (mode == "everyone" and len(opts) != 1):
                    v.fail(f"{f}.options", "1-4 options (exactly 1 for 'everyone')")
                out = []
                for j, o in enumerate(opts):
                    fo = f"{f}.options[{j}]"
                    # a cost to choose is paid by the chooser: only when each player chooses
                    # (the Guide's choice applies its effects to everyone, AL-G25)
                    if mode != "each_chooses" and "gold" in o:
                        v.fail(
                            f"{fo}.gold",
                            "a gold cost to choose applies only where each player chooses; "
                            "here the option acts through its effects (ruling AL-R43)",
                        )
                    cost = v.gold(o, "gold", fo, 0)
                    out.append(
                        (
                            v.name(o, "label", fo),
                            cost,
                            v.effects(v.get(o, "effects", fo, list), f"{fo}.effects"),
                        )
                    )
                if mode == "each_chooses" and all(o[1] for o in out):
                    v.fail(
                        f"{f}.options",
                        "one option must cost no gold: a player who cannot pay would have no "
                        "choice (ruling AL-R43)",
                    )
                kw["options"] = tuple(out)
        encounters.append(Encounter(**kw))
    by_letter: dict[str, tuple[int, ...]] = {}
    for L in LETTERS:
        ids = tuple(e.id for e in encounters if e.letter == L)
        if not ids:
            v.fail("encounter", f"no encounter card of letter {L} (AL-018)")
        by_letter[L] = ids
    numbers = {key: v.rulebook(rules, key, "rules") for key in RULES_NUMBERS}
    workers = numbers["workers_per_player"]
    for i, card in enumerate(caravans):
        if card.workers > workers:  # ruling AL-R16: no more than a player's workers
            v.fail(f"caravan[{i}].workers", f"must be <= workers_per_player ({workers})")
    return {
        "starting_gold": tuple(sg),
        "fight_die": tuple(die),
        **numbers,
        "starting": starting,
        "caravans": caravans,
        "contracts": tuple(contracts),
        "encounters": tuple(encounters),
        "by_letter": by_letter,
    }


def _pages(pages: dict, v: _V, d: Path, cards: dict[str, Any]) -> Content:
    """The :class:`Content` of ``pages.toml`` and the validated ``cards``."""
    toks = v.get(pages, "tokens", "", dict)
    token_fame, token_strength, token_count = {}, {}, {}
    for k, n in TOKEN_COUNTS.items():
        t = v.get(toks, k, "tokens", dict)
        cnt = v.nat(t, "count", f"tokens.{k}")
        if cnt != n:
            rule = "AL-095" if k == "farmer" else "AL-008"
            v.fail(f"tokens.{k}.count", f"the rulebook lists {n} ({rule}), got {cnt}")
        token_count[k] = cnt
        token_fame[k] = v.get(t, "fame", f"tokens.{k}", int, 0)
        token_strength[k] = v.nat(t, "strength", f"tokens.{k}", 0)
    page_map: dict[int, Page] = {}
    variants: dict[int, dict[int, Page]] = {}
    for i, p in enumerate(v.get(pages, "page", "", list)):
        f = f"page[{i}]"
        pid = v.nat(p, "id", f, lo=1)
        if pid in page_map:
            v.fail(f"{f}.id", f"duplicate page {pid}")
        pg = _page(v, p, f, pid)
        page_map[pid] = pg
        for n, raw in _player_variants(v, p, f, pg):
            variants.setdefault(n, {})[pid] = _page(v, raw, f"{f}.players.{n}", pid)
    _check_route(v, page_map)
    max_spaces = max(len(p.spaces) for p in page_map.values())
    cliff = [p for p in page_map.values() if p.rule == "cliff"]
    routes: list[tuple[int, ...]] = []
    max_spots = 0
    for p in cliff:
        max_spots = max(max_spots, len(p.ladder_spots))
        routes.extend(all_routes(p))
    routes = list(dict.fromkeys(routes))  # each route once, in first-found order
    return Content(
        directory=str(d),
        **cards,
        pages=page_map,
        variants=variants,
        token_fame=token_fame,
        token_strength=token_strength,
        token_count=token_count,
        max_spaces=max_spaces,
        max_ladder_spots=max_spots,
        climb_routes=tuple(sorted(routes, key=lambda r: (len(r), r))),
    )


def _page(v: _V, p: dict, f: str, pid: int) -> Page:
    """The validated :class:`Page` of the table ``p`` (field path ``f``)."""
    rule = v.get(p, "rule", f, str, "free")
    if rule not in PAGE_RULES:
        v.fail(f"{f}.rule", f"unknown placement rule {rule!r}")
    bar = v.strs(p, "bar", f)
    if sorted(bar) != sorted(GOODS):
        v.fail(f"{f}.bar", "the supply-and-demand bar orders each of the 4 goods once")
    ptoks = v.strs(p, "tokens", f, [])
    for j, t in enumerate(ptoks):
        if t not in TOKEN_COUNTS:
            v.fail(f"{f}.tokens", f"unknown token {t!r}")
        home, listed = TOKEN_PAGES[t]
        if pid != home:
            v.fail(
                f"{f}.tokens[{j}]",
                f"the {t} tokens belong to page {home} ({listed}), not page {pid}: the "
                "supply of a kind is set out on its own page only, so that no player holds "
                f"more than the {TOKEN_COUNTS[t]} the rulebook lists",
            )
        if t in ptoks[:j]:
            v.fail(f"{f}.tokens[{j}]", f"token {t!r} is listed twice")
    spaces = []
    for j, s in enumerate(v.get(p, "spaces", f, list)):
        fs = f"{f}.spaces[{j}]"
        act = v.get(s, "action", fs, str)
        if act not in SPACE_ACTIONS:
            v.fail(f"{fs}.action", f"unknown action {act!r}")
        kw = {"index": j, "action": act, "cost": v.gold(s, "cost", fs, 0)}
        # read only where the rules use them, so that a misplaced one is refused unread
        if rule != "free":  # the free page has no clusters
            kw["cluster"] = v.nat(s, "cluster", fs, 0)
        if act in ("token", "farmer"):  # the spaces that pay gold on top
            kw["gold"] = v.gold(s, "gold", fs, 0)
        if act == "goods":
            kw["goods"] = v.goods(v.get(s, "goods", fs, dict), f"{fs}.goods", allow_any=True)
        elif act == "sell":
            pr = v.goods(v.get(s, "prices", fs, dict), f"{fs}.prices", most=GOLD_SUPPLY)
            kw["prices"] = pr
        elif act == "token":
            t = v.get(s, "token", fs, str)
            if t not in ptoks:
                v.fail(f"{fs}.token", f"token {t!r} is not among the page's tokens")
            kw["token"] = t
        spaces.append(Space(**kw))
    if not spaces:
        v.fail(f"{f}.spaces", "a page needs action spaces")
    pg = Page(
        id=pid,
        name=v.name(p, "name", f),
        round=v.nat(p, "round", f, lo=1),
        letter=v.get(p, "letter", f, str),
        rule=rule,
        upcoming=v.ints(p, "upcoming", f),
        bar=tuple(GOOD_INDEX[g] for g in bar),
        tokens=tuple(ptoks),
        lore=v.get(p, "lore", f, str),
        spaces=tuple(spaces),
        params=_params(v, p, f, rule),
        **_geometry(v, p, f, rule),
    )
    _check_geometry(v, pg, f)
    return pg


#: The numbers of a space a page may set per player count (ruling AL-R106).
PER_PLAYER_SPACE_FIELDS = ("cost", "gold", "goods", "prices")


def _player_variants(v: _V, p: dict, f: str, page: Page) -> list[tuple[int, dict]]:
    """The page's tables for other player counts (ruling AL-R106): ``players.N`` sets the
    rule's ``params`` and the numbers of its ``spaces`` (by index: cost, gold, goods, prices)
    with ``N`` players, over the page's own. Returns ``(N, table)`` pairs of merged tables,
    each to be read as a page; anything but numbers is refused, so that a page is the same
    page, with the same spaces and geometry, at every count."""
    over = v.get(p, "players", f, dict, {})
    out = []
    for key in over:
        fo = f"{f}.players.{key}"
        if not (isinstance(key, str) and key.isdigit() and 2 <= int(key) <= 4):
            v.fail(fo, f"a player count is 2, 3 or 4 (AL-R01), got {key!r}")
        o = v.get(over, key, f"{f}.players", dict)
        for k in o:
            if k not in ("params", "spaces"):
                v.fail(f"{fo}.{k}", "a player count sets only params and spaces (AL-R106)")
        # read as a dict: a key the page itself does not read stays unread, and refused
        merged = {k: dict.__getitem__(p, k) for k in dict.keys(p) if k != "players"}
        params = dict(v.get(p, "params", f, dict, {}))
        for k, val in v.get(o, "params", fo, dict, {}).items():
            params[k] = val
        merged["params"] = params
        spaces = [dict(s) for s in v.get(p, "spaces", f, list)]
        for j, ov in v.get(o, "spaces", fo, dict, {}).items():
            fs = f"{fo}.spaces.{j}"
            if not (j.isdigit() and int(j) < len(spaces)):
                v.fail(fs, f"the page has spaces 0..{len(spaces) - 1}, not {j!r}")
            if not isinstance(ov, dict):
                v.fail(fs, f"expected a table of the space's numbers, got {ov!r}")
            sp = spaces[int(j)]
            pays = page.spaces[int(j)].action in ("token", "farmer")
            for k, val in ov.items():
                if k not in PER_PLAYER_SPACE_FIELDS or not (
                    k in sp or k == "cost" or (k == "gold" and pays)
                ):
                    v.fail(
                        f"{fs}.{k}", "not a number of this space a player count may set (AL-R106)"
                    )
                sp[k] = val
        merged["spaces"] = spaces
        out.append((int(key), merged))
    return out


def all_routes(page: Page) -> list[tuple[int, ...]]:
    """Every chain of ladder spots from the bottom row up to some cluster (AL-093)."""
    out: list[tuple[int, ...]] = []

    def walk(cluster: int, path: tuple[int, ...]) -> None:
        for i, (lo, hi) in enumerate(page.ladder_spots):
            if lo == cluster:
                out.append((*path, i))
                walk(hi, (*path, i))

    for c, lvl in enumerate(page.levels):
        if lvl == 0:
            walk(c, ())
    return out


def _params(v: _V, p: dict, f: str, rule: str) -> tuple[tuple[str, int], ...]:
    """The numbers of the page's placement rule: its ``params`` table over the rule's
    defaults (ruling AL-R46); a number the rule does not have is refused."""
    defaults = RULE_PLUGINS[rule].params
    raw = v.get(p, "params", f, dict, {})
    for k in raw:
        if k not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            v.fail(f"{f}.params.{k}", f"the {rule!r} rule has no number {k!r} (it has: {known})")
    return tuple(
        (k, v.nat(raw, k, f"{f}.params", d, hi=MAX_PARAM)) for k, d in sorted(defaults.items())
    )


def _geometry(v: _V, p: dict, f: str, rule: str) -> dict[str, Any]:
    """The geometry fields of a page, read only for the placement rule that uses them (a
    village's paths on another page would be ignored: they are refused as unread)."""
    if rule == "village":
        return {"clusters": v.nat(p, "clusters", f, 0), "paths": v.pairs(p, "paths", f)}
    if rule == "uphill":
        return {"clusters": v.nat(p, "clusters", f, 0)}
    if rule == "floe":
        return {"islands": v.nat(p, "islands", f, 0), "ice_start": v.ints(p, "ice_start", f, [])}
    if rule == "cliff":
        return {"levels": v.ints(p, "levels", f, []), "ladder_spots": v.pairs(p, "ladder_spots", f)}
    out: dict[str, Any] = {}
    plugin = RULE_PLUGINS[rule]
    if plugin.clustered:
        out["clusters"] = v.nat(p, "clusters", f, 0)
    if "paths" in plugin.geometry_fields:
        out["paths"] = v.pairs(p, "paths", f)
    return out


def _check_geometry(v: _V, p: Page, f: str) -> None:
    n = len(p.spaces)
    for name, size, most in (
        ("clusters", p.clusters, MAX_CLUSTERS),
        ("islands", p.islands, MAX_CLUSTERS),
        ("levels", len(p.levels), MAX_LEVELS),
        ("ladder_spots", len(p.ladder_spots), MAX_LADDER_SPOTS),
    ):
        if size > most:
            v.fail(f"{f}.{name}", f"at most {most}, got {size}")
    if p.rule == "village":
        if p.clusters < 2:
            v.fail(f"{f}.clusters", "the village needs clusters (AL-085)")
        for a, b in p.paths:
            if not (0 <= a < p.clusters and 0 <= b < p.clusters) or a == b:
                v.fail(f"{f}.paths", f"bad path {a}-{b}")
    if p.rule == "uphill" and p.clusters < 2:
        v.fail(f"{f}.clusters", "the lanes of the hill need at least 2 clusters (AL-R47)")
    plugin = RULE_PLUGINS[p.rule]
    if plugin.clustered:
        if p.clusters < plugin.min_clusters:
            v.fail(
                f"{f}.clusters",
                f"the {p.rule!r} rule needs at least {plugin.min_clusters} clusters "
                f"({plugin.rule_id}), got {p.clusters}",
            )
        for s in p.spaces:
            if not 0 <= s.cluster < p.clusters:
                v.fail(f"{f}.spaces[{s.index}].cluster", f"cluster out of range 0-{p.clusters - 1}")
        for a, b in p.paths:
            if not (0 <= a < p.clusters and 0 <= b < p.clusters) or a == b:
                v.fail(f"{f}.paths", f"bad path {a}-{b}")
        problem = plugin.check(p)
        if problem is not None:
            v.fail(f"{f}.{problem[0]}", problem[1])
    _check_bar(v, p, f)
    if p.rule == "floe":
        if p.islands < 2 or len(p.ice_start) != 2:
            v.fail(f"{f}.ice_start", "Floe Lake has islands and 2 ice blocks (AL-101)")
        if any(not 0 <= x < p.islands for x in p.ice_start) or len(set(p.ice_start)) != 2:
            v.fail(f"{f}.ice_start", "ice blocks start on 2 distinct island spots")
        for isl in range(p.islands):
            if not any(s.cluster == isl and s.action == "ice" for s in p.spaces):
                v.fail(f"{f}.spaces", f"island {isl} lacks its location action space (AL-102)")
    if p.rule == "cliff":
        if any(x < 0 for x in p.levels):
            v.fail(f"{f}.levels", "levels count up from the bottom row, 0")
        if not p.levels or 0 not in p.levels:
            v.fail(f"{f}.levels", "Cliffside needs a bottom row (level 0, AL-089)")
        for a, b in p.ladder_spots:
            if not (0 <= a < len(p.levels) and 0 <= b < len(p.levels)):
                v.fail(f"{f}.ladder_spots", f"bad ladder spot {a}-{b}")
            if p.levels[b] != p.levels[a] + 1:
                v.fail(f"{f}.ladder_spots", "a ladder climbs exactly one level")
        if sum(1 for s in p.spaces if s.action == "farmer") != 2:
            v.fail(f"{f}.spaces", "Cliffside has 2 farmer spaces (AL-095, AL-I01)")
    for s in p.spaces:
        if p.rule in ("village", "uphill", "floe", "cliff"):
            limit = {
                "village": p.clusters,
                "uphill": p.clusters,
                "floe": p.islands,
                "cliff": len(p.levels),
            }[p.rule]
            if not 0 <= s.cluster < limit:
                v.fail(f"{f}.spaces[{s.index}].cluster", f"cluster out of range 0-{limit - 1}")
        if s.action == "ice" and p.rule != "floe":
            v.fail(f"{f}.spaces[{s.index}]", "ice spaces belong to Floe Lake")
        if s.action == "farmer" and p.rule != "cliff":
            v.fail(f"{f}.spaces[{s.index}]", "farmer spaces belong to Cliffside")
    if n > 40:
        v.fail(f"{f}.spaces", "at most 40 spaces per page")


def _check_bar(v: _V, p: Page, f: str) -> None:
    """Ruling AL-R76: the supply-and-demand bar orders the page's prices and amounts (AL-084):
    at each Sell Goods space a good further left (more valuable) sells for at least as much
    as one further right; and the most a Gain Goods space of a single good gives of a good
    further right (more plentiful) is at least what one gives of a good further left."""
    rank = {g: i for i, g in enumerate(p.bar)}
    most: dict[int, int] = {}
    for s in p.spaces:
        if s.action == "sell":
            listed = sorted((g for g in range(4) if s.prices[g]), key=rank.__getitem__)
            for a, b in pairwise(listed):
                if s.prices[a] < s.prices[b]:
                    v.fail(
                        f"{f}.spaces[{s.index}].prices",
                        f"{GOODS[a]} is worth more than {GOODS[b]} on this page's supply-and-"
                        f"demand bar, so it sells for at least as much (ruling AL-R76)",
                    )
        elif s.action == "goods" and not s.goods[ANY]:
            kinds = [g for g in range(4) if s.goods[g]]
            if len(kinds) == 1:
                most[kinds[0]] = max(most.get(kinds[0], 0), s.goods[kinds[0]])
    held = sorted(most, key=rank.__getitem__)
    for a, b in pairwise(held):
        if most[a] > most[b]:
            v.fail(
                f"{f}.bar",
                f"{GOODS[b]} is more plentiful than {GOODS[a]} on this page's bar, yet a space "
                f"gives {most[a]} {GOODS[a]} and none more than {most[b]} {GOODS[b]} "
                "(ruling AL-R76)",
            )


def _check_route(v: _V, pages: dict[int, Page]) -> None:
    """AL-G03: every path from page 1 has exactly 6 pages and every page is on one; letters
    A-E by round."""
    if 1 not in pages:
        v.fail("page", "page 1 (Trader's Village) is missing (AL-014)")
    for pid, p in pages.items():
        f = f"page(id={pid})"
        if len(set(p.upcoming)) != len(p.upcoming):
            v.fail(f"{f}.upcoming", "the 2 previewed pages differ")
        if p.round >= 6 and p.letter:
            v.fail(f"{f}.letter", 'round-6 pages draw no encounter: the letter is ""')
        if p.round < 6:
            if len(p.upcoming) != 2:
                v.fail(f"{f}.upcoming", "each page before the last round previews 2 pages")
            if p.letter != LETTERS[p.round - 1]:
                v.fail(f"{f}.letter", f"round {p.round} draws encounter {LETTERS[p.round - 1]}")
        elif p.upcoming:
            v.fail(f"{f}.upcoming", "round-6 pages end the journey (AL-052)")
        for u in p.upcoming:
            if u not in pages:
                v.fail(f"{f}.upcoming", f"unknown page {u}")
            if pages[u].round != p.round + 1:
                v.fail(f"{f}.upcoming", f"page {u} is not in round {p.round + 1}")
    if pages[1].round != 1:
        v.fail("page(id=1).round", "the journey starts at page 1 in round 1")

    def depth(pid: int) -> set[int]:
        p = pages[pid]
        if not p.upcoming:
            return {1}
        return {1 + d for u in p.upcoming for d in depth(u)}

    if depth(1) != {ROUNDS}:
        v.fail("page", "every route from page 1 must visit exactly 6 pages (AL-025)")
    reached, todo = {1}, [1]
    while todo:
        for u in pages[todo.pop()].upcoming:
            if u not in reached:
                reached.add(u)
                todo.append(u)
    unreached = sorted(set(pages) - reached)
    if unreached:
        pid = unreached[0]
        v.fail(
            f"page(id={pid})",
            f"page {pid} ({pages[pid].name}) cannot be reached from page 1: no page on a route "
            "lists it in its upcoming pages, so no journey would visit it (AL-G03)",
        )
