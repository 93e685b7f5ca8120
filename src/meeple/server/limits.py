"""Per-client rate limits on the HTTP routes that cost or guess: a token bucket per client.

A client is its address: the peer's (the address the connection comes from), or, when the
peer is a proxy ``meeple serve --forwarded-allow-ips`` trusts, the client the proxy names in
``X-Forwarded-For`` (uvicorn's proxy headers). Three kinds of request are limited, each with
its own bucket per client (:class:`~meeple.server.settings.Settings` ``rate_tables``,
``rate_links``, ``rate_moves``): creating a table (API and lobby form), checking a link (the
API's ``access`` and ``join``, the browser's ``/join`` and ``/watch`` links, and any other API
request or WebSocket whose link is not the table's) and moves or undos over HTTP (API and
browser forms). A request another server process of the database forwarded, with a valid
signed mark (:class:`~meeple.server.cluster.ForwardedMark`), was counted where it arrived and
is not counted again; a mark that is not valid is ignored and the request counted.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from fastapi import Request, WebSocket

from meeple.server import cluster
from meeple.server.service import ServerError
from meeple.server.settings import Rate

#: Buckets kept before the full ones are dropped (a full bucket is the same as none).
MAX_CLIENTS = 10_000


class RateLimited(ServerError):
    """429 ``rate-limited``: a client past its limit.

    Attributes:
        retry_after: Whole seconds until the client may try again (the ``Retry-After`` header).
    """

    def __init__(self, reason: str, retry_after: int):
        super().__init__(429, "rate-limited", reason)
        self.retry_after = retry_after


#: Each limited kind of request: what it is called in a refusal.
KINDS = {"tables": "new tables", "links": "link checks", "moves": "moves"}


class Limits:
    """The buckets of every client, by kind of request.

    Args:
        rates: The :class:`Rate` of each kind (``tables``, ``links``, ``moves``).
        clock: Seconds, monotonic (tests give their own).
    """

    def __init__(self, rates: dict[str, Rate], clock: Callable[[], float] = time.monotonic):
        self.rates = dict(rates)
        self.clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (tokens, at)

    def take(self, kind: str, client: str) -> None:
        """Count one request of ``kind`` by ``client``.

        Raises:
            RateLimited: when the client's bucket is empty; nothing is counted then.
        """
        rate = self.rates[kind]
        if rate.every_s <= 0:
            return
        now = self.clock()
        tokens, at = self._buckets.get((kind, client), (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + max(0.0, now - at) / rate.every_s)
        if tokens < 1.0:
            self._buckets[(kind, client)] = (tokens, now)
            wait = max(1, math.ceil((1.0 - tokens) * rate.every_s))
            raise RateLimited(
                f"too many {KINDS[kind]} from your address ({rate.words(KINDS[kind])}); "
                f"try again in {wait} s",
                wait,
            )
        if len(self._buckets) >= MAX_CLIENTS:
            self._prune(now)
        self._buckets[(kind, client)] = (tokens - 1.0, now)

    def _prune(self, now: float) -> None:
        for key, (tokens, at) in list(self._buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (now - at) / rate.every_s >= rate.burst:
                del self._buckets[key]
        if len(self._buckets) >= MAX_CLIENTS:  # a flood of addresses: start afresh
            self._buckets.clear()

    def check(self, request: Request | WebSocket, kind: str) -> None:
        """Count ``request`` as one of ``kind`` for its client's address (the peer's, or the
        client a trusted proxy names); a request another process forwarded with a valid mark
        is not counted: it was where it arrived.

        Raises:
            RateLimited: when its client is past the limit.
        """
        if cluster.FORWARDED.get() is not None:
            return
        client = request.client.host if request.client else "-"
        self.take(kind, client)


def limits_of(request: Request | WebSocket) -> Limits:
    """The application's :class:`Limits`."""
    return request.app.state.limits
