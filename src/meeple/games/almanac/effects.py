"""Registered functions: contract abilities and encounter effects.

Contract abilities (AL-080) are active while the contract is completed. Each kind is one
registered function, fired at its event:

* ``extra_contract_draw`` -- event ``contract_draw``: draw that many more on Gain a Contract
  (AL-082, ruling AL-R30);
* ``arrival_gold`` / ``arrival_good`` -- event ``arrival``: gain gold / a good each Arrival
  Phase (AL-028);
* ``sell_bonus`` -- event ``sell``: more gold per good sold at a Sell Goods space;
* ``shop_bonus`` -- event ``shop``: more gold per good discarded at the shop;
* ``strength`` -- event ``strength``: added to caravan strength (AL-048);
* ``guard_fame`` -- event ``end_fame``: fame per guard at the end.

Encounter effects (``EFFECTS``) apply to one seat; effects that need a choice push a task.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.games.almanac.state import AlmanacState

AbilityFn = Callable[["AlmanacState", int, int, int], int]

#: ability kind -> (event, function(state, seat, amount, good) -> number)
ABILITIES: dict[str, tuple[str, AbilityFn]] = {}
#: effect op -> function(state, seat, effect tuple)
EFFECTS: dict[str, Callable[[AlmanacState, int, tuple], None]] = {}


def ability(kind: str, event: str) -> Callable[[AbilityFn], AbilityFn]:
    """Register a contract ability ``kind`` fired at ``event``."""

    def deco(fn: AbilityFn) -> AbilityFn:
        ABILITIES[kind] = (event, fn)
        return fn

    return deco


def effect(op: str) -> Callable:
    """Register an encounter effect ``op``."""

    def deco(fn: Callable) -> Callable:
        EFFECTS[op] = fn
        return fn

    return deco


def supply_left(st: AlmanacState, g: int) -> int:
    """Goods of type ``g`` left in the general supply (30 per type, AL-001, AL-G15)."""
    left = st.content.goods_per_type
    for gs in st.goods:
        left -= gs[g]
    return left


def gain_goods(st: AlmanacState, seat: int, g: int, n: int) -> int:
    """Give ``n`` goods of type ``g`` (as many as the supply holds); returns the number given.

    The caller pushes a ``trim`` task so surplus beyond the crates is discarded (AL-043).
    """
    left = st.content.goods_per_type  # supply_left, inlined: every goods space calls this
    for gs in st.goods:
        left -= gs[g]
    if n > left:
        n = left
    if n > 0:
        st.goods[seat][g] += n
        return n
    return 0


def ability_bonus(st: AlmanacState, seat: int, event: str) -> int:
    """Sum of the numeric abilities of ``seat``'s completed contracts for ``event``."""
    done = st.completed[seat]
    if not done:
        return 0
    total = 0
    cts = st.content.contracts
    for k in done:
        c = cts[k]
        ev, fn = ABILITIES[c.ability]
        if ev == event:
            total += fn(st, seat, c.amount, c.good)
    return total


@ability("extra_contract_draw", "contract_draw")
def _extra_draw(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """AL-082: draw ``amount`` additional contracts on Gain a Contract."""
    return amount


@ability("arrival_gold", "arrival")
def _arrival_gold(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """Gain ``amount`` gold in each Arrival Phase (AL-028)."""
    st.gold[seat] += amount
    return 0


@ability("arrival_good", "arrival")
def _arrival_good(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """Gain ``amount`` goods of ``good`` in each Arrival Phase; overflow is trimmed (AL-043)."""
    if gain_goods(st, seat, good, amount):
        st.tasks.append(("trim", seat))
    return 0


@ability("sell_bonus", "sell")
def _sell_bonus(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """``amount`` more gold per good sold at a Sell Goods space (AL-044)."""
    return amount


@ability("shop_bonus", "shop")
def _shop_bonus(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """``amount`` more gold per good discarded at Visit the Shop option 2 (AL-045)."""
    return amount


@ability("strength", "strength")
def _strength(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """``amount`` more caravan strength (AL-048)."""
    return amount


@ability("guard_fame", "end_fame")
def _guard_fame(st: AlmanacState, seat: int, amount: int, good: int) -> int:
    """``amount`` fame per guard token at the End of the Game (AL-066)."""
    return amount * st.guards[seat]


def fire_arrival(st: AlmanacState, seat: int) -> None:
    """Resolve ``seat``'s Arrival Phase abilities in contract order (AL-028, AL-G36)."""
    cts = st.content.contracts
    for k in st.completed[seat]:
        c = cts[k]
        ev, fn = ABILITIES[c.ability]
        if ev == "arrival":
            fn(st, seat, c.amount, c.good)


# -- encounter effects --------------------------------------------------------------------------
@effect("gold")
def _gold(st: AlmanacState, seat: int, e: tuple) -> None:
    """Gain gold; a loss takes what there is, never below 0 (AL-G24, ruling AL-R24)."""
    st.gold[seat] = max(0, st.gold[seat] + e[1])


@effect("goods")
def _goods(st: AlmanacState, seat: int, e: tuple) -> None:
    """Gain goods of a type, or of the player's choice (AL-G11)."""
    _, g, n = e
    st.tasks.append(("trim", seat))
    if g == 4:
        st.tasks.append(("good", seat, n))
    else:
        gain_goods(st, seat, g, n)


@effect("lose_goods")
def _lose_goods(st: AlmanacState, seat: int, e: tuple) -> None:
    """Discard goods of the player's choice, as many as there are (AL-G24)."""
    st.tasks.append(("lose", seat, e[1]))


@effect("guard")
def _guard(st: AlmanacState, seat: int, e: tuple) -> None:
    """Gain guard tokens while the supply of 12 lasts (AL-G15)."""
    n = min(e[1], st.guard_supply)
    st.guards[seat] += n
    st.guard_supply -= n


@effect("trophy")
def _trophy(st: AlmanacState, seat: int, e: tuple) -> None:
    """Keep the encounter card; its fame counts at the end (AL-066)."""
    if st.enc >= 0 and st.enc not in st.trophies[seat]:
        st.trophies[seat].append(st.enc)


@effect("roll")
def _roll(st: AlmanacState, seat: int, e: tuple) -> None:
    """One 6-sided die roll; effects by range. A Guide's choice shares one roll (AL-G25)."""
    if st.enc_roll:
        apply_roll(st, seat, e[1], st.enc_roll)
    else:
        st.tasks.append(("d6", seat, e))


def apply_roll(st: AlmanacState, seat: int, table: tuple, value: int) -> None:
    """Apply the effects of the range of ``table`` that contains ``value``."""
    for lo, hi, effs in table:
        if lo <= value <= hi:
            apply_effects(st, seat, effs)
            return


def apply_effects(st: AlmanacState, seat: int, effects: tuple) -> None:
    """Apply ``effects`` to ``seat``; choices become tasks on top of the stack."""
    for e in effects:
        EFFECTS[e[0]](st, seat, e)
