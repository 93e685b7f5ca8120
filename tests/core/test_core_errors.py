"""Error messages: what a caller gave is repeated only in part, so no message grows with it."""

from __future__ import annotations

import pickle

import pytest

import meeple
from meeple.core.errors import (
    ECHO_LIMIT,
    MESSAGE_LIMIT,
    ConfigError,
    ContentError,
    IllegalActionError,
    MeepleError,
    NotationError,
    echo,
)
from meeple.core.game import CHANCE

HUGE = "x" * 1_000_000
GAMES = ["peach-festival", "annapurna", "almanac"]


def _message(call) -> str:
    with pytest.raises((MeepleError, ValueError)) as err:
        call()
    return str(err.value)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text", [HUGE, "explore " + HUGE, "te&" + HUGE, "place " + HUGE, HUGE + " " + HUGE]
)
def test_an_illegal_move_of_a_megabyte_gives_a_short_message(name, text):
    game = meeple.make(name, players=2)
    state = game.new_initial_state()
    for call in (
        lambda: state.apply_action(text),
        lambda: state.apply_action(text, CHANCE),
        lambda: game.action(text),
        lambda: game.action(text, chance=True),
    ):
        assert len(_message(call)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("name", GAMES)
def test_options_seats_and_names_of_a_megabyte_give_short_messages(name):
    game = meeple.make(name, players=2)
    state = game.new_initial_state()
    for call in (
        lambda: meeple.make(HUGE),
        lambda: meeple.make(name, players=HUGE),
        lambda: meeple.make(name, **{HUGE: 1}),
        lambda: state.legal_actions(HUGE),
        lambda: state.observe(HUGE),
        lambda: state.apply_action(0, HUGE),
    ):
        assert len(_message(call)) <= MESSAGE_LIMIT


def test_a_long_message_keeps_its_start_and_end_and_says_how_much_was_cut():
    err = IllegalActionError("PF-021", "because " + HUGE, "move", 1)
    text = str(err)
    assert text.startswith("[PF-021] because xxx") and text.endswith("by seat 1)")
    assert "characters cut" in text and len(text) <= MESSAGE_LIMIT
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == text and again.rule == "PF-021"
    for error in (ConfigError(HUGE), NotationError(HUGE), ContentError("f.toml", "a", HUGE)):
        assert len(str(error)) <= MESSAGE_LIMIT


def test_echo_quotes_text_cut_to_its_limit_and_names_the_length():
    assert echo("abc") == "'abc'"
    long = echo(HUGE)
    assert long.startswith("'xxx") and long.endswith("(1,000,000 characters)")
    assert len(long) < ECHO_LIMIT + 40
