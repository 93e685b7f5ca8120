"""``meeple play --save`` keeps every move on disk as it is played; ``--resume`` continues a
game stopped or killed outright, to the identical game."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from meeple.core import GameRecord, replay
from meeple.sim.journal import load_game

CORE_TESTS = str(Path(__file__).resolve().parent.parent / "core")
ENOUGH = "1\n" * 400
GAME = ["fixture-pips", "--seed", "11", "--bots", "random", "-o", "rounds=6", "-o", "deck=20"]


def _actions(path: Path) -> int:
    """The actions the save file holds now (a journal: its lines after the header)."""
    lines = path.read_text().splitlines() if path.exists() else []
    return max(0, len(lines) - 1)


def _killed_after(path: Path, moves: int) -> None:
    """Start ``meeple play`` in its own process, type ``moves`` moves, wait until the save
    file stops growing (the game waits for the next move), then SIGKILL it."""
    code = (
        f"import sys; sys.path.insert(0, {CORE_TESTS!r}); import fixture_game;"
        "fixture_game.register(); from meeple.cli.main import app; app()"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "play", *GAME, "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        proc.stdin.write("1\n" * moves)
        proc.stdin.flush()
        seen, still = -1, 0
        deadline = time.monotonic() + 60
        while still < 10 and time.monotonic() < deadline:  # 1 s without a new action
            time.sleep(0.1)
            now = _actions(path)
            still = still + 1 if now == seen and now > 0 else 0
            seen = now
        assert proc.poll() is None, "the game ended before it was killed"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)


@pytest.fixture
def whole(runner, tmp_path) -> GameRecord:
    """The same game played without a stop."""
    path = tmp_path / "whole.json"
    res = runner(["play", *GAME, "--save", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    return GameRecord.load(path)


@pytest.mark.parametrize("moves", [1, 2, 4])
def test_a_game_killed_after_a_move_resumes_to_the_identical_game(runner, tmp_path, whole, moves):
    path = tmp_path / "g.json"
    _killed_after(path, moves)
    killed, header = load_game(path)
    assert header is not None and killed.result is None
    n = len(killed.actions)
    assert n > 0 and killed.actions == whole.actions[:n]  # every move played is on disk
    assert replay(killed).fingerprint() == replay(whole, upto=n).fingerprint()

    res = runner(["play", "--resume", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    assert f"Resumed after {n} actions." in res.stdout
    resumed = GameRecord.load(path)  # a record again once the game has ended
    assert resumed.actions == whole.actions
    assert resumed.fingerprint == whole.fingerprint and resumed.result == whole.result


def test_every_move_is_on_disk_before_the_next_prompt(runner, tmp_path, whole):
    path = tmp_path / "g.json"
    res = runner(["play", *GAME, "--save", str(path)], "1\n1\n")
    assert res.exit_code == 0, res.output  # the input ended: the game stopped and was saved
    stopped = GameRecord.load(path)
    assert stopped.actions == whole.actions[: len(stopped.actions)]
    res = runner(["play", "--resume", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    assert GameRecord.load(path).actions == whole.actions


def test_a_killed_game_replays_as_an_unfinished_game(runner, tmp_path):
    path = tmp_path / "g.json"
    _killed_after(path, 2)
    res = runner(["replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "The game was not finished." in res.stdout


def test_a_finished_game_is_not_resumed(runner, tmp_path, whole):
    path = tmp_path / "done.json"
    path.write_text(whole.to_json())
    res = runner(["play", "--resume", str(path)], ENOUGH)
    assert res.exit_code == 2 and "is finished: there is nothing to resume" in res.stderr
    assert GameRecord.load(path) == whole  # untouched


def test_resume_takes_the_game_as_saved_and_no_other_setting(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "--resume", str(path), "--seed", "3"], ENOUGH)
    assert res.exit_code == 2
    assert "--resume continues the game as it was saved: --seed is not given with it" in (
        " ".join(res.stderr.split())
    )


def test_an_edited_chance_outcome_is_refused_on_resume(runner, tmp_path):
    path = tmp_path / "g.json"
    runner(["play", *GAME, "--save", str(path)], "1\n")
    data = json.loads(path.read_text())
    used = {text for _, text in data["actions"]}
    first = next(i for i, (seat, _) in enumerate(data["actions"]) if seat == -1)
    data["actions"][first][1] = next(f"c{k}" for k in range(1, 21) if f"c{k}" not in used)
    path.write_text(json.dumps(data))
    res = runner(["play", "--resume", str(path)], ENOUGH)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "the chance outcome" in res.stderr and "is not the one its seed draws" in res.stderr
