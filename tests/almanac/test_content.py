"""Components and content validation (AL-001..AL-013, AL-G02..AL-G06, AL-I01..AL-I04, AL-I08,
AL-I09, AL-I12)."""

import re
import shutil
from pathlib import Path

import pytest

from meeple.core.errors import ConfigError, ContentError
from meeple.games.almanac.content import DEFAULT_DIR, GOOD_NAMES, load_content

from .conftest import game

C = load_content()


def test_goods_are_four_types_of_thirty():
    """AL-001: Dewleaf, Emberspice, Everice, Skyfish, 30 each (supply cap, AL-G15)."""
    assert GOOD_NAMES == ("Dewleaf", "Emberspice", "Everice", "Skyfish")
    assert C.goods_per_type == 30


def test_gold_supply_face_value_is_930_and_caps_bids():
    """AL-002: 30x1 + 20x5 + 15x20 + 10x50 = 930; the bid cap (ruling AL-R38) is that value."""
    from meeple.games.almanac.notation import MAX_BID

    assert 30 * 1 + 20 * 5 + 15 * 20 + 10 * 50 == 930 == MAX_BID


def test_decks_have_30_caravans_24_contracts_20_encounters_4_starting():
    """AL-003: deck sizes are validated on load."""
    assert (len(C.caravans), len(C.contracts), len(C.encounters), len(C.starting)) == (
        30,
        24,
        20,
        4,
    )


def test_six_workers_per_player_three_on_the_caravan_and_four_colours():
    """AL-004, AL-013: 6 workers per colour, 4 colours -> at most 4 players."""
    assert C.workers_per_player == 6 and C.workers_on_caravan == 3
    assert game(4).num_players == 4


def test_twelve_guards_in_the_supply():
    """AL-005, AL-G15: 12 guard tokens."""
    assert C.guard_supply == 12
    assert game(2).new_initial_state().guard_supply == 12


def test_fight_die_has_an_x_and_the_six_sided_die_six_faces():
    """AL-006, AL-G06: the fight die's faces are data and include X; the d6 has 1-6."""
    g = game(2)
    assert "X" in C.fight_die
    assert [a.text for a in g.action_space.chance_outcomes if a.kind == "d6"] == [
        f"d6 {n}" for n in range(1, 7)
    ]


def test_singletons_guide_and_city_key():
    """AL-007, AL-I02: one Guide (a seat index) and one City Key token (page 16)."""
    st = game(3).new_initial_state()
    assert st.guide in range(3)
    assert C.token_count["city_key"] == 1
    assert "city_key" in C.pages[16].tokens


def test_location_token_counts_match_the_components_list():
    """AL-008: ice 2, ladders 12, producer 4, potion 4, bug 1, turtle 6, mist 6, light 1,
    monte 3, plague 30, favor 4, royalty 4, medal 4, shield 4, theatre 3 (AL-I03, AL-I04:
    theatre tokens = tickets; ice tokens = tiles = blocks)."""
    want = {
        "ice": 2,
        "ladder": 12,
        "producer": 4,
        "potion": 4,
        "bug": 1,
        "turtle": 6,
        "mist": 6,
        "light": 1,
        "monte": 3,
        "plague": 30,
        "favor": 4,
        "royalty": 4,
        "medal": 4,
        "shield": 4,
        "theatre": 3,
    }
    for k, n in want.items():
        assert C.token_count[k] == n


def test_token_map_of_pages_2_to_6():
    """AL-009: 2 ice, 3 ladders, 4 producers, 5 potions, 6 bug tile."""
    assert C.pages[2].tokens == ("ice",)
    assert "ladder" in C.pages[3].tokens
    assert C.pages[4].tokens == ("producer",)
    assert C.pages[5].tokens == ("potion",)
    assert C.pages[6].tokens == ("bug",)


def test_token_map_of_pages_10_to_14():
    """AL-010: 10 turtles, 11 mist, 12 light, 13 monte, 14 plague."""
    assert [C.pages[p].tokens for p in (10, 11, 12, 13, 14)] == [
        ("turtle",),
        ("mist",),
        ("light",),
        ("monte",),
        ("plague",),
    ]


def test_token_map_of_pages_16_to_19():
    """AL-011: 16 favor + royalty + City Key, 17 medals, 18 shields, 19 theatre."""
    assert set(C.pages[16].tokens) == {"favor", "royalty", "city_key"}
    assert [C.pages[p].tokens for p in (17, 18, 19)] == [("medal",), ("shield",), ("theatre",)]


