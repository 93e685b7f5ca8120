"""Records: JSON round trip, replay, version checks, and seeds stable across processes."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fixture_game import HighBidder, SealedPips

import meeple
from meeple.agents import RandomAgent, make_agent
from meeple.core import ConfigError, GameRecord, IllegalActionError, RecordError, replay
from meeple.core.driver import play_game, random_playout
from meeple.core.game import sample_chance
from meeple.core.record import MAX_RECORD_BYTES, seat_log
from meeple.core.seeding import make_rng

HERE = Path(__file__).resolve().parent


def _play(game: SealedPips, seed: int) -> tuple:
    return play_game(game, [RandomAgent() for _ in range(game.num_players)], seed=seed)


def test_record_round_trips_through_json_and_replays_identically(game):
    state, record = _play(game, seed=11)
    back = GameRecord.from_json(record.to_json())
    assert back == record
    assert back.game == "fixture-pips" and back.version == "1.0"
    assert back.config == {"players": game.num_players, "rounds": 3, "deck": 12}
    assert back.agents == ["random"] * game.num_players
    assert back.result == state.result().to_dict()
    assert replay(back).fingerprint() == state.fingerprint()


def test_record_holds_chance_outcomes_with_seat_minus_one(game2):
    _, record = _play(game2, seed=2)
    assert record.actions[0][0] == -1 and record.actions[0][1].startswith("c")
    assert {seat for seat, _ in record.actions} == {-1, 0, 1}


def test_save_and_load(tmp_path, game2):
    state, record = _play(game2, seed=4)
    path = record.save(tmp_path / "sub" / "game.json")
    loaded = GameRecord.load(path)
    assert replay(loaded).fingerprint() == state.fingerprint()


def test_replay_upto_rebuilds_a_prefix(game2):
    _, record = _play(game2, seed=5)
    mid = replay(record, upto=10)
    assert mid.move_number() == 10
    assert [(s, a.text) for s, a in mid.history] == [tuple(x) for x in record.actions[:10]]


def test_unfinished_game_records_no_result(game2):
    state, record = play_game(game2, [RandomAgent(), RandomAgent()], seed=1, max_steps=9)
    assert record.result is None
    assert replay(record).fingerprint() == state.fingerprint()


def test_version_mismatch_is_a_config_error(game2):
    _, record = _play(game2, seed=6)
    old = dataclasses.replace(record, version="0.9")
    with pytest.raises(ConfigError, match=r"0\.9"):
        replay(old)


def test_tampered_fingerprint_is_a_config_error(game2):
    _, record = _play(game2, seed=6)
    with pytest.raises(ConfigError, match="differs"):
        replay(dataclasses.replace(record, fingerprint="0" * 64))


def test_a_result_that_the_replay_does_not_reach_is_a_config_error(game2):
    _, record = _play(game2, seed=6)
    result = json.loads(json.dumps(record.result))
    result["scores"] = [s + 1 for s in result["scores"]]
    with pytest.raises(ConfigError, match="replayed result differs"):
        replay(dataclasses.replace(record, result=result))


def test_a_truncated_record_that_keeps_its_result_is_a_config_error(game2):
    """A record claiming a final result must reach the end of the game."""
    _, record = _play(game2, seed=6)
    short = dataclasses.replace(record, actions=record.actions[:-3], fingerprint=None)
    with pytest.raises(ConfigError, match="end before the game does"):
        replay(short)


def test_a_record_without_its_actions_is_refused_on_load(game2):
    """Without its actions a record would replay as a game not yet begun."""
    _, record = _play(game2, seed=6)
    data = dataclasses.asdict(record)
    del data["actions"]
    with pytest.raises(ConfigError) as err:
        GameRecord.from_json(json.dumps(data))
    assert str(err.value) == "not a meeple game record: missing field(s) actions"


def test_a_finished_game_recorded_without_its_result_is_a_config_error(game2):
    """A record whose moves end the game must carry the game's result."""
    _, record = _play(game2, seed=6)
    with pytest.raises(ConfigError, match="holds no result, but its moves end the game"):
        replay(dataclasses.replace(record, result=None))
    with pytest.raises(ConfigError, match="holds no result"):
        replay(dataclasses.replace(record, result=None, fingerprint=None))


