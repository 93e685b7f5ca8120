"""The page's scripts come from the package: pinned htmx 2.0.x and its WebSocket extension."""

from __future__ import annotations

import re
from importlib.resources import files

from meeple.web import pages


def test_every_script_the_pages_load_is_shipped_in_the_package() -> None:
    base = (files("meeple.web") / "templates" / "base.html").read_text("utf-8")
    scripts = re.findall(r'<script src="([^"]+)"', base)
    assert scripts, "the pages load scripts"
    static = files("meeple.web") / "static"
    for src in scripts:
        assert src.startswith("/static/"), f"{src} would be fetched from elsewhere"
        assert (static / src.removeprefix("/static/")).is_file()
    assert any(re.fullmatch(r"/static/htmx-2\.0\.\d+\.min\.js", s) for s in scripts)
    assert any(re.fullmatch(r"/static/htmx-ext-ws-2\.0\.\d+\.min\.js", s) for s in scripts)


def test_templates_escape_what_they_are_given() -> None:
    rendered = pages.environment().from_string("{{ name }}").render(name="<b>&")
    assert rendered == "&lt;b&gt;&amp;"
