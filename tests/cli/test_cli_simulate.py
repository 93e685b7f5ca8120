"""``meeple simulate`` and the simulation library."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from run_process import on_a_terminal, start_run

from meeple.cli.common import split_agents
from meeple.core.errors import ContentError, IllegalActionError
from meeple.sim import SimSpec, run_simulation, seat_slots, summarize, wilson_interval
from meeple.sim.runner import chunk_indices, play_one

SIM = ["simulate", "fixture-pips", "-n", "60", "-a", "random,high", "-s", "5"]


def test_same_arguments_same_summary_and_jobs_do_not_matter(runner):
    a = runner([*SIM, "--no-progress"])
    b = runner([*SIM, "--no-progress"])
    c = runner([*SIM, "--no-progress", "--jobs", "2"])
    assert a.exit_code == b.exit_code == c.exit_code == 0, a.output + c.output
    assert a.stdout == b.stdout == c.stdout
    assert "Agents (ties share the win" in a.stdout and "Seats (seat advantage)" in a.stdout
    assert "decisions per game" in a.stdout and "ties" in a.stdout


def test_the_progress_bar_shows_the_time_left_on_a_terminal_and_leaves_the_summary_alone(runner):
    plain = runner([*SIM, "--no-progress"])
    stdout, terminal = on_a_terminal([*SIM, "--jobs", "2"])
    assert stdout == plain.stdout
    assert "60/60" in terminal and "━" in terminal
    assert re.search(r"\d:\d\d:\d\d \d:\d\d:\d\d", terminal)  # elapsed, then the time left


def test_no_progress_bar_with_quiet_or_off_a_terminal(runner, tmp_path):
    _, terminal = on_a_terminal([*SIM, "--quiet", "--out", str(tmp_path / "r.csv")])
    assert "━" not in terminal and "60/60" not in terminal
    assert "Results written" not in terminal and (tmp_path / "r.csv").exists()
    piped = runner(SIM)  # standard error is not a terminal: a log gets no bar
    assert piped.exit_code == 0 and "━" not in piped.stderr and "60/60" not in piped.stderr


def test_results_per_game_as_csv_and_jsonl(runner, tmp_path):
    res = runner([*SIM, "-p", "3", "--no-progress", "--out", str(tmp_path / "r.csv")])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert len(rows) == 60
    assert rows[0]["seat0_agent"] == "random" and rows[1]["seat0_agent"] == "high"
    assert {"seat2_score", "extra_rounds", "extra_ties", "winners"} <= set(rows[0])
    res = runner([*SIM, "--no-progress", "--out", str(tmp_path / "r.jsonl")])
    lines = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [x["index"] for x in lines] == list(range(60))
    assert lines[0]["agents"] == ["random", "high"] and lines[1]["agents"] == ["high", "random"]


def test_a_game_row_replays_from_its_seed():
    from meeple.agents import make_agent
    from meeple.core import make
    from meeple.core.driver import play_game

    spec = SimSpec("fixture-pips", 2, ("random", "high"), 3, seed=9)
    row = play_one(spec, 1)
    game = make("fixture-pips", players=2)
    state, _ = play_game(game, [make_agent("high", game), make_agent("random", game)], row["seed"])
    assert state.result().scores == row["scores"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "nobody"], "no agent 'nobody'"),
        (["-o", "deck=x"], "whole number"),
        (["--out", "r.txt"], ".csv or .jsonl"),
        (["-p", "9"], "takes 2-3 players"),
    ],
)
def test_bad_simulation_arguments(runner, args, message):
    res = runner(["simulate", "fixture-pips", "-n", "2", *args])
    assert res.exit_code == 2
    assert message in " ".join(res.stderr.split())


def test_seat_rotation_moves_every_agent_over_every_seat():
    assert seat_slots(2, 2, 0) == [0, 1]
    assert seat_slots(2, 2, 1) == [1, 0]
    assert seat_slots(2, 3, 0) == [0, 1, 0]
    seen = {tuple(seat_slots(3, 3, i)) for i in range(3)}
    assert {s[0] for s in seen} == {0, 1, 2}


def test_chunks_cover_every_game_once():
    chunks = chunk_indices(1000, 2)
    assert [i for c in chunks for i in c] == list(range(1000))
    assert chunk_indices(3, 4) == [range(0, 1), range(1, 2), range(2, 3)]


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.0 < high < 0.35
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize("n", [1, 3, 6, 7, 10, 12, 13, 14, 24, 25, 1000])
def test_a_wilson_interval_ends_exactly_at_0_for_no_success_and_1_for_all(n):
    assert wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0
    for k in range(0, n + 1, max(1, n // 7)):
        low, high = wilson_interval(k, n)
        assert 0.0 <= low <= k / n <= high <= 1.0


def test_summary_shares_tied_wins_and_measures_seat_advantage():
    rows = [
        {"slots": [0, 1], "scores": [3, 3], "ranks": [1, 1], "winners": [0, 1], "decisions": 4,
         "length": 6, "extras": {"rounds": 2, "note": "x"}},
        {"slots": [1, 0], "scores": [5, 1], "ranks": [1, 2], "winners": [0], "decisions": 6,
         "length": 8, "extras": {"rounds": 4, "flag": True}},
    ]  # fmt: skip
    s = summarize(rows, ["a", "b"], 2)
    a, b = s.agents
    assert (a.label, a.n, a.wins, a.mean) == ("a", 2, 0.5, 2.0)
    assert (b.wins, b.mean, b.mean_rank) == (1.5, 4.0, 1.0)
    assert [x.wins for x in s.seats] == [1.5, 0.5]
    assert s.mean_decisions == 5.0 and s.mean_length == 7.0
    assert s.extras == {"flag": 1.0, "rounds": 3.0}
    assert s.to_dict()["agents"][1]["win_rate"] == 0.75
    # the spread shows a cap being hit, which a mean hides
    assert s.ranges == {"decisions": (4, 6), "length": (6, 8), "rounds": (2, 4), "flag": (1, 1)}
    # tenth percentile, median and ninetieth, between the least and the greatest value
    assert s.quantiles["decisions"] == pytest.approx((4.2, 5.0, 5.8))
    assert s.quantiles["flag"] == (1.0, 1.0, 1.0)


def test_a_cooperative_team_wins_whole_for_every_seat():
    """Annapurna's cooperative version (ruling AN-R45): a team's win is every seat's win, not a
    share, so the win rate is the team's success rate."""
    spec = SimSpec("annapurna", 2, ("heuristic",), 6, seed=3, options={"mode": "cooperative"})
    rows = run_simulation(spec)
    assert all(row["cooperative"] for row in rows)
    won = sum(row["extras"]["team_won"] for row in rows)
    assert 0 < won < 6
    (agent,) = summarize(rows, ["heuristic"], 2).agents
    assert agent.n == 12 and agent.wins == 2 * won
    assert "cooperative" not in run_simulation(SimSpec("annapurna", 2, ("random",), 1))[0]


