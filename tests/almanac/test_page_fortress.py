"""Page 17, High Frost Fortress: sentries on the walls, medals for the strong (AL-R96..AL-R98)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, on
from .conftest import legal, play, refresh, refused

C = load_content()
FORT = C.pages[17]


def places(st, seat=None):
    return {int(a.split()[1]) for a in legal(st, seat) if a.startswith("place")}


def fortress(players=3, guards=None):
    return on(17, players, gold=[9] * players, guards=guards or [0] * players)


def test_fortress_a_sentry_closes_the_spaces_beside_it_to_the_others():
    """Ruling AL-R96: seat 0's worker on space 0 closes space 1 (beside it on wall 0) to
    seats 1 and 2, refused naming AL-R96; space 3 further along stays open."""
    st = fortress()
    play(st, "place 0")
    assert 1 not in places(st) and 3 in places(st)
    assert refused(st, "place 1").rule == "AL-R96"


def test_fortress_a_sentry_does_not_close_its_owners_way():
    """Ruling AL-R96: the owner may still use the spaces beside its own sentry."""
    st = fortress()
    play(st, "place 0", "place 5", "place 6", "good dew")
    assert 1 in places(st)


def test_fortress_the_walls_end_a_sentrys_watch():
    """Ruling AL-R96: the last space of wall 0 and the first of wall 1 are not neighbours."""
    st = fortress()
    play(st, "place 5")
    assert 6 in places(st)


def test_fortress_a_medal_needs_the_caravan_strength_the_page_sets():
    """Ruling AL-R97: below `medal_strength` (2) no medal; 2 guards (strength 4 or more) open
    it, for its gold."""
    st = fortress()
    need = FORT.param("medal_strength")
    assert need == 2
    st.shields = [0, 0, 0]
    assert st.strength(0) < need and 2 not in places(refresh(st))
    st = fortress(guards=[2, 0, 0])
    assert st.strength(0) >= need and 2 in places(st)
    play(st, "place 2")
    assert st.tokens[0] == {"medal": 1} and st.gold[0] == 9 - FORT.spaces[2].cost


def test_medals_are_four_public_tokens_worth_four_fame():
    """Ruling AL-R97 (AL-011, AL-066): 4 medals, on 4 medal spaces, seen by all, 4 fame each."""
    st = fortress(guards=[2, 0, 0])
    assert st.tok_supply == {"medal": 4}
    assert sum(1 for s in FORT.spaces if s.token == "medal") == 4
    play(st, "place 2")
    assert fame(st, 0)["tokens"] == C.token_fame["medal"] == 4
    assert state_data(st, 2)["players"][0]["tokens"] == {"medal": 1}


def test_fortress_two_players_a_sentry_closes_its_neighbours_to_its_owner_too():
    """Ruling AL-R98: with 2 players the owner's own sentry closes the spaces beside it."""
    st = on(17, 2, gold=[9, 9])
    play(st, "place 0", "place 5")
    assert 1 not in places(st)


def test_fortress_a_rule_number_out_of_range_is_one_content_error(tmp_path):
    """Rulings AL-R46, AL-R97: a medal strength above 10 is refused, naming the number."""
    err = bad_content(tmp_path, "medal_strength = 2", "medal_strength = 11")
    assert err.field.endswith("params.medal_strength")
