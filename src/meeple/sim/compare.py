"""Variants of a game compared on the same deals (``meeple compare``).

Each variant (a set of game options: a content directory, ``flag_target``, a difficulty...)
plays the same games: the same seeds, agents and seatings, so game ``i`` of every variant
starts from the same seed and the variants are compared game by game (paired). Every metric
of a game (each agent's score and win share, each seat's win share, decisions, length, the
game's own measures, the share ended at a safety limit, each part of the score) is compared
with the first variant, the baseline: the mean of the paired differences, its 95% Student's t
interval and a paired t-test, flagged only when it survives Holm's correction over every
comparison of the study::

    from meeple.sim.compare import Variant, compare_variants, run_variants

    runs = run_variants("annapurna", 2, ("heuristic",), 40, [
        Variant("defaults", {}), Variant("flag_target=5", {"flag_target": 5})])
    comparison = compare_variants(runs)
    comparison.headlines, comparison.to_html(), comparison.to_json()
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meeple.core.errors import ConfigError
from meeple.sim.report import (
    e,
    figure_html,
    holm,
    mean_interval,
    page_html,
    plain,
    table_html,
    with_slots,
)
from meeple.sim.runner import SimSpec, check_backend, check_simulation
from meeple.sim.stats import t_cdf, win_share

if TYPE_CHECKING:
    import pandas
    from matplotlib.figure import Figure

    from meeple.sim.session import ResultsFile, Run


@dataclass(frozen=True)
class Variant:
    """One version of the game.

    Attributes:
        label: How the comparison names it.
        options: Game options it plays with (on top of the study's common options).
    """

    label: str
    options: dict[str, Any] = field(default_factory=dict)


def run_variants(
    game: str,
    players: int,
    agents: Sequence[str],
    games: int,
    variants: Sequence[Variant],
    seed: int = 0,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    results: Sequence[ResultsFile | None] | None = None,
) -> list[tuple[Variant, Run]]:
    """Play the same games (seeds, agents, seatings) under every variant.

    Args:
        game: Registry name.
        players: Seats per game.
        agents: Agent specs; they rotate over the seats as in ``simulate``.
        games: Games per variant.
        variants: At least two; the first is the baseline.
        seed: Base seed, shared by every variant (the pairing).
        jobs: Worker processes.
        on_progress: Called with the number of games just finished.
        backend: ``"local"`` or ``"ray"`` (one Ray instance serves every variant), with
            ``address`` for an existing cluster.
        results: One results file per variant (:func:`study_results`), or ``None``: each
            variant's games are streamed to its file as they end, and a variant resumed from
            its file plays only the games it had not finished.

    Returns:
        Each variant with its :class:`~meeple.sim.session.Run` (a run stopped early, by
        Ctrl-C say, ends the study: the variants after it are not played).

    Raises:
        ConfigError: for fewer than two variants, two of one label, or a bad game, option or
            agent of any variant (every variant is checked before any game is played).
    """
    from meeple.sim.session import run_games

    if len(variants) < 2:
        raise ConfigError("a comparison needs at least two variants")
    labels = [v.label for v in variants]
    if len(set(labels)) < len(labels):
        raise ConfigError("two variants have one name: name each once")
    specs = study_specs(game, players, agents, games, variants, seed)
    if results is not None and len(results) != len(variants):
        raise ConfigError("a study needs one results file per variant")
    check_variants(variants, specs)
    check_backend(backend)
    out: list[tuple[Variant, Run]] = []
    with contextlib.ExitStack() as stack:
        if backend == "ray":
            from meeple.sim.ray_backend import session

            stack.enter_context(session(jobs, address))
        for k, (v, spec) in enumerate(zip(variants, specs, strict=True)):
            kept = results[k] if results is not None else None
            run = run_games(spec, jobs, kept, on_progress, backend, address)
            out.append((v, run))
            if run.stopped:
                break
    return out


def check_variants(variants: Sequence[Variant], specs: Sequence[SimSpec]) -> None:
    """Check the run of each variant (``specs`` from :func:`study_specs`), in order.

    Raises:
        ConfigError: what :func:`meeple.sim.runner.check_simulation` refuses of the first
            variant it refuses, the message led by ``variant LABEL:``.
    """
    for v, spec in zip(variants, specs, strict=True):
        try:
            check_simulation(spec)
        except ConfigError as err:
            raise ConfigError(f"variant {v.label}: {err}") from None


def study_specs(
    game: str,
    players: int,
    agents: Sequence[str],
    games: int,
    variants: Sequence[Variant],
    seed: int = 0,
) -> list[SimSpec]:
    """The run of each variant: the same game, agents, games and seed (so game ``i`` of
    every variant has the same seed and seating), each with its own options."""
    return [SimSpec(game, players, tuple(agents), games, seed, dict(v.options)) for v in variants]


def study_results(
    directory: str | Path,
    specs: Sequence[SimSpec],
    variants: Sequence[Variant],
    *,
    resume: bool = False,
    force: bool = False,
) -> list[ResultsFile]:
    """Claim one results file per variant in ``directory`` (made if missing), named by the
    variant's place and label (``01-flag_target=3.jsonl``), so a study killed or stopped can
    be resumed: with ``resume`` each variant keeps the games its file (or the partial file
    beside it) holds, checked against its spec (:func:`meeple.sim.session.resume_results`),
    and a variant that had not begun starts afresh.

    Raises:
        ConfigError: for a file that exists (without ``force`` or ``resume``), ``resume``
            with ``force``, a file that cannot be written, or kept games that are not the
            variant's. Files claimed before the refusal are let go (their partial files
            removed).
    """
    from meeple.sim.output import partial_path
    from meeple.sim.session import open_results, resume_results

    if resume and force:
        raise ConfigError("--resume keeps the finished games and --force drops them: give one")
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ConfigError(f"cannot make {str(directory)!r}: {err.strerror or err}") from None
    claimed: list[ResultsFile] = []
    try:
        for k, (v, spec) in enumerate(zip(variants, specs, strict=True), 1):
            name = re.sub(r"[^A-Za-z0-9_.=+-]+", "_", v.label).strip("._") or "variant"
            path = directory / f"{k:02d}-{name[:60]}.jsonl"
            started = path.is_file() or partial_path(path).is_file()
            if resume and started:
                claimed.append(resume_results(path, spec))
            else:
                claimed.append(open_results(path, force=force))
    except BaseException:
        for done in claimed:
            if done.kept:  # a resumed variant's games stay where they were
                done.partial.close()
                continue
            done.partial.done()
            if not done.existed:
                done.path.unlink(missing_ok=True)
        raise
    return claimed


def game_metrics(row: dict[str, Any], labels: Sequence[str]) -> dict[str, float]:
    """The metrics of one game (a row numbered by ``slots``, :func:`with_slots`).

    Returns:
        ``score <agent>`` (mean over its seats), with two seats or more ``win <agent>`` (its
        seats' win shares) and ``win seat <s>``, ``decisions``, ``length``, each numeric
        extra, each safety limit as 0 or 1, and ``part <name>`` (mean over the seats).
    """
    out: dict[str, float] = {}
    players = len(row["agents"])
    winners = row["winners"]
    share = win_share(row)
    by_agent: dict[int, list[float]] = {}
    wins: dict[int, float] = {}
    for seat, slot in enumerate(row["slots"]):
        by_agent.setdefault(slot, []).append(float(row["scores"][seat]))
        wins[slot] = wins.get(slot, 0.0) + (share if seat in winners else 0.0)
    for slot, scores in sorted(by_agent.items()):
        out[f"score {labels[slot]}"] = math.fsum(scores) / len(scores)
    if players > 1:
        for slot in sorted(wins):
            out[f"win {labels[slot]}"] = wins[slot]
        for seat in range(players):
            out[f"win seat {seat}"] = share if seat in winners else 0.0
    out["decisions"] = float(row["decisions"])
    out["length"] = float(row["length"])
    for key, value in sorted((row.get("extras") or {}).items()):
        if isinstance(value, bool):
            if key.endswith("_limit"):
                out[key] = float(value)
        elif isinstance(value, int | float):
            out[key] = float(value)
    parts: dict[str, list[float]] = {}
    for breakdown in row.get("breakdowns") or ():
        for key, value in breakdown.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                parts.setdefault(key, []).append(float(value))
    for key, values in sorted(parts.items()):  # in name order, as a file read back has them
        out[f"part {key}"] = math.fsum(values) / len(values)
    return out


def paired_test(diffs: Sequence[float]) -> tuple[float, float, float, float]:
    """Mean of paired differences, its 95% interval and the two-sided paired t-test.

    Returns:
        ``(mean, low, high, p)``; with no spread the p-value is 1 for a zero mean and 0
        otherwise (every pair moved by the same amount).
    """
    mean, low, high = mean_interval(diffs)
    n = len(diffs)
    if n < 2:
        return (mean, low, high, 1.0)
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        return (mean, low, high, 1.0 if mean == 0 else 0.0)
    t = mean / (sd / math.sqrt(n))
    return (mean, low, high, min(1.0, 2 * (1 - t_cdf(abs(t), n - 1))))


@dataclass
class Comparison:
    """Variants compared with the first.

    Attributes:
        data: JSON-ready: ``game``, ``players``, ``agents``, ``games`` (paired games of each
            comparison), ``variants`` (labels and options), ``means`` (per variant, each
            metric's mean), ``differences`` (one per variant after the first and metric:
            ``variant``, ``metric``, ``baseline``, ``value``, ``difference``, ``low``,
            ``high``, ``p_value``, ``significant``), ``comparisons`` (how many, the family of
            Holm's correction), ``sweep`` (the option swept over, or ``None``) and
            ``headlines``.
    """

    data: dict[str, Any]

    @property
    def headlines(self) -> list[str]:
        return list(self.data["headlines"])

    def flagged(self) -> list[dict[str, Any]]:
        """The differences that survive Holm's correction."""
        return [d for d in self.data["differences"] if d["significant"]]

    def to_json(self) -> str:
        return json.dumps(self.data, indent=2)

    def frame(self) -> pandas.DataFrame:
        """The differences as a pandas DataFrame (:func:`meeple.sim.frame.comparison_frame`).

        Raises:
            ConfigError: when pandas is not installed.
        """
        from meeple.sim.frame import comparison_frame

        return comparison_frame(self)

    def to_html(self) -> str:
        """The whole comparison as one self-contained HTML page: for a sweep, its one table
        and plot, then each value against the first."""
        return _comparison_html(self)

    def to_sweep_html(self) -> str:
        """A sweep's page (``meeple sweep``): its headline findings, one table of every
        metric over the values and one plot.

        Raises:
            ConfigError: for a comparison that is not a sweep.
        """
        if not self.data.get("sweep"):
            raise ConfigError("this comparison sweeps no option")
        return _sweep_page(self)


def compare_rows(
    variants: Sequence[tuple[str, dict[str, Any], Sequence[dict[str, Any]]]],
    sweep: str | None = None,
) -> Comparison:
    """Compare the rows of variants game by game, each with the first.

    Args:
        variants: ``(label, options, rows)`` per variant; rows pair by their ``index`` (the
            game number, which fixes the seed and seating).
        sweep: The option the variants sweep over, one value each (a sweep's report adds
            one table of every metric over the values and one plot).

    Raises:
        ConfigError: for fewer than two variants, or no game every variant played.
    """
    if len(variants) < 2:
        raise ConfigError("a comparison needs at least two variants")
    per: list[dict[int, dict[str, float]]] = []
    agents: list[str] = []
    for _, _, rows in variants:
        numbered, labels = with_slots(rows)
        agents = agents or labels
        per.append(
            {int(r.get("index", i)): game_metrics(r, labels) for i, r in enumerate(numbered)}
        )
    base = per[0]
    differences: list[dict[str, Any]] = []
    means: dict[str, dict[str, float]] = {}
    paired_games = 0
    for (label, _, _), metrics in zip(variants, per, strict=True):
        keys = list(dict.fromkeys(k for m in metrics.values() for k in m))
        means[label] = {
            k: math.fsum(m[k] for m in metrics.values() if k in m)
            / sum(1 for m in metrics.values() if k in m)
            for k in keys
        }
    for (label, _, _), metrics in list(zip(variants, per, strict=True))[1:]:
        common = sorted(set(base) & set(metrics))
        if not common:
            raise ConfigError(f"variant {label} played none of the baseline's games")
        paired_games = len(common) if not paired_games else min(paired_games, len(common))
        keys = [k for k in dict.fromkeys(k for i in common for k in base[i])]
        for key in keys:
            pairs = [
                (base[i][key], metrics[i][key])
                for i in common
                if key in base[i] and key in metrics[i]
            ]
            if not pairs:
                continue
            diff, low, high, p = paired_test([b - a for a, b in pairs])
            differences.append(
                {
                    "variant": label,
                    "metric": key,
                    "games": len(pairs),
                    "baseline": math.fsum(a for a, _ in pairs) / len(pairs),
                    "value": math.fsum(b for _, b in pairs) / len(pairs),
                    "difference": diff,
                    "low": low,
                    "high": high,
                    "p_value": p,
                }
            )
    for d, sig in zip(differences, holm([d["p_value"] for d in differences]), strict=True):
        d["significant"] = sig
    first_rows = variants[0][2]
    data: dict[str, Any] = {
        "game": next((r.get("game_name") for r in first_rows if r.get("game_name")), None),
        "players": len(first_rows[0]["agents"]) if first_rows else 0,
        "agents": agents,
        "games": paired_games,
        "variants": [{"label": label, "options": dict(opts)} for label, opts, _ in variants],
        "means": means,
        "differences": differences,
        "comparisons": len(differences),
        "sweep": sweep,
    }
    data["headlines"] = _sweep_headlines(data) if sweep else _headlines(data)
    return Comparison(data)


def compare_variants(runs: Sequence[tuple[Variant, Run]], sweep: str | None = None) -> Comparison:
    """:func:`compare_rows` of the runs of :func:`run_variants` (``sweep``: the option they
    sweep over)."""
    return compare_rows([(v.label, v.options, run.rows) for v, run in runs], sweep)


def sweep_variants(key: str, values: Sequence[Any]) -> list[Variant]:
    """One variant per value of option ``key``, labelled ``key=value``; the first is the
    baseline.

    Raises:
        ConfigError: for fewer than two values, or one given twice.
    """
    if len(values) < 2:
        raise ConfigError(f"a sweep of {key} needs at least two values")
    labels = [f"{key}={v}" for v in values]
    if len(set(labels)) < len(labels):
        raise ConfigError(f"a sweep of {key} names a value twice")
    return [Variant(label, {key: v}) for label, v in zip(labels, values, strict=True)]


def _p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _headlines(data: dict[str, Any]) -> list[str]:
    base = data["variants"][0]["label"]
    out = []
    for v in data["variants"][1:]:
        label = v["label"]
        flagged = [d for d in data["differences"] if d["variant"] == label and d["significant"]]
        if not flagged:
            out.append(
                f"{label} differs from {base} in no metric beyond chance over "
                f"{data['games']} paired games (Holm's correction over "
                f"{data['comparisons']} comparisons)."
            )
            continue
        for d in sorted(flagged, key=lambda d: d["p_value"]):
            way = "raises" if d["difference"] > 0 else "lowers"
            out.append(
                f"{label} {way} {d['metric']} by {abs(d['difference']):.3g} against {base} "
                f"({d['baseline']:.3g} to {d['value']:.3g}; 95% interval of the difference "
                f"{d['low']:.3g} to {d['high']:.3g}, {_p_text(d['p_value'])})."
            )
    return out


def _sweep_headlines(data: dict[str, Any]) -> list[str]:
    """A sweep's findings: per metric that differs from the first value beyond chance at some
    value (smallest p first), its value at the ends and where it differs; or one sentence
    saying none does."""
    key = data["sweep"]
    labels = [v["label"] for v in data["variants"]]
    values = {label: label.partition("=")[2] for label in labels}
    family = f"Holm's correction over {data['comparisons']} comparisons"
    flagged: dict[str, list[dict[str, Any]]] = {}
    for d in data["differences"]:
        if d["significant"]:
            flagged.setdefault(d["metric"], []).append(d)
    if not flagged:
        return [
            f"No metric differs from {labels[0]} beyond chance at any value of {key} over "
            f"{data['games']} paired games ({family})."
        ]
    out = []
    ranked = sorted(flagged.items(), key=lambda kv: min(d["p_value"] for d in kv[1]))
    for metric, diffs in ranked[:8]:
        means = [data["means"][label].get(metric) for label in labels]
        seen = [m for m in means if m is not None]
        where = ", ".join(values[d["variant"]] for d in diffs)
        best = min(diffs, key=lambda d: d["p_value"])
        out.append(
            f"{metric}: {seen[0]:.3g} at {labels[0]}, {seen[-1]:.3g} at {labels[-1]} "
            f"({min(seen):.3g} to {max(seen):.3g} over the values); it differs from "
            f"{labels[0]} beyond chance at {key} = {where} (clearest at {best['variant']}, "
            f"{best['difference']:+.3g}, 95% interval {best['low']:+.3g} to "
            f"{best['high']:+.3g}, {_p_text(best['p_value'])}; {family})."
        )
    if len(ranked) > 8:
        out.append(f"{len(ranked) - 8} more metrics differ: see the table.")
    return out


def _meta(d: dict[str, Any]) -> str:
    return (
        '<p class="meta">'
        + e(
            f"{d['games']} paired games (the same seeds and seatings in every variant), "
            f"{d['players']} seat{'s' if d['players'] != 1 else ''}, agents "
            f"{', '.join(d['agents'])}"
        )
        + "</p>"
    )


def _sweep_page(c: Comparison) -> str:
    d = c.data
    title = f"{d['game'] or 'Results'}: sweep of {d['sweep']}"
    body = [
        f"<h1>{e(title)}</h1>",
        _meta(d),
        "<h2>Headline findings</h2>",
        '<ul class="headlines">' + "".join(f"<li>{e(h)}</li>" for h in d["headlines"]) + "</ul>",
        *_sweep_html(d),
        "<p>Every value plays the same games as the first (paired); the JSON form of this "
        "page holds each value's differences from the first with their intervals and "
        "p-values.</p>",
    ]
    return page_html(title, body)


def _comparison_html(c: Comparison) -> str:
    d = c.data
    labels = [v["label"] for v in d["variants"]]
    title = f"{d['game'] or 'Results'}: {' vs '.join(labels)}"
    body = [
        f"<h1>{e(title)}</h1>",
        '<p class="meta">'
        + e(
            f"{d['games']} paired games (the same seeds and seatings in every variant), "
            f"{d['players']} seat{'s' if d['players'] != 1 else ''}, agents "
            f"{', '.join(d['agents'])}"
        )
        + "</p>",
        table_html(
            ["variant", "options"],
            [
                [
                    v["label"],
                    ", ".join(f"{k}={x}" for k, x in sorted(v["options"].items())) or "defaults",
                ]
                for v in d["variants"]
            ],
        ),
        "<h2>Headline findings</h2>",
        '<ul class="headlines">' + "".join(f"<li>{e(h)}</li>" for h in d["headlines"]) + "</ul>",
        "<p>Each difference is the mean over paired games of the variant's value less the "
        f"baseline's ({e(labels[0])}), with its 95% interval and a paired t-test; "
        '<span class="flag">significant</span> differences survive Holm\'s correction over '
        f"all {d['comparisons']} comparisons.</p>",
    ]
    if d.get("sweep"):
        body.extend(_sweep_html(d))
    for label in labels[1:]:
        rows = [x for x in d["differences"] if x["variant"] == label]
        body.append(f"<h2>{e(label)} against {e(labels[0])}</h2>")
        body.append(
            table_html(
                ["metric", "games", labels[0], label, "difference", "95% interval", "p", "flag"],
                [
                    [
                        x["metric"],
                        x["games"],
                        f"{x['baseline']:.3f}",
                        f"{x['value']:.3f}",
                        f"{x['difference']:+.3f}",
                        f"{x['low']:+.3f} to {x['high']:+.3f}",
                        f"{x['p_value']:.4f}",
                        "significant" if x["significant"] else "",
                    ]
                    for x in rows
                ],
            )
        )
        if rows:
            body.append(
                figure_html(
                    functools.partial(_forest_plot, rows=rows),
                    f"differences of {label}",
                    (8, max(2.5, 0.3 * len(rows) + 1)),
                )
            )
    return page_html(title, body)


def _sweep_html(d: dict[str, Any]) -> list[str]:
    """A sweep's one table (every metric's mean at each value; a star marks a difference
    from the baseline that survives Holm's correction) and one plot."""
    labels = [v["label"] for v in d["variants"]]
    key = d["sweep"]
    flagged = {(x["variant"], x["metric"]) for x in d["differences"] if x["significant"]}
    metrics = list(dict.fromkeys(m for means in d["means"].values() for m in means))

    def cell(label: str, metric: str) -> str:
        value = d["means"][label].get(metric)
        if value is None:
            return "-"
        return f"{value:.3f}" + (" *" if (label, metric) in flagged else "")

    values = [label.partition("=")[2] for label in labels]
    table = table_html(
        ["metric", *(f"{key}={v}" for v in values)],
        [[m, *(cell(label, m) for label in labels)] for m in metrics],
    )
    shown = [m for m in metrics if any((label, m) in flagged for label in labels)][:6]
    shown = shown or metrics[:6]
    return [
        f"<h2>Sweep of {e(key)}</h2>",
        "<p>The mean of every metric at each value; * marks a difference from the first "
        f"value ({e(values[0])}) that survives Holm's correction over all "
        f"{d['comparisons']} comparisons. The plot shows "
        + ("the flagged metrics" if any(m in shown for _, m in flagged) else "the first metrics")
        + ", each relative to its value at the first.</p>",
        table,
        figure_html(
            functools.partial(_sweep_plot, d=d, metrics=shown, values=values),
            f"metrics over {key}",
        ),
    ]


def _sweep_plot(fig: Figure, d: dict[str, Any], metrics: list[str], values: list[str]) -> None:
    ax = fig.subplots()
    labels = [v["label"] for v in d["variants"]]
    xs = list(range(len(labels)))
    for metric in metrics:
        ys = [d["means"][label].get(metric) for label in labels]
        base = ys[0] if ys[0] else 1.0
        ax.plot(
            xs,
            [float("nan") if y is None else 100 * y / abs(base) for y in ys],
            marker="o",
            label=plain(metric),
        )
    ax.set_xticks(xs, [plain(v) for v in values])
    ax.set_xlabel(plain(d["sweep"]))
    ax.set_ylabel("% of the value at the first")
    ax.legend(fontsize="small")


def _forest_plot(fig: Figure, rows: list[dict[str, Any]]) -> None:
    """Each difference relative to the baseline's value (or as is, from a zero baseline),
    with its interval; flagged ones in red."""
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    for y, x in zip(ys, rows, strict=True):
        scale = abs(x["baseline"]) or 1.0
        colour = "tab:red" if x["significant"] else "tab:gray"
        ax.errorbar(
            100 * x["difference"] / scale,
            y,
            xerr=[
                [100 * (x["difference"] - x["low"]) / scale],
                [100 * (x["high"] - x["difference"]) / scale],
            ],
            fmt="o",
            color=colour,
            capsize=3,
        )
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(ys, [plain(x["metric"]) for x in rows], fontsize="small")
    ax.set_xlabel("difference, % of the baseline's value (red: significant)")


__all__ = [
    "Comparison",
    "Variant",
    "check_variants",
    "compare_rows",
    "compare_variants",
    "game_metrics",
    "paired_test",
    "run_variants",
    "study_results",
    "study_specs",
    "sweep_variants",
]
