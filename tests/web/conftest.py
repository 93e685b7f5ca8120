"""A real server process and a real Chromium for the browser tests.

Debian's ``chromium`` is driven by Playwright. Without it the browser tests skip with a
message, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.server import Settings
from meeple.server.settings import Rate

#: Rate limits far above what a test makes from its one address in no time: a test plays
#: whole games faster than any person (tests/server/test_server_limits.py tests the limits).
ROOMY = {
    "rate_tables": Rate(100_000, 0.001),
    "rate_links": Rate(100_000, 0.001),
    "rate_moves": Rate(100_000, 0.001),
}


def roomy_settings(tmp_path: Path) -> Settings:
    """Settings of a server on a SQLite file in ``tmp_path``, bots in a thread, roomy limits."""
    return Settings(data_dir=tmp_path, bot_workers=0, **ROOMY)


#: Flags that keep Chromium from reaching hosts this network refuses (and let root run it).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests need {why} (CI=true: failing, not skipping)")
    pytest.skip(f"browser tests need {why}")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        _missing("Debian's chromium (apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("playwright (pip install playwright)")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served(str):
    """The server's URL, with ``log``: the file its output goes to."""

    log: Path


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[Served]:
    """``meeple serve`` as its own process on a free port with a fresh SQLite file; its URL."""
    data = tmp_path_factory.mktemp("serve-data")
    port = _free_port()
    log = open(data / "server.log", "w+b")  # noqa: SIM115 (read back on failure)
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from meeple.cli.main import app; app()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-workers",
            "0",
            "--rate-tables",
            "100000/0.001",
            "--rate-links",
            "100000/0.001",
            "--rate-moves",
            "100000/0.001",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "MEEPLE_DB": ""},
    )
    url = Served(f"http://127.0.0.1:{port}")
    url.log = data / "server.log"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=2):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                log.seek(0)
                pytest.fail(f"the server did not start: {log.read().decode(errors='replace')}")
            time.sleep(0.2)
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="session")
def web_browser(chromium_path: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where screenshots go: ``$MEEPLE_SCREENSHOTS`` when set, else the test's temporary dir."""
    where = os.environ.get("MEEPLE_SCREENSHOTS")
    path = Path(where) if where else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def server_stays_well(server: Served) -> Iterator[None]:
    """Fails the test if the server logged an error while it ran (a page that failed to draw
    is an error even when the page coped)."""
    start = server.log.stat().st_size
    yield
    with open(server.log, "rb") as f:
        f.seek(start)
        logged = f.read().decode("utf-8", "replace")
    assert "Traceback" not in logged and "ERROR" not in logged, logged[-4000:]
