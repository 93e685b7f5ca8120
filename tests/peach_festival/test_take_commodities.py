"""Rounds, dice and the Take Commodities action (PF-028..PF-041, PF-G09, PF-G10, PF-G14, PF-G32)."""

import pytest

from meeple.core.errors import IllegalActionError

from .conftest import commit, play, pos, texts


def test_rulebook_roll_offers_the_six_selections():
    """PF-034 [EX], PF-031, PF-032: 3 Tea, 1 Silk, 1 Spice -> 3 Tea, 1 Silk, 1 Spice, 0 Gems,
    0 Gold, 0 Chinaware."""
    s = pos(["p:0", ""], dice="te3,si1,sp1")  # no Peach to eat: only the plain selections
    plain = [a for a in s.legal_actions(0) if a.kind == "take"]
    offered = {a.text: s.dice[a.args[0]] for a in plain}
    assert offered == {"te": 3, "si": 1, "sp": 1, "ge": 0, "go": 0, "ch": 0}


def test_zero_die_commodity_writes_a_zero():
    """PF-032: a commodity on no die may be chosen; its number is 0."""
    s = commit(pos(["", ""], dice="te3,si1,sp1"), "ge", "ge")
    assert s.sheets[0].cols[1] == [0] and s.sheets[1].cols[1] == [0]


def test_several_players_may_choose_the_same_commodity():
    """PF-033: no benefit or penalty for choosing the same commodity."""
    s = commit(pos(["si:0", "si:0"], dice="te3,si1,sp1"), "si", "si")
    assert s.sheets[0].cols[5] == s.sheets[1].cols[5] == [0, 1]


def test_round_has_roll_action_and_end_check_in_order():
    """PF-028, PF-029, PF-030: roll (chance) -> simultaneous actions -> end check -> roll."""
    s = pos(["", ""])
    assert s.is_chance_node() and s.phase == "roll"
    total = sum(p for _, p in s.chance_outcomes())
    assert abs(total - 1) < 1e-12
    play(s, "roll:te3,sp1,si1")
    assert s.is_simultaneous_node() and s.acting_seats() == (0, 1)
    commit(s, "ge", "peach")
    assert s.phase == "roll" and s.round == 2


def test_each_player_chooses_exactly_one_action():
    """PF-030: a seat that has committed cannot act again in the same step."""
    s = pos(["", ""], dice="te3,si1,sp1")
    s.apply_action("ge", 0)
    assert s.acting_seats() == (1,)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("go", 0)
    assert e.value.rule == "CORE-06"


def test_dice_have_one_face_per_commodity_uniformly():
    """PF-G09 (ruling PF-R09): roll outcomes are the 252 count vectors of 5 fair 6-faced dice."""
    s = pos(["", ""])
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 252
    five_tea = next(p for a, p in outcomes if a.text == "roll:te5")
    assert five_tea == pytest.approx(1 / 6**5)
    one_each = next(p for a, p in outcomes if a.text == "roll:go1,ge1,te1,sp1,ch1")
    assert one_each == pytest.approx(120 / 6**5)


def test_eating_a_peach_crosses_out_one_filled_peach():
    """PF-035: an effect costs exactly one filled-in Peach."""
    s = commit(pos(["si:0", ""], dice="te3,si1,sp1"), "si+", "peach")
    assert s.sheets[0].eaten == 1 and s.sheets[0].uneaten == 1


def test_grey_or_missing_peaches_cannot_be_eaten():
    """PF-036, PF-011, PF-R38: with no filled Peach left, no effect is offered or accepted."""
    s = pos(["p:2 e:2", ""], dice="te3,si1,sp1")
    assert all(a.args[1] is None for a in s.legal_actions(0) if a.kind == "take")
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("si+", 0)
    assert e.value.rule == "PF-036"
    assert s.sheets[0].eaten == 2 and 0 in s.acting_seats()


