"""Applying actions: the turn structure of an Ascent and the end of Ascents and Expedition.

Every function here changes a state in place and is called only with legal actions (the base
class checks legality first). The flow of a turn (AN-024, AN-049):

1. ``_start_turn``: shields end; a skipped turn goes straight to its Sweep (AN-034, AN-R14).
2. the action (``explore``/``trade``/``hide`` while Climbing, ``sunyata``/``drop``/``throw``
   while Protecting); card effects push pending decisions (AN-R29); a Throw lets its target
   Retaliate (AN-054, AN-R07).
3. ``_continue``: pending decisions that cannot be followed are dropped (AN-029); then
   ``_to_sweep`` offers Sweep/Bury of balanced groups (or sweeps them all with ``auto_sweep``).
4. ``_end_turn``: a Scavenge offer held over from the previous turn is called on a last
   time (AN-041, AN-R06); the peak bookkeeping (AN-046, AN-047, AN-R08), Left No Trace Behind
   (AN-063, AN-R11), the end of the Ascent (AN-059) or a Scavenge window (AN-R06); then the
   next turn: an extra turn of the same climber (AN-022, AN-035) or the next clockwise.

A Scavenge window (ruling AN-R06) is a sealed node: every other climber calls ``scavenge`` on
a card or passes at once; several callers go to a chance node (``first <colour>``, each
equally likely) for who called first (AN-043). If all pass, the offer stays open through the
next turn and is called on once more just before that turn ends.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import (
    AWARDS,
    CARD,
    COOP_ASCENTS,
    COOP_AWARDS,
    D_RETALIATE,
    D_STOW,
    DEAL,
    DECIDE,
    LNTB_FLAGS,
    MAIN,
    OVER,
    RACE,
    ROUND_LIMIT,
    SCAVENGE,
    SPOT,
    START,
    SWEEP,
    TEAM,
    V_DROP,
    V_HIDE,
    V_NONE,
    V_THROW,
    V_TRADE,
)
from meeple.games.annapurna.content import SUIT_SIZE
from meeple.games.annapurna.moves import OTHERS, decision_actions, scavenge_targets

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState

HAND = board.SIZE  # cards laid out per climber; the rest go to the Backpack (AN-009, AN-010)


def apply_action(st: AnnapurnaState, act: Action, seat: int) -> None:
    """Apply a legal action or chance outcome ``act`` taken by ``seat``."""
    _DISPATCH[act.kind](st, act.args, seat)


# -- chance ------------------------------------------------------------------------------------
def _deal(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """Deal the next card of the current climber's shuffled suit (AN-009, AN-010)."""
    card = args[0]
    s = st.deal_seat
    p = st.deal_pos
    st.undealt.remove(card)
    st.mount[s][p] = card
    st.mount_changed(s)
    st.down[s] |= 1 << p
    p += 1
    if p < HAND:
        st.deal_pos = p
        return
    st.pack[s] = sorted(st.undealt)
    s += 1
    if s < st.game.num_players:
        st.deal_seat = s
        st.deal_pos = 0
        st.undealt = list(range(s * SUIT_SIZE, (s + 1) * SUIT_SIZE))
        return
    st.deal_seat = 0
    st.deal_pos = 0
    st.undealt = []
    if st.starter < 0:
        st.stage = START
        return
    _start_ascent(st)


