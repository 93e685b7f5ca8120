"""Almanac pages: random journeys over every page, and a balance table of the pages.

Two parts, both over the pages the content has (``pages.toml``):

* **conformance** -- ``--random`` random journeys per player count (default 1,000), each
  checked by :func:`meeple.testing.conformance.check_random_game` (node invariants, clones,
  determinization, notation); the route of each is chosen by the bench so that every page is
  visited about as often as the routes allow (:class:`RoutePlanner`). Failures are printed
  with their seed; then how often each page was visited.
* **balance** -- ``--journeys`` journeys of heuristic agents per player count (default 2,000
  per page: enough journeys that the least visited page is visited that often), routes planned
  the same way. Per page: the mean fame a player gained in that page's round, with its 95%
  interval, and how often the round's leader (most fame gained that round) won the journey.
  Per route family (High Frost: pages 16, 17; Two Twin City: 18, 19): each seat's win rate,
  the first player's (seat 0, the first Guide) with its interval, and the mean final fame.
  A page whose mean gain lies further than ``--band`` (20%) from the mean of its round's
  pages, or whose leader's share of wins lies further than ``--leader-band`` (10 points) from
  its round's, is flagged.

``--own-routes`` lets the heuristic Guide choose the routes instead (the pages it prefers are
then visited more), ``--only P`` steers every journey through page ``P``, and ``--seconds S``
stops the balance part of each count after ``S`` seconds, saying how many journeys it measured.
Per route family it also gives how often the last round's leader won; over every journey of
a count, each seat's share of wins with its interval, and each seat's rounds as the Guide and
the gold it paid winning the bid for the Guide, a journey.

Usage: ``python bench/almanac_pages.py [--players 2 3 4] [--random N] [--journeys N]
[--per-page N] [--band F] [--seed S] [--own-routes] [--only P] [--seconds S]
[--content DIR]`` (``--content``: the games load another content directory, to compare a
change of the data with the shipped one). These are
figures to read, not tests.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from meeple.core.game import CHANCE, sample_chance
from meeple.core.registry import make
from meeple.games.almanac.content import Content
from meeple.games.almanac.heuristics import HeuristicAgent
from meeple.testing.conformance import check_random_game

#: The last pages of each route family.
FAMILIES = {"High Frost": (16, 17), "Two Twin City": (18, 19)}
#: Options of every game the bench makes (``--content``).
OPTIONS: dict[str, object] = {}


def routes(content: Content) -> list[tuple[int, ...]]:
    """Every route of the content, from page 1 to a last page."""
    out: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...]) -> None:
        up = content.pages[path[-1]].upcoming
        if not up:
            out.append(path)
        for u in up:
            walk((*path, u))

    walk((1,))
    return out


class RoutePlanner:
    """Chooses each journey's route so that the least visited page is visited next: the route
    through it whose pages have been visited least in all, ties at random."""

    def __init__(self, content: Content, rng: random.Random):
        self.routes = routes(content)
        self.visits: dict[int, int] = dict.fromkeys(content.pages, 0)
        self.rng = rng

    def next_route(self) -> tuple[int, ...]:
        least = min(self.visits.values())
        rarest = [p for p, v in self.visits.items() if v == least]
        page = rarest[self.rng.randrange(len(rarest))]
        through = [r for r in self.routes if page in r]
        best = min(sum(self.visits[p] for p in r) for r in through)
        pick = [r for r in through if sum(self.visits[p] for p in r) == best]
        route = pick[self.rng.randrange(len(pick))]
        for p in route:
            self.visits[p] += 1
        return route


def go_along(route: tuple[int, ...]) -> Callable:
    """A chooser of ``go N`` moves following ``route``; other moves are left to the agent."""

    def choose(state, legal):
        want = route[state.round]  # the page of the next round
        for a in legal:
            if a.kind == "go" and a.args[0] == want:
                return a
        raise AssertionError(f"route {route} cannot go on to {want} from page {state.page}")

    return choose


def random_journey(players: int, seed: int, route: tuple[int, ...]) -> tuple[object, int]:
    """A random journey along ``route``, every node checked; returns the final state and the
    number of actions."""
    game = make("almanac", players=players, **OPTIONS)
    rng = random.Random(seed)
    state = game.new_initial_state()
    choose = go_along(route)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        seat = state.acting_seats()[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "go":
            state.apply_action(choose(state, legal), seat)
        else:
            state.apply_action(legal[rng.randrange(len(legal))], seat)
    assert tuple(state.route) == route, (state.route, route)
    return state, state.move_number()


def heuristic_journey(
    players: int, seed: int, route: tuple[int, ...] | None, guide: list | None = None
) -> tuple[list[int], list[list[int]], list[float]]:
    """A journey of heuristic agents along ``route`` (``None``: the Guide chooses).

    With ``guide`` (a ``[rounds, gold]`` pair per seat), each seat's rounds as the Guide and
    the gold it paid winning the bid for the Guide (AL-055, AL-059) are added to it.

    Returns:
        ``(route, fame, returns)``: the pages visited, ``fame[r][s]`` the fame of seat ``s``
        when round ``r + 1`` began (the last entry: at the end), and each seat's return (1
        shared among the winners).
    """
    game = make("almanac", players=players, **OPTIONS)
    rng = random.Random(seed)
    agents = [HeuristicAgent() for _ in range(players)]
    for s, a in enumerate(agents):
        a.setup(game, s)
    choose = go_along(route) if route is not None else None
    state = game.new_initial_state()
    fame: list[list[int]] = []
    seen_round = 0
    while not state.is_terminal():
        if state.round != seen_round:
            seen_round = state.round
            fame.append([state.fame_total(s) for s in range(players)])
            if guide is not None:
                guide[state.guide][0] += 1
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng), CHANCE)
            continue
        seat = state.acting_seats()[0]
        legal = state.legal_actions(seat)
        bid_for_guide = state.bid_ctx == "guide"
        if choose is not None and legal[0].kind == "go":
            state.apply_action(choose(state, legal), seat)
        else:
            state.apply_action(agents[seat].act(state.observe(seat), legal, rng), seat)
        if guide is not None and bid_for_guide and state.bid_ctx != "guide":
            winner, paid = state.last_bids[-2:]  # the bid resolved (AL-059)
            guide[winner][1] += paid
    fame.append([state.fame_total(s) for s in range(players)])
    return list(state.route), fame, state.returns()


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation; the samples are in the thousands)."""
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return (m, m - h, m + h)


