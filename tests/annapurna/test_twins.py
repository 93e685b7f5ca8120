"""Determinized twins keep everything the observer may see (rulings AN-R17, AN-R39, AN-R41):
an observer's view, and a spectator's, of a state rebuilt from the observer's view is the view
of the real state, byte for byte."""

from __future__ import annotations

import json
import random

import pytest

from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.consts import DECIDE, DECISION_NAMES, STAGE_NAMES
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.state import AnnapurnaState

from .helpers import card_id, climb_route, code, hike_all, idle, play, setup
from .test_sweep_and_scavenge import RUSH


def _bytes(obs: dict) -> str:
    return json.dumps(obs, sort_keys=True)


def _buried() -> AnnapurnaState:
    """Red's Prayer Stone Dropped on Red's e1 by Red and Buried there (AN-055)."""
    state = setup(2, layouts={0: RUSH})
    climb_route(state, 0)
    idle(state)  # Blue
    play(state, "drop", f"card {code(0, 18)}", "to R:e1", "bury e1")
    return state


def test_a_buried_card_is_listed_as_public_in_every_view():
    """Ruling AN-R17: every view lists the Buried card's position among the cards everyone saw
    face up, so a view tells them apart from cards each climber came to identify on its own."""
    state = _buried()
    for viewer in (0, 1, None):
        assert state.observe(viewer)["public"] == [[0, 4]]


def test_a_hidden_card_is_not_public_though_its_hider_identifies_it():
    """Ruling AN-R41: a Hidden card is identified by its hider, in everyone's sight, but no one
    else saw its face, so it is not public."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    for viewer in (0, 1, None):
        obs = state.observe(viewer)
        assert obs["public"] == [] and obs["identified"] == [[1, 1, [0]]]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_buried_card_stays_public_in_a_twin_of_each_climbers_view(seat: int, seed: int):
    """Ruling AN-R17: rebuilt from either climber's view, the Buried card keeps its face for
    the spectator and for both climbers."""
    state = _buried()
    twin = state.game.determinize(state, seat, random.Random(seed))
    assert twin.mount[0][4] == card_id(0, 18)
    for viewer in (0, 1, None):
        assert twin.observe(viewer)["climbers"][0]["side"][4] == [0, card_id(0, 18)]
    assert _bytes(twin.observe(None)) == _bytes(state.observe(None))


#: Each setting a random Expedition is played in: players, mode, automatic Sweep.
SETTINGS = [
    (2, "competitive", False),
    (3, "competitive", False),
    (4, "competitive", True),
    (3, "cooperative", False),
]


@pytest.mark.parametrize(("players", "mode", "auto_sweep"), SETTINGS)
def test_a_twin_shows_its_observer_and_the_spectator_the_real_views_byte_for_byte(
    players: int, mode: str, auto_sweep: bool
):
    """At every fourth position and the end of seeded random Expeditions (every stage and every pending
    decision met, public cards and peeked cards included), a twin rebuilt from a climber's
    view, or from the spectator's, gives that climber and the spectator the real state's
    views byte for byte."""
    game = Annapurna(players, mode=mode, auto_sweep=auto_sweep)
    stages: set[str] = set()
    decisions: set[str] = set()
    public = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while True:
            if (step % 4 == 0 or state.is_terminal()) and not state.is_chance_node():
                stages.add(STAGE_NAMES[state.stage])
                if state.stage == DECIDE:
                    decisions.add(DECISION_NAMES[state.pending[-1][0]])
                spectator = _bytes(state.observe(None))
                public += bool(state.observe(None)["public"])
                for observer in [None, *range(players)]:
                    twin = game.determinize(state, observer, random.Random(rng.getrandbits(32)))
                    assert _bytes(twin.observe(None)) == spectator
                    if observer is not None:
                        assert _bytes(twin.observe(observer)) == _bytes(state.observe(observer))
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng), CHANCE)
            else:
                actor = state.acting_seats()[0]
                legal = state.legal_actions(actor)
                state.apply_action(legal[rng.randrange(len(legal))], actor)
            step += 1
    # the property was put to the test at positions of every kind
    steps = {"main", "card", "spot", "over"} | (set() if auto_sweep else {"sweep", "scavenge"})
    assert steps <= stages
    assert {"peek", "retaliate"} <= decisions and public > 0
