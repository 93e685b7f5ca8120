"""Page rules: a small placement plug-in per page (AL-G04).

The engine asks the page's rule object which spaces a seat may use now
(:meth:`PageRule.open_spaces`), what placing there does (:meth:`PageRule.on_place`), which
other turn actions exist (Cliffside ladders) and what happens after all workers are placed
(:meth:`PageRule.after_all_placed`). Rules are registered in :data:`PAGE_RULES` by the key a
page names in ``pages.toml``; a rule's numbers are the page's ``params`` table, defaulting to
:attr:`PageRule.params` (ruling AL-R46), so a designer moves a rule to another page or changes
its numbers in the data alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.actions import Action

if TYPE_CHECKING:
    from meeple.games.almanac.content import Content, Page
    from meeple.games.almanac.state import AlmanacState

GREY = -2  #: owner of an unused-colour ladder (AL-096)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(k: int) -> str:
    """``k`` in words for the summaries: ``"no"``, ``"one"`` ... ``"nine"``, then digits."""
    return _NUMBER_WORDS[k] if 0 <= k < len(_NUMBER_WORDS) else str(k)


def times_word(k: int) -> str:
    """How many times, in words: ``"once"``, ``"twice"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def counted(k: int, noun: str, nouns: str = "") -> str:
    """``"a worker"`` for 1, else ``"3 workers"`` (``nouns``: the plural, default ``noun``
    + s)."""
    return f"a {noun}" if k == 1 else f"{k} {nouns or noun + 's'}"


def more_than(slack: int) -> str:
    """A slack of placement rules in words: ``"no more"`` for 0, ``"at most 2 more"``."""
    return "no more" if slack == 0 else f"at most {number_word(slack)} more"


