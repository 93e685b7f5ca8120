"""Card effects: AN-005, AN-027..AN-029, AN-038, AN-048; rulings AN-R28..AN-R31, AN-R37."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.annapurna.consts import DECIDE, MAIN

from .helpers import card_id, climb_route, code, hike_all, idle, layout, play, setup, texts


def test_effects_activate_when_a_card_is_explored():
    """AN-005 and AN-027: Exploring the Binoculars starts its peeks at once."""
    state = hike_all(setup(2, layouts={0: layout(b1=7)}))
    play(state, "explore b1")
    assert state.stage == DECIDE and texts(state)[0].startswith("peek R:")
    assert all(t.startswith("peek R:") for t in texts(state))


def test_peeking_shows_the_card_to_the_peeker_only():
    """AN-028 (look at face-down cards only through an effect), ruling AN-R17; everyone sees
    which card was looked at (ruling AN-R41)."""
    state = hike_all(setup(2, layouts={0: layout(b1=7)}))
    play(state, "explore b1", "peek R:a5")
    assert "peek R:a5" not in texts(state)  # already known
    play(state, "peek R:b4")
    a5 = state.mount[0][14]
    assert state.observe(0)["climbers"][0]["side"][14] == [0, a5]
    assert state.observe(1)["climbers"][0]["side"][14] == [0, None]
    assert [0, 14, [0]] in state.observe(1)["identified"]  # Blue saw Red look at a5


def test_the_spyglass_looks_at_any_mountainside():
    state = hike_all(setup(2, layouts={0: layout(b1=6)}))
    play(state, "explore b1")
    assert "peek B:a5" in texts(state) and "peek R:a5" in texts(state)
    play(state, "peek B:a5")
    assert state.observe(0)["climbers"][1]["side"][14] == [1, state.mount[1][14]]


def test_fixed_rope_offers_one_more_explore_or_pass():
    state = hike_all(setup(2, layouts={0: layout(a2=8)}))
    play(state, "explore a2")
    assert texts(state) == ["explore b2", "explore a3", "pass"]
    play(state, "explore a3")
    assert state.loc[0] == 9 and state.up[0] >> 9 & 1


def test_rockslide_turns_the_cards_below_face_up_without_effect():
    """AN-027 and ruling AN-R31 (AN-I06): no effect for cards flipped by other means."""
    state = hike_all(setup(2, layouts={0: layout(a2=10, b1=1)}))
    play(state, "explore a2")  # Rockslide rests on a1 (face up) and b1 (Chocolate Bar)
    assert state.up[0] >> 1 & 1 and state.extra[0] == 0
    play(state, "end", "pass")
    assert state.turn == 1  # no extra turn


def test_an_effect_that_cannot_be_followed_is_ignored():
    """AN-029 and ruling AN-R28: the Porter with an empty Cache does nothing."""
    state = hike_all(setup(2, layouts={0: layout(b1=13)}))
    assert state.cache[0] == []
    play(state, "explore b1")
    assert state.turn == 1 and state.stage == MAIN


def test_porter_takes_a_card_back_from_the_cache():
    state = hike_all(setup(2, layouts={0: layout(a2=13, c3=10)}))
    play(state, "trade", f"card {code(0, 1)}", "to R:c3")
    assert state.cache[0] == [card_id(0, 10)]
    idle(state)
    play(state, "explore a2")
    assert texts(state) == [f"recover {code(0, 10)}"]
    play(state, f"recover {code(0, 10)}")
    assert card_id(0, 10) in state.pack[0] and state.cache[0] == []


def test_whiteout_lays_the_meeple_down_and_skips_the_next_turn():
    """AN-038 (shenpa position when the next turn is affected), AN-048, ruling AN-R30
    (AN-I04: a per-climber flag, public)."""
    state = hike_all(setup(2, layouts={0: layout(b1=2)}))
    play(state, "explore b1")
    assert state.observe(1)["climbers"][0]["skips"] == [card_id(0, 2)]
    idle(state)
    # Red's turn is skipped: only its Sweep, where the Whiteout is now complete (AN-R29)
    assert state.turn == 0 and state.skipping and state.skips[0] == []
    assert texts(state) == ["sweep b1", "end"]
    play(state, "sweep b1")
    assert state.turn == 1 and state.stage == MAIN


def test_bivouac_tent_shelters_until_the_next_turn():
    """Ruling AN-R37: nobody may Hide onto a sheltered climber; ruling AN-R29: the shelter ends
    when its owner's next turn begins."""
    state = hike_all(setup(2, layouts={0: layout(b1=3)}))
    play(state, "explore b1")
    assert state.shields[0] == [card_id(0, 3)]
    assert "hide" not in texts(state)  # Red is Blue's only target
    with pytest.raises(IllegalActionError) as err:
        play(state, "hide")
    assert err.value.rule == "AN-R37"
    idle(state)
    assert state.turn == 0 and state.shields[0] == []
    assert "sweep b1" in texts(play(state, "explore c1"))  # the Tent is complete now


def test_oxygen_bottle_stows_a_card_on_the_peak():
    """On-peak timing (ruling AN-R29): the Oxygen Bottle cannot be swept before the peak; on
    the peak its owner may flip one face-up card face down."""
    state = setup(2, layouts={0: layout(e1=4, d2=7, c3=18, b4=5, a5=17)})
    climb_route(state, 0, stop="a5")
    assert state.peakfx[0] == [card_id(0, 4)] and state.up[0] & 1 << 4
    play(state, "explore a5")
    assert texts(state)[-1] == "pass" and "stow a5" in texts(state)
    play(state, "stow a5")
    assert state.down[0] >> 14 & 1
    assert state.observe(None)["climbers"][0]["side"][14] == [0, card_id(0, 17)]  # AN-R17
    assert "sweep e1" in texts(state)  # complete: the zero card may go now


def test_card_notation_names_colour_and_number():
    assert code(2, 7) == "G07" and card_id(2, 7) == 42
