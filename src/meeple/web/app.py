"""The HTML routes of the browser interface, on top of the game server's service.

A browser keeps what it holds in cookies: an opaque owner secret (the tables it opened are
listed for it) and, per table, the token of the seats it plays, plus the invite and
spectator links of a table it opened. Links carry a token once (``/join/...``, ``/watch/...``)
and redirect to the table, so tokens do not stay in addresses. Moves are posted as forms and
answered with the table's frame; a WebSocket (``/t/{id}/live``) says only that the table
changed, and the page fetches its frame again.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.core.errors import MeepleError
from meeple.core.game import seat_word
from meeple.core.registry import game_class
from meeple.server.limits import RateLimited, limits_of
from meeple.server.service import (
    MAX_NAME,
    Access,
    ClockSpec,
    SeatSpec,
    ServerError,
    Service,
    TableSpec,
)
from meeple.web import pages

#: The cookie naming this browser to the server as the owner of the tables it opens.
OWNER_COOKIE = "meeple_owner"
#: Cookies live a year; they hold only this browser's own links.
COOKIE_AGE = 365 * 24 * 3600
#: Longest form the lobby or a move sends, in bytes.
MAX_FORM = 16 * 1024

router = APIRouter()

#: What a browser is told when no page is at an address, or not for that method.
PAGE_REFUSALS = {
    404: "there is no page at this address (was the link cut short? open the whole link again)",
    405: "this page cannot be opened that way",
}


class FormError(ServerError):
    """422 ``config``: a lobby form refused because of one field.

    Attributes:
        field: The form key of the field (``players``, ``opt-GAME-OPTION``, ``seat-N``,
            ``clock-minutes``), next to which the reason is shown.
    """

    def __init__(self, field: str, reason: str):
        super().__init__(422, "config", reason)
        self.field = field


class NoLink(ServerError):
    """403 ``forbidden``: this browser holds no link to the table; ``hint`` says what to do."""

    hint = (
        "Open your invite link again (the whole link, as it was sent to you), or ask the "
        "table's host for one; the spectator link lets anyone watch."
    )

    def __init__(self) -> None:
        super().__init__(403, "forbidden", "this browser holds no link to that table")


def _service(request: Request | WebSocket) -> Service:
    return request.app.state.service


def _cookie_name(table_id: str) -> str:
    return "t_" + "".join(c for c in table_id if c.isalnum())


def held_links(cookies: dict[str, str], table_id: str) -> dict[str, Any]:
    """What this browser holds for ``table_id``: ``{"play": token|None, "invites": {seat:
    token}, "watch": token|None}`` (all empty when the cookie is missing or unreadable)."""
    raw = cookies.get(_cookie_name(table_id), "")
    try:
        data = json.loads(base64.urlsafe_b64decode(raw.encode() + b"==="))
    except (ValueError, UnicodeDecodeError, RecursionError):  # a cookie tampered with
        data = {}
    if not isinstance(data, dict):
        data = {}
    invites = data.get("invites") if isinstance(data.get("invites"), dict) else {}
    return {
        "play": data.get("play") if isinstance(data.get("play"), str) else None,
        "invites": {
            int(k): v for k, v in invites.items() if str(k).isdigit() and isinstance(v, str)
        },
        "watch": data.get("watch") if isinstance(data.get("watch"), str) else None,
    }


def _keep_links(response: Response, table_id: str, links: dict[str, Any]) -> None:
    value = base64.urlsafe_b64encode(json.dumps(links, separators=(",", ":")).encode()).decode()
    response.set_cookie(
        _cookie_name(table_id),
        value.rstrip("="),
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="lax",
        path="/",
    )


async def _form(request: Request) -> dict[str, str]:
    body = await request.body()
    if len(body) > MAX_FORM:
        raise ServerError(413, "too-large", f"a form is at most {MAX_FORM} bytes")
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {k: v[-1] for k, v in fields.items()}


async def _access(request: Request | WebSocket, table_id: str) -> tuple[Access, dict[str, Any]]:
    """The link this browser uses at ``table_id``: its seats' token, else the spectator link."""
    links = held_links(request.cookies, table_id)
    token = links["play"] or links["watch"]
    if token is None:
        raise NoLink()
    return await _service(request).access(table_id, token), links


