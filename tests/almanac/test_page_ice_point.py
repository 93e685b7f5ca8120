"""Page 5, Ice Point: the two shores and the doppelganger potions (rulings AL-R51..AL-R54)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content
from meeple.games.almanac.scoring import fame

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import legal, play, refused

PAGE = 5
WEST, EAST = 0, 1


def test_mirror_first_worker_on_either_shore_each_later_one_on_the_other():
    """Ruling AL-R51: any shore first; then the shore other than the seat's last one; a
    placement on the same shore names AL-R51; other seats' workers do not bind it."""
    st = on(PAGE)
    assert C.pages[PAGE].rule == "mirror"
    assert clusters(PAGE, places(st)) == {WEST, EAST}
    play(st, "place 0", "place 1", "place 9")  # seat 0 west, seat 1 west, seat 2 east
    assert clusters(PAGE, places(st)) == {EAST}
    assert refused(st, "place 2").rule == "AL-R51"
    play(st, "place 10")  # seat 0 crosses east
    assert clusters(PAGE, places(st)) == {EAST}  # seat 1: its last worker is west


def test_mirror_two_players_may_stay_on_their_shore_once():
    """Ruling AL-R53: with 2 players a seat may stay on its shore ``two_player_stays`` (1)
    times on the page, then must cross."""
    st = on(PAGE, players=2)
    play(st, "place 0", "place 9")  # seat 0 west, seat 1 east
    assert clusters(PAGE, places(st)) == {WEST, EAST}
    play(st, "place 1", "place 10")  # seat 0 stays west (its one stay)
    assert clusters(PAGE, places(st)) == {EAST}
    assert refused(st, "place 2").rule == "AL-R51"


def test_a_doppelganger_potion_brings_a_worker_from_behind_the_screen():
    """Ruling AL-R52: the potion space costs its gold, gives a potion and moves a worker from
    behind the screen onto the caravan, free to be placed this round (ruling AL-R16)."""
    st = on(PAGE, gold=[5, 0, 0])
    assert st.workers[0] == 3 and st.reserve(0) == 3
    play(st, "place 7")
    assert st.gold[0] == 3 and st.tokens[0] == {"potion": 1}
    assert st.workers[0] == 4 and st.reserve(0) == 2


def test_a_potion_with_an_empty_screen_gives_a_good_of_choice():
    """Ruling AL-R52: with no worker left behind the screen the double is a good of choice."""
    st = on(PAGE, gold=[5, 0, 0], workers=[6, 3, 3])
    play(st, "place 7")
    assert st.workers[0] == 6
    assert sorted(legal(st)) == ["good dew", "good emb", "good eve", "good sky"]


def test_ice_point_sets_out_four_public_potions_worth_one_fame_each():
    """Ruling AL-R54 (AL-009, AL-066): 4 potions on 4 spaces, two a shore; held in the open
    and worth 1 fame each at the end."""
    st = on(PAGE, gold=[5, 0, 0])
    assert st.tok_supply == {"potion": 4}
    spots = [sp for sp in C.pages[PAGE].spaces if sp.token == "potion"]
    assert sorted(sp.cluster for sp in spots) == [WEST, WEST, EAST, EAST]
    play(st, "place 7")
    assert fame(st, 0)["tokens"] == 1
    assert st.observe(1)["players"][0]["tokens"] == {"potion": 1}


def test_ice_point_views_name_the_shores_and_the_last_worker():
    """Ruling AL-R51: the terminal and the board tell each shore and where a seat last stood."""
    st = on(PAGE)
    play(st, "place 0")
    text, board = views(st, 0)
    assert "west shore" in text and "Your last worker is on the west shore" in text
    assert "west shore" in board and "east shore" in board and "last here: You" in board
    assert "other shore" in st.game.rules_summary()


def test_a_stays_number_above_the_limit_is_one_content_error(tmp_path):
    """Ruling AL-R46: the page's numbers are checked on load, the error naming the field."""
    d = edited(tmp_path, "two_player_stays = 1", "two_player_stays = 11")
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith("params.two_player_stays")
