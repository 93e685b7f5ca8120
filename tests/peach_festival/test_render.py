"""The Peach Festival's log in words: every sentence ends as the other games' do."""

from __future__ import annotations

from meeple.agents import RandomAgent
from meeple.core.driver import play_game

from .conftest import game


def test_every_sentence_of_the_log_ends_with_a_full_stop():
    """The log reads as sentences, a move's and a chance outcome's alike, for every viewer."""
    g = game(3)
    told: list[str] = []

    def log(state, seat, action):
        for viewer in (0, 1, 2, None):
            text = g.describe_move_for(state, seat, action, viewer)
            if text:
                told.append(text)

    play_game(g, [RandomAgent() for _ in range(3)], seed=7, on_step=log)
    assert len(told) > 100
    assert [t for t in told if not t.endswith((".", "!", "?"))] == []
    assert any(t.startswith("The dice showed") for t in told)
    assert any(" took " in t for t in told)


def test_a_chance_outcome_is_a_whole_sentence():
    g = game(2)
    assert g.describe_action(g.action("card:9", chance=True)) == "Request card #9 was drawn."
