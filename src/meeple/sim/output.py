"""Writing per-game simulation results as CSV or JSON Lines."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from meeple.core.errors import ConfigError


def _cell(value: Any) -> Any:
    return value if isinstance(value, str | int | float) or value is None else json.dumps(value)


def _json_line(row: dict[str, Any]) -> str:
    return json.dumps(row, sort_keys=True) + "\n"


def write_results(rows: Sequence[dict[str, Any]], path: str | Path, players: int) -> Path:
    """Write one line per game to ``path`` (``.csv`` or ``.jsonl``).

    CSV columns: ``game, seed, run_seed, version, options`` (JSON), ``decisions, length,
    winners`` (``;``-separated), then per seat
    ``seatN_agent, seatN_score, seatN_rank`` and ``seatN_breakdown_<part>`` for every part of
    the score's breakdown, then ``extra_<key>`` for every extra. JSON Lines: the rows as
    :func:`meeple.sim.runner.play_one` returns them (``index`` is the CSV's ``game``).

    Raises:
        ConfigError: for another file suffix.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ConfigError(f"results file must end in .csv or .jsonl, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".jsonl":
        with path.open("w") as f:
            f.writelines(_json_line(row) for row in rows)
        return path
    keys = sorted({k for row in rows for k in row["extras"]})
    parts = list(dict.fromkeys(k for row in rows for b in row.get("breakdowns", ()) for k in b))
    header = ["game", "seed", "run_seed", "version", "options", "decisions", "length", "winners"]
    for s in range(players):
        header += [f"seat{s}_agent", f"seat{s}_score", f"seat{s}_rank"]
        header += [f"seat{s}_breakdown_{k}" for k in parts]
    header += [f"extra_{k}" for k in keys]
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for row in rows:
            line = [
                row["index"],
                row["seed"],
                row.get("run_seed"),
                row.get("version"),
                json.dumps(row.get("options", {}), sort_keys=True),
                row["decisions"],
                row["length"],
                ";".join(map(str, row["winners"])),
            ]
            for s in range(players):
                line += [row["agents"][s], row["scores"][s], row["ranks"][s]]
                breakdown = row["breakdowns"][s] if row.get("breakdowns") else {}
                line += [_cell(breakdown.get(k)) for k in parts]
            line += [_cell(row["extras"].get(k)) for k in keys]
            w.writerow(line)
    return path


def partial_path(path: str | Path) -> Path:
    """Where a run streams its finished games before ``path`` is written: ``path`` with
    ``.partial.jsonl`` added (``results.csv.partial.jsonl``)."""
    path = Path(path)
    return path.with_name(path.name + ".partial.jsonl")


class PartialResults:
    """Appends each finished game's row to :func:`partial_path` as it comes, one JSON line
    flushed at once, so a run killed outright (``kill -9``, out of memory) still leaves every
    finished game on disk; :meth:`done` removes the file once the results are written whole.

    Raises:
        OSError: when the file cannot be created or written.
    """

    def __init__(self, path: str | Path):
        self.path = partial_path(path)
        self._file = self.path.open("w")

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        """Write ``rows`` (in the order they finished)."""
        self._file.writelines(_json_line(row) for row in rows)
        self._file.flush()

    def done(self) -> None:
        """Close and remove the file (the full results are written)."""
        self._file.close()
        self.path.unlink(missing_ok=True)
