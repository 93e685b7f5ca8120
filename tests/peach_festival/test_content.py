"""Content data: the Market sheet and Request cards (PF-G01..PF-G08, PF-I05, PF-I08)."""

import shutil
from pathlib import Path

import pytest

import meeple
from meeple.core.errors import ContentError
from meeple.games.peach_festival.content import DEFAULT_DIR, load_content


def custom(tmp_path: Path, file: str, old: str, new: str) -> str:
    for name in ("sheet.toml", "requests.toml"):
        shutil.copy(DEFAULT_DIR / name, tmp_path / name)
    path = tmp_path / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return str(tmp_path)


def test_sheet_is_consistent_with_the_rulebook_numbers():
    """PF-G01, PF-G07, PF-082 (rulings PF-R01, PF-R07): solo conditions fit the columns;
    the turn track gives 17/15/13 rounds."""
    c = load_content()
    go, ge, te, sp, ch, si = c.sheet.lengths
    assert sp >= 7 and ch >= 7  # "at least 7 Spices / Chinaware squares"
    assert sp + go >= 12 and si + ch >= 12 and te + ge >= 12
    assert go >= 4 and ge >= 4  # "all squares ... and a 3" needs 0, 1, 2, 3
    n = len(c.sheet.track_colours)
    assert [n - c.sheet.track_start(x) for x in ("green", "orange", "red")] == [17, 15, 13]
    assert c.sheet.peach_spots - c.sheet.start_peaches >= 18  # room to eat 18 (Request #12)


def test_every_glossary_condition_is_on_some_card():
    """PF-G08, PF-I05 (ruling PF-R08): 24 cards carry the 14 conditions."""
    c = load_content()
    assert {card.condition for card in c.cards} == set(range(1, 15))


def test_every_card_starts_two_different_commodities():
    """PF-G28 (ruling PF-R26)."""
    assert all(len(set(card.start)) == 2 for card in load_content().cards)


def test_invalid_icon_names_file_and_field(tmp_path):
    """PF-G02 (ruling PF-R02): a typo is caught on load with file and field."""
    d = custom(tmp_path, "sheet.toml", '2 = "peach", 4 = "die"', '2 = "pech", 4 = "die"')
    with pytest.raises(ContentError) as e:
        meeple.make("peach-festival", players=2, content=d)
    assert e.value.file.endswith("sheet.toml") and e.value.field == "columns[0].rewards.2"


@pytest.mark.parametrize(("length", "message"), [(0, "at least one square"), (99, "multiplier")])
def test_a_column_length_outside_the_sheet_is_refused_with_its_reason(tmp_path, length, message):
    """PF-G01 (ruling PF-R01): a column has 1 square or more, each with a row multiplier."""
    d = custom(tmp_path, "sheet.toml", "length = 6", f"length = {length}")
    with pytest.raises(ContentError, match=message) as e:
        load_content(d)
    assert e.value.field == "columns[0].length"


def test_track_that_breaks_the_round_counts_is_refused(tmp_path):
    """PF-082: the turn track must give exactly 17/15/13 rounds."""
    d = custom(tmp_path, "sheet.toml", '[[track]]\ncolour = "orange"', "[[track]]\n\n[[track]]")
    with pytest.raises(ContentError, match="must start exactly"):
        load_content(d)


def test_duplicate_card_ids_are_refused(tmp_path):
    """PF-026: IDs are unique."""
    d = custom(tmp_path, "requests.toml", "id = 2\n", "id = 1\n")
    with pytest.raises(
        ContentError, match=r"unique positive numbers \(PF-026\): ID 1 is given twice"
    ):
        load_content(d)


def test_a_misspelt_commodity_on_a_card_is_named(tmp_path):
    """PF-G28: a card's starting commodities are two of the six; a typo says which word."""
    d = custom(tmp_path, "requests.toml", 'start = ["gold", "gems"]', 'start = ["gold", "gem"]')
    with pytest.raises(ContentError, match="unknown commodity 'gem'; the commodities are gold,"):
        load_content(d)


def test_custom_content_directory_changes_the_rules_data(tmp_path):
    """Designers run the rules on another layout: here Merchants give 5, 5, 5 Peaches."""
    d = custom(tmp_path, "sheet.toml", "merchants = [1, 2, 3]", "merchants = [5, 5, 5]")
    g = meeple.make("peach-festival", players=2, content=d)
    assert g.sheet.merchants == (5, 5, 5)


def test_missing_content_file_is_reported(tmp_path):
    with pytest.raises(ContentError, match="missing content file"):
        load_content(str(tmp_path))


def test_a_sheet_too_small_for_a_cards_solo_condition_is_refused_in_solo_only(tmp_path):
    """Ruling PF-R40: 7 Spices squares (condition 1, PF-083) need a Spices column of 7; "the
    most Spices squares" of the multiplayer game can always be met."""
    d = custom(
        tmp_path,
        "sheet.toml",
        'length = 9\nrewards = { 3 = "tea", 6 = "peach", 7 = "die", 8 = "number:2" }',
        'length = 6\nrewards = { 3 = "tea" }',
    )
    with pytest.raises(
        ContentError, match=r"7 Spices squares \(condition 1\); the sheet has 6"
    ) as e:
        meeple.make("peach-festival", players=1, content=d)
    assert e.value.file.endswith("sheet.toml") and e.value.field == "columns[3].length"
    assert meeple.make("peach-festival", players=2, content=d).sheet.lengths[3] == 6


def test_a_peach_grid_too_small_for_a_cards_solo_condition_is_refused(tmp_path):
    """Ruling PF-R40: eating 18 Peaches (condition 12, PF-094) needs 18 spots to fill."""
    d = custom(
        tmp_path,
        "sheet.toml",
        '[[peach_rows]]\nspots = "WWWGWWG"\nbonus = "two"\n\n[[peach_rows]]\nspots = "WWGGWWW"\n'
        'bonus = "wild"\n',
        "",
    )
    with pytest.raises(ContentError, match=r"18 Peaches \(condition 12\); the Peach grid has 14"):
        meeple.make("peach-festival", players=1, difficulty="hard", content=d)
    assert meeple.make("peach-festival", players=3, content=d).sheet.peach_spots == 14


@pytest.mark.parametrize("size", [23, 30])
def test_the_request_deck_holds_the_rulebooks_24_cards(tmp_path, size):
    """PF-001: 24 Request cards; a deck of 23 or 30 is refused."""
    last = 'id = 24\ncondition = 14\nstart = ["tea", "silk"]\n'
    more = "".join(
        f'\n[[cards]]\nid = {i}\ncondition = 1\nstart = ["gold", "gems"]\n'
        for i in range(25, size + 1)
    )
    cut = "[[cards]]\n" + last if size < 24 else last
    d = custom(tmp_path, "requests.toml", cut, "" if size < 24 else last + more)
    with pytest.raises(ContentError, match=rf"24 Request cards \(PF-001\), got {size}") as e:
        load_content(d)
    assert e.value.file.endswith("requests.toml") and e.value.field == "cards"


def test_a_misspelt_table_is_named_as_unknown(tmp_path):
    """A misspelt ``[[cards]]`` is an unknown key, not a deck with no cards."""
    d = custom(tmp_path, "requests.toml", "[[cards]]\nid = 24", "[[card]]\nid = 24")
    with pytest.raises(ContentError, match="unknown key") as e:
        load_content(d)
    assert e.value.file.endswith("requests.toml") and e.value.field == "card"
