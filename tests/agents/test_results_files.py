"""``meeple results``: saved results files read back and pooled across runs."""

from __future__ import annotations

import json

import pytest

from meeple.core.errors import ConfigError
from meeple.sim.output import read_results, write_results
from meeple.sim.tournament import head_to_head, head_to_head_by_deal, pool_results

PIPS = ["tournament", "fixture-pips", "--no-progress"]


def _tables(stdout: str) -> str:
    """The standings, head-to-head and seat tables, without the header lines above them."""
    return stdout[stdout.index("Standings") :]


def _h2h_cells(stdout: str) -> list[str]:
    line = next(x for x in stdout.split("Head to head")[1].splitlines() if "│" in x and "high" in x)
    return [c.strip() for c in line.split("│")][3:7]


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_results_of_one_tournament_print_the_tables_the_tournament_printed(
    runner, tmp_path, suffix
):
    out = tmp_path / f"t{suffix}"
    ran = runner([*PIPS, "-a", "random,high,ismcts:iterations=20", "-n", "12", "-s", "4",
                  "--out", str(out)])  # fmt: skip
    assert ran.exit_code == 0, ran.output
    read = runner(["results", "fixture-pips", str(out)])
    assert read.exit_code == 0, read.output
    assert _tables(read.stdout) == _tables(ran.stdout)
    assert "Sealed Pips results: 12 games from 1 file, 2 players, rules" in read.stdout


