"""A page's numbers per player count (ruling AL-R106) and the words of the rules summary,
which take their numbers from the page's data."""

from __future__ import annotations

import re

import pytest

from meeple.core.errors import ContentError
from meeple.games.almanac.content import load_content
from meeple.games.almanac.pages import PAGE_RULES
from meeple.games.almanac.render import rule_words

from ._pagehelp import edited, on, places
from .conftest import game

C = load_content()

#: Grassland Fair's own numbers, as pages.toml writes them.
FAIR_PARAMS = "params = { tent_capacity = 3, two_player_capacity = 2, monte_purse = 3 }"


def test_a_page_plays_with_the_numbers_of_its_player_count():
    """Ruling AL-R106: Grassland Fair's ``players.3`` table sets its monte purse and a monte
    card's cost with 3 players; with 2 players the page's own numbers hold."""
    two, three = game(2).content.pages[13], game(3).content.pages[13]
    assert two is C.pages[13]
    assert (two.param("monte_purse"), two.spaces[4].cost) == (3, 2)
    assert (three.param("monte_purse"), three.spaces[4].cost) == (2, 3)
    assert [s.action for s in three.spaces] == [s.action for s in two.spaces]


def test_a_count_without_numbers_of_its_own_plays_the_shipped_content_itself():
    """Ruling AL-R106: no page sets numbers for 2 players, so a 2-player game's content is the
    loaded content, the same object (and digest) for every 2-player game."""
    assert C.for_players(2) is C
    assert game(3).content is game(3).content
    assert game(3).content_digest() == game(2).content_digest()


def test_a_player_count_changes_only_the_spaces_it_names(tmp_path):
    """Ruling AL-R106: a cost set for 4 players changes that space at 4 players only."""
    d = edited(
        tmp_path,
        "[page.players.4.spaces]\n2 = { cost = 0 }",
        "[page.players.4.spaces]\n2 = { cost = 3 }",
    )
    four = game(4, content=str(d)).content.pages[17]
    assert four.spaces[2].cost == 3
    assert game(3, content=str(d)).content.pages[17].spaces[2].cost == 1
    assert game(2, content=str(d)).content.pages[17].spaces[2].cost == 2


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (
            "[page.players.3.params]\nmonte_purse = 2",
            "[page.players.5.params]\nmonte_purse = 2",
            "players.5",
            "2, 3 or 4",
        ),
        (
            "[page.players.3.params]\nmonte_purse = 2",
            "[page.players.3.params]\nmonte_prize = 2",
            "params.monte_prize",
            "no number",
        ),
        (
            "[page.players.3.params]\nmonte_purse = 2",
            '[page.players.3]\nrule = "free"\n[page.players.3.params]\nmonte_purse = 2',
            "players.3.rule",
            "only params and spaces",
        ),
        (
            "[page.players.4.spaces]\n2 = { cost = 0 }",
            '[page.players.4.spaces]\n2 = { token = "shield" }',
            "spaces.2.token",
            "AL-R106",
        ),
        (
            "[page.players.4.spaces]\n2 = { cost = 0 }",
            "[page.players.4.spaces]\n40 = { cost = 0 }",
            "spaces.40",
            "spaces 0..",
        ),
        (
            "[page.players.4.spaces]\n2 = { cost = 0 }",
            "[page.players.4.spaces]\n2 = { cost = 1000 }",
            "players.4.spaces[2].cost",
            "",
        ),
    ],
    ids=["count", "unknown-number", "not-a-number", "space-field", "space-index", "too-dear"],
)
def test_a_player_count_sets_numbers_only_and_bad_ones_are_one_content_error(
    tmp_path, old, new, field, words
):
    """Ruling AL-R106: a count is 2-4; it sets the rule's numbers and its spaces' costs,
    gold, goods and prices, checked as the page's own; anything else is one ContentError
    naming the field."""
    d = edited(tmp_path, old, new)
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert field in e.value.field and words in str(e.value)


def test_aurora_with_3_players_the_plentiful_band_is_open_to_all():
    """Ruling AL-R107: with 3 players (``open_bands`` 1) a player carrying no goods may use
    the pale band and the plentiful Emberspice band; with 4 players (2) the Skyfish one too."""
    bands = {C.pages[12].spaces[s].cluster for s in places(on(12, 3, gold=[9] * 3, own=False))}
    assert bands == {3, 4}
    bands = {C.pages[12].spaces[s].cluster for s in places(on(12, 4, gold=[9] * 4, own=False))}
    assert bands == {2, 3, 4}


def test_the_rules_summary_takes_a_page_s_numbers_from_its_data(tmp_path):
    """A designer's change shows in the words: with the fair's tents holding 4 and its purse
    5 in a content copy, the rules summary says so, for 2 players as for 3."""
    shipped = game(2).rules_summary()
    assert "a tent holding 3 workers (2 with 2 players)" in shipped
    assert "4-5 win 3 gold, 6 wins 6" in shipped
    d = edited(
        tmp_path,
        FAIR_PARAMS,
        "params = { tent_capacity = 4, two_player_capacity = 2, monte_purse = 5 }",
    )
    changed = game(2, content=str(d)).rules_summary()
    assert "a tent holding 4 workers (2 with 2 players)" in changed
    assert "4-5 win 5 gold, 6 wins 10" in changed
    assert "4-5 win 2 gold, 6 wins 4" in game(3, content=str(d)).rules_summary()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_page_s_summary_is_filled_in_from_its_data(players):
    """Every rule's words format with the page's numbers: no ``{name}`` is left, and each
    number the words give for the page's own count is the page's."""
    content = game(players).content
    for page in content.pages.values():
        words = rule_words(content, page)
        assert words and not re.search(r"[{}]", words), (page.id, words)
    ferry = content.pages[8]
    assert f"deck holds {ferry.param('crossing')} workers" in PAGE_RULES["ferry"].words(
        ferry, content
    )


def test_a_misspelt_key_of_a_page_with_player_counts_is_still_refused(tmp_path):
    """Ruling AL-R106: reading a page for its player counts reads no key the page itself
    does not, so an unknown key of Grassland Fair (which has counts) is one content error."""
    d = edited(tmp_path, 'rule = "fair"', 'rule = "fair"\nlayuot = 2')
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert "layuot" in e.value.field + str(e.value)
