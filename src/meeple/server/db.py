"""The database: tables, seats, tokens and the action list of every game (event-sourced).

A game is stored as its configuration, its secret seed, its rules version and its actions in
order, chance outcomes included; its state is rebuilt by replaying them. Undo marks actions
``undone`` rather than deleting them, so the stored list keeps everything that happened.

SQLite (the embedded default) runs in WAL mode with a busy timeout and ``synchronous=FULL``, so
a committed move survives a power loss; PostgreSQL is reached through psycopg 3.
"""

from __future__ import annotations

import queue
import secrets
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

#: SQLite waits this long for another writer before failing, in milliseconds.
BUSY_TIMEOUT_MS = 10_000


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game table: the game's configuration and secret seed, its clock and its owner."""

    __tablename__ = "game_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The chance seed: never leaves the server before the game is over.
    seed: Mapped[int] = mapped_column(BigInteger)
    #: ``{"bank_s", "increment_s", "takeover"}`` or ``None``.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    #: ``GameResult.to_dict()`` once finished: a game of older rules is exported without replay.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """One seat of a table: a person, a bot of a level, or open until someone joins."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    #: A bot plays this seat for its person (time ran out, or the person left).
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)


class TokenRow(Base):
    """A secret link: the SHA-256 of its token, and the seats it acts for (none: spectator)."""

    __tablename__ = "tokens"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seats: Mapped[list[int]] = mapped_column(JSON)


class ActionRow(Base):
    """One action of a game, in order (``id``); chance outcomes have ``seat == -1``."""

    __tablename__ = "actions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    #: Place in the game, counting from 1, when it was applied.
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    #: The id a client gave the move: a retried move is recognised and applied once.
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Who chose it: ``person``, ``bot`` or ``chance``.
    source: Mapped[str] = mapped_column(String(8))
    #: Time left on the mover's clock after the move, in seconds (clocked tables).
    clock_s: Mapped[float | None] = mapped_column(nullable=True)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    __table_args__ = (
        Index("ix_actions_table", "table_id", "id"),
        UniqueConstraint("table_id", "client_id", name="uq_actions_client_id"),
    )


class EventRow(Base):
    """What happened to a table besides its moves: an undo, a bot taking a seat over, a join."""

    __tablename__ = "table_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The game's move number when it happened.
    number: Mapped[int] = mapped_column(Integer)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ReplayRow(Base):
    """What one viewer saw after each action of a finished game (see :mod:`meeple.server.replays`):
    a game of rules older than the installed ones is replayed from these, not from its actions."""

    __tablename__ = "replay_views"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    #: The seat, or -1 for the spectator.
    viewer: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The number of actions: the frames are the views after 0..steps of them.
    steps: Mapped[int] = mapped_column(Integer)
    #: zlib-compressed JSON lines: the viewer's log, then its view after each step.
    data: Mapped[bytes] = mapped_column(LargeBinary)


class SecretRow(Base):
    """A random secret the server processes of one database share (migration 0004).

    ``forward``: the key of the HMAC that marks a request one process forwards to another
    (:func:`meeple.server.cluster.sign_mark`); made once, never leaves the database and the
    processes.
    """

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[bytes] = mapped_column(LargeBinary)


#: Bytes of a secret made by :func:`load_secret` (256 bits, the HMAC-SHA256 key size).
SECRET_BYTES = 32


def load_secret(engine: Engine, name: str = "forward") -> bytes:
    """The shared secret ``name`` (:class:`SecretRow`), made now if it is missing.

    Migration 0004 makes ``forward``; a row deleted since is made again, and of processes
    making it at the same time the first one's stands (the others read it).

    Returns:
        The secret's bytes (:data:`SECRET_BYTES` of them when made here).
    """
    for _ in range(3):
        with Session(engine) as s:
            value = s.get(SecretRow, name)
            if value is not None:
                return bytes(value.value)
            try:
                with s.begin():
                    s.add(SecretRow(name=name, value=secrets.token_bytes(SECRET_BYTES)))
            except IntegrityError:
                continue
    raise RuntimeError(f"the server secret {name!r} could not be read or made")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # FULL: a committed move survives a power loss, not only a process crash
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections get WAL, the busy timeout and FULL sync.

    Raises:
        sqlalchemy.exc.ArgumentError: for a URL SQLAlchemy cannot read.
    """
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration shipped in this package (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def settle(future: Future, result: Any = None, error: BaseException | None = None) -> None:
    """Give a database job's outcome to its waiter, unless the waiter gave up on it.

    A waiting task that is cancelled (a stopping server, a client gone) cancels its future
    while the job runs on; the job's work stands, and setting a cancelled future's outcome
    would raise in the database thread and stop it, leaving every later job unanswered.
    """
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
    except InvalidStateError:
        pass


class GroupWriter:
    """Writes from every table, committed together: one thread takes whatever writes are
    waiting, runs them in one transaction and commits once (one fsync for many moves), then
    tells each writer. A write is acknowledged only once its transaction has committed; if a
    batch fails, each of its writes is run again alone, so one bad write fails only itself.

    Args:
        engine: The database.
        batch: Most writes in one transaction.
    """

    def __init__(self, engine: Engine, batch: int = 128):
        self.engine = engine
        self.batch = batch
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[[Session], None]) -> Future:
        """Queue ``fn(session)``; the future completes when it is committed (or failed)."""
        future: Future = Future()
        self._queue.put((fn, future))
        return future

    def close(self) -> None:
        """Finish the queued writes and stop the thread."""
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            stop = False
            while len(jobs) < self.batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            self._commit(jobs)
            if stop:
                return

    def _commit(self, jobs: list[tuple[Callable[[Session], None], Future]]) -> None:
        try:
            with Session(self.engine) as s, s.begin():
                for fn, _ in jobs:
                    fn(s)
        except Exception:  # one write of the batch failed: each alone, to fail only that one
            if len(jobs) == 1:
                _, future = jobs[0]
                settle(future, error=sys.exc_info()[1] or RuntimeError("write failed"))
                return
            for job in jobs:
                self._commit([job])
            return
        for _, future in jobs:
            settle(future)
