"""Column Rewards (PF-013, PF-046..PF-053, PF-G12, PF-G17, PF-G24, PF-G31, PF-I01, PF-I06)."""

import pytest

from meeple.core.errors import IllegalActionError

from .conftest import commit, play, pos, refused, texts


def three_in_tea(sheet: str = "", other: str = ""):
    """Seat 0 writes a 3 in Tea Leaves (row 4) this round."""
    return commit(pos(["te:0,1,2 " + sheet, other], dice="te3,si1,sp1"), "te", "peach")


def test_writing_a_three_marks_the_column_box():
    """PF-046, PF-013: a 3 marks the box at the top of its column."""
    s = three_in_tea()
    assert s.sheets[0].boxes == 1 << 2


def test_writing_the_crate_square_marks_the_column_box():
    """PF-046: the bottom (crate) square marks the box whatever the number."""
    s = commit(pos(["ge:0,1,1,1,1", ""], dice="ge1,te4"), "ge", "peach")
    assert len(s.sheets[0].cols[1]) == 6 and s.sheets[0].boxes == 1 << 1


def test_column_reward_is_optional_choice_of_two():
    """PF-047, PF-048, PF-050: draw 1-3 Requests for Peaches, hire a Merchant, or nothing."""
    s = three_in_tea()
    assert s.current_player() == 0
    assert set(texts(s.legal_actions(0))) == {"draw1", "draw2", "draw3", "merchant", "noreward"}
    play(s, "noreward")
    assert s.phase == "roll"


def test_draw_reward_crosses_out_peaches_and_keeps_one_card():
    """PF-048, PF-I01 (ruling PF-R23): cross out 2, draw 2, keep 1, the other under the deck."""
    s = three_in_tea("p:5")
    before = s.sheets[0].uneaten
    play(s, "draw2")
    assert s.sheets[0].uneaten == before - 2
    assert s.is_chance_node()
    play(s, "card:20", "card:21")
    assert sorted(s.sheets[0].hand) == [20, 21]
    assert set(texts(s.legal_actions(0))) == {"keep:20", "keep:21"}
    play(s, "keep:21")
    assert s.sheets[0].requests[-1] == 21
    assert s.deck_bottom == [[20, 0]]
    assert s.observe(0)["deck"]["bottom"] == [20] and s.observe(1)["deck"]["bottom"] == [None]


def test_crossed_out_peaches_count_as_eaten():
    """PF-G17, PF-I09 (ruling PF-R16): Reward A adds to the eaten count."""
    s = three_in_tea("p:5")
    play(s, "draw3")
    assert s.sheets[0].eaten == 3


def test_hiring_merchants_left_to_right_gains_their_peaches():
    """PF-050, PF-G06 (ruling PF-R06): Merchants give 1, 2, 3 Peaches in order."""
    s = three_in_tea("m:1 p:3")
    play(s, "merchant")
    assert s.sheets[0].merchants == 2
    # Tea 3 sits on a Peach icon (spot 4 and the grey spot after it), then Merchant 2 gives 2
    assert s.sheets[0].peaches == 7


def test_merchant_reward_at_most_three_times():
    """PF-051: with 3 Merchants hired only the draw remains."""
    s = three_in_tea("m:3")
    assert "merchant" not in texts(s.legal_actions(0))
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("merchant", 0)
    assert e.value.rule == "PF-051"


def test_no_possible_reward_still_marks_the_box():
    """PF-052: no Peaches, 3 Merchants: the box is marked, no decision is asked."""
    s = commit(pos(["ge:0,1,2 m:3 p:2 e:2", ""], dice="ge3,te2"), "ge", "peach")
    assert s.sheets[0].boxes == 1 << 1
    assert s.phase == "roll"


def test_one_column_reward_per_round_even_with_two_boxes():
    """PF-053, PF-G31, PF-I06 (ruling PF-R29): Impress marks two boxes, one reward."""
    s = commit(pos(["te:0,1,2 ge:0,1,1,1,1", ""], dice="te3,ge1,si1"), "ge&te", "peach")
    assert s.sheets[0].boxes == (1 << 1) | (1 << 2)  # Gems crate square and Tea 3
    rewards = [p for p in s.sheets[0].pending if p[0] == "reward"]
    assert len(rewards) == 1
    play(s, "merchant")
    assert not any(p[0] == "reward" for p in s.sheets[0].pending)


def test_declined_reward_may_be_taken_at_a_later_box_the_same_round():
    """PF-R36: only a gained reward uses up the round's Column Reward."""
    # Tea 3 marks a box and its Peach icon completes Peach row 2, whose bonus is a wildcard
    s = commit(pos(["te:0,1,2 go:0,1,2 p:13", ""], dice="te3,si2"), "te", "peach")
    assert ("reward", 0, False) in s.sheets[0].pending
    play(s, "noreward")
    assert not s.sheets[0].reward_gained
    play(s, "go=3")  # a second box this round: the reward is offered again
    assert "merchant" in texts(s.legal_actions(0))


def test_column_box_is_marked_only_once():
    """PF-G12 (ruling PF-R12): a second 3 in a marked column brings no new reward."""
    s = commit(pos(["si:0,1,2,3 b:si", ""], dice="si3,te2"), "si", "peach")
    assert s.sheets[0].cols[5][-1] == 3
    assert s.sheets[0].boxes == 1 << 5
    assert not any(p[0] == "reward" for p in s.sheets[0].pending)


