"""Golden playthroughs: a seeded game written as text, so behaviour changes show up as diffs.

Regenerate after an intended rules change with ``MEEPLE_UPDATE_GOLDEN=1 make test``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from meeple.core.driver import play_game
from meeple.core.game import CHANCE, Game


def playthrough(game: Game, agents: Sequence, seed: int) -> str:
    """The text of a seeded game: one line per action (who, notation, sentence), then the result.

    The sentence is the log's, as the mover is told it (:meth:`Game.describe_move_for`; a
    chance outcome by :meth:`Game.describe_action`, which names it in full)."""
    lines = [f"# {game.info.name} {game.info.version} {json.dumps(game.config, sort_keys=True)}"]
    lines.append(f"# agents {[a.name for a in agents]} seed {seed}")

    def log(state, seat, action):
        who = "chance" if seat == CHANCE else f"seat {seat}"
        words = (
            game.describe_action(action)
            if seat == CHANCE
            else game.describe_move_for(state, seat, action, seat)
        )
        lines.append(f"{state.move_number():4d} {who:8s} {action.text:18s} {words}")

    state, _ = play_game(game, agents, seed=seed, on_step=log)
    lines.append("# result " + json.dumps(state.result().to_dict(), sort_keys=True))
    return "\n".join(lines) + "\n"


def check_golden(path: str | Path, text: str) -> None:
    """Compare ``text`` with the golden file (or write it when ``MEEPLE_UPDATE_GOLDEN`` is set).

    Raises:
        AssertionError: with a unified diff when they differ.
    """
    path = Path(path)
    if os.environ.get("MEEPLE_UPDATE_GOLDEN") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return
    expected = path.read_text()
    if expected != text:
        import difflib

        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), str(path), "now", n=2
            )
        )
        raise AssertionError(f"playthrough differs from {path.name}:\n{diff[:6000]}")
