"""What `meeple compare`, `meeple sweep` and a played `meeple report` share: the seats of a run
when --players is not given; the options every study ends with."""

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


@pytest.mark.parametrize("command", ["compare", "sweep"])
def test_compare_and_sweep_end_with_the_studys_shared_options_in_one_order(command):
    import inspect

    from meeple.cli.commands import compare, sweep
    from meeple.cli.study import STUDY_TAIL

    run = {"compare": compare.compare, "sweep": sweep.sweep}[command]
    names = list(inspect.signature(run).parameters)
    tail = [name for name, _, _ in STUDY_TAIL]
    assert names[-len(tail) :] == tail
    assert "tail" not in names


def test_a_study_command_without_a_tail_parameter_is_refused():
    from meeple.cli.study import study_command

    def command(game: str, quiet: bool = False) -> None:
        pass

    with pytest.raises(TypeError, match="tail"):
        study_command(command)


def test_a_study_command_called_directly_gets_the_tails_defaults_for_what_is_not_given():
    from meeple.cli.study import study_command

    got = []

    @study_command
    def command(game: str, *, tail) -> None:
        got.append((game, tail))

    command("almanac", quiet=True)
    assert got == [
        (
            "almanac",
            {
                "progress": True,
                "force": False,
                "quiet": True,
                "backend": "local",
                "address": None,
                "runs": None,
                "resume": False,
            },
        )
    ]
