"""Sweep, Bury and Scavenge: AN-032..AN-036, AN-041..AN-044, AN-055, AN-057, AN-074;
rulings AN-R04, AN-R05, AN-R06, AN-R12, AN-R33."""

from __future__ import annotations

import random

import pytest

from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, SIMULTANEOUS
from meeple.games.annapurna.consts import MAIN, RACE, SCAVENGE, SWEEP
from meeple.games.annapurna.state import AnnapurnaState

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


def forgotten(players: int = 3) -> AnnapurnaState:
    """Red Hikes, everyone Hikes, Red Explores b1 and ends the turn leaving a1+b1 (Sunrise +1,
    Moonrise -1) balanced face up."""
    state = hike_all(setup(players, layouts={0: layout(a1=14, b1=15)}))
    return play(state, "explore b1", "end")


def test_they_may_only_scavenge_after_you_place_your_meeple_to_end_your_turn():
    """AN-041, AN-042: no call before the offender ends the turn; then every other climber is
    asked at once, sealed (ruling AN-R06)."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1")
    with pytest.raises(IllegalActionError):  # the offender has not ended the turn yet
        state.apply_action("scavenge a1", 1)
    play(state, "end")
    assert state.stage == SCAVENGE and state.current_player() == SIMULTANEOUS
    assert state.acting_seats() == (1, 2) and state.victim == 0
    assert texts(state, 1) == texts(state, 2) == ["scavenge a1", "scavenge b1", "pass"]
    assert texts(state, 0) == []


def test_a_lone_caller_scavenges_the_card_into_their_backpack():
    """AN-041 (take one of the balanced cards into your Backpack), ruling AN-R06."""
    state = play(forgotten(), "G: scavenge b1", "B: pass")  # in any order
    assert state.pack[2] == sorted([*[card_id(2, n) for n in (1, 2, 3)], card_id(0, 15)])
    assert state.mount[0][1] == -1 and state.up[0] == 1
    assert state.stage == MAIN and state.turn == 1  # the window closed; Blue's turn
    assert state.victim == -1 and state.offer == 0


def test_first_one_to_call_scavenge_gets_the_card():
    """AN-043, ruling AN-R06: climbers calling together go to a fair draw of who called first
    (``first <colour>``); the later climber may win it as well as the next one."""
    state = play(forgotten(), "B: scavenge a1", "G: scavenge b1")
    assert state.stage == RACE and state.current_player() == CHANCE
    assert [(a.text, p) for a, p in state.chance_outcomes()] == [("first B", 0.5), ("first G", 0.5)]
    told = state.game.describe_move_for(state, CHANCE, state.game.action("first G", chance=True), 1)
    assert told == "Green called Scavenge first"
    play(state, "first G")
    assert card_id(0, 15) in state.pack[2] and card_id(0, 14) not in state.pack[1]
    assert state.up[0] == 1  # one card per window: a1 stays
    assert state.stage == MAIN and state.turn == 1


def test_a_scavenge_call_is_sealed_until_every_climber_has_answered():
    """Ruling AN-R06: a call made is shown only as made; once all have answered, every call
    is known; a determinized twin of the waiting climber's view keeps it identical."""
    state = play(forgotten(), "B: scavenge a1")
    assert state.observe(1)["claims"] == [-1, 0, -1]
    assert state.observe(2)["claims"] == [-1, None, -1]
    assert state.observe(None)["claims"] == [-1, None, -1]
    twin = state.game.determinize_observation(state.observe(2), random.Random(1))
    assert twin.observe(2) == state.observe(2) and twin.acting_seats() == (2,)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("pass", 1)  # Blue has answered
    assert err.value.rule == "CORE-06"
    play(state, "G: scavenge a1")
    assert state.observe(0)["claims"] == [-1, 0, 0]


def test_the_offer_stays_open_until_the_next_climber_ends_their_turn():
    """AN-042 ("before the next climber ends their turn"), ruling AN-R06: when everyone passes,
    the offer is held over and called on once more just before the next climber's turn ends;
    the next climber may call too."""
    state = play(forgotten(), "B: pass", "G: pass")
    assert state.stage == MAIN and state.turn == 1 and state.victim == 0
    assert "Scavenge still open on Red's balanced cards a1+b1" in state.game.render(
        state.observe(1)
    )
    play(state, "explore b1", "sweep a1+b1")  # Blue's turn ends: the last call on Red's cards
    assert state.stage == SCAVENGE and state.victim == 0 and state.turn == 1
    assert state.acting_seats() == (1, 2)
    play(state, "B: scavenge b1", "G: pass")
    assert card_id(0, 15) in state.pack[1]
    assert state.turn == 2 and state.stage == MAIN and state.victim == -1


def test_the_offer_closes_when_the_next_climber_has_ended_their_turn():
    """AN-042, ruling AN-R06: passed twice, Red's forgotten cards stay on Red's mountainside
    and nobody is asked again."""
    state = play(forgotten(), "pass", "pass", "explore b1", "sweep a1+b1", "pass", "pass")
    assert state.turn == 2 and state.stage == MAIN and state.victim == -1
    assert state.up[0] == 0b11
    play(state, "explore b1", "sweep a1+b1")  # Green's turn ends: no window on Red's cards
    assert state.turn == 0 and state.stage == MAIN


def test_with_two_climbers_the_other_climber_alone_calls():
    """Ruling AN-R06: with one other climber the call needs no draw."""
    state = forgotten(players=2)
    assert state.acting_seats() == (1,)
    play(state, "scavenge a1")
    assert card_id(0, 14) in state.pack[1] and state.turn == 1


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
    assert state.victim == 1  # first Blue's own forgotten cards, held over (ruling AN-R06)
    play(state, "pass")
    assert state.stage == SCAVENGE and state.victim == 0
    assert texts(state) == ["scavenge e1", "pass"]
    play(state, "scavenge e1")
    assert card_id(0, 5) in state.pack[1]
