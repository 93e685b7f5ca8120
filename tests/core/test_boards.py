"""Every game's registered board draws any seat's view of its game as one SVG picture."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.core import sample_chance
from meeple.core.registry import load_target, specs

BOARDS = [spec for spec in specs() if spec.board is not None]


@pytest.mark.parametrize("spec", BOARDS, ids=[spec.name for spec in BOARDS])
def test_a_registered_board_draws_every_seat_and_the_spectator(spec) -> None:
    game = meeple.make(spec.name, players=2)
    render_board = load_target(spec.board)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.acting_seats()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    for viewer in (*range(game.num_players), None):
        acting = viewer is not None and viewer in state.acting_seats()
        moves = [
            (a.text, game.describe_action(a))
            for a in (state.legal_actions(viewer) if acting else ())
        ]
        svg = render_board(state.observe(viewer), moves, game=game)
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        picked = {int(i) for el in root.iter() for i in (el.get("data-moves") or "").split()}
        assert picked == set(range(len(moves)))