def test_nineteen_pages_with_invented_names_for_7_8_9_15():
    """AL-012: pages 1-19; page 1 is Trader's Village; 7, 8, 9, 15 carry no tokens."""
    assert sorted(C.pages) == list(range(1, 20))
    assert C.pages[1].name == "Trader's Village"
    for p in (7, 8, 9, 15):
        assert C.pages[p].tokens == ()


@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_players_are_refused(players):
    """AL-013, AL-G01 (ruling AL-R01): 2-4 players only."""
    with pytest.raises(ConfigError):
        game(players)


def test_starting_gold_is_a_table_by_turn_position():
    """AL-G02 (ruling AL-R02): starting gold is content, later seats get more."""
    assert list(C.starting_gold) == sorted(C.starting_gold)


def test_every_route_has_six_pages_and_letters_by_round():
    """AL-G03 (ruling AL-R03): each page previews 2 pages of the next round; letters A-E."""
    for p in C.pages.values():
        if p.round < 6:
            assert len(p.upcoming) == 2 and p.letter == "ABCDE"[p.round - 1]
        else:
            assert p.upcoming == ()
    assert {p for p in C.pages if C.pages[p].round == 6} == {16, 17, 18, 19}


def test_pages_are_data_with_placement_rule_plugins():
    """AL-G04 (ruling AL-R04), AL-I09: every page names a placement rule; 1-3 their own."""
    from meeple.games.almanac.pages import PAGE_RULES

    assert [C.pages[p].rule for p in (1, 2, 3)] == ["village", "floe", "cliff"]
    assert all(C.pages[p].rule in PAGE_RULES for p in C.pages)


def test_four_encounters_per_letter_and_examples_present():
    """AL-G05 (ruling AL-R05), AL-I12: 4 encounters per letter; starting caravans differ."""
    assert all(len(C.by_letter[L]) == 4 for L in "ABCDE")
    assert len({(s.crates, s.shields, s.fame) for s in C.starting}) > 1


def test_the_rulebook_examples_are_in_the_shipped_content():
    """The rulebook's examples are cards of the reconstruction; a designer may rename them."""
    assert any(c.name.startswith("The Bookkeepers Union") for c in C.contracts)
    names = {e.name for e in C.encounters}
    assert {"The Acid Butterfly", "Raiders at the Ford"} <= names
    labels = {o[0] for e in C.encounters if e.type == "special" for o in e.options}
    assert "Shout for help!" in labels


def test_farmer_tokens_are_cliffside_components():
    """AL-I01: the 2 farmer tokens are modelled as Cliffside page components."""
    assert C.token_count["farmer"] == 2
    assert sum(1 for s in C.pages[3].spaces if s.action == "farmer") == 2


def test_missing_amounts_are_data():
    """AL-I08: starting gold and the "Gain 2 (icon)" results are content values."""
    acid = next(e for e in C.encounters if e.name == "The Acid Butterfly")
    assert acid.win == (("gold", 2),)


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, d)
    return d


def test_content_errors_name_file_and_field(tmp_path):
    """Validation: a 31st caravan card is refused with the file and field named."""
    d = _copy(tmp_path)
    text = (d / "cards.toml").read_text()
    extra = (
        '\n[[caravan]]\nname = "Extra"\ngold = 1\ngoods = {}\ncrates = 1\nshields = 0\n'
        "workers = 0\nfame = 1\n"
    )
    (d / "cards.toml").write_text(text.replace("# 24 contracts", extra + "# 24 contracts"))
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field == "caravan" and e.value.file.endswith("cards.toml")


def test_a_route_of_the_wrong_length_is_refused(tmp_path):
    """AL-G03: a page linking to a page of the wrong round is refused."""
    d = _copy(tmp_path)
    text = (d / "pages.toml").read_text()
    (d / "pages.toml").write_text(text.replace("upcoming = [2, 3]", "upcoming = [2, 4]", 1))
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert "upcoming" in e.value.field


def test_wrong_token_count_and_unknown_good_are_refused(tmp_path):
    """AL-008 and AL-001 are checked on load."""
    d = _copy(tmp_path)
    text = (d / "pages.toml").read_text()
    (d / "pages.toml").write_text(text.replace("bug = { count = 1", "bug = { count = 2"))
    with pytest.raises(ContentError):
        load_content(d)
    d2 = tmp_path / "c2"
    shutil.copytree(DEFAULT_DIR, d2)
    t2 = (d2 / "cards.toml").read_text().replace("goods = { dew = 1 }", "goods = { tea = 1 }", 1)
    (d2 / "cards.toml").write_text(t2)
    with pytest.raises(ContentError) as e:
        load_content(d2)
    assert "tea" in str(e.value)


