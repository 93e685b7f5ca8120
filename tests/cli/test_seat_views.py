"""A view limited to one seat carries no seed, no fingerprint and no count of all actions
(docs/engine.md, "What a seat may be shown")."""

from __future__ import annotations

import dataclasses

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.driver import play_game

SEED = 918273645


def _unfinished(game_name: str, players: int = 2) -> meeple.GameRecord:
    """A bot game played with :data:`SEED`, cut at half its actions (hidden parts still to
    come, which the seed would fix)."""
    game = meeple.make(game_name, players=players)
    agents = [make_agent("random", game) for _ in range(players)]
    _, record = play_game(game, agents, seed=SEED)
    half = len(record.actions) // 2
    state = meeple.replay(dataclasses.replace(record, result=None, fingerprint=None), upto=half)
    return meeple.GameRecord.from_state(state, seed=SEED, agents=record.agents)


@pytest.mark.parametrize("game_name", ["fixture-pips", "peach-festival", "annapurna", "almanac"])
def test_a_seat_replay_shows_neither_the_seed_nor_the_fingerprint(runner, tmp_path, game_name):
    record = _unfinished(game_name)
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    for seat in (0, 1):
        out = runner(["replay", str(path), "--seat", str(seat)])
        assert out.exit_code == 0, out.output
        assert str(SEED) not in out.output and record.fingerprint not in out.output
        assert f"{len(record.actions)} actions" not in out.output
        assert f"Player {seat + 1}'s view" in out.stdout.splitlines()[0]
    full = runner(["replay", str(path)])  # the whole record's replay names its seed
    assert f"seed {SEED}" in full.stdout


def test_a_seat_replay_is_the_same_whatever_seed_the_record_names(runner, tmp_path):
    record = _unfinished("fixture-pips")
    seeded, unseeded = tmp_path / "a.json", tmp_path / "b.json"
    seeded.write_text(record.to_json())
    unseeded.write_text(dataclasses.replace(record, seed=None).to_json())
    a = runner(["replay", str(seeded), "--seat", "0"])
    b = runner(["replay", str(unseeded), "--seat", "0"])
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout
