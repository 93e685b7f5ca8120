"""Mountain Card effects: small registered functions with an explicit timing (ruling AN-R01).

An effect runs when its card is Explored or flipped in the Hike (AN-005, AN-027, AN-076, ruling
AN-R31), never when a card is Dropped, Thrown, Retaliated or flipped by another effect.
Timings:

* ``immediate``: resolved during the turn (choices are pushed as pending decisions of the
  climber, resolved before the Sweep);
* ``extra_turn``: the climber takes another turn after this one, Sweeping in between (AN-022,
  AN-035); complete once granted (ruling AN-R29);
* ``next_turn``: acts on the climber's next turn; complete once that turn has begun: a shield
  ends then, and a skip is carried out by skipping it (ruling AN-R29);
* ``on_peak``: acts when the climber reaches the peak; complete then.

"If an effect can't be followed, ignore it" (AN-029): a pending decision with no possible
choice is dropped, and multi-part effects do what they can (ruling AN-R28).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.games.annapurna import board
from meeple.games.annapurna.consts import D_CLIMB, D_GIVE, D_PEEK, D_RECOVER, D_STOW

if TYPE_CHECKING:
    from meeple.games.annapurna.state import AnnapurnaState

EffectFn = Callable[["AnnapurnaState", int, int, int, dict], None]


@dataclass(frozen=True)
class Effect:
    """A registered effect.

    Attributes:
        id: Registry key used in the content file.
        timing: ``immediate``, ``extra_turn``, ``next_turn`` or ``on_peak``.
        text: Rules text shown to players (``{count}``-style fields come from params).
        apply: ``apply(state, seat, position, card, params)``, run when the card is Explored.
        params: Parameter name -> checker returning an error message or ``""``.
    """

    id: str
    timing: str
    text: str
    apply: EffectFn
    params: tuple[tuple[str, Callable[[Any], str]], ...] = ()

    def check(self, params: dict) -> str:
        """An error message for bad ``params``, or ``""``."""
        names = {n for n, _ in self.params}
        extra = set(params) - names
        if extra:
            return f"effect {self.id!r} takes no parameter(s) {sorted(extra)}"
        for name, checker in self.params:
            if name not in params:
                return f"effect {self.id!r} needs parameter {name!r}"
            problem = checker(params[name])
            if problem:
                return f"{name}: {problem}, got {params[name]!r}"
        return ""

    def describe(self, params: dict) -> str:
        return self.text.format(**params)


def _fx_none(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """No effect."""


def _fx_extra_turn(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Chocolate Bar (AN-022, AN-035): another turn after this one."""
    st.extra[seat] += 1


def _fx_skip_turn(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Your next turn is skipped; you still Sweep in it (AN-034, AN-038, AN-048)."""
    st.skips[seat].append(card)
    st.unfinished |= 1 << card


def _fx_shield(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Until your next turn begins, nobody may Hide or Throw onto your mountainside."""
    st.shields[seat].append(card)
    st.unfinished |= 1 << card


def _fx_stow_on_peak(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """On reaching your peak you may flip one face-up card of yours face down."""
    if pos == board.PEAK:
        st.pending.append([D_STOW, seat, 0, 0])
    else:
        st.peakfx[seat].append(card)
        st.unfinished |= 1 << card


def _fx_peek(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Look at face-down cards, one at a time (AN-028 allows it by card effect)."""
    st.pending.append([D_PEEK, seat, params["count"], 1 if params["scope"] == "any" else 0])


def _fx_climb_again(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """You may Explore one more card now (its effect happens too)."""
    st.pending.append([D_CLIMB, seat, 0, 0])


def _fx_rockslide(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """The face-down cards this card rests on turn face up, with no effect (AN-027)."""
    under = board.DOWN[pos] & st.down[seat]
    for p in board.bits(under):
        st.reveal(seat, p)


def _fx_give_away(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Give one Backpack card of your choice to the Cache of the next climber clockwise."""
    st.pending.append([D_GIVE, seat, 0, 0])


def _fx_recover(st: AnnapurnaState, seat: int, pos: int, card: int, params: dict) -> None:
    """Take one card of your choice from your Cache back into your Backpack."""
    st.pending.append([D_RECOVER, seat, 0, 0])


def _count(v: Any) -> str:
    return "" if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3 else "1..3"


def _scope(v: Any) -> str:
    return "" if v in ("own", "any") else "'own' or 'any'"


EFFECTS: dict[str, Effect] = {
    e.id: e
    for e in (
        Effect("none", "immediate", "No effect.", _fx_none),
        Effect(
            "extra_turn",
            "extra_turn",
            "Take another turn after this one (Sweep in between).",
            _fx_extra_turn,
        ),
        Effect(
            "skip_turn",
            "next_turn",
            "Your next turn is skipped (you still Sweep).",
            _fx_skip_turn,
        ),
        Effect(
            "shield",
            "next_turn",
            "Until your next turn, nobody may Hide or Throw onto your mountainside.",
            _fx_shield,
        ),
        Effect(
            "stow_on_peak",
            "on_peak",
            "When you reach your peak, you may flip one face-up card of yours face down.",
            _fx_stow_on_peak,
        ),
        Effect(
            "peek",
            "immediate",
            "Look at {count} face-down card(s) on {scope} mountainside(s).",
            _fx_peek,
            (("count", _count), ("scope", _scope)),
        ),
        Effect(
            "climb_again",
            "immediate",
            "You may Explore one more card now.",
            _fx_climb_again,
        ),
        Effect(
            "rockslide",
            "immediate",
            "The face-down cards this card rests on turn face up (no effect).",
            _fx_rockslide,
        ),
        Effect(
            "give_away",
            "immediate",
            "Give a Backpack card of your choice to the next climber's Cache.",
            _fx_give_away,
        ),
        Effect(
            "recover",
            "immediate",
            "Take a card of your choice from your Cache back into your Backpack.",
            _fx_recover,
        ),
    )
}
