"""Legal move generation and chance outcomes: cheap, list-based, no state copies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.almanac.effects import supply_left
from meeple.games.almanac.pages import rule_of

if TYPE_CHECKING:
    from meeple.games.almanac.content import Space
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


def space_ok(st: AlmanacState, seat: int, sp: Space) -> bool:
    """Whether the mandatory action of ``sp`` (and its cost) can be carried out (AL-G09,
    ruling AL-R09; cost spaces AL-046)."""
    a = sp.action
    if st.gold[seat] < sp.cost:
        return False
    if a == "goods" or a == "ice" or a == "farmer":
        return True
    if a == "sell":
        g = st.goods[seat]
        p = sp.prices
        return (p[0] and g[0]) or (p[1] and g[1]) or (p[2] and g[2]) or (p[3] and g[3]) or False
    if a == "shop":
        return True  # option 1 or 3 is always possible while a good or guard is left
    if a == "gain_contract":
        return len(st.incomplete[seat]) < 2 and bool(st.ct_deck or st.ct_bottom)  # AL-040
    if a == "complete_contract":
        return any(has_goods(st, seat, k) for k in st.incomplete[seat])
    if a == "extend_caravan":
        return any(can_afford(st, seat, c, sp.cost) for c in st.cv_faceup)
    if a == "token":
        return st.tok_supply.get(sp.token, 0) > 0
    return False


def place_spaces(st: AlmanacState, seat: int) -> list[int]:
    """Spaces where ``seat`` may put a worker now (page geometry + mandatory action)."""
    page = st.content.pages[st.page]
    sps = page.spaces
    return [i for i in rule_of(page).open_spaces(st, seat, page) if space_ok(st, seat, sps[i])]


def turn_options(st: AlmanacState, seat: int) -> list[Action]:
    """A placement turn: put a worker, or a page turn action such as a ladder (AL-090)."""
    if st.workers[seat] - st.placed[seat] <= 0:
        return []  # AL-035: never from behind the screen
    T = st.T
    out = [T.PLACE[i] for i in place_spaces(st, seat)]
    page = st.content.pages[st.page]
    if page.rule == "cliff":
        out += rule_of(page).turn_actions(st, seat, page)
    return out


def _goods_choice(st: AlmanacState, A: list[Action]) -> list[Action]:
    return [A[g] for g in range(4) if supply_left(st, g) > 0]


def legal_actions(st: AlmanacState, seat: int) -> list[Action]:
    """Legal actions of ``seat`` at the top task (see :mod:`meeple.games.almanac.rules`)."""
    t = st.tasks[-1]
    k = t[0]
    T = st.T
    if k == "place":
        return turn_options(st, seat)
    if k == "xplace":
        return [T.PLACE[i] for i in place_spaces(st, seat)]
    if k == "bid":
        return T.BID[: st.gold[seat] + 1]  # AL-G22: no bid above the bidder's gold
    if k == "good":
        return _goods_choice(st, T.GOOD)
    if k == "trim" or k == "lose":
        g = st.goods[seat]
        return [T.DROP[i] for i in range(4) if g[i]]
    if k == "sell":
        g = st.goods[seat]
        p = t[2]
        out = [T.SELL[i] for i in range(4) if p[i] and g[i]]
        if t[3] >= 1:
            out.append(T.STOP)  # AL-044: at least 1 good
        return out
    if k == "shop":
        out = []
        if any(supply_left(st, g) > 0 for g in range(4)):
            out.append(T.SHOP_GOOD)
        g = st.goods[seat]
        out += [T.SHOP_SELL[i] for i in range(4) if g[i]]
        if st.guard_supply > 0:
            out.append(T.SHOP_GUARD)
        return out
    if k == "buy":
        return [T.BUY[c] for c in sorted(st.cv_faceup) if can_afford(st, seat, c)]
    if k == "complete":
        return [T.COMPLETE[c] for c in sorted(st.incomplete[seat]) if has_goods(st, seat, c)]
    if k == "keep":
        return [T.KEEP[c] for c in sorted(t[2])]
    if k == "route":
        return [T.GO[p] for p in st.content.pages[st.page].upcoming]
    if k == "farmer":  # AL-098: only with a space for the second worker
        return [T.FARMER, T.NOFARMER] if place_spaces(st, seat) else [T.NOFARMER]
    if k == "climb":
        page = st.content.pages[st.page]
        seen = set()
        out = []
        for r in rule_of(page).routes(st, page, t[2]):
            owners = tuple(st.pg[i] for i in r)
            if owners not in seen:
                seen.add(owners)
                out.append(T.CLIMB[r])
        return out
    if k == "fightalt":  # AL-109, AL-R24: the alternative only if paid in full
        return [T.FIGHT, T.AVOID] if st.gold[seat] >= alt_cost(st) else [T.FIGHT]
    if k == "option":
        e = st.content.encounters[st.enc]
        return [T.OPTION[i] for i, o in enumerate(e.options) if st.gold[seat] >= o[1]]
    if k == "final":
        fee = st.content.end_contract_gold
        out = [
            T.COMPLETE[c]
            for c in sorted(st.incomplete[seat])
            if st.gold[seat] >= fee and has_goods(st, seat, c)
        ]
        out.append(T.END)
        return out
    return []


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
                rid = {"village": "AL-087", "floe": "AL-099", "cliff": "AL-089"}.get(
                    page.rule, "AL-031"
                )
                if page.rule == "village" and st.visited[seat] >> page.spaces[s].cluster & 1:
                    rid = "AL-088"  # each cluster is visited once
                return (rid, f"the placement rules of {page.name} forbid space {s} now")
            sp = page.spaces[s]
            if st.gold[seat] < sp.cost:
                return ("AL-046", f"space {s} costs {sp.cost} gold")
            if sp.action == "gain_contract" and len(st.incomplete[seat]) >= 2:
                return ("AL-040", "Gain a Contract needs fewer than 2 incomplete contracts")
            return ("AL-R09", f"the action of space {s} cannot be carried out now")
        if kind == "ladder":
            return ("AL-R27", "no ladder of that colour left, or the spot is taken")
        return ("AL-R08", "place a worker (no passing while a placement is possible)")
    if k == "bid":
        if kind == "bid":
            return ("AL-R22", "a bid cannot exceed the bidder's gold")
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
        return ("AL-R24", "choose an option you can pay for in full")
    return ("CORE-01", f"{action} is not among the legal actions now")
