"""A balance report opens in a real Chromium from a file, offline, with every plot drawn and
no console error: the one written from a run here, and each report kept in the docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.sim import SimSpec, run_simulation
from meeple.sim.report import build_report

pytest.importorskip("matplotlib")

DOCS_REPORTS = sorted((Path(__file__).resolve().parents[2] / "docs" / "reports").glob("*.html"))


def _open(web_browser, page_file: Path) -> tuple[list[str], list[int], str]:
    """Open ``page_file`` in a fresh page: the console errors and page errors, each plot's
    drawn width, and the page's text."""
    context = web_browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri())
        page.wait_for_load_state("load")
        widths = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.naturalWidth)")
        text = page.inner_text("body")
        # nothing is fetched but the file itself and its embedded images
        assert all(u.startswith(("file:", "data:")) for u in requests), requests
        return errors, widths, text
    finally:
        context.close()


def test_a_report_opens_with_its_plots_and_no_console_errors(web_browser, tmp_path):
    rows = run_simulation(SimSpec("peach-festival", 2, ("greedy", "random"), 12, seed=5))
    page_file = tmp_path / "report.html"
    page_file.write_text(build_report(rows, source="pf.csv").to_html(), encoding="utf-8")
    errors, widths, text = _open(web_browser, page_file)
    assert errors == []
    assert len(widths) >= 4 and all(w > 0 for w in widths)
    for heading in ("Headline findings", "Seat advantage", "Strength of each element"):
        assert heading in text


@pytest.mark.parametrize("page_file", DOCS_REPORTS, ids=[p.stem for p in DOCS_REPORTS])
def test_each_report_in_the_docs_opens_with_its_plots_and_no_console_errors(web_browser, page_file):
    errors, widths, text = _open(web_browser, page_file)
    assert errors == [] and widths and all(w > 0 for w in widths)
    assert "Headline findings" in text


def test_a_sweep_page_opens_with_its_one_plot_and_no_console_errors(web_browser, tmp_path):
    from meeple.sim.compare import compare_variants, run_variants, sweep_variants

    runs = run_variants("annapurna", 2, ("heuristic",), 4, sweep_variants("flag_target", [4, 6]))
    page_file = tmp_path / "sweep.html"
    page_file.write_text(compare_variants(runs, "flag_target").to_sweep_html(), encoding="utf-8")
    errors, widths, text = _open(web_browser, page_file)
    assert errors == [] and len(widths) == 1 and widths[0] > 0
    assert "Sweep of flag_target" in text and "Headline findings" in text
