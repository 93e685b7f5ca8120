"""Several server processes on one PostgreSQL database; one process on a SQLite file.

On PostgreSQL every process holds one *ownership connection*. A process serves a table (keeps
its state in memory, runs its bots and clocks, writes its actions) only while that connection
holds the table's session-level advisory lock, ``pg_try_advisory_lock(TABLE_CLASS, key)``, and
every write of a table is committed *on that same connection*, after checking that the lock
was taken on it. So a write commits only while its process holds the table's lock: a process
whose connection broke loses every lock with it (PostgreSQL ends the session), its writes fail
instead of committing, and it drops its tables from memory. A killed process's session ends
when the kernel closes its socket, which releases its locks at once; a machine that vanishes
is noticed by TCP keepalives on both sides (about 11 s). A lease row would need a schema
change, a clock and a fence against an owner that paused past its lease; the lock needs none.

The ownership connection's ``application_name`` is ``meeple <url>``: the address other
processes forward a table's requests to, found from ``pg_locks`` and ``pg_stat_activity``.
After every change the owner sends ``NOTIFY meeple_table, '<table id> <version>'`` (once the
change is committed); every process listens on a connection of its own and pushes to its
sockets of that table.

SQLite is served by one process: :func:`lock_data` takes an exclusive lock on a file next to
the database for as long as the server runs, and a second server on the same file refuses.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote, unquote

from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool
from starlette.types import ASGIApp, Receive, Scope, Send

from meeple.server.db import settle

log = logging.getLogger("meeple.server")

#: First key of the advisory locks of tables (``pg_try_advisory_lock(int, int)``): "me".
TABLE_CLASS = 0x6D65
#: First key of the shared locks a process holds while a seat's person has a socket open.
PRESENCE_CLASS = 0x6D70
#: First key of the lock held while a process applies the migrations.
MIGRATE_CLASS = 0x6D6D
#: The channel of change notifications.
CHANNEL = "meeple_table"
#: Prefix of an ownership connection's ``application_name``; the rest is the process's URL.
APP_PREFIX = "meeple "
#: PostgreSQL cuts ``application_name`` to this many bytes.
APP_NAME_MAX = 63
#: Keepalives of the ownership connection: a peer that vanishes is noticed in about 11 s,
#: by libpq on this side and by the server on the other (which then releases the locks).
KEEPALIVE = {"idle": 5, "interval": 2, "count": 3}

#: On a request another process of the database forwarded (its mark checked by
#: :class:`ForwardedMark`): the original client's address; it is not forwarded again and not
#: counted again. ``None`` on every other request.
FORWARDED: ContextVar[str | None] = ContextVar("meeple_forwarded", default=None)
#: The address of the client of the request or socket being served: the peer, the client a
#: trusted proxy named (``meeple serve --forwarded-allow-ips``) or the one a valid mark names.
CLIENT: ContextVar[str] = ContextVar("meeple_client", default="-")
#: The header a forwarding process adds: its mark, ``"<unix time> <client> <HMAC>"``.
FORWARDED_HEADER = "x-meeple-forwarded"
#: A mark older (or further in the future) than this many seconds is not trusted.
MARK_TTL_S = 30.0


class NotOwner(Exception):
    """A write for a table whose lock this process does not hold (it was never taken, was
    released, or went with a broken connection)."""


class Refused(RuntimeError):
    """The server may not start: another one serves the same SQLite file."""


def table_key(table_id: str) -> int:
    """The second key of a table's advisory lock: 31 bits of the id's SHA-256.

    Two tables may share a key; then one process owns both, which is safe (a process holds
    the lock once per table it loads: see :class:`Ownership`)."""
    digest = hashlib.sha256(table_id.encode("utf-8", "replace")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def presence_key(table_id: str, seat: int) -> int:
    """The second key of the shared lock held while ``seat``'s person is connected."""
    return (table_key(table_id) * 64 + seat) & 0x7FFFFFFF