def test_a_cooperative_teams_results_read_back_whole_from_csv_as_from_json_lines(tmp_path):
    from meeple.sim.output import read_results, write_results

    spec = SimSpec("annapurna", 2, ("heuristic",), 4, seed=3, options={"mode": "cooperative"})
    rows = run_simulation(spec)
    back_csv = read_results(write_results(rows, tmp_path / "r.csv", 2))
    back_json = read_results(write_results(rows, tmp_path / "r.jsonl", 2))
    assert all(row["cooperative"] is True for row in back_csv)
    labels = ["heuristic"]
    for back in (back_csv, back_json):
        numbered = [{**r, "slots": [0, 0]} for r in back]
        assert summarize(numbered, labels, 2) == summarize(rows, labels, 2)
    competitive = run_simulation(SimSpec("annapurna", 2, ("random",), 1))
    path = write_results(competitive, tmp_path / "c.csv", 2)
    assert "cooperative" not in path.read_text().splitlines()[0]
    assert "cooperative" not in read_results(path)[0]


def test_repeated_agents_get_distinct_labels():
    spec = SimSpec("fixture-pips", 3, ("random", "high", "random"), 6)
    assert spec.labels() == ["random#1", "high", "random#2"]
    rows = run_simulation(spec)
    s = summarize(rows, spec.labels(), 3)
    assert [x.label for x in s.agents] == ["random#1", "high", "random#2"]
    assert sum(x.n for x in s.agents) == 18


