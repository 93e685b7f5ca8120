"""``meeple replay`` and ``meeple games``."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from meeple.agents import RandomAgent, make_agent
from meeple.core import make
from meeple.core.driver import play_game


@pytest.fixture
def record_file(tmp_path):
    game = make("fixture-pips", players=2)
    _, rec = play_game(game, [make_agent("high", game), RandomAgent()], seed=6)
    path = rec.save(tmp_path / "rec.json")
    return path, rec


def test_replay_prints_every_action_with_its_seat_and_the_result(runner, record_file):
    path, rec = record_file
    res = runner(["replay", str(path)])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert f"{len(rec.actions)} actions" in out
    for n, (seat, text) in enumerate(rec.actions, 1):
        who = "chance" if seat == -1 else f"Player {seat + 1} ({rec.agents[seat]})"
        assert f"{n:>4}. {who}: {text}" in out
    assert "Result" in out and "End of record" in out
    assert "rounds: 3" in out


def test_the_replay_header_stays_on_one_line_however_long_the_configuration(runner, tmp_path):
    game = make("annapurna", players=4, flag_target=3, auto_sweep=True)
    _, rec = play_game(game, [RandomAgent() for _ in range(4)], seed=2)
    path = rec.save(tmp_path / "long.json")
    res = runner(["replay", str(path)])
    assert res.exit_code == 0, res.output
    first = res.stdout.splitlines()[0]
    assert first.endswith(f"seed 2  {len(rec.actions)} actions"), first


def test_replay_for_one_seat_hides_chance_and_others_sealed_choices(runner, record_file):
    path, _ = record_file
    res = runner(["replay", str(path), "--seat", "1"])
    assert res.exit_code == 0
    out = res.stdout
    assert "chance:" not in out
    assert "Player 1 (high) makes a sealed choice" in out
    assert "Player 1 (high): b" not in out
    assert "Player 2 (random): b" in out
    assert "Your hand" in out


def test_replay_step_waits_for_enter_and_q_stops_waiting(runner, record_file):
    path, _ = record_file
    res = runner(["replay", str(path), "--step"], "\n\n\nq\n")
    assert res.exit_code == 0
    assert res.stdout.count("Enter: next action") == 4
    assert "Result" in res.stdout


def test_replay_refuses_another_rules_version(runner, record_file, tmp_path):
    _, rec = record_file
    old = dataclasses.replace(rec, version="0.1").save(tmp_path / "old.json")
    res = runner(["replay", str(old)])
    assert res.exit_code == 2
    assert "installed rules are 1.0" in " ".join(res.stderr.split())


def test_replay_refuses_an_illegal_action(runner, record_file, tmp_path):
    _, rec = record_file
    actions = [list(a) for a in rec.actions]
    actions[0] = [-1, "keep"]
    bad = dataclasses.replace(rec, actions=actions).save(tmp_path / "bad.json")
    res = runner(["replay", str(bad)])
    assert res.exit_code == 2
    assert "does not replay" in res.stderr


def _custom_content_record(tmp_path):
    """A finished Peach Festival record played with a copy of the shipped content."""
    from meeple.games.peach_festival.content import DEFAULT_DIR

    d = tmp_path / "sheet"
    shutil.copytree(DEFAULT_DIR, d)
    game = make("peach-festival", players=2, content=str(d))
    _, rec = play_game(game, [make_agent("greedy", game), make_agent("greedy", game)], seed=3)
    return d, rec.save(tmp_path / "custom.json")


def test_replay_of_a_record_whose_content_changed_says_which_content(runner, tmp_path):
    """A record keeps its content directory; edited content is the likely culprit."""
    d, path = _custom_content_record(tmp_path)
    assert runner(["replay", str(path)]).exit_code == 0
    sheet = d / "sheet.toml"
    sheet.write_text(sheet.read_text().replace("merchants = [1, 2, 3]", "merchants = [3, 3, 3]"))
    res = runner(["replay", str(path)])
    assert res.exit_code == 2
    assert f"played with the content in {d}" in " ".join(res.stderr.split())


def test_replay_of_a_record_whose_content_now_scores_differently_is_refused(runner, tmp_path):
    """The same moves under other multipliers give other scores: the result is compared."""
    d, path = _custom_content_record(tmp_path)
    sheet = d / "sheet.toml"
    text = sheet.read_text()
    line = next(x for x in text.splitlines() if x.startswith("multipliers"))
    sheet.write_text(text.replace(line, "multipliers = [7, 7, 7, 7, 7, 7, 7, 7, 7]"))
    res = runner(["replay", str(path)])
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2
    assert "replayed result differs from the recorded one" in said and str(d) in said


def test_replay_of_a_missing_or_broken_file(runner, tmp_path):
    assert runner(["replay", str(tmp_path / "none.json")]).exit_code == 2
    (tmp_path / "x.json").write_text("{}")
    res = runner(["replay", str(tmp_path / "x.json")])
    assert res.exit_code == 2 and "not a meeple game record" in res.stderr


def test_replay_of_an_unfinished_game(runner, tmp_path):
    game = make("fixture-pips", players=2)
    _, rec = play_game(game, [RandomAgent(), RandomAgent()], seed=1, max_steps=8)
    res = runner(["replay", str(rec.save(tmp_path / "u.json"))])
    assert res.exit_code == 0 and "not finished" in res.stdout


def test_games_lists_metadata(runner):
    res = runner(["games"])
    assert res.exit_code == 0
    line = next(x for x in res.stdout.splitlines() if "fixture-pips" in x)
    assert "Sealed Pips" in line and "2-3" in line and "1.0" in line
    assert line.count("yes") == 3


def _edit(path, tmp_path, edit):
    data = json.loads(path.read_text())
    edit(data)
    out = tmp_path / "edited.json"
    out.write_text(json.dumps(data))
    return out


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["actions"].__setitem__(3, None), "actions[3]"),
        (lambda d: d["actions"].__setitem__(3, [0]), "actions[3]"),
        (lambda d: d.__setitem__("actions", "abc"), "actions"),
        (lambda d: d["actions"].__setitem__(3, [str(d["actions"][3][0]), "c1"]), "actions[3]"),
        (lambda d: d.__setitem__("config", "x"), "config"),
        (lambda d: d.__setitem__("agents", None), "agents"),
        (lambda d: d.__setitem__("version", 1.0), "version"),
    ],
)
def test_replay_of_a_hand_edited_record_prints_one_error_naming_the_field(
    runner, record_file, tmp_path, edit, field
):
    path, _ = record_file
    res = runner(["replay", str(_edit(path, tmp_path, edit))])
    assert res.exit_code == 2 and isinstance(res.exception, SystemExit)
    assert res.stderr.strip().splitlines() == [res.stderr.strip()]
    assert res.stderr.startswith(f"error: not a meeple game record: {field}: expected")


def test_replay_of_a_record_without_its_actions_is_refused_on_load(runner, record_file, tmp_path):
    path, _ = record_file
    res = runner(["replay", str(_edit(path, tmp_path, lambda d: d.pop("actions")))])
    assert res.exit_code == 2 and isinstance(res.exception, SystemExit)
    assert res.stderr.strip() == "error: not a meeple game record: missing field(s) actions"
    assert res.stdout == ""  # refused before anything is shown


def test_replay_of_a_finished_game_recorded_without_its_result_is_refused(
    runner, record_file, tmp_path
):
    path, _ = record_file
    res = runner(["replay", str(_edit(path, tmp_path, lambda d: d.__setitem__("result", None)))])
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2
    assert "the record holds no result, but its moves end the game" in said


def test_replay_of_a_record_that_is_not_utf8_prints_one_error(runner, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"game": "\xff"}')
    res = runner(["replay", str(path)])
    assert res.exit_code == 2 and isinstance(res.exception, SystemExit)
    assert (
        res.stderr.strip()
        == "error: not a meeple game record: not UTF-8 text (byte 0xff at position 10)"
    )


@pytest.mark.parametrize(("seat", "move"), [(7, None), (-3, None), (None, "zzz")])
def test_replay_of_a_record_with_an_unknown_seat_or_move_stops_before_telling_it(
    runner, record_file, tmp_path, seat, move
):
    path, rec = record_file
    n = next(i for i, (s, _) in enumerate(rec.actions) if s >= 0)
    entry = [rec.actions[n][0] if seat is None else seat, move or rec.actions[n][1]]
    edited = _edit(path, tmp_path, lambda d: d["actions"].__setitem__(n, entry))
    for extra in ([], ["--seat", "1"]):
        res = runner(["replay", str(edited), *extra])
        assert res.exit_code == 2 and isinstance(res.exception, SystemExit)
        assert "does not replay under the installed rules" in res.stderr
        assert f"{n + 1:>4}." not in res.stdout


def test_a_solo_replay_ends_with_the_final_score_not_a_winner(runner, tmp_path):
    """A solo Peach Festival records a final score to beat (the rulebook's Solo Mode), as
    ``play`` shows it."""
    game = make("peach-festival", players=1)
    _, rec = play_game(game, [make_agent("greedy", game)], seed=2)
    path = rec.save(tmp_path / "solo.json")
    out = runner(["replay", str(path)]).stdout
    assert f"Final score: {rec.result['scores'][0]:g}" in out and "★" not in out


def test_a_solo_replay_names_the_turn_track_peach_apart_from_take_a_peach(runner, tmp_path):
    """PF-075 and PF-030 share the notation ``peach``: the replay tells the turn-track circle's
    Peach in its own words, with and without ``--seat``."""
    game = make("peach-festival", players=1)
    _, rec = play_game(game, [make_agent("greedy", game)], seed=0)
    track = 0
    replayed = game.new_initial_state()
    for seat, text in rec.actions:
        track += text == "peach" and replayed.phase == "track"
        replayed.apply_action(text, seat)
    assert track > 0
    path = rec.save(tmp_path / "solo.json")
    for extra in ([], ["--seat", "0"]):
        out = runner(["replay", str(path), *extra]).stdout
        assert out.count("Player 1 gained the turn-track circle's Peach") == track


def _record_with_own_content(runner, tmp_path):
    from meeple.games.peach_festival.content import DEFAULT_DIR

    content = tmp_path / "pf"
    shutil.copytree(DEFAULT_DIR, content)
    path = tmp_path / "r.json"
    args = ["play", "peach-festival", "--humans", "none", "--seed", "3"]
    res = runner([*args, "-o", f"content={content}", "--save", str(path)], "")
    assert res.exit_code == 0, res.output
    return path, content


def test_a_record_whose_content_directory_moved_replays_with_content_dir(runner, tmp_path):
    path, content = _record_with_own_content(runner, tmp_path)
    moved = content.rename(tmp_path / "moved")
    res = runner(["replay", str(path)])
    assert res.exit_code == 2 and "give --content DIR where it is now" in res.stderr
    res = runner(["replay", str(path), "--content", str(moved)])
    assert res.exit_code == 0, res.output
    assert "End of record" in res.stdout and "Result" in res.stdout


def test_a_record_that_no_longer_replays_is_refused_before_anything_is_printed(runner, tmp_path):
    path, content = _record_with_own_content(runner, tmp_path)
    sheet = content / "sheet.toml"
    lines = [
        "multipliers = [1, 1, 1, 2, 2, 2, 3, 3, 40]" if line.startswith("multipliers =") else line
        for line in sheet.read_text().splitlines()
    ]
    sheet.write_text("\n".join(lines) + "\n")
    res = runner(["replay", str(path), "--step"], "\n" * 500)
    assert res.exit_code == 2 and "replayed result differs" in res.stderr
    assert res.stdout == ""  # not stepped through to the end first
