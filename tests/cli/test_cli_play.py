"""``meeple play``: human seats against bots, driven from piped input."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.core import GameRecord, make, replay

ENOUGH = "1\n" * 400
CORE_TESTS = str(Path(__file__).resolve().parent.parent / "core")


def _record(path: Path) -> GameRecord:
    return GameRecord.load(path)


def test_play_to_the_end_against_a_bot_and_save_the_record(runner, tmp_path):
    path = tmp_path / "game.json"
    res = runner(
        ["play", "fixture-pips", "--seed", "3", "--bots", "high", "--save", str(path)], ENOUGH
    )
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Game over" in out and "Winner" in out
    assert "Player 2 (high) has made a sealed choice." in out
    assert "Player 2 (high) plays keep" in out
    assert f"Record saved to {path}" in out.replace("\n", "")
    rec = _record(path)
    assert rec.agents == ["human", "high"] and rec.seed == 3 and rec.result is not None
    assert replay(rec).is_terminal()


def test_only_the_human_seat_observation_is_shown(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--seed", "3", "--save", str(path)], ENOUGH)
    assert res.exit_code == 0
    state = replay(_record(path), upto=6)  # after the deal: seat 1's hand is hidden from seat 0
    hand1 = state.hands[1]
    assert f"Your hand: {state.hands[0]}" in res.stdout
    assert f"Your hand: {hand1}" not in res.stdout


def test_bad_input_is_explained_and_the_prompt_comes_back(runner, tmp_path):
    path = tmp_path / "g.json"
    script = "help\nrules\nzzz\n99\nkeep\nmoves\nview\n\n" + ENOUGH
    res = runner(["play", "fixture-pips", "--seed", "3", "--save", str(path)], script)
    assert res.exit_code == 0
    out = res.stdout
    assert "Commands:" in out
    assert "Sealed Pips: bid a card each round" in out
    assert "Unknown move 'zzz'" in out
    assert "No move number 99; choose 1-3" in out
    assert "Illegal move (FX-04)" in out
    assert "Legal moves starting with 'kee'" not in out
    assert out.count("Player 1> ") > 6
    assert "Game over" in out


def test_quit_saves_the_unfinished_game(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--seed", "1", "--save", str(path)], "1\nquit\n")
    assert res.exit_code == 0
    assert "Game stopped." in res.stdout and "Unfinished game record saved" in res.stdout
    rec = _record(path)
    assert rec.result is None
    assert replay(rec).fingerprint() == rec.fingerprint


def test_end_of_input_stops_and_saves(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--seed", "1", "--save", str(path)], "1\n")
    assert res.exit_code == 0
    assert "Input ended" in res.stdout
    assert _record(path).result is None


def test_default_record_path_is_under_records(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = runner(["play", "fixture-pips", "--seed", "5"], ENOUGH)
    assert res.exit_code == 0
    files = list((tmp_path / "records").glob("fixture-pips-*.json"))
    assert len(files) == 1
    assert _record(files[0]).seed == 5


def test_notation_input_and_game_options(runner, tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "fixture-pips", "--seed", "2", "-o", "rounds=1", "--save", str(path)]
    # with one round, seat 0 holds one card: bid it by notation after reading the hand
    res = runner(args, "view\n" + ENOUGH)
    assert res.exit_code == 0, res.output
    rec = _record(path)
    assert rec.config["rounds"] == 1
    hand = replay(rec, upto=2).hands[0]
    res2 = runner([*args[:-1], str(tmp_path / "h.json")], f"b{hand[0]}\n" + ENOUGH)
    assert f"plays b{hand[0]}" in res2.stdout


def test_people_sharing_an_output_that_cannot_be_wiped_are_warned(runner, tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "fixture-pips", "--humans", "0,1", "--seed", "4", "--save", str(path)]
    assert "cannot be wiped between people" in runner(args, ENOUGH).stdout
    alone = ["play", "fixture-pips", "--seed", "4", "--save", str(path)]
    assert "cannot be wiped" not in runner(alone, ENOUGH).stdout


def test_two_humans_take_turns_at_the_sealed_node(runner, tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "fixture-pips", "--humans", "0,1", "--seed", "4", "--save", str(path)]
    res = runner(args, ENOUGH)
    assert res.exit_code == 0, res.output
    assert "Pass the keyboard to Player 2" in res.stdout
    assert "Player 2 (human) to move (sealed)" in res.stdout
    assert _record(path).agents == ["human", "human"]


def test_text_typed_at_the_handoff_is_not_played_but_quit_stops(runner, tmp_path):
    """Between two people at one keyboard, a line typed before the view is shown is said not
    to be played; ``quit`` there stops the game as at the prompt."""
    args = ["play", "fixture-pips", "--humans", "0,1", "--seed", "4", "--save"]
    res = runner([*args, str(tmp_path / "a.json")], "\n1\n2\n" + ENOUGH)
    assert res.exit_code == 0 and "Not played: '2' (typed before the view)." in res.stdout
    res = runner([*args, str(tmp_path / "b.json")], "\n1\nquit\n")
    assert "Game stopped." in res.stdout and "Pass the keyboard" in res.stdout


def test_the_first_view_waits_for_its_player_like_every_later_one(runner, tmp_path):
    """Hotseat: before the very first view the keyboard is passed to its seat, and nothing of
    that seat's view is printed until Enter."""
    args = ["play", "fixture-pips", "--humans", "0,1", "--seed", "4", "--save"]
    res = runner([*args, str(tmp_path / "a.json")], "quit\n")
    assert "Pass the keyboard to Player 1" in res.stdout and "Game stopped." in res.stdout
    before = res.stdout.split("Pass the keyboard to Player 1")[0]
    assert "to move" not in before
    assert "Your hand" not in res.stdout and "hand" not in before.lower()


