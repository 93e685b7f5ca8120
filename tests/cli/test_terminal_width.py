"""Each game's terminal picture is drawn for an 80-column terminal: no line is wider, so
nothing is wrapped or cut by the terminal, for every seat and a spectator."""

from __future__ import annotations

import io
import random

import pytest
from rich.cells import cell_len
from rich.console import Console

from meeple.core import registry
from meeple.core.game import CHANCE, SIMULTANEOUS, sample_chance
from meeple.core.text import fit


def _states(name: str, players: int, seed: int, every: int):
    """Every ``every``-th state of a seeded random game, and its last."""
    rng = random.Random(seed)
    state = registry.make(name, players=players).new_initial_state()
    n = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        if seat == SIMULTANEOUS:
            seat = state.acting_seats()[0]
        n += 1
        if n % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    yield state


def _picture(state, viewer) -> list[str]:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(state.game.render(state.observe(viewer)))
    return console.export_text().splitlines()


@pytest.mark.parametrize(
    ("name", "players"),
    [("peach-festival", 1), ("peach-festival", 4), ("annapurna", 4), ("almanac", 4)],
)
def test_every_line_of_the_picture_fits_80_columns(name, players):
    for state in _states(name, players, seed=players, every=25):
        for viewer in (0, players - 1, None):
            wide = [line for line in _picture(state, viewer) if cell_len(line) > 80]
            assert not wide, wide[0]


def test_peach_festival_shows_the_condition_of_other_players_requests():
    """Rulebook, Request Cards: kept Requests lie face up, so another player's are shown with
    their condition, not only their number."""
    state = list(_states("peach-festival", 3, seed=3, every=1000))[-1]
    game = state.game
    text = "\n".join(_picture(state, 0))
    from meeple.games.peach_festival.render import CONDITIONS

    for s in (1, 2):
        assert f"Player {s + 1}'s Requests:" in text
        for c in state.sheets[s].requests:
            assert CONDITIONS[game.content.card(c).condition] in text.replace("\n      ", " ")


def test_fit_wraps_long_lines_under_their_indent_and_keeps_short_ones():
    text = "short\n  " + "word " * 30
    lines = fit(text).splitlines()
    assert lines[0] == "short" and all(len(x) <= 80 for x in lines)
    assert lines[1].startswith("  word") and lines[2].startswith("      word")
    with pytest.raises(ValueError, match="at least 20"):
        fit("x", 10)
