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
    assert "16 games from 2 files, 3 players" in text
    assert "each deal of --duplicate rotations as one" in text and "(12 in all)" in text
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
        {"index": 0, "seed": 11, "round_size": 1, "run_seed": 1, "game_name": "pips", "version": "1.0", "options": {"rounds": 3},
         "content_digest": "0f" * 16, "slots": [0, 1], "agents": ["a", "b"], "scores": [3, 2.5], "ranks": [1, 2],
         "winners": [0], "breakdowns": [{"gems": 2, "bonus": 1}, {"gems": 2.5}],
         "decisions": 4, "length": 6,
         "extras": {"rounds": 2, "capped": False, "note": "x, y", "path": [1, 2]}},
        {"index": 1, "seed": 12, "round_size": 1, "run_seed": 1, "game_name": "pips", "version": "1.0", "options": {"rounds": 3},
         "content_digest": None, "slots": [1, 0], "agents": ["b", "a"], "scores": [1, 1], "ranks": [1, 1],
         "winners": [0, 1], "breakdowns": [{"gems": 1}, {"gems": 1}], "decisions": 5,
         "length": 7, "extras": {"rounds": 3}},
    ]  # fmt: skip
    path = write_results(rows, tmp_path / "r.csv", 2)
    back = read_results(path)
    assert back == [{k: v for k, v in r.items() if k != "slots"} for r in rows]


def _row(seed, agents=("a", "b"), **more):
    n = len(agents)
    return {"index": 0, "seed": seed, "agents": list(agents), "scores": list(range(n, 0, -1)),
            "ranks": list(range(1, n + 1)), "winners": [0], "decisions": 3, "length": 4,
            "extras": {}, "version": "1.0", "options": {"rounds": 3}, **more}  # fmt: skip


def test_the_last_line_of_a_run_killed_while_writing_is_left_out(tmp_path):
    path = tmp_path / "r.csv.partial.jsonl"
    row = _row(1)
    path.write_text(json.dumps(row) + "\n" + json.dumps(row)[:9])
    assert read_results(path) == [row]
    path.write_text(json.dumps(row) + "\n{oops\n" + json.dumps(row) + "\n")
    with pytest.raises(ConfigError, match="line 2 is not a JSON results row"):
        read_results(path)


def test_a_full_results_file_cut_short_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(_row(1)) + "\n" + json.dumps(_row(2))[:9])
    with pytest.raises(ConfigError, match=r"r\.jsonl line 2 is not a JSON results row"):
        read_results(path)


def test_an_empty_results_file_has_no_rows_and_pools_nothing(tmp_path):
    for name in ("e.csv", "e.jsonl"):
        (tmp_path / name).write_text("")
        assert read_results(tmp_path / name) == []
    with pytest.raises(ConfigError, match="no games to pool: the results files are empty"):
        pool_results([("e.csv", [])])


def test_a_results_file_saved_again_with_a_byte_order_mark_reads_the_same(tmp_path):
    path = write_results([{**_row(1), "slots": [0, 1]}], tmp_path / "r.csv", 2)
    again = tmp_path / "bom.csv"
    again.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert read_results(again) == read_results(path)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("bin.jsonl", b"\xff\xfe garbage\n", "bin.jsonl is not a results file: it is not UTF-8"),
        ("bin.csv", b"\xff\xfe garbage\n", "bin.csv is not a results file: it is not UTF-8"),
        ("few.jsonl", b'{"agents": ["a", "b"], "ranks": [1, 2], "seed": 1}\n', "no 'scores'"),
        (
            "str.jsonl",
            json.dumps({**_row(1), "agents": "ab"}).encode(),
            "'agents' is not a list of agent labels",
        ),
        ("obj.jsonl", b"[1, 2]\n", "line 1 is not a results row: not a JSON object"),
        ("seed.jsonl", json.dumps({**_row(1), "seed": [1]}).encode(), "'seed' is not a whole"),
        ("dec.jsonl", json.dumps({**_row(1), "decisions": "x"}).encode(), "'decisions' or"),
        ("len.jsonl", json.dumps({**_row(1), "length": None}).encode(), "'length' is not a"),
        ("idx.jsonl", json.dumps({**_row(1), "index": "a"}).encode(), "'index' is not a whole"),
        ("ver.jsonl", json.dumps({**_row(1), "version": 2}).encode(), "'version' is not text"),
        ("name.jsonl", json.dumps({**_row(1), "game_name": ["x"]}).encode(), "'game_name' is not"),
        ("rank.jsonl", json.dumps({**_row(1), "ranks": [1, 7]}).encode(), "'ranks' are not ranks"),
        ("won.jsonl", json.dumps({**_row(1), "winners": [5]}).encode(), "'winners' is not a list"),
        (
            "parts.jsonl",
            json.dumps({**_row(1), "breakdowns": ["x", "y"]}).encode(),
            "'breakdowns' is not a list of one object per seat",
        ),
        (
            "huge.csv",
            b"game,seed,decisions,length,winners,seat0_agent,seat0_score,seat0_rank\n0,1,1,1,0,"
            + b"a" * 200_000
            + b",1,1\n",
            "huge.csv line 2 is not a results row",
        ),
    ],
)
def test_a_file_that_is_not_results_is_refused_with_a_reason(tmp_path, name, data, message):
    (tmp_path / name).write_bytes(data)
    with pytest.raises(ConfigError, match=message):
        read_results(tmp_path / name)


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


