"""Agents: the heuristic climber beats random play clearly over seeded games."""

from __future__ import annotations

from meeple.agents.base import RandomAgent, agent_names, make_agent
from meeple.core.driver import play_game
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.heuristics import HeuristicAgent


def test_heuristic_is_listed():
    game = Annapurna(2)
    assert "heuristic" in agent_names(game)
    assert isinstance(make_agent("heuristic", game), HeuristicAgent)


def test_heuristic_beats_random_in_two_climber_games():
    game = Annapurna(2)
    wins = 0
    for seed in range(100):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = HeuristicAgent()
        state, _ = play_game(game, agents, seed=seed)
        wins += state.winner == seat
    assert wins >= 80  # chance is 50


def test_heuristic_self_play_finishes_four_climber_expeditions():
    game = Annapurna(4)
    for seed in range(5):
        state, _ = play_game(game, [HeuristicAgent() for _ in range(4)], seed=seed)
        assert state.is_terminal() and max(state.flags) >= 9
