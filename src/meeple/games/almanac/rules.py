"""Applying actions and running the automatic steps of a journey.

:func:`apply` resolves the decision or chance outcome on top of the task stack, then
:func:`advance` runs automatic tasks until the next decision, chance or simultaneous node.
No I/O, no RNG, no agent calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.almanac.effects import (
    ability_bonus,
    apply_effects,
    apply_roll,
    fire_arrival,
    gain_goods,
)
from meeple.games.almanac.moves import (
    TURN_KEY,
    alt_cost,
    can_afford,
    open_space_left,
    place_actions,
)
from meeple.games.almanac.pages import PAGE_RULES, climb, rule_of

if TYPE_CHECKING:
    from meeple.games.almanac.content import Space
    from meeple.games.almanac.state import AlmanacState


# -- automatic tasks ---------------------------------------------------------------------------
def _setup_gold(st: AlmanacState, t: tuple) -> bool:
    """AL-023 / AL-G02: starting gold by turn position from the Guide."""
    st.tasks.pop()
    sg = st.content.starting_gold
    for k in range(st.n):
        st.gold[(st.guide + k) % st.n] = sg[k]
    return True


def _round(st: AlmanacState, t: tuple) -> bool:
    """AL-027: a round is Arrival, Action and End phases."""
    st.tasks.pop()
    st.round += 1
    st.tasks.extend(
        [("end_phase",), ("after_placed",), ("action_loop",), ("page_setup",), ("deal_cv", st.n)]
    )
    st.tasks.append(("arrival", 0))
    return True


def _arrival(st: AlmanacState, t: tuple) -> bool:
    """AL-028: in turn order each player resolves their Arrival Phase abilities."""
    k = t[1]
    st.tasks.pop()
    if k < st.n:
        st.tasks.append(("arrival", k + 1))
        fire_arrival(st, (st.guide + k) % st.n)
    return True


def _deal_cv(st: AlmanacState, t: tuple) -> bool:
    """AL-029: deal caravan cards equal to the number of players (chance per card)."""
    if t[1] <= 0:
        st.tasks.pop()
        return True
    if not st.cv_deck:
        if st.cv_discard:  # AL-G34 / AL-R34: reshuffle the discards into a new deck
            st.cv_deck = sorted(st.cv_discard)
            st.cv_discard = []
            return True
        st.tasks.pop()
        return True
    return False


def _draw_ct(st: AlmanacState, t: tuple) -> bool:
    """Contract draws: chance over the unseen deck, then the known bottom cards in order."""
    if t[2] <= 0:
        st.tasks.pop()
        _drawn(st, t)
        return True
    if st.ct_deck:
        return False
    st.tasks.pop()
    if st.ct_bottom:
        k = st.ct_bottom.pop(0)[0]
        _took_contract(st, t, k)
    else:  # AL-G34: draw what is available
        _drawn(st, (t[0], t[1], 0, t[3], t[4]))
    return True


def _took_contract(st: AlmanacState, t: tuple, k: int) -> None:
    seat, left, purpose, drawn = t[1], t[2] - 1, t[3], t[4]
    if purpose == "hand":
        st.incomplete[seat].append(k)  # AL-019, AL-I11: face down
        drawn = ()
    else:
        drawn = (*drawn, k)
    st.tasks.append(("draw_ct", seat, left, purpose, drawn))


def _drawn(st: AlmanacState, t: tuple) -> None:
    if t[3] == "gain" and t[4]:
        if len(t[4]) == 1:
            st.incomplete[t[1]].append(t[4][0])
        else:
            st.tasks.append(("keep", t[1], t[4]))


def _page_setup(st: AlmanacState, t: tuple) -> bool:
    """AL-030: lay out the page: empty spaces, its tokens, its placement rule."""
    st.tasks.pop()
    page = st.content.pages[st.page]
    st.occ = [-1] * len(page.spaces)
    st.visited = [0] * st.n
    st.tok_supply = {k: st.content.token_count[k] for k in page.tokens}
    rule_of(page).setup(st, page)
    st.turn = st.guide
    return True


def _action_loop(st: AlmanacState, t: tuple) -> bool:
    """AL-031..AL-036: from the Guide clockwise, one worker at a time; skip who cannot place."""
    n = st.n
    turn = st.turn
    workers = st.workers
    placed = st.placed
    for i in range(n):
        s = (turn + i) % n
        if workers[s] - placed[s] <= 0:
            continue  # AL-035 (turn_options, inlined)
        opts = place_actions(st, s, True)
        if opts:
            st.turn = s
            task = ("place", s)
            st.tasks.append(task)
            st._legal_cache[TURN_KEY] = (task, opts)  # the seat's legal actions, found here
            return False
    st.tasks.pop()
    return True


def _after_placed(st: AlmanacState, t: tuple) -> bool:
    """AL-G35: the page's after-all-placed resolution."""
    st.tasks.pop()
    page = st.content.pages[st.page]
    rule_of(page).after_all_placed(st, page)
    return True


