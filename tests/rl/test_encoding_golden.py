"""Every game's encodings are the ones recorded: a digest of both encoding paths over seeded
random games, so a change to the encoders' code that moves any feature is caught (regenerate
with ``MEEPLE_REGOLD=1`` only for a change of layout that is meant)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from meeple.rl.encoding import make_encoder  # noqa: E402

from .helpers import CONFIGS, ids, random_walk  # noqa: E402

GOLDEN = Path(__file__).parent / "golden" / "encodings.json"


def _digest(name: str, players: int) -> str:
    h = hashlib.sha256()
    enc = None
    for seed in (1, 2):
        for i, state in enumerate(random_walk(name, players, seed=seed)):
            if enc is None:
                enc = make_encoder(state.game)
            if i % 5:
                continue
            for seat in range(players):
                h.update(enc.encode(state.observe(seat)).tobytes())
                h.update(enc.encode_state(state, seat).tobytes())
    return h.hexdigest()


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_the_encodings_of_seeded_games_are_the_recorded_ones(name, players):
    key = f"{name}-{players}p"
    digest = _digest(name, players)
    recorded = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if os.environ.get("MEEPLE_REGOLD"):
        recorded[key] = digest
        GOLDEN.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    assert recorded.get(key) == digest, f"the encodings of {key} changed"
