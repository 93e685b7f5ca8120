"""Announcing other seats' moves never names what the watching seat may not see."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.driver import play_game
from meeple.core.game import CHANCE


def private_moves(game_name: str, players: int, seed: int, watcher: int) -> tuple[str, list]:
    """Play a bot game; return its record file text and the notations the watcher may not see."""
    game = meeple.make(game_name, players=players)
    agents = [make_agent("heuristic", game) for _ in range(players)]
    _, record = play_game(game, agents, seed=seed)
    state = game.new_initial_state()
    hidden = []
    for n, (seat, text) in enumerate(record.actions, 1):
        action = game.action(text, chance=seat == CHANCE)
        if seat not in (CHANCE, watcher):
            told = game.describe_move_for(state, seat, action, watcher)
            if told != game.describe_move_for(state, seat, action, seat):  # the mover's words
                hidden.append((n, text))
        state.apply_action(text, seat)
    return record.to_json(), hidden


@pytest.mark.parametrize("game_name", ["annapurna", "almanac"])
def test_replay_for_a_seat_does_not_name_others_private_cards(runner, tmp_path, game_name):
    """Annapurna: the Backpack card of another climber's Trade or Hide (AN-R17). Almanac: a
    contract another player keeps face down (AL-R32)."""
    for seed in range(6):
        text, hidden = private_moves(game_name, 2, seed, watcher=0)
        if hidden:
            break
    assert hidden, "no private move happened in the seeded games"
    path = tmp_path / "game.json"
    path.write_text(text)
    out = runner(["replay", str(path), "--seat", "0"]).output
    lines = {
        int(m.group(1)): line
        for line in out.splitlines()
        if (m := re.match(r"\s*(\d+)\. Player 2", line))
    }
    for n, text in hidden:
        assert text not in lines[n]
        assert "face down" in lines[n] or "Cache" in lines[n]
    full = runner(["replay", str(path)]).output  # the omniscient replay still shows them
    assert any(t in full for _, t in hidden)


@pytest.mark.parametrize("game_name", ["annapurna", "almanac"])
def test_seat_log_never_holds_the_notation_of_anothers_private_move(game_name):
    """The server's per-seat log (``seat_log``) hides what ``replay --seat`` hides."""
    from meeple.core.record import GameRecord, seat_log

    for seed in range(6):
        text, hidden = private_moves(game_name, 2, seed, watcher=0)
        if hidden:
            break
    assert hidden, "no private move happened in the seeded games"
    log = seat_log(GameRecord.from_json(text), 0)
    for n, _ in hidden:
        assert log[n - 1].move is None and log[n - 1].told and not log[n - 1].sealed
    assert all(e.move is None for e in log if e.seat == CHANCE)  # deals and draws are hidden


@pytest.mark.parametrize("game_name", ["peach-festival", "almanac"])
def test_replay_for_a_seat_tells_the_chance_outcomes_that_seat_may_see(runner, tmp_path, game_name):
    """As ``play`` tells them: the seat's own draws, dice and face-up cards; nothing of
    another seat's private draws."""
    game = meeple.make(game_name, players=2)
    own = "heuristic" if game_name == "almanac" else "greedy"
    agents = [make_agent(own, game) for _ in range(2)]
    _, record = play_game(game, agents, seed=3)
    state = game.new_initial_state()
    told, untold = [], []
    for n, (seat, text) in enumerate(record.actions, 1):
        action = game.action(text, chance=seat == CHANCE)
        if seat == CHANCE:
            line = game.describe_move_for(state, CHANCE, action, 0)
            (told if line else untold).append((n, line))
        state.apply_action(text, seat)
    assert told and untold  # both kinds happened
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    out = runner(["replay", str(path), "--seat", "0"]).output
    numbered = {
        int(m.group(1)): line for line in out.splitlines() if (m := re.match(r"\s*(\d+)\. ", line))
    }
    for n, line in told:
        assert numbered[n].split(". ", 1)[1].startswith("chance:")
        assert " ".join(line.split())[:40] in " ".join(numbered[n].split())  # lines wrap
    for n, _ in untold:
        assert n not in numbered


def test_seat_log_names_public_outcomes_and_hides_private_draws():
    """PF-030: the dice are public, a drawn Request card only its drawer's (PF-R10); a
    spectator is told no draw and no sealed action."""
    from meeple.core.record import seat_log

    game = meeple.make("peach-festival", players=2)
    _, record = play_game(game, [make_agent("greedy", game) for _ in range(2)], seed=3)
    logs = {viewer: seat_log(record, viewer) for viewer in (0, 1, None)}
    dice = [n for n, (seat, text) in enumerate(record.actions) if text.startswith("roll:")]
    draws = [n for n, (_, text) in enumerate(record.actions) if text.startswith("card:")]
    assert dice and draws
    for n in dice:
        assert all(log[n].move == record.actions[n][1] for log in logs.values())
    spectator = logs[None]
    assert all(spectator[n].move is None and "draw" not in spectator[n].told for n in draws)
    own = [n for n in draws if "Player 1 drew" in logs[0][n].told]
    assert own and all(logs[1][n].told == "" and logs[1][n].move is None for n in own)
    assert all(e.move is None for e in spectator if e.sealed)
    assert any(e.sealed for e in spectator)


def test_seat_log_names_a_solo_turn_track_peach_to_a_spectator():
    """PF-R32: the turn-track Peach is a public move, told in its own words."""
    from meeple.core.record import seat_log

    game = meeple.make("peach-festival", players=1)
    for seed in range(20):
        _, record = play_game(game, [make_agent("greedy", game)], seed=seed)
        peaches = [n for n, (seat, text) in enumerate(record.actions) if text == "peach"]
        if peaches:
            break
    assert peaches
    log = seat_log(record, None)
    assert all(log[n].move == "peach" and "Peach" in log[n].told for n in peaches)
