"""Server settings: where the database lives, who may open the WebSocket, how many bot workers."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

#: Largest request body the API reads, in bytes (a move or a table's settings is far smaller).
MAX_BODY = 64 * 1024


@dataclass(frozen=True)
class Rate:
    """A token bucket's size and refill.

    Attributes:
        burst: Requests a client may make at once (the bucket's size), a whole number >= 1.
        every_s: Seconds for one more request to be allowed once the burst is spent
            (``3.0``: one every 3 s); ``0`` means no limit.
    """

    burst: int
    every_s: float

    def words(self, what: str) -> str:
        """``"at most 20 tables at once, then one every 3 s"``."""
        return f"at most {self.burst} {what} at once, then one every {self.every_s:g} s"


def split_list(text: str) -> list[str]:
    """``"10.0.0.1, 10.0.0.2"`` as ``["10.0.0.1", "10.0.0.2"]`` (empty items dropped)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def default_data_dir() -> Path:
    """``$MEEPLE_DATA``, else ``$XDG_DATA_HOME/meeple``, else ``~/.local/share/meeple``."""
    if os.environ.get("MEEPLE_DATA"):
        return Path(os.environ["MEEPLE_DATA"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "meeple"


@dataclass
class Settings:
    """How one server process runs.

    Attributes:
        db_url: SQLAlchemy URL (``postgresql+psycopg://user@host:port/db``); ``None`` uses the
            embedded SQLite file ``meeple.db`` in ``data_dir``.
        data_dir: Directory of the embedded database.
        allowed_origins: Origins (``http://host:port``) whose pages may open the WebSocket, besides
            the server's own host; a client that sends no Origin (not a browser) is let in.
        bot_workers: Processes that compute bots' moves; ``None``: one per CPU.
        max_body: Largest request body read, in bytes; a WebSocket message is bounded the same.
        bot_delay_s: Pause before a bot's move is applied, in seconds, so people can follow it.
        leave_grace_s: How long a seat's person may be away (no socket of the seat open)
            before they count as having left, in seconds.
        freeze_gc: Once started, move every object alive (modules, the registry, the games
            resumed) out of the cyclic collector's reach (:func:`gc.freeze`), so its full
            passes, which hold every table still, scan only what was made since. For a
            process that is only a server (``meeple serve``); tests leave it off. Every
            registered game is made once before, at each player count, so the action spaces
            and content every table shares are frozen with the rest; and from then on what
            survives each full collection is frozen too (:class:`meeple.server.collector.Tenure`).
        gc_refresh_s: With ``freeze_gc``, how often everything frozen since start-up is given
            back to the collector, so that one full collection frees any reference cycle among
            it, in seconds.
        switch_interval_s: The interpreter's thread switch interval
            (:func:`sys.setswitchinterval`), in seconds, set once started; ``None`` leaves
            Python's 0.005 s. The database threads wait on the network several times per
            commit and each time wait again for the interpreter: a shorter interval lets them
            in sooner while the event loop is busy (docs/server.md, Load). For a process that
            is only a server (``meeple serve``: 0.0005 s); tests leave it.
        advertise: The URL other server processes on the same PostgreSQL reach this one at
            (``http://host:port``), to forward requests for the tables it owns; ``None``:
            none (requests reaching another process for its tables are refused with 503).
        idle_s: A table nobody is connected to, whose bots are not thinking and whose clocks
            are not running, is dropped from memory (and let go to other processes) once
            unchanged this long, in seconds; a finished one at once. It is loaded again, by
            replay, when asked for.
        watch_s: How often a process on PostgreSQL looks for tables whose owner is gone (to
            take them over), in seconds.
        rate_tables: How many tables one client (peer address) may create: a burst, then one
            every so many seconds (``docs/server.md``, Rate limits).
        rate_links: How many link checks one client may make (the API's ``access`` and
            ``join``, the browser's invite and spectator links, a wrong link on any other
            route or the WebSocket): guessing a token costs time.
        rate_moves: How many moves and undos one client may send over HTTP (the WebSocket
            has its own limit per socket).
        forwarded_allow_ips: The proxies trusted to name the client (addresses or networks
            such as ``10.0.0.0/8``, ``*`` for any peer; ``$MEEPLE_FORWARDED_ALLOW_IPS``, comma
            separated): a request or WebSocket whose peer is one of them is the client's that
            ``X-Forwarded-For`` names, for the rate limits and anything else per client
            (uvicorn's proxy headers, turned on by ``meeple serve``). Empty, the default:
            no proxy is trusted, the client is the peer and the header means nothing.
    """

    db_url: str | None = None
    data_dir: Path = field(default_factory=default_data_dir)
    allowed_origins: list[str] = field(default_factory=list)
    bot_workers: int | None = None
    max_body: int = MAX_BODY
    bot_delay_s: float = 0.0
    leave_grace_s: float = 60.0
    freeze_gc: bool = False
    switch_interval_s: float | None = None
    gc_refresh_s: float = 600.0
    advertise: str | None = None
    idle_s: float = 60.0
    watch_s: float = 0.5
    rate_tables: Rate = field(default_factory=lambda: Rate(20, 3.0))
    rate_links: Rate = field(default_factory=lambda: Rate(30, 2.0))
    rate_moves: Rate = field(default_factory=lambda: Rate(120, 0.1))
    forwarded_allow_ips: list[str] = field(default_factory=list)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from ``MEEPLE_DB``, ``MEEPLE_DATA`` and ``MEEPLE_FORWARDED_ALLOW_IPS``,
        then ``overrides`` (``None`` ignored)."""
        settings = cls(
            db_url=os.environ.get("MEEPLE_DB") or None,
            forwarded_allow_ips=split_list(os.environ.get("MEEPLE_FORWARDED_ALLOW_IPS", "")),
        )
        for key, value in overrides.items():
            if value is not None:
                setattr(settings, key, value)
        return settings

    def database_url(self) -> str:
        """The URL to connect to: ``db_url``, or the SQLite file in ``data_dir`` (created)."""
        if self.db_url:
            return self.db_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'meeple.db').resolve()}"
