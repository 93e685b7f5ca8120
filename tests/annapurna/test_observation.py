"""Observations, determinization, rendering: AN-010, AN-028; rulings AN-R17, AN-R36."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.core.errors import ConfigError
from meeple.core.record import GameRecord, replay
from meeple.games.annapurna.content import SUIT_SIZE
from meeple.games.annapurna.game import Annapurna

from .helpers import card_id, code, hike_all, play, random_states, setup


def test_backpack_and_cache_are_private():
    """AN-010 and ruling AN-R17: others see sizes only."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    mine = state.observe(0)["climbers"][0]
    theirs = state.observe(1)["climbers"][0]
    assert mine["pack"] == [card_id(0, 2), card_id(0, 3)] and len(mine["cache"]) == 1
    assert theirs["pack"] == 2 and theirs["cache"] == 1
    spectator = state.observe(None)["climbers"][0]
    assert spectator["pack"] == 2


def test_face_down_cards_show_their_colour_only():
    """AN-028 and ruling AN-R36: a Hidden card shows the hider's colour to everyone, its face
    only to the hider."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    assert state.observe(1)["climbers"][1]["side"][1] == [0, None]
    assert state.observe(0)["climbers"][1]["side"][1] == [0, card_id(0, 1)]


def test_chosen_card_of_a_trade_is_seen_by_its_owner_only():
    state = hike_all(setup(2))
    play(state, "trade", f"card {code(0, 2)}")
    assert state.observe(0)["card"] == card_id(0, 2)
    assert state.observe(1)["card"] is None


def test_determinization_resamples_only_what_the_seat_cannot_identify():
    game = Annapurna(3)
    state, _ = play_game(game, [RandomAgent() for _ in range(3)], seed=5, max_steps=140)
    rng = random.Random(0)
    for seat in range(3):
        obs = state.observe(seat)
        for _ in range(5):
            det = game.determinize_observation(obs, rng)
            assert det.observe(seat) == obs
            for s in range(3):  # each colour's 18 cards are all somewhere, once
                cards = [c for t in range(3) for c in det.mount[t] if c // 18 == s]
                cards += [c for t in range(3) for c in det.pack[t] + det.cache[t] if c // 18 == s]
                assert sorted(cards) == list(range(s * 18, s * 18 + 18))
            assert det.pack[seat] == state.pack[seat]


def test_determinization_during_a_deal():
    game = Annapurna(2)
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.chance_outcomes()[0][0])
    det = game.determinize_observation(state.observe(1), random.Random(1))
    assert det.observe(1) == state.observe(1)
    assert len(det.chance_outcomes()) == len(state.chance_outcomes())


def test_observation_is_json_and_render_draws_every_pyramid():
    state = hike_all(setup(4))
    obs = state.observe(2)
    json.dumps(obs)
    text = state.game.render(obs)
    assert text.count("  (columns)") == 4
    assert "Green (you)" in text and "[R??]" in text


def test_describe_action_and_rules_summary():
    game = Annapurna(2)
    assert "Explore" in game.describe_action(game.action("explore c2"))
    assert "Chocolate Bar" in game.describe_action(game.action("card R01"))
    assert "Bury" in game.describe_action(game.action("bury a1+b1"))
    assert "Left No Trace Behind" in game.rules_summary()


def test_records_replay_to_the_same_state():
    game = Annapurna(3)
    state, record = play_game(game, [RandomAgent() for _ in range(3)], seed=9)
    back = replay(GameRecord.from_json(record.to_json()))
    assert back.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("old", ["1.2", "1.3"])
def test_a_record_of_the_rules_before_the_scavenge_race_is_refused(old):
    """Version 1.4 (ruling AN-R06: "first one to call Scavenge gets the card", a sealed call
    of every other climber): records of 1.3 (one offer to each climber in turn) and of 1.2
    (whose skipped turns could not Sweep the skip card, ruling AN-R29) no longer replay."""
    game = Annapurna(2)
    assert game.info.version == "1.4"
    _, record = play_game(game, [RandomAgent() for _ in range(2)], seed=3, max_steps=40)
    with pytest.raises(ConfigError, match=old.replace(".", r"\.")):
        replay(dataclasses.replace(record, version=old))


def test_cards_everyone_identifies_are_face_down_and_known_to_every_climber():
    """Ruling AN-R17: the spectator's knowledge (``public``: Buried and stowed cards) only ever
    holds face-down cards every climber identifies; a card that moves or turns face up leaves
    it, in every random game."""
    seen = 0
    for players in (2, 3, 4):
        for seed in range(12):
            for state in random_states(players, seed):
                down = 0
                for t in range(players):
                    for p in range(15):
                        if state.down[t] >> p & 1:
                            down |= 1 << state.mount[t][p]
                assert state.public & ~down == 0
                assert all(state.public & ~known == 0 for known in state.known)
                seen += state.public != 0
    assert seen > 100  # the property was put to the test


def test_everyone_sees_who_came_to_identify_a_face_down_card():
    """Ruling AN-R41: a Traded, Hidden or peeked card lists the climber who placed or looked at
    it in every climber's view, and a spectator's; nobody else learns its face."""
    state = hike_all(setup(3))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    for viewer in (0, 1, 2, None):
        obs = state.observe(viewer)
        assert obs["identified"] == [[1, 1, [0]]]
        assert (obs["climbers"][1]["side"][1][1] is not None) == (viewer == 0)


def test_seen_identifications_are_face_down_known_cards_in_every_random_game():
    """Ruling AN-R41: what everyone saw climbers come to identify (``seen``) is always a
    face-down card, at the position recorded, that those climbers know; a card that moves or
    turns face up leaves it."""
    listed = 0
    for players in (2, 3, 4):
        for seed in range(8):
            for state in random_states(players, seed):
                for card, (t, p, who) in state.seen.items():
                    assert state.down[t] >> p & 1 and state.mount[t][p] == card
                    assert who and all(
                        state.known[u] >> card & 1 for u in range(players) if who >> u & 1
                    )
                    listed += 1
    assert listed > 300  # the property was put to the test


def test_a_state_rebuilt_from_a_view_gives_the_seen_climbers_the_cards_face():
    """Ruling AN-R41: determinized from Blue's view, Red still identifies the card it hid on
    Blue's mountainside, whatever card the determinization put there, and Blue's view of the
    rebuilt state is Blue's view of the real one."""
    state = hike_all(setup(2))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    view = state.observe(1)
    for seed in range(5):
        twin = state.game.determinize_observation(view, random.Random(seed))
        card = twin.mount[1][1]
        assert twin.known[0] >> card & 1 and twin.seen == {card: (1, 1, 0b01)}
        assert not twin.known[1] >> card & 1
        assert twin.observe(1) == view
        assert twin.observe(0)["climbers"][1]["side"][1] == [0, card]


