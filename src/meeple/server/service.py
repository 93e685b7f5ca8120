"""The service layer: tables, seats, moves, views and bots, over the database.

Every game is held in memory as its current state (rebuilt by replaying its stored actions)
and changed only under the table's lock, in this order: the move is checked against the state,
the move and every chance outcome it leads to are stored in one transaction, and only then is
the new state kept and anyone told. A crash therefore loses nothing that was acknowledged, and
a step redone after a crash draws the same outcomes: each is drawn from the table's secret seed
and the position (the number of actions before it).

Nothing a seat may not see leaves through a view: a view holds that seat's observation, legal
moves and log (:func:`meeple.core.record.tell_move`), never the seed, the record, a
fingerprint or another seat's observation; the record is exported only once the game is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import secrets
import signal
import sys
import time
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, TypeVar

import httpx
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from meeple.core.errors import ConfigError, IllegalActionError, MeepleError
from meeple.core.game import (
    CHANCE,
    SIMULTANEOUS,
    Game,
    State,
    distinct_name,
    distinct_names,
    sample_chance,
    seat_word,
)
from meeple.core.record import GameRecord, LogEntry, tell_applied
from meeple.core.registry import game_class, game_names, make
from meeple.core.seeding import derive_seed, make_rng
from meeple.core.undo import may_take_back
from meeple.server import bots, cluster, replays
from meeple.server.db import (
    ActionRow,
    EventRow,
    GroupWriter,
    ReplayRow,
    SeatRow,
    TableRow,
    TokenRow,
    load_secret,
    migrate,
    open_engine,
)
from meeple.server.settings import Settings

log = logging.getLogger("meeple.server")

#: Seat kinds a table may be created with.
SEAT_KINDS = ("person", "bot", "open")
#: Difficulty levels a bot seat may have (see :mod:`meeple.agents.levels`).
LEVELS = ("easy", "medium", "hard")
#: Options a table may not set: a path the server would read.
SERVER_ONLY_OPTIONS = ("content",)
#: Longest seat name, in characters.
MAX_NAME = 40
#: How long a stop waits for the replays of games just finished to be stored, in seconds.
REPLAY_WAIT_S = 30.0
#: Seconds the bot worker processes have to end once told to at a stop, before they are ended.
WORKERS_WAIT_S = 2.0


class ServerError(Exception):
    """A request the service refuses, with the HTTP status it maps to.

    Attributes:
        status: 400, 403, 404, 409, 413 or 422.
        code: A short code (``stale``, ``forbidden``...) or the engine's rule id for an illegal
            move (``CORE-06``, ``PF-012``...).
        reason: One line naming the cause.
        view: The current view, for a move sent against a stale move number.
    """

    def __init__(self, status: int, code: str, reason: str, view: dict | None = None):
        super().__init__(f"{code}: {reason}")
        self.status = status
        self.code = code
        self.reason = reason
        self.view = view


@dataclass
class SeatSpec:
    """A seat of a new table.

    Attributes:
        kind: ``person`` (a link for someone), ``bot`` or ``open`` (anyone with the link).
        level: The bot's level (``easy``, ``medium``, ``hard``), for ``bot`` seats.
        name: The name shown for the seat.
        holder: Seats with the same holder share one token (hotseat: one browser, several
            seats).
    """

    kind: str = "person"
    level: str | None = None
    name: str = ""
    holder: str | None = None


@dataclass
class ClockSpec:
    """A table's clock: a time bank per seat plus an increment per move, in seconds.

    Attributes:
        bank_s: Time each seat starts with.
        increment_s: Time added after each of the seat's moves.
        takeover: The level of the bot that plays a seat whose time runs out or whose person
            leaves; ``None``: the seat waits for its person.
    """

    bank_s: float
    increment_s: float = 0.0
    takeover: str | None = None


@dataclass
class TableSpec:
    """A table to create: the game, its seats, options and clock, and who made it."""

    game: str
    players: int
    seats: list[SeatSpec]
    options: dict[str, Any] = field(default_factory=dict)
    owner: str | None = None
    clock: ClockSpec | None = None


@dataclass
class Created:
    """A new table and its secret links, shown once (only their hashes are stored).

    Attributes:
        table_id: The table's id.
        tokens: ``{"token", "seats"}`` per link: a person's seat, an open seat, or several
            seats of one holder (hotseat).
        spectator: The spectator link's token.
    """

    table_id: str
    tokens: list[dict[str, Any]]
    spectator: str


@dataclass(frozen=True)
class Access:
    """What a token may do at a table: act for ``seats`` (none for a spectator link).

    ``token`` is the link itself, kept to forward a request to the process that owns the
    table (several processes on one PostgreSQL); it never leaves in a view."""

    table_id: str
    seats: tuple[int, ...]
    token: str | None = field(default=None, compare=False, repr=False)

    @property
    def spectator(self) -> bool:
        return not self.seats


def token_hash(token: str) -> str:
    """SHA-256 of a token, as stored (a token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


#: A log entry as kept: ``(number, seat, move, told, sealed)``.
Told = tuple[int, int, str | None, str, bool]


def _kept(entry: LogEntry) -> Told:
    """A log entry as a tuple of text and numbers, which the cyclic collector stops tracking:
    a table keeps one per action per viewer, and full collections would scan them all."""
    return (entry.number, entry.seat, entry.move, entry.told, entry.sealed)


@dataclass
class Live:
    """A table held in memory: its game, current state and what each viewer has been told."""

    table_id: str
    game: Game
    seed: int
    seats: list[dict[str, Any]]
    clock: dict[str, Any] | None
    status: str
    state: State
    #: The state before the last action, kept while that action may still be taken back.
    before: State | None = None
    #: Viewer (a seat, or ``None``) -> log of the game as told to that viewer, each entry
    #: a :class:`LogEntry`'s fields as a tuple (see :func:`_kept`).
    logs: dict[int | None, list[Told]] = field(default_factory=dict)
    #: Seats that have committed at the current sealed node.
    chosen: set[int] = field(default_factory=set)
    #: Client move ids already applied (a retried move applies once).
    client_ids: set[str] = field(default_factory=set)
    #: Seat -> time left on its clock, in seconds, when its turn began.
    clock_left: dict[int, float] = field(default_factory=dict)
    #: Seat -> ``time.monotonic()`` when the seat's clock started running.
    clock_since: dict[int, float] = field(default_factory=dict)
    #: Seats whose time ran out (a bot took each over): their clocks show no time.
    clock_out: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_tasks: dict[int, asyncio.Task] = field(default_factory=dict)
    clock_task: asyncio.Task | None = None
    #: ``(move number, seat)`` -> whether the seat may take back the last move.
    undo_cache: dict[tuple[int, int], bool] = field(default_factory=dict)
    #: Counts the changes told to subscribers (moves, undos, joins, takeovers, clocks). It
    #: starts from the wall clock's microseconds when the table is loaded, so that it keeps
    #: growing when another process (or this one, restarted) serves the table next.
    version: int = field(default_factory=lambda: time.time_ns() // 1000)
    #: ``time.monotonic()`` of the last change (a table unchanged for long is let go).
    touched: float = field(default_factory=time.monotonic)

    @property
    def number(self) -> int:
        return len(self.state.history)

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot playing ``seat`` now, or ``None`` when a person plays it."""
        info = self.seats[seat]
        if info["kind"] == "bot":
            return info["level"]
        if info["taken_over"] and self.clock:
            return self.clock.get("takeover")
        return None


def _viewers(players: int) -> list[int | None]:
    return [*range(players), None]


def _one_line(text: str, what: str, limit: int) -> str:
    """``text`` if it is one line of at most ``limit`` printable characters.

    Raises:
        ServerError: 422 naming ``what`` otherwise.
    """
    if not isinstance(text, str) or len(text) > limit:
        raise ServerError(422, "bad-request", f"{what} is text of at most {limit} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ServerError(422, "bad-request", f"{what} is one line without control characters")
    return text.strip()


def game_view(
    state: State,
    viewer: int | None,
    chosen: set[int] | frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """The part of a view that comes from the state: what ``viewer`` sees of it.

    Args:
        state: The current state.
        viewer: A seat, or ``None`` for a spectator.
        chosen: Seats that have committed at the current sealed node.

    Returns:
        ``{"observation", "legal", "to_act", "sealed", "chosen", "result"}``: the viewer's
        observation, its legal moves (``{"id", "move", "text"}``, empty for a spectator or a
        seat that need not act), the seats to act, whether the node is sealed, who has chosen
        there, and the result once the game is over.
    """
    observation = state.observe(viewer)
    game = state.game
    legal = []
    if viewer is not None:
        for action in state.legal_actions(viewer):
            legal.append(
                {
                    "id": action.id,
                    "move": action.text,
                    "text": game.describe_move(action, observation),
                }
            )
    sealed = state.current_player() == SIMULTANEOUS
    return {
        "observation": observation,
        "legal": legal,
        "to_act": list(state.acting_seats()),
        "sealed": sealed,
        "chosen": sorted(chosen) if sealed else [],
        "result": state.result().to_dict() if state.is_terminal() else None,
    }


class Service:
    """Tables, seats and moves over one database; one instance per server process.

    Args:
        settings: Where the database is and how bots run.
    """

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine = open_engine(settings.database_url())
        # reads in their own threads; writes of every table through one group committer
        self._db: Executor = ThreadPoolExecutor(4, thread_name_prefix="db-read")
        self._writer = GroupWriter(self.engine)
        self._bots: Executor | None = None
        self._live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        #: (table, seat) -> open presences (sockets) of the seat's person, and pending leaves.
        self._present: dict[tuple[str, int], int] = {}
        self._leaving: dict[tuple[str, int], asyncio.Task] = {}
        #: (table, seat) of tables owned here whose person was last seen connected to some
        #: process (on PostgreSQL): when none holds the seat's presence any more, they left.
        self._seen_present: set[tuple[str, int]] = set()
        self._started = False
        #: Finished games whose replays are being kept, and the start's catch-up of them.
        self._replaying: set[asyncio.Task] = set()
        self._backfill: asyncio.Task | None = None
        #: Called with the table id after every change (a hook for tests and other processes).
        self.on_change: Callable[[str], None] | None = None
        #: Table -> the queues of this process's sockets subscribed to it, wherever it is owned.
        self._subs: dict[str, set[asyncio.Queue]] = {}
        #: PostgreSQL: the locks of the tables this process owns, and their writes.
        self._cluster: cluster.Ownership | None = None
        self._listener: cluster.Listener | None = None
        self._http: httpx.AsyncClient | None = None
        #: Table -> the address of the process last found to own it (requests go there).
        self._owners: dict[str, str] = {}
        #: The database's shared secret that signs forwarded requests
        #: (:func:`meeple.server.db.load_secret`); ``None`` until started.
        self.forward_key: bytes | None = None
        #: SQLite: the lock that keeps a second server off the database file.
        self._data_lock: Any = None
        self._chores: list[asyncio.Task] = []

    # -- life cycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Apply the migrations, start the bot workers, and resume tables where a bot is to act.

        On PostgreSQL the process takes part with any others on the database (see
        :mod:`meeple.server.cluster`); on SQLite it takes the database file's lock.

        Raises:
            cluster.Refused: on SQLite, when another server serves the same file.
        """
        url = self.engine.url.render_as_string(hide_password=False)
        if self.engine.dialect.name == "sqlite":
            self._data_lock = cluster.lock_data(url)
        if self.engine.dialect.name == "postgresql":
            await self._run_db(cluster.migrate_alone, self.engine, migrate)
        else:
            await self._run_db(migrate, self.engine)
        self.forward_key = await self._run_db(load_secret, self.engine)
        if self.engine.dialect.name == "postgresql":
            loop = asyncio.get_running_loop()
            self._cluster = cluster.Ownership(
                url, self.settings.advertise, lambda: loop.call_soon_threadsafe(self._lost)
            )
            self._listener = cluster.Listener(
                url, lambda payload: loop.call_soon_threadsafe(self._heard, payload)
            )
            await loop.run_in_executor(None, self._listener.wait_ready)
            self._http = httpx.AsyncClient(timeout=10)
        workers = self.settings.bot_workers
        if workers is None:
            workers = os.cpu_count() or 1
        if workers > 0:
            # spawned, not forked: the server's threads and event loop stay out of the workers
            self._bots = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
        else:
            self._bots = ThreadPoolExecutor(1, thread_name_prefix="bot")
        self._started = True
        await self._resume(set())
        self._backfill = asyncio.create_task(self.keep_replays())
        self._chores.append(asyncio.create_task(self._sweep()))
        if self._cluster is not None:
            self._chores.append(asyncio.create_task(self._watch()))

    async def _resume(self, locked: set[int]) -> None:
        """Load the playing tables nobody serves (their keys not in ``locked``), so that their
        bots and clocks run; the idle ones are let go again by :meth:`_sweep`."""
        for table_id in await self._run_db(self._playing_tables):
            if table_id in self._live or cluster.table_key(table_id) in locked:
                continue
            with contextlib.suppress(MeepleError, ServerError, Elsewhere, cluster.NotOwner):
                await self._get(table_id)

    async def stop(self) -> None:
        """Cancel bots and clocks and release the database and the workers (and, on
        PostgreSQL, every table this process owned)."""
        self._started = False
        for task in [*self._chores, *self._leaving.values()]:
            task.cancel()
        for live in self._live.values():
            for task in [*live.bot_tasks.values(), live.clock_task]:
                if task is not None:
                    task.cancel()
        # the replays of games just finished are written (for a while: what is left is built
        # by the next start's catch-up, which resumes there)
        if self._backfill is not None:
            self._backfill.cancel()
            await asyncio.gather(self._backfill, return_exceptions=True)
        if self._replaying:
            _, late = await asyncio.wait(self._replaying, timeout=REPLAY_WAIT_S)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        if self._bots is not None:
            await _end_workers(self._bots)
        self._writer.close()
        if self._listener is not None:
            self._listener.close()
        if self._cluster is not None:
            self._cluster.close()  # its session ends: every table's lock is released
        if self._http is not None:
            await self._http.aclose()
        self._db.shutdown(wait=True)
        self.engine.dispose()
        if self._data_lock is not None:
            self._data_lock.close()
            self._data_lock = None

    async def _write(self, fn: Callable[[Session], None], table_id: str) -> None:
        """Run ``fn(session)`` in a transaction of the group writer; return once committed.

        On PostgreSQL the write is committed on the ownership connection, and only while it
        holds ``table_id``'s lock.

        Raises:
            cluster.NotOwner: when this process does not own the table (any longer).
        """
        if self._cluster is not None:
            await asyncio.wrap_future(self._cluster.write(fn, table_id))
        else:
            await asyncio.wrap_future(self._writer.submit(fn))

    async def _run_db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    def _playing_tables(self) -> list[str]:
        with Session(self.engine) as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    # -- lobby ----------------------------------------------------------------------------------
    def lobby(self) -> list[dict[str, Any]]:
        """The games a table may be created for, from the registry.

        Returns:
            One ``{"name", "title", "version", "min_players", "max_players", "options",
            "levels", "has_chance", "hidden_information", "simultaneous"}`` per game;
            ``options`` maps each option a table may set to its default.
        """
        out = []
        for name in game_names():
            info = game_class(name).info
            options = {
                k: v for k, v in game_class(name).options.items() if k not in SERVER_ONLY_OPTIONS
            }
            out.append(
                {
                    "name": name,
                    "title": info.title,
                    "version": info.version,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "options": options,
                    "levels": list(LEVELS),
                    "has_chance": info.has_chance,
                    "hidden_information": info.hidden_information,
                    "simultaneous": info.simultaneous,
                }
            )
        return out

    # -- tables ---------------------------------------------------------------------------------
    async def create_table(self, spec: TableSpec) -> Created:
        """Create a table, draw its setup from a new secret seed, and store it.

        Raises:
            ServerError: 422 for an unknown game, player count, option or level, a seat list
                of the wrong length, or a name that is not one short line.
        """
        for key in spec.options:
            if key in SERVER_ONLY_OPTIONS:
                raise ServerError(422, "config", f"option {key!r} is set by the server only")
        try:
            game = make(spec.game, players=spec.players, **spec.options)
        except ConfigError as e:
            raise ServerError(422, "config", str(e)) from None
        if len(spec.seats) != game.num_players:
            raise ServerError(
                422, "config", f"{game.num_players} seats needed, {len(spec.seats)} given"
            )
        clock = None
        if spec.clock is not None:
            c = spec.clock
            if not (0 < c.bank_s <= 86_400 and 0 <= c.increment_s <= 3_600):
                raise ServerError(
                    422, "config", "a clock's bank is 0-86400 s and its increment 0-3600 s"
                )
            if c.takeover is not None and c.takeover not in LEVELS:
                raise ServerError(422, "config", f"no level {c.takeover!r}; levels are {LEVELS}")
            clock = {"bank_s": c.bank_s, "increment_s": c.increment_s, "takeover": c.takeover}
        seats = []
        for n, seat in enumerate(spec.seats):
            if seat.kind not in SEAT_KINDS:
                raise ServerError(422, "config", f"seat {n}: kind is one of {SEAT_KINDS}")
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise ServerError(422, "config", f"seat {n}: a bot's level is one of {LEVELS}")
            name = _one_line(seat.name or "", f"seat {n}'s name", MAX_NAME)
            seats.append(
                {
                    "seat": n,
                    "kind": seat.kind,
                    "level": seat.level if seat.kind == "bot" else None,
                    "name": name or (f"{seat.level} bot" if seat.kind == "bot" else seat_word(n)),
                    "joined": seat.kind == "bot",
                    "taken_over": False,
                }
            )
        # every seat named apart: two easy bots are "easy bot" and "easy bot 2"
        for info, distinct in zip(seats, distinct_names([i["name"] for i in seats]), strict=True):
            info["name"] = distinct
        groups: dict[str, list[int]] = {}
        tokens: list[dict[str, Any]] = []
        for n, seat in enumerate(spec.seats):
            if seat.kind == "bot":
                continue
            if seat.holder is not None:
                if seat.holder not in groups:
                    groups[seat.holder] = []
                    tokens.append(
                        {"token": secrets.token_urlsafe(24), "seats": groups[seat.holder]}
                    )
                groups[seat.holder].append(n)
            else:
                tokens.append({"token": secrets.token_urlsafe(24), "seats": [n]})
        spectator = secrets.token_urlsafe(24)
        table_id = secrets.token_hex(8)
        if self._cluster is not None:
            # own it from the start; a new id if its lock's key is another table's, held
            # by another process (keys are 31 bits)
            while not await asyncio.wrap_future(self._cluster.acquire(table_id)):
                table_id = secrets.token_hex(8)
        seed = secrets.randbits(63)
        state = game.new_initial_state()
        live = Live(table_id, game, seed, seats, clock, "playing", state)
        live.logs = {v: [] for v in _viewers(game.num_players)}
        rows = self._advance(live, [])  # the setup's chance outcomes
        table = TableRow(
            id=table_id,
            game=game.info.name,
            rules_version=game.info.version,
            config=dict(game.config),
            seed=seed,
            clock=clock,
            owner_hash=token_hash(spec.owner) if spec.owner else None,
            status=live.status,
        )

        def store(s: Session) -> None:
            s.add(table)
            s.flush()
            for info in seats:
                s.add(SeatRow(table_id=table_id, **{k: v for k, v in info.items()}))
            for t in tokens:
                s.add(
                    TokenRow(token_hash=token_hash(t["token"]), table_id=table_id, seats=t["seats"])
                )
            s.add(TokenRow(token_hash=token_hash(spectator), table_id=table_id, seats=[]))
            for row in rows:
                s.add(ActionRow(table_id=table_id, **row))

        try:
            await self._write(store, table_id)
        except BaseException:
            if self._cluster is not None:
                self._cluster.release(table_id)
            raise
        self._start_clocks(live)
        self._live[table_id] = live
        self._after_change(live)
        return Created(table_id, tokens, spectator)

    async def tables_of(self, owner: str) -> list[dict[str, Any]]:
        """The tables created with ``owner`` (newest first).

        Returns:
            ``{"table_id", "game", "title", "players", "status", "move_number", "created"}``
            per table.
        """

        def load() -> list[dict[str, Any]]:
            with Session(self.engine) as s:
                rows = s.scalars(
                    select(TableRow)
                    .where(TableRow.owner_hash == token_hash(owner))
                    .order_by(TableRow.created.desc())
                ).all()
                return [
                    {
                        "table_id": r.id,
                        "game": r.game,
                        "status": r.status,
                        "players": r.config.get("players"),
                        "created": r.created.isoformat(),
                    }
                    for r in rows
                ]

        out = await self._run_db(load)
        for entry in out:
            entry["title"] = _title(entry["game"])
            live = self._live.get(entry["table_id"])
            entry["move_number"] = live.number if live else None
        return out

    async def access(self, table_id: str, token: str | None) -> Access:
        """What ``token`` may do at ``table_id``.

        Raises:
            ServerError: 403 when the token is missing or not one of this table's.
        """
        if not token or not isinstance(token, str) or len(token) > 200:
            raise ServerError(403, "forbidden", "a table's link (its token) is needed")
        digest = token_hash(token)

        def load() -> TokenRow | None:
            with Session(self.engine) as s:
                return s.get(TokenRow, digest)

        row = await self._run_db(load)
        if row is None or row.table_id != table_id:
            raise ServerError(403, "forbidden", "this link is not one of this table's")
        return Access(table_id, tuple(row.seats), token)

    async def join(self, access: Access, seat: int, name: str | None = None) -> dict:
        """Take ``seat`` (mark it joined, optionally with a name) and return its view.

        Raises:
            ServerError: 403 when the link is not this seat's; 422 for a bad name.
        """
        self._check_seat(access, seat)

        async def here() -> dict:
            async with self._locked(access.table_id) as live:
                info = live.seats[seat]
                new_name = _one_line(name, "a name", MAX_NAME) if name else info["name"]
                if name:  # told apart from the other seats' names, which stay as they are
                    others = [i["name"] for i in live.seats if i["seat"] != seat]
                    new_name = distinct_name(new_name, others, seat)
                if not info["joined"] or new_name != info["name"]:

                    def store(s: Session) -> None:
                        s.execute(
                            update(SeatRow)
                            .where(SeatRow.table_id == live.table_id, SeatRow.seat == seat)
                            .values(joined=True, name=new_name)
                        )
                        s.add(
                            EventRow(
                                table_id=live.table_id, kind="join", seat=seat, number=live.number
                            )
                        )

                    await self._write(store, live.table_id)
                    info["joined"] = True
                    info["name"] = new_name
                    self._notify(live)
                return self._view(live, seat, 0)

        body = {"seat": seat, "name": name}
        return await self._routed(
            access.table_id,
            here,
            lambda at: self._forward(at, access, "POST", "join", body=body),
        )

    # -- views ----------------------------------------------------------------------------------
    async def view(self, access: Access, viewer: int | None, since: int = 0) -> dict:
        """The view of ``viewer`` (a seat of the link, or ``None``: the spectator's).

        Args:
            access: The caller's link.
            viewer: A seat the link acts for, or ``None``.
            since: The last move number the client saw: the log holds the entries after it
                (``0``: the whole log).

        Raises:
            ServerError: 403 for a seat the link does not act for.
        """
        if viewer is not None:
            self._check_seat(access, viewer)

        async def here() -> dict:
            return self._view(await self._get(access.table_id), viewer, since)

        params: dict[str, Any] = {"since": max(0, int(since))}
        if viewer is not None:
            params["seat"] = viewer
        return await self._routed(
            access.table_id,
            here,
            lambda at: self._forward(at, access, "GET", "view", params=params),
        )

    def _view(self, live: Live, viewer: int | None, since: int) -> dict:
        game = live.game
        since = max(0, int(since))
        seats = []
        now = time.monotonic()
        for info in live.seats:
            n = info["seat"]
            clock = None
            if live.clock is not None:
                running = n in live.clock_since
                left = live.clock_left.get(n, live.clock["bank_s"])
                if running:
                    left -= now - live.clock_since[n]
                out = n in live.clock_out
                clock = {
                    "remaining_s": 0.0 if out else round(max(0.0, left), 3),
                    "running": running and not out,
                    "out_of_time": out,
                }
            seats.append({**info, "clock": clock})
        _name_apart(seats)
        part = game_view(live.state, viewer, live.chosen)
        can_undo = False
        if viewer is not None and live.before is not None and live.status == "playing":
            can_undo = self._may_undo(live, viewer)
        return {
            "table_id": live.table_id,
            "game": game.info.name,
            "title": game.info.title,
            "players": game.num_players,
            "options": _options(game.config),
            "rules_version": game.info.version,
            "move_number": live.number,
            "viewer": viewer,
            "status": live.status,
            "seats": seats,
            **part,
            "log": [_entry(e) for e in live.logs[viewer][since:]],
            "can_undo": can_undo,
            "version": live.version,
        }

    def _may_undo(self, live: Live, seat: int) -> bool:
        if live.bot_level(seat) is not None or live.before is None:
            return False
        key = (live.number, seat)
        if key not in live.undo_cache:
            live.undo_cache[key] = may_take_back(live.before, live.state, seat)
        return live.undo_cache[key]

    # -- moves ----------------------------------------------------------------------------------
    async def move(
        self,
        access: Access,
        seat: int,
        move: str | int,
        at: int,
        client_id: str | None = None,
        since: int = 0,
    ) -> dict:
        """Make ``move`` for ``seat`` against move number ``at``; return the seat's new view.

        Args:
            access: The caller's link.
            seat: The seat moving (one the link acts for).
            move: The move's notation or its action id.
            at: The move number the client's view had (``view["move_number"]``).
            client_id: The client's id for this move: a move sent again with the same id is
                not applied again (the current view is returned).
            since: As :meth:`view`: the returned view's log holds the entries after it.

        Raises:
            ServerError: 403 for a seat the link does not act for or a bot's seat; 409
                ``stale`` (with the current view) when ``at`` is not the current move number;
                422 with the engine's rule id for an illegal move.
        """
        self._check_seat(access, seat)
        if client_id is not None:
            client_id = _one_line(client_id, "a move's id", 64)
        if isinstance(move, str):
            move = _one_line(move, "a move", 200)
        elif type(move) is not int:
            raise ServerError(422, "bad-request", "a move is its notation (text) or its id")

        async def here() -> dict:
            async with self._locked(access.table_id) as live:
                if client_id is not None and client_id in live.client_ids:
                    return self._view(live, seat, since)
                if live.bot_level(seat) is not None:
                    raise ServerError(403, "forbidden", f"seat {seat} is played by a bot")
                if at != live.number:
                    raise ServerError(
                        409,
                        "stale",
                        f"the move was made against move {at}; the game is at move {live.number}",
                        self._view(live, seat, 0),
                    )
                await self._play(live, seat, move, "person", client_id)
                return self._view(live, seat, since)

        body = {"seat": seat, "move": move, "at": at, "id": client_id}
        return await self._routed(
            access.table_id,
            here,
            lambda where: self._forward(
                where, access, "POST", "moves", params={"since": max(0, int(since))}, body=body
            ),
        )

    async def _play(
        self, live: Live, seat: int, move: str | int, source: str, client_id: str | None = None
    ) -> None:
        """Apply, store, then keep and announce one move (the table's lock is held)."""
        if live.status != "playing":
            raise ServerError(409, "finished", "the game is over")
        try:
            action = live.game.action(move)
        except MeepleError as e:
            raise ServerError(422, "CORE-04", f"CORE-04: {e}") from None
        before = live.state
        # the scratch table starts from the kept state itself: each action is applied to a
        # copy (_apply_told), so the kept state stays as it was until the move is stored
        scratch = Live(
            live.table_id, live.game, live.seed, live.seats, live.clock, live.status, before
        )
        scratch.logs = {v: [] for v in live.logs}
        scratch.chosen = set(live.chosen)
        first = {
            "number": live.number + 1,
            "seat": seat,
            "move": action.text,
            "client_id": client_id,
            "source": source,
            "clock_s": None,
        }
        try:
            rows = self._advance(scratch, [(seat, action, first)])
        except IllegalActionError as e:
            raise ServerError(422, e.rule, f"{e.rule}: {e.reason}") from None
        first["clock_s"] = self._spend_clock(live, seat)

        result = scratch.state.result().to_dict() if scratch.state.is_terminal() else None

        params = [{"table_id": live.table_id, **row} for row in rows]

        def store(s: Session) -> None:
            # a Core insert: the writer holds the interpreter for a fraction of an ORM flush
            s.execute(ActionRow.__table__.insert(), params)
            if scratch.status != live.status:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == live.table_id)
                    .values(status=scratch.status, result=result)
                )

        await self._write(store, live.table_id)
        if source == "bot":
            _fault("bot-stored")
        finishing = scratch.status == "finished" and live.status != "finished"
        # stored: now kept and told
        live.state = scratch.state
        live.status = scratch.status
        live.chosen = scratch.chosen
        for v, entries in scratch.logs.items():
            live.logs[v].extend(entries)
        only_move = len(rows) == 1
        live.before = before if only_move else None
        if client_id is not None:
            live.client_ids.add(client_id)
        if first["clock_s"] is not None:
            live.clock_left[seat] = first["clock_s"]
        self._start_clocks(live)
        self._after_change(live)
        if finishing:
            self._keep_replay(live)

    def _advance(self, live: Live, moves: list[tuple[int, Any, dict]]) -> list[dict]:
        """Apply ``moves`` to ``live.state`` in place, then every chance outcome that follows.

        Each outcome is drawn from the seed and the number of actions before it, so the same
        position always draws the same outcome. Logs and the sealed node's ``chosen`` set are
        kept up to date. Returns the rows to store, in order.
        """
        rows = []
        pending = list(moves)
        while True:
            if pending:
                seat, action, row = pending.pop(0)
            elif live.state.current_player() == CHANCE:
                state = live.state
                seat = CHANCE
                # the stream a game resumed at this position draws from (record.SeedCheck):
                # position 0 is the game's own chance stream
                at = len(state.history)
                stream = make_rng(live.seed, "chance", at) if at else make_rng(live.seed, "chance")
                action = sample_chance(state, stream)
                row = {
                    "number": len(state.history) + 1,
                    "seat": CHANCE,
                    "move": action.text,
                    "client_id": None,
                    "source": "chance",
                    "clock_s": None,
                }
            else:
                break
            self._apply_told(live, seat, action)
            rows.append(row)
        if live.state.is_terminal():
            live.status = "finished"
        return rows

    def _apply_told(self, live: Live, seat: int, action: Any) -> None:
        """Replace ``live.state`` by a copy with one action applied, logging it for every
        viewer; the state it replaces is left as it was."""
        before = live.state
        state = before.clone()
        state.apply_action(action, seat)  # checked: an illegal move raises before anything
        live.state = state
        # tell_move's rule for every viewer, from the position before the move
        for v, entry in zip(live.logs, tell_applied(before, state, live.logs), strict=True):
            live.logs[v].append(_kept(entry))
        live.chosen = replays.next_chosen(before, state, seat, live.chosen)

    async def undo(self, access: Access, seat: int, since: int = 0, at: int | None = None) -> dict:
        """Take back ``seat``'s last move, if the engine's undo rule allows it.

        Args:
            at: The move number of the view the undo was asked in: an undo sent again (a
                retry, a second click) after it was done is then stale, not a second undo.

        Raises:
            ServerError: 403 for a seat the link does not act for; 409 ``stale`` (with the
                current view) when ``at`` is not the current move number; 409 ``no-undo``
                when the move may not be taken back (:func:`meeple.core.undo.may_take_back`).
        """
        self._check_seat(access, seat)

        async def here() -> dict:
            async with self._locked(access.table_id) as live:
                if at is not None and at != live.number:
                    raise ServerError(
                        409,
                        "stale",
                        f"the undo was asked at move {at}; the game is at move {live.number}",
                        self._view(live, seat, 0),
                    )
                if live.status != "playing" or not self._may_undo(live, seat):
                    raise ServerError(
                        409,
                        "no-undo",
                        "nothing to take back: the last move is not this seat's, or someone has "
                        "seen its effect, or chance followed it",
                    )
                number = live.number

                def store(s: Session) -> None:
                    last = s.scalars(
                        select(ActionRow)
                        .where(ActionRow.table_id == live.table_id, ActionRow.undone.is_(False))
                        .order_by(ActionRow.id.desc())
                        .limit(1)
                    ).one()
                    last.undone = True
                    s.add(
                        EventRow(
                            table_id=live.table_id,
                            kind="undo",
                            seat=seat,
                            number=number,
                            detail={"move": last.move},
                        )
                    )

                await self._write(store, live.table_id)
                self._live.pop(live.table_id, None)
                fresh = await self._load(live.table_id)
                fresh.lock = live.lock
                fresh.client_ids |= live.client_ids
                fresh.version = live.version
                self._live[live.table_id] = fresh
                self._after_change(fresh)
                return self._view(fresh, seat, min(since, fresh.number))

        return await self._routed(
            access.table_id,
            here,
            lambda where: self._forward(
                where,
                access,
                "POST",
                "undo",
                params={"since": max(0, int(since))},
                body={"seat": seat, "at": at},
            ),
        )

    async def leave(self, access: Access, seat: int) -> dict:
        """The person of ``seat`` leaves: a bot takes the seat over if the table's clock says
        so (the takeover is recorded); otherwise the seat waits for its person.

        Raises:
            ServerError: 403 for a seat the link does not act for; 409 when the table has no
                takeover bot.
        """
        self._check_seat(access, seat)

        async def here() -> dict:
            async with self._locked(access.table_id) as live:
                if not live.clock or not live.clock.get("takeover"):
                    raise ServerError(
                        409, "no-takeover", "this table has no bot to take a seat over"
                    )
                await self._take_over(live, seat, "left")
                self._start_clocks(live)
                return self._view(live, seat, 0)

        return await self._routed(
            access.table_id,
            here,
            lambda at: self._forward(at, access, "POST", "leave", body={"seat": seat}),
        )

    async def _take_over(self, live: Live, seat: int, why: str) -> None:
        if live.seats[seat]["taken_over"] or live.seats[seat]["kind"] == "bot":
            return

        def store(s: Session) -> None:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == live.table_id, SeatRow.seat == seat)
                .values(taken_over=True)
            )
            s.add(
                EventRow(
                    table_id=live.table_id,
                    kind="takeover",
                    seat=seat,
                    number=live.number,
                    detail={"why": why, "level": live.clock["takeover"]},
                )
            )

        await self._write(store, live.table_id)
        live.seats[seat]["taken_over"] = True
        self._after_change(live)

    # -- records and replays ----------------------------------------------------------------------
    async def export(self, access: Access) -> str:
        """The finished game as :class:`GameRecord` JSON (``meeple replay`` reads it).

        Raises:
            ServerError: 409 before the game is over (the record holds every hidden card).
        """

        async def here() -> str:
            try:
                live = await self._get(access.table_id)
            except ServerError as e:
                if e.code != "old-rules":
                    raise
                return (await self._stored_record(access.table_id)).to_json()
            if live.status != "finished":
                raise ServerError(409, "not-finished", "a game's record is shown once it is over")
            return self._record(live).to_json()

        return await self._routed(
            access.table_id,
            here,
            lambda at: self._forward(at, access, "GET", "record", raw=True),
        )

    async def _stored_record(self, table_id: str) -> GameRecord:
        """The record of a finished game as stored, without replaying it (a game of other
        rules than the installed ones: the rules version it names can replay it).

        Raises:
            ServerError: 409 before the game is over.
        """

        def load() -> GameRecord | None:
            with Session(self.engine) as s:
                table = s.get(TableRow, table_id)
                if table is None or table.status != "finished":
                    return None
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                ).all()
                actions = s.scalars(
                    select(ActionRow)
                    .where(ActionRow.table_id == table_id, ActionRow.undone.is_(False))
                    .order_by(ActionRow.id)
                ).all()
                return GameRecord(
                    game=table.game,
                    version=table.rules_version,
                    config=dict(table.config),
                    seed=table.seed,
                    agents=[r.level if r.kind == "bot" else "human" for r in seats],
                    actions=[[a.seat, a.move] for a in actions],
                    result=table.result,
                )

        record = await self._run_db(load)
        if record is None:
            raise ServerError(409, "not-finished", "a game's record is shown once it is over")
        return record

    def _record(self, live: Live) -> GameRecord:
        agents = [s["level"] if s["kind"] == "bot" else "human" for s in live.seats]
        return GameRecord.from_state(live.state, seed=live.seed, agents=agents)

    async def replay_view(self, access: Access, viewer: int | None, step: int) -> dict:
        """The view of ``viewer`` after ``step`` actions of a finished game.

        A game of the installed rules is replayed from its actions; one of other rules is
        shown from what each viewer saw, kept when it ended (:mod:`meeple.server.replays`).

        Returns:
            The view (its log: the first ``step`` entries as ``viewer`` is told them, no legal
            moves), plus ``"steps"``: the number of actions in the game.

        Raises:
            ServerError: 409 before the game is over (any link then shows any seat's view;
                ``old-rules`` for an unfinished game of other rules), or ``no-replay``
                for a game of other rules that ended before replays were kept; 422 for a
                step outside ``0..steps`` or a seat the game does not have.
        """
        if viewer is not None and (type(viewer) is not int or viewer not in range(0, 64)):
            raise ServerError(422, "bad-request", "no such seat")
        params: dict[str, Any] = {"step": step}
        if viewer is not None:
            params["seat"] = viewer
        return await self._routed(
            access.table_id,
            lambda: self._replay_here(access, viewer, step),
            lambda at: self._forward(at, access, "GET", "replay", params=params),
        )

    async def _replay_here(self, access: Access, viewer: int | None, step: int) -> dict:
        if access.table_id not in self._live:
            # a finished game let go from memory replays from its kept views, unloaded
            kept = await self._stored_replay_view(access.table_id, viewer, step, None)
            if kept is not None:
                return kept
        try:
            live = await self._get(access.table_id)
        except ServerError as e:
            if e.code != "old-rules":
                raise
            return await self._stored_replay_view(access.table_id, viewer, step, e)
        if live.status != "finished":
            raise ServerError(409, "not-finished", "a game is replayed once it is over")
        steps = live.number
        _check_step(step, steps, viewer, live.game.num_players)
        state, chosen = replays.position(self._record(live), step)
        game = live.game
        return _replay(
            {
                "table_id": live.table_id,
                "game": game.info.name,
                "title": game.info.title,
                "players": game.num_players,
                "options": _options(game.config),
                "rules_version": game.info.version,
                "seats": _name_apart([dict(info) for info in live.seats]),
            },
            viewer,
            step,
            steps,
            replays.frame(state, viewer, chosen),
            [_entry(e) for e in live.logs[viewer][:step]],
        )

    async def _stored_replay_view(
        self, table_id: str, viewer: int | None, step: int, refused: ServerError | None
    ) -> dict | None:
        """:meth:`replay_view` from the kept frames: of a game of other rules (``refused``:
        why it cannot be loaded), or of a finished game not in memory (``None``: answers
        ``None`` when the table is not a finished game with kept frames)."""

        def load() -> tuple[TableRow, list[SeatRow], ReplayRow | None]:
            with Session(self.engine) as s:
                table = s.get(TableRow, table_id)
                seats = list(
                    s.scalars(
                        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                    )
                )
                row = s.get(ReplayRow, (table_id, replays.viewer_key(viewer)))
                s.expunge_all()
                return table, seats, row

        table, seat_rows, row = await self._run_db(load)
        if refused is None and (table is None or table.status != "finished" or row is None):
            return None
        why = refused.reason if refused is not None else "this game is not loaded"
        if table.status != "finished":
            raise ServerError(
                409,
                "old-rules",
                f"{why}; it is not over, and only those rules can continue it",
            )
        players = len(seat_rows)
        if viewer is not None and viewer >= players:
            raise ServerError(422, "bad-request", f"seats are 0..{players - 1}")
        if row is None:
            raise ServerError(
                409,
                "no-replay",
                f"{why}; this game ended before replays were kept, so only its "
                "record can be exported",
            )
        _check_step(step, row.steps, viewer, players)
        part, told = await self._run_db(replays.read, row.data, step)
        return _replay(
            {
                "table_id": table.id,
                "game": table.game,
                "title": _title(table.game),
                "players": players,
                "options": _options(table.config),
                "rules_version": table.rules_version,
                "seats": _name_apart([_seat_info(r) for r in seat_rows]),
            },
            viewer,
            step,
            row.steps,
            part,
            told,
        )

    def _keep_replay(self, live: Live) -> None:
        """Keep what each viewer saw of the game ``live`` has just finished, in the background
        (a crash before it is written is made good by :meth:`keep_replays` at the next start)."""
        task = asyncio.create_task(self._store_replay(live.table_id, self._record(live).to_json()))
        self._replaying.add(task)
        task.add_done_callback(self._replaying.discard)

    async def _store_replay(self, table_id: str, record_json: str) -> None:
        """Build every viewer's frames off the event loop (the bot workers) and store them."""
        loop = asyncio.get_running_loop()
        try:
            packed = await loop.run_in_executor(self._bots, replays.build, record_json)
        except asyncio.CancelledError:
            raise
        except Exception:  # workers shut down: the next start's catch-up builds it
            log.exception("the replay of table %s was not built", table_id)
            return
        steps = len(GameRecord.from_json(record_json).actions)

        def store(s: Session) -> None:
            s.execute(delete(ReplayRow).where(ReplayRow.table_id == table_id))
            s.execute(
                ReplayRow.__table__.insert(),
                [
                    {"table_id": table_id, "viewer": v, "steps": steps, "data": blob}
                    for v, blob in packed.items()
                ],
            )

        # written by the table's owner (on PostgreSQL, under its lock: taken again if the
        # table was let go meanwhile; held elsewhere, that process's next start keeps it)
        taken = False
        if self._cluster is not None and table_id not in self._live:
            if not await asyncio.wrap_future(self._cluster.acquire(table_id)):
                return
            taken = True
        try:
            await self._write(store, table_id)
        except Exception:  # another process kept it meanwhile, or the database is away
            log.exception("the replay of table %s was not stored", table_id)
        finally:
            if taken and table_id not in self._live and table_id not in self._loading:
                self._cluster.release(table_id)

    async def replays_kept(self) -> None:
        """Return once the replays being kept (games just finished, and the start's catch-up)
        are stored."""
        await asyncio.gather(*self._replaying, self._backfill or asyncio.sleep(0))

    async def keep_replays(self) -> int:
        """Keep the replays of finished games of the installed rules that have none (games
        that ended before replays were kept, or just before a crash), one game at a time.

        Returns:
            The number of games whose replays were stored or attempted.
        """

        def missing() -> list[tuple[str, str, str]]:
            kept = select(ReplayRow.table_id).distinct()
            with Session(self.engine) as s:
                rows = s.execute(
                    select(TableRow.id, TableRow.game, TableRow.rules_version).where(
                        TableRow.status == "finished", TableRow.id.not_in(kept)
                    )
                )
                return [tuple(r) for r in rows]

        done = 0
        for table_id, name, version in await self._run_db(missing):
            if _installed_version(name) != version:
                continue  # other rules: these actions can no longer be replayed here
            record = await self._stored_record(table_id)
            await self._store_replay(table_id, record.to_json())
            done += 1
        return done

    # -- pushes ---------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def subscribe(
        self, table_id: str, seats: tuple[int, ...] = ()
    ) -> AsyncIterator[Subscription]:
        """Be told of every change at ``table_id`` while the context is open.

        Args:
            table_id: The table.
            seats: The seats whose person is present while it is open (a seat's socket).
                When the last presence of a seat ends and none begins within
                ``settings.leave_grace_s``, the person has left: on a table whose clock names
                a takeover level, a bot takes the seat over (recorded as ``left``).

        The table may be owned by another process (several on one PostgreSQL): its changes
        are then told here by its owner's notifications.

        Raises:
            ServerError: 404 for an unknown table.
        """

        async def here() -> None:
            await self._get(table_id)

        async def there(_address: str) -> None:
            return None  # owned, so it exists

        await self._routed(table_id, here, there)
        queue: asyncio.Queue = asyncio.Queue(maxsize=1)
        self._subs.setdefault(table_id, set()).add(queue)
        for seat in seats:
            key = (table_id, seat)
            self._present[key] = self._present.get(key, 0) + 1
            if self._present[key] == 1 and self._cluster is not None:
                self._cluster.present(table_id, seat, True)
            leaving = self._leaving.pop(key, None)
            if leaving is not None:
                leaving.cancel()
        try:
            yield Subscription(queue)
        finally:
            queues = self._subs.get(table_id, set())
            queues.discard(queue)
            if not queues:
                self._subs.pop(table_id, None)
            for seat in seats:
                key = (table_id, seat)
                self._present[key] -= 1
                if self._present[key] == 0:
                    del self._present[key]
                    if self._cluster is not None:
                        self._cluster.present(table_id, seat, False)
                    if self._started:
                        self._leaving[key] = asyncio.create_task(self._left(table_id, seat))

    async def _left(self, table_id: str, seat: int) -> None:
        """The person of ``seat`` left: after the grace period, the table's bot takes over."""
        await asyncio.sleep(self.settings.leave_grace_s)
        self._leaving.pop((table_id, seat), None)
        live = self._live.get(table_id)
        if (
            live is None
            or self._present.get((table_id, seat), 0) > 0
            or live.status != "playing"
            or not live.clock
            or not live.clock.get("takeover")
        ):
            return
        if self._cluster is not None and await asyncio.wrap_future(
            self._cluster.call(lambda c: cluster.present_elsewhere(c, table_id, seat))
        ):
            return  # the person is connected to another process
        async with live.lock:
            if self._live.get(table_id) is not live:
                return
            await self._take_over(live, seat, "left")
            self._start_clocks(live)

    def _notify(self, live: Live) -> None:
        live.version += 1
        live.touched = time.monotonic()
        self._tell(live.table_id, live.version)
        if self._cluster is not None:
            self._cluster.announce(live.table_id, live.version)
        if self.on_change is not None:
            self.on_change(live.table_id)

    def _tell(self, table_id: str, version: int) -> None:
        """Wake this process's sockets of ``table_id``: its views now have ``version``."""
        for queue in list(self._subs.get(table_id, ())):
            if queue.full():  # an older change not yet taken: the newer one stands for it
                queue.get_nowait()
            queue.put_nowait(version)

    def _after_change(self, live: Live, notify: bool = True) -> None:
        if notify:
            self._notify(live)
        self._schedule_bots(live)

    # -- bots -----------------------------------------------------------------------------------
    def _schedule_bots(self, live: Live) -> None:
        if not self._started or live.status != "playing":
            return
        for seat in live.state.acting_seats():
            level = live.bot_level(seat)
            task = live.bot_tasks.get(seat)
            if level is None or (task is not None and not task.done()):
                continue
            live.bot_tasks[seat] = asyncio.create_task(self._bot_turn(live.table_id, seat, level))

    async def _bot_turn(self, table_id: str, seat: int, level: str) -> None:
        """Ask a worker for ``seat``'s move; apply it only if the game has not moved on for
        that seat (the seat still acts and sees what the bot was shown)."""
        live = self._live.get(table_id)
        if live is None:
            return
        if self.settings.bot_delay_s:
            await asyncio.sleep(self.settings.bot_delay_s)
        state = live.state
        if seat not in state.acting_seats():
            return
        observation = state.observe(seat)
        legal = [a.text for a in state.legal_actions(seat)]
        rng_seed = derive_seed(live.seed, "seat", seat, len(state.history))
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(
                self._bots,
                bots.choose,
                live.game.info.name,
                dict(live.game.config),
                level,
                seat,
                observation,
                legal,
                rng_seed,
            )
        except asyncio.CancelledError:
            raise
        except Exception:  # workers shut down, or a broken bot: the seat waits, said in the log
            log.exception("bot of seat %d at table %s failed", seat, table_id)
            return
        live = self._live.get(table_id)
        if live is None:
            return
        async with live.lock:
            current = live.state
            if (
                live.status != "playing"
                or seat not in current.acting_seats()
                or current.observe(seat) != observation
            ):
                # moved on meanwhile: ask again from the new position
                live.bot_tasks.pop(seat, None)
                self._schedule_bots(live)
                return
            live.bot_tasks.pop(seat, None)
            with contextlib.suppress(ServerError):
                await self._play(live, seat, move, "bot")

    # -- clocks ---------------------------------------------------------------------------------
    def _spend_clock(self, live: Live, seat: int) -> float | None:
        """Time left on ``seat``'s clock after its move, increment included (``None``: no clock)."""
        if live.clock is None:
            return None
        left = live.clock_left.get(seat, live.clock["bank_s"])
        since = live.clock_since.pop(seat, None)
        if since is not None:
            left -= time.monotonic() - since
        return round(max(0.0, left) + live.clock["increment_s"], 3)

    def _start_clocks(self, live: Live) -> None:
        """Run the clock of every person who is to act (and stop the others)."""
        if live.clock is None:
            return
        acting = set(live.state.acting_seats()) if live.status == "playing" else set()
        now = time.monotonic()
        for seat in list(live.clock_since):
            if seat not in acting or live.bot_level(seat) is not None:
                since = live.clock_since.pop(seat)
                live.clock_left[seat] = live.clock_left.get(seat, live.clock["bank_s"]) - (
                    now - since
                )
        for seat in acting:
            if live.bot_level(seat) is None and seat not in live.clock_since:
                live.clock_left.setdefault(seat, live.clock["bank_s"])
                live.clock_since[seat] = now
        if live.clock_task is not None:
            live.clock_task.cancel()
            live.clock_task = None
        if self._started and live.clock_since:
            live.clock_task = asyncio.create_task(self._watch_clocks(live.table_id))

    async def _watch_clocks(self, table_id: str) -> None:
        live = self._live.get(table_id)
        if live is None or not live.clock_since:
            return
        now = time.monotonic()
        wait = min(live.clock_left[s] - (now - t) for s, t in live.clock_since.items())
        await asyncio.sleep(max(0.0, wait) + 0.01)
        async with live.lock:
            now = time.monotonic()
            for seat, since in list(live.clock_since.items()):
                if live.clock_left[seat] - (now - since) <= 0 and live.clock.get("takeover"):
                    live.clock_since.pop(seat)
                    live.clock_left[seat] = 0.0
                    live.clock_out.add(seat)
                    await self._take_over(live, seat, "time")
            live.clock_task = None
            if live.clock.get("takeover"):
                self._start_clocks(live)
            self._notify(live)

    # -- loading --------------------------------------------------------------------------------
    def _check_seat(self, access: Access, seat: int) -> None:
        if type(seat) is not int or seat not in access.seats:
            raise ServerError(403, "forbidden", f"this link does not act for seat {seat!r}")

    async def _get(self, table_id: str) -> Live:
        """The table in memory, loaded by replay if it is not (and, on PostgreSQL, owned:
        its lock taken first).

        Raises:
            ServerError: 404 for an unknown table; 409 for a game of other rules.
            Elsewhere: when another process owns the table.
        """
        live = self._live.get(table_id)
        if live is not None:
            return live
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise ServerError(404, "not-found", "no such table")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live.get(table_id)
                if live is None:
                    live = await self._own_and_load(table_id)
                    self._live[table_id] = live
                    self._start_clocks(live)
                    self._schedule_bots(live)
                    if self._cluster is not None:
                        # taken over: sockets here and elsewhere see what the last owner may
                        # have stored and not yet told
                        self._notify(live)
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)
        return live

    async def _own_and_load(self, table_id: str) -> Live:
        if self._cluster is None:
            return await self._load(table_id)
        if not await asyncio.wrap_future(self._cluster.acquire(table_id)):
            raise Elsewhere(table_id)
        try:
            return await self._load(table_id)
        except BaseException:
            self._cluster.release(table_id)
            raise

    @contextlib.asynccontextmanager
    async def _locked(self, table_id: str) -> AsyncIterator[Live]:
        """The table, under its lock, still the one this process serves (not let go or
        replaced while the lock was awaited)."""
        while True:
            live = await self._get(table_id)
            async with live.lock:
                if self._live.get(table_id) is live:
                    yield live
                    return

    async def _load(self, table_id: str) -> Live:
        """Rebuild a table from the database by replaying its actions.

        Raises:
            ServerError: 404 for an unknown table; 409 for a game played under other rules.
        """
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise ServerError(404, "not-found", "no such table")

        def load() -> tuple[TableRow, list[SeatRow], list[ActionRow], set[int]] | None:
            with Session(self.engine) as s:
                table = s.get(TableRow, table_id)
                if table is None:
                    return None
                seats = list(
                    s.scalars(
                        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                    )
                )
                actions = list(
                    s.scalars(
                        select(ActionRow)
                        .where(ActionRow.table_id == table_id)
                        .order_by(ActionRow.id)
                    )
                )
                timeouts = s.scalars(
                    select(EventRow).where(
                        EventRow.table_id == table_id, EventRow.kind == "takeover"
                    )
                )
                out = {
                    e.seat for e in timeouts if e.seat is not None and e.detail.get("why") == "time"
                }
                s.expunge_all()
                return table, seats, actions, out

        loaded = await self._run_db(load)
        if loaded is None:
            raise ServerError(404, "not-found", "no such table")
        table, seat_rows, action_rows, out_of_time = loaded
        installed = _installed_version(table.game)
        if installed != table.rules_version:
            now = f"the installed rules are {installed}" if installed else "it is not installed"
            raise ServerError(
                409,
                "old-rules",
                f"this game was played under {table.game} rules {table.rules_version}; {now}",
            )
        game = make(table.game, **table.config)
        seats = [
            {
                "seat": r.seat,
                "kind": r.kind,
                "level": r.level,
                "name": r.name,
                "joined": r.joined,
                "taken_over": r.taken_over,
            }
            for r in seat_rows
        ]
        live = Live(
            table.id, game, table.seed, seats, table.clock, "playing", game.new_initial_state()
        )
        live.logs = {v: [] for v in _viewers(game.num_players)}
        done = [r for r in action_rows if not r.undone]
        live.client_ids = {r.client_id for r in action_rows if r.client_id is not None}
        for n, row in enumerate(done):
            if n == len(done) - 1 and row.seat != CHANCE:
                live.before = live.state  # replaced, not changed, by the action applied next
            self._apply_told(live, row.seat, live.game.action(row.move, row.seat == CHANCE))
            if row.clock_s is not None:
                live.clock_left[row.seat] = row.clock_s
        live.clock_out = out_of_time
        for seat in out_of_time:
            live.clock_left[seat] = 0.0
        if live.state.is_terminal():
            live.status = "finished"
        return live

    # -- several processes, and tables let go ----------------------------------------------------
    async def _routed(
        self,
        table_id: str,
        here: Callable[[], Awaitable[T]],
        there: Callable[[str], Awaitable[T]],
    ) -> T:
        """``here()`` when this process serves the table (taking it over if nobody does),
        else ``there(address)`` of the process that owns it.

        A request forwarded here is served or refused, never forwarded again; an owner that
        cannot be reached (it died: its lock goes with its session) is retried until the
        table is taken over, for a few seconds.

        Raises:
            ServerError: 503 ``elsewhere`` when the owner cannot be reached or forwarded to.
        """
        if self._cluster is None:
            return await here()
        deadline = time.monotonic() + 5.0
        while True:
            forwarded = cluster.FORWARDED.get() is not None
            address = None if forwarded else self._owners.get(table_id)
            if address is None or table_id in self._live:
                try:
                    return await here()
                except (Elsewhere, cluster.NotOwner):
                    pass
                address = await asyncio.wrap_future(
                    self._cluster.call(lambda c: cluster.owner_of(c, table_id))
                )
                if address is not None and (forwarded or address == "-"):
                    raise ServerError(
                        503, "elsewhere", "another server process has this table; try again"
                    )
                if address == self._cluster.address:  # an earlier life of this process
                    address = None
                elif address is not None:
                    # remembered: a process that has let the table go takes it when asked,
                    # and one that cannot serve it answers 503 (and the owner is asked anew)
                    if len(self._owners) > 10_000:
                        self._owners.clear()
                    self._owners[table_id] = address
            if address is not None:
                try:
                    return await there(address)
                except _PeerGone:
                    self._owners.pop(table_id, None)
            if time.monotonic() > deadline:
                raise ServerError(
                    503, "elsewhere", "the server process of this table cannot be reached"
                )
            await asyncio.sleep(0.05)

    async def _forward(
        self,
        address: str,
        access: Access,
        method: str,
        path: str,
        params: dict[str, Any] | None = None,
        body: dict[str, Any] | None = None,
        raw: bool = False,
    ) -> Any:
        """The owner's answer to the same request, made with the caller's own link (the owner
        checks it as it checks any request) and marked forwarded (:func:`cluster.sign_mark`:
        the owner serves it, counts it no more and knows its client by the mark).

        Raises:
            ServerError: the owner's refusal, as it gave it.
            _PeerGone: when the owner cannot be reached or no longer owns the table.
        """
        assert self._http is not None
        assert self.forward_key is not None
        url = httpx.URL(f"{address}/api/tables/{access.table_id}/{path}", params=params)
        mark = cluster.sign_mark(
            self.forward_key, method, url.path, cluster.CLIENT.get(), query=url.query
        )
        headers = {"Authorization": f"Bearer {access.token}", cluster.FORWARDED_HEADER: mark}
        try:
            r = await self._http.request(method, url, json=body, headers=headers)
        except httpx.TransportError:
            raise _PeerGone(address) from None
        if r.status_code < 400:
            return r.text if raw else r.json()
        try:
            error = r.json()
        except ValueError:
            error = {}
        if r.status_code == 503 or not isinstance(error, dict) or "code" not in error:
            raise _PeerGone(address)
        raise ServerError(r.status_code, error["code"], str(error.get("reason")), error.get("view"))

    def _heard(self, payload: str | None) -> None:
        """A notification (see :class:`cluster.Listener`): wake the sockets of a table owned
        elsewhere; ``None`` (some may have been missed): wake every such socket."""
        if payload is None:
            for table_id in list(self._subs):
                if table_id not in self._live:
                    self._tell(table_id, sys.maxsize)
            return
        table_id, _, version = payload.partition(" ")
        if table_id not in self._live and version.isdigit():
            self._tell(table_id, int(version))

    def _lost(self) -> None:
        """The ownership connection broke and every lock with it: let every table go (its
        sockets are told, and their next request finds the table's new owner)."""
        for table_id, live in list(self._live.items()):
            self._forget(live)
            self._tell(table_id, sys.maxsize)

    def _forget(self, live: Live) -> None:
        self._live.pop(live.table_id, None)
        for task in [*live.bot_tasks.values(), live.clock_task]:
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def _watch(self) -> None:
        """Take over the tables whose owner is gone: those this process has sockets of at
        once, and, when a server process went away, every playing table nobody serves (its
        bots and clocks run again)."""
        assert self._cluster is not None
        servers: set[int] | None = None
        while True:
            await asyncio.sleep(self.settings.watch_s)
            try:
                locked, pids = await asyncio.wrap_future(self._cluster.call(cluster.survey))
                for table_id in [t for t in self._subs if t not in self._live]:
                    if cluster.table_key(table_id) not in locked:
                        with contextlib.suppress(ServerError, Elsewhere, cluster.NotOwner):
                            await self._get(table_id)
                if servers is not None and servers - pids:
                    await self._resume(locked)
                servers = pids
                await self._watch_presence()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again at the next round
                log.exception("looking for tables without a server failed")

    async def _watch_presence(self) -> None:
        """Start the leave grace of the seats, at tables owned here whose clock names a
        takeover level, whose person was connected to some process and no longer is to any:
        a last socket closed on another process counts as one closed here (the owner alone
        takes seats over, and only when no process holds the seat's presence)."""
        assert self._cluster is not None
        watched = {
            (live.table_id, n)
            for live in self._live.values()
            if live.status == "playing" and live.clock and live.clock.get("takeover")
            for n, seat in enumerate(live.seats)
            if seat["kind"] != "bot" and not seat.get("taken_over")
        }
        self._seen_present &= watched
        if not watched:
            return
        held = await asyncio.wrap_future(self._cluster.call(cluster.presences))
        for key in watched:
            if self._present.get(key, 0) > 0 or cluster.presence_key(*key) in held:
                self._seen_present.add(key)
            elif key in self._seen_present:
                self._seen_present.discard(key)
                if key not in self._leaving and self._started:
                    self._leaving[key] = asyncio.create_task(self._left(*key))

    def _idle(self, live: Live, now: float) -> bool:
        """Whether ``live`` may be let go: nobody here is connected to it, no bot of it is
        thinking, no clock of it runs, and it is finished or unchanged for ``idle_s``."""
        return (
            live.table_id not in self._subs
            and not live.clock_since
            and all(task.done() for task in live.bot_tasks.values())
            and (live.status == "finished" or now - live.touched >= self.settings.idle_s)
        )

    async def _sweep(self) -> None:
        """Let go of the tables that are idle (:meth:`_idle`), every few seconds."""
        period = max(0.05, min(self.settings.idle_s / 2, 5.0))
        while True:
            await asyncio.sleep(period)
            now = time.monotonic()
            for live in [v for v in self._live.values() if self._idle(v, now)]:
                await self._drop(live)

    async def _drop(self, live: Live) -> None:
        """Take ``live`` out of memory and release its ownership; it is loaded again by
        replay when asked for. Loading waits meanwhile, so no request finds it half gone."""
        table_id = live.table_id
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            async with live.lock:
                if self._live.get(table_id) is not live or not self._idle(live, time.monotonic()):
                    return
                self._forget(live)
            if self._cluster is not None:
                await asyncio.wrap_future(self._cluster.release(table_id))
        if not lock.locked():
            self._loading.pop(table_id, None)


