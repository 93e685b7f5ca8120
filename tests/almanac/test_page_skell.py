"""Page 14, Skell: plague between traders sharing a district (rulings AL-R86..AL-R88)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, on, places
from .conftest import play, refused

C = load_content()
SKELL = C.pages[14]


def skell(players=3):
    return on(14, players, gold=[9] * players)


def test_skell_a_worker_in_an_empty_district_catches_nothing():
    """Ruling AL-R86: no other player's worker in the district, no plague."""
    st = skell()
    play(st, "place 0")
    assert st.tokens[0] == {}


def test_skell_each_other_players_worker_in_the_district_gives_a_plague_token():
    """Ruling AL-R86: seat 2 joins seats 0 and 1 in district 1 on its plague space and takes
    2 plague tokens of contagion besides the space's own."""
    st = skell()
    play(st, "place 4", "place 5")
    assert st.tokens[1] == {"plague": 1}
    play(st, "place 6")
    assert st.tokens[2] == {"plague": 3}


def test_skell_a_players_own_workers_spread_nothing_to_it():
    """Ruling AL-R86: only other players' workers carry the plague."""
    st = skell()
    play(st, "place 0", "place 4", "place 8", "good dew", "place 1")
    assert st.tokens[0] == {}


def test_plague_tokens_are_thirty_public_and_cost_a_fame_each():
    """Ruling AL-R87 (AL-010, AL-066): 30 plague tokens, held in the open, -1 fame each."""
    st = skell()
    assert st.tok_supply == {"plague": 30}
    play(st, "place 0", "place 1")
    assert fame(st, 1)["tokens"] == -1
    assert state_data(st, 0)["players"][1]["tokens"] == {"plague": 1}
    assert st.tok_supply == {"plague": 29}


def test_a_plague_space_pays_four_gold_with_a_plague_token():
    """Ruling AL-R87: the plague space gives 4 gold and a plague token."""
    st = skell()
    play(st, "place 6")
    assert st.gold[0] == 13 and st.tokens[0] == {"plague": 1}


def test_contagion_stops_when_the_supply_is_spent():
    """Ruling AL-R87 (ruling AL-R15): no more plague than the 30 tokens of the box."""
    st = skell()
    st.tok_supply = {"plague": 1}
    play(st, "place 4", "place 5", "place 8", "good dew", "place 0")
    assert st.tokens[1] == {"plague": 1} and st.tok_supply == {"plague": 0}
    play(st, "place 1")  # seat 1 joins seat 0 in district 0: none left to catch
    assert st.tokens[1] == {"plague": 1}


def test_skell_two_players_a_district_of_three_workers_is_quarantined():
    """Ruling AL-R88: with 2 players district 0 closes at 3 workers, refused naming AL-R88."""
    st = on(14, 2, gold=[9, 9], goods=[[0, 0, 0, 1]] * 2)
    play(st, "place 0", "place 1", "place 2", "sell sky")
    assert 0 not in {SKELL.spaces[s].cluster for s in places(st)}
    assert refused(st, "place 3").rule == "AL-R88"


def test_skell_a_space_outside_the_districts_is_one_content_error(tmp_path):
    """Ruling AL-R86: a space in district 7 of a 4-district city is refused, naming it."""
    err = bad_content(
        tmp_path,
        '{ action = "shop", cluster = 2 },\n  { action = "gain_contract", cluster = 2 },',
        '{ action = "shop", cluster = 7 },\n  { action = "gain_contract", cluster = 2 },',
    )
    assert err.field.endswith("].cluster")
