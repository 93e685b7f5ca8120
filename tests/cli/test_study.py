"""What `meeple compare`, `meeple sweep` and a played `meeple report` share: the seats of a run
when --players is not given."""

from __future__ import annotations

import pytest

from meeple.cli.common import default_players, seats_for
from meeple.core.registry import game_class


@pytest.mark.parametrize("agents", [["greedy", "random"], ["greedy", "random", "greedy"]])
def test_a_run_without_players_seats_one_per_agent_named(agents):
    assert seats_for(game_class("almanac"), agents) == len(agents)


@pytest.mark.parametrize("agents", [[], ["greedy"], ["greedy"] * 5])
def test_a_run_without_players_takes_the_default_seats_for_one_agent_or_too_many(agents):
    cls = game_class("almanac")
    assert seats_for(cls, agents) == default_players(cls) == 2
