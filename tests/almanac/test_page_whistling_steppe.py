"""Page 9, Whistling Steppe: the turning wind and the singing pipe (rulings
AL-R65..AL-R67)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import legal, refused, stage

PAGE = 9


def test_wind_open_pipes_are_the_winds_and_the_next_clockwise():
    """Ruling AL-R65: with 3 players the wind's pipe and the next; after a placement the wind
    turns to the pipe after the one used; another pipe names AL-R65."""
    st = on(PAGE, gold=[5, 5, 5])
    assert C.pages[PAGE].rule == "wind" and st.pg == [0]
    assert clusters(PAGE, places(st)) == {0, 1}
    assert refused(st, "place 8").rule == "AL-R65"
    st.apply_action("place 4", 0)  # pipe 2 (cluster 1)
    assert st.pg == [2] and clusters(PAGE, places(st)) == {2, 3}
    st.apply_action("place 14", 1)  # pipe 4 -> the wind wraps round to pipe 1
    st.apply_action("good dew", 1)
    st.apply_action("good dew", 1)
    assert st.pg == [0]


def test_wind_skips_pipes_without_an_empty_space():
    """Ruling AL-R65: the wind turns past a full pipe."""
    st = on(PAGE)
    for i in range(4, 8):
        st.occ[i] = 2  # pipe 2 full
    st._legal_cache = {}
    st.apply_action("place 0", 0)
    assert st.pg == [2]


def test_wind_two_players_reach_three_pipes():
    """Ruling AL-R67: with 2 players the wind's pipe and the next two."""
    st = on(PAGE, players=2)
    assert clusters(PAGE, places(st)) == {0, 1, 2}


def test_the_winds_pipe_sings_a_good_to_each_worker_there():
    """Ruling AL-R66: after all workers are placed each worker in the wind's pipe gains a good
    of choice, from the Guide clockwise."""
    st = on(PAGE)
    st.pg = [1]
    st.occ[4], st.occ[5], st.occ[0] = 2, 1, 0
    stage(st, ("end_phase",), ("after_placed",))
    assert st.tasks[-1] == ("good", 1, 1)
    assert sorted(legal(st)) == ["good dew", "good emb", "good eve", "good sky"]
    st.apply_action("good dew", 1)
    assert st.tasks[-1] == ("good", 2, 1)


def test_steppe_views_tell_where_the_wind_points():
    """Ruling AL-R65: the views name the wind's pipe."""
    st = on(PAGE)
    text, board = views(st, 0)
    assert "The wind points at pipe 1" in text and "wind here" in board


def test_a_width_above_the_limit_is_one_content_error(tmp_path):
    """Ruling AL-R46: the page's numbers are checked on load, the error naming the field."""
    d = edited(tmp_path, "width = 2,", "width = 12,")
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith("params.width")
