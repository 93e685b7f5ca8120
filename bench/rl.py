"""Research adapters' speed: random-play steps per second through each library, per game.

For every game (2 players; or ``--game NAME`` and ``--players N``) it plays uniformly random
legal moves for about ``--seconds`` each way and prints agent steps per second (decisions, not
chance outcomes) and episodes per second:

* ``engine``: the engine alone (:meth:`State.legal_actions`, :meth:`State.apply_action`, no
  observation): the ceiling every adapter sits on;
* ``engine + observe``: the same with the acting seat's observation built at every decision;
* ``engine + encode``: the same with that observation encoded as the adapters' float32 vector;
* ``pettingzoo AEC``: :func:`meeple.rl.pettingzoo_env.env`, the mask from ``last()``;
* ``gymnasium``: one learner in seat 0 against random opponents (only the learner's steps
  count; the opponents' moves run inside ``step``);
* ``openspiel``: a ``pyspiel`` state of :mod:`meeple.rl.openspiel` with chance sampled by the
  caller, as ``random_sim_test`` plays, observation tensor read at every decision.

Usage: ``python bench/rl.py [--game NAME] [--players N] [--seconds S]``. Needs the ``rl`` extra.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from meeple.core.game import CHANCE, sample_chance
from meeple.core.registry import game_names, make
from meeple.rl.common import acting_seat
from meeple.rl.encoding import make_encoder


def _rate(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """``(steps/s, episodes/s)`` of ``play_one(seed) -> steps`` repeated for ``seconds``."""
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play_one(episodes)
        episodes += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, episodes / elapsed


def engine_runner(name: str, players: int, mode: str) -> Callable[[int], int]:
    """Random games on the engine; ``mode``: ``plain``, ``observe`` or ``encode``."""
    game = make(name, players=players)
    encode = make_encoder(game).encode if mode == "encode" else None

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            seat = acting_seat(state)
            if seat == CHANCE:
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            if encode is not None:
                encode(state.observe(seat))
            elif mode == "observe":
                state.observe(seat)
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            steps += 1
        return steps

    return play


def pettingzoo_runner(name: str, players: int) -> Callable[[int], int]:
    from meeple.rl.pettingzoo_env import env as make_env

    env = make_env(name, players=players)

    def play(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return play


def gymnasium_runner(name: str, players: int) -> Callable[[int], int]:
    import gymnasium as gym

    import meeple.rl.gymnasium_env  # noqa: F401  (registers the environments)

    env_id = {
        "peach-festival": "meeple/PeachFestival-v0",
        "annapurna": "meeple/Annapurna-v0",
        "almanac": "meeple/Almanac-v0",
    }[name]
    env = gym.make(env_id, players=players, opponents="random")

    def play(seed: int) -> int:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        steps = 0
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        return steps

    return play


def openspiel_runner(name: str, players: int) -> Callable[[int], int]:
    from meeple.rl.openspiel import load_game

    game = load_game(name, players=players)

    def play(seed: int) -> int:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    names = [args.game] if args.game else game_names()
    runners: list[tuple[str, Callable[[str, int], Callable[[int], int]]]] = [
        ("engine", lambda n, p: engine_runner(n, p, "plain")),
        ("engine + observe", lambda n, p: engine_runner(n, p, "observe")),
        ("engine + encode", lambda n, p: engine_runner(n, p, "encode")),
        ("pettingzoo AEC", pettingzoo_runner),
        ("gymnasium", gymnasium_runner),
        ("openspiel", openspiel_runner),
    ]
    print(f"{'game':16s} {'players':>7s} {'through':18s} {'steps/s':>9s} {'episodes/s':>11s}")
    for name in names:
        for label, build in runners:
            try:
                play = build(name, args.players)
            except ImportError as e:  # pragma: no cover - optional libraries
                print(f"{name:16s} {args.players:7d} {label:18s} skipped: {e}")
                continue
            play(10_000)  # warm-up: content loading, caches
            steps, episodes = _rate(play, args.seconds)
            print(f"{name:16s} {args.players:7d} {label:18s} {steps:9,.0f} {episodes:11.1f}")


if __name__ == "__main__":
    main()
