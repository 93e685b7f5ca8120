"""Balance reports of a run: headline findings in sentences, then seat advantage with 95%
intervals, score distributions, score breakdowns, game length and the game's own measures
with the share of games ended by a safety limit (``meeple report``).

A report is built from result rows (a run's, or read back from its results file) and written
either as one self-contained HTML page (plots embedded as base64 PNG, no script, no external
reference: it opens offline) or as JSON for tools::

    from meeple.sim.output import read_results
    from meeple.sim.report import build_report

    report = build_report(read_results("pf.csv"), source="pf.csv")
    report.headlines              # the findings, in sentences
    Path("pf.html").write_text(report.to_html())

Every text that comes from a file (agent labels, options, score parts, game names) is escaped
in the HTML, and drawn in the plots as plain text.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from meeple.core.errors import ConfigError
from meeple.sim.defaults import safety_limits
from meeple.sim.elements import FDR, MIN_SEAT_GAMES, element_strength
from meeple.sim.stats import Line, binomial_p_value, summarize, t_quantile, wilson_interval

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Significance level of the report's tests, before the Holm correction over a family.
ALPHA = 0.05


# -- statistics ---------------------------------------------------------------------------------
def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean of ``xs`` and the 95% Student's t interval of it: ``(mean, low, high)``; the
    interval is the mean itself for fewer than two values or no spread."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = math.fsum(xs) / n
    if n < 2:
        return (m, m, m)
    sd = math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (n - 1))
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return (m, m - half, m + half)


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Which of a family of tests survive the Holm-Bonferroni correction at ``alpha``
    (the family-wise error rate), in the order given."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    keep = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        keep[i] = True
    return keep


def with_slots(rows: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Rows numbered by agent (``slots``) in order of the agents' first appearance, and the
    agents' labels: rows read back from a CSV file carry the seats' agent labels only."""
    labels: dict[str, int] = {}
    out = []
    for row in rows:
        for label in row["agents"]:
            labels.setdefault(label, len(labels))
        out.append({**row, "slots": [labels[a] for a in row["agents"]]})
    return out, list(labels)


