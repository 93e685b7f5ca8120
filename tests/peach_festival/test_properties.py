"""Property tests: whatever legal actions are played, the sheet invariants hold."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.game import CHANCE

from .conftest import game


def sheet_invariants(state) -> None:
    g = state.game
    flat = "".join(g.sheet.peach_rows)
    for sh in state.sheets:
        for col, written in enumerate(sh.cols):
            assert len(written) <= g.lengths[col]
            if written:
                assert written[0] == 0  # PF-020
                assert all(b in (a, a + 1) for a, b in itertools.pairwise(written))  # PF-021
            if 3 in written or len(written) == g.lengths[col]:
                assert sh.boxes >> col & 1  # PF-046
        assert 0 <= sh.eaten <= sh.peaches <= len(flat)
        assert sh.peaches == len(flat) or flat[sh.peaches] != "G"  # PF-044: no grey left beside
        assert sh.merchants <= 3  # PF-051


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=400))
def test_any_sequence_of_legal_actions_keeps_the_sheets_valid(players, choices):
    state = game(players).new_initial_state()
    for pick in choices:
        if state.is_terminal():
            break
        seat = (
            CHANCE
            if state.is_chance_node()
            else state.acting_seats()[pick % len(state.acting_seats())]
        )
        legal = state.legal_actions(seat)
        state.apply_action(legal[pick % len(legal)], seat)
        sheet_invariants(state)


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=12))
def test_any_text_is_either_an_action_or_a_clear_refusal(text):
    """Bad input loses nothing: garbage raises IllegalActionError and the state is unchanged."""
    state = meeple.make("peach-festival", players=2).new_initial_state()
    before = state.fingerprint()
    try:
        state.apply_action(text, CHANCE)
    except meeple.IllegalActionError as e:
        assert e.rule
        assert state.fingerprint() == before
