"""The move list as data: a choice that writes nothing is marked wasted (PF-040, ruling PF-R13)
and useful choices come first."""

from __future__ import annotations

from meeple.core.game import WASTED
from meeple.games.peach_festival.render import planned_writes

from .conftest import pos


def test_a_take_that_breaks_the_golden_rules_everywhere_is_marked_wasted():
    """PF-040 / ruling PF-R13: Silk is empty, so its first number must be a 0; taking Silk's
    1 writes nothing and loses the turn."""
    s = pos(["te:0,1,2", "te:0,1,2"], dice="te3,si1,sp1")
    game = s.game
    obs = s.observe(0)
    hint = {a.text: game.move_hint(a, obs) for a in s.legal_actions(0)}
    assert hint["si"] == WASTED
    assert hint["te"] is None and hint["peach"] is None
    assert "writes nothing" in game.describe_move(game.action("si"), obs)
    assert "writes nothing" not in game.describe_move(game.action("te"), obs)


def test_the_move_list_puts_useful_choices_first_and_wasted_ones_last():
    s = pos(["te:0,1,2", "te:0,1,2"], dice="te3,si1,sp1")
    game = s.game
    obs = s.observe(0)
    legal = s.legal_actions(0)
    ordered = game.order_moves(legal, obs)
    assert sorted(ordered, key=lambda a: a.id) == sorted(legal, key=lambda a: a.id)
    hints = [game.move_hint(a, obs) for a in ordered]
    first_wasted = hints.index(WASTED)
    assert all(h == WASTED for h in hints[first_wasted:])
    written = [sum(ok for *_, ok in planned_writes(game, a, obs) or []) for a in ordered]
    assert written[0] == 2 and written[: written.index(1)] == [2] * written.index(1)
    assert [a.text for a in ordered].index("peach") < first_wasted


def test_a_game_without_hints_keeps_its_order():
    s = pos(["", ""], dice="te3,si1,sp1")
    legal = s.legal_actions(0)
    obs = s.observe(0)
    ordered = s.game.order_moves(legal, obs)
    assert set(ordered) == set(legal)
    assert super(type(s.game), s.game).move_hint(legal[0], obs) is None
