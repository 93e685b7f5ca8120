"""Page 16, High Frost Palace: halls opened by the court's favour (rulings AL-R92..AL-R95)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, clusters, on, places
from .conftest import play, refused

C = load_content()
PALACE = C.pages[16]


def halls(st, seat=None):
    return clusters(16, places(st, seat))


def palace(players=3):
    return on(16, players, gold=[9] * players)


def test_palace_a_newcomer_may_use_only_the_gate():
    """Ruling AL-R92: without a favor or royalty only the Gate is open; the Hall is refused
    naming AL-R92."""
    st = palace()
    assert halls(st) == {0}
    assert refused(st, "place 11").rule == "AL-R92"


def test_palace_a_worker_at_the_gate_earns_a_favor_that_opens_the_hall():
    """Rulings AL-R92, AL-R93: a worker in the Gate earns a favor; the Hall opens to it."""
    st = palace()
    play(st, "place 0", "place 1", "place 2")
    assert st.tokens[0] == {"favor": 1}
    assert halls(st) == {0, 1}


def test_palace_a_worker_in_the_hall_earns_royalty_that_opens_the_throne_room():
    """Rulings AL-R92, AL-R93: a worker in the Hall earns a royalty token, and the Throne
    room with the City Key opens to its player."""
    st = palace()
    play(st, "place 0", "place 1", "place 2", "place 11")
    assert st.tokens[0] == {"favor": 1, "royalty": 1}
    play(st, "place 3", "good dew", "place 4", "shop guard")
    assert halls(st) == {0, 1, 2}
    play(st, "place 15")
    assert st.tokens[0]["city_key"] == 1 and st.gold[0] == 9 - PALACE.spaces[15].cost


def test_palace_favors_and_royalty_are_four_each_and_run_out():
    """Ruling AL-R93 (AL-011): 4 favors, then the Gate earns nothing more."""
    st = palace()
    assert st.tok_supply == {"city_key": 1, "favor": 4, "royalty": 4}
    st.tok_supply["favor"] = 1
    play(st, "place 0", "place 1")
    assert st.tokens[0] == {"favor": 1} and st.tokens[1] == {}


def test_palace_tokens_are_public_and_score_their_fame():
    """Rulings AL-R93, AL-R94 (AL-066): a favor 0 fame (it opens the Hall), a royalty token 1,
    the City Key 4; all seen by everyone."""
    st = palace()
    st.tokens[0] = {"favor": 1, "royalty": 1, "city_key": 1}
    tf = C.token_fame
    assert (tf["favor"], tf["royalty"], tf["city_key"]) == (0, 1, 4)
    assert fame(st, 0)["tokens"] == 5
    assert state_data(st, 1)["players"][0]["tokens"] == {"city_key": 1, "favor": 1, "royalty": 1}


def test_palace_two_players_the_hall_needs_no_favor():
    """Ruling AL-R95: with 2 players the Hall is open from the start."""
    st = on(16, 2, gold=[9, 9])
    assert halls(st) == {0, 1}


def test_palace_with_the_city_key_outside_the_throne_room_is_one_content_error(tmp_path):
    """Ruling AL-R94: the City Key belongs in the Throne room; elsewhere it is refused."""
    err = bad_content(
        tmp_path,
        '{ action = "token", token = "city_key", cost = 4, cluster = 2 },',
        '{ action = "token", token = "city_key", cost = 4, cluster = 1 },',
    )
    assert err.field.endswith(".spaces") and "AL-R94" in str(err)
