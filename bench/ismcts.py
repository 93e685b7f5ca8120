"""ISMCTS iterations per second per game on one core (a figure, not a test).

Positions are taken from seeded games between the games' own agents (every ``stride``-th
decision with a real choice); at each, the agent searches a fixed number of iterations.

Usage: ``python bench/ismcts.py [--iterations N] [--positions K] [--games g1,g2]``.
"""

from __future__ import annotations

import argparse
import time

from meeple.agents.base import make_agent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core.driver import play_game
from meeple.core.registry import make
from meeple.core.seeding import make_rng

CONFIGS = [
    ("peach-festival", 2, "random rollouts", "rollout=random"),
    ("peach-festival", 2, "horizon 10 + evaluation", "rollout=random,horizon=10"),
    ("annapurna", 2, "random rollouts", "rollout=random"),
    ("annapurna", 2, "heuristic rollouts", "rollout=heuristic"),
    ("almanac", 2, "random rollouts", "rollout=random"),
    ("almanac", 2, "heuristic rollouts", "rollout=heuristic"),
]


def positions(name: str, players: int, count: int, seed: int = 7) -> list[tuple]:
    """``(game, seat, observation, legal)`` samples from games of the game's own agents."""
    game = make(name, players=players)
    own = sorted(getattr(game, "agents", {})) or ["random"]
    out: list[tuple] = []
    k = 0
    while len(out) < count:
        picked: list[tuple] = []

        def grab(state, seat, action, picked=picked):
            if seat >= 0 and len(state.legal_actions(seat)) > 1:
                picked.append((seat, state.observe(seat), list(state.legal_actions(seat))))

        play_game(game, [make_agent(own[0], game) for _ in range(players)], seed + k, on_step=grab)
        stride = max(1, len(picked) // max(1, count // 2))
        out += [(game, *p) for p in picked[::stride]]
        k += 1
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--games", default="")
    args = parser.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    print(f"{'game':16s} {'players':>7s} {'rollout':26s} {'iter/s':>9s} {'ms/decision':>12s}")
    for name, players, label, spec in CONFIGS:
        if wanted and name not in wanted:
            continue
        samples = positions(name, players, args.positions)
        total_it = 0
        total_t = 0.0
        for i, (game, seat, obs, legal) in enumerate(samples):
            agent = ISMCTSAgent(f"iterations={args.iterations},{spec}")
            agent.setup(game, seat)
            rng = make_rng(i, "bench")
            t0 = time.perf_counter()
            agent.act(obs, legal, rng)
            total_t += time.perf_counter() - t0
            total_it += agent.last_iterations
        rate = total_it / total_t
        per = 1000 * total_t / len(samples)
        print(f"{name:16s} {players:7d} {label:26s} {rate:9.0f} {per:12.1f}")
    # TODO(openspiel): side-by-side OpenSpiel MCTSBot figure once meeple.rl.openspiel exists.


if __name__ == "__main__":
    main()
