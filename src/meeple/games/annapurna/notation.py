"""Compact notation of Annapurna actions, cards and positions, and the fixed action space.

* positions: ``a1``..``e1`` (bottom row) up to ``a5`` (the peak), see :mod:`.board`;
* climbers: their colour letter (``R``, ``B``, ``G``, ``Y`` with the packaged content); seat
  ``i`` plays colour ``i``;
* cards: colour letter + number in the suit, ``R01``..``R18``;
* a position on a climber's mountainside: ``B:c3``.

Player actions (ruling AN-R35 splits Trade/Hide/Drop/Throw into three steps):

==========================  ===============================================================
``explore c2``              Hike or Explore a face-down card of your own (AN-021, AN-025)
``climb c2``                scramble onto a position without a face-down card (AN-R15)
``trade`` ``hide``          start a Trade (AN-030) / a Hide (AN-031)
``drop`` ``throw``          start a Drop (AN-051) / a Throw (AN-053)
``card R07``                the Backpack card to Trade/Hide/Drop/Throw
``to B:c3``                 where it goes
``sunyata``                 do nothing while Protecting (AN-050)
``pass``                    decline an optional choice, or a turn with nothing to do (AN-R15)
``peek B:c3``               look at a face-down card (peek effects)
``give R07``                Crevasse: give a Backpack card away
``recover R07``             Porter: take a Cache card back
``stow c3``                 Oxygen Bottle: flip a face-up card of yours face down
``retaliate c3``            flip the thrower's face-down card face up (AN-054, AN-R07)
``sweep a1+b1``             Sweep a balanced group into your Cache (AN-032)
``bury a1+b1``              Bury a balanced group in place (AN-055)
``end``                     end the turn, leaving any balanced group face up (AN-R05)
``scavenge c3``             take a card of a balanced group left face up (AN-041, AN-R06)
==========================  ===============================================================

Chance outcomes: ``deal R07`` (the next card of a shuffled suit) and ``first R`` (the first
climber of the Expedition).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from meeple.core.actions import Action, ActionSpace
from meeple.games.annapurna import board
from meeple.games.annapurna.content import COLOURS, SUIT_SIZE

NUM_CARDS = COLOURS * SUIT_SIZE


def card_code(letters: tuple[str, ...], card: int) -> str:
    """Notation of card ``card`` (``suit * 18 + index``), e.g. ``R07``."""
    return f"{letters[card // SUIT_SIZE]}{card % SUIT_SIZE + 1:02d}"


@dataclass
class Tables:
    """Direct lookup of every interned action (built once per colour set)."""

    explore: list[Action]
    climb: list[Action]
    trade: Action
    hide: Action
    drop: Action
    throw: Action
    sunyata: Action
    pass_: Action
    end: Action
    card: list[Action]
    to: list[list[Action]]
    peek: list[list[Action]]
    give: list[Action]
    recover: list[Action]
    stow: list[Action]
    retaliate: list[Action]
    scavenge: list[Action]
    sweep: dict[int, Action]
    bury: dict[int, Action]
    deal: list[Action]
    first: list[Action]


@lru_cache(maxsize=8)
def build_space(letters: tuple[str, ...]) -> tuple[ActionSpace, Tables]:
    """The fixed action space for a colour set (shared by every configuration using it).

    Returns:
        The :class:`ActionSpace` and the lookup :class:`Tables`.
    """
    P = board.NAMES
    spec: list[tuple[str, str, tuple]] = []
    spec += [(f"explore {P[p]}", "explore", (p,)) for p in range(board.SIZE)]
    spec += [(f"climb {P[p]}", "climb", (p,)) for p in range(board.SIZE)]
    for verb in ("trade", "hide", "drop", "throw", "sunyata", "pass", "end"):
        spec.append((verb, verb, ()))
    spec += [(f"card {card_code(letters, c)}", "card", (c,)) for c in range(NUM_CARDS)]
    spec += [
        (f"to {letters[s]}:{P[p]}", "to", (s, p)) for s in range(COLOURS) for p in range(board.SIZE)
    ]
    spec += [
        (f"peek {letters[s]}:{P[p]}", "peek", (s, p))
        for s in range(COLOURS)
        for p in range(board.SIZE)
    ]
    spec += [(f"give {card_code(letters, c)}", "give", (c,)) for c in range(NUM_CARDS)]
    spec += [(f"recover {card_code(letters, c)}", "recover", (c,)) for c in range(NUM_CARDS)]
    spec += [(f"stow {P[p]}", "stow", (p,)) for p in range(board.SIZE)]
    spec += [(f"retaliate {P[p]}", "retaliate", (p,)) for p in range(board.SIZE)]
    spec += [(f"scavenge {P[p]}", "scavenge", (p,)) for p in range(board.SIZE)]
    masks = list(board.connected_sets())
    spec += [(f"sweep {board.mask_name(m)}", "sweep", (m,)) for m in masks]
    spec += [(f"bury {board.mask_name(m)}", "bury", (m,)) for m in masks]
    chance = [(f"deal {card_code(letters, c)}", "deal", (c,)) for c in range(NUM_CARDS)]
    chance += [(f"first {letters[s]}", "first", (s,)) for s in range(COLOURS)]
    space = ActionSpace(spec, chance)
    by: dict[str, list[Action]] = {}
    for a in space.actions:
        by.setdefault(a.kind, []).append(a)
    cb: dict[str, list[Action]] = {}
    for a in space.chance_outcomes:
        cb.setdefault(a.kind, []).append(a)

    def grid(kind: str) -> list[list[Action]]:
        acts = by[kind]
        return [acts[s * board.SIZE : (s + 1) * board.SIZE] for s in range(COLOURS)]

    tables = Tables(
        explore=by["explore"],
        climb=by["climb"],
        trade=by["trade"][0],
        hide=by["hide"][0],
        drop=by["drop"][0],
        throw=by["throw"][0],
        sunyata=by["sunyata"][0],
        pass_=by["pass"][0],
        end=by["end"][0],
        card=by["card"],
        to=grid("to"),
        peek=grid("peek"),
        give=by["give"],
        recover=by["recover"],
        stow=by["stow"],
        retaliate=by["retaliate"],
        scavenge=by["scavenge"],
        sweep={a.args[0]: a for a in by["sweep"]},
        bury={a.args[0]: a for a in by["bury"]},
        deal=cb["deal"],
        first=cb["first"],
    )
    return space, tables