def test_library_results_equal_over_one_or_two_processes():
    spec = SimSpec("fixture-pips", 2, ("random", "high"), 40, seed=3, options={"rounds": 2})
    progress: list[int] = []
    one = run_simulation(spec, jobs=1, on_progress=progress.append)
    two = run_simulation(spec, jobs=2, chunk_size=7)
    assert one == two
    assert sum(progress) == 40


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("random,greedy", ["random", "greedy"]),
        ("random,ismcts:iterations=200,horizon=10", ["random", "ismcts:iterations=200,horizon=10"]),
        (
            "heuristic,ismcts:iterations=9,rollout=heuristic:lntb=4;progress=2.5,paired=1,hard",
            [
                "heuristic",
                "ismcts:iterations=9,rollout=heuristic:lntb=4;progress=2.5,paired=1",
                "hard",
            ],
        ),
        ("heuristic:epsilon=0.3,heuristic", ["heuristic:epsilon=0.3", "heuristic"]),
    ],
)
def test_agent_lists_split_at_commas_that_start_a_new_agent(text, specs):
    assert split_agents([text]) == specs


def test_long_agent_specs_are_shown_whole_in_the_tables(runner):
    base = "ismcts:iterations=2,rollout=random,c=1.4142135623,bias=0.000001,horizon="
    res = runner(["simulate", "peach-festival", "-n", "2", "-a", f"{base}3,{base}4"])
    assert res.exit_code == 0, res.output
    assert "…" not in res.stdout  # folded over lines, never cut


def test_an_empty_agent_list_is_refused(runner):
    res = runner(["simulate", "fixture-pips", "-n", "1", "-a", ","])
    assert res.exit_code == 2 and "names no agent" in res.stderr


def test_a_search_option_the_game_lacks_is_refused_before_any_game(runner):
    res = runner(["simulate", "peach-festival", "-n", "1", "-a", "ismcts:checkpoint=1,random"])
    assert res.exit_code == 2 and "no checkpoint" in res.stderr


def _long_simulation(out: Path, jobs: str) -> subprocess.Popen:
    """``meeple simulate`` of far more games than it can play in the test, under way: its
    first games are in the partial file (however loaded the machine)."""
    args = ["simulate", "peach-festival", "-a", "random", "-n", "100000", "-j", jobs]
    return start_run([*args, "--no-progress"], out)


@pytest.mark.parametrize(
    ("jobs", "sent"),
    [("1", signal.SIGINT), ("2", signal.SIGINT), ("2", signal.SIGTERM)],  # SIGTERM: `kill`
)
def test_ctrl_c_keeps_the_games_finished_so_far(tmp_path, jobs, sent):
    out = tmp_path / "r.csv"
    proc = _long_simulation(out, jobs)
    proc.send_signal(sent)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    done = int(re.search(r"Interrupted after (\d+) of 100000 games", stderr).group(1))
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == done < 100000
    assert done > 0  # every game a worker finished came back at once
    assert [int(r["game"]) for r in rows] == sorted(int(r["game"]) for r in rows)
    assert f"{done} games" in stdout
    assert not (tmp_path / "r.csv.partial.jsonl").exists()  # the results are written whole


def test_a_run_killed_outright_leaves_its_finished_games_in_the_partial_file(tmp_path):
    """``kill -9`` (or running out of memory) gives no chance to write the results; every game
    finished so far is already in ``<out>.partial.jsonl``, one JSON row per line."""
    out = tmp_path / "r.csv"
    proc = _long_simulation(out, "2")
    proc.kill()
    proc.communicate(timeout=60)
    lines = (tmp_path / "r.csv.partial.jsonl").read_text().splitlines()
    rows = [json.loads(line) for line in lines if line.endswith("}")]  # the last may be cut
    assert len(rows) > 0 and len({r["index"] for r in rows}) == len(rows)
    assert all(len(r["scores"]) == 2 and r["breakdowns"] for r in rows)
    assert out.read_text() == ""  # claimed before the first game, never written


