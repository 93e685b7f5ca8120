"""Annapurna benchmark: random decisions/s, games/s, and clone vs ``copy.deepcopy``.

Usage: ``python bench/annapurna.py [--games N] [--players 2 3 4]``
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.game import Annapurna


def random_game(game: Annapurna, rng: random.Random) -> tuple[int, int, list]:
    """Play one random Expedition; returns (decisions, chance outcomes, mid-game states)."""
    state = game.new_initial_state()
    decisions = chance = 0
    mids = []
    while not state.is_terminal():
        cp = state.current_player()
        if cp == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            chance += 1
            continue
        legal = state.legal_actions(cp)
        state.apply_action(legal[rng.randrange(len(legal))], cp)
        decisions += 1
        if decisions % 97 == 0 and len(mids) < 5:
            mids.append(state.clone())
    return decisions, chance, mids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    print(
        f"{'climbers':>8} {'decisions/s':>12} {'actions/s':>10} {'games/s':>8} "
        f"{'dec/game':>8} {'clone µs':>9} {'deepcopy µs':>12} {'ratio':>6}"
    )
    for n in args.players:
        game = Annapurna(n)
        rng = random.Random(n)
        t0 = time.perf_counter()
        decisions = chance = 0
        mids = []
        for _ in range(args.games):
            d, c, m = random_game(game, rng)
            decisions += d
            chance += c
            mids += m
        dt = time.perf_counter() - t0
        mids = mids[:50]
        t1 = time.perf_counter()
        for _ in range(20):
            for s in mids:
                s.clone()
        clone_us = (time.perf_counter() - t1) / (20 * len(mids)) * 1e6
        t2 = time.perf_counter()
        for s in mids[:20]:
            copy.deepcopy(s, {id(s.game): s.game})  # the state, not the shared game
        deep_us = (time.perf_counter() - t2) / len(mids[:20]) * 1e6
        print(
            f"{n:>8} {decisions / dt:>12,.0f} {(decisions + chance) / dt:>10,.0f} "
            f"{args.games / dt:>8.1f} {decisions / args.games:>8.0f} {clone_us:>9.1f} "
            f"{deep_us:>12.1f} {deep_us / clone_us:>6.0f}x"
        )


if __name__ == "__main__":
    main()