def test_manipulate_raises_or_lowers_by_one():
    """PF-037: Manipulate +1 / -1 on the selected commodity."""
    s = commit(pos(["te:0,1,2,3", "te:0,1"], dice="te3,si1,sp1"), "te+", "te-")
    assert s.sheets[0].cols[2][-1] == 4
    assert s.sheets[1].cols[2][-1] == 2


def test_manipulate_may_lower_to_zero_but_not_below():
    """PF-037: 1 Silk lowered to 0 is fine; 0 Gold cannot be lowered."""
    s = pos(["si:0", ""], dice="te3,si1,sp1")
    legal = texts(s.legal_actions(0))
    assert "si-" in legal and "go-" not in legal
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("go-", 0)
    assert e.value.rule == "PF-037"
    commit(s, "si-", "peach")
    assert s.sheets[0].cols[5] == [0, 0]


def test_impress_writes_a_second_different_commodity():
    """PF-038: both commodities are written."""
    s = commit(pos(["te:0,1,2 si:0", ""], dice="te3,si1,sp1"), "te&si", "peach")
    assert s.sheets[0].cols[2][-1] == 3 and s.sheets[0].cols[5] == [0, 1]


def test_impress_second_commodity_may_show_zero_dice_and_writes_separately():
    """PF-G14, PF-I07 (ruling PF-R14): Tea 3 + Impress Gold 0 -> Gold gets 0 even though Tea
    cannot be written."""
    s = commit(pos(["", ""], dice="te3,si1,sp1"), "go&te", "peach")
    assert s.sheets[0].cols[0] == [0] and s.sheets[0].cols[2] == []


def test_impress_is_offered_once_per_pair():
    """PF-R14: the two writes do not depend on which commodity was chosen first."""
    s = pos(["", ""], dice="te3,si1,sp1")
    legal = texts(s.legal_actions(0))
    assert "te&si" in legal and "si&te" not in legal
    assert s.game.action("si&te") is s.game.action("te&si")  # the other order is a spelling


def test_barter_changes_type_keeping_the_number():
    """PF-039: 3 Tea bartered to Silk writes 3 in Silk, not the Silk dice count."""
    s = commit(pos(["si:0,1,2", ""], dice="te3,si1,sp1"), "te>si", "peach")
    assert s.sheets[0].cols[5][-1] == 3 and s.sheets[0].cols[2] == []
    assert s.dice == (0, 0, 3, 1, 0, 1)  # no dice change (PF-039)


def test_barter_only_affects_the_player_who_ate():
    """PF-039: the other player still sees the roll as it is."""
    s = commit(pos(["si:0,1,2", "si:0"], dice="te3,si1,sp1"), "te>si", "si")
    assert s.sheets[1].cols[5] == [0, 1]


def test_write_goes_to_top_most_empty_square_and_triggers_rewards():
    """PF-040, PF-041: the number lands in the next square, whose icon then pays."""
    s = commit(pos(["go:0", ""], dice="go1,te4"), "go", "peach")  # gold row 2 holds a Peach icon
    assert s.sheets[0].cols[0] == [0, 1] and s.sheets[0].peaches == 3


def test_useless_peach_effect_still_eats_the_peach():
    """PF-G32 (ruling PF-R13): Manipulate -1 that is still invalid eats the Peach anyway."""
    s = commit(pos(["te:0", ""], dice="te3,si1,sp1"), "te-", "peach")
    assert s.sheets[0].cols[2] == [0] and s.sheets[0].eaten == 1


def test_sealed_choices_are_hidden_until_everyone_has_chosen():
    """PF-G10 (ruling PF-R10): the other seat sees only that a choice was made."""
    s = pos(["", ""], dice="te3,si1,sp1")
    s.apply_action("te", 0)
    other = s.observe(1)
    assert other["sheets"][0]["committed"] is True and other["sheets"][0]["commit"] is None
    assert s.observe(0)["sheets"][0]["commit"] == "te"
    s.apply_action("si", 1)
    assert s.observe(1)["sheets"][0]["commit"] == "te"  # revealed once all are in