def test_pooling_numbers_the_agents_in_order_of_first_appearance():
    pooled = pool_results([("x", [_row(1, ("b", "a"))]), ("y", [_row(2), _row(2, ("a", "c"))])])
    assert pooled.labels == ["b", "a", "c"]
    assert [r["slots"] for r in pooled.rows] == [[0, 1], [1, 0], [1, 2]]
    # games count one by one, unless they are deals of a solo run or of --duplicate rotations
    assert [r["deal"] for r in pooled.rows] == [(0, 1, 0), (1, 2, 0), (1, 2, 1)]
    assert (pooled.players, pooled.deals, pooled.multi_seat, pooled.by_deal) == (2, 3, False, False)
    assert pooled.versions == ["1.0"] and pooled.options == {"rounds": 3}


def test_pooling_leaves_out_the_unfinished_round_of_a_run_stopped_mid_round():
    # two seatings per round share a seed; the run stopped after the first game of round 3
    rows = [_row(s, agents, index=i) for i, (s, agents) in
            enumerate([(1, "ab"), (1, "ba"), (2, "ab"), (2, "ba"), (3, "ab")])]  # fmt: skip
    pooled = pool_results([("x", rows)])
    assert pooled.unfinished == 1 and len(pooled.rows) == 4


def test_a_round_short_of_its_recorded_size_is_unfinished_even_as_the_only_round():
    # six seatings of three agents share a seed; the run stopped after four of them
    seatings = ["ab", "ba", "ac", "ca", "bc", "cb"][:4]
    rows = [_row(9, s, index=i, round_size=6) for i, s in enumerate(seatings)]
    with pytest.raises(ConfigError, match="every round of seatings is unfinished"):
        pool_results([("x", rows)])
    whole = [_row(10, s, index=i, round_size=6) for i, s in enumerate(["ab", "ba", "ac", "ca",
                                                                       "bc", "cb"])]  # fmt: skip
    assert pool_results([("x", rows), ("y", whole)]).unfinished == 4


def test_games_of_one_agent_against_itself_are_left_out():
    rows = [_row(1, "aa", index=0), _row(2, "ab", index=1)]
    pooled = pool_results([("x", rows)])
    assert (pooled.alone, len(pooled.rows), pooled.labels) == (1, 1, ["a", "b"])


def test_pooling_solo_results_counts_only_deals_two_agents_or_more_played():
    solo = [_row(1, "a", index=0), _row(1, "b", index=1), _row(2, "a", index=2)]
    pooled = pool_results([("solo", solo)])
    assert (pooled.unfinished, pooled.deals, len(pooled.rows)) == (1, 1, 2)
    alone = [_row(1, "a", index=0), _row(2, "b", index=1)]  # simulate: every game its own deal
    with pytest.raises(ConfigError, match="one agent played it alone"):
        pool_results([("sim", alone)])


def test_deals_of_two_files_never_merge_even_on_one_seed():
    a = [_row(7, "aab", index=0), _row(7, "bba", index=1)]  # a rotation of --duplicate
    b = [_row(7, "aba", index=0)]  # another run's fresh deal that happens to share the seed
    pooled = pool_results([("a", a), ("b", b)])
    assert pooled.by_deal and pooled.deals == 2
    (pair,) = head_to_head_by_deal(pooled.rows, pooled.labels)
    assert pair.games == 2


