"""Every file the command line reads (records, journals of games under way, results files,
content) may be hostile: whatever it holds, the output is messages, never a traceback, and no
control character from it reaches the terminal (``meeple.sim.text.printable``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple.games
from meeple.agents import make_agent
from meeple.core.driver import play_game
from meeple.core.registry import make
from meeple.sim import SimSpec, run_simulation, write_results
from meeple.sim.journal import GameJournal, JournalHeader
from meeple.sim.text import printable

#: Text with what a hostile file would hold: escape sequences, bells, carriage returns,
#: backspaces, bidirectional overrides, line separators, NUL, C1 controls, rich markup.
PIECES = ["a", "[bold]", "]", "\x1b", "\x1b]0;title\x07", "\x1b[2J", "\r", "\b", "\x00", "\t",
          "\n", "\x7f", "\x9b", "\u202e", "\u2028", "\u200b", "\ufeff", "é"]  # fmt: skip
HOSTILE = st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join)

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _clean(text: str) -> bool:
    """No control character but line breaks, nothing invisible that reorders text."""
    return printable(text, newlines=True) == text


def _check(res) -> None:
    """The command ended with a message (or normally), and printed nothing unescaped."""
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    assert _clean(res.stdout) and _clean(res.stderr), (res.stdout, res.stderr)
    if res.exit_code not in (0, 130):
        assert res.stderr.startswith("error:") or "error:" in res.stderr


def test_the_shared_helper_spells_out_every_control_character():
    assert printable("a\x1b]0;x\x07b") == "a\\x1b]0;x\\x07b"
    assert printable("x\ny") == "x\\x0ay" and printable("x\ny", newlines=True) == "x\ny"
    assert printable("\u202eevil\u2028") == "\\u202eevil\\u2028"
    assert printable("Crème brûlée, 3 ♥") == "Crème brûlée, 3 ♥"  # printable text unchanged
    assert all(
        _clean(printable(chr(c)))
        for c in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0x202E, 0xFEFF]
    )


@pytest.fixture(scope="module")
def record_json() -> dict:
    game = make("fixture-pips", players=2)
    _, record = play_game(game, [make_agent("random", game), make_agent("high", game)], seed=4)
    return json.loads(record.to_json())


@SETTINGS
@given(
    field=st.sampled_from(["agents", "version", "game", "config", "action", "seed"]),
    text=HOSTILE,
    cut=st.none() | st.integers(0, 400),
)
def test_a_hostile_record_is_refused_or_replayed_with_its_text_escaped(
    runner, tmp_path, record_json, field, text, cut
):
    data = json.loads(json.dumps(record_json))
    if field == "agents":
        data["agents"] = [text, text]
    elif field == "config":
        data["config"]["rounds"] = text
    elif field == "action":
        data["actions"][3][1] = text
    elif field == "seed":
        data["seed"] = text
    else:
        data[field] = text
    raw = json.dumps(data)
    path = tmp_path / "r.json"
    path.write_text(raw if cut is None else raw[:cut])
    for args in (["replay", str(path)], ["replay", str(path), "--seat", "1"]):
        _check(runner(args))
    if field != "agents" or cut is not None:  # a label is not an agent: refused on resume
        _check(runner(["play", "--resume", str(path)], "1\n" * 50))


@SETTINGS
@given(field=st.sampled_from(["agents", "bots", "version", "action"]), text=HOSTILE)
def test_a_hostile_journal_is_refused_or_resumed_with_its_text_escaped(
    runner, tmp_path, record_json, field, text
):
    header = JournalHeader(
        "fixture-pips",
        text if field == "version" else "1.0",
        {"players": 2, "rounds": 3, "deck": 12},
        4,
        ["human", text] if field == "agents" else ["human", "random"],
        {1: text if field == "bots" else "random"},
    )
    actions = [list(a) for a in record_json["actions"][:5]]
    if field == "action":
        actions[-1][1] = text
    path = tmp_path / "j.json"
    GameJournal(path, header, actions).close()
    _check(runner(["replay", str(path)]))
    _check(runner(["play", "--resume", str(path)], "1\n" * 50))


@pytest.fixture(scope="module")
def result_rows() -> list[dict]:
    return run_simulation(SimSpec("fixture-pips", 2, ("random", "high"), 4, seed=2))


@SETTINGS
@given(
    suffix=st.sampled_from([".csv", ".jsonl"]),
    field=st.sampled_from(["agents", "version", "game_name", "extras", "deep"]),
    text=HOSTILE,
    depth=st.integers(1, 3000),
)
def test_a_hostile_results_file_is_refused_or_pooled_with_its_text_escaped(
    runner, tmp_path, result_rows, suffix, field, text, depth
):
    rows = json.loads(json.dumps(result_rows))
    for row in rows:
        if field == "agents":
            row["agents"] = [text, row["agents"][1]]
        elif field == "extras":
            row["extras"][text] = text
        elif field != "deep":
            row[field] = text
    path = tmp_path / f"r{suffix}"
    write_results(rows, path, 2)
    if field == "deep":  # an extra nested ``depth`` deep, in a JSON line or a CSV cell
        deep = "[" * depth + "]" * depth
        if suffix == ".jsonl":
            lines = path.read_text().splitlines()
            lines[1] = lines[1].replace('"extras": {', f'"extras": {{"x": {deep}, ', 1)
            path.write_text("\n".join(lines) + "\n")
        else:
            lines = path.read_text().splitlines()
            lines[0] += ",extra_x"
            lines[1] += "," + deep
            path.write_text("\n".join(lines) + "\n")
    _check(runner(["results", "fixture-pips", str(path)]))


def _content_dirs() -> list[Path]:
    root = Path(meeple.games.__file__).parent
    return sorted(p for p in root.glob("*/content") if p.is_dir())


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(which=st.integers(0, 10**6), text=HOSTILE)
def test_hostile_content_is_refused_or_played_with_its_text_escaped(runner, tmp_path, which, text):
    source = _content_dirs()[which % len(_content_dirs())]
    game = source.parent.name.replace("_", "-")
    target = tmp_path / f"c{which}"
    shutil.copytree(source, target, dirs_exist_ok=True)
    files = sorted(target.glob("*.toml"))
    f = files[which % len(files)]
    lines = f.read_text().splitlines(keepends=True)
    quoted = [i for i, line in enumerate(lines) if line.count('"') >= 2]
    i = quoted[which % len(quoted)]
    start = lines[i].index('"')
    end = lines[i].index('"', start + 1)
    escaped = json.dumps(text)[1:-1]  # a TOML basic string takes JSON's escapes
    lines[i] = lines[i][: start + 1] + escaped + lines[i][end:]
    f.write_text("".join(lines))
    args = ["play", game, "--humans", "none", "-o", f"content={target}"]
    _check(runner([*args, "--seed", "1", "--save", str(tmp_path / f"g{which}.json"), "--force"]))
