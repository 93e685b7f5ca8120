"""Running many seeded games between agents, in this process or over a process pool.

Each game ``i`` of a simulation is fully determined by the spec and ``i``: its driver seed is
``derive_seed(spec.seed, "game", i)`` and its seating rotates the agents over the seats, so the
results do not depend on how games are spread over processes.
"""

from __future__ import annotations

import contextlib
import ctypes
import itertools
import math
import multiprocessing
import pickle
import queue
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from meeple.agents.base import checked_setup, make_agent
from meeple.core import registry
from meeple.core.driver import play_game
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.registry import make
from meeple.core.seeding import derive_seed


@dataclass(frozen=True)
class SimSpec:
    """What to simulate.

    Attributes:
        game: Registry name of the game.
        players: Number of seats.
        agents: Agent specs (``make_agent`` names); they rotate over the seats across games.
        games: Number of games.
        seed: Base seed; game ``i`` is played with ``derive_seed(seed, "game", i)``
            (``"rotate"`` seating) or ``derive_seed(seed, "deal", i // cycle)`` (``"permute"``
            and ``"duplicate"``, whenever :meth:`schedule` gives a cycle).
        options: Game options.
        seating: ``"rotate"``: agent slot ``(seat + i) % len(agents)`` sits at ``seat`` in game
            ``i``. ``"permute"``: game ``i`` uses the ``i % cycle``-th ordered choice of
            ``players`` distinct agents (every pairing in every seat order, ``cycle`` of them),
            and the ``cycle`` games of one round share one seed, so every seating meets the
            same chance (duplicate format). With fewer agents than seats it falls back to
            ``"rotate"``. ``"duplicate"``: as ``"permute"``, except that with fewer agents
            than seats the ``len(agents)`` games of one rotation (``"rotate"`` seating) share
            one seed, so every agent meets the same deal from every seat set of the rotation.
    """

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seating: str = "rotate"

    def schedule(self) -> list[tuple[int, ...]] | None:
        """The seatings of one cycle (games sharing a seed), or ``None`` when every game has
        its own seed (``"rotate"``, and ``"permute"`` with fewer agents than seats)."""
        k = len(self.agents)
        if self.seating == "duplicate" and self.multi_seat:
            return [tuple(seat_slots(k, self.players, i)) for i in range(k)]
        if self.seating not in ("permute", "duplicate") or self.multi_seat:
            return None
        return list(itertools.permutations(range(k), self.players))

    @property
    def multi_seat(self) -> bool:
        """Whether there are fewer agents than seats, so that an agent holds several seats of
        some games (and counts once per game, by its best-placed seat)."""
        return len(self.agents) < self.players

    def seating_of(self, index: int) -> tuple[list[int], int]:
        """Agent slot of each seat and driver seed of game ``index``."""
        cycle = self.schedule()
        if cycle is None:
            return seat_slots(len(self.agents), self.players, index), derive_seed(
                self.seed, "game", index
            )
        return list(cycle[index % len(cycle)]), derive_seed(self.seed, "deal", index // len(cycle))

    def make_game(self) -> Game:
        """The configured game.

        Raises:
            ConfigError: for an unknown game, player count or option.
        """
        return make(self.game, players=self.players, **self.options)

    def labels(self) -> list[str]:
        """One distinct label per agent slot (``random#1``, ``random#2`` when repeated)."""
        counts = {a: self.agents.count(a) for a in self.agents}
        seen: dict[str, int] = {}
        out = []
        for a in self.agents:
            if counts[a] > 1:
                seen[a] = seen.get(a, 0) + 1
                out.append(f"{a}#{seen[a]}")
            else:
                out.append(a)
        return out


def seat_slots(num_agents: int, players: int, index: int) -> list[int]:
    """Agent slot of each seat in game ``index``: slot ``(seat + index) % num_agents``.

    Over consecutive games every agent visits every seat (seat rotation).
    """
    return [(seat + index) % num_agents for seat in range(players)]


def play_one(spec: SimSpec, index: int, game: Game | None = None) -> dict[str, Any]:
    """Play game ``index`` of ``spec`` and return its result row.

    Returns:
        A JSON-serialisable dict: ``index``, ``seed``, ``round_size`` (the games of a full
        round of seatings that share this seed: 1 when every game has its own), the run's
        ``run_seed``, ``game_name`` (the game's registered name), ``version``
        (the rules version) and ``options`` (every option of the game, defaults included, a
        content directory resolved), ``content_digest`` (of the content files the game was
        made with, :meth:`meeple.core.game.Game.content_digest`), ``slots`` and ``agents`` per
        seat,
        ``scores``, ``ranks``, ``winners``, ``breakdowns`` (per seat, the score's parts as the
        game counts them, e.g. The Peach Festival's ``lantern``, ``columns``...),
        ``decisions`` (player actions), ``length`` (all actions, chance included), the
        game's ``extras`` and ``elements`` (per seat, the named cards, contracts... it had or
        used, :meth:`meeple.core.game.State.elements`).
    """
    game = game if game is not None else spec.make_game()
    slots, seed = spec.seating_of(index)
    agents = [make_agent(spec.agents[slot], game) for slot in slots]
    labels = spec.labels()
    try:
        try:
            state, _ = play_game(game, agents, seed=seed)
        except SystemExit as e:  # an agent's exit() fails its game, not the whole run
            raise RuntimeError(f"an agent called exit ({e!r})") from e
        except (Exception, KeyboardInterrupt):
            raise
        except BaseException as e:  # an agent's own BaseException (GeneratorExit...): fails
            raise RuntimeError(f"an agent raised {type(e).__name__}") from e
    except Exception as e:  # say which game broke: its index, seed and seating
        seating = ", ".join(f"seat {k}: {labels[s]}" for k, s in enumerate(slots))
        e.add_note(f"in game {index} (seed {seed}; {seating})")
        raise
    result = state.result()
    cycle = spec.schedule()
    return {
        "index": index,
        "seed": seed,
        "round_size": len(cycle) if cycle else 1,
        "run_seed": spec.seed,
        "game_name": game.info.name,
        "version": game.info.version,
        "options": {k: v for k, v in game.config.items() if k != "players"},
        "content_digest": game.content_digest(),
        "slots": slots,
        "agents": [labels[s] for s in slots],
        "scores": result.scores,
        "ranks": [s.rank for s in result.seats],
        "winners": result.winners,
        "breakdowns": [dict(seat.breakdown) for seat in result.seats],
        "decisions": sum(1 for seat, _ in state.history if seat >= 0),
        "length": len(state.history),
        "extras": dict(result.extras),
        "elements": state.elements(),
        # a cooperative team wins or loses together: each seat's win is whole, not a share
        **({"cooperative": True} if game.cooperative else {}),
    }


#: A worker process's state: its configured game ``(spec, game)`` and the results queue.
_WORKER: dict[str, Any] = {}


def _run_chunk(task: tuple[SimSpec, Sequence[int]]) -> int:
    """Play a chunk of games in a worker, putting each row on the results queue as soon as
    its game ends (so a run cut short keeps every finished game); returns the chunk's size."""
    spec, indices = task
    cached = _WORKER.get("game")
    if cached is None or cached[0] != spec:
        cached = _WORKER["game"] = (spec, spec.make_game())
    results = _WORKER["results"]
    for i in indices:
        try:
            results.put(play_one(spec, i, cached[1]))
        except Exception as e:  # sent back to the parent, which must be able to unpickle it
            sent = _sendable(e)
            if sent is e:
                raise
            raise sent from e  # the worker's traceback text still shows the original
    return len(indices)


def _sendable(error: Exception) -> Exception:
    """``error`` if it survives pickling (a worker sends it to the parent); otherwise a
    ``RuntimeError`` with its type and message, and its notes (which game it was)."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        sent = RuntimeError(f"{type(error).__name__}: {error}")
        for note in getattr(error, "__notes__", ()):
            sent.add_note(note)
        return sent


#: Seconds a stopped worker has to exit on SIGTERM before it is killed outright.
STOP_GRACE = 10.0


def _stop_workers(workers: set[multiprocessing.process.BaseProcess]) -> None:
    """Stop ``workers`` at once and wait until each has exited (a SIGTERM, then a SIGKILL to
    one still alive after :data:`STOP_GRACE` seconds), so none outlives the run however
    loaded the machine is. Chunks under way are abandoned, not finished."""
    for p in workers:
        p.terminate()
    for p in workers:
        p.join(STOP_GRACE)
        if p.exitcode is None:
            p.kill()
            p.join()


def _init_worker(path: list[str], games: dict[str, Any], results: Any) -> None:
    """Give a worker process the parent's import path, game registry and results queue.

    Workers ignore Ctrl-C (the parent alone handles it, by stopping the pool); they were
    forked with it blocked, so none arrives before it is ignored. On Linux a worker is also
    stopped if the parent dies without stopping it (e.g. killed).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's own handler is not ours
    _unblock_interrupts()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    sys.path[:] = path
    for name, target in games.items():
        registry.register(name, target)
    # a stopped worker must not wait at exit for the parent to read what it still holds
    results.cancel_join_thread()
    _WORKER["results"] = results


def check_simulation(spec: SimSpec) -> Game:
    """Build the game and every agent, each set up at seat 0, before any game is played.

    Returns:
        The configured game.

    Raises:
        ConfigError: for a bad game, player count, option or agent (name, parameters, or a
            rollout policy or option the game does not have).
    """
    game = spec.make_game()
    for a in spec.agents:
        checked_setup(make_agent(a, game), game, 0, a)
    return game


def chunk_indices(games: int, jobs: int, chunk_size: int | None = None) -> list[range]:
    """Split ``range(games)`` into chunks (about 8 per job, at most 64 games each)."""
    if chunk_size is None:
        chunk_size = max(1, min(64, math.ceil(games / max(1, jobs * 8))))
    return [range(i, min(games, i + chunk_size)) for i in range(0, games, chunk_size)]


#: Where the games of a run are played.
BACKENDS = ("local", "ray")


def check_backend(backend: str) -> None:
    """Refuse a backend other than :data:`BACKENDS`, and Ray when it is not installed.

    Raises:
        ConfigError: naming the backends there are, or how to install Ray.
    """
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if backend == "ray":
        from meeple.sim.ray_backend import _ray

        _ray()  # installed, or refused before any game


def run_simulation(
    spec: SimSpec,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    chunk_size: int | None = None,
    into: list[dict[str, Any]] | None = None,
    game: Game | None = None,
    indices: Sequence[int] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[dict[str, Any]]:
    """Play every game of ``spec`` and return the result rows ordered by game index.

    Args:
        spec: What to simulate.
        jobs: Worker processes; 1 plays in this process.
        on_progress: Called with the number of games just finished.
        chunk_size: Games per task sent to a worker process (default: about 8 tasks per
            job, at most 64 games each); each game's row comes back as soon as it ends.
        into: A list to append the rows to as games finish (and to return). If the run is
            interrupted (``KeyboardInterrupt``, which stops the worker processes at once), it
            keeps the rows of the games finished so far, in the order they finished.
        game: The game :func:`check_simulation` returned for ``spec``, when the caller has
            checked it already (otherwise it is checked here).
        indices: The games to play (default: all of ``range(spec.games)``; a resumed run
            plays those it had not finished). Each game's row depends on its index alone.
        backend: ``"local"`` (this process, or a pool of ``jobs`` processes) or ``"ray"``
            (Ray tasks, :mod:`meeple.sim.ray_backend`; ``jobs`` CPUs of a local instance).
            The rows are the same on either.
        address: With ``"ray"``, an existing cluster to use instead of a local instance.

    Raises:
        ConfigError: for a bad game, option or agent (checked by :func:`check_simulation`
            before any game is played).
        BrokenProcessPool: if a worker process died (``into`` keeps the finished games).
        KeyboardInterrupt: on Ctrl-C (``into`` keeps the finished games); an error a game
            raised in a worker is raised here as it was.
    """
    if game is None:
        game = check_simulation(spec)
    rows: list[dict[str, Any]] = [] if into is None else into
    check_backend(backend)
    todo = list(range(spec.games) if indices is None else indices)
    if backend == "ray":
        from meeple.sim.ray_backend import run_on_ray

        chunks = [[todo[k] for k in c] for c in chunk_indices(len(todo), jobs, chunk_size)]
        run_on_ray(spec, max(1, jobs), chunks, rows, on_progress, play_one, address)
    elif jobs <= 1:
        for i in todo:
            rows.append(play_one(spec, i, game))
            if on_progress is not None:
                on_progress(1)
    else:
        chunks = [[todo[k] for k in c] for c in chunk_indices(len(todo), jobs, chunk_size)]
        _run_pool(spec, jobs, chunks, rows, on_progress)
    rows.sort(key=lambda r: r["index"])
    return rows


def _block_interrupts() -> None:
    """Hold Ctrl-C pending in this thread (where the platform can), until unblocked."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock_interrupts() -> None:
    """Deliver a pending Ctrl-C (as ``KeyboardInterrupt``) and let the next ones through."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _failures(failed: list[Future]) -> Callable[[Future], None]:
    """A done-callback that records each task that raised (cancelled ones did not)."""

    def record(fut: Future) -> None:
        if not fut.cancelled() and fut.exception() is not None:
            failed.append(fut)

    return record


def _run_pool(
    spec: SimSpec,
    jobs: int,
    chunks: Sequence[Sequence[int]],
    rows: list[dict[str, Any]],
    on_progress: Callable[[int], None] | None,
) -> None:
    """Play ``chunks`` over ``jobs`` worker processes, appending rows as games end.

    Ctrl-C is held pending while the workers start and while they are stopped, so it stops
    the run at any moment without leaving a worker behind.

    Raises:
        Whatever a game raised in a worker (with the worker's traceback as its cause),
        ``BrokenProcessPool`` if a worker died, and ``KeyboardInterrupt``, after keeping the
        rows that had arrived. In every case the workers are stopped at once.
    """
    ctx = multiprocessing.get_context()
    results = ctx.Queue()
    before = set(multiprocessing.active_children())
    failed: list[Future] = []  # filled from the executor's thread as soon as a task fails
    left = sum(len(c) for c in chunks)
    _block_interrupts()
    try:
        pool = ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=ctx,
            initializer=_init_worker,
            initargs=(list(sys.path), dict(registry._REGISTRY), results),
        )
    except BaseException:
        _unblock_interrupts()
        raise
    try:
        for c in chunks:
            fut = pool.submit(_run_chunk, (spec, list(c)))
            fut.add_done_callback(_failures(failed))
        _unblock_interrupts()
        while left and not failed:
            with contextlib.suppress(queue.Empty):
                rows.append(results.get(timeout=0.2))
                left -= 1
                if on_progress is not None:
                    on_progress(1)
        error = failed[0].exception() if left else None
        if error is not None:
            raise error  # a failed game or a dead worker: stop now
    finally:
        _block_interrupts()  # a second Ctrl-C must not cut the clean-up short
        if left:
            with contextlib.suppress(queue.Empty, OSError, ValueError):
                while True:  # rows already delivered are kept
                    rows.append(results.get_nowait())
            _stop_workers(set(multiprocessing.active_children()) - before)
        # only now: a shutdown that does not wait drops the pool's manager thread unjoined,
        # and a later one that waits has nothing left to join
        pool.shutdown(wait=True, cancel_futures=True)
        _unblock_interrupts()
