"""Legal move generation and chance outcomes: cheap, list-based, no state copies."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.almanac.pages import PageRule, rule_of

if TYPE_CHECKING:
    from meeple.games.almanac.content import Page
    from meeple.games.almanac.state import AlmanacState


def can_afford(st: AlmanacState, seat: int, card_id: int, spare_gold: int = 0) -> bool:
    """Whether ``seat`` can pay caravan card ``card_id`` in full (AL-039, AL-G24)."""
    c = st.content.caravans[card_id]
    if st.gold[seat] - spare_gold < c.gold:
        return False
    g = st.goods[seat]
    cg = c.goods
    return g[0] >= cg[0] and g[1] >= cg[1] and g[2] >= cg[2] and g[3] >= cg[3]


def has_goods(st: AlmanacState, seat: int, contract_id: int) -> bool:
    """Whether ``seat`` holds the goods contract ``contract_id`` requires (AL-038)."""
    g = st.goods[seat]
    r = st.content.contracts[contract_id].goods
    return g[0] >= r[0] and g[1] >= r[1] and g[2] >= r[2] and g[3] >= r[3]


def alt_cost(st: AlmanacState) -> int:
    """Cost of the optional fight's alternative now (AL-111: +1 per other worker on the card)."""
    e = st.content.encounters[st.enc]
    return e.alt_gold + (st.enc_flee if e.alt_kind == "flee" else 0)


class PlaceTable:
    """Bitmasks over the spaces of one page, by what their mandatory action needs (AL-G09,
    ruling AL-R09), by their cost (AL-046) and by the page's geometry, so that
    :func:`place_actions` tests each condition once rather than once per space. Built once per
    page (see :func:`place_table`).
    """

    def __init__(self, page: Page):
        self.page = page
        rule = rule_of(page)
        #: The page rule's :meth:`PageRule.cluster_key` when it restricts placement by clusters.
        self.cluster_key = rule.cluster_key if rule.geometry else None
        #: The page rule's :meth:`PageRule.turn_actions` when it has any (Cliffside ladders).
        self.turn_actions = (
            rule.turn_actions if type(rule).turn_actions is not PageRule.turn_actions else None
        )
        self._rule = rule
        self.free = 0  # goods, ice, farmer, shop: always possible (shop: option 1 or 3 is)
        self.sell = [0, 0, 0, 0]  # per good: the Sell Goods spaces that buy it
        self.gain = 0
        self.complete = 0
        self.extend: list[tuple[int, int]] = []  # (space, cost)
        self.token: list[tuple[int, str]] = []  # (space, token kind)
        for sp in page.spaces:
            bit = 1 << sp.index
            a = sp.action
            if a in ("goods", "ice", "farmer", "shop"):
                self.free |= bit
            elif a == "sell":
                for g in range(4):
                    if sp.prices[g]:
                        self.sell[g] |= bit
            elif a == "gain_contract":
                self.gain |= bit
            elif a == "complete_contract":
                self.complete |= bit
            elif a == "extend_caravan":
                self.extend.append((sp.index, sp.cost))
            elif a == "token":
                self.token.append((sp.index, sp.token))
        self.extend_mask = sum(1 << i for i, _ in self.extend)
        self.token_mask = sum(1 << i for i, _ in self.token)
        self.sell_any = self.sell[0] | self.sell[1] | self.sell[2] | self.sell[3]
        self.costs = [sp.cost for sp in page.spaces]
        self.clusters = [sp.cluster for sp in page.spaces]
        self.all = (1 << len(page.spaces)) - 1
        self.max_cost = max(self.costs, default=0)
        #: gold -> the spaces it pays for, for gold below the highest cost
        self.affordable = [
            sum(1 << i for i, c in enumerate(self.costs) if c <= gold)
            for gold in range(self.max_cost)
        ]
        #: cluster key -> the spaces of the clusters open for it (filled on demand)
        self.open_by_key: dict[int, int] = {}
        #: mask -> the spaces of ``mask`` in increasing order (filled on demand)
        self.index_of: dict[int, tuple[int, ...]] = {}

    def open_to(self, st: AlmanacState, seat: int) -> int:
        """The spaces the page's clusters open to ``seat`` now (pages with ``cluster_key``)."""
        key = self.cluster_key(st, seat)  # type: ignore[misc]
        m = self.open_by_key.get(key)
        return self.open_for_key(key) if m is None else m

    def open_for_key(self, key: int) -> int:
        """The spaces in the clusters open for cluster key ``key`` (remembered)."""
        m = self._rule.space_mask(self.page, key, self.in_clusters)
        if len(self.open_by_key) < 65536:  # a bound for odd content; real pages stay far below
            self.open_by_key[key] = m
        return m

    def in_clusters(self, clusters: int) -> int:
        """The spaces in the clusters of the bitmask ``clusters`` (-1: every cluster)."""
        return sum(1 << i for i, c in enumerate(self.clusters) if clusters >> c & 1)

    def indices(self, mask: int) -> tuple[int, ...]:
        """The spaces of ``mask`` in increasing order (remembered)."""
        got = tuple(i for i in range(len(self.costs)) if mask >> i & 1)
        if len(self.index_of) < 65536:
            self.index_of[mask] = got
        return got


