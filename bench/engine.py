"""Engine benchmarks: random self-play speed and clone cost, per game and player count.

Prints, for every registered game (or ``--game NAME``) and player count:

* random self-play on one core: player decisions per second, all actions (chance included) per
  second, and whole games per second (:func:`meeple.core.driver.random_playout`);
* microseconds per ``clone()`` of mid-game states against ``copy.deepcopy`` of the same states
  (the configured game object is shared, not copied, in both), and their ratio.

Usage: ``python bench/engine.py [--game NAME] [--players N ...] [--seconds S] [--states K]``.
These are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import copy
import time

from rich.console import Console
from rich.table import Table

from meeple.core.driver import random_playout
from meeple.core.game import CHANCE, Game, State, sample_chance
from meeple.core.registry import game_class, game_names, make
from meeple.core.seeding import make_rng


def self_play(game: Game, seconds: float, seed: int = 0) -> dict[str, float]:
    """Random games for about ``seconds``: decisions/s, actions/s, games/s, mean length."""
    rng = make_rng(seed, "bench", game.info.name, game.num_players)
    games = decisions = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = random_playout(game.new_initial_state(), rng)
        games += 1
        actions += len(state.history)
        decisions += sum(1 for seat, _ in state.history if seat != CHANCE)
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "decisions_s": decisions / elapsed,
        "actions_s": actions / elapsed,
        "games_s": games / elapsed,
        "mean_actions": actions / games,
    }


def _random_step(state: State, rng) -> None:
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng), CHANCE)
        return
    seat = state.acting_seats()[0]
    legal = state.legal_actions(seat)
    state.apply_action(legal[rng.randrange(len(legal))], seat)


def mid_game_states(game: Game, count: int, mean_actions: float, seed: int = 0) -> list[State]:
    """``count`` states from random games, each stopped around the middle of a game."""
    rng = make_rng(seed, "mid", game.info.name, game.num_players)
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        stop = int(mean_actions * rng.uniform(0.3, 0.7))
        while not state.is_terminal() and len(state.history) < stop:
            _random_step(state, rng)
        if not state.is_terminal():
            states.append(state)
    return states


def _time_per_call(fn, states: list[State], min_seconds: float) -> float:
    reps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < min_seconds or reps == 0:
        for s in states:
            fn(s)
        reps += 1
        elapsed = time.perf_counter() - start
    return elapsed / (reps * len(states)) * 1e6


def clone_cost(states: list[State], seconds: float) -> dict[str, float]:
    """Microseconds per ``clone()`` and per ``copy.deepcopy`` (game shared) of ``states``."""
    game = states[0].game

    def deep(s: State) -> State:
        return copy.deepcopy(s, {id(game): game})

    clone_us = _time_per_call(lambda s: s.clone(), states, seconds)
    deep_us = _time_per_call(deep, states, seconds)
    return {"clone_us": clone_us, "deepcopy_us": deep_us, "ratio": deep_us / clone_us}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game name (repeatable; default all)")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per self-play figure")
    parser.add_argument("--states", type=int, default=40, help="mid-game states for clone cost")
    args = parser.parse_args(argv)
    con = Console(width=max(Console().width, 110))
    log = Console(stderr=True)
    table = Table(title="Engine benchmark (one core)")
    table.add_column("game", no_wrap=True)
    for col in ("p", "decisions/s", "actions/s", "games/s", "act/game", "clone µs", "deep µs"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("ratio", justify="right", no_wrap=True)
    for name in args.game or game_names():
        try:
            info = game_class(name).info
        except Exception as e:  # a registered game that does not load yet
            con.print(f"skipping {name}: {type(e).__name__}: {e}")
            continue
        counts = args.players or range(info.min_players, info.max_players + 1)
        for players in counts:
            if not info.min_players <= players <= info.max_players:
                continue
            game = make(name, players=players)
            sp = self_play(game, args.seconds)
            states = mid_game_states(game, args.states, sp["mean_actions"])
            cc = clone_cost(states, args.seconds / 2)
            table.add_row(
                name,
                str(players),
                f"{sp['decisions_s']:,.0f}",
                f"{sp['actions_s']:,.0f}",
                f"{sp['games_s']:,.1f}",
                f"{sp['mean_actions']:.0f}",
                f"{cc['clone_us']:.2f}",
                f"{cc['deepcopy_us']:.1f}",
                f"{cc['ratio']:.0f}x",
            )
            log.print(
                f"{name} {players}p: {sp['decisions_s']:,.0f} decisions/s, "
                f"{sp['games_s']:,.1f} games/s, clone {cc['clone_us']:.2f} µs vs deepcopy "
                f"{cc['deepcopy_us']:.1f} µs ({cc['ratio']:.0f}x)"
            )
    con.print(table)


if __name__ == "__main__":
    main()
