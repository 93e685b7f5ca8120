"""A balance guard: a run's metrics against a saved baseline's (``meeple check``).

The metrics are those of the run's report (:func:`meeple.sim.report.build_report`): each
seat's win rate (``win seat <s>``), each agent's mean score (``score <agent>``), the mean of
decisions, length and each of the game's own measures, and the share of games ended at each
safety limit. A metric moved beyond its tolerance when ``|run - baseline|`` exceeds it: by
default 0.05 for a rate or share, and 10% of the baseline's value (at least 0.5) otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core.errors import ConfigError
from meeple.sim.report import build_report

#: Default tolerance of a rate or a share (win rates, safety limit shares).
RATE_TOLERANCE = 0.05
#: Default tolerance of any other metric, relative to the baseline's value.
RELATIVE_TOLERANCE = 0.10


def report_metrics(rows: Sequence[dict[str, Any]]) -> dict[str, tuple[float, bool]]:
    """Metric name -> (value, whether it is a rate) of result rows.

    Raises:
        ConfigError: as :func:`build_report`.
    """
    d = build_report(rows).data
    out: dict[str, tuple[float, bool]] = {}
    for s in d["seats"]:
        out[f"win {s['label']}"] = (s["win_rate"], True)
    for a in d["agent_lines"]:
        out[f"score {a['label']}"] = (a["mean"], False)
    for k, m in d["measures"].items():
        out[k] = (m["mean"], False)
    for k, v in d["safety_limits"].items():
        out[k] = (v["share"], True)
    return out


def check_run(
    rows: Sequence[dict[str, Any]],
    baseline: Sequence[dict[str, Any]],
    tolerances: Mapping[str, float] | None = None,
) -> list[dict[str, Any]]:
    """Every metric of ``rows`` against ``baseline``.

    Args:
        rows: The run's result rows.
        baseline: The baseline's result rows (of the same game and seats).
        tolerances: Metric name -> absolute tolerance, replacing the default.

    Returns:
        One entry per metric of the baseline: ``metric``, ``baseline``, ``value`` (``None``
        when the run lacks it), ``tolerance`` and ``moved`` (beyond the tolerance, or lacking).

    Raises:
        ConfigError: for rows of other games or seats, or a tolerance of a metric neither has.
    """
    run, base = report_metrics(rows), report_metrics(baseline)
    games = {r.get("game_name") for r in [*rows, *baseline]} - {None}
    if len(games) > 1:
        raise ConfigError(
            f"the run and the baseline are of different games: {', '.join(sorted(str(g) for g in games))}"
        )
    tolerances = dict(tolerances or {})
    unknown = sorted(set(tolerances) - set(base) - set(run))
    if unknown:
        raise ConfigError(f"no metric {unknown[0]!r}; known: {', '.join(base)}")
    out = []
    for metric, (b, is_rate) in base.items():
        tol = tolerances.get(
            metric, RATE_TOLERANCE if is_rate else max(0.5, RELATIVE_TOLERANCE * abs(b))
        )
        value = run.get(metric, (None, is_rate))[0]
        moved = value is None or abs(value - b) > tol
        out.append(
            {"metric": metric, "baseline": b, "value": value, "tolerance": tol, "moved": moved}
        )
    return out