def _end_phase(st: AlmanacState, t: tuple) -> bool:
    """AL-052: after the 6th page, the end of the game; otherwise the End Phase steps."""
    st.tasks.pop()
    if st.round >= 6 or not st.content.pages[st.page].upcoming:
        st.tasks.append(("final_loop", 0))
        return True
    st.tasks.extend(
        [("cleanup",), ("enc_start",), ("enc_pick",), ("route_start",), ("bid_start", "guide")]
    )
    st.tasks.append(("retrieve",))
    return True


def _retrieve(st: AlmanacState, t: tuple) -> bool:
    """AL-053: all workers come back to the caravans (farmer workers go home, AL-R26); farmer
    tokens not used on Cliffside go back to the box with its page (ruling AL-R77)."""
    st.tasks.pop()
    st.placed = [0] * st.n
    st.extra = [0] * st.n
    st.occ = [-1] * len(st.occ)
    if st.content.pages[st.page].rule == "cliff":
        st.farmer = [0] * st.n
    return True


def _bid_start(st: AlmanacState, t: tuple) -> bool:
    """AL-054 / AL-074: a sealed bid (simultaneous node), for the Guide, an encounter's reward
    or a page's prize (ruling AL-R56)."""
    st.tasks.pop()
    st.bids = [-1] * st.n
    st.bid_ctx = t[1]
    st.tasks.append(("bid",))
    return True


def _route_start(st: AlmanacState, t: tuple) -> bool:
    st.tasks.pop()
    page = st.content.pages[st.page]  # AL-060: the Guide, unless the page says who
    st.tasks.append(("route", rule_of(page).route_chooser(st, page)))
    return True


def _enc_start(st: AlmanacState, t: tuple) -> bool:
    """AL-061, AL-104: set up the revealed encounter."""
    st.tasks.pop()
    e = st.content.encounters[st.enc]
    st.enc_won = 0
    st.enc_flee = 0
    st.enc_opt = -1
    st.enc_roll = 0
    st.enc_fighter = -1
    st.enc_face = 0
    if e.type == "special" and e.mode == "auction":
        st.tasks.append(("bid_start", "reward"))
        return True
    st.tasks.append(("enc_loop", 0))
    if e.type == "special" and e.mode == "guide_chooses":
        st.tasks.append(("option", st.guide))
    return True


def _enc_loop(st: AlmanacState, t: tuple) -> bool:
    """AL-G23: each player once, from the Guide clockwise; fights stop at the first win."""
    k = t[1]
    st.tasks.pop()
    if k >= st.n or st.enc_won:
        return True
    st.tasks.append(("enc_loop", k + 1))
    seat = (st.guide + k) % st.n
    e = st.content.encounters[st.enc]
    if e.type == "fight":
        st.tasks.append(("fight_roll", seat))
    elif e.type == "optional":  # AL-109; the alternative needs full payment (AL-R24)
        st.tasks.append(("fightalt", seat))
    elif e.mode == "each_chooses":
        st.tasks.append(("option", seat))
    elif e.mode == "everyone":
        apply_effects(st, seat, e.options[0][2])
    else:  # guide_chooses: the Guide's option applies to everyone (AL-G25)
        apply_effects(st, seat, e.options[st.enc_opt][2])
    return True


