"""Page 11, Silver Falls: climbing to the brink and bottling the mist (rulings
AL-R72..AL-R75)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content
from meeple.games.almanac.scoring import fame

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import refused, stage

PAGE = 11


def test_brink_each_worker_climbs_at_most_one_pool_higher():
    """Ruling AL-R72: with 3 players the first worker at the foot, the second up to pool 2,
    the third up to the brink; too high names AL-R72."""
    st = on(PAGE)
    assert C.pages[PAGE].rule == "brink" and clusters(PAGE, places(st)) == {0}
    assert refused(st, "place 6").rule == "AL-R72"
    st.apply_action("place 0", 0)
    st.apply_action("place 1", 1)
    st.apply_action("place 2", 2)
    assert clusters(PAGE, places(st)) == {0, 1}


def test_brink_two_players_reach_one_pool_higher():
    """Ruling AL-R75: with 2 players each worker may go one pool higher."""
    st = on(PAGE, players=2)
    assert clusters(PAGE, places(st)) == {0, 1}


def test_mist_is_bottled_one_two_or_three_at_a_time_by_pool():
    """Ruling AL-R73: the mist space of pool k gives k + 1 bottles (as many as are left)."""
    st = on(PAGE, gold=[9, 0, 0], visited=[0, 0, 0])
    st.visited[0] = 2
    st._legal_cache = {}
    st.apply_action("place 16", 0)  # the brink's mist, 3 gold
    assert st.tokens[0] == {"mist": 3} and st.gold[0] == 6 and st.tok_supply == {"mist": 3}


def test_silver_falls_sets_out_six_public_bottles_each_one_strength_and_one_fame():
    """Ruling AL-R73 (AL-010, AL-048, AL-066): 6 bottles; held in the open, each +1 strength
    for the rest of the journey and 1 fame at the end."""
    st = on(PAGE, gold=[5, 0, 0])
    assert st.tok_supply == {"mist": 6}
    before = st.strength(0)
    st.apply_action("place 5", 0)
    assert st.strength(0) == before + 1 and fame(st, 0)["tokens"] == 1
    assert st.observe(1)["players"][0]["tokens"] == {"mist": 1}


def test_each_worker_on_the_brink_earns_two_gold():
    """Ruling AL-R74: after all workers are placed each worker on the brink earns 2 gold."""
    st = on(PAGE)
    st.occ[12], st.occ[13], st.occ[0] = 1, 1, 2
    stage(st, ("end_phase",), ("after_placed",))
    assert st.gold == [0, 4, 0]


def test_silver_falls_views_tell_how_high_the_viewer_may_climb():
    """Ruling AL-R72: the views name the pools and the viewer's reach."""
    st = on(PAGE)
    text, board = views(st, 0)
    assert "you may climb up to the foot" in text and "the brink" in board


def test_a_bad_reach_number_is_one_content_error(tmp_path):
    """Ruling AL-R46: a number the rule does not have is refused, naming the field."""
    d = edited(tmp_path, "two_player_reach = 1", "two_player_rech = 1")
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith("params.two_player_rech")
