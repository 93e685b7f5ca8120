"""Almanac benchmark: random decisions/s, games/s, and clone() vs copy.deepcopy of mid-game states.

``copy.deepcopy`` is given the game, the content and the action table as already-copied (shared),
so both sides copy only the state itself. Usage: ``python bench/almanac.py [--seconds S]``.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from meeple.core.driver import random_playout
from meeple.core.game import CHANCE, sample_chance
from meeple.core.registry import make


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--states", type=int, default=200)
    args = ap.parse_args()
    for players in (2, 3, 4):
        game = make("almanac", players=players)
        rng = random.Random(players)
        games = decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            st = random_playout(game.new_initial_state(), rng)
            games += 1
            decisions += sum(1 for seat, _ in st.history if seat != CHANCE)
        el = time.perf_counter() - start
        states = []
        for _ in range(args.states):
            st = game.new_initial_state()
            for _ in range(rng.randrange(60, 140)):
                if st.is_terminal():
                    break
                if st.is_chance_node():
                    st.apply_action(sample_chance(st, rng), CHANCE)
                else:
                    seat = st.acting_seats()[0]
                    legal = st.legal_actions(seat)
                    st.apply_action(legal[rng.randrange(len(legal))], seat)
            states.append(st)
        t = time.perf_counter()
        for s in states:
            s.clone()
        clone_us = (time.perf_counter() - t) / len(states) * 1e6
        t = time.perf_counter()
        for s in states:
            copy.deepcopy(s, {id(game): game, id(s.content): s.content, id(s.T): s.T})
        deep_us = (time.perf_counter() - t) / len(states) * 1e6
        print(
            f"almanac {players}p: {decisions / el:,.0f} random decisions/s, "
            f"{games / el:,.1f} games/s, clone {clone_us:.1f} µs vs deepcopy {deep_us:.1f} µs "
            f"({deep_us / clone_us:.0f}x)"
        )


if __name__ == "__main__":
    main()
