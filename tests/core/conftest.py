"""Registers the fixture game (tests only) and offers it as fixtures."""

from __future__ import annotations

import fixture_game
import pytest

fixture_game.register()


@pytest.fixture(params=[2, 3], ids=["2p", "3p"])
def game(request: pytest.FixtureRequest) -> fixture_game.SealedPips:
    """The fixture game for 2 and 3 seats."""
    return fixture_game.SealedPips(players=request.param)


@pytest.fixture
def game2() -> fixture_game.SealedPips:
    """The fixture game for 2 seats."""
    return fixture_game.SealedPips(players=2)