def _first(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """The first climber of the Expedition (AN-020, ruling AN-R13), or the first of several
    climbers to call Scavenge together (AN-043, ruling AN-R06)."""
    if st.stage == RACE:
        _take(st, args[0])
        return
    st.starter = args[0]
    _start_ascent(st)


def _start_ascent(st: AnnapurnaState) -> None:
    st.turns = 0
    _start_turn(st, st.starter)


# -- turn flow ---------------------------------------------------------------------------------
def _start_turn(st: AnnapurnaState, seat: int) -> None:
    n = st.game.num_players
    st.turns += 1
    if st.turns > ROUND_LIMIT * n:
        _end_ascent(st, -1)  # ruling AN-R34
        return
    st.turn = seat
    if st.shields[seat]:  # a shield lasts until its owner's next turn begins (AN-R29)
        for c in st.shields[seat]:
            st.unfinished &= ~(1 << c)
        st.shields[seat] = []
    st.verb = V_NONE
    st.sel = -1
    if st.skips[seat]:  # skipped turn: only the Sweep (AN-034, AN-048)
        # skipping the turn carries the skip out: its card is complete, so this very Sweep
        # (and, if it is forgotten, this Scavenge window) may take it (AN-033, ruling AN-R29)
        st.skipping = True
        st.unfinished &= ~(1 << st.skips[seat].pop(0))
        _to_sweep(st)
        return
    st.stage = MAIN


def _continue(st: AnnapurnaState) -> None:
    """Resolve the pending decisions that can be followed (AN-029), then Sweep."""
    pending = st.pending
    while pending:
        if decision_actions(st, pending[-1]):
            st.stage = DECIDE
            return
        pending.pop()
    _to_sweep(st)


def _to_sweep(st: AnnapurnaState) -> None:
    s = st.turn
    if not st.groups(s):
        _end_turn(st, False)
        return
    if st.game.config["auto_sweep"]:  # ruling AN-R05: sweep every group, largest first
        while True:
            groups = st.groups(s)
            if not groups:
                break
            best = max(groups, key=lambda m: (m.bit_count(), -m))
            _remove_group(st, s, best)
        _end_turn(st)
        return
    st.stage = SWEEP


def _remove_group(st: AnnapurnaState, s: int, mask: int) -> None:
    """Sweep (Climbing, AN-032) or Bury (Protecting, AN-055) the group ``mask`` of ``s``."""
    if st.climbing(s):
        m = st.mount[s]
        cache = st.cache[s]
        seen = 0
        for p in board.POSITIONS[mask]:
            c = m[p]
            m[p] = -1
            insort(cache, c)
            seen |= 1 << c
        st.mount_changed(s)
        st.up[s] &= ~mask
        _seen_into(st, st.kcache, s, seen)  # face-up cards swept: everyone saw (AN-R39)
    else:
        st.up[s] &= ~mask
        st.down[s] |= mask
        everyone = 0
        n = len(st.known)
        for p in board.POSITIONS[mask]:
            c = st.mount[s][p]
            everyone |= 1 << c
            st.seen[c] = (s, p, (1 << n) - 1)  # ruling AN-R41
        known = st.known
        for t in range(n):  # Buried cards were seen face up by all (ruling AN-R17)
            known[t] |= everyone
        st.public |= everyone


def _end_turn(st: AnnapurnaState, groups_left: bool = True) -> None:
    """End the turn; ``groups_left=False`` when the caller knows no balanced group is left."""
    s = st.turn
    st.verb = V_NONE
    st.sel = -1
    v = st.victim
    if v >= 0:
        # AN-042: the previous climber's forgotten cards may be Scavenged "before the next
        # climber ends their turn": one last sealed call now, on those still in a balanced
        # group (ruling AN-R06). The climber's own extra turn supersedes it with its own window.
        offer = st.offer & scavenge_targets(st, v) if v != s else 0
        if offer:
            _open_window(st, v, offer)
            return
        st.victim = -1
        st.offer = 0
    if st.peaked_now:
        # ruling AN-R08: after the Sweep, the Cache joins the Backpack (AN-046), the peak token
        # takes the Cache's place and the meeple stands on it (AN-047, AN-R10).
        st.peaked_now = False
        st.pack[s] = sorted(st.pack[s] + st.cache[s])
        st.cache[s] = []
        n = st.game.num_players
        kpack = st.kpack
        kcache = st.kcache
        for i in range(s, n * n, n):  # known Cache cards are now known Backpack cards (AN-R39)
            if kcache[i]:
                kpack[i] |= kcache[i]
                kcache[i] = 0
        if st.arrival[s] == 1 and st.total(s) == 0:
            _end_ascent(st, s)  # Left No Trace Behind (AN-019, AN-063, AN-R11)
            return
        if all(st.arrival):
            _end_ascent(st, -1)  # AN-058, AN-059
            return
    if groups_left and st.groups(s):  # a group left face up: Scavenge window (AN-041, AN-R06)
        _open_window(st, s, scavenge_targets(st, s))
        return
    _next_turn(st)


def _open_window(st: AnnapurnaState, victim: int, offer: int) -> None:
    """Every other climber calls Scavenge on a card of ``offer`` (a position mask of
    ``victim``) or passes, sealed (AN-041, AN-042, ruling AN-R06)."""
    st.victim = victim
    st.offer = offer
    st.window = list(OTHERS[st.game.num_players][victim])
    st.claims = [-1] * st.game.num_players
    st.stage = SCAVENGE


def _next_turn(st: AnnapurnaState) -> None:
    s = st.turn
    st.skipping = False
    if st.extra[s]:  # AN-022, AN-035: the extra turn follows the Sweep
        st.extra[s] -= 1
        _start_turn(st, s)
        return
    _start_turn(st, (s + 1) % st.game.num_players)


# -- the turn's action -------------------------------------------------------------------------
def _explore(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """Hike (AN-021) or Explore (AN-025): flip, move, follow the card (AN-005, AN-027)."""
    if st.stage == DECIDE:  # Fixed Rope / Ice Axe: the pending climb is used up
        st.pending.pop()
    _flip_and_follow(st, seat, args[0])
    _continue(st)


def _flip_and_follow(st: AnnapurnaState, s: int, p: int) -> None:
    card = st.mount[s][p]
    st.reveal(s, p)
    st.loc[s] = p
    if p == board.PEAK:  # AN-040, AN-045
        st.arrival[s] = max(st.arrival) + 1
        st.peaked_now = True
        fx = st.peakfx[s]
        if fx:  # on-peak effects wait until the peak card's own effect is done
            for c in fx:
                st.unfinished &= ~(1 << c)
                st.pending.append([D_STOW, s, 0, 0])
            st.peakfx[s] = []
    game = st.game
    game.fx[card](st, s, p, card, game.params[card])


def _climb(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """Ruling AN-R15: scramble up onto a position without a face-down card, no effect."""
    p = args[0]
    st.loc[seat] = p
    _continue(st)


def _start_verb(verb: int):
    def apply(st: AnnapurnaState, args: tuple, seat: int) -> None:
        st.verb = verb
        st.stage = CARD

    return apply


def _card(st: AnnapurnaState, args: tuple, seat: int) -> None:
    st.sel = args[0]
    st.stage = SPOT


def _to(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """Trade (AN-030), Hide (AN-031), Drop (AN-051, AN-052) or Throw (AN-053)."""
    t, p = args
    card = st.sel
    verb = st.verb
    pack = st.pack[seat]
    single = len(pack) == 1
    pack.remove(card)
    st.sel = -1
    st.verb = V_NONE
    m = st.mount[t]
    st.mount_changed(t)
    if verb in (V_TRADE, V_HIDE):
        old = m[p]
        m[p] = card
        bit = 1 << card
        oldbit = 1 << old
        keep = ~(bit | oldbit)
        known = st.known
        followers = 0  # who knew the replaced card watched it go (ruling AN-R39)
        for w in range(len(known)):
            k = known[w]
            if k & oldbit:
                followers |= 1 << w
            known[w] = k & keep  # both cards moved: nobody knows them face down any more
        st.public &= keep
        known[seat] |= bit  # you know the card you placed (ruling AN-R17)
        st.seen.pop(old, None)
        st.seen[card] = (t, p, 1 << seat)  # ... and everyone saw you place it (ruling AN-R41)
        # the others cannot tell which Backpack card left, unless it was the only one
        if any(st.kpack[seat :: len(known)]):
            for w in board.bits(_lose_one(st, seat, single)):
                known[w] |= bit
        zone = st.to_cache(seat, old)  # Hide: their card goes into YOUR Cache (AN-031)
        if followers:
            _follow(st, zone, seat, old, followers)
    else:
        m[p] = card
        st.up[t] |= 1 << p
        st.forget(card)
        _drop_card(st, st.kpack, seat, card)  # face up: everyone sees which card left
        if verb == V_THROW and st.down[seat]:
            st.pending.append([D_RETALIATE, t, seat, 0])  # AN-054, ruling AN-R07
    _continue(st)


def _sunyata(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """Sunyata: do nothing (AN-050)."""
    _continue(st)


def _pass(st: AnnapurnaState, args: tuple, seat: int) -> None:
    stage = st.stage
    if stage == DECIDE:
        st.pending.pop()
        _continue(st)
    elif stage == SCAVENGE:
        _answered(st, seat)
    else:  # a turn with nothing to do (ruling AN-R15)
        _continue(st)


# -- pending decisions -------------------------------------------------------------------------
def _peek(st: AnnapurnaState, args: tuple, seat: int) -> None:
    t, p = args
    c = st.mount[t][p]
    st.known[seat] |= 1 << c
    was = st.seen.get(c)  # everyone saw which card was looked at (ruling AN-R41)
    st.seen[c] = (t, p, (was[2] if was else 0) | 1 << seat)
    top = st.pending[-1]
    top[2] -= 1
    if top[2] <= 0:
        st.pending.pop()
    _continue(st)


def _give(st: AnnapurnaState, args: tuple, seat: int) -> None:
    card = args[0]
    st.pending.pop()
    pack = st.pack[seat]
    single = len(pack) == 1
    pack.remove(card)
    n = st.game.num_players
    to = (seat + 1) % n
    zone = st.to_cache(to, card)
    bit = 1 << card
    # ruling AN-R39: the giver knows where the card went, the receiver which card left; the
    # others cannot tell which Backpack card moved, unless it was the only one
    zone[seat * n + to] |= bit
    st.kpack[to * n + seat] &= ~bit
    _follow(st, zone, to, card, _lose_one(st, seat, single, skip=to))
    _continue(st)


def _recover(st: AnnapurnaState, args: tuple, seat: int) -> None:
    card = args[0]
    st.pending.pop()
    cache = st.cache[seat]
    single = len(cache) == 1
    cache.remove(card)
    insort(st.pack[seat], card)
    # ruling AN-R39: the others cannot tell which Cache card moved, unless it was the only one
    n = st.game.num_players
    kcache = st.kcache
    kpack = st.kpack
    for i in range(seat, n * n, n):
        if kcache[i]:
            if single:
                kpack[i] |= kcache[i]
            kcache[i] = 0
    _continue(st)


def _stow(st: AnnapurnaState, args: tuple, seat: int) -> None:
    p = args[0]
    st.pending.pop()
    bit = 1 << p
    st.up[seat] &= ~bit
    st.down[seat] |= bit
    c = st.mount[seat][p]
    card = 1 << c
    st.seen[c] = (seat, p, (1 << len(st.known)) - 1)  # seen by all (ruling AN-R41)
    for t in range(len(st.known)):
        st.known[t] |= card
    st.public |= card
    _continue(st)


def _retaliate(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """AN-054, ruling AN-R07: flip one face-down card of the thrower face up, no effect."""
    thrower = st.pending.pop()[2]
    st.reveal(thrower, args[0])
    _continue(st)


# -- Sweep, Bury, Scavenge ---------------------------------------------------------------------
def _sweep(st: AnnapurnaState, args: tuple, seat: int) -> None:
    _remove_group(st, seat, args[0])
    if st.groups(seat):
        return
    _end_turn(st, False)


def _end(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """End the turn with balanced groups left face up (ruling AN-R05)."""
    _end_turn(st)


def _scavenge(st: AnnapurnaState, args: tuple, seat: int) -> None:
    """``seat`` calls Scavenge on the card at ``args[0]``, sealed (AN-041, ruling AN-R06)."""
    st.claims[seat] = args[0]
    _answered(st, seat)


def _answered(st: AnnapurnaState, seat: int) -> None:
    """``seat`` has called or passed; once everyone has, the window is settled: nobody
    called (the offer is held over, or closes), one caller takes the card, several go to
    the chance node of who called first (AN-043, ruling AN-R06)."""
    st.window.remove(seat)
    if st.window:
        return
    callers = [t for t, p in enumerate(st.claims) if p >= 0]
    if len(callers) == 1:
        _take(st, callers[0])
    elif callers:
        st.stage = RACE
    elif st.victim == st.turn:  # the window that opened as the turn ended: held over
        st.claims = [-1] * st.game.num_players
        _next_turn(st)
    else:  # the last call, as the next turn ends: the offer closes
        _close_window(st)
        _end_turn(st)


def _close_window(st: AnnapurnaState) -> None:
    st.victim = -1
    st.offer = 0
    st.window = []
    st.claims = [-1] * st.game.num_players


def _take(st: AnnapurnaState, seat: int) -> None:
    """``seat`` called Scavenge first: the card it called on goes to its Backpack and the
    window closes (AN-041, AN-043); then the turn goes on where the window interrupted it."""
    victim = st.victim
    p = st.claims[seat]
    card = st.mount[victim][p]
    st.mount[victim][p] = -1
    st.mount_changed(victim)
    st.up[victim] &= ~(1 << p)
    insort(st.pack[seat], card)
    _seen_into(st, st.kpack, seat, 1 << card)  # a face-up card: everyone saw (AN-R39)
    held = victim != st.turn
    _close_window(st)
    if held:  # the next climber's turn was ending: it ends now
        _end_turn(st)
    else:
        _next_turn(st)


# -- what each climber remembers of the others' Backpacks and Caches (ruling AN-R39) -----------
def _seen_into(st: AnnapurnaState, zone: list[int], t: int, cards: int) -> None:
    """Every other climber saw ``cards`` (a mask) go into ``t``'s zone (``kpack``/``kcache``)."""
    n = st.game.num_players
    for i in range(t, n * n, n):
        zone[i] |= cards
    zone[t * n + t] = 0


def _drop_card(st: AnnapurnaState, zone: list[int], t: int, card: int) -> None:
    """Everyone saw ``card`` leave ``t``'s zone."""
    keep = ~(1 << card)
    n = st.game.num_players
    for i in range(t, n * n, n):
        zone[i] &= keep


def _follow(st: AnnapurnaState, zone: list[int], t: int, card: int, seats: int) -> None:
    """The ``seats`` (a mask) who knew ``card`` watched it go into ``t``'s ``zone``."""
    n = st.game.num_players
    bit = 1 << card
    for w in board.bits(seats):
        if w != t:
            zone[w * n + t] |= bit


def _lose_one(st: AnnapurnaState, t: int, single: bool, skip: int = -1) -> int:
    """``t`` used one Backpack card that the other climbers (but ``skip``) cannot identify:
    they no longer know which of their known cards remain, so they forget them all.

    Returns:
        The seats (a mask) that knew the card because it was the only one left (they follow it).
    """
    n = st.game.num_players
    kpack = st.kpack
    out = 0
    for w in range(n):
        i = w * n + t
        if w in (t, skip) or not kpack[i]:
            continue
        if single:
            out |= 1 << w
        kpack[i] = 0
    return out


# -- end of an Ascent and of the Expedition ----------------------------------------------------
def _end_ascent(st: AnnapurnaState, lntb: int) -> None:
    n = st.game.num_players
    starter = st.starter
    if lntb >= 0:  # AN-063: 4 flags, nobody else scores
        order = [(lntb + k) % n for k in range(n)]
        earned = [0] * n
        earned[lntb] = LNTB_FLAGS
    else:
        # AN-060..AN-062, AN-064, AN-065, ruling AN-R21; climbers who never peaked (ruling
        # AN-R34) come after every peaked climber, clockwise from the starter.
        def key(s: int) -> tuple[bool, int, int]:
            if st.arrival[s]:
                return (False, abs(st.total(s)), st.arrival[s])
            return (True, 0, (s - starter) % n)

        order = sorted(range(n), key=key)
        earned = [0] * n
        for place, s in enumerate(order):
            earned[s] = AWARDS[n][place]
    placing = [0] * n
    for place, s in enumerate(order):
        placing[s] = place + 1
    game = st.game
    if game.cooperative and lntb < 0:
        # ruling AN-R43: each climber earns the team flags by its own distance from zero
        earned = [
            COOP_AWARDS[abs(st.total(s))] if st.arrival[s] and abs(st.total(s)) < 3 else 0
            for s in range(n)
        ]
    st.earned = earned
    st.placing = placing
    st.lntb = lntb
    # the totals are lost in the reset; the log tells them (AN-060, ruling AN-R34)
    st.ended_total = [st.total(s) if st.arrival[s] else None for s in range(n)]
    # every Ascent's result stays on the table for the end (ruling AN-R46)
    st.ascents.append(
        (lntb, tuple(st.ended_total), tuple(st.arrival), tuple(placing), tuple(earned))
    )
    flags = st.flags
    for s in range(n):
        flags[s] += earned[s]
    if game.cooperative:  # ruling AN-R44: the team's target, within its Ascents
        won = sum(flags) >= game.team_target()
        if won or st.ascent >= COOP_ASCENTS:
            st.winner = TEAM if won else -1
            st.stage = OVER
            st.pending = []
            _close_window(st)
            return
        st.starter = lntb if lntb >= 0 else order[-1]
        _reset(st)
        return
    target = game.config["flag_target"]
    if max(flags) >= target:  # AN-068..AN-070, ruling AN-R20
        best = max(flags)
        st.winner = min((s for s in range(n) if flags[s] == best), key=lambda s: placing[s])
        st.stage = OVER
        st.pending = []
        _close_window(st)
        return
    # AN-067, ruling AN-R13: the LNTB climber, else the one who earned fewest, starts next
    st.starter = lntb if lntb >= 0 else order[-1]
    _reset(st)


def _reset(st: AnnapurnaState) -> None:
    """Every card back to its suit, shuffled into a new mountainside (AN-066, ruling AN-R24)."""
    n = st.game.num_players
    for s in range(n):
        st.mount[s] = [-1] * board.SIZE
        st.pack[s] = []
        st.cache[s] = []
        st.skips[s] = []
        st.shields[s] = []
        st.peakfx[s] = []
    st.up = [0] * n
    st.down = [0] * n
    st._groups = [None] * n
    st.loc = [-1] * n
    st.arrival = [0] * n
    st.known = [0] * n
    st.public = 0
    st.seen = {}
    st.kpack = [0] * (n * n)
    st.kcache = [0] * (n * n)
    st.extra = [0] * n
    st.unfinished = 0
    st.pending = []
    _close_window(st)
    st.peaked_now = False
    st.skipping = False
    st.verb = V_NONE
    st.sel = -1
    st.ascent += 1
    st.turns = 0
    st.stage = DEAL
    st.deal_seat = 0
    st.deal_pos = 0
    st.undealt = list(range(SUIT_SIZE))


_DISPATCH = {
    "deal": _deal,
    "first": _first,
    "explore": _explore,
    "climb": _climb,
    "trade": _start_verb(V_TRADE),
    "hide": _start_verb(V_HIDE),
    "drop": _start_verb(V_DROP),
    "throw": _start_verb(V_THROW),
    "card": _card,
    "to": _to,
    "sunyata": _sunyata,
    "pass": _pass,
    "end": _end,
    "peek": _peek,
    "give": _give,
    "recover": _recover,
    "stow": _stow,
    "retaliate": _retaliate,
    "sweep": _sweep,
    "bury": _sweep,
    "scavenge": _scavenge,
}

__all__ = ["DEAL", "START", "apply_action"]
