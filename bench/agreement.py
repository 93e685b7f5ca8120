"""How often searches agree on the same positions, and how close their root estimates are.

Positions are decisions with at least ``--min-legal`` options at one stage (``main`` by default)
from seeded games between the game's own agents (see ``bench/ismcts.py``). Every agent spec
chooses at each position with its own seeded RNG; the script prints each position's choices,
then the fraction of positions on which each pair of specs chose the same action. With
``--stats``, each search's root statistics (visits and mean reward per root action) are printed
too. Repeating a spec compares it with itself on another seed: if two searches of the same
budget often disagree, their top actions lie within the search's noise of each other.

Usage: ``python bench/agreement.py SPEC [SPEC ...] [--game annapurna] [--positions 40]
[--players 2] [--seed 7] [--stage main] [--min-legal 3] [--stats]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ismcts import positions
from meeple.agents.base import make_agent
from meeple.core.seeding import make_rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", help="agent specs (repeat one to test its noise)")
    parser.add_argument("--game", default="annapurna")
    parser.add_argument("--positions", type=int, default=40, help="positions sampled")
    parser.add_argument("--players", type=int, default=2, help="seats in the sampled games")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--stage", default="main", help="observation stage kept ('' for all)")
    parser.add_argument("--min-legal", type=int, default=3)
    parser.add_argument("--stats", action="store_true", help="print root statistics")
    args = parser.parse_args()

    k = len(args.specs)
    same = [[0] * k for _ in range(k)]
    used = 0
    for i, (game, seat, obs, legal, _) in enumerate(
        positions(args.game, args.players, args.positions, seed=args.seed)
    ):
        if (args.stage and obs.get("stage") != args.stage) or len(legal) < args.min_legal:
            continue
        picks = []
        for j, spec in enumerate(args.specs):
            agent = make_agent(spec, game)
            agent.setup(game, seat)
            picks.append(agent.act(obs, legal, make_rng(i, "agreement", j)))
            stats = getattr(agent, "root_stats", None)
            if args.stats and stats:
                best = sorted(stats.items(), key=lambda kv: -kv[1][1])
                shown = ", ".join(f"{a} {n} {q:.3f}" for a, (n, q) in best)
                print(f"  position {i} spec {j}: {shown}")
        used += 1
        print(f"position {i} ({len(legal)} options): " + " | ".join(str(a) for a in picks))
        for x in range(k):
            for y in range(k):
                same[x][y] += picks[x] == picks[y]
    print(f"\n{used} positions; share of identical choices:")
    for x in range(k):
        row = " ".join(f"{same[x][y] / max(1, used):5.2f}" for y in range(k))
        print(f"  [{x}] {row}   {args.specs[x]}")


if __name__ == "__main__":
    main()