#: id of a page -> its :class:`PlaceTable`.
_PLACE_TABLES: dict[int, PlaceTable] = {}


def place_table(page: Page) -> PlaceTable:
    """The :class:`PlaceTable` of ``page`` (built on first use)."""
    tab = _PLACE_TABLES.get(id(page))
    if tab is None or tab.page is not page:
        tab = _PLACE_TABLES[id(page)] = PlaceTable(page)
    return tab


def place_actions(st: AlmanacState, seat: int, turn: bool = False) -> list[Action]:
    """``place`` actions of the spaces where ``seat`` may put a worker now: empty, open by the
    page's geometry, affordable (AL-046) and with a mandatory action ``seat`` can carry out
    (AL-G09, ruling AL-R09); with ``turn``, then the page's other turn actions (AL-090)."""
    page = st.content.pages[st.page]
    tab = _PLACE_TABLES.get(id(page))
    if tab is None or tab.page is not page:
        tab = place_table(page)
    gold = st.gold[seat]
    if gold >= tab.max_cost:
        open_ = tab.all
    elif gold >= 0:
        open_ = tab.affordable[gold]
    else:
        open_ = 0
    if tab.cluster_key is not None:
        open_ &= tab.open_to(st, seat)
    ok = tab.free
    g0, g1, g2, g3 = st.goods[seat]
    if tab.sell_any & open_:
        sell = tab.sell
        if g0:
            ok |= sell[0]
        if g1:
            ok |= sell[1]
        if g2:
            ok |= sell[2]
        if g3:
            ok |= sell[3]
    if tab.gain & open_ and len(st.incomplete[seat]) < 2 and (st.ct_deck or st.ct_bottom):
        ok |= tab.gain  # AL-040
    if tab.complete & open_:
        contracts = st.content.contracts
        for k in st.incomplete[seat]:
            r = contracts[k].goods
            if g0 >= r[0] and g1 >= r[1] and g2 >= r[2] and g3 >= r[3]:
                ok |= tab.complete
                break
    if tab.extend_mask & open_:
        caravans = st.content.caravans
        spare = -1  # the most gold a face-up card costs that the seat can pay in full
        for c in st.cv_faceup:
            card = caravans[c]
            cg = card.goods
            if g0 >= cg[0] and g1 >= cg[1] and g2 >= cg[2] and g3 >= cg[3]:
                left = gold - card.gold
                if left > spare:
                    spare = left
        for i, cost in tab.extend:
            if spare >= cost:  # AL-039: the space's cost and the card's
                ok |= 1 << i
    if tab.token_mask & open_:
        supply = st.tok_supply
        for i, token in tab.token:
            if supply.get(token, 0) > 0:
                ok |= 1 << i
    ok &= open_
    spaces = tab.index_of.get(ok)
    if spaces is None:
        spaces = tab.indices(ok)
    occ = st.occ
    PLACE = st.T.PLACE
    out = []
    for i in spaces:  # a plain loop: cheaper than a comprehension for a few items
        if occ[i] < 0:
            out.append(PLACE[i])
    if turn and tab.turn_actions is not None:
        out += tab.turn_actions(st, seat, page)
    return out


