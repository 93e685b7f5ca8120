"""``meeple tournament``: seatings, seeds, statistics, ratings and saved results."""

from __future__ import annotations

import csv
import json

import pytest

from meeple.sim import SimSpec, run_simulation
from meeple.sim.tournament import (
    duplicate_deals,
    head_to_head,
    head_to_head_by_deal,
    ratings,
    sign_test,
)


def test_tournament_prints_standings_ratings_and_head_to_head_and_saves_csv(runner, tmp_path):
    out = tmp_path / "t.csv"
    args = ["tournament", "fixture-pips", "--agents", "random,high,ismcts:iterations=20"]
    res = runner([*args, "--games", "12", "--jobs", "1", "--seed", "4", "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = res.stdout
    for word in ("Standings", "openskill", "95% CI", "rating", "Head to head", "sign test p"):
        assert word in text
    for label in ("random", "high", "ismcts:iterations=20"):
        assert label in text
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 12
    # every ordered pairing appears, twice over 12 games (6 seatings of 3 agents in 2 seats)
    pairs = {(r["seat0_agent"], r["seat1_agent"]) for r in rows}
    assert len(pairs) == 6
    # the 6 seatings of a round share one seed
    assert len({r["seed"] for r in rows[:6]}) == 1 and rows[0]["seed"] != rows[6]["seed"]
    again = runner(
        [*args, "--games", "12", "--seed", "4", "--no-progress", "--out", str(out), "--force"]
    )
    assert again.stdout == text


def test_tournament_with_more_players_and_jsonl_results(runner, tmp_path):
    out = tmp_path / "t.jsonl"
    res = runner(
        [
            "tournament",
            "fixture-pips",
            "-a",
            "random,high,easy",
            "-p",
            "3",
            "-n",
            "6",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 6 and all(sorted(x["agents"]) == ["easy", "high", "random"] for x in lines)


def test_tournament_refuses_bad_requests(runner, tmp_path):
    for args, msg in [
        (["-a", "random"], "at least two agents"),
        (["-a", "random,random"], "once"),
        (["-a", "random,nobody"], "no agent 'nobody'"),
        (["-a", "random,high", "--out", str(tmp_path / "x.txt")], ".csv or .jsonl"),
    ]:
        res = runner(["tournament", "fixture-pips", *args, "-n", "2", "--no-progress"])
        assert res.exit_code == 2 and msg in res.stderr, res.output


def test_tournament_parallel_jobs_give_the_same_rows():
    spec = SimSpec("fixture-pips", 2, ("random", "high"), 8, 3, {}, "permute")
    assert run_simulation(spec, jobs=1) == run_simulation(spec, jobs=2)


def test_ratings_put_the_agent_that_always_wins_first():
    rows = [{"slots": [i % 2, 1 - i % 2], "ranks": [1, 2] if i % 2 else [2, 1]} for i in range(20)]
    rated = ratings(rows, ["weak", "strong"])
    assert [r.label for r in rated] == ["strong", "weak"]
    assert rated[0].mu > rated[1].mu
    (pair,) = head_to_head(rows, ["weak", "strong"])
    assert (pair.a, pair.wins, pair.losses, pair.games) == ("weak", 0, 20, 20)
    assert pair.significant and pair.high < 0.5 and pair.p_value < 1e-5


def test_sign_test_is_the_exact_two_sided_binomial_test():
    assert sign_test(5, 5) == 1.0
    assert abs(sign_test(9, 1) - 22 / 1024) < 1e-12
    assert sign_test(0, 0) == 1.0


def test_sign_test_takes_thousands_of_games():
    # 2**n overflows a float beyond 1,023 games; exact tails from the binomial sums
    assert sign_test(2108, 1892) == pytest.approx(6.733735118555e-4, rel=1e-9)
    assert sign_test(714, 286) == pytest.approx(7.524549022396e-43, rel=1e-9)
    assert sign_test(30000, 29000) == pytest.approx(3.90702096783e-5, rel=1e-8)
    assert sign_test(20000, 20000) == 1.0
    assert sign_test(5000, 0) == 0.0  # below the smallest float


def test_agent_parameters_after_commas_stay_with_their_agent(runner, tmp_path):
    out = tmp_path / "t.jsonl"
    res = runner(
        [
            "tournament",
            "fixture-pips",
            "-a",
            "random,ismcts:iterations=5,c=1.0",
            "-n",
            "2",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text().splitlines()[0])["agents"] == [
        "random",
        "ismcts:iterations=5,c=1.0",
    ]


def _solo_row(seed, slot, score):
    return {
        "seed": seed,
        "slots": [slot],
        "scores": [score],
        "ranks": [1],
        "winners": [0],
        "decisions": 10,
        "length": 20,
        "extras": {},
    }


def test_solo_tournament_ranks_the_agents_of_one_deal_by_score():
    rows = [_solo_row(7, 0, 30), _solo_row(7, 1, 55), _solo_row(7, 2, 30), _solo_row(8, 0, 12)]
    deals = duplicate_deals(rows)
    assert [d["seed"] for d in deals] == [7, 8]
    assert deals[0]["slots"] == [0, 1, 2] and deals[0]["ranks"] == [2, 1, 2]
    assert deals[0]["winners"] == [1] and deals[1]["slots"] == [0]
    pairs = {(p.a, p.b): p for p in head_to_head(deals, ["a", "b", "c"])}
    assert (pairs["a", "b"].losses, pairs["a", "c"].ties, pairs["a", "b"].games) == (1, 1, 1)


def test_duplicate_deals_refuse_games_with_several_seats():
    row = {"seed": 1, "slots": [0, 1], "scores": [1, 2], "ranks": [2, 1]}
    with pytest.raises(ValueError, match="solo"):
        duplicate_deals([row])


def test_solo_tournament_plays_every_agent_on_each_deal(runner, tmp_path):
    out = tmp_path / "solo.csv"
    args = ["tournament", "peach-festival", "-p", "1", "-a", "random,greedy", "-n", "4"]
    res = runner([*args, "--seed", "3", "--no-progress", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "solo, 4 games on 2 deals" in res.stdout and "Seats" not in res.stdout
    rows = list(csv.DictReader(out.open()))
    assert [r["seat0_agent"] for r in rows] == ["random", "greedy", "random", "greedy"]
    assert rows[0]["seed"] == rows[1]["seed"] != rows[2]["seed"]
    scores = [int(r["seat0_score"]) for r in rows]
    assert scores[1] > scores[0] and scores[3] > scores[2]  # greedy beat random on both deals
    h2h = res.stdout.split("Head to head")[1].splitlines()
    assert any("random" in line and "greedy" in line and "0.0-" in line for line in h2h)


def test_a_solo_tournament_refuses_games_that_leave_a_deal_unfinished(runner, tmp_path):
    # 3 games for 2 agents: the last deal would be played by one agent alone, a free "win"
    args = ["tournament", "peach-festival", "-p", "1", "-a", "random,greedy", "-n", "3"]
    res = runner([*args, "--no-progress", "--out", str(tmp_path / "solo.csv")])
    assert res.exit_code == 2
    assert "multiple of 2 (e.g. 2 or 4)" in " ".join(res.stderr.split())
    assert not (tmp_path / "solo.csv").exists()


def test_a_pair_is_significant_only_when_the_sign_test_agrees_with_the_interval():
    rows = [{"slots": [0, 1], "ranks": [2, 1]} for _ in range(4)]
    (pair,) = head_to_head(rows, ["weak", "strong"])
    assert pair.high < 0.5 and pair.p_value == 0.125  # 4-0: the interval alone would say yes
    assert not pair.significant
    (pair,) = head_to_head(rows * 2, ["weak", "strong"])  # 8-0: p = 0.0078
    assert pair.significant


def test_with_more_seats_than_agents_each_agent_counts_once_per_game_by_its_best_seat(
    runner, tmp_path
):
    out = tmp_path / "t.jsonl"
    args = ["tournament", "fixture-pips", "-p", "3", "-a", "random,high", "-n", "4"]
    res = runner([*args, "--seed", "2", "--no-progress", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "2 agents for 3 seats" in " ".join(res.stdout.split())
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    standings = res.stdout.split("Head to head")[0]
    for label in ("random", "high"):
        line = next(x for x in standings.splitlines() if f" {label} " in x)
        games = int(line.split("│")[3])
        wins = sum(
            len([s for s in r["winners"] if r["agents"][s] == label]) / len(r["winners"])
            for r in rows
        )
        assert games == 4  # games, not seats held
        assert f"{100 * wins / 4:.1f}" in line


def test_an_unbalanced_last_round_is_pointed_out(runner, tmp_path):
    args = ["tournament", "fixture-pips", "-a", "random,high", "-n", "3", "--no-progress"]
    res = runner([*args, "--out", str(tmp_path / "t.csv")])
    assert res.exit_code == 0, res.output
    assert "last round has 1 of its 2 seatings" in " ".join(res.stdout.split())


def test_default_results_files_of_runs_started_together_never_overwrite_each_other(
    runner, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    args = ["tournament", "fixture-pips", "-a", "random,high", "-n", "2", "--no-progress"]
    for seed in ("1", "2", "3"):
        assert runner([*args, "--seed", seed]).exit_code == 0
    files = sorted((tmp_path / "tournaments").iterdir())
    assert len(files) == 3 and len({f.read_text() for f in files}) == 3


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_an_unwritable_results_path_is_refused_before_any_game(runner, tmp_path, command):
    (tmp_path / "taken.csv").mkdir()
    (tmp_path / "file.csv").write_text("x")
    for bad, reason in (("taken.csv", "is a directory"), ("file.csv/x.csv", "not a directory")):
        args = [command, "fixture-pips", "-a", "random,high", "-n", "2", "--no-progress"]
        res = runner([*args, "--out", str(tmp_path / bad)])
        assert res.exit_code == 2 and reason in " ".join(res.stderr.split())
        assert "Standings" not in res.stdout and "Traceback" not in res.output


def test_an_interrupted_tournament_tabulates_complete_rounds_of_seatings_only():
    from meeple.sim.session import complete_rounds as _complete_rounds

    spec = SimSpec("fixture-pips", 2, ("random", "high", "low"), 40, 0, {}, "permute")
    assert len(spec.schedule()) == 6
    # two workers cut short: the first halves of rounds 0 and 1, then all of round 2
    rows = [{"index": i} for i in (0, 1, 2, 6, 7, 8, *range(12, 18))]
    assert [r["index"] for r in _complete_rounds(spec, rows)] == list(range(12, 18))
    rotating = SimSpec("fixture-pips", 3, ("random", "high"), 40, 0, {}, "permute")
    assert _complete_rounds(rotating, rows) == rows  # no rounds: every game stands alone


def test_duplicate_seating_has_each_rotation_share_one_deal():
    spec = SimSpec("fixture-pips", 3, ("random", "high"), 6, 5, {}, "duplicate")
    assert spec.multi_seat and spec.schedule() == [(0, 1, 0), (1, 0, 1)]
    seatings = [spec.seating_of(i) for i in range(6)]
    assert [s for s, _ in seatings] == [[0, 1, 0], [1, 0, 1]] * 3  # the rotation, unchanged
    seeds = [seed for _, seed in seatings]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3] != seeds[4] == seeds[5]
    fresh = SimSpec("fixture-pips", 3, ("random", "high"), 6, 5, {}, "permute")
    assert fresh.schedule() is None and len({fresh.seating_of(i)[1] for i in range(6)}) == 6
    # with as many agents as seats, duplicate seating is permute seating
    full = SimSpec("fixture-pips", 2, ("random", "high"), 4, 5, {}, "duplicate")
    permute = SimSpec("fixture-pips", 2, ("random", "high"), 4, 5, {}, "permute")
    assert [full.seating_of(i) for i in range(4)] == [permute.seating_of(i) for i in range(4)]


def test_head_to_head_by_deal_counts_a_deal_won_by_winning_more_of_its_games():
    # two agents on three seats; slot 0 holds seats 0 and 2 in the first game of each deal
    games = [
        ("d1", [0, 1, 0], [1, 2, 3]),  # slot 0 better
        ("d1", [1, 0, 1], [2, 1, 3]),  # slot 0 better: deal d1 to slot 0
        ("d2", [0, 1, 0], [3, 1, 2]),  # slot 1 better (slot 0's best is 2)
        ("d2", [1, 0, 1], [3, 1, 2]),  # slot 0 better: deal d2 tied
        ("d3", [0, 1, 0], [2, 1, 3]),  # slot 1 better
        ("d3", [1, 0, 1], [1, 3, 2]),  # slot 1 better: deal d3 to slot 1
        ("d4", [0, 1, 0], [1, 1, 3]),  # tie (equal best ranks)
        ("d4", [1, 0, 1], [1, 2, 3]),  # slot 1 better: deal d4 to slot 1
    ]
    rows = [{"seed": d, "slots": s, "ranks": r} for d, s, r in games]
    (pair,) = head_to_head_by_deal(rows, ["a", "b"])
    assert (pair.games, pair.wins, pair.losses, pair.ties) == (4, 1, 2, 1)
    (per_game,) = head_to_head(rows, ["a", "b"])
    assert (per_game.games, per_game.wins, per_game.losses, per_game.ties) == (8, 3, 4, 1)


def test_a_duplicate_tournament_shares_deals_and_compares_the_agents_deal_by_deal(runner, tmp_path):
    out = tmp_path / "t.jsonl"
    args = ["tournament", "fixture-pips", "-p", "3", "-a", "random,high", "-n", "8"]
    res = runner([*args, "--seed", "2", "--duplicate", "--no-progress", "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = " ".join(res.stdout.split())
    assert "the 2 games of a rotation share a deal" in text
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in rows[0::2]] == [r["seed"] for r in rows[1::2]]
    assert len({r["seed"] for r in rows}) == 4
    (pair,) = head_to_head_by_deal(
        [{**r, "slots": [0 if a == "random" else 1 for a in r["agents"]]} for r in rows],
        ["random", "high"],
    )
    h2h = res.stdout.split("Head to head")[1].splitlines()
    assert any(" deals " in line for line in h2h)
    line = next(x for x in h2h if "random" in x and "high" in x)
    cells = [c.strip() for c in line.split("│")]
    assert cells[3:7] == [str(pair.games), str(pair.wins), str(pair.losses), str(pair.ties)]


def test_a_duplicate_tournament_refuses_games_that_leave_a_rotation_unfinished(runner, tmp_path):
    args = ["tournament", "fixture-pips", "-p", "3", "-a", "random,high", "-n", "5"]
    res = runner([*args, "--duplicate", "--no-progress", "--out", str(tmp_path / "t.csv")])
    assert res.exit_code == 2
    assert "multiple of 2 (e.g. 4 or 6)" in " ".join(res.stderr.split())
    assert not (tmp_path / "t.csv").exists()


def test_by_deal_an_agent_that_ranks_better_takes_the_deal_without_winning_a_game():
    # three agents on four seats: slot 2 always wins; slot 1 ranks above slot 0 in both games
    rows = [
        {"seed": 9, "slots": [0, 1, 2, 0], "ranks": [4, 2, 1, 3]},
        {"seed": 9, "slots": [1, 2, 0, 1], "ranks": [3, 1, 4, 2]},
    ]
    pairs = {(p.a, p.b): p for p in head_to_head_by_deal(rows, ["x", "y", "z"])}
    assert (pairs["x", "y"].wins, pairs["x", "y"].losses, pairs["x", "y"].games) == (0, 1, 1)
    assert (pairs["x", "z"].losses, pairs["y", "z"].losses) == (1, 1)


def test_duplicate_runs_give_the_same_rows_on_any_number_of_jobs():
    spec = SimSpec("fixture-pips", 3, ("random", "high"), 8, 3, {}, "duplicate")
    assert run_simulation(spec, jobs=1) == run_simulation(spec, jobs=2)


def test_an_interrupted_duplicate_run_tabulates_complete_rotations_only():
    from meeple.sim.session import complete_rounds as _complete_rounds

    spec = SimSpec("fixture-pips", 3, ("random", "high"), 40, 0, {}, "duplicate")
    rows = [{"index": i} for i in (0, 3, 4, 5, 8)]
    assert [r["index"] for r in _complete_rounds(spec, rows)] == [4, 5]


def test_duplicate_with_as_many_agents_as_seats_changes_nothing_and_says_so(runner, tmp_path):
    args = ["tournament", "fixture-pips", "-a", "random,high,easy", "-n", "6", "--no-progress"]
    plain = runner([*args, "--out", str(tmp_path / "a.csv")])
    dup = runner([*args, "--duplicate", "--out", str(tmp_path / "b.csv")])
    assert plain.exit_code == dup.exit_code == 0, dup.output
    assert (tmp_path / "a.csv").read_text() == (tmp_path / "b.csv").read_text()
    assert "--duplicate changes nothing here" in " ".join(dup.stdout.split())
    assert "--duplicate" not in plain.stdout
