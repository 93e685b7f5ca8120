"""End of the game, fame, contracts and their abilities, effects and derived invariants
(AL-063..AL-073, AL-075..AL-082, AL-117..AL-120, AL-G30, AL-G31, AL-G33, AL-G34, AL-G36)."""

import pytest

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.games.almanac.content import load_content
from meeple.games.almanac.effects import ABILITIES, EFFECTS, apply_effects

from .conftest import game, legal, play, position, refresh, stage

C = load_content()


def final(players=2, **kw):
    st = position(players, page=16, rnd=6, **kw)
    return st


def test_end_of_game_contracts_cost_goods_and_five_gold_in_turn_order():
    """AL-063, AL-G33 (ruling AL-R33): from the Guide, any number, goods + 5 gold each."""
    st = final(gold=[12, 12], goods=[[2, 1, 2, 1], [0, 2, 0, 0]], guide=1)
    stage(st, ("final_loop", 0))
    assert st.current_player() == 1 and legal(st) == ["complete k2", "end"]
    play(st, "complete k2", "end")
    assert st.gold[1] == 7 and st.completed[1] == [2]
    assert st.current_player() == 0
    assert legal(st) == ["complete k0", "complete k1", "end"]
    play(st, "complete k0", "complete k1")
    assert st.gold[0] == 2 and legal(st) == ["end"]
    play(st, "end")
    assert st.is_terminal()


def test_fame_counts_gold_cards_tokens_guards_trophies_contracts_minus_incomplete():
    """AL-064, AL-065, AL-066, AL-067, AL-068, AL-069, AL-G31 (ruling AL-R31): 1 per gold unit; starting caravan fame counts;
    goods are worth nothing."""
    st = final(gold=[55, 0], goods=[[3, 3, 3, 3], [0] * 4])
    st.start[0] = 3  # Painted Wagon, 1 fame
    st.caravan[0] = [0, 19]  # 1 + 7 fame
    st.tokens[0] = {"royalty": 2, "plague": 1}
    st.guards[0] = 2
    st.trophies[0] = [4]  # Ice Wolves, 2 fame
    st.completed[0] = [2]  # 3 fame
    st.incomplete[0] = [3]  # -5
    f = st.fame(0)
    assert f == {
        "gold": 55,
        "caravan": 9,
        # 2 royalty and 1 plague token at their fame in the content (AL-066)
        "tokens": 2 * st.content.token_fame["royalty"] + st.content.token_fame["plague"],
        "guards": 2,
        "encounters": 2,
        "contracts": 3,
        "abilities": 0,
        "incomplete": -5,
    }


def _ended(gold, goods, incomplete=None):
    st = final(gold=gold, goods=goods)
    st.incomplete = incomplete or [[], []]
    st.start = [1, 1]
    stage(st, ("final_loop", 0))
    play(st, "end", "end")
    assert st.is_terminal()
    return st.result()


def test_most_fame_wins():
    """AL-070."""
    r = _ended([10, 9], [[0] * 4, [0] * 4])
    assert r.winners == [0] and r.seats[1].rank == 2


def test_ties_go_to_gold_then_goods_then_shared():
    """AL-071, AL-072, AL-073."""
    st = final(gold=[10, 10], goods=[[0] * 4, [1, 0, 0, 0]])
    st.incomplete = [[], []]
    st.start = [1, 1]
    st.guards = [1, 0]
    st.gold = [9, 10]
    stage(st, ("final_loop", 0))
    play(st, "end", "end")
    assert st.result().winners == [1]  # equal fame 10, more gold
    r = _ended([10, 10], [[0] * 4, [1, 0, 0, 0]])
    assert r.winners == [1]  # equal fame and gold, more goods
    r = _ended([10, 10], [[1, 0, 0, 0], [0, 1, 0, 0]])
    assert r.winners == [0, 1]  # shared victory


def test_contract_cards_show_goods_ability_and_fame():
    """AL-079, AL-080: every contract has an ability registered as a function."""
    for k in C.contracts:
        assert sum(k.goods) > 0 and k.ability in ABILITIES and k.fame >= 0


def test_bookkeepers_union_draws_one_more_and_bottoms_three():
    """AL-082 [EX], AL-G30 (ruling AL-R30): draw 4, keep 1, 3 to the bottom."""
    st = position(2, page=5, free=True, gold=[0, 0], goods=[[0] * 4] * 2)
    st.completed[0] = [0]
    st.incomplete[0] = [1]
    refresh(st)
    deck = len(st.ct_deck)
    play(st, "place 9", "contract k10", "contract k11", "contract k12", "contract k13")
    play(st, "keep k13")
    assert len(st.ct_deck) == deck - 4 and [b[0] for b in st.ct_bottom] == [10, 11, 12]


