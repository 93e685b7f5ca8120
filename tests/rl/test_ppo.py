"""The masked-PPO trainer and the ppo agent: a tiny checkpoint trains, saves, loads and plays
legal moves through ``make_agent("ppo:PATH")`` (skipped without PyTorch); without PyTorch or a
checkpoint the agent is refused in one line."""

from __future__ import annotations

import importlib.util
import random

import pytest

pytest.importorskip("gymnasium")

import meeple
from meeple.agents.base import make_agent
from meeple.core.errors import ConfigError
from meeple.core.game import CHANCE, sample_chance

needs_torch = pytest.mark.skipif(
    importlib.util.find_spec("torch") is None, reason="PyTorch is not installed (extra 'train')"
)


def test_the_ppo_agent_needs_a_checkpoint_path():
    with pytest.raises(ConfigError, match="ppo:PATH"):
        make_agent("ppo", meeple.make("peach-festival", players=2))


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None, reason="PyTorch is installed")
def test_without_pytorch_the_ppo_agent_names_the_extra(tmp_path):
    with pytest.raises(ConfigError, match="PyTorch"):
        make_agent(f"ppo:{tmp_path / 'x.pt'}", meeple.make("peach-festival", players=2))


@pytest.fixture(scope="module")
def tiny_checkpoint(tmp_path_factory):
    torch = pytest.importorskip("torch")
    from meeple.rl.train_ppo import train

    checkpoint = train(
        "peach-festival",
        2,
        minutes=5,
        max_steps=64,
        envs=2,
        horizon=32,
        hidden=16,
        seed=3,
        options={"max_rounds": 3},
        log=lambda _: None,
    )
    path = tmp_path_factory.mktemp("ppo") / "tiny.pt"
    torch.save(checkpoint, path)
    return path, checkpoint


@needs_torch
def test_a_tiny_training_run_saves_a_checkpoint_with_its_curve(tiny_checkpoint):
    _, checkpoint = tiny_checkpoint
    game = meeple.make("peach-festival", players=2)
    assert checkpoint["num_actions"] == game.action_space.num_actions
    assert checkpoint["game"] == "peach-festival" and checkpoint["players"] == 2
    assert checkpoint["hidden"] == 16
    assert all(steps > 0 and episodes >= 1 for steps, _, _, episodes in checkpoint["curve"])


@needs_torch
def test_training_discounts_with_two_players_and_not_solo(tiny_checkpoint):
    from meeple.rl.train_ppo import train

    assert tiny_checkpoint[1]["gamma"] == 0.99
    solo = train(
        "peach-festival", 1, max_steps=16, envs=1, horizon=16, hidden=8, log=lambda _: None
    )
    assert solo["gamma"] == 1.0 and solo["players"] == 1


@needs_torch
def test_the_ppo_agent_plays_legal_moves_to_the_end_of_a_game(tiny_checkpoint):
    path, _ = tiny_checkpoint
    game = meeple.make("peach-festival", players=2)
    agents = [make_agent(f"ppo:{path}", game), make_agent("random", game)]
    for seat, agent in enumerate(agents):
        agent.setup(game, seat)
    state = game.new_initial_state()
    rng = random.Random(0)
    moves = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seat = min(state.acting_seats())
        legal = state.legal_actions(seat)
        action = agents[seat].act(state.observe(seat), legal, rng)
        assert action in legal
        state.apply_action(action, seat)
        moves += seat == 0
    assert moves > 5


@needs_torch
def test_the_ppo_agent_chooses_alike_in_positions_its_seat_cannot_tell_apart(tiny_checkpoint):
    path, _ = tiny_checkpoint
    game = meeple.make("peach-festival", players=2)
    agent = make_agent(f"ppo:{path}", game)
    agent.setup(game, 0)
    state = game.new_initial_state()
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seat = min(state.acting_seats())
        legal = state.legal_actions(seat)
        if seat == 0:
            twin = game.determinize(state, 0, random.Random(checked))
            mine = agent.act(state.observe(0), legal, random.Random(1))
            assert agent.act(twin.observe(0), twin.legal_actions(0), random.Random(1)) == mine
            checked += 1
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    assert checked == 20


@needs_torch
def test_a_checkpoint_of_another_game_or_a_bad_file_is_refused(tiny_checkpoint, tmp_path):
    path, _ = tiny_checkpoint
    almanac = meeple.make("almanac", players=2)
    with pytest.raises(ConfigError, match="trained on peach-festival"):
        make_agent(f"ppo:{path}", almanac).setup(almanac, 0)
    bad = tmp_path / "bad.pt"
    bad.write_text("not a checkpoint")
    with pytest.raises(ConfigError, match="not a ppo checkpoint"):
        make_agent(f"ppo:{bad}", almanac)
    with pytest.raises(ConfigError, match="no ppo checkpoint"):
        make_agent(f"ppo:{tmp_path / 'missing.pt'}", almanac)
