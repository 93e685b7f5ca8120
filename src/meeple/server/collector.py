"""The cyclic garbage collector kept out of the way of a long-running server.

CPython's full collections scan every tracked object that is not frozen. A server holding
200 tables keeps some 150,000 of them (states, sockets, tasks), and its tables make more
every move, so full passes came every few seconds and held every table still for 80-140 ms
each (docs/server.md, Load). :class:`Tenure` freezes (:func:`gc.freeze`) what survived each
full collection, so the next one scans only what was made since; objects frozen this way are
still freed by reference counting as usual, but a reference cycle among them would outlive
its last use. So every ``refresh_s`` the frozen objects are given back (:func:`gc.unfreeze`)
and the next full collection scans, and frees, everything once.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any


class Tenure:
    """A :data:`gc.callbacks` entry that freezes the survivors of every full collection.

    Args:
        refresh_s: How often, in seconds, the frozen objects are given back to the
            collector, so that one full collection looks at everything.
        clock: Monotonic seconds (tests pass their own).

    Use :meth:`install` and :meth:`remove`; the object is the callback itself.
    """

    def __init__(self, refresh_s: float = 600.0, clock: Callable[[], float] = time.monotonic):
        self.refresh_s = refresh_s
        self._clock = clock
        self._since = clock()
        #: Full collections seen, and how many of them froze their survivors.
        self.full = 0
        self.frozen = 0

    def install(self) -> Tenure:
        """Start: add the callback (once) and return ``self``."""
        if self not in gc.callbacks:
            gc.callbacks.append(self)
        self._since = self._clock()
        return self

    def remove(self) -> None:
        """Stop, giving back whatever is frozen; the collector works as before."""
        if self in gc.callbacks:
            gc.callbacks.remove(self)
        gc.unfreeze()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        self.full += 1
        now = self._clock()
        if now - self._since >= self.refresh_s:
            # given back now, the next full collection scans (and frees) everything once
            gc.unfreeze()
            self._since = now
        else:
            gc.freeze()
            self.frozen += 1
