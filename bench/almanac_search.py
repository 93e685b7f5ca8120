"""Almanac: the search agent and the heuristic on the pages with rules of their own.

Two parts, 2 players by default, seats alternating journey by journey and routes planned as
``almanac_pages.py`` plans them (each journey through the page visited least so far), so
that between them the journeys visit every page:

* **heuristic against random** -- ``--random-journeys`` journeys (default 400): the
  heuristic's share of wins with its 95% Wilson interval.
* **search against heuristic** -- ``--journeys`` journeys (default 20) of ``--search``
  (default the ``medium`` level, ISMCTS) against ``--against`` (default ``heuristic``): the
  search's share of wins with its interval, and per page the mean of (the search's fame gained
  in that page's round minus its opponent's), with its 95% interval: a page where the search
  plays worse than the heuristic shows a negative mean. It also says how many journeys a
  claim would need: at the observed share, the journeys for the interval to leave 50%.

``--seconds S`` stops the search part after ``S`` seconds of CPU, saying how many journeys
it played. Usage: ``python bench/almanac_search.py [--players N] [--journeys N]
[--random-journeys N] [--search SPEC] [--against SPEC] [--seed S] [--seconds S]``. These are
figures to read, not tests.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict

from almanac_pages import RoutePlanner, go_along, mean_ci, wilson
from meeple.agents.base import make_agent
from meeple.core.game import CHANCE
from meeple.core.registry import make


def journey(game, specs: list[str], seed: int, route: tuple[int, ...]) -> tuple[list, list]:
    """One journey of the agents ``specs`` (one a seat) along ``route``.

    Returns:
        ``(fame, returns)``: ``fame[r][s]`` the fame of seat ``s`` when round ``r + 1`` began
        (the last entry: at the end) and each seat's return.
    """
    rng = random.Random(seed)
    agents = [make_agent(spec, game) for spec in specs]
    for s, a in enumerate(agents):
        a.setup(game, s)
    choose = go_along(route)
    state = game.new_initial_state()
    n = game.num_players
    fame: list[list[int]] = []
    seen = 0
    while not state.is_terminal():
        if state.round != seen:
            seen = state.round
            fame.append([state.fame_total(s) for s in range(n)])
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng), CHANCE)
            continue
        seat = state.acting_seats()[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "go":
            state.apply_action(choose(state, legal), seat)
        else:
            state.apply_action(agents[seat].act(state.observe(seat), legal, rng), seat)
    fame.append([state.fame_total(s) for s in range(n)])
    return fame, state.returns()


def match(players: int, a: str, b: str, journeys: int, seed: int, seconds: float) -> dict:
    """``journeys`` journeys of ``a`` (seat ``i % players`` in journey ``i``) against ``b`` on
    every other seat; per page the gain of ``a`` minus the mean gain of the others."""
    game = make("almanac", players=players)
    planner = RoutePlanner(game.content, random.Random(seed))
    wins = 0.0
    diff: dict[int, list[float]] = defaultdict(list)
    start = time.process_time()
    done = 0
    for i in range(journeys):
        if time.process_time() - start > seconds:
            break
        route = planner.next_route()
        me = i % players
        specs = [a if s == me else b for s in range(players)]
        fame, ret = journey(game, specs, seed + i, route)
        done += 1
        wins += ret[me] if ret[me] > 0 else 0.0
        for r, page in enumerate(route):
            got = [fame[r + 1][s] - fame[r][s] for s in range(players)]
            others = [got[s] for s in range(players) if s != me]
            diff[page].append(got[me] - sum(others) / len(others))
    return {"journeys": done, "wins": wins, "diff": diff, "cpu": time.process_time() - start}


def needed(p: float, share: float) -> float:
    """Journeys for a 95% interval around ``p`` to leave ``share`` (normal approximation)."""
    if p == share:
        return math.inf
    return math.ceil(1.96**2 * p * (1 - p) / (p - share) ** 2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--journeys", type=int, default=20, help="search journeys")
    ap.add_argument("--random-journeys", type=int, default=400, help="heuristic vs random")
    ap.add_argument("--search", default="medium")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=math.inf, help="CPU cap of the search")
    args = ap.parse_args()
    n = args.players
    share = 1 / n
    if args.random_journeys:
        m = match(n, "heuristic", "random", args.random_journeys, args.seed, math.inf)
        p, lo, hi = wilson(m["wins"], m["journeys"])
        print(
            f"heuristic against random, {n} players: {m['wins']:g} wins in {m['journeys']} "
            f"journeys ({p:.1%}, 95% {lo:.1%}-{hi:.1%}), {m['cpu']:.1f} s CPU"
        )
    if args.journeys:
        m = match(n, args.search, args.against, args.journeys, args.seed + 10_000, args.seconds)
        k = m["journeys"]
        p, lo, hi = wilson(m["wins"], k)
        print(
            f"{args.search} against {args.against}, {n} players: {m['wins']:g} wins in {k} "
            f"journeys ({p:.1%}, 95% {lo:.1%}-{hi:.1%}), {m['cpu']:.1f} s CPU "
            f"({m['cpu'] / max(k, 1):.1f} s a journey); an interval leaving {share:.0%} "
            f"needs about {needed(p, share):g} journeys at this share"
        )
        print("page  visits  search's gain minus the others' [95%]")
        for page in sorted(m["diff"]):
            d, dlo, dhi = mean_ci(m["diff"][page])
            print(f"{page:>4}  {len(m['diff'][page]):>6}  {d:+6.2f} [{dlo:+6.2f}, {dhi:+6.2f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
