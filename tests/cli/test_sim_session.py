"""Runs from Python (:mod:`meeple.sim.session`) keep the guarantees of the commands: a run
cut short keeps its games, a failing pool or game is reported, and a results file that cannot
be written leaves every game in the partial file."""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal

import pytest

from meeple.core.errors import ConfigError
from meeple.sim import SimSpec, read_results, run_simulation, runner
from meeple.sim.output import partial_path
from meeple.sim.session import (
    PartialWriteError,
    check_games,
    complete_rounds,
    open_results,
    resolve_jobs,
    run_games,
    usable_jobs,
)

SPEC = SimSpec("fixture-pips", 2, ("random", "high"), 12, seed=3)

RAISES = """
from meeple.agents.base import Agent


class Raises(Agent):
    name = "raises"

    def act(self, observation, legal_actions, rng):
        raise ValueError("the bot's own bug")
"""


def _stop_after(games: int, how):
    """An ``on_progress`` callback that calls ``how()`` once ``games`` games have finished."""
    done = 0

    def progress(k: int) -> None:
        nonlocal done
        done += k
        if done == games:
            how()

    return progress


def _interrupt() -> None:
    raise KeyboardInterrupt


def test_a_finished_run_writes_its_results_and_removes_the_partial_file(tmp_path):
    run = run_games(SPEC, results=open_results(tmp_path / "r.jsonl"))
    assert run.stopped is None and run.written == tmp_path / "r.jsonl"
    assert run.rows == run_simulation(SPEC)
    assert read_results(tmp_path / "r.jsonl") == run.rows
    assert not partial_path(tmp_path / "r.jsonl").exists()


def test_a_run_interrupted_keeps_its_finished_games(tmp_path):
    out = tmp_path / "r.jsonl"
    run = run_games(SPEC, results=open_results(out), on_progress=_stop_after(5, _interrupt))
    assert run.stopped == "interrupted"
    assert [r["index"] for r in run.rows] == [0, 1, 2, 3, 4]
    assert read_results(out) == run.rows == run_simulation(SPEC)[:5]


def test_sigterm_stops_a_run_as_ctrl_c_does(tmp_path):
    def term() -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM)
    run = run_games(
        SPEC, results=open_results(tmp_path / "r.csv"), on_progress=_stop_after(2, term)
    )
    assert run.stopped == "interrupted" and len(run.rows) == 2
    assert len(read_results(tmp_path / "r.csv")) == 2
    assert signal.getsignal(signal.SIGTERM) is before  # the handler is put back


def test_a_failing_pool_is_reported_with_the_games_it_finished(tmp_path):
    spec = SimSpec("fixture-pips", 2, ("random", "high"), 4000, seed=1)
    here = set(multiprocessing.active_children())

    def kill_worker() -> None:
        worker = next(iter(set(multiprocessing.active_children()) - here))
        os.kill(worker.pid, signal.SIGKILL)  # as the system does to a process out of memory

    out = tmp_path / "r.jsonl"
    run = run_games(
        spec, jobs=2, results=open_results(out), on_progress=_stop_after(3, kill_worker)
    )
    assert run.stopped == "broken"
    assert 3 <= len(run.rows) < spec.games
    assert read_results(out) == run.rows
    assert not set(multiprocessing.active_children()) - here  # no worker left behind


def _deaf_to_sigterm(ready) -> None:
    """A worker stuck where SIGTERM cannot stop it."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ready.set()
    signal.pause()


def test_a_stopped_worker_deaf_to_sigterm_is_killed_and_reaped(monkeypatch):
    monkeypatch.setattr(runner, "STOP_GRACE", 0.2)
    ready = multiprocessing.get_context().Event()
    worker = multiprocessing.Process(target=_deaf_to_sigterm, args=(ready,))
    worker.start()
    ready.wait()
    runner._stop_workers({worker})
    assert worker.exitcode == -signal.SIGKILL
    assert worker not in multiprocessing.active_children()


def test_a_game_that_raises_stops_the_run_and_is_named(tmp_path):
    (tmp_path / "bots.py").write_text(RAISES)
    spec = SimSpec("fixture-pips", 2, ("random", f"{tmp_path / 'bots.py'}:Raises"), 4)
    run = run_games(spec)
    assert isinstance(run.stopped, ValueError) and run.rows == []
    assert any("in game 0" in note for note in run.stopped.__notes__)


def test_a_bad_spec_is_refused_before_any_game_and_writes_nothing(tmp_path):
    out = tmp_path / "r.csv"
    results = open_results(out)
    with pytest.raises(ConfigError, match="nobody"):
        run_games(SimSpec("fixture-pips", 2, ("nobody",), 4), results=results)
    assert out.read_text() == ""  # as open_results made it: the caller decides


def test_results_that_cannot_be_written_leave_every_game_in_the_partial_file(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("meeple.sim.output.os.replace", full)
    out = tmp_path / "r.csv"
    run = run_games(SPEC, results=open_results(out))
    assert run.written is None and run.write_error.errno == errno.ENOSPC
    assert read_results(partial_path(out)) == run.rows and len(run.rows) == SPEC.games
    assert not out.exists()  # no empty or half-written file
    assert [p.name for p in tmp_path.iterdir()] == ["r.csv.partial.jsonl"]


def test_an_existing_results_file_survives_a_full_disk(tmp_path, monkeypatch):
    out = tmp_path / "r.jsonl"
    out.write_text("earlier\n")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("meeple.sim.output.os.replace", full)
    run = run_games(SPEC, results=open_results(out, force=True))
    assert run.write_error is not None and out.read_text() == "earlier\n"


def test_a_partial_file_that_cannot_be_written_stops_the_run(tmp_path, monkeypatch):
    results = open_results(tmp_path / "r.csv")

    def full(rows):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(results.partial, "add", full)
    run = run_games(SPEC, results=results)
    assert isinstance(run.stopped, PartialWriteError)
    assert "No space left on device" in str(run.stopped) and len(run.rows) == 1


def test_a_leftover_partial_file_is_refused_unless_forced(tmp_path):
    out = tmp_path / "r.csv"
    partial_path(out).write_text('{"index": 0}\n')
    with pytest.raises(ConfigError, match="did not finish"):
        open_results(out)
    assert not out.exists()
    results = open_results(out, force=True)
    assert results.partial.path.read_text() == ""


def test_a_stopped_run_tabulates_complete_rounds_only():
    spec = SimSpec("fixture-pips", 2, ("random", "high", "low"), 12, 0, {}, "permute")
    rows = [{"index": i} for i in (0, 1, 2, 3, 4, 5, 6, 8)]
    assert [r["index"] for r in complete_rounds(spec, rows)] == [0, 1, 2, 3, 4, 5]


def test_the_shared_argument_checks_name_the_callers_parameter():
    with pytest.raises(ConfigError, match=r"^--games must be at least 1$"):
        check_games(0, "--games")
    with pytest.raises(ConfigError, match=r"^jobs must be 0 or more$"):
        resolve_jobs(-1)
    assert resolve_jobs(0) == (os.cpu_count() or 1)


def test_jobs_are_capped_at_the_games_and_the_cores():
    assert usable_jobs(24, 2) == min(2, os.cpu_count() or 1)
    assert usable_jobs(24, 1000) == (os.cpu_count() or 1)
    assert usable_jobs(1, 1000) == 1