def test_the_content_option_names_another_directory(tmp_path):
    """The game option ``content`` loads another validated directory."""
    d = _copy(tmp_path)
    g = game(2, content=str(d))
    assert g.content.directory == str(d)


def test_each_chooses_encounter_keeps_a_free_option_and_gold_costs_belong_to_it(tmp_path):
    """AL-G24 (ruling AL-R43): an encounter where each player chooses must keep an option
    without a gold cost; a gold cost to choose is refused on other special encounters."""
    d = _copy(tmp_path)
    text = (d / "cards.toml").read_text()
    dig = '{ label = "Dig out the goods.", effects = [["lose_goods", 2]] }'
    assert dig in text
    (d / "cards.toml").write_text(
        text.replace(dig, '{ label = "Dig out the goods.", gold = 1, effects = [] }', 1)
    )
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert "AL-R43" in str(e.value) and "no choice" in str(e.value)
    d2 = tmp_path / "c2"
    shutil.copytree(DEFAULT_DIR, d2)
    text = (d2 / "cards.toml").read_text()
    i = text.index('mode = "guide_chooses"')
    j = text.index("{ label", i)
    (d2 / "cards.toml").write_text(text[:j] + text[j:].replace("effects", "gold = 2, effects", 1))
    with pytest.raises(ContentError) as e:
        load_content(d2)
    assert "AL-R43" in str(e.value) and e.value.field.endswith(".gold")


def _refused(tmp_path: Path, file: str, old: str, new: str) -> ContentError:
    """The error for the shipped content with ``old`` edited into ``new`` in ``file``; it must
    name that file."""
    d = _copy(tmp_path)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.file == str(d / file)
    return e.value


@pytest.mark.parametrize(
    ("ability", "amount", "field"),
    [
        ("arrival_gold", 2, "contract[1]"),
        ("sell_bonus", 1, "contract[3]"),
        ("shop_bonus", 1, "contract[6]"),
    ],
)
def test_the_gold_of_a_contract_ability_is_at_most_the_gold_supply(
    tmp_path, ability, amount, field
):
    """AL-002: gold gained on arrival, or added per good sold, is gold like any other (930)."""
    old = f'ability = "{ability}"\namount = {amount}'
    err = _refused(tmp_path, "cards.toml", old, f'ability = "{ability}"\namount = 931')
    assert err.field == f"{field}.amount" and "AL-002" in str(err)


def test_an_encounter_gives_at_most_the_twelve_guard_tokens(tmp_path):
    """AL-005: a gain of guards is bounded by the supply, not by the gold supply."""
    err = _refused(tmp_path, "cards.toml", 'reward = [["guard", 1],', 'reward = [["guard", 13],')
    assert err.field.endswith(".reward[0]") and "12 (the guard tokens, AL-005)" in str(err)


@pytest.mark.parametrize(
    ("key", "shipped", "edited", "rule"),
    [
        ("guard_supply", 12, 13, "AL-005"),
        ("goods_per_type", 30, 0, "AL-001"),
        ("workers_per_player", 6, 7, "AL-004"),
        ("workers_on_caravan", 3, 2, "AL-020"),
        ("starting_contracts", 2, 0, "AL-019"),
        ("contract_draw", 3, 1000, "AL-041"),
        ("end_contract_gold", 5, 930, "AL-063"),
    ],
)
def test_the_rules_numbers_the_rulebook_gives_are_refused_when_changed(
    tmp_path, key, shipped, edited, rule
):
    """AL-001, AL-004, AL-005, AL-019, AL-020, AL-041, AL-063: like the deck sizes (AL-003)."""
    err = _refused(tmp_path, "cards.toml", f"{key} = {shipped}\n", f"{key} = {edited}\n")
    assert err.field == f"rules.{key}"
    assert f"the rulebook gives {shipped} " in str(err) and f"({rule}), got {edited}" in str(err)


