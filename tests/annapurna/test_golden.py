"""Golden playthroughs of Annapurna: behaviour changes show up as diffs."""

import random
from pathlib import Path

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.games.annapurna.game import Annapurna
from meeple.testing.golden import check_golden, playthrough

from .helpers import actor

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "options", "agents"),
    [
        ("two-climbers-heuristic", 2, {}, ["heuristic", "heuristic"]),
        ("three-climbers-random", 3, {"starter": None}, ["random"] * 3),
        ("four-climbers-random-auto-sweep", 4, {"auto_sweep": True}, ["random"] * 4),
    ],
)
def test_golden_playthrough_matches_recorded_game(name, players, options, agents):
    g = Annapurna(players, **options)
    seated = [make_agent(a, g) if a != "random" else RandomAgent() for a in agents]
    check_golden(GOLDEN / f"{name}.txt", playthrough(g, seated, seed=2026))


def _walk(state, rng):
    """The generic chance sampling: a walk through ``chance_outcomes()``."""
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    r, acc = rng.random(), 0.0
    for act, p in outcomes:
        acc += p
        if r < acc:
            return act
    return outcomes[-1][0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_chance_sampling_draws_what_the_outcome_list_draws(players):
    state = Annapurna(players, starter=None).new_initial_state()
    fast, slow = random.Random(5), random.Random(5)
    while state.is_chance_node():
        assert list(state.legal_actions()) == [a for a, _ in state.chance_outcomes()]
        for _ in range(20):
            assert state.sample_chance_outcome(fast) is _walk(state, slow)
        outcome = state.sample_chance_outcome(fast)
        assert _walk(state, slow) is outcome
        state.apply_action(outcome)


@pytest.mark.parametrize("options", [{}, {"auto_sweep": True}])
def test_cached_balanced_groups_match_a_fresh_search_after_every_move(options):
    game = Annapurna(4, **options)
    rng = random.Random(11)
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            probe = state.clone()  # asks on a copy: the game's own cache fills only as it plays
            for s in range(4):
                fresh = state.clone()
                fresh.mount_changed(s)
                assert probe.groups(s) == fresh.groups(s)
            seat = actor(state)
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