def test_a_finished_run_leaves_no_partial_file(runner, tmp_path):
    for command in ("simulate", "tournament"):
        out = tmp_path / f"{command}.jsonl"
        args = [command, "fixture-pips", "-n", "4", "-a", "random,high", "--out", str(out)]
        assert runner([*args, "--no-progress"]).exit_code == 0
        assert out.exists() and not (tmp_path / f"{command}.jsonl.partial.jsonl").exists()


def test_an_error_stays_on_one_line_in_a_narrow_log():
    from typer.testing import CliRunner

    from meeple.cli.main import app

    res = CliRunner().invoke(
        app, ["simulate", "fixture-pips", "-a", "ismcts:c=nan"], env={"COLUMNS": "30"}
    )
    assert res.exit_code == 2
    (line,) = res.stderr.splitlines()
    assert line.startswith("error: ismcts c (UCT constant) must be a finite number")


def test_writing_results_holds_off_a_second_ctrl_c():
    from meeple.sim.session import no_interrupts as _no_interrupts

    before = signal.getsignal(signal.SIGINT)
    with _no_interrupts():
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is before


def test_a_worker_that_dies_stops_the_run_and_keeps_the_finished_games(tmp_path):
    out = tmp_path / "r.csv"
    proc = _long_simulation(out, "2")
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    os.kill(int(children[0]), signal.SIGKILL)  # as the system does to a process out of memory
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 1, stderr
    done = int(re.search(r"A worker process died .* after (\d+) of 100000 games", stderr).group(1))
    assert len(list(csv.DictReader(out.open()))) == done > 0
    assert "Traceback" not in stderr


SLIPPING_AGENTS = '''
from meeple.agents.base import Agent


class Slips(Agent):
    """Random moves, but in its 40th decision of a run it answers with no move at all."""

    made = 0

    def act(self, observation, legal_actions, rng):
        Slips.made += 1
        if Slips.made == 40:
            return "not-a-move"
        return legal_actions[rng.randrange(len(legal_actions))]


class Interrupts(Agent):
    def act(self, observation, legal_actions, rng):
        raise KeyboardInterrupt


class PairError(Exception):
    """An exception that does not survive pickling (two arguments, one message)."""

    def __init__(self, a, b):
        super().__init__(f"{a}/{b}")


class Exits(Slips):
    def act(self, observation, legal_actions, rng):
        if Slips.made == 39:
            raise SystemExit(3)
        return super().act(observation, legal_actions, rng)


class RaisesBase(Slips):
    def act(self, observation, legal_actions, rng):
        if Slips.made == 39:
            raise BaseError()
        return super().act(observation, legal_actions, rng)


class BaseError(BaseException):
    pass


class RaisesGeneratorExit(Slips):
    def act(self, observation, legal_actions, rng):
        if Slips.made == 39:
            raise GeneratorExit
        return super().act(observation, legal_actions, rng)


class RaisesPair(Slips):
    def act(self, observation, legal_actions, rng):
        if Slips.made == 39:
            raise PairError(1, 2)
        return super().act(observation, legal_actions, rng)
'''


@pytest.fixture
def agents(tmp_path):
    """A file of agent classes of one's own that go wrong mid-run."""
    path = tmp_path / "slips.py"
    path.write_text(SLIPPING_AGENTS)
    return path


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_illegal_move_mid_run_keeps_the_finished_games_and_names_the_game(
    runner, tmp_path, command, agents
):
    out = tmp_path / "r.csv"
    args = [command, "fixture-pips", "-a", f"{agents}:Slips,random", "-n", "40", "--seed", "1"]
    res = runner([*args, "--no-progress", "--out", str(out)])
    assert res.exit_code == 1
    assert isinstance(res.exception, IllegalActionError) and res.exception.rule == "CORE-04"
    done = int(re.search(r"after (\d+) of 40 games", res.stdout).group(1))
    assert 0 < done < 40 and len(list(csv.DictReader(out.open()))) == done
    assert re.search(r"A game raised IllegalActionError in game \d+ \(seed \d+; seat 0", res.stdout)


