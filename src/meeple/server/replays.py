"""Finished games kept as what each viewer saw, so they replay whatever rules are installed.

A game is replayed from its actions under the rules it was played under; once the installed
rules are another version, that is no longer possible. So when a game ends, the server walks
its record once and keeps, for every seat and the spectator, what the replay viewer shows
after each action: the viewer's observation, who acts, the sealed node and who has chosen
there, the result at the end, and the viewer's log (each step shows its first entries). One
row per viewer, its log and frames as JSON lines compressed by zlib (``replay_views``,
migration 0003).

The game is over, so nothing here is secret any more; still each viewer's frames are only
what :meth:`State.observe` and :func:`meeple.core.record.tell_applied` give that viewer, the
same as the replay computed from the record (tested step by step, byte for byte).
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from meeple.core.game import CHANCE, SIMULTANEOUS, State
from meeple.core.record import GameRecord, apply_recorded, tell_applied
from meeple.core.registry import make

#: The key of the spectator's row (seats are 0..n-1).
SPECTATOR = -1
#: zlib's level: the frames of one viewer are written once and read many times.
LEVEL = 9


def viewer_key(viewer: int | None) -> int:
    """The stored key of ``viewer``: the seat, or :data:`SPECTATOR` for ``None``."""
    return SPECTATOR if viewer is None else viewer


def next_chosen(before: State, after: State, seat: int, chosen: set[int]) -> set[int]:
    """Who has committed at the sealed node once ``seat``'s action led from ``before`` to
    ``after``: the seat joins ``chosen`` at a sealed node; the set empties when the node
    resolves, a new sealed node begins, or the action was not a sealed choice."""
    if seat == CHANCE or before.current_player() != SIMULTANEOUS:
        return set()
    if after.current_player() != SIMULTANEOUS or seat in after.acting_seats():
        return set()
    return chosen | {seat}


def frame(state: State, viewer: int | None, chosen: set[int]) -> dict[str, Any]:
    """What the replay viewer shows ``viewer`` of ``state``, the log aside.

    Returns:
        ``{"observation", "legal", "to_act", "sealed", "chosen", "result"}`` as a view has
        them; ``legal`` is empty (a replay offers no moves).
    """
    sealed = state.current_player() == SIMULTANEOUS
    return {
        "observation": state.observe(viewer),
        "legal": [],
        "to_act": list(state.acting_seats()),
        "sealed": sealed,
        "chosen": sorted(chosen) if sealed else [],
        "result": state.result().to_dict() if state.is_terminal() else None,
    }


def position(record: GameRecord, upto: int) -> tuple[State, set[int]]:
    """The state after the first ``upto`` actions of ``record`` (installed rules) and who has
    committed at its sealed node, as the game had them then."""
    state = make(record.game, **record.config).new_initial_state()
    chosen: set[int] = set()
    for n, (seat, text) in enumerate(record.actions[:upto]):
        after = state.clone()
        apply_recorded(after, n, seat, text)
        chosen = next_chosen(state, after, seat, chosen)
        state = after
    return state, chosen


def build(record_json: str) -> dict[int, bytes]:
    """Every viewer's frames of a finished game, compressed; run in a worker process.

    Args:
        record_json: The game's :class:`GameRecord` as JSON, under the installed rules.

    Returns:
        Viewer key (:func:`viewer_key`) -> the viewer's row (:func:`pack`): its frames after
        0, 1, ... n actions and its log, ``{"number", "seat", "move", "told", "sealed"}``
        per action.

    Raises:
        ConfigError, IllegalActionError: for a record the installed rules cannot replay.
    """
    record = GameRecord.from_json(record_json)
    game = make(record.game, **record.config)
    state = game.new_initial_state()
    viewers: list[int | None] = [*range(game.num_players), None]
    frames: dict[int | None, list[dict[str, Any]]] = {v: [frame(state, v, set())] for v in viewers}
    logs: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
    chosen: set[int] = set()
    for n, (seat, text) in enumerate(record.actions):
        after = state.clone()
        apply_recorded(after, n, seat, text)
        for v, entry in zip(viewers, tell_applied(state, after, viewers), strict=True):
            logs[v].append(
                {
                    "number": entry.number,
                    "seat": entry.seat,
                    "move": entry.move,
                    "told": entry.told,
                    "sealed": entry.sealed,
                }
            )
        chosen = next_chosen(state, after, seat, chosen)
        state = after
        for v in viewers:
            frames[v].append(frame(state, v, chosen))
    return {viewer_key(v): pack(frames[v], logs[v]) for v in viewers}


def pack(frames: list[dict[str, Any]], log: list[dict[str, Any]]) -> bytes:
    """One viewer's frames and log as stored: JSON lines (the log, then one frame per step;
    compact JSON holds no raw newline), compressed, so a step is read without parsing the
    others."""
    lines = [json.dumps(x, separators=(",", ":"), sort_keys=True) for x in (log, *frames)]
    return zlib.compress("\n".join(lines).encode(), LEVEL)


def read(blob: bytes, step: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The frame after ``step`` actions and the log's first ``step`` entries, from a row
    :func:`pack` made.

    Raises:
        ValueError: for bytes that are not a stored replay, or a step it does not have.
    """
    try:
        lines = zlib.decompress(blob).split(b"\n")
    except zlib.error as e:
        raise ValueError(f"not a stored replay: {e}") from None
    if not 0 <= step < len(lines) - 1:
        raise ValueError(f"a stored replay of {len(lines) - 2} steps has no step {step}")
    return json.loads(lines[step + 1]), json.loads(lines[0])[:step]
