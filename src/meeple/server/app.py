"""The JSON API and the WebSocket, on FastAPI (its OpenAPI schema is at ``/openapi.json``).

Every route under ``/api`` takes the table's link as ``Authorization: Bearer TOKEN`` (the
WebSocket, which a browser cannot give headers, as ``?token=``). Refusals are JSON
``{"code", "reason"}`` with a 4xx status: the engine's rule id for an illegal move.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import sys
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import orjson
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeple.core.registry import game_class, game_names, make
from meeple.server.cluster import ForwardedMark
from meeple.server.collector import Tenure
from meeple.server.limits import Limits, RateLimited
from meeple.server.service import (
    Access,
    ClockSpec,
    SeatSpec,
    ServerError,
    Service,
    TableSpec,
)
from meeple.server.settings import Settings


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Body):
    kind: Literal["person", "bot", "open"] = "person"
    level: Literal["easy", "medium", "hard"] | None = None
    name: str = Field("", max_length=40)
    holder: str | None = Field(None, max_length=40)


class ClockIn(_Body):
    bank_s: float = Field(gt=0, le=86_400)
    increment_s: float = Field(0.0, ge=0, le=3_600)
    takeover: Literal["easy", "medium", "hard"] | None = None


class TableIn(_Body):
    game: str = Field(max_length=64)
    players: StrictInt = Field(ge=1, le=16)
    seats: list[SeatIn] = Field(max_length=16)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict, max_length=16)
    clock: ClockIn | None = None


class MoveIn(_Body):
    # strict: a JSON true is not action id 1, nor 2.0 seat 2
    seat: StrictInt
    move: StrictStr | StrictInt = Field(description="the move's notation, or its action id")
    at: StrictInt = Field(description="the move number of the view the move was chosen in")
    id: str | None = Field(
        None, max_length=64, description="client move id: sent again, applied once"
    )

    @field_validator("move", mode="before")
    @classmethod
    def _notation_or_id(cls, value: Any) -> Any:
        if type(value) not in (str, int):
            raise ValueError("a move is its notation (text) or its action id")
        return value


class SeatRef(_Body):
    seat: StrictInt
    name: str | None = Field(None, max_length=40)


class UndoIn(_Body):
    seat: StrictInt
    at: StrictInt | None = Field(
        None, description="the move number of the view the undo was asked in: sent again, stale"
    )


#: The ``Authorization`` header: ``Bearer TOKEN``, the table's link.
Auth = Annotated[str | None, Header(description="Bearer TOKEN: the table's link")]
#: An opaque per-browser secret naming who created a table (stored hashed).
Owner = Annotated[str | None, Header(max_length=200)]


#: The ``code`` of a refusal by the framework itself, by HTTP status.
_HTTP_CODES = {404: "not-found", 405: "method-not-allowed", 413: "too-large"}


def _token(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


class BodyLimit:
    """Refuse a request body larger than ``limit`` bytes with 413, whatever its headers say.

    The body is read whole (at most ``limit`` bytes) before the application sees it: a body
    sent in chunks past the limit is refused as too large, not as one that failed to parse.
    """

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return body
            return await receive()  # after the body: a disconnect, when it comes

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"code": "too-large", "reason": f"a request body is at most {limit} bytes"})
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})


def _text(message: dict) -> str:
    """A socket message as compact JSON text. orjson: a view's encoding was a tenth of the
    server's time per move with the standard library's encoder (docs/server.md, Load)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def _origin_ok(websocket: WebSocket, allowed: list[str]) -> bool:
    """A browser's page may open the WebSocket only from this server's own host or an allowed
    origin; a client that sends no Origin is not a browser page and is let in."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


def warm_games() -> None:
    """Make every registered game once at each of its player counts, with its default
    options: the action spaces and content that every table of a game shares are built
    now (and frozen with the rest of the start-up, :attr:`Settings.freeze_gc`), not by the
    first table of each."""
    for name in game_names():
        info = game_class(name).info
        for players in range(info.min_players, info.max_players + 1):
            make(name, players=players)


def create_app(settings: Settings | None = None, service: Service | None = None) -> FastAPI:
    """The API application; its lifespan starts and stops the :class:`Service`.

    Args:
        settings: The server's settings (default: :meth:`Settings.from_env`).
        service: A service to use instead of a new one (it is started and stopped here).

    Returns:
        The app; ``app.state.service`` is the service and ``app.state.settings`` the settings.
    """
    settings = settings or Settings.from_env()
    svc = service or Service(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await svc.start()
        if settings.switch_interval_s is not None:
            sys.setswitchinterval(settings.switch_interval_s)
        tenure: Tenure | None = None
        if settings.freeze_gc:
            # what is alive now lives as long as the process: a full collection that scanned
            # it would stall every table for hundreds of milliseconds (docs/server.md, Load)
            warm_games()
            gc.freeze()
            tenure = Tenure(settings.gc_refresh_s).install()
        try:
            yield
        finally:
            if tenure is not None:
                tenure.remove()
            await svc.stop()

    app = FastAPI(
        title="meeple",
        summary="Tables people join by link, bots in seats, every move persisted.",
        lifespan=lifespan,
    )
    app.state.service = svc
    app.state.settings = settings
    app.state.limits = Limits(
        {
            "tables": settings.rate_tables,
            "links": settings.rate_links,
            "moves": settings.rate_moves,
        }
    )
    limits: Limits = app.state.limits
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(ForwardedMark, secret=lambda: svc.forward_key)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, e: ServerError) -> JSONResponse:
        body: dict[str, Any] = {"code": e.code, "reason": e.reason}
        if e.view is not None:
            body["view"] = e.view
        headers = {"Retry-After": str(e.retry_after)} if isinstance(e, RateLimited) else None
        return JSONResponse(body, status_code=e.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no such route or method, a body that does not parse) in
        # the same shape as the API's
        code = _HTTP_CODES.get(e.status_code, "bad-request" if e.status_code < 500 else "error")
        return JSONResponse(
            {"code": code, "reason": str(e.detail)}, status_code=e.status_code, headers=e.headers
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        reason = f"{where}: {first.get('msg', 'invalid request')}" if where else first.get("msg")
        return JSONResponse({"code": "bad-request", "reason": reason}, status_code=422)

    async def access(
        request: Request, table_id: str, authorization: str | None, counted: bool = False
    ) -> Access:
        """The link's access; a link that is not the table's costs the client one link check
        (guessing tokens through any route is limited), unless the route ``counted`` it."""
        try:
            return await svc.access(table_id, _token(authorization))
        except ServerError as e:
            if e.code == "forbidden" and not counted:
                limits.check(request, "links")  # past the limit: 429 instead of 403
            raise

    @app.get("/api/games", summary="The games a table may be created for, with their options")
    async def games() -> list[dict[str, Any]]:
        return svc.lobby()

    @app.post("/api/tables", status_code=201, summary="Create a table; its links are shown once")
    async def create(
        request: Request,
        body: TableIn,
        x_meeple_owner: Owner = None,
    ) -> dict[str, Any]:
        limits.check(request, "tables")
        spec = TableSpec(
            game=body.game,
            players=body.players,
            seats=[SeatSpec(**s.model_dump()) for s in body.seats],
            options=dict(body.options),
            owner=x_meeple_owner,
            clock=ClockSpec(**body.clock.model_dump()) if body.clock else None,
        )
        made = await svc.create_table(spec)
        return {"table_id": made.table_id, "tokens": made.tokens, "spectator": made.spectator}

    @app.get("/api/tables", summary="The tables created by this owner (X-Meeple-Owner)")
    async def mine(
        x_meeple_owner: Owner = None,
    ) -> list[dict[str, Any]]:
        if not x_meeple_owner:
            return []
        return await svc.tables_of(x_meeple_owner)

    @app.get("/api/tables/{table_id}/access", summary="The seats this link acts for")
    async def whoami(request: Request, table_id: str, authorization: Auth = None) -> dict[str, Any]:
        limits.check(request, "links")
        a = await access(request, table_id, authorization, counted=True)
        return {"table_id": a.table_id, "seats": list(a.seats), "spectator": a.spectator}

    @app.post("/api/tables/{table_id}/join", summary="Take a seat of this link (and name it)")
    async def join(
        request: Request, table_id: str, body: SeatRef, authorization: Auth = None
    ) -> dict[str, Any]:
        limits.check(request, "links")
        a = await access(request, table_id, authorization, counted=True)
        return await svc.join(a, body.seat, body.name)

    @app.get("/api/tables/{table_id}/view", summary="A seat's view (no seat: the spectator's)")
    async def view(
        request: Request,
        table_id: str,
        authorization: Auth = None,
        seat: Annotated[int | None, Query()] = None,
        since: Annotated[int, Query(ge=0)] = 0,
    ) -> dict[str, Any]:
        return await svc.view(await access(request, table_id, authorization), seat, since)

    @app.post("/api/tables/{table_id}/moves", summary="Make a move for a seat")
    async def move(
        request: Request,
        table_id: str,
        body: MoveIn,
        authorization: Auth = None,
        since: Annotated[int, Query(ge=0, description="the answer's log: entries after it")] = 0,
    ) -> dict[str, Any]:
        limits.check(request, "moves")
        a = await access(request, table_id, authorization)
        return await svc.move(a, body.seat, body.move, body.at, body.id, since)

    @app.post("/api/tables/{table_id}/undo", summary="Take back the seat's last move")
    async def undo(
        request: Request,
        table_id: str,
        body: UndoIn,
        authorization: Auth = None,
        since: Annotated[int, Query(ge=0, description="the answer's log: entries after it")] = 0,
    ) -> dict[str, Any]:
        limits.check(request, "moves")
        a = await access(request, table_id, authorization)
        return await svc.undo(a, body.seat, since, at=body.at)

    @app.post("/api/tables/{table_id}/leave", summary="Leave the seat to the table's bot")
    async def leave(
        request: Request, table_id: str, body: SeatRef, authorization: Auth = None
    ) -> dict[str, Any]:
        return await svc.leave(await access(request, table_id, authorization), body.seat)

    @app.get("/api/tables/{table_id}/record", summary="A finished game's GameRecord JSON")
    async def record(request: Request, table_id: str, authorization: Auth = None) -> Response:
        text = await svc.export(await access(request, table_id, authorization))
        return Response(text, media_type="application/json")

    @app.get("/api/tables/{table_id}/replay", summary="A finished game's view after a step")
    async def replay(
        request: Request,
        table_id: str,
        step: Annotated[int, Query(ge=0)],
        authorization: Auth = None,
        seat: Annotated[int | None, Query()] = None,
    ) -> dict[str, Any]:
        return await svc.replay_view(await access(request, table_id, authorization), seat, step)

    @app.websocket("/api/tables/{table_id}/ws")
    async def live(
        websocket: WebSocket,
        table_id: str,
        token: str = "",
        seat: int | None = None,
        since: int = 0,
    ) -> None:
        if not _origin_ok(websocket, settings.allowed_origins):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        try:
            try:
                a = await svc.access(table_id, token)
            except ServerError as e:
                if e.code == "forbidden":  # a guessed token costs a link check
                    limits.check(websocket, "links")
                raise
            first = await svc.view(a, seat, since)
        except ServerError as e:
            await websocket.close(code=1008, reason=e.reason[:120])
            return
        await websocket.accept()
        await _serve_socket(websocket, svc, a, seat, first, settings.max_body)

    return app


#: Messages a socket may send per second, on average and in one burst; a client past them
#: is disconnected (a person or a bot sends a few a second; a load client waits for replies).
SOCKET_RATE = 100.0
SOCKET_BURST = 200


class _Bucket:
    """A token bucket: ``take()`` is true while the rate and burst are kept."""

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def _serve_socket(
    websocket: WebSocket,
    svc: Service,
    a: Access,
    seat: int | None,
    first: dict,
    limit: int,
) -> None:
    """Push the viewer's snapshot after every change; take moves and undos from the client.

    Each snapshot's log holds the entries after the last move number this socket has sent (the
    first one: after the client's ``since``), so a client keeps the log it has and extends it.
    A change already shown by a reply is not pushed again.
    """
    send_lock = asyncio.Lock()
    sent = {"version": first["version"], "number": first["move_number"]}

    async def send(message: dict) -> None:
        async with send_lock:
            view = message.get("view")
            if view is not None:
                sent["version"] = max(sent["version"], view["version"])
                sent["number"] = view["move_number"]
            await websocket.send_text(_text(message))

    async with svc.subscribe(a.table_id, () if seat is None else (seat,)) as sub:
        await send({"type": "view", "view": first})

        async def pushes() -> None:
            while True:
                version = await sub.changed()
                if version <= sent["version"]:
                    continue
                async with send_lock:
                    view = await svc.view(a, seat, sent["number"])
                    sent["version"] = max(sent["version"], view["version"])
                    sent["number"] = view["move_number"]
                    await websocket.send_text(_text({"type": "view", "view": view}))

        pusher = asyncio.create_task(pushes())
        bucket = _Bucket(SOCKET_RATE, SOCKET_BURST)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    # a flood is refused on the socket, unread; the client may reconnect
                    await websocket.close(
                        code=1008,
                        reason=f"too many messages: at most {SOCKET_BURST} at once, "
                        f"{SOCKET_RATE:g} a second",
                    )
                    break
                text = message.get("text")
                if text is None:  # a binary frame
                    text = "" if message.get("bytes") is None else "\u0000binary"
                await send(await _answer(svc, a, seat, text, limit, sent["number"]))
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pusher


async def _answer(
    svc: Service, a: Access, seat: int | None, text: str, limit: int, since: int
) -> dict:
    """The reply to one client message (a move, an undo or a request for the view)."""
    if len(text.encode()) > limit:
        return {
            "type": "error",
            "code": "too-large",
            "reason": f"a message is at most {limit} bytes",
        }
    try:
        # orjson: nesting deeper than 1024 is a decoding error, not a RecursionError
        message = orjson.loads(text)
    except ValueError as e:
        return {
            "type": "error",
            "code": "bad-request",
            "reason": f"a message is a JSON object: {e}",
        }
    if not isinstance(message, dict):
        return {"type": "error", "code": "bad-request", "reason": "a message is a JSON object"}
    kind = message.get("type")
    try:
        if kind == "move":
            if seat is None:
                raise ServerError(403, "forbidden", "a spectator makes no moves")
            at = message.get("at")
            if type(at) is not int:
                raise ServerError(422, "bad-request", "a move says the move number it was made at")
            view = await svc.move(a, seat, message.get("move"), at, message.get("id"), since)
            return {"type": "view", "view": view}
        if kind == "undo":
            if seat is None:
                raise ServerError(403, "forbidden", "a spectator takes nothing back")
            at = message.get("at")
            if at is not None and type(at) is not int:
                raise ServerError(422, "bad-request", "an undo's move number is a whole number")
            # the log is sent whole again: entries were taken back
            return {"type": "view", "view": await svc.undo(a, seat, 0, at)}
        if kind == "view":
            asked = message.get("since", 0)
            since = asked if type(asked) is int else 0
            return {"type": "view", "view": await svc.view(a, seat, since)}
        raise ServerError(422, "bad-request", "a message's type is move, undo or view")
    except ServerError as e:
        if e.code == "stale":
            return {"type": "stale", "reason": e.reason, "view": e.view}
        return {"type": "error", "code": e.code, "reason": e.reason}
