"""Observations (the only door to hidden information) and determinization.

Private (AL-G32, ruling AL-R32): each player's gold and the workers behind their screen, their
face-down (incomplete) contracts, contracts they drew and have not yet kept, contracts they put
on the bottom of the deck, sealed bids until all are in, and the order of every deck. Public:
everything else. A determinization keeps what the seat sees and resamples the rest.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from meeple.core.game import State

if TYPE_CHECKING:
    from meeple.games.almanac.game import Almanac
    from meeple.games.almanac.state import AlmanacState


def state_data(st: AlmanacState, viewer: Any) -> dict[str, Any]:
    """The state as JSON data, as ``viewer`` sees it.

    Args:
        st: The state.
        viewer: A seat, ``None`` (a spectator) or ``"all"`` (the full snapshot).
    """
    full = viewer == "all"
    n = st.n
    players = []
    for s in range(n):
        mine = full or viewer == s
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
        "tasks": tasks,
    }


def _jsonable(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_jsonable(y) for y in x]
    return x


def _tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuples(y) for y in x)
    return x


def from_data(game: Almanac, d: dict[str, Any]) -> AlmanacState:
    """Build a state from full data (every hidden value filled in).

    Raises:
        ValueError: when a hidden value is missing.
    """
    from meeple.games.almanac.state import SEAT_FIELDS, AlmanacState

    st = AlmanacState.__new__(AlmanacState)
    State.__init__(st, game)
    st.content = game.content
    st.T = game.table
    n = game.num_players
    st.n = n
    ps = d["players"]
    for f in SEAT_FIELDS:
        st.__setattr__(f, [p[f] for p in ps])
    if None in st.gold:
        raise ValueError("gold is hidden in this data")
    st.goods = [p["goods"][:] for p in ps]
    st.caravan = [p["caravan"][:] for p in ps]
    st.incomplete = [p["incomplete"][:] for p in ps]
    st.completed = [p["completed"][:] for p in ps]
    st.trophies = [p["trophies"][:] for p in ps]
    st.tokens = [dict(p["tokens"]) for p in ps]
    st.round = d["round"]
    st.page = d["page"]
    st.route = d["route"][:]
    st.guide = d["guide"]
    st.next_page = d["next_page"]
    st.turn = d["turn"]
    st.cv_deck = d["caravan_deck"][:]
    st.cv_faceup = d["caravan_faceup"][:]
    st.cv_discard = d["caravan_discard"][:]
    st.ct_deck = d["contract_deck"][:]
    st.ct_bottom = [list(x) for x in d["contract_bottom"]]
    st.start_pool = d["start_pool"][:]
    st.guard_supply = d["guard_supply"]
    st.tok_supply = dict(d["token_supply"])
    st.occ = d["occupied"][:]
    st.pg = d["page_state"][:]
    st.bids = d["bids"][:]
    st.bid_ctx = d["bid_context"]
    st.last_bids = d["last_bids"][:]
    st.enc = d["encounter"]
    st.enc_won = d["encounter_won"]
    st.enc_flee = d["encounter_flee"]
    st.enc_opt = d["encounter_option"]
    st.enc_roll = d["encounter_roll"]
    st.tasks = [_tuples(t) for t in d["tasks"]]
    return st


def determinize(game: Almanac, obs: dict[str, Any], rng: random.Random) -> AlmanacState:
    """A full state consistent with ``obs``; what the viewer cannot see is resampled.

    Hidden contracts are dealt from the contracts the viewer cannot place; others' gold is
    sampled near the viewer's own (AL-R32); a committed hidden bid is sampled up to that gold.
    Samples are drawn until every seat that must act has a legal action (e.g. a pending
    "complete a contract" needs a hidden contract its goods can complete); the gold spread
    widens with the attempts.
    """
    for attempt in range(300):
        st = from_data(game, _fill(game, obs, rng, attempt))
        seats = st.acting_seats()
        if all(st._legal_actions(s) for s in seats):
            return st
    return st


def _fill(game: Almanac, obs: dict[str, Any], rng: random.Random, attempt: int) -> dict:
    d = json.loads(json.dumps(obs))
    viewer = d["viewer"]
    n = game.num_players
    known: set[int] = set()
    for s, p in enumerate(d["players"]):
        known.update(p["completed"])
        if s == viewer:
            known.update(p["incomplete"])
    known.update(k for k, _ in d["contract_bottom"] if k is not None)
    for t in d["tasks"]:
        if t[0] in ("draw_ct", "keep"):
            known.update(k for k in t[-1] if k is not None)
    pool = [k for k in range(len(game.content.contracts)) if k not in known]
    rng.shuffle(pool)
    for p in d["players"]:
        p["incomplete"] = [pool.pop() if k is None else k for k in p["incomplete"]]
    for b in d["contract_bottom"]:
        if b[0] is None:
            b[0] = pool.pop()
    for t in d["tasks"]:
        if t[0] in ("draw_ct", "keep"):
            t[-1] = [pool.pop() if k is None else k for k in t[-1]]
    d["contract_deck"] = sorted(pool)
    own = d["players"][viewer]["gold"] if isinstance(viewer, int) else 8
    spread = 5 + 5 * min(attempt, 30)
    for p in d["players"]:
        if p["gold"] is None:
            p["gold"] = rng.randint(max(0, own - spread), own + spread)
        p["reserve"] = game.content.workers_per_player - p["workers"]
    for s in range(n):
        if d["bids"] and d["bids"][s] == -2:
            d["bids"][s] = rng.randint(0, d["players"][s]["gold"])
    return d
