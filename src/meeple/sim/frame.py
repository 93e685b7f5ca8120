"""A run's results as a pandas DataFrame, for a notebook (pandas: the optional extra
``meeple[frames]``).

One row per seat of each game (a seat-game), so ``groupby("agent")`` or ``groupby("seat")``
give the tables ``simulate`` prints::

    from meeple.sim import SimSpec, results_frame, run_games

    run = run_games(SimSpec("peach-festival", 2, ("greedy", "random"), games=20))
    frame = results_frame(run)            # or results_frame("pf.csv"), or a list of rows
    frame.groupby("agent")["won"].mean()  # each agent's win rate (ties share the win)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meeple.core.errors import ConfigError
from meeple.sim.stats import win_share

if TYPE_CHECKING:
    import pandas

    from meeple.sim.session import Run

#: The columns every frame has, in order; ``part_<name>`` (each score part), ``extra_<name>``
#: (each of the game's own measures) and ``elements`` follow.
COLUMNS = (
    "game",
    "seed",
    "seat",
    "agent",
    "score",
    "rank",
    "won",
    "decisions",
    "length",
)


def results_frame(source: str | Path | Run | Sequence[dict[str, Any]]) -> pandas.DataFrame:
    """The seat-games of a run as a DataFrame.

    Args:
        source: A results file (``.csv``, ``.jsonl`` or ``.partial.jsonl``), a
            :class:`~meeple.sim.session.Run`, or result rows.

    Returns:
        One row per seat of each game, in game then seat order: :data:`COLUMNS` (``game`` is
        the game's index in the run, ``won`` the seat's share of the win: 1, a tie's share,
        or 0; 1 for every seat of a cooperative team that won), then ``part_<name>`` per score part, ``extra_<name>`` per measure of the game
        (the same for every seat of a game) and ``elements`` (the seat's element names, a
        list).

    Raises:
        ConfigError: when pandas is not installed, and whatever
            :func:`meeple.sim.output.read_results` refuses in a file.
        OSError: when the file cannot be read.
    """
    try:
        import pandas
    except ImportError:
        raise ConfigError("results_frame needs pandas: pip install 'meeple[frames]'") from None
    from meeple.sim.output import read_results

    if isinstance(source, str | Path):
        rows: Sequence[dict[str, Any]] = read_results(source)
    elif hasattr(source, "rows"):
        rows = source.rows
    else:
        rows = source
    records = []
    for k, row in enumerate(rows):
        winners = row["winners"]
        share = win_share(row)  # a cooperative team's every seat wins whole
        held = row.get("elements") or [[] for _ in row["agents"]]
        parts = row.get("breakdowns") or [{} for _ in row["agents"]]
        for seat, agent in enumerate(row["agents"]):
            record: dict[str, Any] = {
                "game": row.get("index", k),
                "seed": row["seed"],
                "seat": seat,
                "agent": agent,
                "score": row["scores"][seat],
                "rank": row["ranks"][seat],
                "won": share if seat in winners else 0.0,
                "decisions": row["decisions"],
                "length": row["length"],
            }
            record |= {f"part_{key}": value for key, value in parts[seat].items()}
            record |= {f"extra_{key}": value for key, value in (row.get("extras") or {}).items()}
            record["elements"] = list(held[seat])
            records.append(record)
    return pandas.DataFrame.from_records(records, columns=_columns(records))


def _columns(records: list[dict[str, Any]]) -> list[str]:
    """:data:`COLUMNS`, then every other key in the order first seen (``elements`` last)."""
    rest = dict.fromkeys(k for r in records for k in r if k not in COLUMNS and k != "elements")
    return [*COLUMNS, *rest, "elements"]


def comparison_frame(comparison: Any) -> pandas.DataFrame:
    """The differences of a comparison or sweep (:class:`meeple.sim.compare.Comparison`) as a
    DataFrame: one row per variant after the first and metric, with the columns
    ``variant, metric, games, baseline, value, difference, low, high, p_value, significant``.

    Raises:
        ConfigError: when pandas is not installed.
    """
    try:
        import pandas
    except ImportError:
        raise ConfigError("comparison_frame needs pandas: pip install 'meeple[frames]'") from None
    columns = list(DIFFERENCE_COLUMNS)
    return pandas.DataFrame.from_records(
        [{k: d[k] for k in columns} for d in comparison.data["differences"]], columns=columns
    )


#: The columns of :func:`comparison_frame`.
DIFFERENCE_COLUMNS = (
    "variant",
    "metric",
    "games",
    "baseline",
    "value",
    "difference",
    "low",
    "high",
    "p_value",
    "significant",
)


__all__ = ["COLUMNS", "DIFFERENCE_COLUMNS", "comparison_frame", "results_frame"]
