"""Page 7, Glimmerhollow Mines: shafts opened from the top and the vein of the deepest
(rulings AL-R59..AL-R61)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import refused, stage

PAGE = 7


def test_mine_a_shaft_opens_once_a_worker_stands_in_the_shaft_above():
    """Ruling AL-R59: with 3 players only the top shaft at first; the next opens below any
    seat's worker; a closed shaft names AL-R59."""
    st = on(PAGE)
    assert C.pages[PAGE].rule == "mine" and clusters(PAGE, places(st)) == {0}
    assert refused(st, "place 5").rule == "AL-R59"
    st.apply_action("place 0", 0)
    assert clusters(PAGE, places(st)) == {0, 1}
    st.apply_action("place 5", 1)
    assert clusters(PAGE, places(st)) == {0, 1, 2}


def test_mine_two_players_start_with_two_shafts_open():
    """Ruling AL-R61: with 2 players the top two shafts are open from the start."""
    st = on(PAGE, players=2)
    assert clusters(PAGE, places(st)) == {0, 1}


def test_the_vein_pays_each_worker_of_the_deepest_shaft_reached():
    """Ruling AL-R60: after all workers are placed each worker in the deepest shaft with a
    worker earns its owner 2 gold; the others nothing."""
    st = on(PAGE)
    st.occ[0], st.occ[5], st.occ[6] = 0, 1, 2
    stage(st, ("end_phase",), ("after_placed",))
    assert st.gold == [0, 2, 2]


def test_mines_views_name_the_shafts_and_the_deepest():
    """Ruling AL-R59: the views name the shafts and the deepest one reached."""
    st = on(PAGE)
    st.apply_action("place 0", 0)
    text, board = views(st, 1)
    assert "shaft 1 (the top)" in text and "Deepest shaft reached: shaft 1" in text
    assert "deepest: the vein" in board


def test_a_mine_needs_two_shafts(tmp_path):
    """Ruling AL-R46: a mine of one shaft is one content error naming the field."""
    d = edited(tmp_path, 'rule = "mine"\nparams', 'rule = "mine"\nclusters = 1\nparams')
    with pytest.raises(ContentError):
        load_content(d)