def test_cannot_cross_out_more_peaches_than_cards_in_deck():
    """PF-G24 (ruling PF-R23): with 2 cards left, drawing 3 is refused."""
    s = commit(pos(["te:0,1,2 p:6", ""], dice="te3,si2", deck=[20, 21]), "te", "peach")
    assert "draw3" not in texts(s.legal_actions(0))
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("draw3", 0)
    assert e.value.rule == "PF-R23"


def test_drawing_cards_crosses_out_that_many_filled_peaches():
    """PF-048: with 2 uneaten Peaches, drawing 3 cards is refused for the Peaches, not the deck."""
    s = commit(pos(["te:0,1,2 p:2 e:1", ""], dice="te3,si2"), "te", "peach")
    assert s.sheets[0].uneaten == 2 and "draw3" not in texts(s.legal_actions(0))
    assert refused(s, "draw3").rule == "PF-048"


def test_taking_a_common_card_is_a_solo_rule():
    """PF-077, PF-048: with 2 players Reward A draws from the deck; no Common card is taken."""
    s = three_in_tea("p:5")
    assert set(texts(s.legal_actions(0))) == {"draw1", "draw2", "draw3", "merchant", "noreward"}
    e = refused(s, f"take:{s.commons[0]}")
    assert e.rule == "PF-077" and "solo" in str(e)


def test_a_column_reward_needs_a_box_marked_this_round():
    """PF-047: a row-end bonus is pending but no box was marked: no Column Reward to choose."""
    s = commit(pos(["p:13", ""], dice="te3,si2"), "peach", "peach")  # completes Peach row 2
    assert s.sheets[0].pending == [("write", -1, False)] and s.sheets[0].boxes == 0
    assert refused(s, "merchant").rule == "PF-047"


def test_a_second_column_reward_in_the_same_round_is_refused():
    """PF-053, PF-G31 (ruling PF-R29): after the Merchant, the wildcard is left, not a reward."""
    # Tea 3 marks a box and its Peach icon completes Peach row 2, whose bonus is a wildcard
    s = commit(pos(["te:0,1,2 go:0,1,2 p:13", ""], dice="te3,si2"), "te", "peach")
    play(s, "merchant")
    assert s.sheets[0].pending == [("write", -1, False)]
    assert refused(s, "draw1").rule == "PF-053"


def test_no_second_action_is_taken_while_rewards_are_settled():
    """PF-030, PF-041: while the round's rewards are settled no second action is taken."""
    s = three_in_tea()
    for action, rule in (("go", "PF-030"), ("peach", "PF-030"), ("keep:5", "PF-048")):
        assert refused(s, action).rule == rule


def test_draw_order_follows_most_recent_request_id():
    """PF-049, PF-026, PF-G10 (ruling PF-R10): the lower most-recent ID resolves (and draws) first."""
    s = commit(
        pos(["te:0,1,2 r:9", "te:0,1,2 r:4"], dice="te3,si1,sp1"),
        "te",
        "te",
    )
    assert s.order == (1, 0)
    assert s.current_player() == 1
    play(s, "draw1")
    assert s.draw_queue == [1]


def test_column_reward_waits_for_a_market_reward_that_makes_it_possible():
    """PF-047, PF-056 (ruling PF-R39): no uneaten Peach and every Merchant hired when the Silk
    box is marked, but the pending Spices write lands on a Peach icon: draw 1 becomes open."""
    s = commit(pos(["si:0,1,2 sp:0,1,1,1,1 p:2 e:2 m:3", "te:0"], dice="si3,go2"), "si", "peach")
    assert s.sheets[0].uneaten == 0 and ("reward", 0, False) in s.sheets[0].pending
    play(s, "sp=1")  # Spices row 6: a Peach icon
    assert s.sheets[0].uneaten == 1
    assert texts(s.legal_actions(0)) == ["draw1", "noreward"]
    play(s, "draw1")
    assert s.sheets[0].reward_gained and s.sheets[0].eaten == 3


def test_column_reward_with_no_option_left_is_lost_but_the_box_is_marked():
    """PF-052 (ruling PF-R39): no uneaten Peach, every Merchant hired and no other reward to
    open one: the Gems box is marked and no reward is gained."""
    s = commit(pos(["ge:0,1,2 p:2 e:2 m:3", "te:0"], dice="ge3,te2"), "ge", "peach")
    sh = s.sheets[0]
    assert sh.boxes & (1 << 1) and not sh.reward_gained and sh.pending == []
    assert s.phase == "roll"


def test_waiting_column_reward_is_shown_as_waiting_on_the_sheet():
    """Ruling PF-R39: a Column Reward with no option yet is marked as waiting on the sheet."""
    from rich.console import Console

    s = commit(pos(["si:0,1,2 sp:0,1,1,1,1 p:2 e:2 m:3", "te:0"], dice="si3,go2"), "si", "peach")
    for viewer in (0, 1, None):
        console = Console(width=400, record=True)
        console.print(s.game.render(s.observe(viewer)))
        text = " ".join(console.export_text().split())  # the caption wraps at the table's width
        assert "Column Reward (waits: not possible yet)" in text
