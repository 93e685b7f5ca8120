"""Compact scenario setups for Annapurna tests: deals given explicitly as chance outcomes.

Cards are named by their number in the suit (1..18, see ``content/suit.toml``):

01 Chocolate Bar 0   02 Whiteout 0      03 Bivouac Tent 0   04 Oxygen Bottle 0  05 Cairn 0
06 Spyglass -1       07 Binoculars +1   08 Fixed Rope +2    09 Ice Axe -2       10 Rockslide +3
11 Serac Fall -3     12 Crevasse -4     13 Porter +4        14 Sunrise +1       15 Moonrise -1
16 Yak -2            17 Snow Leopard +2 18 Prayer Stone 0 (one Yin, one Yang)

A layout lists 15 card numbers for positions a1 b1 c1 d1 e1 a2 b2 c2 d2 a3 b3 c3 a4 b4 a5; the
three numbers left out form the Backpack.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from meeple.core.game import CHANCE, SIMULTANEOUS, sample_chance
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.state import AnnapurnaState

POSITIONS = [
    "a1",
    "b1",
    "c1",
    "d1",
    "e1",
    "a2",
    "b2",
    "c2",
    "d2",
    "a3",
    "b3",
    "c3",
    "a4",
    "b4",
    "a5",
]

#: Bland default: Backpack = Chocolate Bar, Whiteout, Bivouac Tent.
DEFAULT = [14, 15, 5, 16, 17, 6, 7, 18, 9, 8, 11, 10, 12, 13, 4]

LETTERS = "RBGY"


def code(seat: int, number: int) -> str:
    """Notation of card ``number`` (1..18) of colour ``seat``: ``code(1, 7) == "B07"``."""
    return f"{LETTERS[seat]}{number:02d}"


def card_id(seat: int, number: int) -> int:
    return seat * 18 + number - 1


def layout(**changes: int) -> list[int]:
    """DEFAULT with some positions changed, swapping so the layout stays a permutation."""
    out = DEFAULT[:]
    for pos, number in changes.items():
        i = POSITIONS.index(pos)
        if number in out:
            out[out.index(number)] = out[i]
        out[i] = number
    return out


def deal(state: AnnapurnaState, layouts: dict[int, list[int]] | None = None) -> AnnapurnaState:
    """Apply the deal of the current Ascent as explicit chance outcomes."""
    layouts = layouts or {}
    for seat in range(state.num_players):
        for number in layouts.get(seat, DEFAULT):
            state.apply_action(f"deal {code(seat, number)}")
    return state


def setup(
    players: int = 2, layouts: dict[int, list[int]] | None = None, **options
) -> AnnapurnaState:
    """A new Expedition, dealt, at the first Hike turn (seat 0 starts unless configured)."""
    game = Annapurna(players, **options)
    return deal(game.new_initial_state(), layouts)


def play(state: AnnapurnaState, *moves: str) -> AnnapurnaState:
    """Apply each move (notation) for whoever must act now; at a sealed Scavenge window, for
    the first climber (clockwise from the next one) still to call or pass. A move written
    ``"B: scavenge a1"`` is that colour's call, in any order."""
    for m in moves:
        colour, sep, move = m.partition(": ")
        if sep and colour in LETTERS:
            state.apply_action(move, LETTERS.index(colour))
        elif state.current_player() == SIMULTANEOUS:
            state.apply_action(m, state.acting_seats()[0])
        else:
            state.apply_action(m)
    return state


def actor(state: AnnapurnaState) -> int:
    """The seat to act now; at a sealed Scavenge window, the first still to answer (the
    others may answer in any order). ``CHANCE`` or ``TERMINAL`` at those nodes."""
    cp = state.current_player()
    return state.acting_seats()[0] if cp == SIMULTANEOUS else cp


def texts(state: AnnapurnaState, seat: int | None = None) -> list[str]:
    if seat is None and state.current_player() == SIMULTANEOUS:
        seat = state.acting_seats()[0]
    return [a.text for a in state.legal_actions(seat)]


def hike_all(state: AnnapurnaState, pos: str = "a1") -> AnnapurnaState:
    """Every climber Hikes onto ``pos`` (no Sweep is needed with the default layout)."""
    for _ in range(state.num_players):
        play(state, f"explore {pos}")
        while state.stage == 6:  # sweep step
            play(state, "end")
        while state.stage == 7:  # scavenge window
            play(state, "pass")
    return state


def finish(state: AnnapurnaState, turn: tuple[int, int] | None = None) -> AnnapurnaState:
    """Answer every pending choice with ``end``/``pass`` (or the first choice) until the next
    turn begins (or the Expedition ends)."""
    turn = turn or (state.ascent, state.turns)
    while state.stage > 1 and state.stage not in (2, 8) and (state.ascent, state.turns) == turn:
        acts = texts(state)
        for pick in ("end", "pass"):
            if pick in acts:
                play(state, pick)
                break
        else:
            play(state, acts[0])
    return state


def idle(state: AnnapurnaState) -> AnnapurnaState:
    """The current climber spends a turn quietly: Sunyata, or a Trade of their first Backpack
    card onto their first face-down card (or, with an empty Backpack, their first action)."""
    key = (state.ascent, state.turns)
    acts = texts(state)
    if "sunyata" in acts:
        play(state, "sunyata")
    elif "trade" not in acts:
        play(state, acts[0])
    else:
        play(state, "trade")
        play(state, texts(state)[0])
        play(state, texts(state)[0])
    return finish(state, key)


def go(state: AnnapurnaState, move: str) -> AnnapurnaState:
    """``move`` then finish the turn."""
    key = (state.ascent, state.turns)
    return finish(play(state, move), key)


#: A quick, plain route up the right edge: e1 +1, d2 -1, c3 Prayer Stone, b4 Cairn, a5 +2.
RUSH = layout(e1=14, d2=15, c3=18, b4=5, a5=17)
#: The same route ending at a total of zero (b4 Yak -2, a5 Snow Leopard +2).
ZERO_RUSH = layout(e1=14, d2=15, c3=18, b4=16, a5=17)
ROUTE = ("e1", "d2", "c3", "b4", "a5")


def sweep_all(state: AnnapurnaState) -> AnnapurnaState:
    """Sweep (or Bury) every balanced group offered, largest first."""
    while state.stage == 6:
        groups = [a for a in state.legal_actions() if a.kind in ("sweep", "bury")]
        if not groups:
            break
        play(state, max(groups, key=lambda a: a.args[0].bit_count()).text)
    return state


def climb_route(state: AnnapurnaState, seat: int, route=ROUTE, stop: str | None = None):
    """``seat`` Explores ``route`` (sweeping everything), the others idling in between;
    stops before Exploring ``stop``."""
    for pos in route:
        while state.turn != seat or state.stage != 2:
            if state.stage == 2:
                idle(state)
            else:
                finish(state)
        if pos == stop:
            return state
        key = (state.ascent, state.turns)
        if state.loc[seat] < 0 or f"explore {pos}" in texts(state):
            play(state, f"explore {pos}")
        sweep_all(state)
        finish(state, key)
    return state


def random_states(players: int, seed: int) -> Iterator[AnnapurnaState]:
    """The state after every move of a seeded random Expedition (chance outcomes sampled,
    decisions uniform), ending with the final one."""
    rng = random.Random(seed)
    state = Annapurna(players).new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
        else:
            seat = state.acting_seats()[0]  # a sealed window: its first climber to answer
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
        yield state
