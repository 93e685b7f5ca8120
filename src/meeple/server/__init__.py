"""The game server: tables people join by link, bots in seats, every move persisted.

``create_app(settings)`` is the FastAPI application (JSON API and WebSocket); the
:class:`~meeple.server.service.Service` under it holds the games. See ``docs/server.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.server.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from meeple.server.service import Service


def create_app(settings: Settings | None = None, service: Service | None = None) -> FastAPI:
    """The API application: see :func:`meeple.server.app.create_app`."""
    from meeple.server.app import create_app as build

    return build(settings, service)


__all__ = ["Settings", "create_app"]
