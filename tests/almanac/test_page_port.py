"""Page 19, Sister's Port: ships boarded in turn and theatre tickets (AL-R103..AL-R105)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from .conftest import legal, play, position, refused

C = load_content()
PORT = C.pages[19]


def ships(st, seat=None):
    return {
        PORT.spaces[int(a.split()[1])].cluster for a in legal(st, seat) if a.startswith("place")
    }


def port(players=3):
    return position(
        players, page=19, rnd=6, gold=[9] * players, goods=[[0] * 4] * players, crates=[20] * 4
    )


def test_port_only_the_first_ship_boards_at_first():
    """Ruling AL-R103: ship 0 alone is open; ship 1 is refused naming AL-R103."""
    st = port()
    assert ships(st) == {0}
    assert refused(st, "place 7").rule == "AL-R103"


def test_port_the_next_ship_opens_once_the_one_before_holds_three():
    """Ruling AL-R103: 3 workers aboard ship 0 open ship 1 (not yet ship 2)."""
    st = port()
    play(st, "place 0", "place 1", "place 2")
    assert ships(st) == {0, 1}


def test_a_theatre_ticket_boards_any_ship():
    """Ruling AL-R104: the holder of a theatre ticket may board every ship."""
    st = port()
    play(st, "place 0", "place 1", "place 2", "place 5")  # seat 0 takes a ticket, 3 gold
    assert st.tokens[0] == {"theatre": 1} and st.gold[0] == 6
    play(st, "place 3", "good dew", "place 7", "shop guard")
    # ships 2 and 3 wait for ship 1 to fill, but not for the ticket holder (ship 0 has only its
    # Gain a Contract space left, and hands are full)
    assert ships(st) == {1, 2, 3}


def test_theatre_tickets_are_three_public_tokens_worth_four_fame():
    """Ruling AL-R104 (AL-011, AL-066): 3 tickets on the later ships, public, 4 fame each."""
    st = port()
    assert st.tok_supply == {"theatre": 3}
    assert sorted(s.cluster for s in PORT.spaces if s.token == "theatre") == [1, 2, 3]
    st.tokens[2] = {"theatre": 1}
    assert fame(st, 2)["tokens"] == 4
    assert state_data(st, 0)["players"][2]["tokens"] == {"theatre": 1}


def test_port_two_players_a_ship_sails_with_two_aboard():
    """Ruling AL-R105: with 2 players ship 1 opens once ship 0 holds 2 workers."""
    st = position(2, page=19, rnd=6, gold=[9, 9], goods=[[0] * 4] * 2, crates=[20, 20])
    play(st, "place 0", "place 1")
    assert ships(st) == {0, 1}
