"""Page 13, Grassland Fair: tents that fill up and three-card monte (rulings AL-R83..AL-R85)."""

import shutil

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import DEFAULT_DIR, load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.render import render_observation
from meeple.games.almanac.scoring import fame

from ._pagehelp import on, places
from .conftest import game, play, refused

C = load_content()
FAIR = C.pages[13]


def tents(spaces):
    return {FAIR.spaces[s].cluster for s in spaces}


def fair(players=3, gold=None):
    return on(13, players, gold=gold or [9] * players)


def test_fair_a_tent_with_three_workers_is_full_to_everyone():
    """Ruling AL-R83: after 3 workers in tent 0 (of any players) its last space is closed and
    refused naming AL-R83."""
    st = fair()
    play(st, "place 0", "place 1", "place 2")  # tent 0: 3 workers
    assert 0 not in tents(places(st)) and {1, 2, 3, 4} <= tents(places(st))
    assert refused(st, "place 3").rule == "AL-R83"


def test_fair_two_players_a_tent_is_full_at_two_workers():
    """Ruling AL-R85: with 2 players a tent holds 2 workers."""
    st = fair(players=2)
    play(st, "place 0", "place 1")
    assert 0 not in tents(places(st))
    assert FAIR.param("two_player_capacity") == 2


def test_a_monte_card_costs_its_gold_then_the_die_pays_the_purse():
    """Ruling AL-R84: the monte space takes 2 gold and a monte card, then the 6-sided die:
    4-5 win 3 gold."""
    st = fair()
    play(st, "place 4")
    assert st.gold[0] == 7 and st.tokens[0] == {"monte": 1}
    assert st.tasks[-1][0] == "d6"
    play(st, "d6 4")
    assert st.gold[0] == 10


def test_a_six_wins_twice_the_purse_and_a_low_roll_nothing():
    """Ruling AL-R84: a 6 pays 6 gold; 1-3 pay nothing (the card is kept all the same)."""
    st = fair()
    play(st, "place 4", "d6 6")
    assert st.gold[0] == 13
    play(st, "place 8", "d6 2")
    assert st.gold[1] == 7 and st.tokens[1] == {"monte": 1}


def test_monte_cards_are_three_public_tokens_worth_two_fame():
    """Ruling AL-R84 (AL-010, AL-066): 3 monte cards, one per card table, seen by all, 2 fame
    each at the end."""
    st = fair()
    assert st.tok_supply == {"monte": 3}
    assert sum(1 for s in FAIR.spaces if s.token == "monte") == 3
    play(st, "place 4", "d6 1")
    assert fame(st, 0)["tokens"] == 2
    assert state_data(st, 2)["players"][0]["tokens"] == {"monte": 1}


def test_the_view_shows_each_tent_against_its_capacity():
    """Ruling AL-R83: the terminal view tells how full each tent is."""
    st = fair()
    play(st, "place 0")
    assert "c0 1/3" in render_observation(game(3), st.observe(1))


def test_fair_without_a_monte_space_is_one_content_error(tmp_path):
    """Ruling AL-R84: a fair page with no monte space is refused, naming its spaces."""
    d = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, d)
    text = (d / "pages.toml").read_text()
    text = text.replace('tokens = ["monte"]', "tokens = []", 1)
    text = text.replace('action = "token", token = "monte", cost = 2', 'action = "shop"')
    (d / "pages.toml").write_text(text)
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith(".spaces") and "AL-R84" in str(e.value)
