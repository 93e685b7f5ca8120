"""Page 12, Aurora: bands of the goods' colours and the light marker (rulings AL-R80..AL-R82)."""

from pathlib import Path

from meeple.games.almanac.content import GOOD_INDEX, load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.render import render_observation
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, on, places
from .conftest import game, legal, play, refused, stage

C = load_content()
AURORA = C.pages[12]


def bands(spaces):
    return {AURORA.spaces[s].cluster for s in spaces}


def goods(*names):
    g = [0, 0, 0, 0]
    for n in names:
        g[GOOD_INDEX[n]] += 1
    return g


def aurora(players=3, gold=None, held=None):
    return on(12, players, gold=gold or [9] * players, goods=held)


def test_aurora_a_player_without_goods_may_use_only_the_pale_band():
    """Ruling AL-R80: with no goods only band 4, the pale band, is open; a coloured band is
    refused naming AL-R80."""
    st = aurora()
    assert bands(places(st)) == {4}
    assert refused(st, "place 0").rule == "AL-R80"


def test_aurora_a_band_opens_to_a_player_carrying_its_colour():
    """Ruling AL-R80: band k glows in the k-th good of the bar; carrying Everice and Skyfish
    opens bands 0 and 2 besides the pale one."""
    st = aurora(held=[goods("eve", "sky"), [0] * 4, [0] * 4])
    assert AURORA.bar[0] == GOOD_INDEX["eve"] and AURORA.bar[2] == GOOD_INDEX["sky"]
    assert bands(places(st)) == {0, 2, 4}


def test_aurora_a_band_closes_once_its_colour_is_sold():
    """Ruling AL-R80: the bands follow the goods carried now, not those carried before."""
    st = aurora(held=[goods("eve", "dew"), goods("eve"), [0] * 4])
    assert bands(places(st)) == {0, 1, 4}
    play(st, "place 0", "sell eve", "stop")  # seat 0 sells its only Everice, keeps the Dewleaf
    play(st, "place 12", "good dew", "place 13", "shop guard")
    assert bands(places(st)) == {1, 4}


def test_aurora_two_players_the_plentiful_band_is_open_to_all():
    """Ruling AL-R81: with 2 players the last coloured band is open without its good."""
    st = aurora(players=2)
    assert bands(places(st)) == {3, 4}
    assert AURORA.param("two_player_open_bands") == 1


def test_the_light_marker_holder_chooses_the_next_page():
    """Ruling AL-R82: the holder of the light marker, not the Guide, chooses the next page."""
    st = aurora(held=[goods("eve"), [0] * 4, [0] * 4])
    play(st, "place 2")  # seat 0 takes the light marker for 3 gold
    assert st.tokens[0] == {"light": 1} and st.gold[0] == 6
    st.guide = 1
    stage(st, ("route_start",))
    assert st.tasks[-1] == ("route", 0)
    assert legal(st, 0) == ["go 16", "go 17"]


def test_without_the_light_marker_the_guide_chooses():
    """Ruling AL-R82 (AL-060): nobody holds the light, so the Guide chooses."""
    st = aurora()
    st.guide = 2
    stage(st, ("route_start",))
    assert st.tasks[-1] == ("route", 2)


def test_the_light_marker_is_one_public_token_worth_three_fame():
    """Ruling AL-R82 (AL-010, AL-066): one light marker, seen by all, 3 fame at the end."""
    st = aurora(held=[goods("eve"), [0] * 4, [0] * 4])
    assert st.tok_supply == {"light": 1}
    play(st, "place 2")
    assert fame(st, 0)["tokens"] == 3
    assert state_data(st, 1)["players"][0]["tokens"] == {"light": 1}
    assert "Player 1 holds the light marker" in render_observation(game(3), st.observe(1))


def test_aurora_needs_five_bands(tmp_path: Path):
    """Ruling AL-R80: a sky of another number of bands is one content error naming the field."""
    err = bad_content(
        tmp_path, 'tokens = ["light"]\nclusters = 5', 'tokens = ["light"]\nclusters = 6'
    )
    assert err.field.endswith("clusters")
