"""A seat-limited view (observations, the seat's log, ``tell_move``) never holds the seed or a
fingerprint of the state (docs/engine.md, "What a seat-limited view may contain")."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.agents import RandomAgent
from meeple.core.driver import play_game
from meeple.core.game import CHANCE
from meeple.core.record import replay, seat_log, tell_move

#: A seed whose digits cannot turn up in a view by accident (no count or id is this long).
SEED = 8_361_094_257_113
CONFIGS = [("peach-festival", 1), ("peach-festival", 3), ("annapurna", 2), ("almanac", 3)]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_no_seat_limited_view_holds_the_seed_or_a_fingerprint(name, players):
    game = meeple.make(name, players=players)
    agents = [RandomAgent() for _ in range(players)]
    final, record = play_game(game, agents, seed=SEED, max_steps=400)
    secrets = {str(SEED), hex(SEED)[2:], record.fingerprint}
    state = replay(record, upto=0)
    viewers = [None, *range(players)]
    views: dict[object, list[str]] = {v: [] for v in viewers}
    for n, (seat, text) in enumerate(record.actions, 1):
        secrets.add(state.fingerprint())
        for viewer in viewers:
            views[viewer].append(json.dumps(state.observe(viewer)))
            entry = tell_move(state, n, seat, text, viewer)
            views[viewer].append(f"{entry.move} {entry.told}")
            if viewer is not None and viewer in state.acting_seats():
                views[viewer].extend(a.text for a in state.legal_actions(viewer))
        state.apply_action(text, CHANCE if seat == CHANCE else seat)
    assert state.fingerprint() == final.fingerprint()
    for viewer in viewers:
        views[viewer].append(json.dumps(state.observe(viewer)))
        views[viewer].extend(f"{e.move} {e.told}" for e in seat_log(record, viewer))
        text = "\n".join(views[viewer])
        leaked = sorted(s for s in secrets if s in text)
        assert not leaked, f"seat {viewer} was shown {leaked[:2]}"
