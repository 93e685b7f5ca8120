"""Peaking and Protecting: AN-045..AN-054, AN-056, AN-058, AN-073; rulings AN-R07..AN-R10,
AN-R18, AN-R25, AN-R27."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError
from meeple.core.record import tell_move
from meeple.games.annapurna.consts import DECIDE, MAIN, SWEEP

from .helpers import (
    RUSH,
    card_id,
    climb_route,
    code,
    finish,
    go,
    idle,
    layout,
    play,
    setup,
    texts,
)


def peaked(players: int = 2, **layouts) -> object:
    state = setup(players, layouts={0: layouts.pop("red", RUSH), **layouts})
    climb_route(state, 0)
    return state


def test_peaking_adds_the_cache_to_the_backpack_and_takes_token_one():
    """AN-045 (arrival order), AN-046 (Cache into Backpack), AN-047 (token where the Cache
    was, meeple on it), ruling AN-R08 (after the Sweep)."""
    state = peaked()
    assert state.arrival == [1, 0]
    assert state.cache[0] == []
    swept = [card_id(0, n) for n in (14, 15, 18, 5)]
    assert set(swept) <= set(state.pack[0])
    assert len(state.pack[0]) == 3 + 4  # AN-073: the Backpack grows at the peak
    assert state.loc[0] == 14


def test_the_peak_sweep_comes_before_the_cache_joins_the_backpack():
    """Ruling AN-R08: cards swept on the peak turn end up in the Backpack too."""
    state = setup(2, layouts={0: layout(e1=14, d2=7, c3=18, b4=16, a5=17)})
    climb_route(state, 0, stop="a5")
    play(state, "explore a5")  # b4 -2 + a5 +2
    assert texts(state) == ["sweep b4+a5", "end"]
    play(state, "sweep b4+a5")
    assert {card_id(0, 16), card_id(0, 17)} <= set(state.pack[0])


def test_protecting_turn_offers_sunyata_drop_and_throw():
    """AN-049 (after Peaking you Protect), AN-050 (Sunyata), AN-056 (the turn ends)."""
    state = peaked()
    idle(state)
    assert texts(state) == ["sunyata", "drop"]  # Blue has no empty spot: no Throw (AN-R18)
    with pytest.raises(IllegalActionError) as err:
        play(state, "trade")
    assert err.value.rule == "AN-049"
    play(state, "sunyata")
    assert state.turn == 1 and state.stage == MAIN


def test_drop_places_a_card_face_up_without_effect():
    """AN-051 (Drop into an empty spot of your own), AN-052 (no effect, but it counts)."""
    state = peaked()
    idle(state)
    play(state, "drop", f"card {code(0, 1)}", "to R:e1")  # a Chocolate Bar: no extra turn
    assert state.up[0] >> 0 & 1 == 0 and state.up[0] >> 4 & 1
    assert state.extra[0] == 0
    finish(state)
    assert state.turn == 1
    idle(state)
    play(state, "drop", f"card {code(0, 15)}", "to R:d2")  # Moonrise -1: total 2 -> 1
    assert state.total(0) == 1


def test_throw_lets_the_target_retaliate_on_the_throwers_turn():
    """AN-053 (Throw into another climber's empty spot), AN-054 and ruling AN-R07 (the target
    flips one face-down card of the thrower face up, no effect)."""
    state = setup(2, layouts={0: RUSH, 1: layout(a1=14, a2=15)})
    climb_route(state, 0, stop="b4")
    # Blue sweeps a1+a2 on the way, leaving empty spots
    assert state.turn == 0
    play(state, "explore b4")
    finish(state)
    play(state, "explore a2", "sweep a1+a2")  # Blue
    finish(state)  # Red's cards, held over, called on a last time (AN-R06)
    play(state, "explore a5")  # Red peaks (+2, no group)
    finish(state)
    idle(state)  # Blue
    assert "throw" in texts(state)
    play(state, "throw", f"card {code(0, 14)}", "to B:a1")
    assert state.stage == DECIDE and state.current_player() == 1
    assert texts(state)[-1] == "pass" and "retaliate a1" in texts(state)
    card = state.mount[0][0]
    play(state, "retaliate a1")
    assert state.up[0] & 1 and state.mount[0][0] == card
    assert state.up[1] & 1 and state.mount[1][0] == card_id(0, 14)
    assert state.turn == 0  # still Red's turn: now Red's Bury step (if any)


def test_retaliate_is_optional():
    """AN-054: the target *can* choose to Retaliate."""
    state = setup(2, layouts={0: RUSH, 1: layout(a1=14, a2=15)})
    climb_route(state, 0, stop="b4")
    play(state, "explore b4")
    finish(state)
    play(state, "explore a2", "sweep a1+a2")
    finish(state)  # Red's cards, held over, called on a last time (AN-R06)
    play(state, "explore a5")
    finish(state)
    idle(state)
    up = state.up[0]
    play(state, "throw", f"card {code(0, 14)}", "to B:a2", "pass")
    assert state.up[0] == up
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("retaliate a1", 1)
    assert err.value.rule.startswith("CORE")


def test_a_throw_onto_a_climber_without_empty_spot_is_impossible():
    """Ruling AN-R18: Throw and Drop need an empty spot."""
    state = peaked()
    idle(state)
    play(state, "drop", f"card {code(0, 1)}")
    with pytest.raises(IllegalActionError) as err:
        play(state, "to B:a2")
    assert err.value.rule == "AN-051"
    with pytest.raises(IllegalActionError) as err:
        play(state, "to R:a5")
    assert err.value.rule == "AN-R18"


def test_cards_sent_to_a_peaked_climbers_cache_go_to_the_backpack():
    """Ruling AN-R09 (AN-I10): after peaking, the Cache is replaced by the token, so a card
    given to it (Crevasse) lands in the Backpack."""
    state = setup(2, layouts={0: RUSH, 1: layout(e1=12)})
    for red, blue in zip(("e1", "d2", "c3", "b4", "a5"), ("a1", "b1", "c1", "d1"), strict=False):
        go(state, f"explore {red}")
        go(state, f"explore {blue}")
    go(state, "explore a5")
    assert state.arrival[0] == 1 and state.turn == 1
    before = len(state.pack[0])
    play(state, "explore e1")  # Crevasse: give a Backpack card to the next climber
    assert texts(state) == [f"give {code(1, n)}" for n in (1, 2, 3)]
    play(state, f"give {code(1, 2)}")
    assert len(state.pack[0]) == before + 1 and card_id(1, 2) in state.pack[0]
    assert state.cache[0] == []


def test_the_fourth_climber_gets_no_token_and_ends_the_ascent():
    """Ruling AN-R10 (AN-I03, AN-002): arrival 4 is recorded, the Ascent ends at once;
    AN-058 (Protect until the last climber completes the peak turn), AN-059."""
    state = setup(4, layouts={s: RUSH for s in range(4)})
    for pos in ("e1", "d2", "c3", "b4", "a5"):
        for s in range(4):
            while state.turn != s or state.stage != MAIN:
                finish(state) if state.stage != MAIN else idle(state)
            if state.arrival[s]:
                idle(state)
                continue
            play(state, f"explore {pos}")
            while state.stage == SWEEP:
                acts = [a for a in texts(state) if a.startswith("sweep")]
                play(state, acts[0] if acts else "end")
            if state.ascent > 1:
                break
            finish(state)
    assert state.ascent == 2  # the 4th arrival's peak turn ended the Ascent
    assert state.earned == [2, 1, 0, 3] or sum(state.earned) == 6


def test_an_extra_turn_won_on_the_peak_is_a_protecting_turn():
    """Ruling AN-R27."""
    state = setup(2, layouts={0: layout(e1=14, d2=7, c3=18, b4=5, a5=1)})
    climb_route(state, 0, stop="a5")
    play(state, "explore a5")  # Chocolate Bar on the peak
    play(state, "sweep a5")
    assert state.turn == 0 and state.arrival[0] == 1
    assert texts(state)[0] == "sunyata"


def test_backpack_has_no_size_limit():
    """Ruling AN-R25: eight or more cards after peaking are fine."""
    state = peaked()
    assert len(state.pack[0]) >= 7


def _told(state, move: str, viewer: int) -> str:
    return tell_move(state, 1, state.current_player(), move, viewer).told


def test_a_drop_is_told_as_a_drop_when_the_card_is_placed_not_before():
    """AN-051: the dropped card goes face up, so every climber is told it then, as a Drop; the
    Backpack card chosen a step before stays the dropper's own (ruling AN-R17)."""
    state = peaked()
    idle(state)
    play(state, "drop")
    chosen = f"card {code(0, 1)}"
    assert _told(state, chosen, 1) == "Player 1 chose a Backpack card to place face up (Drop)"
    assert (
        _told(state, chosen, 0)
        == "Player 1 chose Red Chocolate Bar (R01) from their Backpack (Drop)"
    )
    play(state, chosen)
    for viewer in (0, 1, None):
        said = _told(state, "to R:e1", viewer)
        assert said.startswith("Player 1 dropped Red Chocolate Bar (R01) face up at e1 on")
        assert said.endswith("on their own mountainside")


def test_a_throw_is_told_as_a_throw_when_the_card_lands_on_the_other_mountainside():
    """AN-053: the thrown card is told to every climber as it lands face up, not when chosen."""
    state = setup(2, layouts={0: RUSH, 1: layout(a1=14, a2=15)})
    climb_route(state, 0, stop="b4")
    play(state, "explore b4")
    finish(state)
    play(state, "explore a2", "sweep a1+a2")
    finish(state)  # Red's cards, held over, called on a last time (AN-R06)
    play(state, "explore a5")
    finish(state)
    idle(state)
    play(state, "throw")
    chosen = f"card {code(0, 14)}"
    assert "Sunrise" not in _told(state, chosen, 1) and "Throw" in _told(state, chosen, 1)
    play(state, chosen)
    said = _told(state, "to B:a1", 1)
    assert (
        said.startswith("Player 1 threw Red ")
        and "(R14) face up at a1 on your mountainside" in said
    )
