"""Sweep, Bury and Scavenge: AN-032..AN-036, AN-041..AN-044, AN-055, AN-057, AN-074;
rulings AN-R04, AN-R05, AN-R06, AN-R12, AN-R33."""

from __future__ import annotations

import random

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.annapurna.consts import MAIN, SCAVENGE, SWEEP

from .helpers import (
    RUSH,
    card_id,
    climb_route,
    code,
    hike_all,
    idle,
    layout,
    play,
    setup,
    texts,
)


def test_sweep_moves_balanced_groups_to_cache():
    """AN-032: after the action, balanced face-up groups go to the Cache; AN-074: sweeping a
    zero-sum group leaves the face-up total unchanged."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, a2=15)}))
    play(state, "explore a2")
    assert state.stage == SWEEP and texts(state) == ["sweep a1+a2", "end"]
    before = state.total(0)
    play(state, "sweep a1+a2")
    assert state.cache[0] == [card_id(0, 14), card_id(0, 15)]
    assert state.up[0] == 0 and state.total(0) == before == 0
    assert state.turn == 1 and state.stage == MAIN  # nothing left: the turn ends


def test_a_group_is_connected_and_must_balance():
    """Ruling AN-R04: groups are connected sets summing to zero; an unbalanced set is refused,
    a disconnected set is not even an action."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=17, c1=16)}))
    play(state, "explore b1")  # a1 +1, b1 +2: no group
    assert state.turn == 1
    idle(state)
    play(state, "explore c1")  # c1 -2
    assert texts(state) == ["sweep b1+c1", "end"]
    with pytest.raises(IllegalActionError) as err:
        play(state, "sweep a1+b1")
    assert err.value.rule == "AN-R04"
    with pytest.raises(IllegalActionError) as err:
        play(state, "sweep a1+c1")
    assert err.value.rule == "CORE-04"  # no such group in the action space


def test_the_climber_chooses_among_overlapping_groups():
    """Ruling AN-R04 (b): any balanced connected set, repeated until none is left."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15, c1=5)}))
    play(state, "explore b1", "end", "pass")  # forget a1+b1; Blue passes the Scavenge
    idle(state)
    play(state, "explore c1")  # Cairn: zero, no effect
    assert set(texts(state)) == {"sweep a1+b1", "sweep c1", "sweep a1+b1+c1", "end"}
    play(state, "sweep c1")
    assert texts(state) == ["sweep a1+b1", "end"]
    play(state, "sweep a1+b1")
    assert state.turn == 1


def test_sweep_is_optional_and_auto_sweep_does_it_for_you():
    """Ruling AN-R05: ``end`` leaves groups face up (forgetting); the ``auto_sweep`` option
    sweeps every group, largest first."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, a2=15)}, auto_sweep=True))
    play(state, "explore a2")
    assert state.up[0] == 0 and state.cache[0] == [card_id(0, 14), card_id(0, 15)]
    assert state.turn == 1 and state.stage == MAIN


def test_dont_sweep_a_card_with_zero_yins_or_yangs_until_youve_completed_its_effect():
    """AN-033: a Whiteout (skip) flipped this turn is not swept in this turn's Sweep, nor
    scavenged in its window (AN-044); ruling AN-R29 (completion)."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15, c1=2)}))
    play(state, "explore b1", "end", "pass")  # forget a1+b1
    idle(state)
    play(state, "explore c1")  # Whiteout: next turn skipped
    assert texts(state) == ["sweep a1+b1", "end"]  # c1 is not sweepable yet
    play(state, "end")
    assert texts(state, 1) == ["scavenge a1", "scavenge b1", "pass"]
    play(state, "pass")
    assert state.skips[0] == [card_id(0, 2)]


def test_if_youre_skipping_your_current_turn_you_should_still_sweep_the_skip_card_too():
    """AN-034 and ruling AN-R29: the skip is carried out by skipping the turn, so the
    Whiteout is complete then and that turn's Sweep can take it, alone or in a group."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15, c1=2)}))
    play(state, "explore b1", "end", "pass")  # forget a1+b1
    idle(state)
    play(state, "explore c1", "end", "pass")  # Whiteout: next turn skipped
    idle(state)
    # Red's skipped turn: straight to the Sweep, the Whiteout complete and sweepable
    assert state.turn == 0 and state.stage == SWEEP and state.skipping
    assert state.skips[0] == [] and not state.unfinished >> card_id(0, 2) & 1
    assert set(texts(state)) == {"sweep a1+b1", "sweep c1", "sweep a1+b1+c1", "end"}
    play(state, "sweep c1")
    assert state.cache[0] == [card_id(0, 2)]
    play(state, "sweep a1+b1")
    assert state.turn == 1 and state.stage == MAIN and not state.skipping


def test_a_skip_card_forgotten_in_the_skipped_turn_can_be_scavenged_in_that_window():
    """AN-041, AN-044 and ruling AN-R29: the Whiteout is complete once its turn is skipped, so
    when that turn's Sweep forgets it another climber may Scavenge it."""
    state = hike_all(setup(2, layouts={0: layout(b1=17, c1=2)}))
    play(state, "explore b1")  # a1 +1, b1 +2: nothing balances
    idle(state)
    play(state, "explore c1")  # Whiteout: c1 stands alone, unfinished
    assert state.turn == 1 and state.stage == MAIN  # nothing to Sweep: no window
    idle(state)
    assert state.turn == 0 and state.stage == SWEEP and texts(state) == ["sweep c1", "end"]
    play(state, "end")
    assert state.stage == SCAVENGE and texts(state, 1) == ["scavenge c1", "pass"]
    state.apply_action("scavenge c1", 1)
    assert card_id(0, 2) in state.pack[1] and state.mount[0][2] == -1


