"""Bots in worker processes: given a seat's observation and legal moves, they play a game out."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import create, move, view

import meeple
from meeple.server import Settings, create_app
from meeple.server.bots import choose


def test_a_bot_chooses_one_of_the_legal_moves_from_its_seats_observation_only() -> None:
    game = meeple.make("almanac", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0], -1)
    seat = state.acting_seats()[0]
    legal = [a.text for a in state.legal_actions(seat)]
    picked = choose("almanac", dict(game.config), "easy", seat, state.observe(seat), legal, 5)
    assert picked in legal


def test_bots_in_a_process_pool_play_against_a_person_to_the_end(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, bot_workers=1)
    with TestClient(create_app(settings)) as client:
        made = create(
            client, "peach-festival", [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            v = view(client, made, 0)
            if v["status"] == "finished":
                break
            if v["legal"]:
                move(client, made, 0, v["legal"][0]["move"], v["move_number"])
            else:
                time.sleep(0.02)
        assert v["status"] == "finished"
        assert any(e["seat"] == 1 for e in v["log"])
