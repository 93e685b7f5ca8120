"""ISMCTS iterations per second per game on one core (a figure, not a test).

Positions are taken from seeded games between the games' own agents (every ``stride``-th
decision with a real choice); at each, the agent searches a fixed number of iterations.

With the OpenSpiel adapter (:mod:`meeple.rl.openspiel`) importable, the same positions are
also searched side by side by OpenSpiel's Python ``MCTSBot`` (random rollouts, one per leaf,
which sees the whole state) and ``ISMCTSBot`` (resampling through the adapter), each with the
same number of simulations; the table shows our ISMCTS with random rollouts against them.

It also times the difficulty levels per decision (``hard`` must answer within 2 s); a level that
is not a search shows ``-`` for iterations.

Usage: ``python bench/ismcts.py [--iterations N] [--positions K] [--games g1,g2]
[--no-levels] [--no-openspiel] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple.agents.base import make_agent, own_agents
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core.driver import play_game
from meeple.core.registry import make
from meeple.core.seeding import make_rng

CONFIGS = [
    ("peach-festival", 2, "random rollouts", "rollout=random"),
    ("peach-festival", 2, "horizon 10 + evaluation", "rollout=random,horizon=10"),
    ("annapurna", 2, "random rollouts", "rollout=random"),
    ("annapurna", 2, "heuristic rollouts", "rollout=heuristic"),
    (
        "annapurna",
        4,
        "heuristic, opponents=policy",
        "rollout=heuristic,checkpoint=1,paired=1,guide=1,opponents=policy",
    ),
    ("almanac", 2, "random rollouts", "rollout=random"),
    ("almanac", 2, "heuristic rollouts", "rollout=heuristic"),
]


def positions(name: str, players: int, count: int, seed: int = 7) -> list[tuple]:
    """``(game, seat, observation, legal, state)`` samples from games of the game's own agents."""
    game = make(name, players=players)
    own = sorted(own_agents(game)) or ["random"]
    out: list[tuple] = []
    k = 0
    while len(out) < count:
        picked: list[tuple] = []

        def grab(state, seat, action, picked=picked):
            if seat >= 0 and len(state.legal_actions(seat)) > 1:
                picked.append(
                    (seat, state.observe(seat), list(state.legal_actions(seat)), state.clone())
                )

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
    parser.add_argument("--no-openspiel", dest="openspiel", action="store_false")
    parser.add_argument("--no-levels", dest="levels", action="store_false")
    parser.add_argument(
        "--repeat", type=int, default=1, help="side-by-side rounds (the median is shown)"
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    wanted = set(filter(None, args.games.split(",")))
    print(f"{'game':16s} {'players':>7s} {'rollout':26s} {'iter/s':>9s} {'ms/decision':>12s}")
    for name, players, label, spec in CONFIGS:
        if wanted and name not in wanted:
            continue
        samples = positions(name, players, args.positions)
        total_it = 0
        total_t = 0.0
        for i, (game, seat, obs, legal, _) in enumerate(samples):
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
    if args.levels:
        level_times(args.positions, wanted)
    if args.openspiel:
        openspiel_side_by_side(args.iterations, args.positions, wanted, args.repeat)


def level_times(count: int, wanted: set[str]) -> None:
    """Seconds per decision of each level (``hard`` must stay < 2 s)."""
    print()
    print(f"{'game':16s} {'level':8s} {'iterations':>10s} {'mean s':>8s} {'max s':>8s}")
    for name in dict.fromkeys(n for n, *_ in CONFIGS):
        if wanted and name not in wanted:
            continue
        samples = positions(name, 2, count)
        for level in ("easy", "medium", "hard"):
            times, iters = [], 0
            for i, (game, seat, obs, legal, _) in enumerate(samples):
                agent = make_agent(level, game)
                agent.setup(game, seat)
                t0 = time.perf_counter()
                agent.act(obs, legal, make_rng(i, "levels"))
                times.append(time.perf_counter() - t0)
                iters += getattr(agent, "last_iterations", 0)
            shown = f"{iters / len(samples):10.0f}" if isinstance(agent, ISMCTSAgent) else "-"
            print(
                f"{name:16s} {level:8s} {shown:>10s} "
                f"{sum(times) / len(times):8.2f} {max(times):8.2f}"
            )


def _openspiel_state(os_game, state):
    """The adapter's state reached by replaying ``state``'s history (action and outcome ids)."""
    os_state = os_game.new_initial_state()
    for _, action in state.history:
        os_state.apply_action(action.id)
    return os_state


def openspiel_side_by_side(iterations: int, count: int, wanted: set[str], repeat: int = 1) -> None:
    """Iterations/s of our ISMCTS (random rollouts) and OpenSpiel's Python MCTS bots.

    With ``repeat`` > 1 the positions are searched in that many rounds (each bot in turn at
    every position); the row shows each bot's median round and, in brackets, the range of the
    rounds' ratios, which move by several tenths from run to run on a frequency-scaling CPU.
    """
    try:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from meeple.rl.openspiel import load_game, resampler
    except ImportError as e:  # pragma: no cover - optional
        print(f"OpenSpiel comparison skipped: {e}")
        return
    print()
    print(f"Side by side, {iterations} simulations per decision, random rollouts, one core")
    print(
        f"{'game':16s} {'ours it/s':>10s} {'MCTSBot it/s':>13s} {'ISMCTSBot it/s':>15s} {'x MCTSBot':>10s}"
    )
    for name in dict.fromkeys(n for n, *_ in CONFIGS):
        if wanted and name not in wanted:
            continue
        samples = positions(name, 2, count)
        os_game = load_game(name, players=2)
        rounds = []
        for _ in range(repeat):
            rounds.append(
                _side_by_side_round(samples, os_game, iterations, (np, mcts, ismcts, resampler))
            )
        ours, theirs, theirs_is = (statistics.median(r[k] for r in rounds) for k in range(3))
        ratios = sorted(r[1] / r[0] for r in rounds)
        spread = f"  ({ratios[0]:.1f}-{ratios[-1]:.1f})" if repeat > 1 else ""
        n = iterations * len(samples)
        print(
            f"{name:16s} {n / ours:10.0f} {n / theirs:13.0f} {n / theirs_is:15.0f} "
            f"{theirs / ours:10.1f}{spread}"
        )


def _side_by_side_round(samples, os_game, iterations: int, libs: tuple) -> tuple[float, ...]:
    """Seconds spent by ours, ``MCTSBot`` and ``ISMCTSBot`` over every position, once."""
    np, mcts, ismcts, resampler = libs
    ours = theirs = theirs_is = 0.0
    for i, (game, seat, obs, legal, state) in enumerate(samples):
        agent = ISMCTSAgent(f"iterations={iterations},rollout=random")
        agent.setup(game, seat)
        t0 = time.perf_counter()
        agent.act(obs, legal, make_rng(i, "bench"))
        ours += time.perf_counter() - t0
        os_state = _openspiel_state(os_game, state)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        bot = mcts.MCTSBot(
            os_game, 1.4, iterations, evaluator, random_state=np.random.RandomState(i)
        )
        t0 = time.perf_counter()
        bot.step(os_state)
        theirs += time.perf_counter() - t0
        is_bot = ismcts.ISMCTSBot(
            os_game, evaluator, 1.4, iterations, random_state=np.random.RandomState(i)
        )
        is_bot.set_resampler(resampler(i))
        t0 = time.perf_counter()
        is_bot.step(os_state)
        theirs_is += time.perf_counter() - t0
    return ours, theirs, theirs_is


if __name__ == "__main__":
    main()
