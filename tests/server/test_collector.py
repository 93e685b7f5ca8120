"""The collector kept out of the way of a long-running server (meeple.server.collector)."""

from __future__ import annotations

import gc
import weakref

import pytest

from meeple.server.collector import Tenure


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tenure(clock):
    t = Tenure(refresh_s=600.0, clock=clock).install()
    yield t
    t.remove()


def test_what_survives_a_full_collection_is_frozen(tenure):
    kept = [Node() for _ in range(100)]
    gc.collect()
    assert tenure.frozen >= 1
    assert gc.get_freeze_count() >= len(kept)


def test_a_young_collection_freezes_nothing(tenure):
    gc.unfreeze()
    gc.collect(0)
    assert tenure.full == 0
    assert gc.get_freeze_count() == 0


def test_after_the_refresh_period_a_cycle_among_frozen_objects_is_freed(tenure, clock):
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect()  # the cycle is alive, so it survives and is frozen
    del a, b
    gc.collect()
    assert gone() is not None, "a frozen cycle is not scanned"
    clock.now += 600.0
    gc.collect()  # this full collection gives everything back ...
    assert gc.get_freeze_count() == 0
    gc.collect()  # ... and the next one frees the cycle
    assert gone() is None


def test_removing_it_gives_everything_back():
    t = Tenure(refresh_s=600.0).install()
    gc.collect()
    assert gc.get_freeze_count() > 0
    t.remove()
    assert gc.get_freeze_count() == 0
    assert t not in gc.callbacks