#: Key (never a seat) of ``(task, options)`` in a state's legal-action cache: the options of the
#: placement turn ``task`` on top of the stack, found by the Action Phase loop as it looks for
#: the next seat that can place. The task is that very tuple (compared by identity, and kept
#: alive by the entry), so the entry is stale once the task is gone; the cache itself is emptied
#: whenever the state is edited from outside (a move applied through the public API, a clone,
#: a test's hand edit).
TURN_KEY = "turn"


def open_space_left(st: AlmanacState, seat: int) -> bool:
    """Whether an empty space is open to ``seat`` by the page's geometry (its paths and
    clusters): what every player can see, leaving out what ``seat``'s hidden gold and contracts
    allow (ruling AL-R45)."""
    tab = place_table(st.content.pages[st.page])
    open_ = tab.all if tab.cluster_key is None else tab.open_to(st, seat)
    occ = st.occ
    return any(occ[i] < 0 for i in tab.indices(open_))


def turn_options(st: AlmanacState, seat: int) -> list[Action]:
    """A placement turn: put a worker, or a page turn action such as a ladder (AL-090)."""
    if st.workers[seat] - st.placed[seat] <= 0:
        return []  # AL-035: never from behind the screen
    return place_actions(st, seat, True)


def _goods_choice(st: AlmanacState, A: list[Action]) -> list[Action]:
    """``A[g]`` for each good ``g`` the general supply still holds (AL-G15)."""
    cap = st.content.goods_per_type
    dew = emb = eve = sky = 0
    for g in st.goods:
        dew += g[0]
        emb += g[1]
        eve += g[2]
        sky += g[3]
    out = []
    if dew < cap:
        out.append(A[0])
    if emb < cap:
        out.append(A[1])
    if eve < cap:
        out.append(A[2])
    if sky < cap:
        out.append(A[3])
    return out


def _held(g: list[int], A: list[Action]) -> list[Action]:
    """``A[i]`` for each good ``i`` the counts ``g`` hold."""
    out = []
    if g[0]:
        out.append(A[0])
    if g[1]:
        out.append(A[1])
    if g[2]:
        out.append(A[2])
    if g[3]:
        out.append(A[3])
    return out


# Legal actions by the kind of the top task: ``(state, seat, task) -> actions``.
def _place_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    got = st._legal_cache.get(TURN_KEY)
    if got is not None and got[0] is t:
        return got[1]
    return turn_options(st, seat)


def _xplace_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    return place_actions(st, seat)


def _bid_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    return st.T.BID[: st.gold[seat] + 1]  # AL-G22: no bid above the bidder's gold


def _good_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    return _goods_choice(st, st.T.GOOD)


def _drop_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    return _held(st.goods[seat], st.T.DROP)


def _sell_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    g = st.goods[seat]
    p = t[2]
    T = st.T
    S = T.SELL
    out = []
    if p[0] and g[0]:
        out.append(S[0])
    if p[1] and g[1]:
        out.append(S[1])
    if p[2] and g[2]:
        out.append(S[2])
    if p[3] and g[3]:
        out.append(S[3])
    if t[3] >= 1:
        out.append(T.STOP)  # AL-044: at least 1 good
    return out


def _shop_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    T = st.T
    out = []
    if _goods_choice(st, T.GOOD):
        out.append(T.SHOP_GOOD)
    out += _held(st.goods[seat], T.SHOP_SELL)
    if st.guard_supply > 0:
        out.append(T.SHOP_GUARD)
    return out