def _cleanup(st: AlmanacState, t: tuple) -> bool:
    """AL-062: discard the encounter and unpurchased caravan cards; turn the page."""
    st.tasks.pop()
    st.cv_discard.extend(st.cv_faceup)
    st.cv_faceup = []
    st.enc = -1
    st.enc_flee = 0
    st.enc_opt = -1
    st.enc_roll = 0
    st.enc_won = 0
    st.enc_fighter = -1
    st.enc_face = 0
    st.page = st.next_page
    st.route.append(st.next_page)
    st.next_page = 0
    st.tasks.append(("round",))
    return True


def _final_loop(st: AlmanacState, t: tuple) -> bool:
    """AL-063 / AL-G33: in turn order from the Guide, complete contracts for goods + 5 gold."""
    k = t[1]
    st.tasks.pop()
    if k < st.n:
        st.tasks.append(("final_loop", k + 1))
        st.tasks.append(("final", (st.guide + k) % st.n))
    return True


def _trim(st: AlmanacState, t: tuple) -> bool:
    """AL-043 / AL-047: goods beyond the crates are discarded, the player choosing which."""
    seat = t[1]
    g = st.goods[seat]
    over = sum(g) - st.crates[seat]
    if over <= 0:
        st.tasks.pop()
        return True
    kind = _only_kind(g)
    if kind >= 0:
        g[kind] -= over
        st.tasks.pop()
        return True
    return False


def _only_kind(g: list[int]) -> int:
    """The one type of good held, or -1 when there are several (or none)."""
    held = -1
    for i in range(4):
        if g[i]:
            if held >= 0:
                return -1
            held = i
    return held


def _lose(st: AlmanacState, t: tuple) -> bool:
    """Losses take what there is (AL-G24); the player chooses which goods when it matters."""
    seat, left = t[1], t[2]
    g = st.goods[seat]
    total = sum(g)
    if left <= 0 or total == 0:
        st.tasks.pop()
        return True
    if total <= left:
        st.goods[seat] = [0, 0, 0, 0]
        st.tasks.pop()
        return True
    kind = _only_kind(g)
    if kind >= 0:
        g[kind] -= left
        st.tasks.pop()
        return True
    return False


def _good(st: AlmanacState, t: tuple) -> bool:
    if t[2] <= 0 or sum(map(sum, st.goods)) >= 4 * st.content.goods_per_type:
        st.tasks.pop()
        return True
    return False


def _sell(st: AlmanacState, t: tuple) -> bool:
    if t[3] >= 1:
        g = st.goods[t[1]]
        p = t[2]
        if not ((p[0] and g[0]) or (p[1] and g[1]) or (p[2] and g[2]) or (p[3] and g[3])):
            st.tasks.pop()
            return True
    return False


def _farmer(st: AlmanacState, t: tuple) -> bool:
    """AL-098: the offer to discard a farmer token for an immediate second worker; not made
    without a token, nor when no empty space is open to the holder by the page's geometry
    (ruling AL-R45: a test on hidden gold or contracts would reveal them)."""
    if st.farmer[t[1]] > 0 and open_space_left(st, t[1]):
        return False
    st.tasks.pop()
    return True


AUTO = {
    "setup_gold": _setup_gold,
    "round": _round,
    "arrival": _arrival,
    "deal_cv": _deal_cv,
    "draw_ct": _draw_ct,
    "page_setup": _page_setup,
    "action_loop": _action_loop,
    "after_placed": _after_placed,
    "end_phase": _end_phase,
    "retrieve": _retrieve,
    "bid_start": _bid_start,
    "route_start": _route_start,
    "enc_start": _enc_start,
    "enc_loop": _enc_loop,
    "cleanup": _cleanup,
    "final_loop": _final_loop,
    "trim": _trim,
    "lose": _lose,
    "good": _good,
    "sell": _sell,
    "farmer": _farmer,
}


def advance(st: AlmanacState) -> None:
    """Run automatic tasks until a decision, chance or simultaneous node (or the end)."""
    tasks = st.tasks
    auto = AUTO
    while tasks:
        h = auto.get(tasks[-1][0])
        if h is None or not h(st, tasks[-1]):
            return