def test_a_partial_file_in_finish_order_is_counted_in_game_order():
    rows = [_row(2, index=1), _row(1, index=0)]
    assert [r["seed"] for r in pool_results([("p", rows)]).rows] == [1, 2]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ([("x", [_row(1)]), ("x2", [_row(1)])], "seed 1 with the same seating is in x and in x2"),
        ([("x", [_row(1), _row(1)])], "seed 1 with the same seating is twice in x"),
        ([("x", [_row(1, game_name="p")]), ("y", [_row(2, game_name="q")])], "y holds games of q"),
        (
            [("x", [_row(1)]), ("y", [_row(2, ("a", "b", "c"))])],
            "y holds games of 3 seats, and x of 2: only games of one player count can be pooled",
        ),
        ([("x", [_row(1), _row(2, "abc")])], "x holds games of 3 seats, and other games of 2"),
        (
            [("x", [_row(1)]), ("y", [_row(2, options={"rounds": 5})])],
            r"y holds games played with other options than x \(rounds=5 against 3\)",
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
    assert twice.exit_code == 2 and f"'{out}' is given twice" in twice.output
    missing = runner(["results", "fixture-pips", str(tmp_path / "none.csv")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    other = runner(["results", "annapurna", str(out)])
    assert other.exit_code == 2 and "not of annapurna: they are of fixture-pips" in other.output
    # a file from before rows named their game is told by its options
    rows = read_results(out)
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps({**r, "game_name": None}) + "\n" for r in rows))
    older = runner(["results", "annapurna", str(old)])
    assert older.exit_code == 2
    assert "not of annapurna: their options are deck, rounds, not" in older.output
    suffix = runner(["results", "fixture-pips", str(tmp_path / "t.txt")])
    assert suffix.exit_code == 2 and "must end in .csv or .jsonl" in suffix.output


def test_a_permute_run_pooled_with_a_rotation_run_still_counts_its_games_one_by_one(
    runner, tmp_path
):
    everyone, rotating = tmp_path / "p3.jsonl", tmp_path / "r3.jsonl"
    args = [*PIPS, "-p", "3"]
    assert runner([*args, "-a", "random,high,ismcts:iterations=5", "-n", "12", "-s", "1",
                   "--out", str(everyone)]).exit_code == 0  # fmt: skip
    assert runner([*args, "-a", "random,high", "-n", "4", "-s", "1", "--duplicate",
                   "--out", str(rotating)]).exit_code == 0  # fmt: skip
    read = runner(["results", "fixture-pips", str(everyone), str(rotating)])
    assert read.exit_code == 0, read.output
    # 12 games of the three-agent run, one by one, and the 2 deals of the rotations
    text = " ".join(read.stdout.split())
    assert "16 games from 2 files" in text and "every other game as one (14 in all)" in text
    assert _h2h_cells(read.stdout)[0] == str(12 + 2)


def test_a_solo_simulation_file_compares_nothing_and_says_so(runner, tmp_path):
    out = tmp_path / "solo.csv"
    args = ["simulate", "peach-festival", "-p", "1", "-a", "random,greedy", "-n", "4"]
    assert runner([*args, "--no-progress", "--out", str(out)]).exit_code == 0
    read = runner(["results", "peach-festival", str(out)])
    assert read.exit_code == 2 and "one agent played it alone" in read.output


def test_results_say_when_unfinished_rounds_are_left_out(runner, tmp_path):
    out = tmp_path / "t.jsonl"
    assert runner([*PIPS, "-a", "random,high", "-n", "6", "--out", str(out)]).exit_code == 0
    rows = read_results(out)[:5]  # as if stopped in the third round of seatings
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(json.dumps(r) + "\n" for r in rows))
    read = runner(["results", "fixture-pips", str(cut)])
    assert read.exit_code == 0, read.output
    assert (
        "1 game left out: rounds of seatings (the games of a run that share a seed) with games missing"
        in " ".join(read.stdout.split())
    )
    assert "4 games from 1 file" in read.stdout


def test_a_run_shorter_than_one_round_of_seatings_compares_nothing(runner, tmp_path):
    out = tmp_path / "t.jsonl"  # three agents in two seats: six seatings share each seed
    args = [*PIPS, "-a", "random,high,ismcts:iterations=5", "-n", "4", "--out", str(out)]
    assert runner(args).exit_code == 0
    assert {r["round_size"] for r in read_results(out)} == {6}
    read = runner(["results", "fixture-pips", str(out)])
    assert read.exit_code == 2 and "every round of seatings is unfinished" in read.output