def _psycopg_dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _broken(error: BaseException, conn: Connection | None) -> bool:
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return conn is not None and (conn.invalidated or conn.closed)


#: The jobs that take or let go advisory locks (run together, apart from the writes).
_LOCK_JOBS = frozenset({"acquire", "release", "present"})
#: Takes and lets go advisory locks in the order given, one row (``true`` if done) each.
_LOCKS_SQL = text(
    "SELECT CASE j.op WHEN 'acquire' THEN pg_try_advisory_lock(j.c, j.k) "
    "WHEN 'release' THEN pg_advisory_unlock(j.c, j.k) "
    "WHEN 'here' THEN pg_advisory_lock_shared(j.c, j.k) IS NOT NULL "
    "WHEN 'gone' THEN pg_advisory_unlock_shared(j.c, j.k) END "
    "FROM unnest(CAST(:ops AS text[]), CAST(:cs AS int[]), CAST(:ks AS int[])) "
    "WITH ORDINALITY AS j(op, c, k, n) ORDER BY j.n"
)


class Ownership:
    """The ownership connection: the locks of the tables this process serves, and every write
    of those tables, on one connection in one thread.

    Writes waiting together are committed in one transaction (group commit, as
    :class:`meeple.server.db.GroupWriter`); a write is checked, in that transaction, against
    the locks this connection holds, and fails with :class:`NotOwner` otherwise. When the
    connection breaks, every lock is gone: ``on_lost`` is called (from this thread) and the
    next operation connects again holding none.

    Args:
        url: The PostgreSQL URL (``postgresql+psycopg://...``).
        address: The URL other processes reach this one at, or ``None`` (not reachable:
            requests for its tables elsewhere are refused with 503 until it lets them go).
        on_lost: Called when the connection broke and its locks went with it.
        batch: Most writes in one transaction.

    Raises:
        ValueError: for an address too long for ``application_name``.
    """

    def __init__(
        self,
        url: str,
        address: str | None,
        on_lost: Callable[[], None],
        batch: int = 128,
    ):
        name = APP_PREFIX + (address or "-")
        if len(name.encode()) > APP_NAME_MAX:
            raise ValueError(
                f"the address {address!r} is longer than PostgreSQL keeps of a connection's "
                f"name ({APP_NAME_MAX - len(APP_PREFIX)} bytes)"
            )
        self.address = address
        options = " ".join(f"-c tcp_keepalives_{k}={v}" for k, v in KEEPALIVE.items())
        self._engine = create_engine(
            url,
            poolclass=NullPool,
            connect_args={
                "application_name": name,
                "keepalives": 1,
                **{f"keepalives_{k}": v for k, v in KEEPALIVE.items()},
                "options": options,
            },
        )
        self._on_lost = on_lost
        self._batch = batch
        self._conn: Connection | None = None
        #: Tables whose lock this connection holds (only the thread touches it).
        self._held: set[str] = set()
        #: (table, seat) -> presence locks held, shared.
        self._present: dict[tuple[str, int], int] = {}
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="db-owner", daemon=True)
        self._thread.start()

    # -- what the event loop calls (each returns a future completed by the thread) -----------
    def write(self, fn: Callable[[Session], None], table_id: str) -> Future:
        """Commit ``fn(session)`` if this process owns ``table_id`` (else :class:`NotOwner`)."""
        return self._put("write", (fn, table_id))

    def acquire(self, table_id: str) -> Future:
        """Take ``table_id``'s lock if nobody holds it; the future says whether it is held."""
        return self._put("acquire", table_id)

    def release(self, table_id: str) -> Future:
        """Let ``table_id`` go (another process may take it from now on)."""
        return self._put("release", table_id)

    def announce(self, table_id: str, version: int) -> Future:
        """Tell every process that ``table_id`` changed (its views now have ``version``).

        The notification is sent with the next batch of writes, in its transaction (one commit
        for both); of several waiting for one table only the newest version is sent."""
        return self._put("notify", (table_id, version))

    def present(self, table_id: str, seat: int, here: bool) -> Future:
        """Hold (``here``) or let go a shared lock saying ``seat``'s person is connected."""
        return self._put("present", (table_id, seat, here))

    def call(self, fn: Callable[[Connection], Any]) -> Future:
        """Run ``fn(connection)`` in a transaction of its own on the ownership connection."""
        return self._put("call", fn)

    def close(self) -> None:
        """Finish what is queued, close the connection (every lock is released) and stop."""
        self._queue.put(None)
        self._thread.join()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
        self._engine.dispose()

    def _put(self, kind: str, arg: Any) -> Future:
        future: Future = Future()
        self._queue.put((kind, arg, future))
        return future

    # -- the thread ------------------------------------------------------------------------------
    def _connection(self) -> Connection:
        if self._conn is None or self._conn.invalidated or self._conn.closed:
            self._conn = self._engine.connect()
        return self._conn

    def _run(self) -> None:
        pending: deque = deque()
        while True:
            job = pending.popleft() if pending else self._queue.get()
            if job is None:
                return
            kind, arg, future = job
            if kind in _LOCK_JOBS:
                # locks and presences waiting together go in one statement: when many sockets
                # open at once they cost one round trip, not one each, ahead of the writes
                locks = [job]
                while len(locks) < self._batch:
                    try:
                        more = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None or more[0] not in _LOCK_JOBS:
                        pending.append(more)
                        break
                    locks.append(more)
                self._locks(locks)
                continue
            if kind not in ("write", "notify"):
                self._one(kind, arg, future)
                continue
            # writes and notifications waiting together share one transaction: a move's write
            # and the previous moves' notifications cost one commit, not one each
            jobs: list[tuple[Callable[[Session], None], str, Future]] = []
            notes: dict[str, tuple[int, list[Future]]] = {}
            while True:
                if kind == "write":
                    jobs.append((arg[0], arg[1], future))
                else:
                    table_id, version = arg
                    newest, futures = notes.get(table_id, (version, []))
                    notes[table_id] = (max(newest, version), [*futures, future])
                if len(jobs) + len(notes) >= self._batch:
                    break
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None or more[0] not in ("write", "notify"):
                    pending.append(more)
                    break
                kind, arg, future = more
            self._commit(jobs, notes)

    def _one(self, kind: str, arg: Any, future: Future) -> None:
        if kind in _LOCK_JOBS:
            self._locks([(kind, arg, future)])
            return
        try:
            conn = self._connection()
            with conn.begin():
                result = arg(conn)
        except Exception as e:
            if _broken(e, self._conn):
                self._lose()
            settle(future, error=e)
            return
        settle(future, result)

    def _locks(self, jobs: list[tuple[str, Any, Future]]) -> None:
        """Run lock and presence jobs queued together: one statement, one round trip.

        A job whose table appears a second time (``acquire`` then ``release``, say) starts the
        next statement, since what it does depends on the first one's result. A job that cannot
        be planned (a bad argument) fails alone. When the statement fails the connection is
        dropped, as if it broke: which of its locks were taken is then unknown, and dropping
        the connection lets every one of them go.
        """
        chunk: list[tuple[str, Any, Future]] = []
        tables: set[str] = set()
        for job in jobs:
            kind, arg, future = job
            try:
                if kind == "present":
                    presence_key(arg[0], arg[1])
                else:
                    table_key(arg)
            except Exception as e:
                settle(future, error=e)
                continue
            if kind != "present":
                if arg in tables:
                    self._lock_chunk(chunk)
                    chunk, tables = [], set()
                tables.add(arg)
            chunk.append(job)
        if chunk:
            self._lock_chunk(chunk)

    def _lock_chunk(self, jobs: list[tuple[str, Any, Future]]) -> None:
        """One statement for ``jobs``, no two of which take or let go the same table."""
        present = dict(self._present)  # each seat's count as it will be after the jobs
        ops: list[tuple[str, int, int]] = []  # (op, first key, second key), in job order
        for kind, arg, _ in jobs:
            if kind == "acquire" and arg not in self._held:
                ops.append(("acquire", TABLE_CLASS, table_key(arg)))
            elif kind == "release" and arg in self._held:
                ops.append(("release", TABLE_CLASS, table_key(arg)))
            elif kind == "present":
                table_id, seat, here = arg
                count = present.get((table_id, seat), 0)
                if here or count > 0:
                    op = "here" if here else "gone"
                    ops.append((op, PRESENCE_CLASS, presence_key(table_id, seat)))
                    present[(table_id, seat)] = count + (1 if here else -1)
        results: list[bool] = []
        if ops:
            try:
                conn = self._connection()
                with conn.begin():
                    rows = conn.scalars(
                        _LOCKS_SQL,
                        {
                            "ops": [o for o, _, _ in ops],
                            "cs": [c for _, c, _ in ops],
                            "ks": [k for _, _, k in ops],
                        },
                    )
                    results = [bool(r) for r in rows]
            except Exception as e:
                self._lose()  # broken, or its locks unknown: either way, none are held now
                for _, _, future in jobs:
                    settle(future, error=e)
                return
        # one row per acquire of a table not held, in job order, says whether it was taken (the
        # other rows say nothing: a held lock is let go, a shared one is always had)
        outcomes = iter(r for (op, _, _), r in zip(ops, results, strict=True) if op == "acquire")
        for kind, arg, future in jobs:
            if kind == "acquire":
                if arg not in self._held and next(outcomes):
                    self._held.add(arg)
                settle(future, arg in self._held)
                continue
            if kind == "release":
                self._held.discard(arg)
            settle(future, None)
        self._present = {k: n for k, n in present.items() if n > 0}

    def _commit(
        self,
        jobs: list[tuple[Callable[[Session], None], str, Future]],
        notes: dict[str, tuple[int, list[Future]]] | None = None,
    ) -> None:
        payloads = [f"{t} {v}" for t, (v, _) in (notes or {}).items()]
        try:
            conn = self._connection()
            with Session(bind=conn) as s, s.begin():
                for fn, table_id, _ in jobs:
                    if table_id not in self._held:
                        raise NotOwner(table_id)
                    fn(s)
                if payloads:
                    _notify(s.connection(), payloads)
        except Exception as e:
            if _broken(e, self._conn):  # the locks went with the connection: nothing committed
                self._lose()
                for _, table_id, future in jobs:
                    settle(future, error=NotOwner(table_id))
                for _, futures in (notes or {}).values():
                    for future in futures:
                        settle(future, error=e)
                return
            if not notes and len(jobs) == 1:
                settle(jobs[0][2], error=e)
                return
            if not jobs and notes:
                for _, futures in notes.values():
                    for future in futures:
                        settle(future, error=e)
                return
            # one write of the batch failed: each alone, to fail only that one; the
            # notifications go on their own
            for job in jobs:
                self._commit([job])
            if notes:
                self._commit([], notes)
            return
        for _, _, future in jobs:
            settle(future)
        for _, futures in (notes or {}).values():
            for future in futures:
                settle(future)

    def _lose(self) -> None:
        log.warning("the ownership connection broke: its tables are let go")
        self._held.clear()
        self._present.clear()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.invalidate()
                self._conn.close()
        self._conn = None
        self._on_lost()


