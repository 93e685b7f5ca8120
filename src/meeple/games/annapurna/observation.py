"""What a climber sees (``observe``), and states rebuilt from it (``determinize``).

A climber sees (ruling AN-R17): every face-up card; each face-down card's position and colour
(cards are suit-coloured on both sides, ruling AN-R36) but not its face, except the cards the
climber placed there by Trade or Hide, cards a peek showed them and Buried cards (seen face up
by everyone) as long as they stay put; their own Backpack and Cache; the other climbers'
Backpack and Cache sizes (AN-010, AN-028), plus the cards it remembers there (ruling AN-R39):
cards it watched go in (Swept face-up cards, a Scavenged card, a card it gave, a face-down card
it knew taken by Trade or Hide, the Cache joining the Backpack at the peak) and that have not
left in a way it could not follow. Everything else is public, including which climbers were
seen to come to identify each face-down card (ruling AN-R41).

Observation layout (JSON data)::

    {"seat", "players", "target", "cooperative", "team_target" (the team's flags to reach,
     null unless cooperative, ruling AN-R44), "auto_sweep", "stage", "turn", "starter", "ascent", "turns",
     "deal": [seat, position, cards left], "verb", "card" (the chosen card, its owner only),
     "pending": [[kind, seat, a, b], ...], "window" (climbers still to call Scavenge or pass),
     "victim" (whose cards are on offer to Scavenge, -1: none), "offer" (their positions),
     "claims" (per climber: the position called, -1 none, null a sealed call not shown yet,
     ruling AN-R06), "peaked_now", "skipping", "unfinished",
     "lntb", "winner",
     "known_pack": [[ids] per climber], "known_cache": [[ids] per climber] (cards the seat
                   remembers in the others' Backpacks and Caches; [] for itself),
     "identified": [[climber, position, [seats]], ...] (the face-down cards of a climber's
                   mountainside that those seats were seen to identify, ruling AN-R41),
     "public": [[climber, position], ...] (the face-down cards everyone saw face up, Buried
               or stowed, that a spectator identifies too, ruling AN-R17),
     "ascents": [{"ascent": k (from 1), "lntb": climber who Left No Trace Behind or -1,
                  "climbers": [{"total" (null: never peaked), "arrival" (1 = first to the
                  peak, 0 = never), "placing" (1 is best), "earned" (flags)} per climber]},
                 ...] (every finished Ascent, oldest first, for everyone: ruling AN-R46),
     "climbers": [{"side": 15 entries: card id (face up) | [colour, card id or null]
                   (face down) | null (empty spot),
                   "pack": [ids] or size, "cache": [ids] or size, "loc", "arrival", "skips",
                   "shields", "peakfx", "extra", "flags", "earned", "placing",
                   "ended_total"}, ...]}
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from meeple.core.game import observer_seat
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import DEAL, SCAVENGE, SPOT, STAGE_NAMES
from meeple.games.annapurna.content import SUIT_SIZE

if TYPE_CHECKING:
    from meeple.games.annapurna.game import Annapurna
    from meeple.games.annapurna.state import AnnapurnaState


def observe(st: AnnapurnaState, seat: int | None) -> dict:
    """Everything ``seat`` may see (``None``: a spectator), as JSON data.

    Raises:
        ValueError: for a seat that is not ``None`` or one of the game's seats.
    """
    n = st.game.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        seat = observer_seat(seat, n)
    # a spectator identifies the face-down cards everyone saw turned over (ruling AN-R17)
    known = st.known[seat] if seat is not None else st.public
    if seat is None:
        known_pack: list[list[int]] = [[] for _ in range(n)]
        known_cache: list[list[int]] = [[] for _ in range(n)]
    else:
        row = seat * n
        known_pack = [board.bits(k) for k in st.kpack[row : row + n]]
        known_cache = [board.bits(k) for k in st.kcache[row : row + n]]
    climbers = []
    for t in range(n):
        mine = t == seat
        climbers.append(
            {
                "side": _side(st, t, known),
                "pack": st.pack[t][:] if mine else len(st.pack[t]),
                "cache": st.cache[t][:] if mine else len(st.cache[t]),
                "loc": st.loc[t],
                "arrival": st.arrival[t],
                "skips": st.skips[t][:],
                "shields": st.shields[t][:],
                "peakfx": st.peakfx[t][:],
                "extra": st.extra[t],
                "flags": st.flags[t],
                "earned": st.earned[t],
                "placing": st.placing[t],
                "ended_total": st.ended_total[t],
            }
        )
    return {
        "seat": seat,
        "players": n,
        "target": st.game.config["flag_target"],
        "cooperative": st.game.cooperative,
        "team_target": st.game.team_target() if st.game.cooperative else None,
        "auto_sweep": bool(st.game.config["auto_sweep"]),
        "stage": STAGE_NAMES[st.stage],
        "turn": st.turn,
        "starter": st.starter,
        "ascent": st.ascent,
        "turns": st.turns,
        "deal": [st.deal_seat, st.deal_pos, len(st.undealt)],
        "verb": st.verb,
        "card": st.sel if seat is not None and seat == st.turn else None,
        "pending": [x[:] for x in st.pending],
        "window": st.window[:],
        "victim": st.victim,
        "offer": board.bits(st.offer),
        "claims": _claims(st, seat),
        "peaked_now": st.peaked_now,
        "skipping": st.skipping,
        "unfinished": board.bits(st.unfinished),
        "lntb": st.lntb,
        "winner": st.winner,
        "known_pack": known_pack,
        "known_cache": known_cache,
        "identified": _identified(st),
        "public": _public(st),
        "ascents": ascent_results(st),
        "climbers": climbers,
    }


def ascent_results(st: AnnapurnaState) -> list[dict]:
    """Every finished Ascent's result as ``observe`` shows it to everyone (ruling AN-R46):
    ``{"ascent", "lntb", "climbers": [{"total", "arrival", "placing", "earned"}, ...]}``,
    oldest first (see the module docstring)."""
    return [
        {
            "ascent": k + 1,
            "lntb": lntb,
            "climbers": [
                {"total": totals[t], "arrival": arrivals[t], "placing": placings[t], "earned": got}
                for t, got in enumerate(flags)
            ],
        }
        for k, (lntb, totals, arrivals, placings, flags) in enumerate(st.ascents)
    ]


def _claims(st: AnnapurnaState, seat: int | None) -> list[int | None]:
    """Each climber's Scavenge call as ``seat`` sees it: while the window is open a call
    already made is sealed (``None``) but to its caller; once all have answered, every call
    is known (ruling AN-R06)."""
    claims: list[int | None] = list(st.claims)
    if st.stage == SCAVENGE:
        window = st.window
        for t in range(len(claims)):
            if t != seat and t != st.victim and t not in window:
                claims[t] = None
    return claims


def _side(st: AnnapurnaState, t: int, known: int) -> list:
    """Climber ``t``'s 15 mountainside entries as ``observe`` shows them to a viewer who
    identifies the cards in the bit set ``known``."""
    m = st.mount[t]
    up = st.up[t]
    down = st.down[t]
    side: list = []
    for p in range(board.SIZE):
        c = m[p]
        if up >> p & 1:
            side.append(c)
        elif down >> p & 1:
            side.append([c // SUIT_SIZE, c if known >> c & 1 else None])
        else:
            side.append(None)
    return side


class _ClimberView(dict):
    """One climber's entry of a :class:`PolicyView`: the scalars at once, the lists when
    first read."""

    __slots__ = ("_known", "_st", "_t")

    def __missing__(self, key: str) -> object:
        st, t = self._st, self._t
        if key == "side":
            value: object = _side(st, t, self._known)
        elif key == "skips":
            value = st.skips[t][:]
        elif key == "shields":
            value = st.shields[t][:]
        elif key == "peakfx":
            value = st.peakfx[t][:]
        else:
            raise KeyError(key)
        self[key] = value
        return value


class PolicyView(dict):
    """``observe(st, seat)`` computed key by key as it is read (see
    :meth:`meeple.core.game.State.policy_view`): the scalars at once, the lists and each
    climber's mountainside when first read. Valid until the state changes; the keys not read
    yet are not seen by ``len``, iteration, ``in`` or ``get``."""

    __slots__ = ("_seat", "_st")

    def __missing__(self, key: str) -> object:
        st, seat = self._st, self._seat
        n = st.game.num_players
        if key == "climbers":
            known = st.known[seat]
            value: object = [_climber_view(st, t, t == seat, known) for t in range(n)]
        elif key == "pending":
            value = [x[:] for x in st.pending]
        elif key == "window":
            value = st.window[:]
        elif key == "offer":
            value = board.bits(st.offer)
        elif key == "claims":
            value = _claims(st, seat)
        elif key == "deal":
            value = [st.deal_seat, st.deal_pos, len(st.undealt)]
        elif key == "unfinished":
            value = board.bits(st.unfinished)
        elif key == "known_pack":
            value = [board.bits(k) for k in st.kpack[seat * n : seat * n + n]]
        elif key == "known_cache":
            value = [board.bits(k) for k in st.kcache[seat * n : seat * n + n]]
        elif key == "identified":
            value = _identified(st)
        elif key == "public":
            value = _public(st)
        elif key == "ascents":
            value = ascent_results(st)
        else:
            raise KeyError(key)
        self[key] = value
        return value


def _climber_view(st: AnnapurnaState, t: int, mine: bool, known: int) -> _ClimberView:
    view = _ClimberView(
        pack=st.pack[t][:] if mine else len(st.pack[t]),
        cache=st.cache[t][:] if mine else len(st.cache[t]),
        loc=st.loc[t],
        arrival=st.arrival[t],
        extra=st.extra[t],
        flags=st.flags[t],
        earned=st.earned[t],
        placing=st.placing[t],
        ended_total=st.ended_total[t],
    )
    view._st = st
    view._t = t
    view._known = known
    return view


def snapshot(st: AnnapurnaState) -> dict:
    """The whole state as JSON data, hidden parts included (for fingerprints and debugging)."""
    return {
        "stage": STAGE_NAMES[st.stage],
        "mount": [m[:] for m in st.mount],
        "up": st.up[:],
        "down": st.down[:],
        "pack": [x[:] for x in st.pack],
        "cache": [x[:] for x in st.cache],
        "loc": st.loc[:],
        "arrival": st.arrival[:],
        "known": [str(k) for k in st.known],
        "public": str(st.public),
        "seen": sorted(list(v) for v in st.seen.values()),
        "kpack": [str(k) for k in st.kpack],
        "kcache": [str(k) for k in st.kcache],
        "skips": [x[:] for x in st.skips],
        "shields": [x[:] for x in st.shields],
        "peakfx": [x[:] for x in st.peakfx],
        "extra": st.extra[:],
        "flags": st.flags[:],
        "earned": st.earned[:],
        "ended_total": st.ended_total[:],
        "placing": st.placing[:],
        "ascents": [[lntb, list(a), list(b), list(c), list(d)] for lntb, a, b, c, d in st.ascents],
        "unfinished": str(st.unfinished),
        "turn": st.turn,
        "starter": st.starter,
        "ascent": st.ascent,
        "turns": st.turns,
        "deal": [st.deal_seat, st.deal_pos, st.undealt[:]],
        "verb": st.verb,
        "sel": st.sel,
        "pending": [x[:] for x in st.pending],
        "peaked_now": st.peaked_now,
        "skipping": st.skipping,
        "window": st.window[:],
        "victim": st.victim,
        "offer": st.offer,
        "claims": st.claims[:],
        "lntb": st.lntb,
        "winner": st.winner,
    }


def policy_view(st: AnnapurnaState, seat: int) -> PolicyView:
    """``observe(st, seat)`` as a :class:`PolicyView`, for a rollout policy that reads it by
    key (:meth:`meeple.core.game.State.policy_view`); every value read equals the observation's.

    Raises:
        ValueError: for a seat that is not one of the game's seats.
    """
    n = st.game.num_players
    if type(seat) is not int or not 0 <= seat < n:
        seat = observer_seat(seat, n)  # raises for every value that is not a seat
        if seat is None:
            raise ValueError("a policy view is a climber's, not a spectator's")
    view = PolicyView(
        seat=seat,
        players=n,
        target=st.game.config["flag_target"],
        cooperative=st.game.cooperative,
        team_target=st.game.team_target() if st.game.cooperative else None,
        auto_sweep=bool(st.game.config["auto_sweep"]),
        stage=STAGE_NAMES[st.stage],
        turn=st.turn,
        starter=st.starter,
        ascent=st.ascent,
        turns=st.turns,
        verb=st.verb,
        card=st.sel if seat == st.turn else None,
        victim=st.victim,
        peaked_now=st.peaked_now,
        skipping=st.skipping,
        lntb=st.lntb,
        winner=st.winner,
    )
    view._st = st
    view._seat = seat
    return view


def _identified(st: AnnapurnaState) -> list[list]:
    """``[climber, position, [seats]]`` for every face-down card those seats were seen to
    identify (ruling AN-R41), in board order (card order would tell the cards apart)."""
    if not st.seen:
        return []
    out = [[t, p, board.bits(who)] for t, p, who in st.seen.values()]
    out.sort()
    return out


def _public(st: AnnapurnaState) -> list[list[int]]:
    """``[climber, position]`` of every face-down card everyone saw face up (Buried or
    stowed, ruling AN-R17), in board order. Every climber identifies these, so only this list
    tells them apart from cards each climber came to identify on its own (AN-R41)."""
    public = st.public
    if not public:
        return []
    out = []
    for t, m in enumerate(st.mount):
        down = st.down[t]
        for p in range(board.SIZE):
            if down >> p & 1 and public >> m[p] & 1:
                out.append([t, p])
    return out


def determinize(game: Annapurna, obs: dict, rng: random.Random) -> AnnapurnaState:
    """A full state consistent with ``obs``; every card the observer cannot identify is
    resampled from what is left of its suit (face-down cards keep their colour), and the other
    climbers' Backpacks and Caches get the cards the observer remembers there (ruling AN-R39)
    plus the remaining cards.

    What the other climbers know is rebuilt as far as the view shows it: each identifies the
    face-down cards it was seen to come to identify (ruling AN-R41), whatever card the
    determinization puts there; cards it learnt unseen (following a Backpack's only card) and
    what it remembers of the others' Backpacks and Caches are not rebuilt. The cards everyone
    saw face up (``public``, ruling AN-R17) stay public, so a spectator's view of the rebuilt
    state is the one of the original state.

    Raises:
        ValueError: if ``obs`` is not an observation of this game (seat or sizes inconsistent).
    """
    n = game.num_players
    if obs["players"] != n:
        raise ValueError("observation of another player count")
    me = obs["seat"]
    st = game.state_class(game)
    st.stage = STAGE_NAMES.index(obs["stage"])
    st.turn = obs["turn"]
    st.starter = obs["starter"]
    st.ascent = obs["ascent"]
    st.turns = obs["turns"]
    st.deal_seat, st.deal_pos, left = obs["deal"]
    st.verb = obs["verb"]
    st.pending = [x[:] for x in obs["pending"]]
    st.window = obs["window"][:]
    st.victim = obs["victim"]
    for p in obs["offer"]:
        st.offer |= 1 << p
    sealed = [t for t, p in enumerate(obs["claims"]) if p is None]
    st.claims = [-1 if p is None else p for p in obs["claims"]]
    if sealed:  # the others' sealed calls: any answer they could have given (ruling AN-R06)
        answers = [-1, *board.bits(st.offer)]
        for t in sealed:
            st.claims[t] = answers[rng.randrange(len(answers))]
    st.peaked_now = obs["peaked_now"]
    st.skipping = obs["skipping"]
    unfinished = 0
    for c in obs["unfinished"]:
        unfinished |= 1 << c
    st.unfinished = unfinished
    st.lntb = obs["lntb"]
    st.winner = obs["winner"]
    st.ascents = [  # public: kept as it is (ruling AN-R46)
        (
            a["lntb"],
            tuple(c["total"] for c in a["climbers"]),
            tuple(c["arrival"] for c in a["climbers"]),
            tuple(c["placing"] for c in a["climbers"]),
            tuple(c["earned"] for c in a["climbers"]),
        )
        for a in obs.get("ascents") or ()
    ]
    identified = set()
    holes: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # per colour: (seat, pos)
    known = 0
    for t, cl in enumerate(obs["climbers"]):
        m = st.mount[t]
        up = down = 0
        for p, e in enumerate(cl["side"]):
            if e is None:
                continue
            if isinstance(e, int):
                m[p] = e
                up |= 1 << p
                identified.add(e)
            else:
                down |= 1 << p
                if e[1] is None:
                    holes[e[0]].append((t, p))
                else:
                    m[p] = e[1]
                    known |= 1 << e[1]
                    identified.add(e[1])
        st.up[t] = up
        st.down[t] = down
        st.loc[t] = cl["loc"]
        st.arrival[t] = cl["arrival"]
        st.skips[t] = cl["skips"][:]
        st.shields[t] = cl["shields"][:]
        st.peakfx[t] = cl["peakfx"][:]
        st.extra[t] = cl["extra"]
        st.flags[t] = cl["flags"]
        st.earned[t] = cl["earned"]
        st.placing[t] = cl["placing"]
        st.ended_total[t] = cl["ended_total"]
        if t == me:
            st.pack[t] = cl["pack"][:]
            st.cache[t] = cl["cache"][:]
            identified.update(cl["pack"])
            identified.update(cl["cache"])
    known_pack = obs.get("known_pack") or [[] for _ in range(n)]
    known_cache = obs.get("known_cache") or [[] for _ in range(n)]
    if me is None:
        # a spectator identifies only what everyone can, so every climber knows it too
        st.known = [known] * n
    else:
        st.known[me] = known
        for t in range(n):
            if t == me:
                continue
            for c in known_pack[t]:
                st.kpack[me * n + t] |= 1 << c
            for c in known_cache[t]:
                st.kcache[me * n + t] |= 1 << c
            identified.update(known_pack[t])
            identified.update(known_cache[t])
    # cards in play: during a deal, the suits not dealt yet are still in the box
    dealing = st.stage == DEAL
    in_play = st.deal_seat + 1 if dealing else n
    pool: list[int] = []
    for s in range(in_play):
        unknown = [c for c in range(s * SUIT_SIZE, (s + 1) * SUIT_SIZE) if c not in identified]
        rng.shuffle(unknown)
        spots = holes[s]
        if len(spots) > len(unknown):
            raise ValueError(f"colour {s} has more hidden cards than unknown cards")
        for (t, p), c in zip(spots, unknown, strict=False):
            st.mount[t][p] = c
        rest = unknown[len(spots) :]
        if dealing and s == st.deal_seat:
            st.undealt = sorted(rest[:left])
            rest = rest[left:]
        pool += rest
    if not dealing:
        st.undealt = []
    for t, p, who in obs.get("identified") or ():  # ruling AN-R41, every card now has a face
        c = st.mount[t][p]
        bit = 1 << c
        mask = 0
        for u in who:
            st.known[u] |= bit
            mask |= 1 << u
        st.seen[c] = (t, p, mask)
    public = 0
    for t, p in obs.get("public") or ():  # ruling AN-R17: the observer identifies each of them
        public |= 1 << st.mount[t][p]
    st.public = public
    for u in range(n):
        st.known[u] |= public
    rng.shuffle(pool)
    i = 0
    for t, cl in enumerate(obs["climbers"]):
        if t == me:
            continue
        k = cl["pack"] - len(known_pack[t])
        k2 = cl["cache"] - len(known_cache[t])
        if k < 0 or k2 < 0:
            raise ValueError(f"climber {t} has more remembered cards than cards")
        st.pack[t] = sorted(known_pack[t] + pool[i : i + k])
        i += k
        st.cache[t] = sorted(known_cache[t] + pool[i : i + k2])
        i += k2
    if i != len(pool):
        raise ValueError("hidden card counts do not add up")
    if obs["card"] is not None:
        st.sel = obs["card"]
    elif st.stage == SPOT:  # another climber chose a card: any card of their Backpack
        st.sel = st.pack[st.turn][rng.randrange(len(st.pack[st.turn]))]
    else:
        st.sel = -1
    return st
