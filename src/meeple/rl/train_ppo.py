"""Masked PPO: train a policy for one seat of a meeple game against meeple agents.

The learner plays in :class:`~meeple.rl.gymnasium_env.MeepleEnv` environments (a random seat
each episode, or the solo game), stepped one after the other; every decision samples from a
categorical distribution over the legal actions only (the logits of illegal ones are set to
the float32 minimum), so the policy never plays an illegal move. Rewards are the game's
returns at the end (a shared win worth 1; the solo score / 100). The update is PPO's clipped
surrogate with generalised advantage estimation, a value head and an entropy bonus.

Usage::

    python -m meeple.rl.train_ppo --game peach-festival --players 2 --minutes 15 \\
        --out ppo-pf2.pt --curve ppo-pf2.png

The checkpoint (``torch.save``) holds the network's weights and what is needed to rebuild it
and check it against a game: the game, player count, options, observation size and action
count, and the training curve. ``--bots ppo:PATH`` plays it (:class:`meeple.rl.ppo_agent.
PPOAgent`). Needs the ``train`` extra (PyTorch; the CPU build is enough).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from meeple.rl.gymnasium_env import MeepleEnv, _solo_class


class Policy(nn.Module):
    """Observation -> (masked action logits, value): a two-layer MLP with two heads.

    Args:
        obs_size: Length of the game's encoding.
        num_actions: Size of the game's action space.
        hidden: Width of the hidden layers.
    """

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 256):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.pi = nn.Linear(hidden, num_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Logits ``(B, num_actions)`` with illegal actions at the float32 minimum, and values
        ``(B,)``; ``mask`` is 1 for legal actions."""
        h = self.body(obs)
        logits = self.pi(h).masked_fill(mask == 0, torch.finfo(torch.float32).min)
        return logits, self.v(h).squeeze(-1)


def make_envs(game: str, players: int, opponents: str, count: int, options: dict) -> list:
    """``count`` learner environments (the solo environment for one player)."""
    if players == 1:
        cls = _solo_class(game)
        return [cls(**options) for _ in range(count)]
    return [
        MeepleEnv(game, players=players, seat=None, opponents=opponents, **options)
        for _ in range(count)
    ]


