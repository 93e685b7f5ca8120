"""Simulations on Ray (``--backend ray``): the games of a run spread over a Ray cluster.

Ray (an existing distributed engine, the optional extra ``meeple[ray]``) runs chunks of game
indices as remote tasks, on a local instance started for the run (``jobs`` CPUs) or on an
existing cluster (``address``). Each game's row depends on the spec and its index alone
(:mod:`meeple.sim.runner`), so a run gives the same rows on Ray as on the local pool, with any
number of workers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from meeple.core.errors import ConfigError

#: How one game is played: ``play(spec, index, game) -> row``
#: (:func:`meeple.sim.runner.play_one`, passed in so this module needs no runner).
PlayOne = Callable[[Any, int, Any], dict[str, Any]]


def _ray() -> Any:
    """The ``ray`` module.

    Raises:
        ConfigError: when Ray is not installed.
    """
    try:
        import ray
    except ImportError:
        raise ConfigError("--backend ray needs Ray: pip install 'meeple[ray]'") from None
    return ray


def _play_chunk(spec: Any, indices: Sequence[int], play: PlayOne) -> list[dict[str, Any]]:
    """Play the games ``indices`` of ``spec`` in a Ray worker; their rows."""
    game = spec.make_game()
    return [play(spec, i, game) for i in indices]


@contextlib.contextmanager
def session(jobs: int, address: str | None = None) -> Iterator[None]:
    """Ray, ready while the block runs: the instance already started in this process, or
    one started for the block (a local one of ``jobs`` CPUs, or a connection to the cluster
    at ``address``) and stopped after it.

    Raises:
        ConfigError: when Ray is not installed or cannot start or reach the cluster.
    """
    ray = _ray()
    if ray.is_initialized():
        yield
        return
    try:
        if address is None:
            ray.init(
                num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise ConfigError(f"cannot start or reach Ray at {address or 'local'}: {e}") from None
    try:
        yield
    finally:
        ray.shutdown()


def run_on_ray(
    spec: Any,
    jobs: int,
    chunks: Sequence[Sequence[int]],
    rows: list[dict[str, Any]],
    on_progress: Callable[[int], None] | None,
    play: PlayOne,
    address: str | None = None,
) -> None:
    """Play ``chunks`` as Ray tasks, appending each chunk's rows as it ends.

    Args:
        spec: The :class:`~meeple.sim.runner.SimSpec`.
        jobs: CPUs of the local Ray instance started for the run (ignored with ``address``).
        chunks: Game indices, one task each.
        rows: Where the rows go as tasks end (kept when the run is cut short).
        on_progress: Called with the number of games just finished.
        play: Plays one game (:func:`meeple.sim.runner.play_one`).
        address: An existing cluster (``ray://host:port`` or ``auto``); ``None`` starts a
            local instance for the run and stops it afterwards.

    Raises:
        ConfigError: when Ray is not installed or the cluster cannot be reached.
        BrokenProcessPool: when a Ray worker died.
        KeyboardInterrupt: on Ctrl-C (the tasks under way are cancelled); an error a game
            raised is raised here as it was.
    """
    ray = _ray()
    with session(jobs, address):
        task = ray.remote(num_cpus=1, max_retries=0)(_play_chunk)
        spec_ref = ray.put(spec)
        pending = [task.remote(spec_ref, list(c), play) for c in chunks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                try:
                    got = ray.get(done[0])
                except ray.exceptions.RayTaskError as e:
                    raise e.as_instanceof_cause() from None
                except ray.exceptions.WorkerCrashedError as e:
                    raise BrokenProcessPool(str(e)) from None
                rows.extend(got)
                if on_progress is not None:
                    on_progress(len(got))
        finally:
            for ref in pending:  # a run cut short: the chunks under way are abandoned
                ray.cancel(ref, force=True)