def test_per_seat_bots_and_human_seat_choice(runner, tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "fixture-pips", "-p", "3", "--seat", "1", "--bots", "high,random"]
    res = runner([*args, "--save", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    assert _record(path).agents == ["high", "human", "random"]
    # one agent per seat: the human seat's entry is checked, but nobody plays it
    res = runner([*args[:-1], "high,random,random", "--save", str(path), "--force"], ENOUGH)
    assert res.exit_code == 0, res.output
    assert _record(path).agents == ["high", "human", "random"]


def test_bots_only(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--humans", "none", "--save", str(path)], "")
    assert res.exit_code == 0
    assert "Game over" in res.stdout
    assert _record(path).agents == ["high", "high"] or _record(path).agents == ["random"] * 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "no-such-game"], "unknown game"),
        (["play", "fixture-pips", "-p", "7"], "takes 2-3 players"),
        (["play", "fixture-pips", "-o", "colour=red"], "no option 'colour'"),
        (["play", "fixture-pips", "-o", "rounds=many"], "whole number"),
        (["play", "fixture-pips", "-o", "rounds"], "key=value"),
        (["play", "fixture-pips", "--seat", "5"], "seat 5 does not exist"),
        (["play", "fixture-pips", "--humans", "0,0"], "seat 0 is given twice"),
        (["play", "fixture-pips", "--bots", "nobody"], "no agent 'nobody'"),
        (["play", "fixture-pips", "-p", "3", "--bots", "a,b,c,d"], "--bots names 4 agents"),
    ],
)
def test_bad_arguments_exit_with_a_message(runner, args, message):
    res = runner(args, "")
    assert res.exit_code == 2
    assert message in " ".join(res.stderr.split())


def test_play_from_a_real_pipe(tmp_path):
    path = tmp_path / "g.json"
    code = (
        f"import sys; sys.path.insert(0, {CORE_TESTS!r}); import fixture_game;"
        "fixture_game.register(); from meeple.cli.main import app; app()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "play", "fixture-pips", "--seed", "8", "--save", str(path)],
        input=ENOUGH,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "7"},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Game over" in proc.stdout
    assert json.loads(path.read_text())["result"] is not None


def _peach_available() -> bool:
    try:
        make("peach-festival", players=2)
    except Exception:
        return False
    return True


peach = pytest.mark.skipif(not _peach_available(), reason="peach-festival not available yet")


