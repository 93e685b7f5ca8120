"""Almanac balance by page: heuristic journeys, the fame each page gives and how its leader fares.

For each journey of heuristic agents (every seat the heuristic agent) it records, for every
round, the fame each player gained in it (the change of ``fame_total`` from the first action of
the round to the first of the next, or to the end) and which player gained most (the round's
leader; a tie has no leader); then, per page, the mean fame gained by a player in that round and
how often the round's leader won the journey, each with a 95% interval; and per route family
(High Frost: pages 16-17; Two Twin City: 18-19) the mean final fame and the same two figures
for the last round. The band a page must stay in is written in docs/games/almanac.md.

By default the Guide steers each journey, at random among the routes that reach it, to the page
visited least so far (``--own-routes``: the heuristic chooses), so that every page is visited
about equally. Usage: ``python bench/almanac_pages.py [--per-page N] [--players P]
[--seconds S]``; stops once every page has N visits, or after S seconds, and says how many
journeys it measured.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from meeple.core.driver import play_game
from meeple.core.registry import make
from meeple.games.almanac.heuristics import HeuristicAgent

FAMILIES = {16: "High Frost", 17: "High Frost", 18: "Two Twin City", 19: "Two Twin City"}


class Wanderer(HeuristicAgent):
    """The heuristic agent, but as the Guide it picks the next page at random among those on a
    route to the page ``target`` (any of them once it is passed), so that the journeys visit
    the pages the table needs."""

    def __init__(self, target: int = 0) -> None:
        super().__init__()
        self.target = target

    def act(self, observation, legal_actions, rng):
        if legal_actions and all(a.kind == "go" for a in legal_actions):
            pages = self.game.content.pages
            on_way = [a for a in legal_actions if self.target in _ahead(pages, a.args[0])]
            pick = on_way or list(legal_actions)
            return pick[rng.randrange(len(pick))]
        return super().act(observation, legal_actions, rng)


def _ahead(pages, page: int) -> set[int]:
    """``page`` and every page a route from it reaches."""
    out, todo = {page}, [page]
    while todo:
        for u in pages[todo.pop()].upcoming:
            if u not in out:
                out.add(u)
                todo.append(u)
    return out


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval (``n`` is large here)."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, m, m
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - h, m + h


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """Share ``k/n`` and its 95% Wilson interval."""
    if n == 0:
        return math.nan, math.nan, math.nan
    z = 1.96
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, mid - h, mid + h


def journey(
    players: int, seed: int, target: int
) -> tuple[list[tuple[int, list[int]]], list[int], list[int]]:
    """(page, fame gained by each seat) for each round, the winners and the final fame."""
    game = make("almanac", players=players)
    marks: list[tuple[int, int, list[int]]] = []  # (round, page, fame totals at its start)

    def step(st, seat, action) -> None:
        if st.round >= 1 and (not marks or marks[-1][0] != st.round):
            marks.append((st.round, st.page, [st.fame_total(s) for s in range(players)]))

    agents = [Wanderer(target) if target else HeuristicAgent() for _ in range(players)]
    st, _ = play_game(game, agents, seed=seed, on_step=step)
    final = [st.fame_total(s) for s in range(players)]
    rounds = []
    for i, (_, page, start) in enumerate(marks):
        end = marks[i + 1][2] if i + 1 < len(marks) else final
        rounds.append((page, [e - b for e, b in zip(end, start, strict=True)]))
    return rounds, st.result().winners, final


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--journeys", type=int, default=100000)
    ap.add_argument("--per-page", type=int, default=2000, help="stop once every page has this")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=1e9)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", type=int, default=0, help="steer every journey to this page")
    ap.add_argument(
        "--own-routes", action="store_true", help="the heuristic Guide chooses the route itself"
    )
    args = ap.parse_args()
    gains: dict[int, list[float]] = defaultdict(list)
    led: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    fam_fame: dict[str, list[float]] = defaultdict(list)
    fam_led: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    start = time.perf_counter()
    done = 0
    every = sorted(make("almanac", players=args.players).content.pages)
    for j in range(args.journeys):
        if time.perf_counter() - start > args.seconds:
            break
        if min(len(gains[p]) for p in every) >= args.per_page:
            break
        # steer each journey to the page visited least so far
        target = 0 if args.own_routes else min(every, key=lambda p: (len(gains[p]), p))
        if args.only:
            target = args.only
            if len(gains[args.only]) >= args.per_page:
                break
        rounds, winners, final = journey(args.players, args.seed + j, target)
        done += 1
        for page, g in rounds:
            gains[page].append(statistics.fmean(g))
            top = max(g)
            if g.count(top) == 1:
                led[page][1] += 1
                led[page][0] += g.index(top) in winners
        fam = FAMILIES[rounds[-1][0]]
        fam_fame[fam].append(statistics.fmean(final))
        g = rounds[-1][1]
        if g.count(max(g)) == 1:
            fam_led[fam][1] += 1
            fam_led[fam][0] += g.index(max(g)) in winners
    el = time.perf_counter() - start
    c = make("almanac", players=args.players).content
    how = "the heuristic Guide's routes" if args.own_routes else "routes steered page by page"
    print(f"{done} journeys of {args.players} heuristic players ({how}) in {el:.0f} s")
    print(
        "| page | round | visits | fame gained per player [95%] | leader won [95%] (rounds led) |"
    )
    print("|---|---|---|---|---|")
    for page in sorted(p for p in gains if gains[p]):
        m, lo, hi = mean_ci(gains[page])
        p, plo, phi = wilson(*led[page])
        name = c.pages[page].name
        print(
            f"| {page} {name} | {c.pages[page].round} | {len(gains[page])} | "
            f"{m:.1f} [{lo:.1f}, {hi:.1f}] | {p:.0%} [{plo:.0%}, {phi:.0%}] ({led[page][1]}) |"
        )
    print()
    print(
        "| route family | journeys | final fame per player [95%] | last round's leader won [95%] |"
    )
    print("|---|---|---|---|")
    for fam in sorted(fam_fame):
        m, lo, hi = mean_ci(fam_fame[fam])
        p, plo, phi = wilson(*fam_led[fam])
        print(
            f"| {fam} | {len(fam_fame[fam])} | {m:.1f} [{lo:.1f}, {hi:.1f}] | "
            f"{p:.0%} [{plo:.0%}, {phi:.0%}] |"
        )


if __name__ == "__main__":
    main()