def wilson(k: float, n: int) -> tuple[float, float, float]:
    """A proportion ``k / n`` and its 95% Wilson interval."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, c - h, c + h)


def conformance(players: int, journeys: int, seed: int) -> tuple[int, dict[int, int], list]:
    """``journeys`` checked random journeys; returns (actions, visits per page, failures)."""
    game = make("almanac", players=players, **OPTIONS)
    planner = RoutePlanner(game.content, random.Random(seed))
    failures = []
    actions = 0
    for i in range(journeys):
        route = planner.next_route()
        try:
            _, n = random_journey(players, seed + i, route)
            actions += n
            if i % 10 == 0:  # the full check list, on the engine's own random choices
                actions += check_random_game(game, seed + i, deep_every=25).move_number()
        except Exception as err:  # a failure is a finding: report it and go on
            failures.append((seed + i, route, f"{type(err).__name__}: {err}"))
    return actions, planner.visits, failures


def balance(
    players: int,
    journeys: int,
    seed: int,
    own_routes: bool = False,
    only: int = 0,
    seconds: float = math.inf,
) -> dict:
    """The balance figures of up to ``journeys`` heuristic journeys (see the module
    docstring): routes planned (or the Guide's with ``own_routes``, or through page ``only``),
    stopping after ``seconds`` of CPU."""
    game = make("almanac", players=players, **OPTIONS)
    rng = random.Random(seed)
    planner = RoutePlanner(game.content, rng)
    through = [r for r in planner.routes if only in r]
    gains: dict[int, list[float]] = defaultdict(list)
    leader_won: dict[int, list[float]] = defaultdict(list)
    fam: dict[str, dict] = {
        f: {"n": 0, "wins": [0.0] * players, "fame": [], "last_led": []} for f in FAMILIES
    }
    guide = [[0, 0] for _ in range(players)]
    start = time.process_time()
    done = 0
    for i in range(journeys):
        if time.process_time() - start > seconds:
            break
        if own_routes:
            plan = None
        elif only:
            plan = through[rng.randrange(len(through))]
        else:
            plan = planner.next_route()
        route, fame, ret = heuristic_journey(players, seed + i, plan, guide)
        done += 1
        for r, page in enumerate(route):
            got = [fame[r + 1][s] - fame[r][s] for s in range(players)]
            gains[page].extend(got)
            top = max(got)
            leaders = [s for s in range(players) if got[s] == top]
            # tied leaders share the count: the fraction of them who won (alone or shared)
            leader_won[page].append(sum(ret[s] > 0 for s in leaders) / len(leaders))
        family = next(f for f, last in FAMILIES.items() if route[-1] in last)
        fam[family]["n"] += 1
        for s in range(players):
            fam[family]["wins"][s] += ret[s]
        fam[family]["fame"].extend(fame[-1])
        fam[family]["last_led"].append(leader_won[route[-1]][-1])
    return {
        "gains": gains,
        "leader": leader_won,
        "families": fam,
        "journeys": done,
        "guide": guide,
    }


def page_table(
    game, figures: dict, band: float, leader_band: float = 0.10
) -> tuple[list[str], list[int]]:
    """Lines of the per-page table and the pages outside the band: fame gained more than
    ``band`` (a fraction) from the mean of its round's pages, or the leader's share of wins
    more than ``leader_band`` from its round's mean."""
    pages = game.content.pages
    lines = [
        f"{'page':<26} {'round':>5} {'visits':>6}  {'fame gained [95%]':>22}  "
        f"{'leader won [95%]':>20}"
    ]
    by_round: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for pid in sorted(figures["gains"]):
        lw = figures["leader"][pid]
        by_round[pages[pid].round].append(
            (mean_ci(figures["gains"][pid])[0], sum(lw) / len(lw) if lw else math.nan)
        )
    outliers = []
    for pid in sorted(figures["gains"]):
        p = pages[pid]
        m, lo, hi = mean_ci(figures["gains"][pid])
        lw = figures["leader"][pid]
        w, wlo, whi = wilson(sum(lw), len(lw))
        rows = by_round[p.round]
        rmean = sum(r[0] for r in rows) / len(rows)
        rlead = sum(r[1] for r in rows) / len(rows)
        flag = ""
        if abs(m - rmean) > band * abs(rmean) or abs(w - rlead) > leader_band:
            flag = f"  OUTLIER (round mean {rmean:.1f}, leader {rlead:.0%})"
            outliers.append(pid)
        lines.append(
            f"{pid:>2} {p.name:<23} {p.round:>5} {len(lw):>6}  {m:6.2f} [{lo:6.2f}, {hi:6.2f}]  "
            f"{w:5.1%} [{wlo:5.1%}, {whi:5.1%}]  {(m - rmean) / rmean:+.0%}{flag}"
        )
    return lines, outliers


def family_table(figures: dict, players: int) -> list[str]:
    lines = []
    for f, d in figures["families"].items():
        n = d["n"]
        if not n:
            continue
        seats = ", ".join(f"seat {s} {d['wins'][s] / n:.1%}" for s in range(players))
        p, lo, hi = wilson(d["wins"][0], n)
        m, flo, fhi = mean_ci(d["fame"])
        w, wlo, whi = wilson(sum(d["last_led"]), n)
        lines.append(
            f"{f:<14} {n:>5} journeys: first player {p:.1%} [{lo:.1%}, {hi:.1%}]; {seats}; "
            f"final fame {m:.1f} [{flo:.1f}, {fhi:.1f}]; last round's leader won {w:.1%} "
            f"[{wlo:.1%}, {whi:.1%}]"
        )
    return lines


def seat_line(figures: dict, players: int) -> str:
    """Each seat's share of wins over every journey (both route families; a shared win
    counted as its share), with its 95% Wilson interval, against the even share 1/n."""
    fams = figures["families"].values()
    n = sum(d["n"] for d in fams)
    parts = []
    for s in range(players):
        p, lo, hi = wilson(sum(d["wins"][s] for d in fams), n)
        parts.append(f"seat {s} {p:.1%} [{lo:.1%}, {hi:.1%}]")
    held = ", ".join(
        f"seat {s} {r / max(n, 1):.2f} rounds, {g / max(n, 1):.2f} gold"
        for s, (r, g) in enumerate(figures["guide"])
    )
    return (
        f"all {n} journeys, wins (even share {1 / players:.1%}): "
        + "; ".join(parts)
        + f"\n   the Guide, a journey: {held} paid for it"
    )


def journeys_for(game, per_page: int) -> int:
    """Journeys enough for the least visited page to be visited ``per_page`` times: the most
    pages any round has, times ``per_page``."""
    rounds: dict[int, int] = defaultdict(int)
    for p in game.content.pages.values():
        rounds[p.round] += 1
    return max(rounds.values()) * per_page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--random", type=int, default=1000, help="random journeys per count")
    ap.add_argument("--per-page", type=int, default=2000, help="heuristic visits per page")
    ap.add_argument("--journeys", type=int, default=0, help="heuristic journeys (0: by page)")
    ap.add_argument("--band", type=float, default=0.20, help="band of fame, a fraction")
    ap.add_argument("--leader-band", type=float, default=0.10, help="band of leader wins")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--own-routes", action="store_true", help="the heuristic Guide chooses")
    ap.add_argument("--only", type=int, default=0, help="every journey through this page")
    ap.add_argument("--seconds", type=float, default=math.inf, help="CPU cap of the balance")
    ap.add_argument("--content", default=None, help="another content directory")
    args = ap.parse_args()
    if args.content:
        OPTIONS["content"] = args.content
    failed = 0
    for n in args.players:
        game = make("almanac", players=n, **OPTIONS)
        t = time.process_time()
        actions, visits, failures = conformance(n, args.random, args.seed + 1000 * n)
        el = time.process_time() - t
        print(
            f"== {n} players: {args.random} random journeys checked, {actions:,} actions, "
            f"{el:.1f} s CPU, {len(failures)} failures"
        )
        for seed, route, msg in failures[:20]:
            print(f"   FAIL seed {seed} route {'-'.join(map(str, route))}: {msg[:300]}")
        print("   visits: " + ", ".join(f"{p}:{v}" for p, v in sorted(visits.items())))
        failed += len(failures)
        journeys = args.journeys or journeys_for(game, args.per_page)
        t = time.process_time()
        figures = balance(
            n, journeys, args.seed + 1000 * n + 500, args.own_routes, args.only, args.seconds
        )
        el = time.process_time() - t
        how = "the Guide's routes" if args.own_routes else "planned routes"
        print(f"== {n} players: {figures['journeys']} heuristic journeys ({how}), {el:.1f} s CPU")
        lines, outliers = page_table(game, figures, args.band, args.leader_band)
        print("\n".join("   " + ln for ln in lines))
        print("\n".join("   " + ln for ln in family_table(figures, n)))
        print("   " + seat_line(figures, n))
        print(
            f"   outside ±{args.band:.0%} fame or ±{args.leader_band:.0%} leader wins of their "
            f"round's mean: {outliers or 'none'}"
        )
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