def test_every_spot_shows_its_face_up_card_its_face_down_colour_or_nothing():
    """Rulings AN-R17 and AN-R36, spot by spot in every random game: a face-up card shows its
    id, a face-down card its colour and, to a viewer who identifies it, its id; an empty spot
    shows nothing. The same for every viewer and the spectator."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            for i, state in enumerate(random_states(players, seed)):
                if i % 7:
                    continue
                for viewer in (*range(players), None):
                    known = state.public if viewer is None else state.known[viewer]
                    climbers = state.observe(viewer)["climbers"]
                    for t in range(players):
                        side = climbers[t]["side"]
                        assert len(side) == 15
                        for p, entry in enumerate(side):
                            card = state.mount[t][p]
                            if state.up[t] >> p & 1:
                                assert entry == card
                            elif state.down[t] >> p & 1:
                                shown = card if known >> card & 1 else None
                                assert entry == [card // SUIT_SIZE, shown]
                                checked += 1
                            else:
                                assert entry is None
    assert checked > 1000  # face-down spots were put to the test


def test_policy_view_reads_as_the_observation_for_every_key():
    """A rollout policy's lazy view gives, key by key, the values of the seat's observation."""
    compared = 0
    for players in (2, 3, 4):
        for seed in range(3):
            for i, state in enumerate(random_states(players, seed)):
                if i % 5:
                    continue
                for seat in range(players):
                    obs = state.observe(seat)
                    view = state.policy_view(seat)
                    for key, value in obs.items():
                        if key != "climbers":
                            assert view[key] == value, key
                    for mine, theirs in zip(obs["climbers"], view["climbers"], strict=True):
                        for key, value in mine.items():
                            assert theirs[key] == value, key
                    assert dict(view) == obs  # every key now read
                    compared += 1
    assert compared > 500


def test_policy_view_is_a_climbers_view_only():
    state = Annapurna(3).new_initial_state()
    for seat in (None, 3, -1, True, "0"):
        with pytest.raises(ValueError):
            state.policy_view(seat)
    with pytest.raises(KeyError):
        state.policy_view(0)["nothing"]
    with pytest.raises(KeyError):
        state.policy_view(0)["climbers"][0]["nothing"]
