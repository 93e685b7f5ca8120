"""Hidden information and determinization (PF-G10, PF-007, PF-048)."""

import random

from meeple.games.peach_festival.notation import position

from .conftest import commit, game, play, pos


def test_dealt_cards_are_seen_only_by_their_holder():
    """PF-007: the 2 dealt cards are private until one is kept."""
    s = game(2).new_initial_state()
    play(s, "card:1", "card:2", "card:3", "card:4")
    assert s.observe(0)["hand"] == [1, 2] and s.observe(1)["hand"] == [3, 4]
    assert s.observe(None)["hand"] is None
    assert s.observe(1)["sheets"][0]["hand_size"] == 2
    assert "hand" not in s.observe(1)["sheets"][0]


def test_drawn_cards_are_hidden_from_other_players():
    """PF-048: the cards drawn for a Column Reward are seen by the drawer only."""
    s = commit(pos(["te:0,1,2 p:5", ""], dice="te3,si1,sp1"), "te", "peach")
    play(s, "draw2", "card:20", "card:21")
    assert s.observe(0)["hand"] == [20, 21] and s.observe(1)["hand"] == []
    assert s.observe(1)["sheets"][0]["hand_size"] == 2


def test_deck_order_is_hidden_from_everyone():
    s = game(2).new_initial_state()
    obs = s.observe(0)
    assert obs["deck"] == {"unseen": 24, "bottom": []}


def test_determinization_keeps_what_the_seat_knows_and_resamples_the_rest():
    """PF-G10: a determinized state gives the seat the same observation; hidden cards vary."""
    s = game(3).new_initial_state()
    play(s, "card:1", "card:2", "card:3", "card:4", "card:5", "card:6")
    s.apply_action("keep:1", 0)
    obs = s.observe(0)
    hands = set()
    for seed in range(20):
        d = s.game.determinize_observation(obs, random.Random(seed))
        assert d.observe(0) == obs
        assert d.sheets[0].hand == [1, 2] and d.sheets[0].commit.text == "keep:1"
        hands.add(tuple(d.sheets[1].hand))
    assert len(hands) > 1


def test_sealed_actions_of_others_are_sampled_in_determinizations():
    """PF-R10: another seat's committed action is unknown, so it is drawn from its options."""
    s = pos(["", "si:0"], dice="te3,si1,sp1")
    s.apply_action("te", 1)
    obs = s.observe(0)
    seen = {
        s.game.determinize_observation(obs, random.Random(i)).sheets[1].commit.text
        for i in range(30)
    }
    assert len(seen) > 1


def test_position_helper_validates_sheet_count():
    import pytest

    from meeple.core.errors import NotationError

    with pytest.raises(NotationError):
        position(game(2), [""])
