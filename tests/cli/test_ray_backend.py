"""``--backend ray``: the games of a run on a Ray instance started by the test give the rows,
and the results file, of the local pool, byte for byte."""

from __future__ import annotations

import pytest

pytest.importorskip("ray", reason="the Ray backend is the optional extra meeple[ray]")

from meeple.sim import SimSpec, run_simulation
from meeple.sim.output import write_results
from meeple.sim.ray_backend import session

SPEC = SimSpec("peach-festival", 2, ("greedy", "random"), 12, seed=4)


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray instance of two CPUs for the module's tests (started in about 3 s on
    a quiet machine), stopped after them."""
    with session(2):
        yield


def test_ray_with_two_workers_gives_the_local_pools_results_byte_for_byte(local_ray, tmp_path):
    pooled = run_simulation(SPEC, jobs=2)
    on_ray = run_simulation(SPEC, jobs=2, backend="ray", chunk_size=3)
    assert on_ray == pooled == run_simulation(SPEC, jobs=1)
    a = write_results(pooled, tmp_path / "local.csv", 2)
    b = write_results(on_ray, tmp_path / "ray.csv", 2)
    assert a.read_bytes() == b.read_bytes()


def test_a_resumed_run_on_ray_plays_only_the_missing_games(local_ray):
    played = run_simulation(SPEC, backend="ray", indices=[1, 5, 7])
    assert [r["index"] for r in played] == [1, 5, 7]
    assert played == [r for r in run_simulation(SPEC) if r["index"] in (1, 5, 7)]


def test_an_unknown_backend_is_refused_before_any_game(runner):
    res = runner(["simulate", "fixture-pips", "-n", "2", "--backend", "spark"])
    assert res.exit_code == 2 and "unknown backend 'spark'; known: local, ray" in res.stderr


def test_a_report_and_a_sweep_on_ray_are_the_local_pools(local_ray, runner, tmp_path):
    for command in (
        ["report", "peach-festival", "-a", "greedy,random", "-n", "8", "-s", "4"],
        ["sweep", "annapurna", "-o", "flag_target=4,6", "-n", "4", "-s", "4"],
    ):
        files = []
        for backend in ("local", "ray"):
            out = tmp_path / f"{command[0]}-{backend}.json"
            args = [*command, "-j", "2", "--json", "--no-progress", "--backend", backend]
            done = runner([*args, "--out", str(out)])
            assert done.exit_code == 0, done.output
            files.append(out.read_bytes())
        assert files[0] == files[1]