def migrate_alone(engine: Engine, migrate: Callable[[Engine], None]) -> None:
    """``migrate(engine)`` while holding a lock that other processes starting at the same time
    wait for: the migrations run once, and the others find the schema made."""
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:c, 0)"), {"c": MIGRATE_CLASS})
        conn.commit()
        try:
            migrate(engine)
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:c, 0)"), {"c": MIGRATE_CLASS})
            conn.commit()


def _notify(conn: Connection, payloads: list[str]) -> None:
    """Queue one notification per payload on ``conn``'s transaction (sent when it commits)."""
    conn.execute(
        text("SELECT pg_notify(:ch, p) FROM unnest(CAST(:ps AS text[])) AS p"),
        {"ch": CHANNEL, "ps": payloads},
    )


def owner_of(conn: Connection, table_id: str) -> str | None:
    """The address of the process holding ``table_id``'s lock (``"-"``: one that gave none),
    or ``None`` when nobody holds it."""
    name = conn.scalar(
        text(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
            "AND l.classid::bigint = :c AND l.objid::bigint = :k AND l.database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        ),
        {"c": TABLE_CLASS, "k": table_key(table_id)},
    )
    if name is None:
        return None
    return name[len(APP_PREFIX) :] if name.startswith(APP_PREFIX) else "-"


def survey(conn: Connection) -> tuple[set[int], set[int]]:
    """``(table keys locked by anyone, pids of the servers' ownership connections)`` on this
    database."""
    keys = set(
        conn.scalars(
            text(
                "SELECT l.objid::bigint FROM pg_locks l WHERE l.locktype = 'advisory' "
                "AND l.granted AND l.objsubid = 2 AND l.classid::bigint = :c AND l.database = "
                "(SELECT oid FROM pg_database WHERE datname = current_database())"
            ),
            {"c": TABLE_CLASS},
        )
    )
    pids = set(
        conn.scalars(
            text(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND application_name LIKE :p"
            ),
            {"p": APP_PREFIX + "%"},
        )
    )
    return keys, pids


def present_elsewhere(conn: Connection, table_id: str, seat: int) -> bool:
    """Whether another session holds ``seat``'s presence lock (its person is connected to
    another process)."""
    return bool(
        conn.scalar(
            text(
                "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND objsubid = 2 AND classid::bigint = :c AND objid::bigint = :k "
                "AND pid <> pg_backend_pid())"
            ),
            {"c": PRESENCE_CLASS, "k": presence_key(table_id, seat)},
        )
    )


def presences(conn: Connection) -> set[int]:
    """The second keys (:func:`presence_key`) of every seat's presence lock any session holds."""
    rows = conn.execute(
        text(
            "SELECT DISTINCT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND objsubid = 2 AND classid::bigint = :c"
        ),
        {"c": PRESENCE_CLASS},
    )
    return {int(r[0]) for r in rows}


class Listener:
    """A thread listening on :data:`CHANNEL` on a connection of its own; each notification's
    payload is given to ``deliver`` (from this thread), and ``None`` after the connection was
    lost and made again (notifications may have been missed meanwhile).

    Args:
        url: The PostgreSQL URL.
        deliver: Called with each payload, or ``None``.
    """

    def __init__(self, url: str, deliver: Callable[[str | None], None]):
        self._dsn = _psycopg_dsn(url)
        self._deliver = deliver
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="db-listen", daemon=True)
        self._thread.start()

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """Wait until the first ``LISTEN`` has run; whether it has."""
        return self._ready.wait(timeout)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._dsn, autocommit=True, application_name="meeple-listen"
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    if not first:
                        self._deliver(None)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._deliver(note.payload)
            except Exception:
                if self._stop.is_set():
                    return
                log.warning("the notification connection broke; listening again")
                self._stop.wait(0.5)