class Elsewhere(Exception):
    """Another process owns the table (its lock is held by another session)."""


class _PeerGone(Exception):
    """The owner a request was forwarded to cannot be reached or no longer owns the table."""


def _name_apart(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``seats`` (seat dicts of a view, changed in place and returned) with no two names
    alike (:func:`~meeple.core.game.distinct_names`): a table stored before names were told
    apart shows them apart too."""
    for info, name in zip(
        seats, distinct_names([str(i["name"] or "") for i in seats]), strict=True
    ):
        info["name"] = name
    return seats


async def _end_workers(pool: Executor) -> None:
    """Shut ``pool`` down, its queued work cancelled; a worker process still busy (a bot's
    search) after :data:`WORKERS_WAIT_S` is terminated, so that a stopped server leaves no
    process behind (the process may exit at once after its lifespan, before the pool's own
    exit handler would have joined them)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # none for threads
    pool.shutdown(wait=False, cancel_futures=True)

    def end() -> None:
        deadline = time.monotonic() + WORKERS_WAIT_S
        for process in workers:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in workers:
            if process.is_alive():
                process.terminate()
                process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)

    if workers:
        await asyncio.to_thread(end)


T = TypeVar("T")


class Subscription:
    """Changes at one table: ``await sub.changed()`` returns the table's change counter (the
    ``version`` of the views built after it) once something changed."""

    def __init__(self, queue: asyncio.Queue):
        self._queue = queue

    async def changed(self) -> int:
        return await self._queue.get()


