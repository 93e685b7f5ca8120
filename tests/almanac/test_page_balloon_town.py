"""Page 6, Balloon Town: level balloons and the bug tile's sealed bid (rulings
AL-R55..AL-R58)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content
from meeple.games.almanac.scoring import fame

from ._pagehelp import clusters, edited, on, places, views
from .conftest import refused, stage

PAGE = 6


def test_ballast_a_worker_goes_in_the_lightest_balloon():
    """Ruling AL-R55: with 3 players, only balloons with no more workers than the lightest
    open one; any seat's workers count; a heavier balloon names AL-R55."""
    st = on(PAGE)
    assert clusters(PAGE, places(st)) == {0, 1, 2}
    st.apply_action("place 0", 0)  # balloon 1 holds one worker
    assert clusters(PAGE, places(st)) == {1, 2}
    assert refused(st, "place 1").rule == "AL-R55"
    st.apply_action("place 5", 1)
    st.apply_action("place 10", 2)
    assert clusters(PAGE, places(st)) == {0, 1, 2}


def test_ballast_two_players_allow_one_worker_more():
    """Ruling AL-R57: with 2 players a balloon may hold one more than the lightest."""
    st = on(PAGE, players=2)
    st.apply_action("place 0", 0)
    assert clusters(PAGE, places(st)) == {0, 1, 2}
    st.apply_action("place 1", 1)  # balloon 1 holds 2, the others 0
    assert clusters(PAGE, places(st)) == {1, 2}


def test_a_full_balloon_is_left_out_of_the_lightest():
    """Ruling AL-R55: the lightest balloon is taken among those with an empty space."""
    st = on(PAGE)
    for i in range(10, 14):  # balloon 3 full
        st.occ[i] = 2
    for i in (5, 6):
        st.occ[i] = 1
    st._legal_cache = {}
    assert clusters(PAGE, places(st)) == {0}


def test_after_all_placed_the_bug_tile_is_sold_by_sealed_bid():
    """Ruling AL-R56 (AL-074, AL-055..AL-059): a sealed bid of every player; the highest wins
    the bug tile and pays the lowest bid."""
    st = on(PAGE, gold=[5, 4, 2])
    stage(st, ("end_phase",), ("after_placed",))
    assert st.tasks[-1] == ("bid",) and st.bid_ctx == "page"
    assert st.acting_seats() == (0, 1, 2)
    assert refused(st, "bid 9", 2).rule == "AL-R22"
    st.apply_action("bid 2", 0)
    st.apply_action("bid 3", 1)
    st.apply_action("bid 1", 2)
    assert st.tokens[1] == {"bug": 1} and st.gold[1] == 3  # paid the lowest bid, 1
    assert st.tok_supply == {"bug": 0} and st.guide == 0


def test_the_bug_tile_is_public_worth_three_fame_and_two_strength():
    """Ruling AL-R58 (AL-009, AL-066, AL-048): one bug tile, held in the open, +2 strength
    for the rest of the journey and 3 fame at the end."""
    st = on(PAGE)
    assert st.tok_supply == {"bug": 1}
    before = st.strength(0)
    st.tokens[0]["bug"] = 1
    assert st.strength(0) == before + 2 and fame(st, 0)["tokens"] == 3
    assert st.observe(1)["players"][0]["tokens"] == {"bug": 1}


def test_balloon_town_views_tell_each_balloons_load():
    """Ruling AL-R55: the terminal and the board give each balloon's load; the bid names the
    page's prize."""
    st = on(PAGE)
    st.apply_action("place 0", 0)
    text, board = views(st, 1)
    assert "balloon 1 1/5" in text and "load 1/5" in board
    stage(st, ("end_phase",), ("after_placed",))
    text, board = views(st, 1)
    assert "the page's prize" in text and "prize" in board


def test_a_bid_page_without_the_bug_is_one_content_error(tmp_path):
    """Rulings AL-R46, AL-R56: the bid sells the bug tile, so the page must hold it."""
    d = edited(tmp_path, 'tokens = ["bug"]', "tokens = []")
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith("tokens")