def _reveal(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


async def frame_html(
    request: Request, table_id: str, reveal: int | None, error: str = ""
) -> tuple[str, dict]:
    """The table's frame for this browser, and the view it was drawn from.

    A browser holding several seats (hotseat) sees a hand-over screen before each seat's
    view; while none of its seats acts, it sees the spectator's view.
    """
    svc = _service(request)
    access, links = await _access(request, table_id)
    public = await svc.view(access, None)
    mode, seat = pages.choose_viewer(public, access.seats, reveal)
    base = str(request.base_url).rstrip("/")
    frame = pages.Frame(
        table_id=table_id,
        held=access.seats,
        reveal=seat if mode == "seat" and len(access.seats) > 1 else None,
        handover=seat if mode == "handover" else None,
        invites={s: f"{base}/join/{table_id}/{t}" for s, t in sorted(links["invites"].items())},
        watch=f"{base}/watch/{table_id}/{links['watch']}" if links["watch"] else "",
        error=error,
    )
    if mode == "handover":
        return pages.render_handover(public, frame), public
    view = await svc.view(access, seat) if mode == "seat" else public
    return pages.render_view(view, frame), view


def _page(
    title: str, table_id: str, inner: str, move_number: int, live: bool = True
) -> HTMLResponse:
    """A table's page around its frame; ``live``: it listens for the table's changes (a
    replay does not: a finished game does not change)."""
    html = (
        pages.environment()
        .get_template("table.html")
        .render(
            title=title,
            table_id=table_id,
            inner=pages.Markup(inner),
            move_number=move_number,
            live=live,
        )
    )
    return HTMLResponse(html)


def _retry_after(error: ServerError | None) -> dict[str, str] | None:
    """The ``Retry-After`` header of a refusal for a client past its rate limit."""
    return {"Retry-After": str(error.retry_after)} if isinstance(error, RateLimited) else None


def _error_page(error: ServerError, request: Request | None = None) -> HTMLResponse:
    """The page of a refusal, with its status; to an htmx request (``HX-Request``), only its
    message, which htmx swaps in where the answer was to go (``meeple.js``)."""
    fragment = request is not None and request.headers.get("hx-request") == "true"
    html = (
        pages.environment()
        .get_template("error.html")
        .render(error=error, fragment=fragment, hint=getattr(error, "hint", ""))
    )
    return HTMLResponse(html, status_code=error.status, headers=_retry_after(error))


def _old_rules_page(error: ServerError, table_id: str) -> HTMLResponse:
    """The page of a game played under other rules than the installed ones that cannot be
    replayed here: one not over (only its rules can continue it), or one that ended before
    replays were kept (its record is exported)."""
    html = (
        pages.environment()
        .get_template("old_rules.html")
        .render(error=error, table_id=table_id, export=error.code == "no-replay")
    )
    return HTMLResponse(html, status_code=error.status)


def _option_fields(
    options: dict[str, Any],
    choices: dict[str, tuple[Any, ...]] | None = None,
    seat_options: dict[str, tuple[Any, str, str]] | None = None,
    max_players: int = 0,
    option_players: dict[str, tuple[int, int]] | None = None,
    option_ranges: dict[str, tuple[int, int, str]] | None = None,
) -> list[dict[str, Any]]:
    """Lobby inputs for a game's options.

    Each is ``{"name", "kind", "default", "choices", "help", "seats"}``. An option is either
    its default value or a spec ``{"default", "choices", "help"}``; ``choices`` (the game's
    :attr:`~meeple.core.game.Game.option_choices`) adds the values of the options that have
    few, drawn as a list. An option of ``seat_options`` (the game's
    :attr:`~meeple.core.game.Game.seat_options`) is of kind ``"seat"``: its ``seats`` are
    ``(value, words, seat)`` for each seat up to ``max_players`` (``seat`` its index, which the
    page hides past the chosen player count) and its other value (``seat`` ``None``), and
    what it means as its help. An
    option of ``option_players`` has ``players`` ``(fewest, most)``, the counts it is offered
    at (else ``None``). A whole-number option of ``option_ranges`` (the game's
    :attr:`~meeple.core.game.Game.option_ranges`) has ``range`` ``(low, high, source)``.
    Options without a default a person could type (a content directory) are not offered.
    """
    fields = []
    for name, spec in options.items():
        info = spec if isinstance(spec, dict) else {"default": spec}
        if choices and name in choices and not info.get("choices"):
            info = {**info, "choices": choices[name]}
        default = info.get("default")
        seats: list[tuple[Any, str, int | None]] = []
        if seat_options and name in seat_options:
            other, words, meaning = seat_options[name]
            seats = [(n, seat_word(n), n) for n in range(max_players)] + [(other, words, None)]
            info = {**info, "help": info.get("help") or meaning}
        if default is None and not info.get("choices") and not seats:
            continue
        kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "str"
        fields.append(
            {
                "name": name,
                "kind": "seat" if seats else kind,
                "default": default,
                "choices": list(info.get("choices") or ()),
                "help": info.get("help", ""),
                "seats": seats,
                "players": (option_players or {}).get(name),
                "range": (option_ranges or {}).get(name) if kind == "int" else None,
            }
        )
    return fields


def _option_value(raw: str, field: dict[str, Any], players: int, key: str = "") -> Any:
    """The value of a lobby field as typed or picked, for a table of ``players``.

    Raises:
        FormError: (for the form key ``key``) for a whole-number option that is not one, or a
            value outside the option's choices (named by its label as the form shows it,
            escaped when shown); for a seat option, a value that is neither a seat of
            ``players`` nor its other value.
    """
    words_of = pages.label(field["name"])
    if field["kind"] == "bool":
        return raw == "true"
    if field["kind"] == "seat":
        allowed_seats = [v for v, _, seat in field["seats"] if seat is None or seat < players]
        if raw not in [str(v) for v in allowed_seats]:
            words = ", ".join(w for _, w, seat in field["seats"] if seat is None or seat < players)
            raise FormError(
                key, f"{words_of} is one of {words} with {players} players, not {raw[:80]!r}"
            )
        return int(raw)
    if field["kind"] == "int":
        try:
            value: Any = int(raw)
        except ValueError:
            raise FormError(key, f"{words_of} is a whole number, not {raw[:80]!r}") from None
    else:
        value = raw
    if field["choices"] and value not in field["choices"]:
        allowed = ", ".join(str(c) for c in field["choices"])
        raise FormError(key, f"{words_of} is one of {allowed}, not {raw[:80]!r}")
    bounds = field.get("range")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        low, high, source = bounds
        raise FormError(
            key, f"{words_of} is a whole number from {low:,} to {high:,} ({source}), not {value}"
        )
    return value


def _game_fields(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """:func:`_option_fields` of a lobby entry, with its game's choices and seat options."""
    cls = game_class(entry["name"])
    return _option_fields(
        entry["options"],
        cls.option_choices,
        cls.seat_options,
        entry["max_players"],
        cls.option_players,
        cls.option_ranges,
    )


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, error: str = "") -> HTMLResponse:
    return await _lobby(request, error, 422 if error else 200)


async def _lobby(
    request: Request,
    error: str,
    status: int,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
    field: str = "",
) -> HTMLResponse:
    """The lobby, with ``error`` shown above the form (and next to the field of form key
    ``field``), answered with ``status``; ``form``: the refused form, whose choices (game,
    player count, options, seats, names, clock) the page shows again."""
    svc = _service(request)
    form = form or {}
    lobby = svc.lobby()
    names = [entry["name"] for entry in lobby]
    chosen = form.get("game") if form.get("game") in names else (names[0] if names else "")
    games = []
    for entry in lobby:
        fields = _game_fields(entry)
        if form and entry["name"] == chosen:
            fields = [_field_as_sent(f, f"opt-{chosen}-{f['name']}", form) for f in fields]
        games.append({**entry, "fields": fields})
    owner = request.cookies.get(OWNER_COOKIE)
    tables = await svc.tables_of(owner) if owner else []
    levels = games[0]["levels"] if games else []
    max_players = max((g["max_players"] for g in games), default=1)
    players = _shown(form.get("players", "2"), 8) if form else "2"
    seat_choices = [form.get(f"seat-{i}", "") if form else "" for i in range(max_players)]
    html = (
        pages.environment()
        .get_template("home.html")
        .render(
            games=games,
            chosen=chosen,
            players=players,
            max_players=max_players,
            levels=levels,
            tables=tables,
            error=error,
            field=field,
            seat_choices=seat_choices,
            seat_names=[_shown(form.get(f"name-{i}", ""), MAX_NAME) for i in range(max_players)],
            clock={k: _shown(form.get(f"clock-{k}", ""), 8) for k in ("minutes", "increment")},
            takeover=form.get("clock-takeover", ""),
        )
    )
    response = HTMLResponse(html, status_code=status, headers=headers)
    if not owner:
        response.set_cookie(
            OWNER_COOKIE,
            secrets.token_urlsafe(24),
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="lax",
        )
    return response


def _shown(text: str, limit: int) -> str:
    """Text a person sent, to show back in a form field: at most ``limit`` characters, its
    control and format characters (a right-to-left override...) left out; the page escapes it."""
    return "".join(ch for ch in text[:limit] if not unicodedata.category(ch).startswith("C"))


def _field_as_sent(field: dict[str, Any], key: str, form: dict[str, str]) -> dict[str, Any]:
    """A lobby field whose shown value is what ``form`` sent for it (a box not ticked: off)."""
    if field["kind"] == "bool":
        return {**field, "default": key in form}
    if key not in form:
        return field
    sent = _shown(form[key], 200)
    # shown as typed: a number box could not show a value that is not a whole number
    return {**field, "default": sent, "sent": not sent.strip().lstrip("-").isdigit()}


def _field_of(reason: str, fields: list[dict[str, Any]], game: str) -> str:
    """The form key of the option a game's refusal names (``... option NAME ...``), else ``""``."""
    for f in fields:
        if f"option {f['name']} " in reason:
            return f"opt-{game}-{f['name']}"
    return ""


_SEAT_REFUSAL = re.compile(r"^seat (\d+)('s name|:)")


def _service_field(reason: str) -> tuple[str, str]:
    """The form key of the field a service's refusal of a new table is about, and the
    refusal in the form's words (its seats are "Player N" from 1); ``""`` for none."""
    seat = _SEAT_REFUSAL.match(reason)
    if seat:
        n = int(seat.group(1))
        key = f"name-{n}" if seat.group(2) == "'s name" else f"seat-{n}"
        return key, f"{seat_word(n)}{reason[seat.end(1) :]}"
    if reason.startswith("a clock"):
        return "clock-minutes", reason
    if reason.startswith("no level"):
        return "clock-takeover", reason
    return "", reason


def table_spec(form: dict[str, str], lobby: list[dict[str, Any]], owner: str | None) -> TableSpec:
    """The table the lobby form asks for.

    Seats: ``me`` and ``hotseat`` seats are played at this browser (one link for all of
    them), ``friend`` seats get an invite link each, ``bot-LEVEL`` seats a bot.

    Raises:
        ServerError: 422 naming the field that is wrong.
    """
    games = {g["name"]: g for g in lobby}
    name = form.get("game", "")
    if name not in games:
        raise FormError("game", "choose a game")
    entry = games[name]
    takes = f"{entry['title']} takes {entry['min_players']}-{entry['max_players']} players"
    try:
        players = int(form.get("players", ""))
    except ValueError:
        raise FormError("players", f"Players is a whole number: {takes}") from None
    if not entry["min_players"] <= players <= entry["max_players"]:
        raise FormError("players", f"{takes}, not {players}")
    options = {}
    for field in _game_fields(entry):
        key = f"opt-{name}-{field['name']}"
        if field["players"] and not field["players"][0] <= players <= field["players"][1]:
            continue  # not this player count's option: the page does not send it
        if field["kind"] == "bool":
            options[field["name"]] = key in form
        elif key in form and form[key] != "":
            options[field["name"]] = _option_value(form[key], field, players, key)
    seats = []
    for n in range(players):
        choice = form.get(f"seat-{n}", "me")
        seat_name = form.get(f"name-{n}", "").strip()
        if choice in ("me", "hotseat"):
            seats.append(SeatSpec(kind="person", name=seat_name, holder="here"))
        elif choice == "friend":
            seats.append(SeatSpec(kind="person", name=seat_name))
        elif choice.startswith("bot-"):
            seats.append(SeatSpec(kind="bot", level=choice[4:], name=seat_name))
        else:
            raise FormError(f"seat-{n}", f"Player {n + 1}: choose who plays it")
    clock = None
    minutes = form.get("clock-minutes", "0") or "0"
    increment = form.get("clock-increment", "0") or "0"
    if not (minutes.isdigit() and increment.isdigit()):
        raise FormError("clock-minutes", "a clock is whole minutes and whole seconds")
    if int(minutes) > 0:
        clock = ClockSpec(
            bank_s=60.0 * int(minutes),
            increment_s=float(increment),
            takeover=form.get("clock-takeover") or None,
        )
    return TableSpec(
        game=name, players=players, seats=seats, options=options, owner=owner, clock=clock
    )


@router.post("/tables")
async def open_table(request: Request) -> Response:
    svc = _service(request)
    owner = request.cookies.get(OWNER_COOKIE) or secrets.token_urlsafe(24)
    form: dict[str, str] = {}
    try:
        limits_of(request).check(request, "tables")
        form = await _form(request)
        spec = table_spec(form, svc.lobby(), owner)
        created = await svc.create_table(spec)
    except ServerError as e:
        sent = form
        where = getattr(e, "field", "")
        reason = e.reason
        entry = next((g for g in svc.lobby() if g["name"] == sent.get("game")), None)
        if not where:
            where, reason = _service_field(reason)
        if not where and entry is not None:
            fields = _game_fields(entry)
            where = _field_of(reason, fields, entry["name"])
            if where:  # the game's own words for it: its label as the form shows it
                name = where.split("-", 2)[2]
                reason = reason.replace(f"{entry['name']} option {name}", pages.label(name))
                reason = reason.replace(f"option {name}", pages.label(name))
        return await _lobby(request, reason, e.status, _retry_after(e), sent, where)
    here = [n for n, s in enumerate(spec.seats) if s.holder == "here"]
    links: dict[str, Any] = {"play": None, "invites": {}, "watch": created.spectator}
    for entry in created.tokens:
        if entry["seats"] and entry["seats"][0] in here:
            links["play"] = entry["token"]
            access = await svc.access(created.table_id, entry["token"])
            for seat in entry["seats"]:
                await svc.join(access, seat)
        else:
            for seat in entry["seats"]:
                links["invites"][str(seat)] = entry["token"]
    response = RedirectResponse(f"/t/{created.table_id}", status_code=303)
    _keep_links(response, created.table_id, links)
    response.set_cookie(OWNER_COOKIE, owner, max_age=COOKIE_AGE, httponly=True, samesite="lax")
    return response


@router.get("/join/{table_id}/{token}")
async def join(request: Request, table_id: str, token: str) -> Response:
    svc = _service(request)
    try:
        limits_of(request).check(request, "links")
        access = await svc.access(table_id, token)
        for seat in access.seats:
            await svc.join(access, seat)
    except ServerError as e:
        return _error_page(e, request)
    links = held_links(request.cookies, table_id)
    links["play"] = token
    links["invites"] = {str(k): v for k, v in links["invites"].items()}
    response = RedirectResponse(f"/t/{table_id}", status_code=303)
    _keep_links(response, table_id, links)
    return response


@router.get("/watch/{table_id}/{token}")
async def watch(request: Request, table_id: str, token: str) -> Response:
    try:
        limits_of(request).check(request, "links")
        access = await _service(request).access(table_id, token)
    except ServerError as e:
        return _error_page(e, request)
    links = held_links(request.cookies, table_id)
    links["invites"] = {str(k): v for k, v in links["invites"].items()}
    links["watch"] = token
    if not access.spectator:
        links["play"] = token
    response = RedirectResponse(f"/t/{table_id}", status_code=303)
    _keep_links(response, table_id, links)
    return response


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table(request: Request, table_id: str) -> HTMLResponse:
    try:
        inner, view = await frame_html(request, table_id, None)
    except ServerError as e:
        if e.code == "old-rules":  # not playable under these rules: its replay, if it has one
            return RedirectResponse(f"/t/{table_id}/replay", status_code=303)
        return _error_page(e, request)
    return _page(view["title"], table_id, inner, view["move_number"])


@router.get("/t/{table_id}/frame", response_class=HTMLResponse)
async def frame(request: Request, table_id: str, reveal: str | None = None) -> HTMLResponse:
    try:
        inner, _ = await frame_html(request, table_id, _reveal(reveal))
    except ServerError as e:
        return _error_page(e, request)
    return HTMLResponse(inner)


@router.post("/t/{table_id}/move", response_class=HTMLResponse)
async def move(request: Request, table_id: str) -> HTMLResponse:
    """Make the posted move; the frame after it, or with the refusal above it and the
    refusal's status (the same as the JSON API's: 409 stale, 422 an illegal move, 429...)."""

    async def act(access: Access, form: dict[str, str]) -> None:
        seat = int(form.get("seat", ""))
        at = int(form.get("at", ""))
        await _service(request).move(access, seat, form.get("move", ""), at)

    return await _act_on_form(request, table_id, "move", act)


@router.post("/t/{table_id}/undo", response_class=HTMLResponse)
async def undo(request: Request, table_id: str) -> HTMLResponse:
    """Take back the seat's last move; the frame after it, or with the refusal above it and
    the refusal's status (as :func:`move`; a second click is stale: the first one took the
    move back)."""

    async def act(access: Access, form: dict[str, str]) -> None:
        at = int(form["at"]) if form.get("at") else None
        await _service(request).undo(access, int(form.get("seat", "")), at=at)

    return await _act_on_form(request, table_id, "undo", act)


async def _act_on_form(
    request: Request,
    table_id: str,
    what: str,
    act: Callable[[Access, dict[str, str]], Awaitable[None]],
) -> HTMLResponse:
    """Do ``act`` with the posted form of a seat's ``what`` (``move`` or ``undo``), counted as a
    move by the rate limits; the frame after it, with any refusal above it and its status (422
    for a form that is not one, a 403 or 404 as the error page)."""
    error = ""
    status = 200
    refusal: ServerError | None = None
    form: dict[str, str] = {}
    try:
        limits_of(request).check(request, "moves")
        form = await _form(request)
        access, _ = await _access(request, table_id)
        await act(access, form)
    except ValueError:
        error, status = f"That request was not {'an' if what == 'undo' else 'a'} {what}.", 422
    except ServerError as e:
        if e.status in (403, 404):
            return _error_page(e, request)
        refusal, status = e, e.status
        if e.code == "stale":
            error = f"The table moved on before your {what} arrived; here it is now."
        else:
            error = f"{e.reason} ({e.code})"
    inner, _ = await frame_html(request, table_id, _reveal(form.get("reveal")), error)
    return HTMLResponse(inner, status_code=status, headers=_retry_after(refusal))


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay(
    request: Request,
    table_id: str,
    viewer: str = "spectator",
    step: int | None = None,
    partial: int = 0,
) -> HTMLResponse:
    svc = _service(request)
    try:
        access, _ = await _access(request, table_id)
        seat = None if viewer == "spectator" else _reveal(viewer)
        if viewer != "spectator" and seat is None:
            raise ServerError(422, "bad-request", "the viewer is a seat number or spectator")
        if step is None:
            step = (await svc.replay_view(access, seat, 0))["steps"]
        view = await svc.replay_view(access, seat, step)
    except ServerError as e:
        if e.code in ("old-rules", "no-replay"):
            return _old_rules_page(e, table_id)
        return _error_page(e, request)
    frame = pages.Frame(table_id=table_id)
    try:
        inner = pages.render_view(view, frame, replay={"step": step, "steps": view["steps"]})
    except MeepleError:  # a game no longer installed: nothing here can draw it
        reason = f"{view['title']} is not installed here, so its replay cannot be drawn"
        return _old_rules_page(ServerError(409, "no-replay", reason), table_id)
    if partial:
        # the address follows the step shown, whichever control asked for it, so a reload or
        # a shared link shows the same step and view
        shown = f"/t/{table_id}/replay?viewer={'spectator' if seat is None else seat}&step={step}"
        return HTMLResponse(inner, headers={"HX-Push-Url": shown})
    return _page(view["title"], table_id, inner, view["move_number"], live=False)


@router.get("/t/{table_id}/record.json")
async def record(request: Request, table_id: str) -> Response:
    try:
        access, _ = await _access(request, table_id)
        text = await _service(request).export(access)
    except ServerError as e:
        return _error_page(e, request)
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{table_id}.json"'},
    )


