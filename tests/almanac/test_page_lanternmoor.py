"""Page 15, Lanternmoor: each worker follows the last lantern lit (rulings AL-R89..AL-R91)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.render import render_observation

from ._pagehelp import bad_content, clusters, on, places
from .conftest import game, play, refresh, refused

C = load_content()
MOOR = C.pages[15]


def posts(st, seat=None):
    return clusters(15, places(st, seat))


def moor(players=3):
    return on(15, players, gold=[9] * players)


def test_lanternmoor_the_first_worker_may_go_to_any_post():
    """Ruling AL-R89: before any worker, every post is open."""
    assert posts(moor()) == {0, 1, 2, 3, 4, 5}


def test_lanternmoor_each_worker_follows_the_last_one_placed_by_anyone():
    """Ruling AL-R89: after seat 0 places at post 0, seat 1 may use posts 5, 0 and 1 only;
    post 3 is refused naming AL-R89."""
    st = moor()
    play(st, "place 0")
    assert posts(st) == {5, 0, 1}
    assert refused(st, "place 8").rule == "AL-R89"
    play(st, "place 3")  # seat 1 at post 1: seat 2 follows from there
    assert posts(st) == {0, 2}  # post 1 has only its contract space left, not carried out


def test_lanternmoor_when_the_lit_posts_are_full_the_lanterns_gutter():
    """Ruling AL-R90: with every space of posts 0-2 taken after a worker at post 1, every
    post is open again."""
    st = moor()
    st.pg = [1]
    for i, sp in enumerate(MOOR.spaces):
        if sp.cluster in (0, 1, 2):
            st.occ[i] = 2
    refresh(st)
    assert posts(st) == {3, 4, 5}


def test_lanternmoor_two_players_follow_two_paths_away():
    """Ruling AL-R91: with 2 players the reach is 2 paths."""
    st = on(15, 2, gold=[9, 9])
    play(st, "place 0")
    assert posts(st) == {4, 5, 0, 1, 2}


def test_lanternmoor_the_view_names_the_last_lantern():
    """Ruling AL-R89: the terminal view tells where the last worker stands and marks the
    spaces open to the viewer."""
    st = moor()
    play(st, "place 0")
    view = render_observation(game(3), st.observe(1))
    assert "the last worker stands at post c0" in view
    assert " 3 c1* " in view and " 8 c3  " in view


def test_lanternmoor_without_paths_is_one_content_error(tmp_path):
    """Ruling AL-R89: lantern posts need paths; a page without them is refused, naming them."""
    err = bad_content(tmp_path, "paths = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]\n", "")
    assert err.field.endswith(".paths")
