"""Seats: ``apply_action`` and ``observe`` take the game's seats (and chance, to act), refuse
anything else naming it, and never store anything but a plain ``int``."""

from __future__ import annotations

import random
import re

import pytest
from helpers import to_bid

from meeple.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    ConfigError,
    GameRecord,
    IllegalActionError,
    game_names,
    make,
    observe,
    sample_chance,
)
from meeple.testing import check_policy_view

HANDS = [[1, 5, 9], [2, 8, 10]]


class Seat:
    """An integer-like value that is not an ``int`` (as NumPy integers are)."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("seat", [True, False, "0", 1.0, -2, -4, 2, 5, object()])
def test_a_seat_that_does_not_exist_is_refused_with_core_08_naming_it(game2, seat):
    state = to_bid(game2, HANDS, prize=12)
    before, history = state.fingerprint(), list(state.history)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b1", seat)
    assert err.value.rule == "CORE-08"
    assert repr(seat) in err.value.reason
    assert err.value.seat is seat
    assert "chance)" not in str(err.value)
    assert state.fingerprint() == before and state.history == history


def test_an_integer_like_seat_acts_and_is_stored_as_a_plain_int(game2):
    state = to_bid(game2, HANDS, prize=12)
    state.apply_action("b1", Seat(0))
    state.apply_action("b2", Seat(1))
    assert [type(seat) for seat, _ in state.history[-2:]] == [int, int]


def test_a_numpy_integer_seat_is_stored_as_an_int_and_the_record_saves(game2):
    np = pytest.importorskip("numpy")
    state = to_bid(game2, HANDS, prize=12)
    state.apply_action("b1", np.int64(0))
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b2", np.bool_(True))
    assert err.value.rule == "CORE-08"
    assert GameRecord.from_json(GameRecord.from_state(state).to_json()).actions[-1] == [0, "b1"]


def test_chance_acts_with_seat_minus_one_only(game2):
    state = game2.new_initial_state()
    state.apply_action("c1", CHANCE)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("c2", -3)
    assert err.value.rule == "CORE-08" and "seat -3" in str(err.value)


def test_no_seat_at_a_simultaneous_node_is_refused_with_core_03_not_blamed_on_chance(game2):
    state = to_bid(game2, HANDS, prize=12)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action("b1")
    assert err.value.rule == "CORE-03"
    assert "no seat named" in str(err.value) and "chance" not in str(err.value)


@pytest.mark.parametrize(
    ("seat", "who"),
    [
        (0, "by seat 0"),
        (CHANCE, "by chance"),
        (None, "no seat named"),
        (-3, "by seat -3"),
        ("0", "by seat '0'"),
        (1.5, "by seat 1.5"),
    ],
)
def test_an_illegal_action_error_names_any_seat_value(seat, who):
    err = IllegalActionError("CORE-01", "not now", "b1", seat)
    assert who in str(err) and err.seat == seat


@pytest.mark.parametrize("seat", [-1, 2, 5, True, "0", 1.0])
def test_observing_from_a_seat_that_does_not_exist_is_a_value_error(game2, seat):
    state = to_bid(game2, HANDS, prize=12)
    with pytest.raises(ValueError, match=re.escape(repr(seat))):
        state.observe(seat)
    with pytest.raises(ValueError):
        observe(state, seat)


def test_observing_from_an_integer_like_seat_is_that_seats_view(game2):
    state = to_bid(game2, HANDS, prize=12)
    assert state.observe(Seat(1)) == state.observe(1)
    assert observe(state, Seat(1)) == state.observe(1)


def _games() -> list[str]:
    return [n for n in game_names() if not n.startswith("broken-")]


@pytest.mark.parametrize("name", _games())
def test_every_game_refuses_to_observe_from_a_seat_that_does_not_exist(name):
    state = make(name, players=2).new_initial_state()
    state.playout(random.Random(1), max_steps=6)
    for seat in (-1, 2, 5, True, "1"):
        with pytest.raises(ValueError, match="seat"):
            state.observe(seat)
    assert state.observe(Seat(1)) == state.observe(1)


@pytest.mark.parametrize("name", _games())
def test_every_games_policy_view_is_a_seats_view_and_refuses_anything_else(name):
    state = make(name, players=2).new_initial_state()
    state.playout(random.Random(1), max_steps=6)
    for seat in (None, -1, 2, 5, True, "1"):
        with pytest.raises(ValueError):
            state.policy_view(seat)
    check_policy_view(state, Seat(1))  # read key by key: a lazy view's == sees only keys read


@pytest.mark.parametrize("name", _games())
def test_every_game_refuses_an_acting_seat_that_does_not_exist(name):
    state = make(name, players=2).new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    seat = state.acting_seats()[0]
    action = state.legal_actions(seat)[0]
    before = state.fingerprint()
    for bad in (2, -2, True, str(seat)):
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(action, bad)
        assert err.value.rule == "CORE-08"
    assert state.fingerprint() == before


def test_a_boolean_is_not_a_player_count():
    with pytest.raises(ConfigError, match="not True"):
        make("peach-festival", players=True)


def test_legal_actions_of_a_seat_that_is_not_an_integer_is_a_value_error():
    state = make("fixture-pips", players=2).new_initial_state()
    state.legal_actions(1)  # cached: True must not find seat 1's list
    for bad in ("0", 1.0, True):
        with pytest.raises(ValueError, match=r"not a seat|not an integer"):
            state.legal_actions(bad)


def test_legal_actions_of_a_seat_the_game_does_not_have_is_a_value_error():
    state = make("fixture-pips", players=2).new_initial_state()
    for bad in (2, 5, -3, -100):
        with pytest.raises(ValueError, match=r"seats 0\.\.1"):
            state.legal_actions(bad)
    assert state.legal_actions(TERMINAL) == () and state.legal_actions(SIMULTANEOUS) == ()


def test_an_action_id_may_be_a_numpy_integer():
    np = pytest.importorskip("numpy")
    state = make("fixture-pips", players=2).new_initial_state()
    outcome = state.legal_actions(-1)[0]
    state.apply_action(np.int64(outcome.id), -1)
    assert state.history[-1][1] is outcome


def test_repeated_or_empty_seat_names_are_told_apart_by_a_number_the_first_keeping_its_own() -> (
    None
):
    from meeple.core.game import distinct_name, distinct_names

    assert distinct_names(["easy bot", "easy bot"]) == ["easy bot", "easy bot 2"]
    assert distinct_names(["Ann", "easy bot", "easy bot", "easy bot"]) == [
        "Ann",
        "easy bot",
        "easy bot 2",
        "easy bot 3",
    ]
    assert distinct_names(["Ann", "ann ", "Bo"]) == ["Ann", "ann 2", "Bo"]
    assert distinct_names(["", "", "Player 1"]) == ["Player 1", "Player 2", "Player 1 2"]
    # a later seat's own name is not taken by an earlier seat told apart
    assert distinct_names(["bot", "bot", "bot 2"]) == ["bot", "bot 3", "bot 2"]
    names = distinct_names(["x"] * 12)
    assert len({n.casefold() for n in names}) == 12
    assert distinct_name("Bo", ["Ann", "Bo"], 2) == "Bo 2"
    assert distinct_name("", ["Ann"], 1) == "Player 2"
    assert distinct_name("Cy", ["Ann", "Bo"], 2) == "Cy"