def test_an_unfinished_game_recorded_without_a_result_replays(game2):
    """Result null is right for a game that has not ended: it replays, checked."""
    state, record = play_game(game2, [RandomAgent(), RandomAgent()], seed=1, max_steps=9)
    back = GameRecord.from_json(record.to_json())
    assert back.result is None and not state.is_terminal()
    assert replay(back).fingerprint() == state.fingerprint()


def test_another_version_is_named_before_its_options_are_read(game2):
    """A record of another rules version may hold options the installed rules lack."""
    _, record = _play(game2, seed=6)
    old = dataclasses.replace(record, version="0.9", config={**record.config, "variant": "x"})
    with pytest.raises(ConfigError, match=r"rules 0\.9"):
        replay(old)


def test_illegal_action_in_a_record_raises_naming_its_entry(game2):
    _, record = _play(game2, seed=6)
    actions = [list(a) for a in record.actions]
    actions[4] = [actions[4][0], "xyzzy"]
    with pytest.raises(IllegalActionError) as err:
        replay(dataclasses.replace(record, actions=actions))
    assert err.value.reason.startswith("actions[4] (move 5): ") and err.value.rule == "CORE-04"


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"game": "x"}', '{"gam": 1}'])
def test_malformed_record_is_a_config_error(text):
    with pytest.raises(ConfigError):
        GameRecord.from_json(text)


def test_same_seed_gives_the_same_record_and_a_new_seed_another(game2):
    a = _play(game2, seed=9)[1].to_json()
    b = _play(SealedPips(players=2), seed=9)[1].to_json()
    c = _play(game2, seed=10)[1].to_json()
    assert a == b
    assert a != c


def test_game_specific_agents_come_from_the_games_table(game2):
    agent = make_agent("high", game2)
    assert isinstance(agent, HighBidder)
    _, record = play_game(game2, [agent, make_agent("random", game2)], seed=0)
    assert record.agents == ["high", "random"]
    with pytest.raises(ConfigError, match="high"):
        make_agent("nobody", game2)


def test_a_resumed_game_draws_from_generators_of_its_seed_and_position(game2):
    """A game rebuilt from a record and played on draws from generators derived from the seed
    and the number of actions played (not the opening's again), the same way every time."""
    _, record = _play(game2, seed=5)
    runs = [_play_from(game2, replay(record, upto=4), seed=5) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][:4] == record.actions[:4]
    at4 = replay(record, upto=4)  # two more deals to come, then the prize
    rng = make_rng(5, "chance", 4)
    drawn = []
    for _ in range(3):
        drawn.append(sample_chance(at4, rng).text)
        at4.apply_action(drawn[-1], -1)
    assert [text for _, text in runs[0][4:7]] == drawn


def test_play_game_refuses_a_state_of_another_game(game2):
    three = SealedPips(players=3)
    with pytest.raises(ValueError, match="the state is one of"):
        play_game(three, [RandomAgent() for _ in range(3)], state=game2.new_initial_state())
    same = SealedPips(players=2)  # another object, the same game: its states are welcome
    assert play_game(same, [RandomAgent(), RandomAgent()], state=game2.new_initial_state())


def _play_from(game: SealedPips, state, seed: int) -> list:
    agents = [RandomAgent() for _ in range(game.num_players)]
    return play_game(game, agents, seed=seed, state=state)[1].actions


def test_play_game_checks_the_number_of_agents(game2):
    with pytest.raises(ValueError):
        play_game(game2, [RandomAgent()], seed=0)


def test_random_playout_ends_the_game(game):
    state = random_playout(game.new_initial_state(), make_rng(1))
    assert state.is_terminal()


