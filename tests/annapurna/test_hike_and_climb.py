"""Hike to Base Camp and Climbing turns: AN-017, AN-018, AN-020..AN-031, AN-037, AN-039,
AN-040, AN-076; rulings AN-R03, AN-R14, AN-R15, AN-R16, AN-R26, AN-R35."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.annapurna.consts import CARD, MAIN, SPOT, SWEEP

from .helpers import card_id, code, go, hike_all, idle, layout, play, setup, texts


def test_hike_flips_a_bottom_card_and_stands_on_it():
    """AN-021 (flip a bottom-row card, follow it, stand on it), AN-076 (resolved like an
    Explore), AN-037 (meeple on the last card Explored)."""
    state = setup(2)
    play(state, "explore c1")
    assert state.up[0] == 1 << 2 and state.loc[0] == 2
    assert state.stage == SWEEP  # the Cairn (zero, no effect) may be swept (ruling AN-R12)


def test_everyone_hikes_once_clockwise_then_climbing_begins():
    """AN-017, AN-018 (Hike, then Climb), AN-020 (someone goes first), AN-023 (clockwise;
    after one Hike turn each, Climbing begins), AN-024 (Explore, Trade or Hide)."""
    state = setup(3, starter=1)
    assert state.turn == 1
    play(state, "explore a1")
    assert state.turn == 2
    play(state, "explore a1")
    assert state.turn == 0
    assert "trade" not in texts(state)  # still Hiking
    play(state, "explore a1")
    assert state.turn == 1
    assert texts(state) == ["explore b1", "explore a2", "trade", "hide"]


def test_an_extra_turn_during_the_hike_is_a_climbing_turn():
    """AN-022 [EX] Chocolate Bar in the Hike: the extra turn follows the Climbing rules;
    AN-035: Sweep between the two turns."""
    state = setup(2, layouts={0: layout(a1=1)})
    play(state, "explore a1")
    assert state.stage == SWEEP and texts(state) == ["sweep a1", "end"]
    play(state, "sweep a1")
    assert state.turn == 0 and state.stage == MAIN
    assert texts(state) == ["explore b1", "explore a2", "trade", "hide"]
    assert state.cache[0] == [card_id(0, 1)]


def test_explore_goes_sideways_or_up_never_down():
    """AN-025 (adjacent face-down card), AN-026 (no going back down), ruling AN-R03."""
    state = hike_all(setup(2), "b1")
    play(state, "explore b2")  # Binoculars: peek two own cards
    play(state, "peek R:a5", "peek R:b4", "sweep b1+b2")
    assert texts(state)[:4] == ["explore a1", "explore c1", "explore a2", "explore b2"]
    idle(state)  # Blue
    assert texts(state)[:4] == ["explore a2", "explore c2", "explore a3", "explore b3"]
    with pytest.raises(IllegalActionError) as err:
        play(state, "explore c1")
    assert err.value.rule == "AN-026"
    with pytest.raises(IllegalActionError) as err:
        play(state, "explore a4")
    assert err.value.rule == "AN-025"


def test_trade_swaps_a_backpack_card_with_an_own_face_down_card():
    """AN-030 (Backpack card in face down, mountainside card to the Cache), ruling AN-R35
    (three steps), ruling AN-R16 (even the peak), AN-073 (Backpack size unchanged)."""
    state = hike_all(setup(2))
    play(state, "trade")
    assert state.stage == CARD and texts(state) == [f"card {code(0, n)}" for n in (1, 2, 3)]
    play(state, f"card {code(0, 1)}")
    assert state.stage == SPOT and "to R:a5" in texts(state) and "to B:a2" not in texts(state)
    old = state.mount[0][14]
    play(state, "to R:a5")
    assert state.mount[0][14] == card_id(0, 1) and state.down[0] >> 14 & 1
    assert state.cache[0] == [old]
    assert len(state.pack[0]) == 3 - 1  # the old card went to the Cache, not the Backpack
    assert state.observe(0)["climbers"][0]["side"][14] == [0, card_id(0, 1)]  # known to Red
    assert state.observe(1)["climbers"][0]["side"][14] == [0, None]  # not to Blue
    assert state.observe(1)["identified"] == [[0, 14, [0]]]  # Blue saw Red place it (AN-R41)


def test_hide_swaps_with_another_climbers_card_into_your_own_cache():
    """AN-031: your card goes in face down; their card goes into YOUR Cache."""
    state = hike_all(setup(2))
    old = state.mount[1][1]
    play(state, "hide", f"card {code(0, 2)}", "to B:b1")
    assert state.mount[1][1] == card_id(0, 2)
    assert state.cache[0] == [old] and state.cache[1] == []
    assert state.observe(0)["climbers"][1]["side"][1] == [0, card_id(0, 2)]


def test_hide_and_trade_targets_are_checked():
    """AN-030/AN-031 targets, AN-010 (your own Backpack only)."""
    state = hike_all(setup(2))
    play(state, "hide")
    with pytest.raises(IllegalActionError) as err:
        play(state, f"card {code(1, 1)}")
    assert err.value.rule == "AN-010"
    play(state, f"card {code(0, 2)}")
    with pytest.raises(IllegalActionError) as err:
        play(state, "to R:b1")
    assert err.value.rule == "AN-031"
    with pytest.raises(IllegalActionError) as err:
        play(state, "to B:a1")  # face up after the Hike
    assert err.value.rule == "AN-R16"


def test_you_may_not_look_at_face_down_cards():
    """AN-028: face-down cards show only their colour (ruling AN-R36)."""
    state = setup(2)
    obs = state.observe(0)
    assert all(e == [0, None] for e in obs["climbers"][0]["side"])
    assert obs["identified"] == []


def test_turn_ends_by_placing_the_meeple_on_the_last_explored_card():
    """AN-037, AN-039: after the action (and Sweep) the turn passes; the location is the last
    card Explored, unchanged by Trade or Hide (ruling AN-R26)."""
    state = hike_all(setup(2))
    play(state, "trade", f"card {code(0, 1)}", "to R:c3")
    assert state.loc[0] == 0 and state.turn == 1


def test_location_is_kept_when_its_card_is_swept():
    """Ruling AN-R26: Sweep the meeple's card, then Explore next to the empty spot."""
    state = setup(2, layouts={0: layout(a1=14, a2=15)})
    hike_all(state)
    play(state, "explore a2")  # Moonrise -1 next to Sunrise +1
    assert texts(state) == ["sweep a1+a2", "end"]
    play(state, "sweep a1+a2")
    assert state.mount[0][5] == -1 and state.loc[0] == 5  # AN-036: the meeple's card swept
    idle(state)  # Blue
    assert texts(state)[:2] == ["explore b2", "explore a3"]


