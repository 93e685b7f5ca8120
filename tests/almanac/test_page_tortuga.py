"""Page 10, Tortuga: the crew spread over the coves and the turtles (rulings
AL-R68..AL-R71)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content
from meeple.games.almanac.scoring import fame

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import refused

PAGE = 10


def test_coves_each_worker_goes_where_the_seat_has_the_fewest():
    """Ruling AL-R68: with 3 players a seat's later workers go in its emptiest open coves; a
    cove where it has more names AL-R68; others' crews do not bind it."""
    st = on(PAGE, gold=[5, 5, 5])
    assert C.pages[PAGE].rule == "coves" and clusters(PAGE, places(st)) == {0, 1, 2, 3}
    st.apply_action("place 0", 0)
    st.apply_action("place 5", 1)
    st.apply_action("place 10", 2)
    assert clusters(PAGE, places(st)) == {1, 2, 3}
    assert refused(st, "place 1").rule == "AL-R68"


def test_coves_two_players_allow_one_more_in_a_cove():
    """Ruling AL-R70: with 2 players a seat may have one more worker in a cove than in its
    emptiest."""
    st = on(PAGE, players=2)
    st.apply_action("place 0", 0)
    st.apply_action("place 5", 1)
    assert clusters(PAGE, places(st)) == {0, 1, 2, 3}
    st.apply_action("place 1", 0)
    st.apply_action("place 10", 1)
    assert clusters(PAGE, places(st)) == {1, 2, 3}


def test_a_turtle_carries_one_more_crate_for_the_journey():
    """Ruling AL-R69: the turtle space costs its gold and adds a crate to the caravan."""
    st = on(PAGE, gold=[5, 0, 0])
    crates = st.crates[0]
    st.apply_action("place 3", 0)
    assert st.tokens[0] == {"turtle": 1} and st.crates[0] == crates + 1 and st.gold[0] == 4


def test_tortuga_sets_out_six_public_turtles_worth_one_fame_each():
    """Ruling AL-R71 (AL-010, AL-066): 6 turtle tiles, each on a space of its own, held in the
    open, 1 fame each at the end."""
    st = on(PAGE, gold=[5, 0, 0])
    assert st.tok_supply == {"turtle": 6}
    assert sum(1 for sp in C.pages[PAGE].spaces if sp.token == "turtle") == 6
    st.apply_action("place 3", 0)
    assert fame(st, 0)["tokens"] == 1 and st.observe(2)["players"][0]["tokens"] == {"turtle": 1}


def test_tortuga_views_tell_each_crew():
    """Ruling AL-R68: the terminal tells each seat's crew, the board the viewer's."""
    st = on(PAGE)
    st.apply_action("place 0", 0)
    text, board = views(st, 0)
    assert "Your crew: cove 1 1, cove 2 0" in text and "your crew 1" in board


def test_too_many_coves_is_one_content_error(tmp_path):
    """Ruling AL-R46: at most 5 coves (a crew count is 3 bits a cove)."""
    d = edited(tmp_path, 'rule = "coves"\nparams', 'rule = "coves"\nclusters = 6\nparams')
    with pytest.raises(ContentError):
        load_content(d)