def _spread(xs: Sequence[float]) -> dict[str, float]:
    import statistics

    xs = sorted(xs)
    cuts = statistics.quantiles(xs, n=10, method="inclusive") if len(xs) > 1 else [xs[0]] * 9
    mean, low, high = mean_interval(xs)
    return {
        "mean": mean,
        "mean_low": low,
        "mean_high": high,
        "min": xs[0],
        "p10": cuts[0],
        "median": cuts[4],
        "p90": cuts[8],
        "max": xs[-1],
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


# -- the report ---------------------------------------------------------------------------------
@dataclass
class Report:
    """A run's balance report.

    Attributes:
        data: Everything the report says, as JSON-ready values: ``game``, ``version``,
            ``options``, ``games``, ``players``, ``agents`` (labels), ``source``,
            ``headlines`` (sentences), ``seats`` (win rate, 95% interval, expected rate,
            exact binomial p-value and whether it survives Holm's correction over the seats),
            ``agent_lines``, ``scores`` (each agent's score spread), ``breakdowns`` (each
            agent's mean score parts), ``measures`` (decisions, length and each numeric extra:
            mean with its 95% interval, least, 10th percentile, median, 90th, greatest) and
            ``safety_limits`` (games and share ended at each limit), ``elements`` (the
            strength of each element, :func:`meeple.sim.elements.element_strength`),
            ``cooperative`` (every game was a cooperative team's, whose seats are then not
            tested) and, for a cooperative team, ``team`` (``games``, ``wins``,
            ``win_rate`` and its 95% interval ``low``/``high``).
        rows: The rows it was built from (for the plots; not part of :meth:`to_json`).
    """

    data: dict[str, Any]
    rows: list[dict[str, Any]] = field(repr=False)

    @property
    def headlines(self) -> list[str]:
        return list(self.data["headlines"])

    def to_json(self) -> str:
        """The report as JSON (``data``), indented."""
        return json.dumps(self.data, indent=2, sort_keys=False)

    def to_html(self) -> str:
        """The report as one self-contained HTML page (needs matplotlib for the plots)."""
        return _report_html(self)


def build_report(rows: Sequence[dict[str, Any]], source: str | None = None) -> Report:
    """Build the report of result rows of one game.

    Args:
        rows: Result rows (:func:`meeple.sim.runner.play_one`, or :func:`read_results`).
        source: Where the rows came from (a file name), shown in the report.

    Returns:
        The :class:`Report`.

    Raises:
        ConfigError: for no rows, or rows of several games or seat counts.
    """
    if not rows:
        raise ConfigError("no games to report: the results are empty")
    names = sorted({str(r.get("game_name")) for r in rows if r.get("game_name")})
    if len(names) > 1:
        raise ConfigError(f"the results mix games ({', '.join(names)}): report one at a time")
    players = {len(r["agents"]) for r in rows}
    if len(players) > 1:
        raise ConfigError("the results mix seat counts: report one at a time")
    (n_players,) = players
    counted, labels = with_slots(rows)
    summary = summarize(counted, labels, n_players)
    n = len(counted)
    data: dict[str, Any] = {
        "game": names[0] if names else None,
        "version": sorted({str(r["version"]) for r in rows if r.get("version")}),
        "options": dict(sorted((rows[0].get("options") or {}).items())),
        "games": n,
        "players": n_players,
        "agents": labels,
        "source": source,
    }
    expected = 1 / n_players
    seats = []
    # a cooperative team wins or loses whole (ruling AN-R45): no seat advantage to test
    team = all(r.get("cooperative") for r in rows)
    data["cooperative"] = team
    if team:
        won = sum(1 for r in rows if r["winners"])
        low, high = wilson_interval(won, n)
        data["team"] = {"games": n, "wins": won, "win_rate": won / n, "low": low, "high": high}
    elif n_players > 1:
        ps = [binomial_p_value(s.wins, s.n, expected) for s in summary.seats]
        keep = holm(ps)
        for s, p, sig in zip(summary.seats, ps, keep, strict=True):
            seats.append(_line_data(s) | {"expected": expected, "p_value": p, "significant": sig})
    data["seats"] = seats
    scores: dict[str, list[float]] = {label: [] for label in labels}
    for row in counted:
        for slot, score in zip(row["slots"], row["scores"], strict=True):
            scores[labels[slot]].append(float(score))
    data["agent_lines"] = [
        _line_data(a) | {"score": _spread(scores[a.label])} for a in summary.agents
    ]
    data["scores"] = {label: _spread(xs) for label, xs in scores.items() if xs}
    data["breakdowns"] = summary.breakdowns
    measures: dict[str, list[float]] = {
        "decisions": [float(r["decisions"]) for r in rows],
        "length": [float(r["length"]) for r in rows],
    }
    limit_names: set[str] = set()
    for row in rows:
        for key, value in (row.get("extras") or {}).items():
            if key.endswith("_limit"):
                limit_names.add(key)
            elif isinstance(value, int | float) and not isinstance(value, bool):
                measures.setdefault(key, []).append(float(value))
    data["measures"] = {k: _spread(v) | {"games": len(v)} for k, v in measures.items()}
    counts = safety_limits(rows)
    data["safety_limits"] = {
        k: {"games": counts.get(k, 0), "share": counts.get(k, 0) / n} for k in sorted(limit_names)
    }
    data["elements"] = element_strength(rows)
    data["headlines"] = _headlines(data)
    return Report(data, counted)


def _line_data(x: Line) -> dict[str, Any]:
    return {
        "label": x.label,
        "n": x.n,
        "mean": x.mean,
        "std": x.std,
        "wins": x.wins,
        "win_rate": x.win_rate,
        "low": x.low,
        "high": x.high,
        "mean_rank": x.mean_rank,
    }


def _headlines(data: dict[str, Any]) -> list[str]:
    """The findings first, in sentences."""
    out = []
    seats = data["seats"]
    if data.get("team"):
        t = data["team"]
        out.append(
            f"The team wins {_pct(t['win_rate'])} of its {t['games']} games (95% interval "
            f"{_pct(t['low'])} to {_pct(t['high'])}); its climbers win or lose together."
        )
    if seats:
        top = min(seats, key=lambda s: s["p_value"])
        sentence = (
            f"{top['label']} wins {_pct(top['win_rate'])} of games against "
            f"{_pct(top['expected'])} expected (95% interval {_pct(top['low'])} to "
            f"{_pct(top['high'])}), {_p_text(top['p_value'])}"
        )
        if top["significant"]:
            sentence += (
                f": a seat {'advantage' if top['win_rate'] > top['expected'] else 'handicap'} "
                f"that survives Holm's correction over the {len(seats)} seats."
            )
        else:
            sentence += (
                f": no seat's win rate differs from the even share beyond chance "
                f"(Holm's correction over the {len(seats)} seats)."
            )
        out.append(sentence)
    lines = data["agent_lines"]
    if data["players"] == 1:
        for a in lines:
            sc = a["score"]
            out.append(
                f"{a['label']} scores {sc['mean']:.1f} on average (95% interval "
                f"{sc['mean_low']:.1f} to {sc['mean_high']:.1f}, {sc['min']:g} to {sc['max']:g} "
                f"over {a['n']} games)."
            )
    elif len(lines) > 1:
        best = max(lines, key=lambda a: a["win_rate"])
        out.append(
            f"{best['label']} wins most: {_pct(best['win_rate'])} of its seat-games (95% "
            f"interval {_pct(best['low'])} to {_pct(best['high'])}), scoring "
            f"{best['mean']:.1f} on average."
        )
    else:
        a = lines[0]
        out.append(
            f"{a['label']} plays every seat and scores {a['mean']:.1f} on average "
            f"(10th to 90th percentile {a['score']['p10']:g} to {a['score']['p90']:g})."
        )
    dec = data["measures"]["decisions"]
    sentence = (
        f"A game takes {dec['mean']:.1f} decisions on average (10th to 90th percentile "
        f"{dec['p10']:g} to {dec['p90']:g})"
    )
    own = [(k, m) for k, m in data["measures"].items() if k not in ("decisions", "length")]
    if own:
        sentence += "; " + ", ".join(f"{k} {m['mean']:.1f}" for k, m in own) + " on average"
    out.append(sentence + ".")
    out.extend(_element_headlines(data))
    limits = data["safety_limits"]
    if limits:
        ended = {k: v for k, v in limits.items() if v["games"]}
        if ended:
            out.append(
                "Games ended at a safety limit, not by the rules' own end: "
                + ", ".join(
                    f"{v['games']} of {data['games']} ({_pct(v['share'])}) at {k}"
                    for k, v in ended.items()
                )
                + "; their scores say little about the agents."
            )
        else:
            out.append("No game ended at a safety limit.")
    return out


def _element_headlines(data: dict[str, Any]) -> list[str]:
    """The elements that survive the Benjamini-Hochberg correction, strongest first (at
    most five), or one sentence saying none did."""
    tested = [x for x in data["elements"] if x["tested"]]
    if not tested:
        return []
    solo = data["players"] == 1
    team = data.get("cooperative") and not solo
    flagged = [x for x in tested if x["significant"]]
    family = f"the Benjamini-Hochberg correction over the {len(tested)} elements tested"
    if not flagged:
        what = "score" if solo else "win rate"
        return [f"No element's {what} differs from the others' beyond chance ({family})."]
    out = []
    for x in flagged[:5]:
        if team:
            out.append(
                f"{x['element']}: the team wins {_pct(x['win_with'])} of the games in which a "
                f"climber had it against {_pct(x['win_without'])} without (difference "
                f"{100 * x['win_difference']:+.1f} points, 95% interval "
                f"{100 * x['win_low']:+.1f} to {100 * x['win_high']:+.1f}), "
                f"{_p_text(x['p_value'])}, surviving {family}."
            )
        elif solo:
            out.append(
                f"{x['element']}: {x['score_with']:.1f} points with it against "
                f"{x['score_without']:.1f} without (difference {x['score_difference']:+.1f}, "
                f"95% interval {x['score_low']:+.1f} to {x['score_high']:+.1f}), "
                f"{_p_text(x['p_value'])}, surviving {family}."
            )
        else:
            out.append(
                f"{x['element']}: players who had it win {_pct(x['win_with'])} (95% interval "
                f"{_pct(x['win_with_low'])} to {_pct(x['win_with_high'])}) against the even "
                f"share of {_pct(1 / data['players'])} ({_pct(x['win_without'])} without it), "
                f"{_p_text(x['p_value'])}, surviving {family}."
            )
    if len(flagged) > 5:
        out.append(f"{len(flagged) - 5} more elements are flagged: see the table.")
    return out


# -- HTML ---------------------------------------------------------------------------------------
_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.2rem .6rem;border:1px solid #ddd}
td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f4f4f4}
.headlines li{margin:.3rem 0}.flag{color:#a00;font-weight:bold}img{max-width:100%}
.meta{color:#555}
"""


def e(text: object) -> str:
    """``text`` escaped for HTML text and attributes."""
    return html.escape(str(text), quote=True)


def table_html(head: Sequence[str], body: Sequence[Sequence[object]], numeric_from: int = 1) -> str:
    """An HTML table; every cell escaped, cells from ``numeric_from`` on right-aligned."""
    out = ["<table><tr>", *(f"<th>{e(h)}</th>" for h in head), "</tr>"]
    for row in body:
        out.append("<tr>")
        for i, cell in enumerate(row):
            cls = ' class="n"' if i >= numeric_from else ""
            out.append(f"<td{cls}>{e(cell)}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def page_html(title: str, body: Sequence[str]) -> str:
    """A whole page: no script, no external reference, inline style."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>"
        + "\n".join(body)
        + "</body></html>\n"
    )


def plain(text: object) -> str:
    """``text`` for a matplotlib label: dollar signs escaped so it is never read as math."""
    return str(text).replace("$", r"\$")


def figure_html(
    draw: Callable[[Figure], None], alt: str, size: tuple[float, float] = (8, 4)
) -> str:
    """A figure drawn by ``draw`` embedded as a base64 PNG ``<img>``.

    Raises:
        ConfigError: when matplotlib is not installed.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ConfigError(
            "reports need matplotlib for their plots: pip install 'meeple[plots]'"
        ) from None
    fig = Figure(figsize=size, layout="constrained")
    draw(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{e(alt)}" src="data:image/png;base64,{data}">'


def _num(x: float) -> str:
    return f"{x:.2f}" if isinstance(x, float) and not x.is_integer() else f"{x:g}"


def _report_html(report: Report) -> str:
    d = report.data
    title = f"{d['game'] or 'Results'}: balance report"
    opts = ", ".join(f"{k}={v}" for k, v in sorted(d["options"].items()) if v is not None)
    body = [
        f"<h1>{e(title)}</h1>",
        '<p class="meta">'
        + e(
            f"{d['games']} games, {d['players']} seat{'s' if d['players'] != 1 else ''}, "
            f"agents {', '.join(d['agents'])}"
            + (f", rules {', '.join(d['version'])}" if d["version"] else "")
            + (f", options {opts}" if opts else "")
            + (f", from {d['source']}" if d["source"] else "")
        )
        + "</p>",
        "<h2>Headline findings</h2>",
        '<ul class="headlines">' + "".join(f"<li>{e(h)}</li>" for h in d["headlines"]) + "</ul>",
    ]
    if d.get("team"):
        t = d["team"]
        body.append("<h2>The team</h2>")
        body.append(
            "<p>A cooperative team wins or loses whole: every climber's win is the team's, so "
            "no seat has a share to compare. The team's win rate, with its 95% Wilson "
            "interval:</p>"
        )
        body.append(
            table_html(
                ["games", "wins", "win rate", "95% interval"],
                [
                    [
                        t["games"],
                        t["wins"],
                        _pct(t["win_rate"]),
                        f"{_pct(t['low'])} to {_pct(t['high'])}",
                    ]
                ],
                numeric_from=0,
            )
        )
    if d["seats"]:
        body.append("<h2>Seat advantage</h2>")
        body.append(
            "<p>Win rate per seat (ties share the win) with its 95% Wilson interval against the "
            'even share, and the exact binomial test; <span class="flag">flagged</span> seats '
            "survive Holm's correction over the seats.</p>"
        )
        body.append(
            table_html(
                ["seat", "games", "wins", "win rate", "95% interval", "expected", "p", "flag"],
                [
                    [
                        s["label"],
                        s["n"],
                        _num(s["wins"]),
                        _pct(s["win_rate"]),
                        f"{_pct(s['low'])} to {_pct(s['high'])}",
                        _pct(s["expected"]),
                        f"{s['p_value']:.4f}",
                        "significant" if s["significant"] else "",
                    ]
                    for s in d["seats"]
                ],
            )
        )
        body.append(figure_html(lambda fig: _seats_plot(fig, d), "win rate per seat"))
    body.append("<h2>Agents and score distributions</h2>")
    body.append(
        table_html(
            [
                "agent",
                "seat-games",
                "win rate",
                "95% interval",
                "mean score",
                "95% interval",
                "median",
                "10th-90th percentile",
                "mean rank",
            ],
            [
                [
                    a["label"],
                    a["n"],
                    _pct(a["win_rate"]) if d["players"] > 1 else "-",
                    f"{_pct(a['low'])} to {_pct(a['high'])}" if d["players"] > 1 else "-",
                    f"{a['score']['mean']:.2f}",
                    f"{a['score']['mean_low']:.2f} to {a['score']['mean_high']:.2f}",
                    _num(a["score"]["median"]),
                    f"{_num(a['score']['p10'])} to {_num(a['score']['p90'])}",
                    f"{a['mean_rank']:.2f}",
                ]
                for a in d["agent_lines"]
            ],
        )
    )
    body.append(figure_html(lambda fig: _scores_plot(fig, report), "score distributions"))
    if d["breakdowns"]:
        parts = list(dict.fromkeys(k for b in d["breakdowns"].values() for k in b))
        body.append("<h2>Score breakdowns</h2><p>Mean of each scoring part per seat-game.</p>")
        body.append(
            table_html(
                ["agent", *parts],
                [
                    [label, *(f"{b[p]:.2f}" if p in b else "-" for p in parts)]
                    for label, b in d["breakdowns"].items()
                ],
            )
        )
        body.append(figure_html(lambda fig: _breakdown_plot(fig, d), "score breakdowns"))
    body.extend(_elements_html(d))
    body.append("<h2>Game length and the game's own measures</h2>")
    body.append(
        table_html(
            [
                "measure",
                "games",
                "mean",
                "95% interval",
                "least",
                "10th",
                "median",
                "90th",
                "greatest",
            ],
            [
                [
                    k,
                    m["games"],
                    f"{m['mean']:.2f}",
                    f"{m['mean_low']:.2f} to {m['mean_high']:.2f}",
                    _num(m["min"]),
                    _num(m["p10"]),
                    _num(m["median"]),
                    _num(m["p90"]),
                    _num(m["max"]),
                ]
                for k, m in d["measures"].items()
            ],
        )
    )
    if d["safety_limits"]:
        body.append(
            table_html(
                ["safety limit", "games ended at it", "share"],
                [[k, v["games"], _pct(v["share"])] for k, v in d["safety_limits"].items()],
            )
        )
    body.append(figure_html(lambda fig: _measures_plot(fig, report), "game length", (8, 3)))
    return page_html(title, body)


def _elements_html(d: dict[str, Any]) -> list[str]:
    """The strength of each element: the note on multiple comparisons, the table and a plot
    of the 20 most significant."""
    tested = [x for x in d["elements"] if x["tested"]]
    if not d["elements"]:
        return []
    solo = d["players"] == 1
    team = d.get("cooperative") and not solo
    key = "score" if solo else "win"
    out = [
        "<h2>Strength of each element</h2>",
        "<p>For every element a seat had or used by the end (cards, contracts, encounters...), "
        "the seat-games with it against those without it: the mean "
        + ("score" if solo else "win share (ties share the win) and score")
        + " with and without, and the difference with its 95% interval; the test is "
        + (
            "a two-sided z-test of the score with it against without."
            if solo
            else "a two-sided z-test of the team's win with it against without, each game "
            "counted once with what any of its climbers had (the team wins or loses whole: "
            "there is no even share to expect)."
            if team
            else "the exact binomial test of the wins with it (95% Wilson interval) against "
            "the even share (one seat's win is the others' loss, so with against without "
            "would overstate the evidence)."
        )
        + f" Elements seen in fewer than {MIN_SEAT_GAMES} seat-games (or missing from "
        f"fewer) are not tested. <strong>Multiple comparisons:</strong> with {len(tested)} "
        "elements tested some differ by chance alone, so the p-values are corrected with the "
        f"Benjamini-Hochberg procedure (false discovery rate {FDR:.0%}); only the "
        '<span class="flag">flagged</span> elements survive it. A difference is an '
        "association, not a cause: a player who is ahead may simply take more cards.</p>",
    ]

    def diff(x: dict[str, Any], k: str, scale: float) -> str:
        if not x["tested"]:
            return "-"
        return (
            f"{scale * x[f'{k}_difference']:+.1f} ({scale * x[f'{k}_low']:+.1f} to "
            f"{scale * x[f'{k}_high']:+.1f})"
        )

    def rate(v: float | None) -> str:
        return "-" if v is None else _pct(v)

    def points(v: float | None) -> str:
        return "-" if v is None else f"{v:.2f}"

    head = ["element", "with", "without"]
    if not solo:
        head += ["win with", "win without", "difference, points (95%)"]
    head += ["score with", "score without", "difference (95%)", "p", "flag"]
    body = []
    for x in d["elements"]:
        line: list[object] = [x["element"], x["with"], x["without"]]
        if not solo:
            line += [rate(x["win_with"]), rate(x["win_without"]), diff(x, "win", 100)]
        line += [
            points(x["score_with"]),
            points(x["score_without"]),
            diff(x, "score", 1),
            "-" if x["p_value"] is None else f"{x['p_value']:.4f}",
            "significant" if x["significant"] else "",
        ]
        body.append(line)
    out.append(table_html(head, body))
    if tested:
        top = tested[:20]
        out.append(
            figure_html(
                lambda fig: _elements_plot(fig, top, key),
                "strength of each element",
                (8, max(2.5, 0.3 * len(top) + 1)),
            )
        )
    return out


def _elements_plot(fig: Figure, rows: list[dict[str, Any]], key: str) -> None:
    ax = fig.subplots()
    scale = 100 if key == "win" else 1
    ys = list(range(len(rows)))[::-1]
    for y, x in zip(ys, rows, strict=True):
        d = scale * x[f"{key}_difference"]
        ax.errorbar(
            d,
            y,
            xerr=[[d - scale * x[f"{key}_low"]], [scale * x[f"{key}_high"] - d]],
            fmt="o",
            color="tab:red" if x["significant"] else "tab:gray",
            capsize=3,
        )
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(ys, [plain(x["element"]) for x in rows], fontsize="small")
    what = "win share, points" if key == "win" else "score"
    ax.set_xlabel(f"difference in {what}, with it less without (red: flagged)")


def _seats_plot(fig: Figure, d: dict[str, Any]) -> None:
    ax = fig.subplots()
    seats = d["seats"]
    names = [plain(s["label"]) for s in seats]
    rates = [100 * s["win_rate"] for s in seats]
    below = [100 * max(0.0, s["win_rate"] - s["low"]) for s in seats]
    above = [100 * max(0.0, s["high"] - s["win_rate"]) for s in seats]
    ax.bar(names, rates, yerr=[below, above], capsize=4, color="tab:blue", alpha=0.8)
    ax.axhline(100 * seats[0]["expected"], color="black", linestyle="--", linewidth=1)
    ax.set_title("Win rate per seat, 95% intervals (dashed: even share)")
    ax.set_ylabel("win %")


def _scores_plot(fig: Figure, report: Report) -> None:
    from meeple.sim.plots import score_bins

    ax = fig.subplots()
    labels = report.data["agents"]
    scores: dict[str, list[float]] = {label: [] for label in labels}
    for row in report.rows:
        for slot, score in zip(row["slots"], row["scores"], strict=True):
            scores[labels[slot]].append(float(score))
    bins = score_bins([x for xs in scores.values() for x in xs])
    for label, xs in scores.items():
        ax.hist(xs, bins=bins, histtype="step", linewidth=1.5, label=plain(label))
    ax.set_title("Score per agent (seat-games)")
    ax.set_xlabel("score")
    ax.set_ylabel("seat-games")
    ax.legend(fontsize="small")


def _breakdown_plot(fig: Figure, d: dict[str, Any]) -> None:
    ax = fig.subplots()
    bds = d["breakdowns"]
    parts = list(dict.fromkeys(k for b in bds.values() for k in b))
    width = 0.8 / len(bds)
    for i, (label, means) in enumerate(bds.items()):
        xs = [k + (i - (len(bds) - 1) / 2) * width for k in range(len(parts))]
        ax.bar(xs, [means.get(p, 0.0) for p in parts], width=width, label=plain(label))
    ax.set_xticks(range(len(parts)), [plain(p) for p in parts], rotation=30, ha="right")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_title("Mean score breakdown per agent")
    ax.legend(fontsize="small")


def _measures_plot(fig: Figure, report: Report) -> None:
    from meeple.sim.plots import score_bins

    keys = ["decisions", *(k for k in report.data["measures"] if k not in ("decisions", "length"))]
    axes = fig.subplots(1, len(keys), squeeze=False).ravel()
    for ax, key in zip(axes, keys, strict=True):
        if key == "decisions":
            xs = [float(r["decisions"]) for r in report.rows]
        else:
            xs = [
                float(v)
                for r in report.rows
                if isinstance(v := (r.get("extras") or {}).get(key), int | float)
                and not isinstance(v, bool)
            ]
        ax.hist(xs, bins=score_bins(xs), color="tab:gray")
        ax.set_title(plain(key))
        ax.set_ylabel("games")


__all__ = [
    "Report",
    "binomial_p_value",
    "build_report",
    "holm",
    "mean_interval",
    "wilson_interval",
    "with_slots",
]
