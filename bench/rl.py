"""Research adapters' speed: random-play steps per second through each library, per game.

For every game (2 players; or ``--game NAME`` and ``--players N``) it plays uniformly random
legal moves for about ``--seconds`` each way and prints agent steps per second (decisions, not
chance outcomes) and episodes per second:

* ``engine``: the engine alone (:meth:`State.legal_actions`, :meth:`State.apply_action`, no
  observation): the ceiling every adapter sits on;
* ``engine + observe``: the same with the acting seat's observation built at every decision;
* ``engine + encode``: the same with that observation encoded as the adapters' float32 vector
  (``Encoder.encode``);
* ``engine + encode_state``: the same vector read straight from the state into one reused
  buffer (``Encoder.encode_state``, what the environments use);
* ``pettingzoo AEC``: :func:`meeple.rl.pettingzoo_env.env`, the mask from ``last()``;
* ``gymnasium``: one learner in seat 0 against random opponents (only the learner's steps
  count; the opponents' moves run inside ``step``);
* ``vector N=...``: :class:`meeple.rl.vector_env.MeepleVectorEnv` with N games (learner steps
  summed over the games, random masked actions, autoreset);
* ``openspiel``: a ``pyspiel`` state of :mod:`meeple.rl.openspiel` with chance sampled by the
  caller, as ``random_sim_test`` plays, observation tensor read at every decision.

The encoding-bound rows (``engine + encode``/``encode_state``, PettingZoo, Gymnasium, OpenSpiel)
run twice, through the observation (``obs``) and through the state (``state``), alternating in
``--rounds`` slices so that a machine loaded by other work slows both alike; the last column is
the ratio state / obs, and ``/engine`` the row's speed as a share of the engine's.

Usage: ``python bench/rl.py [--game NAME] [--players N] [--seconds S] [--rounds R]``. Needs the ``rl`` extra.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from meeple.core.encoding import Encoder
from meeple.core.game import CHANCE, State, sample_chance
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


def observation_path(encoder: Encoder) -> None:
    """Make ``encoder.encode_state`` build the observation and encode it, as before the state
    path (for comparing the two in one process)."""

    def encode_state(state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is not None:
            out.fill(0.0)
        return encoder.encode(state.observe(seat), out)

    encoder.encode_state = encode_state  # type: ignore[method-assign]


def engine_runner(name: str, players: int, mode: str, slow: bool = False) -> Callable[[int], int]:
    """Random games on the engine; ``mode``: ``plain``, ``observe`` or ``encode``
    (``slow``: through the observation)."""
    game = make(name, players=players)
    encoder = make_encoder(game)
    if slow:
        observation_path(encoder)
    buffer = np.zeros(encoder.size, np.float32)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            seat = acting_seat(state)
            if seat == CHANCE:
                state.apply_action(sample_chance(state, rng), CHANCE)
                continue
            if mode == "encode":
                encoder.encode_state(state, seat, buffer)
            elif mode == "observe":
                state.observe(seat)
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            steps += 1
        return steps

    return play


def pettingzoo_runner(name: str, players: int, slow: bool = False) -> Callable[[int], int]:
    from meeple.rl.pettingzoo_env import env as make_env

    env = make_env(name, players=players)
    if slow:
        observation_path(env.unwrapped.encoder)

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


def gymnasium_runner(name: str, players: int, slow: bool = False) -> Callable[[int], int]:
    import gymnasium as gym

    import meeple.rl.gymnasium_env  # noqa: F401  (registers the environments)

    env_id = {
        "peach-festival": "meeple/PeachFestival-v0",
        "annapurna": "meeple/Annapurna-v0",
        "almanac": "meeple/Almanac-v0",
    }[name]
    env = gym.make(env_id, players=players, opponents="random")
    if slow:
        observation_path(env.unwrapped.encoder)

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


def openspiel_runner(name: str, players: int, slow: bool = False) -> Callable[[int], int]:
    from meeple.rl.openspiel import load_game

    game = load_game(name, players=players)
    if slow:
        observation_path(game.ctx.encoder)

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


def vector_rate(name: str, players: int, num_envs: int, seconds: float) -> float:
    """Learner steps per second of a vector environment of ``num_envs`` games (random masked
    actions; a game's reset step is not counted)."""
    from meeple.rl.vector_env import MeepleVectorEnv

    env = MeepleVectorEnv(name, num_envs=num_envs, players=players, opponents="random")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = info["action_mask"]
        actions = np.array(
            [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], np.int64
        )
        _, _, _, _, info = env.step(actions)
        steps += int(sum(1 for m in masks if m.any()))
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    names = [args.game] if args.game else game_names()
    Build = Callable[[str, int, bool], Callable[[int], int]]
    runners: list[tuple[str, Build, bool]] = [
        ("engine", lambda n, p, slow: engine_runner(n, p, "plain"), False),
        ("engine + observe", lambda n, p, slow: engine_runner(n, p, "observe"), False),
        ("engine + encode", lambda n, p, slow: engine_runner(n, p, "encode", slow), True),
        ("pettingzoo AEC", pettingzoo_runner, True),
        ("gymnasium", gymnasium_runner, True),
        ("openspiel", openspiel_runner, True),
    ]
    print(
        f"{'game':16s} {'players':>7s} {'through':18s} {'obs steps/s':>12s} {'/engine':>8s} "
        f"{'state steps/s':>14s} {'/engine':>8s} {'state/obs':>9s}"
    )
    for name in names:
        engine = 0.0
        for label, build, both in runners:
            try:
                plays = [build(name, args.players, True)] if both else []
                plays.append(build(name, args.players, False))
            except ImportError as e:  # pragma: no cover - optional libraries
                print(f"{name:16s} {args.players:7d} {label:18s} skipped: {e}")
                continue
            steps = [0.0] * len(plays)
            for play in plays:
                play(10_000)  # warm-up: content loading, caches
            for _ in range(args.rounds):  # alternate: both see the same load
                for k, play in enumerate(plays):
                    steps[k] += _rate(play, args.seconds / args.rounds)[0] / args.rounds
            if label == "engine":
                engine = steps[0]
            share = [f"{v:12,.0f} {v / engine:8.2f}" for v in steps]
            if both:
                ratio = steps[1] / steps[0]
                print(
                    f"{name:16s} {args.players:7d} {label:18s} {share[0]} {share[1]:>23s} {ratio:9.2f}"
                )
            else:
                print(f"{name:16s} {args.players:7d} {label:18s} {'':21s} {share[0]:>23s}")
        for num_envs in (1, 16, 256):
            try:
                rate = vector_rate(name, args.players, num_envs, args.seconds)
            except ImportError as e:  # pragma: no cover - optional libraries
                print(f"{name:16s} {args.players:7d} vector N={num_envs:<10d} skipped: {e}")
                continue
            label = f"vector N={num_envs}"
            print(
                f"{name:16s} {args.players:7d} {label:18s} {'':21s} {rate:14,.0f} {rate / engine:8.2f}"
            )


if __name__ == "__main__":
    main()
