"""The engine-contract conformance suite on random journeys for 2, 3 and 4 players."""

import random

import pytest

from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, sample_chance
from meeple.core.registry import make
from meeple.games.almanac.state import DECISIONS
from meeple.testing import run_conformance


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_on_1000_random_journeys(players: int) -> None:
    """Every node invariant, clone, determinization, notation and record check (AL-G01), over
    routes that between them visit every page of the book, each by its own rule (AL-G03)."""
    pages: set[int] = set()
    total = run_conformance(
        lambda: make("almanac", players=players),
        games=1000,
        seed=players,
        seen=lambda st: pages.update(st.route),
    )
    assert total > 1000 * 100
    assert pages == set(make("almanac", players=players).content.pages)


#: (players, seed) of random journeys that between them reach every kind of decision.
SWEEP = ((2, 0), (2, 5), (3, 4), (4, 2))


def test_every_illegal_action_at_every_decision_names_an_almanac_rule() -> None:
    """AL-R08, AL-R24, AL-R41, AL-R45 and the rules of each decision: at every decision of a
    few random journeys, every action of the action space that is not legal for an acting seat
    is refused with an Almanac rule id (never the generic CORE-01), the state unchanged."""
    kinds = set()
    for players, seed in SWEEP:
        state = make("almanac", players=players).new_initial_state()
        actions = state.game.action_space.actions
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            kinds.add(state.tasks[-1][0])
            before = state.fingerprint()
            for seat in state.acting_seats():
                legal = set(state.legal_actions(seat))
                for action in actions:
                    if action in legal:
                        continue
                    with pytest.raises(IllegalActionError) as err:
                        state.apply_action(action, seat)
                    assert err.value.rule.startswith("AL-"), (state.tasks[-1], action.text)
            assert state.fingerprint() == before
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
    assert kinds == DECISIONS | {"bid"}
