"""Agent tests also use the core's fixture game (Sealed Pips: sealed bids, hidden hands)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CORE_TESTS = str(Path(__file__).resolve().parent.parent / "core")
if CORE_TESTS not in sys.path:
    sys.path.insert(0, CORE_TESTS)

import fixture_game  # noqa: E402

fixture_game.register()


@pytest.fixture
def runner():
    """Invoke the ``meeple`` app through Typer's test runner."""
    from typer.testing import CliRunner

    from meeple.cli.main import app

    cli = CliRunner()

    def invoke(args: list[str], input: str | None = None):
        return cli.invoke(app, args, input=input, env={"COLUMNS": "200"})

    return invoke