def test_a_self_play_simulation_pooled_with_a_tournament_adds_no_wins(runner, tmp_path):
    match, self_play = tmp_path / "t.jsonl", tmp_path / "self.csv"
    assert runner([*PIPS, "-a", "random,high", "-n", "4", "--out", str(match)]).exit_code == 0
    sim = ["simulate", "fixture-pips", "-a", "random", "-n", "3", "--no-progress"]
    assert runner([*sim, "--out", str(self_play)]).exit_code == 0
    alone = runner(["results", "fixture-pips", str(match)])
    both = runner(["results", "fixture-pips", str(match), str(self_play)])
    assert both.exit_code == 0, both.output
    assert "3 games left out: games of one agent against itself" in both.stdout
    assert _tables(both.stdout) == _tables(alone.stdout)


def _pf_run(runner, tmp_path, seed: int, content=None) -> str:
    out = tmp_path / f"pf{seed}.csv"
    args = ["tournament", "peach-festival", "-a", "random,greedy", "-n", "2", "-s", str(seed)]
    if content is not None:
        args += ["-o", f"content={content}"]
    ran = runner([*args, "--no-progress", "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    return str(out)


def test_runs_on_equal_content_files_pool_wherever_the_directory_lies(runner, tmp_path):
    import shutil

    from meeple.games.peach_festival.content import DEFAULT_DIR

    here, there = tmp_path / "here", tmp_path / "there"
    shutil.copytree(DEFAULT_DIR, here)
    shutil.copytree(DEFAULT_DIR, there)
    files = [
        _pf_run(runner, tmp_path, 1, here),
        _pf_run(runner, tmp_path, 2, there),
        _pf_run(runner, tmp_path, 3, DEFAULT_DIR),
        _pf_run(runner, tmp_path, 4),  # the packaged content, not named
    ]
    digests = {row["content_digest"] for f in files for row in read_results(f)}
    assert len(digests) == 1 and None not in digests
    pooled = runner(["results", "peach-festival", *files])
    assert pooled.exit_code == 0, pooled.output
    header = pooled.stdout.split("Standings")[0].replace("\n", "")
    assert "8 games" in header and "content=equal files in" in header
    assert "the packaged content" in header and "here" in header and "there" in header


def test_runs_on_edited_content_files_do_not_pool_even_in_one_directory(runner, tmp_path):
    import shutil

    from meeple.games.peach_festival.content import DEFAULT_DIR

    mine = tmp_path / "mine"
    shutil.copytree(DEFAULT_DIR, mine)
    before = _pf_run(runner, tmp_path, 1, mine)
    sheet = mine / "sheet.toml"
    text = sheet.read_text()
    assert "multipliers = [" in text
    sheet.write_text(text + "\n# a designer's note changes the file\n")
    after = _pf_run(runner, tmp_path, 2, mine)
    refused = runner(["results", "peach-festival", before, after])
    assert refused.exit_code == 2
    assert "other content files" in refused.stderr and "mine" in refused.stderr


def test_rows_without_a_content_digest_pool_by_the_content_path():
    old = [_row(1, options={"content": "/a"}), _row(2, options={"content": "/a"})]
    assert len(pool_results([("old.csv", old)]).rows) == 2
    with pytest.raises(ConfigError, match="other options"):
        pool_results([("a.csv", [_row(1, options={"content": "/a"})]),
                      ("b.csv", [_row(2, options={"content": "/b"})])])  # fmt: skip


def test_what_pools_does_not_depend_on_the_order_of_old_and_new_files():
    old_a = _row(1, options={"content": "/a"})
    new_a = _row(2, options={"content": "/a"}, content_digest="d1")
    new_b = _row(3, options={"content": "/b"}, content_digest="d1")
    edited_a = _row(4, options={"content": "/a"}, content_digest="d2")
    files = {"old_a": old_a, "new_a": new_a, "new_b": new_b, "edited_a": edited_a}
    # equal files under another path pool with new files, not with an old one (no digest)
    for order in (["new_a", "old_a", "new_b"], ["old_a", "new_a", "new_b"]):
        with pytest.raises(ConfigError, match="other options"):
            pool_results([(n, [files[n]]) for n in order])
    assert len(pool_results([("new_a", [new_a]), ("new_b", [new_b])]).rows) == 2
    # an edited file is refused, whichever file comes first
    for order in (["old_a", "new_a", "edited_a"], ["new_a", "old_a", "edited_a"]):
        with pytest.raises(ConfigError, match="other content files"):
            pool_results([(n, [files[n]]) for n in order])
