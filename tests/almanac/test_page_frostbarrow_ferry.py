"""Page 8, Frostbarrow Ferry: the far bank and the fare (rulings AL-R62..AL-R64)."""

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content

from ._pagehelp import C, clusters, edited, on, places, views
from .conftest import refused

PAGE = 8
NEAR, DECK, FAR = 0, 1, 2


def test_ferry_the_far_bank_opens_once_the_deck_holds_three():
    """Ruling AL-R62: near bank and deck open; the far bank once 3 workers stand on the deck;
    before that it names AL-R62."""
    st = on(PAGE)
    assert C.pages[PAGE].rule == "ferry" and clusters(PAGE, places(st)) == {NEAR, DECK}
    assert refused(st, "place 8").rule == "AL-R62"
    st.apply_action("place 5", 0)
    st.apply_action("place 6", 1)
    st.apply_action("good sky", 1)  # the deck's good of choice
    assert FAR not in clusters(PAGE, places(st))
    st.apply_action("place 7", 2)
    assert FAR in clusters(PAGE, places(st))


def test_ferry_two_players_cross_with_two_aboard():
    """Ruling AL-R64: with 2 players the ferry crosses with 2 workers on its deck."""
    st = on(PAGE, players=2)
    st.apply_action("place 5", 0)
    assert FAR not in clusters(PAGE, places(st))
    st.apply_action("place 7", 1)
    assert FAR in clusters(PAGE, places(st))


def test_landing_on_the_far_bank_pays_the_fare_to_the_others_aboard():
    """Ruling AL-R63: each other player's worker on the deck earns its owner 1 gold from the
    supply when a worker lands on the far bank; one's own workers earn nothing."""
    st = on(PAGE)
    st.occ[5], st.occ[6], st.occ[7] = 0, 1, 2
    st._legal_cache = {}
    st.apply_action("place 8", 0)
    assert st.gold == [0, 1, 1]


def test_ferry_views_tell_the_load_and_the_crossing():
    """Ruling AL-R62: the views tell how many are aboard and whether the ferry crossed."""
    st = on(PAGE)
    st.apply_action("place 5", 0)
    text, board = views(st, 1)
    assert "The ferry holds 1/3 workers and waits at the near bank" in text
    assert "1/3 aboard" in board and "far bank" in board


def test_a_ferry_of_two_banks_only_is_one_content_error(tmp_path):
    """Ruling AL-R46: the ferry has 3 clusters."""
    d = edited(tmp_path, 'rule = "ferry"\nparams', 'rule = "ferry"\nclusters = 4\nparams')
    with pytest.raises(ContentError):
        load_content(d)
