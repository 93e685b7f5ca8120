"""The core conformance suite on 1,000 random Expeditions per player count (2, 3, 4).

Each count is split into chunks so that ``pytest -n 2`` spreads them over both cores.
"""

from __future__ import annotations

import pytest

from meeple.games.annapurna.game import Annapurna
from meeple.testing import run_conformance

CHUNK = 250


@pytest.mark.parametrize("start", range(0, 1000, CHUNK))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_random_expeditions(players: int, start: int):
    actions = run_conformance(lambda: Annapurna(players), games=CHUNK, seed=start)
    assert actions > CHUNK * 100


def test_conformance_with_auto_sweep_and_random_starter():
    run_conformance(lambda: Annapurna(3, auto_sweep=True, starter=None), games=100, seed=7)


def test_conformance_short_expeditions():
    run_conformance(lambda: Annapurna(4, flag_target=3), games=100, seed=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_of_the_cooperative_version(players: int):
    """Rulings AN-R22, AN-R43..AN-R45: the team's Expeditions keep the engine contract."""
    actions = run_conformance(
        lambda: Annapurna(players, mode="cooperative"), games=200, seed=40 + players
    )
    assert actions > 200 * 100
