"""The terminal picture and move sentences: every identifiable card named with its Yin/Yang and
effect, nothing a seat may not see (AN-010, AN-028, ruling AN-R17)."""

from __future__ import annotations

import random
import re

import pytest

from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.render import LEGEND

from .helpers import (
    ZERO_RUSH,
    actor,
    card_id,
    climb_route,
    code,
    hike_all,
    layout,
    play,
    setup,
    texts,
)


def _codes(text: str) -> set[str]:
    return set(re.findall(r"\b[RBGY]\d\d\b", text.replace(LEGEND, "")))


def _random_states(players: int, seed: int, every: int = 7):
    """Every ``every``-th decision state of a random Expedition."""
    game = Annapurna(players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        cp = actor(state)
        if cp == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        n += 1
        if n % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions(cp)), cp)
        if n > 700:
            return


def test_backpack_lists_names_yin_yang_and_effects():
    """AN-010: your own Backpack is shown card by card with values and effect text."""
    state = hike_all(setup(2))
    text = state.game.render(state.observe(0))
    assert "R01 Chocolate Bar — Yin 0, Yang 0 (=0): Take another turn after this one" in text
    assert "R02 Whiteout — Yin 0, Yang 0 (=0): Your next turn is skipped" in text
    assert "Backpack: 3 cards (hidden)" in text  # Blue's Backpack: its size only
    assert "Card key" in text and "Legend" in text
    assert "14 Sunrise" in text  # the card Hiked onto is named in the card key


def test_cache_and_peeked_cards_are_named_for_their_owner_only():
    """Ruling AN-R17: the hider knows the card it Hid; the Cache is private."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    mine = state.game.render(state.observe(0))
    theirs = state.game.render(state.observe(1))
    assert f"[{code(0, 1)}]" in mine and "[Chocolate Bar, face down]" in mine
    assert "Cache:\n    B" in mine  # Blue's card went into Red's Cache, named for Red
    assert code(0, 1) not in _codes(theirs)
    assert "1 card (hidden)" in theirs


def test_the_picture_shows_which_face_down_cards_others_know():
    """Ruling AN-R41: Blue's picture says Red knows the card Red Hid on Blue's mountainside
    (not which card); Red's own picture names the card instead."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    theirs = state.game.render(state.observe(1))
    mine = state.game.render(state.observe(0))
    assert "Face-down cards others know: b1 (Red)" in theirs
    assert "Face-down cards others know" not in mine
    assert "Face-down cards others know: b1 (Red)" in state.game.render(state.observe(None))


def test_the_picture_names_the_cards_you_remember_in_another_backpack():
    """Ruling AN-R39: a card you saw go into another climber's Backpack is named under it for
    you, not for a climber who did not see it."""
    state = hike_all(setup(3, layouts={0: layout(a1=14, b1=15)}))
    play(state, "explore b1", "end", "scavenge b1", "pass")  # Blue takes Red's Moonrise, face up
    moonrise = code(0, 15)
    for viewer in (0, 2):
        text = state.game.render(state.observe(viewer))
        assert f"you know in the Backpack: {moonrise} Moonrise" in text
    assert "you know in the Backpack" not in state.game.render(state.observe(1))


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 1), (4, 7)])
def test_render_never_names_a_card_the_viewer_cannot_identify(players, seed):
    """AN-010, AN-028: other Backpacks, Caches and unknown face-down cards stay unnamed
    (ruling AN-R17), but for the cards the viewer remembers there (ruling AN-R39)."""
    game = Annapurna(players)
    for state in _random_states(players, seed):
        for viewer in [*range(players), None]:
            obs = state.observe(viewer)
            text = game.render(obs)
            for t in range(players):
                if t != viewer:
                    remembered = set(obs["known_pack"][t] + obs["known_cache"][t])
                    hidden = set(state.pack[t] + state.cache[t]) - remembered
                    assert not {game.card_code(c) for c in hidden} & _codes(text)
                # a spectator identifies only the cards everyone saw turned over (AN-R17)
                known = state.public if viewer is None else state.known[viewer]
                for p in range(15):
                    c = state.mount[t][p]
                    if state.down[t] >> p & 1 and not known >> c & 1:
                        assert game.card_code(c) not in _codes(text)
            for action in state.legal_actions(actor(state)):
                game.describe_move(action, state.observe(actor(state)))


def test_describe_move_names_the_cards_a_move_concerns():
    state = hike_all(setup(2))
    game = state.game
    play(state, "trade")
    obs = state.observe(0)
    line = game.describe_move(game.action(f"card {code(0, 3)}"), obs)
    assert line.startswith("Trade R03 Bivouac Tent — Yin 0, Yang 0")
    play(state, f"card {code(0, 3)}")
    line = game.describe_move(game.action("to R:b1"), state.observe(0))
    assert "Swap it with the face-down card at b1 on your mountainside" in line


def test_deals_are_not_announced_card_by_card():
    """AN-009: mountainsides are dealt face down; only the end of each deal is told."""
    game = Annapurna(2)
    state = game.new_initial_state()
    told = []
    for _ in range(30):
        outcome = state.chance_outcomes()[0][0]
        told.append(game.describe_move_for(state, CHANCE, outcome, 0))
        state.apply_action(outcome, CHANCE)
    said = [t for t in told if t]
    assert said == [
        "Red's mountainside was dealt face down; the last 3 cards went to their Backpack",
        "Blue's mountainside was dealt face down; the last 3 cards went to their Backpack",
    ]


def test_private_moves_stay_private_in_announcements():
    """Ruling AN-R17: a Hide names its card only to the hider."""
    state = hike_all(setup(2))
    game = state.game
    play(state, "hide")
    act = game.action(f"card {code(0, 1)}")
    assert "Chocolate" not in game.describe_move_for(state, 0, act, 1)
    assert "Chocolate" in game.describe_move_for(state, 0, act, 0)
    assert card_id(0, 1) in state.pack[0]


def test_the_peak_turn_is_shown_sweeping_not_burying():
    """Rulebook, Protecting, and ruling AN-R08: the climber who reaches the peak finishes that
    turn with a Sweep, so the picture says Sweeping until the turn ends."""
    state = setup(2, layouts={0: layout(e1=14, d2=7, c3=18, b4=16, a5=17)})
    climb_route(state, 0, stop="a5")
    play(state, "explore a5")
    assert "sweep b4+a5" in texts(state)
    text = state.game.render(state.observe(0))
    first = text.splitlines()[0]
    assert "Bury" not in first and "Sweep" in first
    assert "Red (you): finishing the peak turn (reached the peak #1)" in text


def test_an_expedition_won_in_its_first_ascent_shows_how_it_was_scored():
    """AN-063 and AN-071: a shorter Expedition won by Left No Trace Behind in the first Ascent
    still shows that Ascent's flags in the final picture."""
    state = setup(3, layouts={0: ZERO_RUSH}, flag_target=4)
    climb_route(state, 0)
    assert state.is_terminal() and state.ascent == 1
    text = state.game.render(state.observe(None))
    assert "Final Ascent: Red #1 (total +0) +4" in text and "Red Left No Trace Behind" in text
