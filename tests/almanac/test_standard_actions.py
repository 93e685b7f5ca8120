"""Standard actions, costs, strength and guards (AL-038..AL-051, AL-G07..AL-G16)."""

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.almanac.content import load_content

from .conftest import legal, play, position, refresh

C = load_content()
# Page 4 (free placement): 0 emb3, 1 sky2, 2 eve2, 3 emb3, 4 any1, 5 dew1+emb1, 6 sell dew4/eve3,
# 7 sell emb2/sky2, 8 shop, 9 gain contract, 10-11 complete, 12-13 extend, 14 producer (2 gold)


def p5(**kw):
    kw.setdefault("gold", [10, 10])
    kw.setdefault("goods", [[0] * 4, [0] * 4])
    kw.setdefault("crates", [5, 5])
    return position(2, page=5, free=True, **kw)


def test_complete_a_contract_discards_goods_and_flips_it():
    """AL-038, AL-081: only contracts whose goods are held; they are discarded."""
    st = p5(goods=[[1, 1, 0, 1], [0] * 4])
    play(st, "place 10")
    assert legal(st) == ["complete k0"]  # k1 needs 2 Everice
    play(st, "complete k0")
    assert st.goods[0] == [0, 0, 0, 0] and st.completed[0] == [0] and st.incomplete[0] == [1]


def test_extend_your_caravan_pays_gold_and_goods():
    """AL-039, AL-075, AL-076: pay the card's cost, add its crates to the caravan."""
    st = p5(goods=[[1, 0, 0, 0], [0] * 4], cards=[0, 1])
    play(st, "place 12")
    assert legal(st) == ["buy c0", "buy c1"]
    play(st, "buy c1")
    assert st.gold[0] == 8 and st.goods[0] == [0, 0, 0, 0]
    assert st.caravan[0] == [1] and st.crates[0] == 7 and st.cv_faceup == [0]


def test_gain_a_contract_needs_fewer_than_two_incomplete():
    """AL-040: with 2 incomplete contracts the space is closed (rule named in the error)."""
    st = p5()
    with pytest.raises(IllegalActionError) as e:
        play(st, "place 9")
    assert e.value.rule == "AL-040"
    st.incomplete[0] = [0]
    refresh(st)
    assert "place 9" in legal(st)


def test_gain_a_contract_draws_three_keeps_one_and_bottoms_two():
    """AL-041, AL-078, ruling AL-R39: the other 2 go to the bottom (id order), known to the
    player only."""
    st = p5()
    st.incomplete[0] = [0]
    refresh(st)
    play(st, "place 9", "contract k12", "contract k10", "contract k11")
    assert legal(st) == ["keep k10", "keep k11", "keep k12"]
    play(st, "keep k11")
    assert st.incomplete[0] == [0, 11] and st.ct_bottom == [[10, 0], [12, 0]]
    assert st.observe(1)["contract_bottom"] == [[None, 0], [None, 0]]
    assert st.observe(0)["contract_bottom"] == [[10, 0], [12, 0]]


def test_gain_goods_fills_empty_crates():
    """AL-042, AL-047: goods go into crates, one good each."""
    st = p5()
    play(st, "place 0")
    assert st.goods[0] == [0, 0, 3, 0] and st.current_player() == 1


def test_overflow_lets_the_player_keep_any_goods_and_discard_the_rest():
    """AL-043, AL-G10 (ruling AL-R10): 3 crates with 2 Dewleaf; gaining 3 Everfrost, the
    player may end with Everfrost x3."""
    st = p5(goods=[[2, 0, 0, 0], [0] * 4], crates=[3, 3])
    play(st, "place 0")
    assert legal(st) == ["drop dew", "drop eve"]
    play(st, "drop dew", "drop dew")
    assert st.goods[0] == [0, 0, 3, 0] and st.current_player() == 1


def test_overflow_of_one_type_is_discarded_without_a_question():
    """AL-047: surplus of a single type is simply discarded."""
    st = p5(crates=[2, 2])
    play(st, "place 0")
    assert st.goods[0] == [0, 0, 2, 0] and st.current_player() == 1


def test_sell_goods_at_least_one_at_the_listed_price():
    """AL-044, AL-G12 (ruling AL-R12): selling 3 at 4 gives 12; stopping before 1 sale is
    not allowed; several listed types may be sold."""
    st = p5(goods=[[3, 0, 0, 1], [0] * 4])
    play(st, "place 6")
    assert legal(st) == ["sell dew", "sell sky"]
    play(st, "sell dew", "sell dew", "sell dew")
    assert st.gold[0] == 22 and legal(st) == ["sell sky", "stop"]
    play(st, "stop")
    assert st.goods[0] == [0, 0, 0, 1]


