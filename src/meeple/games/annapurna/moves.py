"""Legal moves, and the rule a refused action breaks.

Legal actions come in a deterministic order. The compound actions Trade, Hide, Drop and Throw
are offered only when they can be completed (ruling AN-R35), so no choice leads to a dead end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.annapurna import board
from meeple.games.annapurna.consts import (
    CARD,
    D_CLIMB,
    D_GIVE,
    D_PEEK,
    D_RECOVER,
    D_RETALIATE,
    D_STOW,
    DECIDE,
    MAIN,
    SCAVENGE,
    SPOT,
    SWEEP,
    V_DROP,
    V_HIDE,
    V_THROW,
    V_TRADE,
)

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState

FULL = board.FULL
BOTTOM = board.BOTTOM
FORWARD = board.FORWARD
UP = board.UP


POSITIONS = board.POSITIONS


def _positions(row: list[Action], mask: int) -> list[Action]:
    """The actions of ``row`` at the positions in ``mask``, lowest position first."""
    return [row[p] for p in POSITIONS[mask]]


#: ``OTHERS[n][seat]``: the other climbers of an ``n``-climber game, clockwise from ``seat``.
OTHERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in range(2, 5)
}


def _open_targets(st: AnnapurnaState, seat: int, empty: bool) -> list[int]:
    """Other climbers that may receive a Hide (face-down card) or Throw (empty spot), in
    clockwise order; sheltered climbers cannot (AN-R37)."""
    shields = st.shields
    down = st.down
    others = OTHERS[st.game.num_players][seat]
    if empty:
        up = st.up
        return [t for t in others if not shields[t] and FULL & ~(up[t] | down[t])]
    return [t for t in others if not shields[t] and down[t]]


def main_actions(st: AnnapurnaState, s: int) -> list[Action]:
    tb = st.game.tables
    loc = st.loc[s]
    down = st.down[s]
    if loc < 0:  # Hike to Base Camp (AN-021)
        hike = down & BOTTOM
        return _positions(tb.explore, hike) if hike else [tb.pass_]
    pack = st.pack[s]
    if not st.arrival[s]:  # Climbing (AN-024)
        ahead = FORWARD[loc] & down
        acts = _positions(tb.explore, ahead) if ahead else _positions(tb.climb, UP[loc])
        if pack:
            if down:
                acts.append(tb.trade)
            if _open_targets(st, s, False):
                acts.append(tb.hide)
        return acts or [tb.pass_]
    acts = [tb.sunyata]  # Protecting (AN-049)
    if pack:
        if FULL & ~(st.up[s] | down):
            acts.append(tb.drop)
        if _open_targets(st, s, True):
            acts.append(tb.throw)
    return acts


def spot_actions(st: AnnapurnaState, s: int) -> list[Action]:
    to = st.game.tables.to
    verb = st.verb
    if verb == V_TRADE:
        return _positions(to[s], st.down[s])
    if verb == V_DROP:
        return _positions(to[s], FULL & ~(st.up[s] | st.down[s]))
    acts: list[Action] = []
    for t in sorted(_open_targets(st, s, verb == V_THROW)):
        spots = FULL & ~(st.up[t] | st.down[t]) if verb == V_THROW else st.down[t]
        acts += _positions(to[t], spots)
    return acts


def decision_actions(st: AnnapurnaState, entry: list[int]) -> list[Action]:
    """Choices of a pending decision; empty when the effect cannot be followed (AN-029)."""
    tb = st.game.tables
    kind, s, a, b = entry
    if kind == D_PEEK:
        known = st.known[s]
        acts: list[Action] = []
        seats = range(st.game.num_players) if b else (s,)
        for t in seats:
            m = st.mount[t]
            row = tb.peek[t]
            acts += [row[p] for p in POSITIONS[st.down[t]] if not known >> m[p] & 1]
        return acts
    if kind == D_CLIMB:
        loc = st.loc[s]
        ahead = FORWARD[loc] & st.down[s] if loc >= 0 else 0
        return [*_positions(tb.explore, ahead), tb.pass_] if ahead else []
    if kind == D_GIVE:
        return [tb.give[c] for c in st.pack[s]]
    if kind == D_RECOVER:
        return [tb.recover[c] for c in st.cache[s]]
    if kind == D_STOW:
        x = st.sweepable(s)  # a zero card waits for its effect (AN-033, AN-044)
        return [*_positions(tb.stow, x), tb.pass_] if x else []
    if kind == D_RETALIATE:
        x = st.down[a]
        return [*_positions(tb.retaliate, x), tb.pass_] if x else []
    return []


def scavenge_targets(st: AnnapurnaState, victim: int) -> int:
    """Positions of ``victim`` that belong to a balanced group (AN-041, AN-044): the cards a
    Scavenge may take."""
    u = 0
    for g in st.groups(victim):
        u |= g
    return u


def legal_actions(st: AnnapurnaState, seat: int) -> list[Action]:
    """Legal actions of ``seat`` (which is the acting seat)."""
    stage = st.stage  # the stages by how often they come up in play
    if stage == MAIN:
        return main_actions(st, seat)
    tb = st.game.tables
    if stage == SWEEP:
        table = tb.sweep if st.climbing(seat) else tb.bury
        acts = [table[g] for g in st.groups(seat)]
        acts.append(tb.end)
        return acts
    if stage == CARD:
        card = tb.card
        return [card[c] for c in st.pack[seat]]
    if stage == SPOT:
        return spot_actions(st, seat)
    if stage == DECIDE:
        return decision_actions(st, st.pending[-1])
    if stage == SCAVENGE:
        # every climber still to answer has the same choices: the cards on offer, or pass
        return [*_positions(tb.scavenge, st.offer), tb.pass_]
    return []


_MAIN_RULES = {
    "explore": ("AN-025", "Explore flips a face-down card adjacent to your location"),
    "climb": ("AN-R15", "you may scramble only when no adjacent face-down card is left"),
    "trade": ("AN-030", "Trade needs a Backpack card and a face-down card of your own"),
    "hide": ("AN-031", "Hide needs a Backpack card and another climber's face-down card"),
    "drop": ("AN-051", "Drop needs a Backpack card and an empty spot of your own"),
    "throw": ("AN-053", "Throw needs a Backpack card and an empty spot of another climber"),
    "sunyata": ("AN-049", "Sunyata is a Protecting action"),
    "pass": ("AN-R15", "you may pass only when nothing else is possible"),
}


def why_illegal(st: AnnapurnaState, act: Action, seat: int) -> tuple[str, str]:
    """Rule (or ruling) id and reason why ``act`` is refused for ``seat`` now."""
    kind = act.kind
    stage = st.stage
    if kind in ("to", "peek") and act.args[0] >= st.game.num_players:
        return ("AN-R23", f"there are only {st.game.num_players} climbers")
    if stage == MAIN:
        if kind in ("trade", "hide", "explore") and st.arrival[seat]:
            return ("AN-049", "after Peaking you Protect: Sunyata, Drop or Throw")
        if kind in ("drop", "throw", "sunyata") and not st.arrival[seat]:
            return ("AN-024", "while Climbing you Explore, Trade or Hide")
        if kind == "explore":
            p = act.args[0]
            if st.loc[seat] < 0:
                return ("AN-021", "the Hike flips a face-down card of your bottom row")
            if not st.down[seat] >> p & 1:
                return ("AN-025", "only a face-down card can be Explored")
            if board.ROW[p] < board.ROW[st.loc[seat]]:
                return ("AN-026", "no going back down once you go up")
            return ("AN-025", "Explore a card adjacent to your location")
        if kind in ("hide", "throw"):
            return ("AN-R37", "no other climber can receive that card now (sheltered or full)")
        return _MAIN_RULES.get(kind, ("AN-024", f"{act} is not a turn action"))
    if stage == CARD:
        return ("AN-010", "choose a card from your own Backpack")
    if stage == SPOT:
        if kind == "to":
            t, p = act.args
            if st.verb in (V_TRADE, V_HIDE):
                if (t == seat) != (st.verb == V_TRADE):
                    return (
                        ("AN-030", "Trade swaps with your own mountainside")
                        if st.verb == V_TRADE
                        else ("AN-031", "Hide swaps with another climber's mountainside")
                    )
                if st.shields[t]:
                    return ("AN-R37", "that climber is sheltered until their next turn")
                return ("AN-R16", "Trade and Hide swap with a face-down card")
            if (t == seat) != (st.verb == V_DROP):
                return (
                    ("AN-051", "Drop onto your own mountainside")
                    if st.verb == V_DROP
                    else ("AN-053", "Throw onto another climber's mountainside")
                )
            if st.shields[t]:
                return ("AN-R37", "that climber is sheltered until their next turn")
            return ("AN-R18", "cards are Dropped and Thrown into empty spots only")
        return ("AN-R35", "choose where the card goes")
    if stage == SWEEP:
        if kind in ("sweep", "bury"):
            if (kind == "sweep") != st.climbing(seat):
                return (
                    ("AN-055", "after Peaking you Bury instead of Sweeping")
                    if kind == "sweep"
                    else ("AN-032", "while Climbing you Sweep instead of Burying")
                )
            mask = act.args[0]
            if mask & ~st.up[seat]:
                return ("AN-032", "only face-up cards of your own mountainside are swept")
            if mask & ~st.sweepable(seat):
                return ("AN-033", "a zero card is swept only once its effect is complete")
            return ("AN-R04", "a group must balance: its Yin and Yang sum to zero")
        return ("AN-024", "now Sweep (or Bury) balanced groups, or end your turn")
    if stage == SCAVENGE:
        if kind == "scavenge":
            p = act.args[0]
            v = st.victim
            m = st.mount[v][p]
            if m >= 0 and st.up[v] >> p & 1 and st.game.zero[m]:
                return ("AN-044", "a card without Yin or Yang is not scavenged before its effect")
            return ("AN-041", "only a card of a balanced group left face up can be scavenged")
        return ("AN-R06", "call Scavenge on a card, or pass")
    if stage == DECIDE:
        kind0 = st.pending[-1][0]
        if kind0 == D_RETALIATE:
            return ("AN-R07", "Retaliate flips one face-down card of the thrower, or pass")
        if kind0 == D_PEEK:
            return ("AN-028", "look only at face-down cards the effect allows")
        return ("AN-029", "follow the card's effect")
    return ("AN-024", f"{act} is not allowed now")