def _mark_mac(secret: bytes, method: str, path: str, query: bytes, at: str, client: str) -> str:
    message = json.dumps([method.upper(), path, query.decode("latin-1"), at, client]).encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def sign_mark(
    secret: bytes,
    method: str,
    path: str,
    client: str,
    now: float | None = None,
    query: bytes = b"",
) -> str:
    """The :data:`FORWARDED_HEADER` of a request this process forwards: the time, the
    original client's address and an HMAC-SHA256 of both with the method, path and query,
    keyed by the database's shared secret (:func:`meeple.server.db.load_secret`).

    Args:
        secret: The shared secret.
        method: The forwarded request's method (``"POST"``).
        path: Its path, without the query (``"/api/tables/ID/moves"``).
        client: The address of the client the request came from.
        now: Unix time in seconds (default: the wall clock's).
        query: Its query string as sent, percent-encoded (``b"seat=0&since=3"``).

    Returns:
        ``"<unix seconds> <client, percent-encoded> <hex HMAC>"``.
    """
    at = str(int(time.time() if now is None else now))
    where = quote(client, safe="")
    return f"{at} {where} {_mark_mac(secret, method, path, query, at, where)}"


def read_mark(
    secret: bytes,
    method: str,
    path: str,
    value: str,
    now: float | None = None,
    query: bytes = b"",
) -> str | None:
    """The original client's address of a valid mark (:func:`sign_mark`) for this method,
    path and query, or ``None`` when it is malformed, signed with another key or for another
    request,
    or more than :data:`MARK_TTL_S` away from ``now`` (Unix seconds, default the wall
    clock's)."""
    parts = value.split(" ")
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit() and len(parts[0]) < 16):
        return None
    at, where, mac = parts
    moment = time.time() if now is None else now
    if abs(moment - int(at)) > MARK_TTL_S:
        return None
    expected = _mark_mac(secret, method, path, query, at, where)
    if not hmac.compare_digest(mac.encode(), expected.encode()):
        return None
    return unquote(where)


