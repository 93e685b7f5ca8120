"""Observations (the only door to hidden information) and determinization.

Private (AL-G32, ruling AL-R32): each player's gold and the workers behind their screen, their
face-down (incomplete) contracts, contracts they drew and have not yet kept, contracts they put
on the bottom of the deck, sealed bids until all are in, and the order of every deck. Public:
everything else. A determinization keeps what the seat sees and resamples the rest.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from meeple.core.game import State
from meeple.games.almanac.consts import SEAT_FIELDS
from meeple.games.almanac.moves import LEGAL, has_goods

if TYPE_CHECKING:
    from meeple.games.almanac.game import Almanac
    from meeple.games.almanac.state import AlmanacState


#: Draws of :func:`determinize` after its exact ones, each with a completable contract forced.
_FORCED_ATTEMPTS = 300

#: Decision tasks whose options depend on a seat's hidden contracts or gold (AL-R42).
_HIDDEN_OPTIONS = frozenset(("complete", "buy", "option"))

#: A player's per-seat plain values but gold (``SEAT_FIELDS`` after its first entry, gold).
_SEAT_ROW = itemgetter(*SEAT_FIELDS[1:])


def state_data(st: AlmanacState, viewer: Any) -> dict[str, Any]:
    """The state as JSON data, as ``viewer`` sees it.

    Args:
        st: The state.
        viewer: A seat, ``None`` (a spectator) or ``"all"`` (the full snapshot).
    """
    full = viewer == "all"
    n = st.n
    # final scoring counts every player's gold and contracts: shown to all once the game is
    # over (ruling AL-R32)
    over = not st.tasks
    players = []
    for s in range(n):
        mine = full or over or viewer == s
        players.append(
            {
                "gold": st.gold[s] if mine else None,
                "goods": st.goods[s][:],
                "crates": st.crates[s],
                "shields": st.shields[s],
                "strength": st.strength(s),
                "start": st.start[s],
                "caravan": st.caravan[s][:],
                "workers": st.workers[s],
                "placed": st.placed[s],
                "extra": st.extra[s],
                "reserve": st.reserve(s) if mine else None,
                "incomplete": st.incomplete[s][:] if mine else [None] * len(st.incomplete[s]),
                "completed": st.completed[s][:],
                "guards": st.guards[s],
                "tokens": dict(sorted(st.tokens[s].items())),
                "trophies": st.trophies[s][:],
                "farmer": st.farmer[s],
                "ladders": st.ladders[s],
                "grey": st.grey[s],
                "visited": st.visited[s],
            }
        )
    tasks = []
    for t in st.tasks:
        if t[0] in ("draw_ct", "keep") and not (full or viewer == t[1]):
            drawn = t[-1]
            t = (*t[:-1], [None] * len(drawn))
        tasks.append(_jsonable(t))
    bids = [
        b if (full or viewer == s or b == -1) else -2 for s, b in enumerate(st.bids)
    ]  # -2: committed, amount hidden (AL-G22)
    return {
        "viewer": viewer,
        "players": players,
        "round": st.round,
        "page": st.page,
        "route": st.route[:],
        "guide": st.guide,
        "next_page": st.next_page,
        "turn": st.turn,
        "caravan_deck": sorted(st.cv_deck),
        "caravan_faceup": st.cv_faceup[:],
        "caravan_discard": st.cv_discard[:],
        "contract_deck": sorted(st.ct_deck) if full else None,
        "contract_deck_size": len(st.ct_deck),
        "contract_bottom": [[k if (full or viewer == w) else None, w] for k, w in st.ct_bottom],
        "start_pool": st.start_pool[:],
        "guard_supply": st.guard_supply,
        "token_supply": dict(sorted(st.tok_supply.items())),
        "occupied": st.occ[:],
        "page_state": st.pg[:],
        "bids": bids,
        "bid_context": st.bid_ctx,
        "last_bids": st.last_bids[:],
        "encounter": st.enc,
        "encounter_won": st.enc_won,
        "encounter_flee": st.enc_flee,
        "encounter_option": st.enc_opt,
        "encounter_roll": st.enc_roll,
        "encounter_fighter": st.enc_fighter,
        "encounter_face": st.enc_face,
        "tasks": tasks,
    }


def _jsonable(x: Any) -> Any:
    """``x`` with every tuple turned into a list, at any depth (tasks are mostly flat)."""
    if not isinstance(x, tuple | list):
        return x
    out = list(x)
    for i, y in enumerate(out):
        if isinstance(y, tuple | list):
            out[i] = _jsonable(y)
    return out


def _tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple([_tuples(y) if isinstance(y, list) else y for y in x])
    return x


def from_data(game: Almanac, d: dict[str, Any]) -> AlmanacState:
    """Build a state from full data (every hidden value filled in).

    Raises:
        ValueError: when a hidden value is missing.
    """
    ps = d["players"]
    gold = [p["gold"] for p in ps]
    if None in gold:
        raise ValueError("gold is hidden in this data")
    return _assemble(
        game,
        d,
        gold,
        [list(p["incomplete"]) for p in ps],
        [list(x) for x in d["contract_bottom"]],
        [_tuples(t) for t in d["tasks"]],
        list(d["contract_deck"]),
        list(d["bids"]),
    )


def _assemble(
    game: Almanac,
    d: dict[str, Any],
    gold: list[int],
    incomplete: list[list[int]],
    ct_bottom: list[list[int]],
    tasks: list[tuple],
    ct_deck: list[int],
    bids: list[int],
) -> AlmanacState:
    """A state of ``d``'s public data with the given private parts, which it takes as they are.

    Every list and dict of ``d`` is copied, so the state shares nothing mutable with ``d``.
    """
    cls = game.state_class
    st = cls.__new__(cls)
    State.__init__(st, game)
    st.content = game.content
    st.T = game.table
    st.n = game.num_players
    ps = d["players"]
    rows = zip(*map(_SEAT_ROW, ps), strict=True)  # one tuple per field, a value per seat
    for name, values in zip(SEAT_FIELDS[1:], rows, strict=True):
        setattr(st, name, list(values))
    st.gold = gold
    st.goods = [list(p["goods"]) for p in ps]
    st.caravan = [list(p["caravan"]) for p in ps]
    st.incomplete = incomplete
    st.completed = [list(p["completed"]) for p in ps]
    st.trophies = [list(p["trophies"]) for p in ps]
    st.tokens = [dict(p["tokens"]) for p in ps]
    st.round = d["round"]
    st.page = d["page"]
    st.route = list(d["route"])
    st.guide = d["guide"]
    st.next_page = d["next_page"]
    st.turn = d["turn"]
    st.cv_deck = list(d["caravan_deck"])
    st.cv_faceup = list(d["caravan_faceup"])
    st.cv_discard = list(d["caravan_discard"])
    st.ct_deck = ct_deck
    st.ct_bottom = ct_bottom
    st.start_pool = list(d["start_pool"])
    st.guard_supply = d["guard_supply"]
    st.tok_supply = dict(d["token_supply"])
    st.occ = list(d["occupied"])
    st.pg = list(d["page_state"])
    st.bids = bids
    st.bid_ctx = d["bid_context"]
    st.last_bids = list(d["last_bids"])
    st.enc = d["encounter"]
    st.enc_won = d["encounter_won"]
    st.enc_flee = d["encounter_flee"]
    st.enc_opt = d["encounter_option"]
    st.enc_roll = d["encounter_roll"]
    st.enc_fighter = d.get("encounter_fighter", -1)  # data written before they were kept
    st.enc_face = d.get("encounter_face", 0)
    st.tasks = tasks
    return st


def determinize(
    game: Almanac, obs: dict[str, Any], rng: random.Random, attempts: int = 300
) -> AlmanacState:
    """A full state consistent with ``obs``; what the viewer cannot see is resampled.

    Hidden contracts are dealt from the contracts the viewer cannot place; others' gold is
    sampled near the viewer's own (AL-R32); a committed hidden bid is sampled up to that gold.
    Samples are drawn until every seat that must act has a legal action (e.g. a pending
    "complete a contract" needs a hidden contract its goods can complete), and so has every
    decision waiting lower in the task stack whose options hang on hidden contracts or gold
    (completing a contract, buying a caravan card, an encounter option); the gold spread
    widens with the attempts. The legal actions found on the way are kept in the state's cache.

    These redraws sample exactly the worlds the observation allows. Should ``attempts`` of them
    all fail (a hidden hand that only a rare contract completes), up to 300 more are drawn
    with a contract the seat's goods complete swapped into its hand from the deck (ruling
    AL-R42). If those fail too (no contract left in the deck completes), the last draw is
    returned as it is.

    ``obs`` is read, never changed, and the state shares nothing mutable with it.
    """
    viewer = obs["viewer"]
    ps = obs["players"]
    # every contract the viewer can place: its own hand, every hand once the game is over
    # (AL-R32), and so on; ``None`` (a hidden one) gets in too, harmlessly
    known: set[int | None] = {b[0] for b in obs["contract_bottom"]}
    for p in ps:
        known.update(p["completed"])
        # the viewer's own hand, and every hand once the game is over (ruling AL-R32)
        known.update(p["incomplete"])
    # tasks without hidden contracts are the same tuples in every attempt
    tasks: list[Any] = []
    hidden_tasks: list[int] = []
    for i, t in enumerate(obs["tasks"]):
        if t[0] in ("draw_ct", "keep"):
            known.update(t[-1])
            if None in t[-1]:
                hidden_tasks.append(i)
        tasks.append(_tuples(t))
    unseen = [k for k in range(len(game.content.contracts)) if k not in known]
    own = ps[viewer]["gold"] if isinstance(viewer, int) else 8
    # decisions below the top that the true hidden values allowed when they were pushed
    waiting = [t for t in tasks[:-1] if t[0] in _HIDDEN_OPTIONS and t[1] != viewer]
    completing = sorted({t[1] for t in tasks if t[0] == "complete" and t[1] != viewer})
    for attempt in range(attempts + _FORCED_ATTEMPTS):
        st = _sample(game, obs, rng, attempt, unseen, tasks, hidden_tasks, own)
        if attempt >= attempts and completing:
            _swap_in_completable(st, obs, completing, rng)
        if any(not LEGAL[t[0]](st, t[1], t) for t in waiting):
            continue
        legal = {}
        for s in st.acting_seats():
            acts = st._legal_actions(s)
            if not acts:
                break
            legal[s] = tuple(acts)  # as State.legal_actions keeps them
        else:
            st._legal_cache = legal  # the search asks for them next
            return st
    return st


def _swap_in_completable(
    st: AlmanacState, obs: dict[str, Any], seats: list[int], rng: random.Random
) -> None:
    """Fallback of :func:`determinize`: each of ``seats`` whose hand completes nothing gets a
    contract its goods complete from the deck, in place of one of its hidden contracts."""
    for s in seats:
        hand = st.incomplete[s]
        if any(has_goods(st, s, k) for k in hand):
            continue
        slots = [i for i, k in enumerate(obs["players"][s]["incomplete"]) if k is None]
        fits = [k for k in st.ct_deck if has_goods(st, s, k)]
        if not slots or not fits:
            continue
        i = slots[rng.randrange(len(slots))]
        k = fits[rng.randrange(len(fits))]
        st.ct_deck.remove(k)
        st.ct_deck.append(hand[i])
        st.ct_deck.sort()
        hand[i] = k


def _sample(
    game: Almanac,
    obs: dict[str, Any],
    rng: random.Random,
    attempt: int,
    unseen: list[int],
    tasks: list[tuple],
    hidden_tasks: list[int],
    own: int,
) -> AlmanacState:
    """One sample of the hidden parts of ``obs``: ``unseen`` is shuffled and dealt from its end
    to the hidden contracts of hands, of the deck bottom and of draws (in that order), the rest
    is the deck; then hidden gold seat by seat, then committed hidden bids seat by seat."""
    pool = unseen[:]
    rng.shuffle(pool)
    pop = pool.pop
    ps = obs["players"]
    incomplete = [[pop() if k is None else k for k in p["incomplete"]] for p in ps]
    ct_bottom = [list(b) for b in obs["contract_bottom"]]
    for b in ct_bottom:
        if b[0] is None:
            b[0] = pop()
    tasks = tasks[:]
    for i in hidden_tasks:
        t = obs["tasks"][i]
        tasks[i] = (*_tuples(t[:-1]), _tuples([pop() if k is None else k for k in t[-1]]))
    pool.sort()
    spread = 5 + 5 * min(attempt, 30)
    lo, hi = max(0, own - spread), own + spread
    gold = [rng.randint(lo, hi) if p["gold"] is None else p["gold"] for p in ps]
    bids = list(obs["bids"])
    if bids:
        for s in range(game.num_players):
            if bids[s] == -2:
                bids[s] = rng.randint(0, gold[s])
    return _assemble(game, obs, gold, incomplete, ct_bottom, tasks, pool, bids)