class PageRule:
    """Free placement: any empty space (AL-031, one worker per space, ruling AL-R07)."""

    key: ClassVar[str] = "free"
    #: The rule's numbers and their defaults; a page's ``params`` table may set each (AL-R46).
    params: ClassVar[dict[str, int]] = {}
    #: Geometry fields of ``pages.toml`` a clustered rule reads besides ``clusters``
    #: (``paths``); other fields are refused as unread.
    geometry_fields: ClassVar[tuple[str, ...]] = ()

    def space_mask(self, page: Page, key: int, in_clusters: Callable[[int], int]) -> int:
        """The spaces open for :meth:`cluster_key` ``key``: by default those of the clusters
        :meth:`clusters_for` opens (``in_clusters`` maps a cluster bitmask to spaces); a rule
        that opens single spaces returns them here."""
        return in_clusters(self.clusters_for(page, key))

    def route_chooser(self, st: AlmanacState, page: Page) -> int:
        """The seat that chooses the next location (AL-060: the Guide)."""
        return st.guide

    def setup(self, st: AlmanacState, page: Page) -> None:
        """Arrival step 3 (AL-030): lay out the page's components."""
        st.pg = []

    #: Whether the page restricts placement by clusters (then :meth:`cluster_key` and
    #: :meth:`clusters_for` say how).
    geometry: ClassVar[bool] = False

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """A number that, with the page, fixes which clusters ``seat`` may use now; the
        placement tables remember :meth:`clusters_for` each key."""
        return 0

    def clusters_for(self, page: Page, key: int) -> int:
        """Bitmask of the clusters open for :meth:`cluster_key` ``key`` (-1: every cluster)."""
        return -1

    def open_clusters(self, st: AlmanacState, seat: int, page: Page) -> int:
        """Bitmask of the clusters whose empty spaces ``seat`` may use now (all by default)."""
        return self.clusters_for(page, self.cluster_key(st, seat))

    def open_spaces(self, st: AlmanacState, seat: int, page: Page) -> list[int]:
        """Empty spaces the page's geometry lets ``seat`` use now (legality of the action
        itself is checked by the engine)."""
        occ = st.occ
        if type(self).space_mask is not PageRule.space_mask:
            cl = clusters_of(page)
            mask = self.space_mask(
                page,
                self.cluster_key(st, seat),
                lambda m: sum(1 << i for i, c in enumerate(cl) if m >> c & 1),
            )
            return [i for i in range(len(occ)) if occ[i] < 0 and mask >> i & 1]
        allowed = self.open_clusters(st, seat, page)
        if allowed == -1:
            return [i for i in range(len(occ)) if occ[i] < 0]
        cl = clusters_of(page)
        return [i for i in range(len(occ)) if occ[i] < 0 and allowed >> cl[i] & 1]

    def turn_actions(self, st: AlmanacState, seat: int, page: Page) -> list[Action]:
        """Turn actions other than placing a worker (none by default)."""
        return []

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        """Called right after a worker is put on ``space`` (before the space resolves)."""

    def on_turn_action(self, st: AlmanacState, seat: int, page: Page, action: Action) -> None:
        """Resolve a turn action of :meth:`turn_actions`."""
        raise NotImplementedError

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """Called once when no player can place a further worker (AL-036, AL-G35)."""

    #: The page's rule in players' words (rules summary, terminal, board), a template whose
    #: ``{names}`` are the rule's numbers and :meth:`summary_values`; "" for the rules whose
    #: words the views keep themselves (pages 1-3).
    summary: ClassVar[str] = ""

    def words(self, page: Page, content: Content) -> str:
        """:attr:`summary` with its numbers taken from ``page``'s data (its ``params``, its
        spaces and the token table of ``content``), so that a change to the data shows in
        the words; ``""`` for a rule without a summary.

        Raises:
            KeyError: when the template names a number the rule does not give.
        """
        if not self.summary:
            return ""
        return self.summary.format(**dict(page.params), **self.summary_values(page, content))

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        """Words and numbers of :attr:`summary` besides the rule's own numbers (none)."""
        return {}

    #: The rule id a placement the page's rule forbids is refused with.
    rule_id: ClassVar[str] = "AL-031"
    #: Whether the page reads ``clusters`` and each space names one of them.
    clustered: ClassVar[bool] = False
    #: The fewest clusters the rule's geometry needs (checked on load).
    min_clusters: ClassVar[int] = 0

    def check(self, page: Page) -> tuple[str, str] | None:
        """A problem of ``page``'s data for this rule as (field, message), or ``None``."""
        return None

    def cluster_name(self, page: Page, cluster: int) -> str:
        """What the players call cluster ``cluster`` of ``page``."""
        return f"c{cluster}"

    def view_lines(self, page: Page, obs: dict[str, Any]) -> list[str]:
        """Lines of the terminal view telling the page's state from an observation."""
        return []

    def view_open(self, page: Page, obs: dict[str, Any]) -> int | None:
        """Bitmask of the clusters open to the observation's viewer (``None``: not known)."""
        return None

    def bid_won(self, st: AlmanacState, page: Page, winner: int) -> None:
        """The reward of the page's own sealed bid (AL-074, ruling AL-R20) for ``winner``."""
        raise NotImplementedError


class ClusterRule(PageRule):
    """A rule whose open clusters follow from what every player sees: the seat's ``visited``
    number, the page state ``pg`` and the occupied spaces, so the observation gives the same
    answer as the state (:meth:`key_of`)."""

    geometry = True
    clustered = True
    min_clusters = 2

    def key_of(
        self, page: Page, visited: int, pg: Sequence[int], occ: Sequence[int], n: int
    ) -> int:
        """The cluster key of a seat with ``visited`` on a page in state ``pg``/``occ``."""
        return 0

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        return self.key_of(st.content.pages[st.page], st.visited[seat], st.pg, st.occ, st.n)

    def view_open(self, page: Page, obs: dict[str, Any]) -> int | None:
        me = obs["viewer"]
        if not isinstance(me, int):
            return None
        players = obs["players"]
        occ = obs["occupied"]
        if len(occ) != len(page.spaces):
            return None  # the page is not laid out yet (AL-030)
        k = self.key_of(page, players[me]["visited"], obs["page_state"], occ, len(players))
        return self.clusters_for(page, k)

    @staticmethod
    def counts(page: Page, occ: Sequence[int]) -> list[int]:
        """Workers in each cluster of ``page``."""
        out = [0] * page.clusters
        for i, c in enumerate(clusters_of(page)):
            if occ[i] >= 0:
                out[c] += 1
        return out

    @staticmethod
    def sizes(page: Page) -> tuple[int, ...]:
        """Spaces in each cluster of ``page``."""

        def build(p: Page) -> tuple[int, ...]:
            out = [0] * p.clusters
            for s in p.spaces:
                out[s.cluster] += 1
            return tuple(out)

        return page_table(page, "sizes", build)

    def check(self, page: Page) -> tuple[str, str] | None:
        for c, size in enumerate(self.sizes(page)):
            if not size:
                return ("spaces", f"{self.cluster_name(page, c)} (cluster {c}) has no space")
        return None

    def grant_goods(self, st: AlmanacState, seats: Sequence[int], n: int) -> None:
        """``n`` goods of choice for each of ``seats``, in that order, each with its crate
        check (AL-043)."""
        if n <= 0:
            return
        for seat in reversed(seats):
            st.tasks.append(("trim", seat))
            st.tasks.append(("good", seat, n))

    def from_guide(self, st: AlmanacState, page: Page, cluster: int) -> list[int]:
        """The owner of each worker in ``cluster``, from the Guide clockwise (AL-G35)."""
        n = st.n
        out = []
        for k in range(n):
            seat = (st.guide + k) % n
            for s in page.spaces:
                if s.cluster == cluster and st.occ[s.index] == seat:
                    out.append(seat)
        return out