def test_extra_turn_sweeps_between_and_meeple_card_can_be_swept():
    """AN-035 (Sweep between the two turns) and AN-036 (the meeple's own card)."""
    state = hike_all(setup(2, layouts={0: layout(b1=1)}))
    play(state, "explore b1")  # Chocolate Bar, the meeple stands on it
    assert texts(state) == ["sweep b1", "end"]
    play(state, "sweep b1")
    assert state.turn == 0 and state.stage == MAIN and state.loc[0] == 1


def test_sweep_in_the_hike():
    """Ruling AN-R12 (AN-I08): a zero card flipped in the Hike can be swept at once."""
    state = setup(2)
    play(state, "explore c1")  # Cairn
    assert texts(state) == ["sweep c1", "end"]


def test_scavenge_window_opens_after_a_forgotten_sweep():
    """AN-041 (take one balanced card into your Backpack), AN-042 (only after the offender's
    turn ends), AN-043 / ruling AN-R06 (the first claim in clockwise order wins)."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1")
    with pytest.raises(IllegalActionError):  # the offender has not ended the turn yet
        state.apply_action("scavenge a1", 1)
    play(state, "end")
    assert state.stage == SCAVENGE and state.current_player() == 1
    assert texts(state) == ["scavenge a1", "scavenge b1", "pass"]
    play(state, "pass")
    assert state.current_player() == 2
    play(state, "scavenge b1")
    assert state.pack[2] == sorted([*[card_id(2, n) for n in (1, 2, 3)], card_id(0, 15)])
    assert state.mount[0][1] == -1 and state.up[0] == 1
    assert state.stage == MAIN and state.turn == 1  # the window closed; Blue's turn


def test_first_claim_closes_the_window():
    """Ruling AN-R06: one card per forgotten Sweep; later climbers are not asked."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1", "end")
    play(state, "scavenge a1")
    assert state.stage == MAIN and state.turn == 1
    assert state.up[0] == 1 << 1  # b1 stays where it is


def test_a_zero_card_with_an_unfinished_effect_cannot_be_scavenged():
    """AN-044."""
    state = hike_all(setup(2, layouts={0: layout(a1=14, b1=15, c1=2)}))
    play(state, "explore b1", "end", "pass")
    idle(state)
    play(state, "explore c1", "end")
    assert texts(state) == ["scavenge a1", "scavenge b1", "pass"]
    with pytest.raises(IllegalActionError) as err:
        play(state, "scavenge c1")
    assert err.value.rule == "AN-044"


def test_zero_card_turned_up_without_its_effect_may_be_buried_at_once():
    """AN-033 (ruling AN-R40): a Dropped Whiteout (a zero card) runs no effect, so it has none
    to complete and balances on its own at once: no skipped turn, Bury offered."""
    state = setup(2, layouts={0: RUSH})
    climb_route(state, 0)
    idle(state)  # Blue
    play(state, "drop", f"card {code(0, 2)}", "to R:e1")
    assert not state.unfinished >> card_id(0, 2) & 1 and state.skips == [[], []]
    assert texts(state) == ["bury e1", "end"]


def test_buried_card_is_identified_by_spectators_too():
    """AN-055, ruling AN-R17: a Buried card was seen face up by everyone, so a spectator's view
    (``observe(None)``) names it like every climber's; a replay or a spectator's screen shows
    it. A state rebuilt from the spectator's view has every climber know it."""
    state = setup(2, layouts={0: RUSH})
    climb_route(state, 0)
    idle(state)  # Blue
    play(state, "drop", f"card {code(0, 18)}", "to R:e1", "bury e1")
    for viewer in (0, 1, None):
        assert state.observe(viewer)["climbers"][0]["side"][4] == [0, card_id(0, 18)]
    twin = state.game.determinize_observation(state.observe(None), random.Random(0))
    assert twin.observe(None) == state.observe(None)
    assert all(twin.observe(v)["climbers"][0]["side"][4][1] == card_id(0, 18) for v in (0, 1))


def test_bury_flips_balanced_groups_face_down_in_place():
    """AN-055 (Bury), AN-057 (a forgotten Bury opens a Scavenge window), ruling AN-R33
    (same groups as Sweep) and AN-R17 (buried cards are known to all)."""
    state = setup(2, layouts={0: RUSH})
    climb_route(state, 0)
    assert state.arrival[0] == 1 and state.total(0) == 2
    idle(state)  # Blue
    play(state, "drop", f"card {code(0, 18)}", "to R:b4")
    assert texts(state) == ["bury b4", "end"]
    play(state, "bury b4")
    assert state.down[0] >> 13 & 1 and not state.up[0] >> 13 & 1
    assert state.mount[0][13] == card_id(0, 18)
    assert state.observe(1)["climbers"][0]["side"][13] == [0, card_id(0, 18)]
    assert [0, 13, [0, 1]] in state.observe(1)["identified"]  # everyone saw it (AN-R41)
    assert "b4 (everyone)" in state.game.render(state.observe(None))
    idle(state)  # Blue
    play(state, "drop", f"card {code(0, 5)}", "to R:e1", "end")
    assert state.stage == SCAVENGE and texts(state) == ["scavenge e1", "pass"]
    play(state, "scavenge e1")
    assert card_id(0, 5) in state.pack[1]