def train(
    game: str,
    players: int,
    opponents: str = "random",
    minutes: float = 15.0,
    max_steps: int | None = None,
    envs: int = 8,
    horizon: int = 128,
    epochs: int = 4,
    minibatch: int = 256,
    lr: float = 3e-4,
    gamma: float | None = None,
    lam: float = 0.95,
    clip: float = 0.2,
    entropy: float = 0.01,
    hidden: int = 256,
    seed: int = 0,
    options: dict | None = None,
    log: Any = print,
) -> dict[str, Any]:
    """Train a policy and return its checkpoint (a dict for ``torch.save``).

    Training stops after ``minutes`` of wall clock or ``max_steps`` learner steps, whichever
    comes first, at the end of an update.

    ``gamma`` discounts per learner step; ``None`` gives 0.99 with 2+ players and 1 (no
    discount) solo. Undiscounted, a win is worth as much at the 60-round safety limit as by
    the rules' end, and against random play 36% of games ran to that limit; discounted, a
    quicker win is worth more and 19% did (docs/research.md). A solo game lasts a fixed
    number of rounds, so a discount changes little there.

    Returns:
        ``{"state_dict", "game", "players", "options", "obs_size", "num_actions", "hidden",
        "opponents", "gamma", "curve"}``; ``curve`` lists ``(learner steps, seconds, mean return of the episodes
        finished since the last point, episodes)``.
    """
    options = dict(options or {})
    if gamma is None:
        gamma = 0.99 if players > 1 else 1.0
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    pool = make_envs(game, players, opponents, envs, options)
    first = pool[0]
    obs_size = first.observation_space.shape[0]
    num_actions = int(first.action_space.n)
    net = Policy(obs_size, num_actions, hidden)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    obs = np.zeros((envs, obs_size), np.float32)
    masks = np.zeros((envs, num_actions), np.int8)
    for i, env in enumerate(pool):
        obs[i], info = env.reset(seed=seed * 1000 + i)
        masks[i] = info["action_mask"]
    episodes = seed * 1000 + envs
    curve: list[tuple[int, float, float, int]] = []
    finished: list[float] = []
    steps = 0
    start = time.perf_counter()
    while True:
        b_obs = np.zeros((horizon, envs, obs_size), np.float32)
        b_mask = np.zeros((horizon, envs, num_actions), np.int8)
        b_act = np.zeros((horizon, envs), np.int64)
        b_logp = np.zeros((horizon, envs), np.float32)
        b_val = np.zeros((horizon + 1, envs), np.float32)
        b_rew = np.zeros((horizon, envs), np.float32)
        b_done = np.zeros((horizon, envs), np.float32)
        for t in range(horizon):
            with torch.no_grad():
                logits, value = net(torch.from_numpy(obs), torch.from_numpy(masks))
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
                logp = dist.log_prob(action)
            b_obs[t], b_mask[t] = obs, masks
            b_act[t], b_logp[t], b_val[t] = action.numpy(), logp.numpy(), value.numpy()
            for i, env in enumerate(pool):
                o, r, terminated, truncated, info = env.step(int(action[i]))
                b_rew[t, i] = r
                if terminated or truncated:
                    b_done[t, i] = 1.0
                    finished.append(float(r))
                    o, info = env.reset(seed=episodes)
                    episodes += 1
                obs[i], masks[i] = o, info["action_mask"]
            steps += envs
        with torch.no_grad():
            b_val[horizon] = net(torch.from_numpy(obs), torch.from_numpy(masks))[1].numpy()
        adv = np.zeros((horizon, envs), np.float32)
        last = np.zeros(envs, np.float32)
        for t in reversed(range(horizon)):
            live = 1.0 - b_done[t]
            delta = b_rew[t] + gamma * b_val[t + 1] * live - b_val[t]
            last = delta + gamma * lam * live * last
            adv[t] = last
        ret = adv + b_val[:horizon]
        n = horizon * envs
        f_obs = torch.from_numpy(b_obs.reshape(n, obs_size))
        f_mask = torch.from_numpy(b_mask.reshape(n, num_actions))
        f_act = torch.from_numpy(b_act.reshape(n))
        f_logp = torch.from_numpy(b_logp.reshape(n))
        f_adv = torch.from_numpy(adv.reshape(n))
        f_ret = torch.from_numpy(ret.reshape(n))
        for _ in range(epochs):
            order = torch.from_numpy(rng.permutation(n))
            for lo in range(0, n, minibatch):
                idx = order[lo : lo + minibatch]
                logits, value = net(f_obs[idx], f_mask[idx])
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(f_act[idx])
                a = f_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = torch.exp(logp - f_logp[idx])
                surrogate = torch.min(ratio * a, torch.clamp(ratio, 1 - clip, 1 + clip) * a)
                loss = (
                    -surrogate.mean()
                    + 0.5 * ((value - f_ret[idx]) ** 2).mean()
                    - entropy * dist.entropy().mean()
                )
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        elapsed = time.perf_counter() - start
        if finished:
            curve.append((steps, elapsed, float(np.mean(finished)), len(finished)))
            log(f"steps {steps:>8d}  {elapsed:7.0f} s  mean return {curve[-1][2]:.3f}")
            finished = []
        if elapsed >= minutes * 60 or (max_steps is not None and steps >= max_steps):
            break
    return {
        "state_dict": net.state_dict(),
        "game": game,
        "players": players,
        "options": options,
        "obs_size": obs_size,
        "num_actions": num_actions,
        "hidden": hidden,
        "opponents": opponents,
        "gamma": gamma,
        "curve": curve,
    }


def plot_curve(curve: list, path: Path, title: str) -> None:
    """Save the training curve (mean return against learner steps) as an image."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = [c[0] for c in curve]
    y = [c[2] for c in curve]
    ax.plot(x, y, lw=0.8, alpha=0.5, label="per update")
    if len(y) >= 10:
        k = max(1, len(y) // 20)
        smooth = np.convolve(y, np.ones(k) / k, mode="valid")
        ax.plot(x[k - 1 :], smooth, lw=2, label=f"mean of {k}")
    ax.set_xlabel("learner steps")
    ax.set_ylabel("mean return")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="peach-festival")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--max-steps", type=int, default=None)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument(
        "--gamma",
        type=float,
        default=None,
        help="discount per learner step (default 0.99 with 2+ players, 1 solo: none)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--curve", type=Path, default=None)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # one core: the environments are the bottleneck anyway
    checkpoint = train(
        args.game,
        args.players,
        args.opponents,
        minutes=args.minutes,
        max_steps=args.max_steps,
        envs=args.envs,
        hidden=args.hidden,
        gamma=args.gamma,
        seed=args.seed,
        options=json.loads(args.options),
    )
    torch.save(checkpoint, args.out)
    if args.curve is not None:
        plot_curve(checkpoint["curve"], args.curve, f"masked PPO, {args.game} {args.players}p")


if __name__ == "__main__":
    main()
