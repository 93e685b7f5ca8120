"""Seed derivation that is stable across processes and ``PYTHONHASHSEED`` values."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int | None, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and labels, identical in every process."""
    text = ":".join([str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def make_rng(seed: int | None, *parts: object) -> random.Random:
    """A private :class:`random.Random` seeded from :func:`derive_seed` (never the global one)."""
    return random.Random(derive_seed(seed, *parts))