def test_climbing_continues_until_the_peak_is_flipped():
    """AN-040: the turn that flips the peak ends the Climb (the climber arrives)."""
    state = hike_all(setup(2), "e1")
    for pos in ("d2", "c3", "b4"):
        go(state, f"explore {pos}")
        idle(state)  # Blue
    assert state.turn == 0 and state.loc[0] == 13
    assert texts(state)[:2] == ["explore a4", "explore a5"]
    play(state, "explore a5")
    assert state.arrival[0] == 1


def test_scramble_only_when_no_face_down_card_is_ahead():
    """Ruling AN-R15: a climber with no adjacent face-down card ahead may scramble up onto an
    empty or face-up spot (no effect); otherwise the scramble is refused."""
    state = hike_all(setup(2))
    with pytest.raises(IllegalActionError) as err:
        play(state, "climb a2")
    assert err.value.rule == "AN-R15"
    # position fixture: every card ahead of Red's meeple already face up
    for p in (1, 5):
        state.down[0] &= ~(1 << p)
        state.up[0] |= 1 << p
    state._legal_cache = {}
    assert texts(state) == ["climb a2", "trade", "hide"]
    play(state, "climb a2")
    assert state.loc[0] == 5 and state.up[0] >> 6 & 1 == 0  # nothing flipped


def test_a_turn_with_nothing_to_do_is_a_pass():
    """Ruling AN-R15: the engine offers ``pass`` only when nothing else is possible."""
    state = setup(2)
    state.down[0] &= ~0b11111  # position fixture: no bottom card left to Hike onto
    state._legal_cache = {}
    assert texts(state) == ["pass"]
    play(state, "pass")
    assert state.turn == 1


def test_turn_order_is_one_clockwise_cycle_whatever_the_phase():
    """Ruling AN-R14: with one climber Protecting the order stays P1, P2, P3, P1..."""
    state = hike_all(setup(3), "e1")
    for pos in ("d2", "c3", "b4", "a5"):
        go(state, f"explore {pos}")
        idle(state)
        idle(state)
    assert state.arrival == [1, 0, 0]
    seen = []
    for _ in range(6):
        seen.append(state.turn)
        idle(state)
    assert seen == [0, 1, 2] * 2