def test_a_page_no_route_reaches_is_refused_by_name(tmp_path):
    """AL-G03 (ruling AL-R03): page 15 is previewed by page 10 only; without it no journey
    would visit page 15."""
    err = _refused(tmp_path, "pages.toml", "upcoming = [14, 15]", "upcoming = [13, 14]")
    assert err.field == "page(id=15)" and "page 15 (Lanternmoor) cannot be reached" in str(err)


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        (
            'tokens = ["potion"]',
            'tokens = ["potion", "bug"]',
            "page[4].tokens[1]",
            "page 6 (AL-009)",
        ),
        ('tokens = ["medal"]', 'tokens = ["shield"]', "page[16].tokens[0]", "page 18 (AL-011)"),
        ('tokens = ["bug"]', 'tokens = ["bug", "bug"]', "page[5].tokens[1]", "listed twice"),
    ],
)
def test_a_token_kind_is_set_out_on_its_own_page_only(tmp_path, old, new, field, message):
    """AL-009..AL-011, AL-017: the token reference gives each kind one page, whose supply is set
    out when the page is entered; on a second page the 1 bug tile could be held twice."""
    err = _refused(tmp_path, "pages.toml", old, new)
    assert err.field == field and message in str(err)


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [("cards.toml", "[[caravan]]", "[[caravn]]"), ("pages.toml", "[tokens]", "[token]")],
)
def test_a_misspelt_table_is_named_as_unknown(tmp_path, file, old, new):
    """A misspelt ``[[caravan]]`` is an unknown key, not a caravan deck one card short."""
    err = _refused(tmp_path, file, old, new)
    assert err.field == new.strip("[]") and "unknown key" in str(err)


@pytest.mark.parametrize(
    ("file", "old", "new", "field"),
    [
        (
            "pages.toml",
            'name = "Trader\'s Village"',
            'name = "Trader\'s\\nVillage"',
            "page[0].name",
        ),
        (
            "pages.toml",
            'name = "Trader\'s Village"',
            'name = "Trader\'s\\tVillage"',
            "page[0].name",
        ),
        ("pages.toml", 'name = "Trader\'s Village"', 'name = " "', "page[0].name"),
        ("cards.toml", 'name = "Yak Team"', 'name = """Yak\nTeam"""', "caravan[0].name"),
        (
            "cards.toml",
            '{ label = "Send for help.",',
            '{ label = "Send\\u2028for help.",',
            ".options[1].label",
        ),
    ],
)
def test_a_name_or_label_is_one_line_of_text(tmp_path, file, old, new, field):
    """Control characters are refused in any text; a name also refuses tabs and line breaks,
    which a page's lore may hold."""
    err = _refused(tmp_path, file, old, new)
    assert err.field.endswith(field)


def test_the_route_the_rulings_page_states_is_the_shipped_route():
    """AL-G03 (ruling AL-R03): docs/games/almanac.md lists each page's upcoming pages."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "games" / "almanac.md"
    stated = {
        int(p): (int(a), int(b)) for p, a, b in re.findall(r"(\d+) → (\d+), (\d+)", doc.read_text())
    }
    assert stated == {p.id: p.upcoming for p in C.pages.values() if p.upcoming}


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("goods = { dew = 1 }", "goods = { dew = 31 }", "caravan[1].goods.dew"),
        ('win = [["goods", "any", 2]]', 'win = [["goods", "any", 121]]', "win[0]"),
    ],
)
def test_a_count_of_goods_is_at_most_the_goods_there_are(tmp_path, old, new, field):
    """AL-001: 30 goods of each type, 120 in all; a count beyond them could never be met."""
    err = _refused(tmp_path, "cards.toml", old, new)
    assert err.field.endswith(field) and "30 of each type, AL-001" in str(err)


def _with(tmp_path: Path, old: str, new: str) -> Path:
    d = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, d)
    text = (d / "pages.toml").read_text()
    assert old in text
    (d / "pages.toml").write_text(text.replace(old, new, 1))
    return d


def test_a_sell_price_against_the_supply_and_demand_bar_is_one_content_error(tmp_path):
    """Ruling AL-R76 (AL-084): a good further left on the bar sells for at least as much as one
    further right at the same space; the error names the space's prices."""
    # page 5's bar is dew > sky > emb > eve: Skyfish may not outsell Dewleaf
    d = _with(
        tmp_path,
        "prices = { dew = 4, sky = 3 }, cluster = 0",
        "prices = { dew = 2, sky = 3 }, cluster = 0",
    )
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith("spaces[3].prices") and "AL-R76" in str(e.value)


def test_goods_amounts_against_the_supply_and_demand_bar_are_one_content_error(tmp_path):
    """Ruling AL-R76: a plentiful good (right on the bar) comes in amounts at least as large as
    a valuable one's; the error names the page's bar."""
    d = _with(tmp_path, "goods = { sky = 2 }, cluster = 1", "goods = { sky = 5 }, cluster = 1")
    with pytest.raises(ContentError) as e:
        load_content(d)
    assert e.value.field.endswith(".bar") and "AL-R76" in str(e.value)


def test_every_shipped_page_follows_its_supply_and_demand_bar():
    """Ruling AL-R76: the shipped pages load, so each follows its bar; each bar orders the 4
    goods once."""
    for page in load_content().pages.values():
        assert sorted(page.bar) == [0, 1, 2, 3]