_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
import fixture_game
fixture_game.register()
from meeple import make
from meeple.agents import RandomAgent
from meeple.core.driver import play_game
out = []
for players in (2, 3):
    game = make("fixture-pips", players=players)
    _, rec = play_game(game, [RandomAgent() for _ in range(players)], seed=42)
    out.append(rec.to_json())
print("\\n".join(out))
"""


def test_same_seed_same_record_whatever_the_hash_seed():
    outputs = []
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [sys.executable, "-c", _SCRIPT, str(HERE)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0].split("\n}\n")[0] + "\n}")["game"] == "fixture-pips"


def _edited(record: GameRecord, edit) -> str:
    data = json.loads(record.to_json())
    edit(data)
    return json.dumps(data)


def _set(key, value):
    return lambda data: data.__setitem__(key, value)


def _set_action(index, value):
    return lambda data: data["actions"].__setitem__(index, value)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set_action(3, None), "actions[3]: expected [seat, move], got null"),
        (_set_action(3, [0]), "actions[3]: expected [seat, move], got [0]"),
        (_set_action(3, [0, "b1", 1]), 'actions[3]: expected [seat, move], got [0, "b1", 1]'),
        (
            _set_action(3, ["0", "c1"]),
            'actions[3]: expected an integer seat (-1 for chance), got "0"',
        ),
        (
            _set_action(3, [True, "c1"]),
            "actions[3]: expected an integer seat (-1 for chance), got true",
        ),
        (_set_action(3, [-1, 7]), "actions[3]: expected a move's notation (a string), got 7"),
        (_set("actions", "abc"), 'actions: expected a list of [seat, move] pairs, got "abc"'),
        (_set("config", "x"), 'config: expected an object, got "x"'),
        (_set("agents", None), "agents: expected a list of strings, got null"),
        (_set("agents", ["random", 3]), "agents[1]: expected a string, got 3"),
        (_set("version", 1.0), "version: expected a string, got 1.0"),
        (_set("game", None), "game: expected a string, got null"),
        (_set("seed", "7"), 'seed: expected an integer or null, got "7"'),
        (_set("result", []), "result: expected an object or null, got []"),
        (_set("fingerprint", 0), "fingerprint: expected a string or null, got 0"),
        (_set("notes", ""), "unknown field(s) notes"),
        (lambda data: data.pop("version"), "missing field(s) version"),
        (lambda data: data.pop("actions"), "missing field(s) actions"),
    ],
)
def test_a_record_with_a_mistyped_field_is_refused_naming_the_field(game2, edit, message):
    _, record = _play(game2, seed=4)
    with pytest.raises(ConfigError) as err:
        GameRecord.from_json(_edited(record, edit))
    assert str(err.value) == f"not a meeple game record: {message}"


def test_a_record_that_is_not_a_json_object_is_refused():
    with pytest.raises(ConfigError, match=r"expected a JSON object, got \[1, 2\]"):
        GameRecord.from_json("[1, 2]")


def test_a_record_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b'{"game": "\xff"}')
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        GameRecord.load(path)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"game": "x", "version": "1", "config": {}, "actions": [], "result": '
        + '{"a": [' * 40
        + "1"
        + "]}" * 40
        + "}",
    ],
    ids=["beyond-the-parser", "beyond-the-bound"],
)
def test_a_record_nested_deeper_than_any_real_one_is_refused(text):
    with pytest.raises(RecordError, match="nested deeper than 32 levels"):
        GameRecord.from_json(text)


def test_a_record_larger_than_any_real_one_is_refused_without_reading_it_whole(tmp_path):
    with pytest.raises(RecordError, match="more than 67,108,864 bytes"):
        GameRecord.load("/dev/zero")  # endless: only the bound and one byte more are read
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="longer than any game's record"):
        GameRecord.load(big)
    with pytest.raises(RecordError, match="more than 67,108,864 characters"):
        GameRecord.from_json(" " * (MAX_RECORD_BYTES + 1))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_record_in_utf16_or_utf32_is_refused_as_not_utf8(tmp_path, game2, encoding):
    _, record = _play(game2, seed=4)
    path = tmp_path / "game.json"
    path.write_bytes(record.to_json().encode(encoding))
    with pytest.raises(RecordError, match="UTF-16 or UTF-32 text; records are UTF-8"):
        GameRecord.load(path)


def test_a_record_in_utf8_with_a_byte_order_mark_is_read(tmp_path, game2):
    _, record = _play(game2, seed=4)
    path = tmp_path / "game.json"
    path.write_bytes(record.to_json().encode("utf-8-sig"))
    assert GameRecord.load(path) == record
    assert GameRecord.from_json("\ufeff" + record.to_json()) == record


def test_a_record_with_a_seat_outside_the_game_does_not_replay(game2):
    _, record = _play(game2, seed=4)
    actions = [list(a) for a in record.actions]
    actions[0] = [2, actions[0][1]]
    back = GameRecord.from_json(json.dumps({**dataclasses.asdict(record), "actions": actions}))
    with pytest.raises(IllegalActionError) as err:
        replay(back)
    assert err.value.rule == "CORE-08"


def test_a_result_is_compared_as_written_true_is_not_one(game2):
    _, record = _play(game2, seed=6)
    result = json.loads(json.dumps(record.result))
    result["ranks"] = [True if r == 1 else r for r in result["ranks"]]
    with pytest.raises(ConfigError, match="its ranks"):
        replay(dataclasses.replace(record, result=result))


def _bid(text: str) -> bool:
    return text[0] == "b" and text[1:].isdigit()


def test_seat_log_shows_another_seats_sealed_bid_only_as_made(game2):
    """FX-04: bids are sealed; the bidder's own log names its bid, the other's only says so."""
    from meeple.core.record import seat_log

    _, record = _play(game2, seed=3)
    logs = [seat_log(record, 0), seat_log(record, 1)]
    bids = [(n, seat, text) for n, (seat, text) in enumerate(record.actions) if _bid(text)]
    assert len(bids) == 2 * 3
    for n, seat, text in bids:
        own, other = logs[seat][n], logs[1 - seat][n]
        assert (own.number, own.seat, own.move, own.sealed) == (n + 1, seat, text, False)
        assert (other.seat, other.move, other.told, other.sealed) == (seat, None, "", True)


def test_seat_log_tells_public_decisions_and_hides_unannounced_chance(game2):
    """FX-06: keep, burn and hit are public; the fixture announces no chance outcome."""
    from meeple.core.record import seat_log

    _, record = _play(game2, seed=3)
    for viewer in (0, 1, None):
        log = seat_log(record, viewer)
        assert len(log) == len(record.actions)
        for entry, (seat, text) in zip(log, record.actions, strict=True):
            if seat == -1:
                assert (entry.move, entry.told) == (None, "")
            elif not _bid(text):
                assert entry.move == text and not entry.sealed
    spectator = seat_log(record, None)
    bids = [e for e, (_, text) in zip(spectator, record.actions, strict=True) if _bid(text)]
    assert bids and all(e.sealed and e.move is None for e in bids)


def test_seat_log_refuses_a_seat_the_game_does_not_have_and_a_tampered_record(game2):
    from meeple.core.record import seat_log

    _, record = _play(game2, seed=3)
    for viewer, reason in ((2, "no seat 2"), (-1, "no seat -1"), (True, "booleans are not")):
        with pytest.raises(ConfigError, match=reason):
            seat_log(record, viewer)
    with pytest.raises(ConfigError, match="not an integer"):
        seat_log(record, "0")
    tampered = dataclasses.replace(record, fingerprint="0" * 16)
    with pytest.raises(ConfigError, match="differs"):
        seat_log(tampered, 0)
    emptied = dataclasses.replace(record, actions=[])  # its result and fingerprint kept
    with pytest.raises(ConfigError, match="differs"):
        seat_log(emptied, 0)


def test_tell_move_refuses_a_move_the_seat_cannot_make_in_that_state(game2):
    """Told from the state after the move (an easy slip), a draw would be described to the
    wrong seat: the move is checked as ``apply_action`` checks it, and nothing changes."""
    from meeple.core.record import tell_move

    _, record = _play(game2, seed=3)
    before = replay(record, upto=0)
    seat, text = record.actions[0]
    assert tell_move(before, 1, seat, text, 0).seat == seat
    after = replay(record, upto=1)
    mark = after.fingerprint()
    with pytest.raises(IllegalActionError):
        tell_move(after, 1, seat, text, 0)  # that card is dealt already
    with pytest.raises(IllegalActionError):
        tell_move(after, 1, 0, "keep", 0)  # a player's move at a chance node
    with pytest.raises(ValueError, match="no seat 5"):
        tell_move(before, 1, seat, text, 5)
    assert after.fingerprint() == mark


@pytest.mark.parametrize("name", ["peach-festival", "annapurna", "almanac"])
def test_a_record_whose_seed_was_edited_is_refused(name):
    """The seed is checked against the chance outcomes it draws, so a record cannot claim
    another seed (which ``replay`` would show as the game's)."""
    game = meeple.make(name, players=2)
    _, record = play_game(game, [RandomAgent() for _ in range(2)], seed=21, max_steps=300)
    replay(record)
    assert [e.number for e in seat_log(record, 0)] == list(range(1, len(record.actions) + 1))
    forged = dataclasses.replace(record, seed=22)
    with pytest.raises(ConfigError, match=r"is not what the record's seed draws there"):
        replay(forged)
    with pytest.raises(ConfigError, match=r"is not what the record's seed draws there"):
        seat_log(forged, 0)
    with pytest.raises(ConfigError, match=r"is not what the record's seed draws there"):
        replay(forged, upto=len(record.actions) // 2)


def test_a_game_resumed_from_its_record_keeps_a_seed_that_replays(game2):
    """A game played on from a record draws from its seed's streams at that position, so the
    record of the whole game still replays under its seed, however often it was resumed."""
    _, first = play_game(game2, [RandomAgent(), RandomAgent()], seed=9, max_steps=3)
    _, second = play_game(
        game2, [RandomAgent(), RandomAgent()], seed=9, state=replay(first), max_steps=4
    )
    _, whole = play_game(game2, [RandomAgent(), RandomAgent()], seed=9, state=replay(second))
    assert replay(whole).fingerprint() == whole.fingerprint
    with pytest.raises(ConfigError, match="seed draws there"):
        replay(dataclasses.replace(whole, seed=10))


def test_a_record_without_a_seed_replays_whatever_its_outcomes(game2):
    _, record = _play(game2, seed=3)
    assert replay(dataclasses.replace(record, seed=None)).fingerprint() == record.fingerprint


def test_an_applied_action_is_told_to_every_viewer_as_tell_move_tells_it(game2):
    """FX-06: ``tell_applied`` is ``tell_move`` for an action already applied, sealed bids and
    chance draws included, and refuses a pair of states that are not one action apart."""
    from meeple.core.record import tell_applied, tell_move

    _, record = _play(game2, seed=3)
    viewers = (0, 1, None)
    for n, (seat, text) in enumerate(record.actions):
        before, after = replay(record, upto=n), replay(record, upto=n + 1)
        told = tell_applied(before, after, viewers)
        assert told == [tell_move(before, n + 1, seat, text, v) for v in viewers]
    start, two_on = replay(record, upto=0), replay(record, upto=2)
    with pytest.raises(ValueError, match="one more action"):
        tell_applied(start, two_on, viewers)
    with pytest.raises(ValueError, match="one more action"):
        tell_applied(replay(record, upto=1), start, viewers)
    with pytest.raises(ValueError, match="no seat 5"):
        tell_applied(start, replay(record, upto=1), (5,))