def _fault(point: str) -> None:
    """Die at ``point`` as a power cut would (SIGKILL) when ``MEEPLE_FAULT`` names it: the
    crash tests stop the server between storing a bot's move and telling anyone of it."""
    if os.environ.get("MEEPLE_FAULT") == point:
        os.kill(os.getpid(), signal.SIGKILL)


def _installed_version(name: str) -> str | None:
    """The installed rules version of game ``name``, or ``None`` when it is not installed."""
    try:
        return game_class(name).info.version
    except ConfigError:
        return None


def _title(name: str) -> str:
    """The title of game ``name``; a game no longer installed is shown by its name."""
    try:
        return game_class(name).info.title
    except ConfigError:
        return name


def _options(config: dict[str, Any]) -> dict[str, Any]:
    """The options a view shows: a table's configuration less the player count and what only
    the server sets."""
    return {k: v for k, v in config.items() if k not in ("players", *SERVER_ONLY_OPTIONS)}


def _seat_info(row: SeatRow) -> dict[str, Any]:
    return {
        "seat": row.seat,
        "kind": row.kind,
        "level": row.level,
        "name": row.name,
        "joined": row.joined,
        "taken_over": row.taken_over,
    }


def _check_step(step: int, steps: int, viewer: int | None, players: int) -> None:
    if type(step) is not int or not 0 <= step <= steps:
        raise ServerError(422, "bad-request", f"step is 0..{steps}")
    if viewer is not None and viewer >= players:
        raise ServerError(422, "bad-request", f"seats are 0..{players - 1}")


def _replay(
    table: dict[str, Any],
    viewer: int | None,
    step: int,
    steps: int,
    part: dict[str, Any],
    log: list[dict[str, Any]],
) -> dict[str, Any]:
    """A replay's view: the table's facts, the frame of ``viewer`` after ``step`` actions and
    the first ``step`` entries of its log."""
    return {
        **table,
        "viewer": viewer,
        "move_number": step,
        "steps": steps,
        "status": "replay",
        **part,
        "legal": [],
        "log": log,
        "can_undo": False,
    }


def _entry(entry: Told) -> dict[str, Any]:
    number, seat, move, told, sealed = entry
    return {"number": number, "seat": seat, "move": move, "told": told, "sealed": sealed}


def dumps(view: dict) -> str:
    """A view as compact JSON text (what the WebSocket sends)."""
    return json.dumps(view, separators=(",", ":"), sort_keys=True)