def test_results_of_runs_on_several_seeds_count_every_game_once(runner, tmp_path):
    files = []
    for seed in (1, 2, 3):
        out = tmp_path / f"r{seed}.jsonl"
        assert runner([*PIPS, "-a", "random,high", "-n", "6", "-s", str(seed),
                       "--out", str(out)]).exit_code == 0  # fmt: skip
        files.append(out)
    read = runner(["results", "fixture-pips", *map(str, files)])
    assert read.exit_code == 0, read.output
    assert "18 games from 3 files" in read.stdout
    tally = [0, 0, 0]
    for path in files:
        rows = read_results(path)
        labels = list(dict.fromkeys(rows[0]["agents"]))
        slotted = [{**r, "slots": [labels.index(a) for a in r["agents"]]} for r in rows]
        (pair,) = head_to_head(slotted, labels)
        won, lost = (pair.wins, pair.losses) if pair.a == "random" else (pair.losses, pair.wins)
        tally = [tally[0] + 18 // 3, tally[1] + won, tally[2] + lost]
    assert _h2h_cells(read.stdout) == [str(tally[0]), str(tally[1]), str(tally[2]),
                                       str(tally[0] - tally[1] - tally[2])]  # fmt: skip


def test_duplicate_rotations_are_compared_by_deal_and_fresh_deals_game_by_game(runner, tmp_path):
    dup, fresh = tmp_path / "dup.jsonl", tmp_path / "fresh.csv"
    args = [*PIPS, "-p", "3", "-a", "random,high", "-n", "8"]
    assert runner([*args, "-s", "2", "--duplicate", "--out", str(dup)]).exit_code == 0
    assert runner([*args, "-s", "5", "--out", str(fresh)]).exit_code == 0
    rows = [*read_results(dup), *read_results(fresh)]
    slotted = [{**r, "slots": [0 if a == "random" else 1 for a in r["agents"]]} for r in rows]
    (pair,) = head_to_head_by_deal(slotted, ["random", "high"])
    assert pair.games == 4 + 8  # four rotations on a deal each, eight fresh deals
    read = runner(["results", "fixture-pips", str(dup), str(fresh)])
    assert read.exit_code == 0, read.output
    text = " ".join(read.stdout.split())
    assert "16 games on 12 deals from 2 files, 3 players" in text
    assert "head to head counts deals" in text and "a deal played once being one game" in text
    assert _h2h_cells(read.stdout) == [str(pair.games), str(pair.wins), str(pair.losses),
                                       str(pair.ties)]  # fmt: skip
    # fresh deals alone are counted game by game, as their tournament did
    alone = runner(["results", "fixture-pips", str(fresh)])
    assert " deals " not in alone.stdout.split("Head to head")[1]


def test_a_solo_tournament_file_is_read_as_deals(runner, tmp_path):
    out = tmp_path / "solo.csv"
    args = ["tournament", "peach-festival", "-p", "1", "-a", "random,greedy", "-n", "8"]
    ran = runner([*args, "-s", "3", "--no-progress", "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    read = runner(["results", "peach-festival", str(out)])
    assert read.exit_code == 0, read.output
    assert "8 games on 4 deals from 1 file, solo" in read.stdout
    assert _tables(read.stdout) == _tables(ran.stdout)
    assert "Seats (seat advantage)" not in read.stdout


def test_csv_rows_read_back_equal_the_rows_written_but_for_their_slots(tmp_path):
    rows = [
        {"index": 0, "seed": 11, "run_seed": 1, "version": "1.0", "options": {"rounds": 3},
         "slots": [0, 1], "agents": ["a", "b"], "scores": [3, 2.5], "ranks": [1, 2],
         "winners": [0], "breakdowns": [{"gems": 2, "bonus": 1}, {"gems": 2.5}],
         "decisions": 4, "length": 6,
         "extras": {"rounds": 2, "capped": False, "note": "x, y", "path": [1, 2]}},
        {"index": 1, "seed": 12, "run_seed": 1, "version": "1.0", "options": {"rounds": 3},
         "slots": [1, 0], "agents": ["b", "a"], "scores": [1, 1], "ranks": [1, 1],
         "winners": [0, 1], "breakdowns": [{"gems": 1}, {"gems": 1}], "decisions": 5,
         "length": 7, "extras": {"rounds": 3}},
    ]  # fmt: skip
    path = write_results(rows, tmp_path / "r.csv", 2)
    back = read_results(path)
    assert back == [{k: v for k, v in r.items() if k != "slots"} for r in rows]


def test_the_last_line_of_a_run_killed_while_writing_is_left_out(tmp_path):
    path = tmp_path / "r.csv.partial.jsonl"
    row = {"seed": 1, "agents": ["a", "b"], "ranks": [1, 2]}
    path.write_text(json.dumps(row) + "\n" + json.dumps(row)[:9])
    assert read_results(path) == [row]
    path.write_text(json.dumps(row) + "\n{oops\n" + json.dumps(row) + "\n")
    with pytest.raises(ConfigError, match="line 2 is not a JSON results row"):
        read_results(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed,agents\n1,a\n", "r.csv is not a results file: no column game"),
        (
            "game,seed,decisions,length,winners,seat0_agent,seat0_score,seat0_rank\n0,x,1,1,0,a,1,1\n",
            "r.csv line 2 is not a results row",
        ),
    ],
)
def test_a_csv_that_is_not_a_results_file_is_refused_naming_the_line(tmp_path, text, message):
    path = tmp_path / "r.csv"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message):
        read_results(path)


def _row(seed, agents=("a", "b"), **more):
    return {"seed": seed, "agents": list(agents), "ranks": [1, 2], "version": "1.0",
            "options": {"rounds": 3}, **more}  # fmt: skip


def test_pooling_numbers_the_agents_in_order_of_first_appearance():
    pooled = pool_results([("x", [_row(1, ("b", "a"))]), ("y", [_row(2), _row(2, ("a", "c"))])])
    assert pooled.labels == ["b", "a", "c"]
    assert [r["slots"] for r in pooled.rows] == [[0, 1], [1, 0], [1, 2]]
    assert (pooled.players, pooled.seeds, pooled.multi_seat) == (2, 2, False)
    assert pooled.versions == ["1.0"] and pooled.options == {"rounds": 3}


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ([("x", [_row(1)]), ("x2", [_row(1)])], "seed 1 with the same seating is in x and in x2"),
        ([("x", [_row(1)]), ("y", [_row(2, ("a", "b", "c"))])], "y has games of 3 seats"),
        (
            [("x", [_row(1)]), ("y", [_row(2, options={"rounds": 5})])],
            r"y was played with other options than x \(rounds=5 against 3\)",
        ),
        ([("x", [])], "no games to pool"),
    ],
)
def test_results_that_do_not_pool_are_refused(files, message):
    with pytest.raises(ConfigError, match=message):
        pool_results(files)


def test_the_results_command_refuses_bad_files_with_a_reason(runner, tmp_path):
    out = tmp_path / "t.jsonl"
    assert runner([*PIPS, "-a", "random,high", "-n", "2", "--out", str(out)]).exit_code == 0
    twice = runner(["results", "fixture-pips", str(out), str(out)])
    assert twice.exit_code == 2 and "is a file given twice?" in twice.output
    missing = runner(["results", "fixture-pips", str(tmp_path / "none.csv")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    other = runner(["results", "annapurna", str(out)])
    assert other.exit_code == 2 and "not of annapurna: options deck, rounds" in other.output
    suffix = runner(["results", "fixture-pips", str(tmp_path / "t.txt")])
    assert suffix.exit_code == 2 and "must end in .csv or .jsonl" in suffix.output