# -- resolving spaces -------------------------------------------------------------------------
def place_worker(st: AlmanacState, seat: int, space: int, extra: bool) -> None:
    """Put a worker on ``space`` and resolve it (AL-031, AL-046, page hooks)."""
    page = st.content.pages[st.page]
    sp = page.spaces[space]
    st.gold[seat] -= sp.cost
    st.occ[space] = seat
    if extra:
        st.extra[seat] += 1
    else:
        st.placed[seat] += 1
    rule = page.rule
    if rule == "cliff" or st.farmer[seat]:
        # AL-098: the offer follows every placement while a token is held (ruling AL-R26;
        # tokens leave with Cliffside's page, ruling AL-R77); it is pushed first, so it comes
        # once the space has resolved, and a token that space earned may be used at once
        # (ruling AL-R44)
        st.tasks.append(("farmer", seat))
    if sp.action == "goods" and not sp.goods[4] and rule != "cliff":
        # AL-042, AL-043, the common case: the surplus check would come next, straight away
        # (nothing else is pushed above it), so it is pushed only when there is a surplus.
        g = sp.goods
        mine = st.goods[seat]
        for i in range(4):
            if g[i]:
                gain_goods(st, seat, i, g[i])
        if mine[0] + mine[1] + mine[2] + mine[3] > st.crates[seat]:
            st.tasks.append(("trim", seat))
        if rule != "free":
            PAGE_RULES[rule].on_place(st, seat, page, space)
        return
    resolve_space(st, seat, sp)
    if rule != "free":  # free placement has nothing to do on placing
        PAGE_RULES[rule].on_place(st, seat, page, space)


def resolve_space(st: AlmanacState, seat: int, sp: Space) -> None:
    """The standard and location actions (AL-038..AL-046)."""
    a = sp.action
    tasks = st.tasks
    if a == "goods":  # AL-042, AL-043
        tasks.append(("trim", seat))
        g = sp.goods
        for i in range(4):
            if g[i]:
                gain_goods(st, seat, i, g[i])
        if g[4]:
            tasks.append(("good", seat, g[4]))
    elif a == "sell":  # AL-044
        tasks.append(("sell", seat, sp.prices, 0, "space"))
    elif a == "shop":  # AL-045
        tasks.append(("shop", seat))
    elif a == "gain_contract":  # AL-041, AL-082
        n = st.content.contract_draw + ability_bonus(st, seat, "contract_draw")
        tasks.append(("draw_ct", seat, n, "gain", ()))
    elif a == "complete_contract":  # AL-038
        tasks.append(("complete", seat))
    elif a == "extend_caravan":  # AL-039
        tasks.append(("buy", seat))
    elif a == "token":  # location action: take one of the page's tokens
        st.tok_supply[sp.token] -= 1
        st.tokens[seat][sp.token] = st.tokens[seat].get(sp.token, 0) + 1
        st.gold[seat] += sp.gold
    elif a == "farmer":  # AL-097
        st.farmer[seat] += 1
        st.gold[seat] += sp.gold
    # "ice" resolves after all workers are placed (AL-102)


def resolve_bid(st: AlmanacState) -> None:
    """AL-055..AL-059, AL-074: highest bid wins; ties go to the Guide, else the first tied
    player clockwise from the Guide; the winner pays the lowest bid, or 1 if it is 0."""
    bids = st.bids
    n = st.n
    top = max(bids)
    if bids[st.guide] == top:
        winner = st.guide
    else:
        winner = next((st.guide + k) % n for k in range(1, n) if bids[(st.guide + k) % n] == top)
    low = min(bids)
    pay = low if low > 0 else min(1, st.gold[winner])
    st.gold[winner] -= pay
    st.last_bids = [*bids, winner, pay]
    st.bids = []
    if st.bid_ctx == "guide":
        st.guide = winner
    elif st.bid_ctx == "page":  # a page's own bid (ruling AL-R56)
        page = st.content.pages[st.page]
        rule_of(page).bid_won(st, page, winner)
    else:
        apply_effects(st, winner, st.content.encounters[st.enc].reward)
    st.bid_ctx = ""


