"""Every numeric option of every game has a range, documented, and a clear error beyond it."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.core.errors import ConfigError
from meeple.core.registry import game_class, game_names

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
PAGES = {
    "peach-festival": "the-peach-festival.md",
    "annapurna": "annapurna.md",
    "almanac": "almanac.md",
}


def _numeric(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@pytest.mark.parametrize("name", sorted(game_names()))
def test_every_numeric_option_refuses_a_value_beyond_its_range(name):
    cls = game_class(name)
    players = max(2, cls.info.min_players)
    numeric = [k for k, v in cls.options.items() if _numeric(v)]
    for option in numeric:
        for bad in (10**12, -(10**12), 2.5):
            with pytest.raises(ConfigError, match=option):
                meeple.make(name, players=players, **{option: bad})
    for low, high, source in cls.option_ranges.values():
        assert low <= high and source


@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_range_is_on_the_games_rulings_page_by_its_ruling(name):
    page = (DOCS / PAGES[name]).read_text()
    for option, (_low, high, source) in game_class(name).option_ranges.items():
        ruling = source.split(":")[0].removeprefix("ruling ").strip()
        assert f"| {ruling} |" in page, f"{option}: ruling {ruling} is not on {PAGES[name]}"
        assert f"{high:,}" in page or str(high) in page


@pytest.mark.parametrize("name", sorted(PAGES))
def test_an_option_beyond_its_range_is_a_config_error_naming_the_range(name):
    cls = game_class(name)
    players = max(2, cls.info.min_players)
    for option, (low, high, _) in cls.option_ranges.items():
        for bad in (low - 1, high + 1, 10**12, -(10**12), 2.5, True, "3"):
            with pytest.raises(ConfigError, match=rf"{option} is a whole number from"):
                meeple.make(name, players=players, **{option: bad})
        meeple.make(name, players=players, **{option: high if option != "starter" else 1})