@router.get("/rulings/{name}", response_class=HTMLResponse)
async def rulings(request: Request, name: str) -> HTMLResponse:
    names = {g["name"]: g for g in _service(request).lobby()}
    body = pages.rulings_html(name) if name in names else None
    if body is None:
        return _error_page(ServerError(404, "not-found", "no rulings page for that game"))
    html = (
        pages.environment()
        .get_template("rulings.html")
        .render(title=names[name]["title"], body=body)
    )
    return HTMLResponse(html)


def _origin_ok(websocket: WebSocket, allowed: list[str]) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None or origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host", "")


@router.websocket("/t/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    """Tell the page each time the table changes (the move number only; no view is sent)."""
    svc = _service(websocket)
    if not _origin_ok(websocket, websocket.app.state.settings.allowed_origins):
        await websocket.close(code=1008)
        return
    try:
        access, _ = await _access(websocket, table_id)
        number = (await svc.view(access, None))["move_number"]
    except ServerError:
        await websocket.close(code=1008)
        return
    await websocket.accept()

    async def pulse(number: int, seq: int) -> None:
        await websocket.send_text(
            f'<div id="pulse" data-move="{int(number)}" data-seq="{seq}" hidden></div>'
        )

    async def drain() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await websocket.receive_text()  # the page sends nothing that matters

    reader = asyncio.ensure_future(drain())
    try:
        # the seats of this link are present while the page is open (a clocked table's bot
        # takes over a seat whose person has left)
        async with svc.subscribe(table_id, seats=access.seats) as sub:
            await pulse(number, 0)
            seq = 0
            while not reader.done():
                changed = asyncio.ensure_future(sub.changed())
                done, _ = await asyncio.wait({changed, reader}, return_when=asyncio.FIRST_COMPLETED)
                if changed not in done:
                    changed.cancel()
                    break
                seq += 1
                await pulse((await svc.view(access, None))["move_number"], seq)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()


def add_routes(app: FastAPI) -> FastAPI:
    """Add the HTML pages and their static files to the server's application ``app``."""
    from importlib.resources import files

    app.include_router(router)
    json_refusal = app.exception_handlers[StarletteHTTPException]

    async def page_refusal(request: Request, e: Exception) -> Response:
        """Starlette's own refusals (no such route or method): JSON under ``/api``, the error
        page elsewhere (a browser opening a link cut short, such as ``/watch/<table>``)."""
        assert isinstance(e, StarletteHTTPException)
        path = request.url.path
        if path == "/api" or path.startswith("/api/"):
            return await json_refusal(request, e)
        reason = PAGE_REFUSALS.get(e.status_code, str(e.detail))
        code = {404: "not-found", 405: "method-not-allowed"}.get(e.status_code, "bad-request")
        return _error_page(ServerError(e.status_code, code, reason), request)

    app.add_exception_handler(StarletteHTTPException, page_refusal)
    app.mount("/static", StaticFiles(directory=str(files("meeple.web") / "static")), name="static")
    return app