def test_sell_bonus_and_shop_bonus_abilities():
    """AL-080: Harbour Fishmongers +1 per good sold; Ice Cutters +1 per good at the shop."""
    st = position(2, page=5, free=True, gold=[0, 0], goods=[[1, 2, 0, 0], [0] * 4])
    st.completed[0] = [3, 6]
    refresh(st)
    play(st, "place 6", "sell dew")  # nothing else sellable here: the sale ends
    assert st.gold[0] == 5 and st.current_player() == 1
    st2 = position(2, page=5, free=True, gold=[0, 0], goods=[[0, 2, 0, 0], [0] * 4])
    st2.completed[0] = [6]
    refresh(st2)
    play(st2, "place 8", "shop sell emb")
    assert st2.gold[0] == 4


def test_strength_and_guard_fame_abilities():
    """AL-080: Mountain Watch +1 strength; Wardens' Lodge +1 fame per guard."""
    st = position(2)
    st.completed[0] = [4, 8]
    st.guards[0] = 3
    assert st.strength(0) == st.shields[0] + 6 + 1
    assert st.fame(0)["abilities"] == 3


def test_arrival_abilities_are_gold_and_goods():
    """AL-G36 (ruling AL-R36): arrival_gold and arrival_good (see also the setup tests)."""
    assert ABILITIES["arrival_gold"][0] == ABILITIES["arrival_good"][0] == "arrival"


def test_contract_deck_runs_out_draw_what_there_is():
    """AL-G34 (ruling AL-R34): an empty deck with 1 bottom card: draw 1 and keep it."""
    st = position(2, page=5, free=True, gold=[0, 0], goods=[[0] * 4] * 2)
    st.ct_deck = []
    st.ct_bottom = [[7, 1]]
    st.incomplete[0] = [0]
    refresh(st)
    play(st, "place 9")
    assert st.incomplete[0] == [0, 7] and st.ct_bottom == [] and st.current_player() == 1


def test_caravan_discards_are_reshuffled_when_the_deck_is_empty():
    """AL-G34: the discards form a new deck."""
    st = position(2)
    st.cv_deck = []
    st.cv_discard = [4, 9]
    stage(st, ("deal_cv", 1))
    assert sorted(st.cv_deck) == [4, 9] and st.cv_discard == []


def test_every_effect_op_is_a_registered_function():
    """Encounter effects: gold (floored at 0), goods, lose_goods, guard, trophy, roll."""
    st = position(2, gold=[3, 3], goods=[[0] * 4] * 2, crates=[9, 9])
    st.enc = 4
    apply_effects(st, 0, (("gold", -5), ("goods", 2, 2), ("guard", 2), ("trophy",)))
    assert st.gold[0] == 0 and st.goods[0] == [0, 0, 2, 0]
    assert st.guards[0] == 2 and st.trophies[0] == [4] and st.guard_supply == 10
    apply_effects(st, 0, (("lose_goods", 1),))
    assert st.tasks[-1] == ("lose", 0, 1)
    apply_effects(st, 0, (("roll", ((1, 6, (("gold", 1),)),)),))
    assert st.tasks[-1][0] == "d6"
    assert set(EFFECTS) == {"gold", "goods", "lose_goods", "guard", "trophy", "roll"}


@pytest.mark.parametrize("players", [2, 4])
def test_derived_invariants_hold_in_random_journeys(players):
    """AL-117 (caravan deals <= 24 <= 30), AL-118 (contracts suffice), AL-119 (<= 6 workers,
    3 at the start), AL-120 (bids never exceed gold; nobody's gold goes negative)."""
    for seed in range(6):
        seen = []

        def watch(state, seat, action, seen=seen):
            seen.append((min(state.gold), max(state.workers), action.kind))
            if action.kind == "bid":
                assert action.args[0] <= state.gold[seat]

        play_game(game(players), [RandomAgent() for _ in range(players)], seed=seed, on_step=watch)
        assert all(g >= 0 and w <= 6 for g, w, _ in seen)
        assert sum(1 for *_, k in seen if k == "caravan") == 6 * players <= 30
        assert 6 * 4 <= 30 and 4 * 2 + 16 == 24
