"""The command-line tests use the core's fixture game (registered here, tests only)."""

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
    """A Typer test runner and the ``meeple`` app."""
    from typer.testing import CliRunner

    from meeple.cli.main import app

    cli = CliRunner()

    def invoke(args: list[str], input: str | None = None):
        return cli.invoke(app, args, input=input, env={"COLUMNS": "160"})

    return invoke
