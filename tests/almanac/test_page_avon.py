"""Page 4, Avon Upon Snow: the uphill lanes and the producers (rulings AL-R46..AL-R50)."""

from meeple.games.almanac.content import GOOD_INDEX, load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, edited, on, places
from .conftest import legal, play, refused

C = load_content()
AVON = C.pages[4]


def lanes(spaces):
    return {AVON.spaces[s].cluster for s in spaces}


def avon(players=3, gold=None):
    return on(4, players, gold=gold)


def test_a_page_rule_and_its_numbers_are_page_data():
    """Ruling AL-R46: page 4 names the uphill rule and sets its numbers in its data."""
    assert AVON.rule == "uphill" and AVON.clusters == 4
    assert AVON.param("two_player_step_down") == 1 and AVON.param("producer_goods") == 1


def test_a_number_the_rule_does_not_have_is_one_content_error(tmp_path):
    """Ruling AL-R46: a misspelt or foreign number is refused on load, naming the field."""
    err = bad_content(tmp_path, "two_player_step_down = 1", "two_player_stepdown = 1")
    assert err.field.endswith("params.two_player_stepdown")


def test_a_designer_changes_a_rule_number_in_the_data_alone(tmp_path):
    """Ruling AL-R46: a changed number loads and is what the rule uses."""
    d = edited(tmp_path, "producer_goods = 1", "producer_goods = 3")
    assert load_content(d).pages[4].param("producer_goods") == 3


def test_uphill_first_worker_in_any_lane():
    """Ruling AL-R47: the first worker of a seat may go in any lane."""
    assert lanes(places(avon())) == {0, 1, 2, 3}


def test_uphill_later_worker_goes_in_the_same_lane_or_higher():
    """Ruling AL-R47: after lane 2 only lanes 2 and 3 are open to that seat; lane 1 names
    AL-R47; other seats' workers do not bind it."""
    st = avon(gold=[5, 0, 0])
    play(st, "place 9", "place 0", "place 1")  # seat 0 lane 2; seats 1 and 2 lane 0
    assert lanes(places(st)) == {2, 3}
    assert refused(st, "place 5").rule == "AL-R47"
    play(st, "place 13", "good sky")  # seat 0 lane 3
    # seat 1 is still in lane 0: every lane up from it (lane 0's spaces left need gold)
    assert lanes(places(st)) == {1, 2, 3} and 5 in places(st)
    play(st, "place 5", "place 10")  # seat 1 lane 1, seat 2 lane 2
    assert lanes(places(st)) == {3}


def test_uphill_two_players_may_step_one_lane_down():
    """Ruling AL-R49: with 2 players a seat may go one lane below its last one."""
    st = avon(players=2, gold=[5, 5])
    play(st, "place 9", "place 13", "good sky")  # seat 0 lane 2, seat 1 lane 3
    assert lanes(places(st)) == {1, 2, 3}
    play(st, "place 5")  # seat 0 steps down to lane 1
    assert lanes(places(st)) == {2, 3}  # seat 1 from lane 3: lanes 2 and 3
    assert refused(st, "place 6").rule == "AL-R47"  # lane 1 is two lanes down


def test_a_producer_costs_its_gold_and_comes_with_a_good_of_choice():
    """Rulings AL-R48, AL-R50: the producer space costs its gold, gives the token and then
    asks for a good of the player's choice."""
    st = avon(gold=[5, 0, 0])
    play(st, "place 8")  # lane 1 producer, 2 gold
    assert st.gold[0] == 3 and st.tokens[0] == {"producer": 1}
    assert sorted(legal(st)) == ["good dew", "good emb", "good eve", "good sky"]
    play(st, "good sky")
    assert st.goods[0][GOOD_INDEX["sky"]] == 1 and sum(st.goods[0]) == 1


def test_the_page_sets_out_the_four_producers_of_the_token_reference():
    """Ruling AL-R50 (AL-009): 4 producers on page 4, one on a space in each lane."""
    st = avon()
    assert st.tok_supply == {"producer": 4}
    assert sorted(sp.cluster for sp in AVON.spaces if sp.token == "producer") == [0, 1, 2, 3]


def test_producers_are_public_and_worth_two_fame_each_at_the_end():
    """Ruling AL-R50 (AL-066): producers are held in the open and score 2 fame each."""
    st = avon(gold=[5, 0, 0])
    assert fame(st, 0)["tokens"] == 0
    play(st, "place 8", "good sky")
    assert fame(st, 0)["tokens"] == 2
    assert state_data(st, 1)["players"][0]["tokens"] == {"producer": 1}
