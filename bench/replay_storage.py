"""Storage of a finished game's kept replay views, per game and player count.

Plays ``--games`` seeded games of each registered game and player count with ``easy`` bots
in every seat (as :func:`meeple.core.driver.play_game` does), keeps each game's replay views
as the server does when a game ends (:func:`meeple.server.replays.build`: every seat's and
the spectator's frames after each action, zlib-compressed JSON), and reports the bytes
stored per game (the ``data`` column of its ``replay_views`` rows), the JSON before
compression, the actions per game, the time to build them, and the time to read one step of
one viewer's row back (the mean over steps spread through the game).

Usage: ``python bench/replay_storage.py [--games 5] [--game NAME]``. Figures to read, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import time
import zlib

from meeple.agents.base import make_agent
from meeple.core.driver import play_game
from meeple.core.registry import game_class, game_names, make
from meeple.server import replays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per game and player count")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--level", default="easy", help="the bots' level in every seat")
    args = parser.parse_args()
    print(
        "| game | players | actions | stored per game (bytes) | JSON before compression "
        "| build | read one step |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.game or game_names():
        info = game_class(name).info
        for players in range(info.min_players, info.max_players + 1):
            game = make(name, players=players)
            stored, raw, actions, build_s, read_s = [], [], [], [], []
            for seed in range(args.games):
                agents = [make_agent(args.level, game) for _ in range(players)]
                _, record = play_game(game, agents, seed=seed)
                start = time.perf_counter()
                packed = replays.build(record.to_json())
                build_s.append(time.perf_counter() - start)
                steps = range(0, len(record.actions) + 1, max(1, len(record.actions) // 10))
                start = time.perf_counter()
                for step in steps:
                    replays.read(packed[replays.SPECTATOR], step)
                read_s.append((time.perf_counter() - start) / len(steps))
                stored.append(sum(len(blob) for blob in packed.values()))
                raw.append(sum(len(zlib.decompress(blob)) for blob in packed.values()))
                actions.append(len(record.actions))
            print(
                f"| {name} | {players} | {statistics.mean(actions):.0f} "
                f"| {statistics.mean(stored):,.0f} (max {max(stored):,}) "
                f"| {statistics.mean(raw):,.0f} | {statistics.mean(build_s):.2f} s "
                f"| {1000 * statistics.mean(read_s):.0f} ms |",
                flush=True,
            )


if __name__ == "__main__":
    main()
