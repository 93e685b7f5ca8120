"""Page 19, Sister's Port: ships boarded in turn and theatre tickets (AL-R103..AL-R105)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, clusters, on, places
from .conftest import play, refused

C = load_content()
PORT = C.pages[19]


def ships(st, seat=None):
    return clusters(19, places(st, seat))


def port(players=3):
    return on(19, players, gold=[9] * players)


def test_port_only_the_first_ship_boards_at_first():
    """Ruling AL-R103: ship 0 alone is open; ship 1 is refused naming AL-R103."""
    st = port()
    assert ships(st) == {0}
    assert refused(st, "place 7").rule == "AL-R103"


def test_port_the_next_ship_opens_once_the_one_before_holds_to_sail_workers():
    """Ruling AL-R103: ship 1 opens once ship 0 holds `to_sail` (2) workers, ship 2 not yet."""
    st = port()
    assert PORT.param("to_sail") == 2
    play(st, "place 0")
    assert ships(st) == {0}
    play(st, "place 1")
    assert ships(st) == {0, 1}


def test_a_theatre_ticket_boards_any_ship():
    """Ruling AL-R104: the holder of a theatre ticket may board every ship, while the others
    wait for ship 1 to fill."""
    st = port()
    play(st, "place 0", "place 1", "place 5")  # ship 0 holds 2: seat 2 takes a ticket
    assert st.tokens[2] == {"theatre": 1} and st.gold[2] == 9 - PORT.spaces[5].cost
    assert ships(st) == {0, 1}  # seat 0, no ticket: ship 1 holds 1, ship 2 waits
    play(st, "place 2", "place 3", "good dew")
    assert {2, 3} <= ships(st)  # seat 2 with its ticket


def test_theatre_tickets_are_three_public_tokens_worth_their_fame():
    """Ruling AL-R104 (AL-011, AL-066): 3 tickets on the later ships, public, each worth the
    fame of the token table (5)."""
    st = port()
    assert st.tok_supply == {"theatre": 3}
    assert sorted(s.cluster for s in PORT.spaces if s.token == "theatre") == [1, 2, 3]
    st.tokens[2] = {"theatre": 1}
    assert fame(st, 2)["tokens"] == C.token_fame["theatre"] == 5
    assert state_data(st, 0)["players"][2]["tokens"] == {"theatre": 1}


def test_port_two_players_a_ship_sails_with_two_aboard():
    """Ruling AL-R105: with 2 players ship 1 opens once ship 0 holds 2 workers."""
    st = on(19, 2, gold=[9, 9])
    play(st, "place 0", "place 1")
    assert ships(st) == {0, 1}


def test_port_a_theatre_on_the_first_ship_is_one_content_error(tmp_path):
    """Ruling AL-R104: the theatre boards later ships; a ticket on ship 0 is refused."""
    err = bad_content(
        tmp_path,
        '{ action = "token", token = "theatre", cost = 3, cluster = 1 },',
        '{ action = "token", token = "theatre", cost = 3, cluster = 0 },',
    )
    assert err.field.endswith(".spaces") and "AL-R104" in str(err)