def test_shop_offers_exactly_one_of_three_options():
    """AL-045, AL-G14 (ruling AL-R14): a good of choice, goods of one type at 3 each, or a
    guard; mixed types in option 2 are refused; no guard when none are left."""
    st = p5(goods=[[0, 2, 1, 0], [0] * 4])
    play(st, "place 8")
    assert legal(st) == ["shop good", "shop sell emb", "shop sell eve", "shop guard"]
    play(st, "shop sell emb")
    assert legal(st) == ["sell emb", "stop"]
    with pytest.raises(IllegalActionError):
        play(st, "sell eve")
    play(st, "sell emb")
    assert st.gold[0] == 16 and st.goods[0] == [0, 0, 1, 0]
    st = p5(guard_supply=0)
    play(st, "place 8")
    assert "shop guard" not in legal(st)


def test_shop_guard_comes_from_the_supply():
    """AL-045, AL-G15 (ruling AL-R15): a guard from the 12; a 13th cannot be had."""
    st = p5()
    play(st, "place 8", "shop guard")
    assert st.guards[0] == 1 and st.guard_supply == 11


def test_cost_spaces_need_the_gold_up_front():
    """AL-046: the potion space costs 2 gold."""
    st = p5(gold=[1, 10])
    with pytest.raises(IllegalActionError) as e:
        play(st, "place 14")
    assert e.value.rule == "AL-046"
    st = p5(gold=[2, 10])
    play(st, "place 14")
    assert st.gold[0] == 0 and st.tokens[0] == {"potion": 1}


def test_strength_is_shields_plus_two_per_guard():
    """AL-048, AL-049: shields of the caravan and 2 per guard."""
    st = p5()
    st.shields[0] = 3
    st.guards[0] = 2
    assert st.strength(0) == 7


def test_guards_are_worth_one_fame_and_stay():
    """AL-050, AL-051: a guard is 1 fame at the end; no effect removes guards."""
    from meeple.games.almanac.content import EFFECT_OPS

    st = p5()
    st.guards[0] = 3
    assert st.fame(0)["guards"] == 3
    assert "lose_guard" not in EFFECT_OPS


def test_one_worker_per_space():
    """AL-G07 (ruling AL-R07): an occupied space is refused."""
    st = p5()
    play(st, "place 0")
    with pytest.raises(IllegalActionError) as e:
        play(st, "place 0")
    assert e.value.rule == "AL-R07"


def test_no_passing_while_a_placement_is_possible():
    """AL-G08 (ruling AL-R08): there is no pass action in the Action Phase."""
    st = p5()
    assert not any(a in legal(st) for a in ("stop", "end"))
    with pytest.raises(IllegalActionError) as e:
        play(st, "end")
    assert e.value.rule == "AL-R08"


def test_must_actions_that_cannot_be_done_close_their_spaces():
    """AL-G09 (ruling AL-R09): no goods -> no Sell; nothing affordable -> no Extend; goods
    for no contract -> no Complete."""
    st = p5(gold=[0, 0], cards=[0, 1])
    acts = legal(st)
    for sp in (6, 7, 10, 11, 12, 13):
        assert f"place {sp}" not in acts


def test_a_wildcard_good_may_be_any_type():
    """AL-G11 (ruling AL-R11): "a good of your choice" offers all 4 types."""
    st = p5()
    play(st, "place 4")
    assert legal(st) == ["good dew", "good emb", "good eve", "good sky"]
    play(st, "good sky")
    assert st.goods[0] == [0, 0, 0, 1]


def test_the_supply_and_demand_bar_has_no_implicit_effect():
    """AL-084, AL-G13 (ruling AL-R13): the rules code never reads the bar."""
    import inspect

    from meeple.games.almanac import moves, pages, rules

    for mod in (rules, moves, pages):
        assert ".bar" not in inspect.getsource(mod)


def test_goods_supply_is_capped_and_gold_is_not():
    """AL-G15 (ruling AL-R15): 30 goods per type; gold may exceed 930."""
    st = p5(gold=[1000, 0], goods=[[0, 0, 29, 0], [0] * 4], crates=[40, 5])
    play(st, "place 0")
    assert st.goods[0][2] == 30
    st = p5(gold=[1000, 0], goods=[[0, 0, 2, 0], [0] * 4])
    play(st, "place 7", "sell eve", "stop")
    assert st.gold[0] == 1002


def test_caravan_workers_join_at_once():
    """AL-077, AL-G16 (ruling AL-R16): a +1 worker card bought with the 2nd placement gives a
    4th placement this round; workers never exceed 6."""
    st = p5(gold=[10, 0], goods=[[0, 1, 0, 0], [0] * 4], cards=[2, 0])
    play(st, "place 1")  # seat 0: 2 Skyfish
    play(st, "place 2")  # seat 1
    play(st, "place 12", "buy c2")  # Hired Porter: +1 worker
    assert st.workers[0] == 4 and st.reserve(0) == 2
    count = 2
    while st.current_player() >= 0:
        seat = st.current_player()
        a = st.legal_actions(seat)[0]
        if seat == 0 and a.kind == "place":
            count += 1
        st.apply_action(a, seat)
    assert count == 4
    st.workers[0] = 6
    from meeple.games.almanac.rules import buy_card

    st.cv_faceup = [3]
    st.gold[0] = 20
    st.goods[0] = [0, 0, 0, 1]
    buy_card(st, 0, 3)
    assert st.workers[0] == 6
