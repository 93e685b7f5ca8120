"""Agents for The Peach Festival: they see only observations and the greedy one beats random."""

from meeple.agents import RandomAgent, make_agent
from meeple.core.driver import play_game

from .conftest import game


def test_greedy_agent_beats_random_over_seeded_games():
    g = game(2)
    wins = 0.0
    games = 30
    for i in range(games):
        greedy_seat = i % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[greedy_seat] = make_agent("greedy", g)
        state, _ = play_game(g, agents, seed=i)
        winners = state.result().winners
        if greedy_seat in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.8


def test_greedy_agent_plays_solo_to_a_better_score_than_random():
    g = game(1, difficulty="hard")
    greedy = [
        play_game(g, [make_agent("greedy", g)], seed=i)[0].result().scores[0] for i in range(8)
    ]
    rand = [play_game(g, [RandomAgent()], seed=i)[0].result().scores[0] for i in range(8)]
    assert sum(greedy) > sum(rand)


def test_greedy_agent_decision_depends_only_on_the_observation():
    """Two states with the same observation for the seat (different hidden deck order) give the
    same choice with the same RNG state."""
    import random

    g = game(2)
    s = g.new_initial_state()
    for c in (1, 2, 3, 4):
        s.apply_action(f"card:{c}")
    other = g.determinize(s, 0, random.Random(9))
    assert other.observe(0) == s.observe(0)
    agent = make_agent("greedy", g)
    agent.setup(g, 0)
    a = agent.act(s.observe(0), s.legal_actions(0), random.Random(1))
    b = agent.act(other.observe(0), other.legal_actions(0), random.Random(1))
    assert a.text == b.text
