"""What a run plays when it is not told, and what it warns about when it ends.

A game reports in its result ``extras`` a boolean whose name ends in ``_limit`` when a game
ended at a safety limit instead of by its rules' own end (The Peach Festival's
``round_limit``, ruling PF-R35): such games say little about the agents, so drivers warn about
them (:func:`safety_limits`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from meeple.core.registry import game_spec


def default_agents(game: str) -> list[str]:
    """The agents a run plays when none are named: the game's heuristic agent (the first
    agent of its registry entry), or ``random`` for a game registered without agents.

    Args:
        game: Registry name or alias.

    Returns:
        One agent spec, in a list (it then rotates over every seat).

    Raises:
        ConfigError: for an unknown game.
    """
    agents = list(game_spec(game).agents)
    return [agents[0]] if agents else ["random"]


def safety_limits(rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    """How many games ended at each safety limit.

    Args:
        rows: Result rows (:func:`meeple.sim.runner.play_one`, or read back from a file).

    Returns:
        Limit name (an ``extras`` key ending in ``_limit``) -> games whose value is true, for
        the limits some game reached, in name order.
    """
    counts: dict[str, int] = {}
    for row in rows:
        for key, value in (row.get("extras") or {}).items():
            if key.endswith("_limit") and value is True:
                counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def limit_warning(rows: list[dict[str, Any]]) -> str | None:
    """One sentence naming how many games ended at a safety limit, or ``None`` if none did
    (e.g. ``"12 of 40 games (30.0%) ended at a safety limit (round_limit), not by the rules'
    own end: their scores say little about the agents"``)."""
    counts = safety_limits(rows)
    if not counts:
        return None
    ended = sum(
        1
        for row in rows
        if any(k.endswith("_limit") and v is True for k, v in (row.get("extras") or {}).items())
    )
    share = 100 * ended / len(rows)
    names = ", ".join(counts)
    return (
        f"{ended} of {len(rows)} game{'s' if len(rows) != 1 else ''} ({share:.1f}%) ended at a "
        f"safety limit ({names}), not by the rules' own end: their scores say little about "
        "the agents"
    )