@peach
def test_peach_festival_game_against_a_bot_to_the_end(runner, tmp_path):
    path = tmp_path / "pf.json"
    res = runner(["play", "peach-festival", "--seed", "1", "--save", str(path)], "1\n" * 5000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "Game over" in res.stdout
    rec = _record(path)
    assert rec.result is not None and rec.agents[0] == "human"
    assert replay(rec).is_terminal()


@peach
def test_peach_festival_solo_hard_to_the_end(runner, tmp_path):
    path = tmp_path / "solo.json"
    args = ["play", "peach", "-p", "1", "-o", "difficulty=hard", "--seed", "2", "--save", str(path)]
    res = runner(args, "1\n" * 5000)
    assert res.exit_code == 0, res.output[-2000:]
    rec = _record(path)
    assert rec.config["difficulty"] == "hard" and rec.result is not None
    assert rec.result["extras"].get("rounds", 13) == 13
    assert "Final score:" in res.stdout and "Winner" not in res.stdout  # nobody to beat


def test_a_notation_prefix_lists_the_matching_moves(runner, tmp_path):
    res = runner(["play", "fixture-pips", "--seed", "3", "--save", str(tmp_path / "g.json")],
                 "b\n" + ENOUGH)  # fmt: skip
    assert res.exit_code == 0
    assert "Legal moves starting with 'b':" in res.stdout


def _fails_before_the_game(res, message: str) -> None:
    """The command stopped with one ``error:`` line before any seat was asked to move."""
    assert res.exit_code == 2, res.output
    assert message in " ".join(res.stderr.split())
    assert res.stderr.lstrip().startswith("error:")
    assert "Traceback" not in res.output
    assert "> " not in res.stdout and "saved to" not in res.stdout


@pytest.mark.parametrize(
    ("game", "spec", "message"),
    [
        ("fixture-pips", "ismcts:rollout=bogus", "no agent 'bogus' for fixture-pips"),
        ("fixture-pips", "ismcts:rollout=high:depth=4;x=2", "'high' of fixture-pips takes no"),
        pytest.param("peach-festival", "ismcts:rollout=bogus", "no agent 'bogus'", marks=peach),
        pytest.param(
            "peach-festival",
            "ismcts:rollout=heuristic:lntb=4;progress=2.5",
            "takes no parameters",
            marks=peach,
        ),
    ],
    ids=["unknown policy", "policy with bad parameters", "peach unknown", "peach bad parameters"],
)
def test_a_bad_rollout_policy_of_a_bot_is_an_error_before_the_game_starts(
    runner, tmp_path, game, spec, message
):
    path = tmp_path / "g.json"
    res = runner(["play", game, "--bots", spec, "--save", str(path)], ENOUGH)
    _fails_before_the_game(res, message)
    assert not path.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--humans", "0,1", "--bots", "nonsense"], "no agent 'nonsense'"),
        (["-p", "3", "--seat", "1", "--bots", "high,nonsense,random"], "no agent 'nonsense'"),
        (
            ["-p", "3", "--seat", "1", "--bots", "high,ismcts:rollout=bogus,random"],
            "no agent 'bogus' for fixture-pips",
        ),
    ],
    ids=["no bot seat", "entry of a human seat", "bad rollout of a human seat's entry"],
)
def test_every_bots_entry_is_checked_even_one_no_seat_plays(runner, tmp_path, args, message):
    res = runner(["play", "fixture-pips", *args, "--save", str(tmp_path / "g.json")], ENOUGH)
    _fails_before_the_game(res, message)


@pytest.mark.parametrize(
    "args",
    [
        ["fixture-pips", "--humans", "0,1", "--bots", "high"],
        ["fixture-pips", "-p", "3", "--humans", "0,1,2", "--bots", "random,high,random"],
        pytest.param(["peach-festival", "-p", "1", "--bots", "hard"], marks=peach),
    ],
    ids=["one bot for two humans", "one per seat", "solo peach festival"],
)
def test_bots_given_when_every_seat_is_human_are_refused(runner, tmp_path, args):
    res = runner(["play", *args, "--save", str(tmp_path / "g.json")], ENOUGH)
    _fails_before_the_game(res, "--bots names a bot, but every seat is human")


def test_without_bots_every_seat_may_be_human(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--humans", "0,1", "--save", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    assert _record(path).agents == ["human", "human"]


def _a_directory(tmp_path: Path) -> Path:
    return tmp_path


def _under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "file.txt").write_text("x")
    return tmp_path / "file.txt" / "g.json"


def _unreachable_directory(tmp_path: Path) -> Path:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o000)
    return locked / "sub" / "g.json"


