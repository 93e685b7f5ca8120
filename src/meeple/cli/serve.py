"""``meeple serve``: the game server (the browser interface and the JSON API) on uvicorn."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import console, fail


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


_RATE_HELP = (
    "BURST/SECONDS: {} per client address at once, then one every SECONDS "
    "(0, or SECONDS 0: no limit)."
)


def _rate(text: str | None, what: str) -> object:
    """``"20/3"`` as a :class:`~meeple.server.settings.Rate`; ``"0"`` (or ``"N/0"``) is no
    limit, a rate whose seconds are 0; ``None`` stays ``None``.

    Raises:
        typer.Exit: (after a one-line message) for text that is neither.
    """
    if text is None:
        return None
    from meeple.server.settings import Rate

    if text.strip() == "0":
        return Rate(1, 0.0)
    burst, _, every = text.partition("/")
    try:
        rate = Rate(int(burst), float(every))
    except ValueError:
        raise fail(
            f"--rate-{what} is BURST/SECONDS (such as 20/3) or 0 (no limit), not {text!r}"
        ) from None
    if rate.burst < 1 or rate.every_s < 0:
        raise fail(f"--rate-{what}: a burst of at least 1 and seconds of at least 0")
    return rate


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL (postgresql+psycopg://user@host:port/db); default: $MEEPLE_DB, "
            "else a SQLite file in the data directory."
        ),
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option(help="Data directory of the SQLite default (default: $MEEPLE_DATA)."),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin whose pages may open the WebSocket (repeatable)."),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Processes computing bots' moves (default: one per CPU; 0: a thread)."),
    ] = None,
    advertise: Annotated[
        str | None,
        typer.Option(
            help="The URL other server processes on the same PostgreSQL reach this one at "
            "(default: http://HOST:PORT)."
        ),
    ] = None,
    leave_grace: Annotated[
        float | None,
        typer.Option(
            help="Seconds a seat's person may be away (no socket of the seat open) before a "
            "table whose clock names a takeover level gives the seat to its bot (default 60)."
        ),
    ] = None,
    rate_tables: Annotated[
        str | None, typer.Option(help=_RATE_HELP.format("New tables") + " Default 20/3.")
    ] = None,
    rate_links: Annotated[
        str | None, typer.Option(help=_RATE_HELP.format("Link checks") + " Default 30/2.")
    ] = None,
    rate_moves: Annotated[
        str | None,
        typer.Option(help=_RATE_HELP.format("Moves and undos over HTTP") + " Default 120/0.1."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Proxies trusted to name the client in X-Forwarded-For, comma separated "
            "(addresses, networks such as 10.0.0.0/8, or * for any peer); their requests "
            "count as the client's for the rate limits. Default: $MEEPLE_FORWARDED_ALLOW_IPS, "
            "else none (the client is the connection's peer, the header is ignored)."
        ),
    ] = None,
) -> None:
    """Serve tables people join by link, with bots in seats; every move is stored.

    Several processes may serve one PostgreSQL database (each table is served by one of them
    at a time, and requests reaching another are forwarded); a SQLite file is served by one.
    """
    try:
        import uvicorn

        from meeple.server import Settings
        from meeple.server.settings import split_list
    except ImportError as e:
        raise fail(f"the server needs its extra: pip install 'meeple[server]' ({e})") from None
    settings = Settings.from_env(
        db_url=db,
        data_dir=data,
        allowed_origins=origin or None,
        bot_workers=bot_workers,
        freeze_gc=True,
        switch_interval_s=0.0005,
        leave_grace_s=leave_grace,
        rate_tables=_rate(rate_tables, "tables"),
        rate_links=_rate(rate_links, "links"),
        rate_moves=_rate(rate_moves, "moves"),
        forwarded_allow_ips=None
        if forwarded_allow_ips is None
        else split_list(forwarded_allow_ips),
    )
    try:
        from meeple.web import create_app
    except ImportError:
        from meeple.server import create_app
    if port == 0:
        port = _free_port(host)
    if advertise is None:
        shown = socket.getfqdn() if host in ("0.0.0.0", "::", "") else host
        shown = f"[{shown}]" if ":" in shown else shown
        advertise = f"http://{shown}:{port}"
    settings.advertise = advertise.rstrip("/")
    if not settings.db_url or settings.db_url.startswith("sqlite"):
        from meeple.server.cluster import Refused, lock_data

        try:  # a clear refusal now; the server takes the lock for good once started
            held = lock_data(settings.database_url())
        except Refused as e:
            raise fail(str(e)) from None
        if held is not None:
            held.close()
    where = settings.db_url.split("@")[-1] if settings.db_url else settings.database_url()
    console().print(
        f"meeple serving on http://{host}:{port}/  (database: {where})", highlight=False
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=settings.max_body,
        # views are small and many: compressing each costs more CPU than it saves on loopback
        ws_per_message_deflate=False,
        log_level="warning",
        # X-Forwarded-For is believed only from the proxies named (HTTP and WebSocket alike);
        # none named: not at all (uvicorn's own default would trust 127.0.0.1)
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
    )