class VillageRule(PageRule):
    """Page 1, Trader's Village (AL-085..AL-088, ruling AL-R28): first worker in any cluster,
    each later one in an unvisited cluster joined by a path to a visited one."""

    key = "village"

    @staticmethod
    def neighbours(page: Page) -> list[int]:
        """Bitmask of each cluster's neighbours along the paths."""
        nb = [0] * page.clusters
        for a, b in page.paths:
            nb[a] |= 1 << b
            nb[b] |= 1 << a
        return nb

    geometry = True

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The clusters ``seat`` visited on this page."""
        return st.visited[seat]

    def clusters_for(self, page: Page, key: int) -> int:
        if not key:
            return (1 << page.clusters) - 1
        nb = self.neighbours(page)
        reach = 0
        for c in range(page.clusters):
            if key >> c & 1:
                reach |= nb[c]
        return reach & ~key

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        st.visited[seat] |= 1 << page.spaces[space].cluster


class UphillRule(PageRule):
    """Page 4, Avon Upon Snow (rulings AL-R47..AL-R50): the town's lanes climb the hill
    (clusters 0, 1, ... from the bottom); each later worker of a seat goes in the same lane as
    its last one or a higher one. With 2 players a seat may step down ``two_player_step_down``
    lanes. Taking a producer also gives ``producer_goods`` goods of choice.
    ``st.visited[seat]`` holds the lanes the seat used."""

    key = "uphill"
    params: ClassVar[dict[str, int]] = {"two_player_step_down": 1, "producer_goods": 1}
    geometry = True
    summary = (
        "workers go uphill: each later one in the lane of your last one or a higher lane "
        "(with 2 players, {down} lower too); a producer comes with {goods}"
    )

    def summary_values(self, page: Page, content: Content) -> dict[str, Any]:
        down = page.param("two_player_step_down")
        goods = page.param("producer_goods")
        return {
            "down": "one lane" if down == 1 else f"{number_word(down)} lanes",
            "goods": "a good of your choice"
            if goods == 1
            else f"{number_word(goods)} goods of your choice",
        }

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The highest lane ``seat`` used plus 1 (0: none yet), and 64 more with 2 players
        (ruling AL-R49)."""
        return st.visited[seat].bit_length() + (64 if st.n == 2 else 0)

    def clusters_for(self, page: Page, key: int) -> int:
        """AL-R47: lanes from the seat's last one up; AL-R49: with 2 players from
        ``two_player_step_down`` lanes lower."""
        top, two = key % 64, key >= 64
        if not top:
            return (1 << page.clusters) - 1
        low = top - 1 - (page.param("two_player_step_down") if two else 0)
        low = max(low, 0)
        return ((1 << page.clusters) - 1) & ~((1 << low) - 1)

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        sp = page.spaces[space]
        st.visited[seat] |= 1 << sp.cluster
        # AL-R48: the producer sells its harvest with the token (after the token is taken)
        if sp.action == "token" and sp.token == "producer":
            n = page.param("producer_goods")
            if n:
                st.tasks.append(("trim", seat))
                st.tasks.append(("good", seat, n))