def test_an_illegal_move_in_a_worker_stops_the_run_with_the_error(agents):
    args = ["simulate", "peach-festival", "-a", f"{agents}:Slips,random", "-n", "200", "-j", "2"]
    code = "from meeple.cli.main import app; app()"
    proc = subprocess.run(
        [sys.executable, "-c", code, *args, "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert (
        "IllegalActionError: [CORE-04]" in proc.stderr and "worker process died" not in proc.stderr
    )
    assert re.search(r"in game \d+ \(seed", proc.stderr)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_run_stopped_before_any_game_ends_leaves_the_results_file_as_it_was(
    runner, tmp_path, command, agents
):
    out = tmp_path / "old.csv"
    out.write_text("game,seed\n0,1\n")
    args = [command, "fixture-pips", "-a", f"{agents}:Interrupts,random", "-n", "4"]
    res = runner([*args, "--no-progress", "--out", str(out), "--force"])
    assert res.exit_code == 130
    assert out.read_text() == "game,seed\n0,1\n"
    assert "left as it was" in res.stderr


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_run_stopped_before_any_game_ends_leaves_no_new_results_file(
    runner, tmp_path, command, agents
):
    out = tmp_path / "new.csv"
    args = [command, "fixture-pips", "-a", f"{agents}:Interrupts,random", "-n", "4"]
    res = runner([*args, "--no-progress", "--out", str(out)])
    assert res.exit_code == 130 and not out.exists()
    assert "no results file written" in res.stderr
    # the line that says so is printed once: there are no tables for it to head on stdout
    assert "Interrupted after 0 of 4 games" not in res.stdout
    assert res.stderr.count("Interrupted after 0 of 4 games") == 1


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_existing_results_file_is_kept_unless_force_is_given(runner, tmp_path, command):
    out = tmp_path / "old.csv"
    out.write_text("game,seed\n0,1\n")
    args = [command, "fixture-pips", "-a", "random,high", "-n", "2", "--no-progress"]
    res = runner([*args, "--out", str(out)])
    assert res.exit_code == 2 and "exists already; give --force" in res.stderr
    assert out.read_text() == "game,seed\n0,1\n"
    res = runner([*args, "--out", str(out), "--force"])
    assert res.exit_code == 0 and out.read_text() != "game,seed\n0,1\n"


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_the_games_of_a_run_that_did_not_finish_are_kept_unless_force_is_given(
    runner, tmp_path, command
):
    out = tmp_path / "r.csv"
    partial = tmp_path / "r.csv.partial.jsonl"
    partial.write_text('{"index": 0}\n')
    # a run killed outright leaves its (empty) results file too: the partial file is named
    out.write_text("")
    args = [command, "fixture-pips", "-a", "random,high", "-n", "2", "--no-progress"]
    res = runner([*args, "--out", str(out)])
    assert res.exit_code == 2 and "did not finish" in res.stderr
    assert partial.read_text() == '{"index": 0}\n' and out.read_text() == ""
    res = runner([*args, "--out", str(out), "--force"])
    assert res.exit_code == 0 and out.exists() and not partial.exists()


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_empty_entry_in_the_agent_list_is_refused(runner, command):
    res = runner([command, "fixture-pips", "-n", "2", "-a", "random,,random"])
    assert res.exit_code == 2 and "empty entry" in res.stderr
    res = runner([command, "fixture-pips", "-n", "2", "-a", "random", "-a", "", "-a", "high"])
    assert res.exit_code == 2 and "empty entry" in res.stderr


def test_engine_errors_cross_process_pools_with_their_notes():
    import pickle

    err = IllegalActionError("PF-021", "not now", "ab", 1)
    err.add_note("in game 3")
    again = pickle.loads(pickle.dumps(err))
    assert (again.rule, again.reason, again.action, again.seat) == ("PF-021", "not now", "ab", 1)
    assert str(again) == str(err) and again.__notes__ == ["in game 3"]
    content = pickle.loads(pickle.dumps(ContentError("a.toml", "rules.x", "bad")))
    assert (content.file, content.field, str(content)) == (
        "a.toml",
        "rules.x",
        "a.toml: rules.x: bad",
    )


def test_a_solo_simulation_shows_scores_with_student_intervals_and_no_wins(runner):
    res = runner(
        ["simulate", "peach-festival", "-p", "1", "-a", "greedy", "-n", "2", "--no-progress"]
    )
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "2 games, 1 player," in out and "Agents (solo: scores)" in out
    assert "win %" not in out and "Seats" not in out
    one = runner(
        ["simulate", "peach-festival", "-p", "1", "-a", "greedy", "-n", "1", "--no-progress"]
    )
    row = next(line for line in one.stdout.splitlines() if "greedy" in line and "│" in line)
    assert row.split("│")[4].strip() == "-" and row.split("│")[5].strip() == "-"


@pytest.mark.parametrize(
    ("agent", "said"),
    [
        ("Exits", "an agent called exit (SystemExit(3))"),
        ("RaisesBase", "an agent raised BaseError"),
        ("RaisesGeneratorExit", "an agent raised GeneratorExit"),
    ],
)
def test_an_agent_that_exits_fails_its_game_not_the_run(runner, tmp_path, agents, agent, said):
    out = tmp_path / "r.csv"
    args = ["simulate", "fixture-pips", "-a", f"{agents}:{agent},random", "-n", "40"]
    res = runner([*args, "--seed", "1", "--no-progress", "--out", str(out)])
    assert res.exit_code == 1 and isinstance(res.exception, RuntimeError)
    assert said in res.stdout
    done = int(re.search(r"after (\d+) of 40 games", res.stdout).group(1))
    assert done > 0 and len(list(csv.DictReader(out.open()))) == done


def test_an_error_that_cannot_be_pickled_still_comes_back_from_a_worker(agents):
    args = ["simulate", "peach-festival", "-a", f"{agents}:RaisesPair,random", "-n", "200"]
    code = "from meeple.cli.main import app; app()"
    proc = subprocess.run(
        [sys.executable, "-c", code, *args, "-j", "2", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "worker process died" not in proc.stderr
    assert re.search(r"A game raised RuntimeError in game \d+ \(seed .*PairError: 1/2", proc.stderr)


def test_simulate_reports_each_agents_score_breakdown_in_the_table_and_the_file(runner, tmp_path):
    """The parts each game's scoring counts (PF-072's lantern, columns...) reach the designer."""
    out = tmp_path / "r.csv"
    args = ["simulate", "peach-festival", "-n", "4", "-a", "greedy,random", "--no-progress"]
    result = runner([*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Score breakdown (mean per seat-game)" in result.stdout and "lantern" in result.stdout
    rows = list(csv.DictReader(out.open()))
    for row in rows:  # which run it was: rules version, every option, the run's seed
        assert (row["version"], row["run_seed"]) == ("1.0", "0")
        assert json.loads(row["options"]) == {
            "content": None,
            "difficulty": "medium",
            "max_rounds": 60,
        }
        for seat in (0, 1):
            parts = ("lantern", "columns", "requests", "merchants", "peaches")
            total = sum(int(row[f"seat{seat}_breakdown_{p}"]) for p in parts)
            assert total == int(row[f"seat{seat}_score"]) == int(row[f"seat{seat}_breakdown_total"])
    jsonl = tmp_path / "r.jsonl"
    assert runner([*args, "--out", str(jsonl)]).exit_code == 0
    first = json.loads(jsonl.read_text().splitlines()[0])
    assert first["breakdowns"][0]["total"] == first["scores"][0]


@pytest.mark.parametrize(
    ("players", "agents", "noted"), [(3, 2, True), (2, 2, False), (3, 3, False)]
)
def test_simulate_says_when_rotating_agents_make_the_seat_lines_uneven(
    runner, players, agents, noted
):
    """3 seats, 2 agents: one agent holds 2 seats in one game and 1 in the next."""
    names = ",".join(["random", "high", "random"][:agents])
    args = ["simulate", "fixture-pips", "-p", str(players), "-n", "4", "-a", names]
    result = runner([*args, "--no-progress"])
    assert result.exit_code == 0, result.output
    assert (
        "simulate one agent to measure seat advantage" in " ".join(result.stdout.split())
    ) is noted
