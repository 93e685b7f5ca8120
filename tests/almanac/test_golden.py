"""Golden playthroughs of Almanac: behaviour changes show up as diffs."""

import random
from pathlib import Path

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.core.driver import random_playout
from meeple.core.game import CHANCE, sample_chance
from meeple.testing.golden import check_golden, playthrough

from .conftest import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "agents"),
    [
        ("two-players-heuristic", 2, ["heuristic", "heuristic"]),
        ("four-players-random", 4, ["random", "random", "random", "random"]),
        ("three-players-heuristic-random", 3, ["heuristic", "random", "heuristic"]),
    ],
)
def test_golden_playthrough_is_unchanged(name, players, agents):
    g = game(players)
    seated = [make_agent(a, g) if a != "random" else RandomAgent() for a in agents]
    check_golden(GOLDEN / f"{name}.txt", playthrough(g, seated, seed=2026))


class _Listed:
    """A chance node seen only through ``chance_outcomes()`` (no fast sampling path)."""

    def __init__(self, state):
        self.state = state

    def is_chance_node(self) -> bool:
        return True

    def chance_outcomes(self):
        return self.state.chance_outcomes()


@pytest.mark.parametrize("players", [2, 4])
def test_fast_chance_sampling_draws_what_the_listed_odds_draw(players):
    """Same outcome and same use of the RNG as sampling from ``chance_outcomes()``."""
    g = game(players)
    history = random_playout(g.new_initial_state(), random.Random(players)).history
    st = g.new_initial_state()
    checked = 0
    for seat, action in history:
        if seat == CHANCE:
            for k in range(20):
                fast, listed = random.Random(k), random.Random(k)
                assert sample_chance(st, fast) is sample_chance(_Listed(st), listed)
                assert fast.random() == listed.random()
            checked += 1
        st.apply_action(action, seat)
    assert checked >= 25


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_legal_actions_equal_fresh_ones_after_every_move(players):
    """The placement options found by the Action Phase loop, reused as legal actions, equal
    those computed afresh (a clone starts with an empty cache), after every move of seeded
    rollouts and of public-API play; so do the public lists when a rollout stops midway."""
    g = game(players)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = g.new_initial_state()
        while not st.is_terminal():
            st.playout(rng, max_steps=rng.randrange(4))  # the core's fast loop, in pieces
            if st.is_terminal() or st.is_chance_node():
                continue
            for seat in st.acting_seats():
                fresh = st.clone()._legal_actions(seat)
                assert st._legal_actions(seat) == fresh
                assert st.legal_actions(seat) == tuple(fresh)
                checked += 1
            if rng.random() < 0.5:  # a move through the public API as well
                seat = st.acting_seats()[0]
                legal = st.legal_actions(seat)
                st.apply_action(legal[rng.randrange(len(legal))], seat)
    assert checked > 300


def test_returns_share_one_among_the_winners_of_the_result():
    """The fast returns (fame totals without breakdowns) agree with the full result."""
    for i in range(30):
        g = game(2 + i % 3)
        st = random_playout(g.new_initial_state(), random.Random(100 + i))
        r = st.result()
        assert [st.fame_total(s) for s in range(st.n)] == r.scores
        w = r.winners
        assert st.returns() == [1.0 / len(w) if s in w else 0.0 for s in range(st.n)]