class FloeRule(PageRule):
    """Page 2, Floe Lake (AL-099..AL-102, ruling AL-R29). ``st.pg`` holds the island of each
    of the 2 ice blocks; islands are in clockwise order."""

    key = "floe"

    def setup(self, st: AlmanacState, page: Page) -> None:
        st.pg = list(page.ice_start)

    geometry = True

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The islands with an ice block."""
        mask = 0
        for island in st.pg:
            mask |= 1 << island
        return mask

    def clusters_for(self, page: Page, key: int) -> int:
        return key

    @staticmethod
    def island_open(st: AlmanacState, page: Page, island: int) -> bool:
        return any(st.occ[s.index] < 0 for s in page.spaces if s.cluster == island)

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        island = page.spaces[space].cluster
        k = st.pg.index(island)
        for step in range(1, page.islands):
            nxt = (island + step) % page.islands
            if nxt in st.pg:
                continue  # AL-100: skip a spot that already has an ice block
            if not self.island_open(st, page, nxt):
                continue  # AL-100: skip islands with no more available spaces
            st.pg[k] = nxt
            return
        # AL-R29: no open spot -> the block stays where it is

    def after_all_placed(self, st: AlmanacState, page: Page) -> None:
        """AL-102: 4 goods of choice if an ice block reaches the island, else 1; in turn
        order from the Guide (AL-G35)."""
        n = st.n
        grants = []
        for k in range(n):
            seat = (st.guide + k) % n
            for s in page.spaces:
                if s.action == "ice" and st.occ[s.index] == seat:
                    grants.append((seat, 4 if s.cluster in st.pg else 1))
        for seat, cnt in reversed(grants):
            st.tasks.append(("trim", seat))
            st.tasks.append(("good", seat, cnt))


class CliffRule(PageRule):
    """Page 3, Cliffside (AL-089..AL-098, rulings AL-R26, AL-R27, AL-R41). ``st.pg`` holds the owner
    of each ladder spot (-1 empty, a seat, or GREY)."""

    key = "cliff"

    def setup(self, st: AlmanacState, page: Page) -> None:
        st.pg = [-1] * len(page.ladder_spots)
        n = st.n
        st.ladders = [3] * n  # AL-095
        st.grey = [1 if n == 2 else 0] * n  # AL-096

    geometry = True

    def cluster_key(self, st: AlmanacState, seat: int) -> int:
        """The ladder spots with a ladder built."""
        built = 0
        bit = 1
        for owner in st.pg:
            if owner != -1:
                built |= bit
            bit <<= 1
        return built

    def clusters_for(self, page: Page, key: int) -> int:
        """Clusters reachable from the bottom row by the ladders ``key`` (AL-092)."""
        return self._reach(page, key)

    def reachable(self, st: AlmanacState, page: Page) -> int:
        """Bitmask of clusters reachable from the bottom row by built ladders (AL-092)."""
        return self._reach(page, self.cluster_key(st, -1))

    @staticmethod
    def _reach(page: Page, built: int) -> int:
        """Clusters reachable from the bottom row by the ladder spots of the bitmask ``built``."""
        reach = 0
        for c, lvl in enumerate(page.levels):
            if lvl == 0:
                reach |= 1 << c
        changed = True
        while changed:
            changed = False
            for i, (lo, hi) in enumerate(page.ladder_spots):
                if built >> i & 1 and reach >> lo & 1 and not reach >> hi & 1:
                    reach |= 1 << hi
                    changed = True
        return reach

    def routes(self, st: AlmanacState, page: Page, cluster: int) -> list[tuple[int, ...]]:
        """Built ladder chains from the bottom row to ``cluster`` (AL-093)."""
        out = []
        for r in st.content.climb_routes:
            if (
                r
                and page.ladder_spots[r[-1]][1] == cluster
                and all(st.pg[i] != -1 for i in r)
                and page.levels[page.ladder_spots[r[0]][0]] == 0
            ):
                out.append(r)
        return out

    def turn_actions(self, st: AlmanacState, seat: int, page: Page) -> list[Action]:
        T = st.T
        out = []
        if st.ladders[seat] > 0:
            out += [T.LADDER[i] for i, o in enumerate(st.pg) if o == -1]
        if st.grey[seat] > 0:
            out += [T.LADDER_GREY[i] for i, o in enumerate(st.pg) if o == -1]
        return out

    def on_turn_action(self, st: AlmanacState, seat: int, page: Page, action: Action) -> None:
        spot, grey = action.args
        if grey:
            st.grey[seat] -= 1
            st.pg[spot] = GREY
        else:
            st.ladders[seat] -= 1
            st.pg[spot] = seat

    def on_place(self, st: AlmanacState, seat: int, page: Page, space: int) -> None:
        cluster = page.spaces[space].cluster
        if page.levels[cluster] == 0:
            return
        routes = self.routes(st, page, cluster)
        if len({tuple(st.pg[i] for i in r) for r in routes}) > 1:
            st.tasks.append(("climb", seat, cluster))
        else:
            climb(st, seat, routes[0])


def climb(st: AlmanacState, seat: int, route: tuple[int, ...]) -> None:
    """Climb ``route``: each other player's ladder on it gives its owner a good of their
    choice; unused-colour ladders give nothing (AL-094, AL-096)."""
    for i in reversed(route):
        owner = st.pg[i]
        if owner >= 0 and owner != seat:
            st.tasks.append(("trim", owner))
            st.tasks.append(("good", owner, 1))


#: (id of a page, what) -> (the page, a table derived from it once).
_GEOMETRY: dict[tuple[int, str], tuple[Page, Any]] = {}


def page_table(page: Page, what: str, build: Callable[[Page], Any]) -> Any:
    """``build(page)``, computed once per page and ``what`` (pages are immutable content)."""
    got = _GEOMETRY.get((id(page), what))
    if got is None or got[0] is not page:
        got = _GEOMETRY[id(page), what] = (page, build(page))
    return got[1]


def clusters_of(page: Page) -> tuple[int, ...]:
    """The cluster of each space of ``page``."""
    return page_table(page, "clusters", lambda p: tuple(s.cluster for s in p.spaces))


class _OnePage:
    """The content of :class:`ObsView`: the page in view."""

    def __init__(self, pages: dict[int, Page]):
        self.pages = pages


class ObsView:
    """The parts of a state a page rule reads, taken from an observation (every one of them
    public), so that a view asks the rule itself what is open to the viewer."""

    def __init__(self, obs: dict[str, Any], page: Page):
        ps = obs["players"]
        self.n = len(ps)
        self.page = obs["page"]
        self.content = _OnePage({page.id: page})
        self.occ = obs["occupied"]
        self.pg = obs["page_state"]
        self.visited = [p["visited"] for p in ps]
        self.goods = [p["goods"] for p in ps]
        self.tokens = [p["tokens"] for p in ps]
        self._strength = [p["strength"] for p in ps]
        self.guide = obs["guide"]

    def strength(self, seat: int) -> int:
        return self._strength[seat]


def open_spaces_seen(page: Page, obs: dict[str, Any]) -> int | None:
    """Bitmask of the empty spaces open to the viewer of ``obs`` by the page's rule, or
    ``None`` for a spectator or a page without geometry."""
    rule = rule_of(page)
    me = obs["viewer"]
    if me is None or not rule.geometry:
        return None
    st: Any = ObsView(obs, page)
    return sum(1 << i for i in rule.open_spaces(st, me, page))


PAGE_RULES: dict[str, PageRule] = {
    r.key: r
    for r in (
        PageRule(),
        VillageRule(),
        UphillRule(),
        FloeRule(),
        CliffRule(),
    )
}


def register(cls: type[PageRule]) -> type[PageRule]:
    """Add the rule class ``cls`` to :data:`PAGE_RULES` under its ``key`` (a class decorator
    of the modules of ``pagerules``, which the content loader imports, ruling AL-R46).

    Raises:
        ValueError: when another rule has the key already.
    """
    if cls.key in PAGE_RULES and type(PAGE_RULES[cls.key]) is not cls:
        raise ValueError(f"two page rules have the key {cls.key!r}")
    PAGE_RULES[cls.key] = cls()
    return cls


def rule_of(page: Page) -> PageRule:
    """The placement plug-in a page names (AL-G04)."""
    return PAGE_RULES[page.rule]