def _buy_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    B = st.T.BUY
    return [B[c] for c in sorted(st.cv_faceup) if can_afford(st, seat, c)]


def _complete_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    C = st.T.COMPLETE
    return [C[c] for c in sorted(st.incomplete[seat]) if has_goods(st, seat, c)]


def _keep_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    K = st.T.KEEP
    return [K[c] for c in sorted(t[2])]


def _route_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    G = st.T.GO
    return [G[p] for p in st.content.pages[st.page].upcoming]


def _farmer_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    T = st.T  # AL-098: only with a space for the second worker; the rules skip the offer when
    # no space is open for all to see (ruling AL-R45), so ``no-farmer`` alone is left when the
    # holder's hidden gold or contracts rule out the spaces left
    return [T.FARMER, T.NOFARMER] if place_actions(st, seat) else [T.NOFARMER]


def _climb_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    page = st.content.pages[st.page]
    T = st.T
    seen = set()
    out = []
    for r in rule_of(page).routes(st, page, t[2]):
        owners = tuple(st.pg[i] for i in r)
        if owners not in seen:
            seen.add(owners)
            out.append(T.CLIMB[r])
    return out


def _fightalt_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    T = st.T  # AL-109, AL-R24: the alternative only if paid in full
    return [T.FIGHT, T.AVOID] if st.gold[seat] >= alt_cost(st) else [T.FIGHT]


def _option_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    e = st.content.encounters[st.enc]
    opts = st.T.OPTION
    return [opts[i] for i, o in enumerate(e.options) if st.gold[seat] >= o[1]]


def _final_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    T = st.T
    fee = st.content.end_contract_gold
    out = [
        T.COMPLETE[c]
        for c in sorted(st.incomplete[seat])
        if st.gold[seat] >= fee and has_goods(st, seat, c)
    ]
    out.append(T.END)
    return out


def _none_legal(st: AlmanacState, seat: int, t: tuple) -> list[Action]:
    return []


#: task kind -> its legal actions
LEGAL = {
    "place": _place_legal,
    "xplace": _xplace_legal,
    "bid": _bid_legal,
    "good": _good_legal,
    "trim": _drop_legal,
    "lose": _drop_legal,
    "sell": _sell_legal,
    "shop": _shop_legal,
    "buy": _buy_legal,
    "complete": _complete_legal,
    "keep": _keep_legal,
    "route": _route_legal,
    "farmer": _farmer_legal,
    "climb": _climb_legal,
    "fightalt": _fightalt_legal,
    "option": _option_legal,
    "final": _final_legal,
}


def legal_actions(st: AlmanacState, seat: int) -> list[Action]:
    """Legal actions of ``seat`` at the top task (see :mod:`meeple.games.almanac.rules`)."""
    t = st.tasks[-1]
    k = t[0]
    if k == "place":  # the most frequent node: its options are usually known already
        got = st._legal_cache.get(TURN_KEY)
        if got is not None and got[0] is t:
            return got[1]
    elif k == "trim":  # the next most frequent
        return _held(st.goods[seat], st.T.DROP)
    return LEGAL.get(k, _none_legal)(st, seat, t)


def chance_outcomes(st: AlmanacState) -> list[tuple[Action, float]]:
    """Outcomes of the chance node on top: uniform over unseen cards; dice by their faces."""
    t = st.tasks[-1]
    k = t[0]
    T = st.T
    if k == "draw_ct":
        d = st.ct_deck
        p = 1.0 / len(d)
        return [(T.CONTRACT[c], p) for c in sorted(d)]
    if k == "deal_cv":
        d = st.cv_deck
        p = 1.0 / len(d)
        return [(T.CARAVAN[c], p) for c in sorted(d)]
    if k == "fight_roll":
        return T.DIE_ODDS
    if k == "d6":
        return T.D6_ODDS
    if k == "deal_start":
        d = st.start_pool
        p = 1.0 / len(d)
        return [(T.START[c], p) for c in sorted(d)]
    if k == "enc_pick":
        ids = st.content.by_letter[st.content.pages[st.page].letter]
        p = 1.0 / len(ids)
        return [(T.ENC[e], p) for e in ids]
    return []