@pytest.mark.parametrize(
    ("where", "message"),
    [
        (_a_directory, "it is a directory"),
        (_under_a_file, "file.txt' is not a directory"),
        pytest.param(
            _unreachable_directory,
            "Permission denied",
            marks=pytest.mark.skipif(
                not hasattr(os, "geteuid") or os.geteuid() == 0,
                reason="file permissions do not bind the superuser",
            ),
        ),
    ],
    ids=["a directory", "under a file", "an unreachable directory"],
)
def test_an_unwritable_save_path_is_an_error_before_the_game_starts(
    runner, tmp_path, where, message
):
    path = where(tmp_path)
    try:
        res = runner(["play", "fixture-pips", "--seed", "3", "--save", str(path)], ENOUGH)
    finally:
        if (tmp_path / "locked").exists():
            (tmp_path / "locked").chmod(0o700)  # so that pytest can remove it
    _fails_before_the_game(res, f"cannot write '{path}'")
    assert message in " ".join(res.stderr.split())


def test_default_records_of_games_started_in_the_same_second_do_not_overwrite_each_other(
    runner, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("meeple.cli.commands.play.time.strftime", lambda fmt, *a: "20260102-030405")
    for seed in (5, 6, 7):
        res = runner(["play", "fixture-pips", "--seed", str(seed)], ENOUGH)
        assert res.exit_code == 0, res.output
    records = tmp_path / "records"
    stem = "fixture-pips-20260102-030405"
    assert sorted(p.name for p in records.iterdir()) == [
        f"{stem}-2.json",
        f"{stem}-3.json",
        f"{stem}.json",
    ]
    assert [_record(records / f"{stem}{end}.json").seed for end in ("", "-2", "-3")] == [5, 6, 7]


def test_unicode_digits_are_unknown_input_not_move_numbers(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--seed", "3", "--save", str(path)], "²\n①\n٣\n" + ENOUGH)
    assert res.exit_code == 0, res.output
    for text in ("²", "①", "٣"):
        assert f"Unknown move {text!r}: not a move number or a notation" in res.stdout
    assert "Game over" in res.stdout


def test_a_human_sealed_choice_is_not_shown_to_the_next_human(runner, tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "fixture-pips", "--humans", "0,1", "--seed", "4", "--save", str(path)]
    res = runner(args, ENOUGH)
    assert res.exit_code == 0, res.output
    out = res.stdout
    bid = next(text for seat, text in _record(path).actions if seat == 0)
    # from seat 0's answer to the moment seat 1 sees its own view
    start = out.index("Player 1> ", out.index("Player 1 (human) to move (sealed)"))
    between = out[start : out.index("Player 2 (human) to move (sealed)")]
    assert "Player 1 (human) has made a sealed choice." in between
    assert bid not in between and "plays" not in between
    assert "(human) plays b" not in out  # no human's bid is ever echoed
    assert "Player 1 (human) plays keep" in out  # an open move is still announced


def test_a_lone_human_still_sees_their_own_moves_in_full(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--seed", "4", "--save", str(path)], ENOUGH)
    assert res.exit_code == 0, res.output
    actions = _record(path).actions
    bid = next(text for seat, text in actions if seat == 0)
    assert f"Player 1 (you) plays {bid}" in res.stdout
    assert "Player 1 (you) plays keep" in res.stdout
    assert "Player 1 (you) has made a sealed choice." not in res.stdout


def test_with_several_humans_a_private_move_is_announced_as_the_table_sees_it():
    """A move whose notation the other seats may not learn (as a card kept face down)."""
    import io

    import fixture_game
    from rich.console import Console

    from meeple.cli.play import PlaySession

    class PrivateKeepPips(fixture_game.SealedPips):
        def describe_move_for(self, state, seat, action, observer):
            if action.kind == "keep" and observer != seat:
                return "keeps the prize face down"
            return super().describe_move_for(state, seat, action, observer)

    out = io.StringIO()
    lines = iter(ENOUGH.splitlines(keepends=True))
    session = PlaySession(
        PrivateKeepPips(players=2),
        [0, 1],
        {},
        4,
        Console(file=out, width=160),
        lambda: next(lines, None),
    )
    assert session.run()
    text = out.getvalue()
    assert "Player 1 (human): keeps the prize face down" in text
    assert "plays keep" not in text


def test_an_empty_bots_list_is_refused(runner, tmp_path):
    res = runner(["play", "fixture-pips", "--bots", ",", "--save", str(tmp_path / "g.json")])
    assert res.exit_code == 2 and "--bots names no agent" in res.stderr
    assert not (tmp_path / "g.json").exists()


BOTS = """
from meeple.agents.base import Agent


class Answers(Agent):
    def act(self, observation, legal_actions, rng):
        return "not-a-move"


class Notation(Agent):
    def act(self, observation, legal_actions, rng):
        return legal_actions[0].text


class Ids(Agent):
    def act(self, observation, legal_actions, rng):
        import numpy

        return numpy.int64(legal_actions[-1].id)


class Raises(Agent):
    def act(self, observation, legal_actions, rng):
        raise KeyError("agent bug")


class Copies(Agent):
    def act(self, observation, legal_actions, rng):
        import copy

        return copy.deepcopy(legal_actions[0])


class Exits(Agent):
    def act(self, observation, legal_actions, rng):
        raise SystemExit


class OwnBase(BaseException):
    pass


class RaisesBase(Agent):
    def act(self, observation, legal_actions, rng):
        raise OwnBase("custom")


class Unprintable:
    def __repr__(self):
        raise ValueError("no repr")


class AnswersUnprintable(Agent):
    def act(self, observation, legal_actions, rng):
        return Unprintable()
"""


def _bots_only(runner, tmp_path, classes: str):
    """Play the fixture game with bots of ``BOTS`` (``"Class,Class"``) at every seat."""
    bots = tmp_path / "bots.py"
    bots.write_text(BOTS)
    path = tmp_path / "g.json"
    spec = ",".join(f"{bots}:{name}" if name != "random" else name for name in classes.split(","))
    res = runner(
        [
            "play",
            "fixture-pips",
            "--humans",
            "none",
            "--bots",
            spec,
            "--save",
            str(path),
            "--force",
        ],
        "",
    )
    return res, bots, path


def test_a_bot_answering_no_legal_move_stops_the_game_naming_it_and_saves_the_record(
    runner, tmp_path
):
    res, _, path = _bots_only(runner, tmp_path, "Answers,random")
    assert res.exit_code == 1
    assert "answered 'not-a-move', which is not one of its legal actions" in res.stderr
    assert "Unfinished game record saved" in res.stdout and path.exists()


def test_a_bot_may_answer_with_a_legal_move_notation_or_id_as_the_engine_takes_them(
    runner, tmp_path
):
    numpy = importlib.util.find_spec("numpy") is not None  # a NumPy integer id: the rl extra
    for bots in ("Notation,Ids" if numpy else "Notation,random", "Copies,random"):
        res, _, _ = _bots_only(runner, tmp_path, bots)
        assert res.exit_code == 0 and "Game over" in res.stdout


def test_a_bot_that_raises_is_named_under_its_error(runner, tmp_path):
    res, bots, path = _bots_only(runner, tmp_path, "Raises,random")
    assert isinstance(res.exception, KeyError) and path.exists()
    assert res.exception.__notes__ == [f"raised by the bot playing as Player 1 ({bots}:Raises)"]
    res, bots, path = _bots_only(runner, tmp_path, "Exits,random")
    assert isinstance(res.exception, RuntimeError) and path.exists()
    assert f"the bot playing as Player 1 ({bots}:Exits) called exit" in str(res.exception)
    with pytest.raises(BaseException) as raised:  # not an Exception: the test runner lets it by
        _bots_only(runner, tmp_path, "RaisesBase,random")
    assert type(raised.value).__name__ == "OwnBase"
    assert raised.value.__notes__ == [f"raised by the bot playing as Player 1 ({bots}:RaisesBase)"]
    res, bots, path = _bots_only(runner, tmp_path, "AnswersUnprintable,random")
    assert res.exit_code == 1 and "answered an unprintable Unprintable" in res.stderr


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminated_game_saves_its_unfinished_record(tmp_path, sent):
    """``kill`` (SIGTERM) and a closed terminal (SIGHUP) stop ``meeple play`` as Ctrl-C does."""
    path = tmp_path / "g.json"
    code = "from meeple.cli.main import app; app()"
    args = ["play", "annapurna", "--seed", "3", "--save", str(path)]
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for line in proc.stdout:  # the game is under way once the help hint is shown
        if "for commands" in line:
            break
    proc.send_signal(sent)
    proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert GameRecord.load(path).game == "annapurna"


def test_on_a_shared_terminal_a_persons_view_is_wiped_with_the_scrollback_after_each_move():
    """Hot-seat play: once a person has moved, their private view leaves the screen, and
    the terminal's scrollback, before the bots' moves are announced to the table."""
    import io

    import fixture_game
    from rich.console import Console

    from meeple.agents import make_agent
    from meeple.cli.play import PlaySession

    game = fixture_game.SealedPips(players=3)
    bot = make_agent("random", game)
    bot.setup(game, 1)
    out = io.StringIO()
    lines = iter(ENOUGH.splitlines(keepends=True))
    session = PlaySession(
        game,
        [0, 2],
        {1: bot},
        4,
        Console(file=out, width=160, force_terminal=True),
        lambda: next(lines, None),
    )
    assert session.run()
    text = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())  # colours off, screen codes kept
    move = text.index("Player 3> ")  # seat 2 moves, then the bot at seat 1
    wipe = text.index("\x1b[2J\x1b[H\x1b[3J", move)
    assert wipe < text.index("Player 2 (random) plays", move)


def test_a_drawn_seed_is_kept_secret_until_the_game_ends(runner, tmp_path):
    path = tmp_path / "g.json"
    res = runner(["play", "fixture-pips", "--save", str(path)], "quit\n")
    head, _, tail = res.stdout.partition("Game stopped")
    seed = _record(path).seed
    assert "a new seed, shown when the game ends" in head and str(seed) not in head
    assert f"The game's seed was {seed}." in tail
    given = runner(
        ["play", "fixture-pips", "--seed", "5", "--save", str(path), "--force"], "quit\n"
    )
    assert "seed 5" in given.stdout.splitlines()[0]


def test_a_move_typed_with_other_spacing_or_letter_case_is_played(runner, tmp_path):
    """``EXPLORE   B1`` is read as the one legal move ``explore b1``."""
    path = tmp_path / "an.json"
    res = runner(["play", "annapurna", "--seed", "3", "--save", str(path)], "EXPLORE   B1\nquit\n")
    assert res.exit_code == 0, res.output[-2000:]
    assert "Unknown move" not in res.stdout
    first = next(a for a in _record(path).actions if a[0] == 0)
    assert list(first) == [0, "explore b1"]


@peach
def test_blanks_inside_a_typed_notation_do_not_matter(runner, tmp_path):
    """``KEEP : 22`` is read as the one legal move ``keep:22``."""
    path = tmp_path / "pf.json"
    res = runner(
        ["play", "peach-festival", "--seed", "3", "--save", str(path)], "KEEP : 22\nquit\n"
    )
    assert res.exit_code == 0, res.output[-2000:]
    first = next(a for a in _record(path).actions if a[0] == 0)
    assert list(first) == [0, "keep:22"]


def test_a_lone_players_turn_track_peach_is_announced_as_such():
    """PF-075: the solo turn-track circle's Peach, typed as ``peach`` like the round's action,
    is echoed in its own words."""
    import io
    import random

    from rich.console import Console

    from meeple.agents import make_agent
    from meeple.cli.play import PlaySession
    from meeple.core import make

    game = make("peach-festival", players=1)
    bot = make_agent("greedy", game)
    bot.setup(game, 0)
    rng = random.Random(0)
    out = io.StringIO()
    track = []

    def read_line():
        state = session.state
        action = bot.act(state.observe(0), list(state.legal_actions(0)), rng)
        if action.text == "peach" and state.phase == "track":
            track.append(action)
        return action.text

    session = PlaySession(game, [0], {}, 0, Console(file=out, width=200), read_line)
    session.run()
    assert track
    told = [line for line in out.getvalue().splitlines() if line.startswith("Player 1")]
    # each after the prompt "Player 1> " the move was typed at
    peach = "Player 1 gained the turn-track circle's Peach."
    assert sum(line.endswith(f"> {peach}") for line in told) == len(track)


def test_an_existing_record_file_is_kept_unless_force_is_given(runner, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("mine")
    res = runner(["play", "fixture-pips", "--humans", "none", "--save", str(path)], "")
    assert res.exit_code == 2 and "exists already; give --force" in res.stderr
    assert path.read_text() == "mine"
    res = runner(["play", "fixture-pips", "--humans", "none", "--save", str(path), "--force"], "")
    assert res.exit_code == 0 and _record(path).agents


def test_an_empty_entry_in_the_bots_list_is_refused(runner):
    for bots in ("greedy,,random", "random,"):
        res = runner(["play", "fixture-pips", "--humans", "none", "--bots", bots], "")
        assert res.exit_code == 2 and "empty entry" in res.stderr, bots


def test_a_seat_beyond_a_solo_game_is_named_in_the_singular(runner):
    res = runner(["play", "peach-festival", "-p", "1", "--humans", "1"], "")
    assert res.exit_code == 2 and "seat 1 does not exist with 1 player" in res.stderr
    assert "1 players" not in res.stderr