class ForwardedMark:
    """Note each request's client (:data:`CLIENT`), and trust a request another process
    forwarded (:data:`FORWARDED`) only if its mark is valid: then it is served here or
    refused, never forwarded on nor counted again, and its client is the original one (the
    ASGI scope's ``client`` too). A mark that is not valid (no secret loaded yet, a bad,
    expired or repeated header) is dropped from the request, which is served as any other.

    Args:
        app: The application.
        secret: Gives the database's shared secret, ``None`` while the server is not started.
    """

    def __init__(self, app: ASGIApp, secret: Callable[[], bytes | None]):
        self.app = app
        self.secret = secret

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")
        client = str(peer[0]) if peer else "-"
        forwarded = None
        headers = scope.get("headers", ())
        marks = [v for n, v in headers if n == _MARK_NAME]
        if marks:
            key = self.secret()
            if key is not None and len(marks) == 1 and scope["type"] == "http":
                forwarded = read_mark(
                    key,
                    scope["method"],
                    scope["path"],
                    marks[0].decode("latin-1"),
                    query=scope.get("query_string", b""),
                )
            scope = {**scope, "headers": [(n, v) for n, v in headers if n != _MARK_NAME]}
            if forwarded is not None:
                client = forwarded
                scope["client"] = (forwarded, 0)
        marked, named = FORWARDED.set(forwarded), CLIENT.set(client)
        try:
            await self.app(scope, receive, send)
        finally:
            FORWARDED.reset(marked)
            CLIENT.reset(named)


_MARK_NAME = FORWARDED_HEADER.encode()


# -- SQLite: one process ---------------------------------------------------------------------
def lock_data(url: str) -> IO[str] | None:
    """Take the exclusive lock of a SQLite database's file for as long as the returned file
    stays open (``None``: not a file database, or no ``fcntl`` on this system).

    Raises:
        Refused: when another process holds it, naming the file and that process.
    """
    database = make_url(url).database
    if not database or database == ":memory:":
        return None
    try:
        import fcntl
    except ImportError:  # not POSIX: nothing stops a second server, docs/server.md says so
        return None
    path = Path(database + ".lock")
    handle = path.open("a+")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise Refused(
            f"another meeple server ({holder}) serves {database}: a SQLite database is served "
            "by one process; use PostgreSQL (--db) for several"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"pid {os.getpid()}")
    handle.flush()
    return handle