def is_chance_outcome(st: AlmanacState, action: Action) -> bool:
    """Whether ``action`` is among :func:`chance_outcomes` now, without listing them."""
    if not st.tasks:
        return False
    k = st.tasks[-1][0]
    kind = action.kind
    if k == "draw_ct":
        return kind == "contract" and action.args[0] in st.ct_deck
    if k == "deal_cv":
        return kind == "caravan" and action.args[0] in st.cv_deck
    if k == "fight_roll":
        return kind == "die"
    if k == "d6":
        return kind == "d6"
    if k == "deal_start":
        return kind == "start" and action.args[0] in st.start_pool
    if k == "enc_pick":
        c = st.content
        return kind == "encounter" and action.args[0] in c.by_letter[c.pages[st.page].letter]
    return False


#: n -> the running sums of n probabilities 1/n, as the generic sampler adds them up.
_UNIFORM_SUMS: dict[int, list[float]] = {}
#: id of an odds list -> (the list, its running sums).
_ODDS_SUMS: dict[int, tuple[list, list[float]]] = {}


def _running_sums(probs) -> list[float]:
    out = []
    acc = 0.0
    for p in probs:
        acc += p
        out.append(acc)
    return out


def _pick(sums: list[float], rng) -> int:
    """The index :func:`meeple.core.game.sample_chance` picks: the first running sum above one
    ``rng.random()`` draw (the last outcome if rounding leaves the draw above them all)."""
    return min(bisect_right(sums, rng.random()), len(sums) - 1)


def _pick_uniform(ids, rng) -> int:
    n = len(ids)
    if n == 1:
        return ids[0]  # a single outcome consumes no randomness
    sums = _UNIFORM_SUMS.get(n)
    if sums is None:
        p = 1.0 / n
        sums = _UNIFORM_SUMS[n] = _running_sums([p] * n)
    return ids[_pick(sums, rng)]


def _pick_odds(odds: Sequence[tuple[Action, float]], rng) -> Action:
    got = _ODDS_SUMS.get(id(odds))
    if got is None or got[0] is not odds:
        got = _ODDS_SUMS[id(odds)] = (odds, _running_sums(p for _, p in odds))
    if len(odds) == 1:
        return odds[0][0]
    return odds[_pick(got[1], rng)][0]


def sample_chance_outcome(st: AlmanacState, rng: random.Random) -> Action:
    """One outcome of the chance node on top, drawn exactly as
    :func:`meeple.core.game.sample_chance` draws from :func:`chance_outcomes` (same odds, same
    use of ``rng``), without building the list."""
    t = st.tasks[-1]
    k = t[0]
    T = st.T
    if k == "deal_cv":
        return T.CARAVAN[_pick_uniform(sorted(st.cv_deck), rng)]
    if k == "draw_ct":
        return T.CONTRACT[_pick_uniform(sorted(st.ct_deck), rng)]
    if k == "fight_roll":
        return _pick_odds(T.DIE_ODDS, rng)
    if k == "d6":
        return _pick_odds(T.D6_ODDS, rng)
    if k == "deal_start":
        return T.START[_pick_uniform(sorted(st.start_pool), rng)]
    if k == "enc_pick":
        return T.ENC[_pick_uniform(st.content.by_letter[st.content.pages[st.page].letter], rng)]
    raise ValueError("not a chance node")


