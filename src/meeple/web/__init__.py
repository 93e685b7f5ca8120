"""Playing in the browser: the lobby, the table, hand-over screens, spectators and replays.

``create_app(settings)`` is the application ``meeple serve`` runs: the game server's JSON API
and WebSocket (:mod:`meeple.server`) plus the HTML pages built on its service. Pages are drawn
on the server (Jinja2, autoescaped) from each seat's view; htmx swaps them in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

    from meeple.server import Settings


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server application with the browser interface added.

    Args:
        settings: The server's settings (default: from the environment).

    Returns:
        The FastAPI app: ``/api/...`` from :func:`meeple.server.create_app`, pages elsewhere.
    """
    from meeple.server import create_app as server_app
    from meeple.web.app import add_routes

    return add_routes(server_app(settings))


__all__ = ["create_app"]
