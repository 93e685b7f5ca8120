"""What telling one action to every viewer costs the server, per game.

The server applies each action once, to a copy of the state (``State.clone`` then
``apply_action``), and tells every seat and the spectator of it with
:func:`meeple.core.record.tell_applied`. The games' words for a move include what it brings
about (``Game.describe_aftermath``), which they find by applying the action to another copy
of the state: one more copy per viewer told, and per mover's words compared. This script
plays seeded random games and reports, per action: the copies made while telling it, the
time of the server's own copy and apply, and the time of telling every viewer, both as now
(the games read the server's state after the action) and as before (a copy per viewer),
alternately.

Usage: ``python bench/server_tell.py [--games 20]``. Figures to read, not tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from meeple.core.game import CHANCE, State, sample_chance
from meeple.core.record import _tell, tell_applied
from meeple.core.registry import game_class, game_names, make

#: Copies made since the counter was last set to 0.
COPIES = [0]


def _counting(clone: Callable[[State], State]) -> Callable[[State], State]:
    def counted(state: State) -> State:
        COPIES[0] += 1
        return clone(state)

    return counted


def _copying(before: State, after: State, viewers: list[int | None]) -> None:
    """Telling as it was done before :func:`meeple.core.game.telling`: each viewer's words
    and the mover's, compared with them, found on copies of their own."""
    seat, action = after.history[-1]
    n = len(after.history)
    for viewer in viewers:
        _tell(before, n, seat, action, viewer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    print(
        "| game | actions | copy and apply | telling: copies per action | time "
        "| telling on copies (before): copies | time |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in game_names():
        players = max(game_class(name).info.min_players, args.players)
        game = make(name, players=players)
        state_class = type(game.new_initial_state())
        original = state_class.clone
        viewers: list[int | None] = [*range(players), None]
        actions = 0
        apply_s = 0.0
        spent = {tell_applied: 0.0, _copying: 0.0}
        copies = {tell_applied: 0, _copying: 0}
        for seed in range(args.games):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    seat, action = CHANCE, sample_chance(state, rng)
                else:
                    seat = state.acting_seats()[0]
                    action = rng.choice(state.legal_actions(seat))
                start = time.perf_counter()
                after = state.clone()
                after.apply_action(action, seat)
                apply_s += time.perf_counter() - start
                # the two ways alternately, so a busy machine slows both alike
                ways = [tell_applied, _copying] if actions % 2 else [_copying, tell_applied]
                for way in ways:
                    state_class.clone = _counting(original)
                    COPIES[0] = 0
                    start = time.perf_counter()
                    try:
                        way(state, after, viewers)
                    finally:
                        state_class.clone = original
                    spent[way] += time.perf_counter() - start
                    copies[way] += COPIES[0]
                actions += 1
                state = after
        print(
            f"| {name} ({players} players) | {actions} | {1e6 * apply_s / actions:.0f} µs "
            f"| {copies[tell_applied] / actions:.2f} | {1e6 * spent[tell_applied] / actions:.0f} µs "
            f"| {copies[_copying] / actions:.2f} | {1e6 * spent[_copying] / actions:.0f} µs |",
            flush=True,
        )


if __name__ == "__main__":
    main()