def why_illegal(st: AlmanacState, action: Action, seat: int) -> tuple[str, str]:
    """Rule id and reason for refusing ``action`` (the state is left unchanged)."""
    if not st.tasks:
        return ("CORE-02", "the game is over")
    t = st.tasks[-1]
    k = t[0]
    kind = action.kind
    if k in ("place", "xplace"):
        if kind == "place":
            s = action.args[0]
            page = st.content.pages[st.page]
            if k == "place" and st.workers[seat] - st.placed[seat] <= 0:
                return (
                    "AL-035",
                    "no unplaced worker on your caravan (never from behind the screen)",
                )
            if s >= len(page.spaces):
                return ("AL-032", f"page {page.id} has no space {s}")
            if st.occ[s] >= 0:
                return ("AL-R07", f"space {s} is occupied (one worker per space)")
            if s not in rule_of(page).open_spaces(st, seat, page):
                rid = {
                    "village": "AL-087",
                    "uphill": "AL-R47",
                    "floe": "AL-099",
                    "cliff": "AL-089",
                }.get(page.rule, rule_of(page).rule_id)
                if page.rule == "village" and st.visited[seat] >> page.spaces[s].cluster & 1:
                    rid = "AL-088"  # each cluster is visited once
                return (rid, f"the placement rules of {page.name} forbid space {s} now")
            sp = page.spaces[s]
            if st.gold[seat] < sp.cost:
                return ("AL-046", f"space {s} costs {sp.cost} gold")
            if sp.action == "gain_contract" and len(st.incomplete[seat]) >= 2:
                return ("AL-040", "Gain a Contract needs fewer than 2 incomplete contracts")
            return ("AL-R09", f"the action of space {s} cannot be carried out now")
        if k == "xplace":
            return ("AL-098", "place the farmer token's second worker on a space now")
        if kind == "ladder":
            return ("AL-R27", "no ladder of that colour left, or the spot is taken")
        return ("AL-R08", "place a worker (no passing while a placement is possible)")
    if k == "farmer":
        if kind == "farmer" and action.args[0] == 1:
            return ("AL-R45", "no space you can use is left for a second worker: no-farmer")
        return ("AL-098", "use the farmer token (farmer) or keep it (no-farmer)")
    if k == "climb":
        page = st.content.pages[st.page]
        if kind == "climb" and action.args in rule_of(page).routes(st, page, t[2]):
            return (
                "AL-R41",
                "a route with the same ladder owners is the same climb: choose the one offered",
            )
        return ("AL-093", "climb from the bottom row by built ladders to the space's cluster")
    if k == "fightalt":
        if kind == "fight" and action.args[0] == 0:
            return ("AL-R24", f"the alternative costs {alt_cost(st)} gold, paid in full: fight")
        return ("AL-109", "fight, or take the card's alternative (avoid)")
    if k == "bid":
        if kind == "bid":
            return ("AL-R22", "a bid cannot exceed the bidder's gold")
        if st.bid_ctx == "page":
            return ("AL-R56", f"bid for the prize of {st.content.pages[st.page].name} now")
        return ("AL-054", "bid for the Guide now")
    if k == "route":
        return ("AL-060", "choose one of the 2 upcoming locations of this page")
    if k == "keep":
        return ("AL-041", "keep one of the contracts you drew")
    if k == "sell":
        return ("AL-044", "sell at least 1 good of a listed type")
    if k == "shop":
        return ("AL-045", "choose one shop option you can carry out")
    if k == "buy":
        return ("AL-039", "pay the full cost of an available caravan card")
    if k in ("complete", "final"):
        return ("AL-038" if k == "complete" else "AL-063", "you lack the goods or gold for that")
    if k in ("trim", "lose"):
        return ("AL-043", "discard a good you hold")
    if k == "good":
        return ("AL-R11", "choose a good the supply still holds")
    if k == "option":
        if kind == "option" and action.args[0] < len(st.content.encounters[st.enc].options):
            return ("AL-R24", "choose an option you can pay for in full")
        return ("AL-112", "choose one of the encounter card's options")
    return ("CORE-01", f"{action} is not among the legal actions now")