# -- applying actions ---------------------------------------------------------------------------
# One function per kind of top task, ``(state, task, action, seat)``; the task is still on top.
def _do_place(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    st.turn = (seat + 1) % st.n
    if action.kind == "place":
        place_worker(st, seat, action.args[0], False)
    else:
        page = st.content.pages[st.page]
        rule_of(page).on_turn_action(st, seat, page, action)


def _do_xplace(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    place_worker(st, seat, action.args[0], True)


def _do_bid(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.bids[seat] = action.args[0]
    if -1 not in st.bids:
        st.tasks.pop()
        resolve_bid(st)


def _do_good(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    tasks = st.tasks
    tasks.pop()
    st.goods[seat][action.args[0]] += 1
    tasks.append(("good", seat, t[2] - 1))


def _do_trim(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.goods[seat][action.args[0]] -= 1


def _do_lose(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    tasks = st.tasks
    tasks.pop()
    st.goods[seat][action.args[0]] -= 1
    tasks.append(("lose", seat, t[2] - 1))


def _do_sell(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    tasks = st.tasks
    tasks.pop()
    if action.kind == "sell":
        g = action.args[0]
        bonus = ability_bonus(st, seat, "sell" if t[4] == "space" else "shop")
        st.goods[seat][g] -= 1
        st.gold[seat] += t[2][g] + bonus
        tasks.append(("sell", seat, t[2], t[3] + 1, t[4]))


def _do_shop(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    tasks = st.tasks
    tasks.pop()
    opt, g = action.args
    if opt == 0:
        tasks.append(("trim", seat))
        tasks.append(("good", seat, 1))
    elif opt == 1:  # AL-R14: goods of one type, 3 gold each, one at a time
        prices = tuple(3 if i == g else 0 for i in range(4))
        st.goods[seat][g] -= 1
        st.gold[seat] += 3 + ability_bonus(st, seat, "shop")
        tasks.append(("sell", seat, prices, 1, "shop"))
    else:
        st.guards[seat] += 1
        st.guard_supply -= 1


def _do_buy(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    buy_card(st, seat, action.args[0])


def _do_complete(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    complete(st, seat, action.args[0])


def _do_final(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    if action.kind == "end":
        st.tasks.pop()
    else:
        st.gold[seat] -= st.content.end_contract_gold
        complete(st, seat, action.args[0])


def _do_keep(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    c = action.args[0]
    st.incomplete[seat].append(c)
    for o in sorted(t[2]):  # AL-041 / AL-R39: the others go to the bottom, id order
        if o != c:
            st.ct_bottom.append([o, seat])


def _do_route(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    st.next_page = action.args[0]


def _do_farmer(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    if action.args[0]:
        st.farmer[seat] -= 1
        st.tasks.append(("xplace", seat))


def _do_climb(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    climb(st, seat, action.args)


def _do_fightalt(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    st.tasks.pop()
    if action.args[0]:
        st.tasks.append(("fight_roll", seat))
    else:
        st.gold[seat] -= alt_cost(st)
        e = st.content.encounters[st.enc]
        if e.alt_kind == "flee":
            st.enc_flee += 1


def _do_option(st: AlmanacState, t: tuple, action: Action, seat: int) -> None:
    tasks = st.tasks
    tasks.pop()
    i = action.args[0]
    e = st.content.encounters[st.enc]
    if e.mode == "guide_chooses":
        st.enc_opt = i
        for eff in e.options[i][2]:
            if eff[0] == "roll":  # AL-G25: one roll for everyone
                tasks.append(("d6", -1, eff))
                break
    else:
        st.gold[seat] -= e.options[i][1]
        apply_effects(st, seat, e.options[i][2])


def _nothing(*_: object) -> None:
    """A task kind without a move of its own: nothing changes (as before the dispatch)."""


#: decision task kind -> how a legal action of its seat changes the state
DO = {
    "place": _do_place,
    "xplace": _do_xplace,
    "bid": _do_bid,
    "good": _do_good,
    "trim": _do_trim,
    "lose": _do_lose,
    "sell": _do_sell,
    "shop": _do_shop,
    "buy": _do_buy,
    "complete": _do_complete,
    "final": _do_final,
    "keep": _do_keep,
    "route": _do_route,
    "farmer": _do_farmer,
    "climb": _do_climb,
    "fightalt": _do_fightalt,
    "option": _do_option,
}


def _deal_start(st: AlmanacState, t: tuple, action: Action) -> None:
    st.tasks.pop()
    c = action.args[0]
    st.start_pool.remove(c)
    card = st.content.starting[c]
    st.start[t[1]] = c
    st.crates[t[1]] = card.crates
    st.shields[t[1]] = card.shields


def _deal_contract(st: AlmanacState, t: tuple, action: Action) -> None:
    st.tasks.pop()
    c = action.args[0]
    st.ct_deck.remove(c)
    _took_contract(st, t, c)


def _deal_caravan(st: AlmanacState, t: tuple, action: Action) -> None:
    tasks = st.tasks
    tasks.pop()
    c = action.args[0]
    st.cv_deck.remove(c)
    st.cv_faceup.append(c)
    tasks.append(("deal_cv", t[1] - 1))


def _reveal_encounter(st: AlmanacState, t: tuple, action: Action) -> None:
    st.tasks.pop()
    st.enc = action.args[0]


def _fight_roll(st: AlmanacState, t: tuple, action: Action) -> None:
    st.tasks.pop()
    st.enc_fighter, st.enc_face = t[1], action.args[0]  # told by the prompt after a loss
    fight(st, t[1], action.args[0])


def _d6(st: AlmanacState, t: tuple, action: Action) -> None:
    st.tasks.pop()
    v = action.args[0]
    if t[1] < 0:
        st.enc_roll = v
    else:
        apply_roll(st, t[1], t[2][1], v)


#: chance task kind -> how an outcome changes the state
OUTCOME = {
    "deal_start": _deal_start,
    "draw_ct": _deal_contract,
    "deal_cv": _deal_caravan,
    "enc_pick": _reveal_encounter,
    "fight_roll": _fight_roll,
    "d6": _d6,
}


def apply(st: AlmanacState, action: Action, seat: int) -> None:
    """Apply a legal ``action`` of ``seat`` (or a chance outcome), then :func:`advance`."""
    tasks = st.tasks
    t = tasks[-1]
    k = t[0]
    if action.chance:
        OUTCOME.get(k, _nothing)(st, t, action)
    elif k == "place" and action.kind == "place":  # _do_place, inlined: the most frequent
        tasks.pop()
        st.turn = (seat + 1) % st.n
        place_worker(st, seat, action.args[0], False)
    elif k == "trim":  # _do_trim, inlined: a surplus goes one good at a time
        g = st.goods[seat]
        g[action.args[0]] -= 1
        if sum(g) > st.crates[seat] and _only_kind(g) < 0:
            return  # _trim would leave the same choice on top
    else:
        DO.get(k, _nothing)(st, t, action, seat)
    # advance(st), inlined: it runs after every move
    auto = AUTO
    while tasks:
        t = tasks[-1]
        h = auto.get(t[0])
        if h is None or not h(st, t):
            return


def fight(st: AlmanacState, seat: int, face: int) -> None:
    """AL-115 / AL-116: strength + die >= encounter strength wins; X always loses."""
    e = st.content.encounters[st.enc]
    if face >= 0 and st.strength(seat) + face >= e.strength:
        st.enc_won = 1
        apply_effects(st, seat, e.win)
    else:
        apply_effects(st, seat, e.lose)


def buy_card(st: AlmanacState, seat: int, cid: int) -> None:
    """AL-039, AL-077, AL-G16: pay in full, add to the caravan; its workers come from behind
    the screen at once (as many as remain)."""
    c = st.content.caravans[cid]
    assert can_afford(st, seat, cid)
    st.gold[seat] -= c.gold
    g = st.goods[seat]
    for i in range(4):
        g[i] -= c.goods[i]
    st.cv_faceup.remove(cid)
    st.caravan[seat].append(cid)
    st.crates[seat] += c.crates
    st.shields[seat] += c.shields
    st.workers[seat] += min(c.workers, st.reserve(seat))


def complete(st: AlmanacState, seat: int, cid: int) -> None:
    """AL-038: discard the required goods and flip the contract face up."""
    r = st.content.contracts[cid].goods
    g = st.goods[seat]
    for i in range(4):
        g[i] -= r[i]
    st.incomplete[seat].remove(cid)
    st.completed[seat].append(cid)
