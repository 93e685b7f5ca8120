"""Content directories (``content=DIR``): every bad file is one ContentError naming it, for
every game; unknown keys are refused; edited files are reloaded; records keep the full path."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import meeple
from meeple.cli.common import parse_options
from meeple.core.errors import ConfigError, ContentError
from meeple.games.almanac.content import DEFAULT_DIR as ALMANAC_DIR
from meeple.games.annapurna.content import DEFAULT_DIR as ANNAPURNA_DIR
from meeple.games.peach_festival.content import DEFAULT_DIR as PEACH_DIR

#: game -> (shipped content directory, one of its files)
GAMES = {
    "peach-festival": (PEACH_DIR, "sheet.toml"),
    "annapurna": (ANNAPURNA_DIR, "suit.toml"),
    "almanac": (ALMANAC_DIR, "cards.toml"),
}


def copy_content(tmp_path: Path, game: str) -> Path:
    d = tmp_path / game
    shutil.copytree(GAMES[game][0], d)
    return d


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def refusal(tmp_path: Path, game: str, file: str, old: str, new: str) -> ContentError:
    """The error for the shipped content of ``game`` with ``old`` edited into ``new`` in
    ``file``; it must name that file."""
    d = copy_content(tmp_path, game)
    edit(d / file, old, new)
    err = content_error(game, d)
    assert err.file == str(d / file)
    return err


def content_error(game: str, d: Path | str, players: int = 2) -> ContentError:
    with pytest.raises(ContentError) as e:
        meeple.make(game, players=players, content=str(d))
    return e.value


@pytest.mark.parametrize("game", GAMES)
def test_a_content_file_that_is_not_utf8_names_the_file(tmp_path, game):
    d = copy_content(tmp_path, game)
    (d / GAMES[game][1]).write_bytes(b"\xff\xfe\x00garbage\x81")
    err = content_error(game, d)
    assert err.file == str(d / GAMES[game][1]) and "not UTF-8" in str(err)


@pytest.mark.parametrize("game", GAMES)
def test_content_that_names_a_file_is_refused_as_not_a_directory(tmp_path, game):
    d = copy_content(tmp_path, game)
    err = content_error(game, d / GAMES[game][1])
    assert "not a directory" in str(err)


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_content_directory_is_refused(tmp_path, game):
    assert "no such directory" in str(content_error(game, tmp_path / "nowhere"))


@pytest.mark.parametrize("game", GAMES)
def test_a_content_file_that_is_a_directory_is_refused(tmp_path, game):
    d = copy_content(tmp_path, game)
    (d / GAMES[game][1]).unlink()
    (d / GAMES[game][1]).mkdir()
    assert "not a regular file" in str(content_error(game, d))


@pytest.mark.parametrize("game", GAMES)
def test_a_content_option_that_is_not_a_path_is_a_config_error(game):
    for value in (2, True, [1]):
        with pytest.raises(ConfigError, match="content is the path"):
            meeple.make(game, players=2, content=value)


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "field"),
    [
        ("peach-festival", "sheet.toml", "[[columns]]", "columns_typo = 1\n[[columns]]", "columns"),
        ("annapurna", "suit.toml", 'key = "', 'colour_of = "x"\nkey = "', "card[0].colour_of"),
        ("almanac", "cards.toml", "[rules]", "[rules]\nworkers = 4", "rules.workers"),
    ],
)
def test_an_unknown_key_is_refused_with_its_field(tmp_path, game, file, old, new, field):
    err = refusal(tmp_path, game, file, old, new)
    assert err.field.startswith(field) and "unknown key" in str(err)


def test_a_misspelt_reward_table_is_refused_not_ignored(tmp_path):
    """Writing ``reward`` for ``rewards`` would silently remove a column's Market Rewards."""
    d = copy_content(tmp_path, "peach-festival")
    edit(d / "sheet.toml", "rewards =", "reward =")
    err = content_error("peach-festival", d)
    assert err.field == "columns[0].reward" and "unknown key" in str(err)


@pytest.mark.parametrize(
    ("game", "file", "old", "new"),
    [
        ("peach-festival", "sheet.toml", "rewards = {", 'rewards = ["peach"]\nnot_rewards = {'),
        ("peach-festival", "sheet.toml", "[[track]]", "track = 3\n[[not_track]]"),
        ("peach-festival", "requests.toml", "[[cards]]", "cards = [1, 2]\n[[not_cards]]"),
        ("annapurna", "suit.toml", "[[colour]]", "colour = [1, 2, 3, 4]\n[[not_colour]]"),
        ("almanac", "pages.toml", "paths = [", "paths = [1, 2]\nnot_paths = ["),
    ],
)
def test_a_value_of_the_wrong_shape_is_a_content_error(tmp_path, game, file, old, new):
    refusal(tmp_path, game, file, old, new)


def test_market_sheet_multipliers_must_be_whole_numbers(tmp_path):
    """PF-017: a row's multiplier is a number; a word would only fail when scoring."""
    d = copy_content(tmp_path, "peach-festival")
    text = (d / "sheet.toml").read_text()
    line = next(x for x in text.splitlines() if x.startswith("multipliers"))
    edit(d / "sheet.toml", line, 'multipliers = ["x", "x", "x", "x", "x", "x", "x", "x", "x"]')
    assert content_error("peach-festival", d).field == "multipliers"


def test_more_workers_on_the_caravan_than_a_player_has_is_refused(tmp_path):
    """AL-020: 3 of the player's six workers start on the caravan."""
    d = copy_content(tmp_path, "almanac")
    edit(d / "cards.toml", "workers_on_caravan = 3", "workers_on_caravan = 9")
    err = content_error("almanac", d)
    assert err.field == "rules.workers_on_caravan" and "(AL-020)" in str(err)


@pytest.mark.parametrize("game", GAMES)
def test_unchanged_content_is_loaded_once(tmp_path, game):
    d = copy_content(tmp_path, game)
    first = meeple.make(game, players=2, content=str(d))
    again = meeple.make(game, players=3, content=str(d))
    # a game whose pages vary by player count keeps what it loaded apart (Almanac, AL-R106)
    assert getattr(again, "loaded_content", again.content) is getattr(
        first, "loaded_content", first.content
    )


def test_an_edited_sheet_takes_effect_in_the_same_process(tmp_path):
    d = copy_content(tmp_path, "peach-festival")
    assert meeple.make("peach-festival", players=2, content=str(d)).sheet.merchants == (1, 2, 3)
    edit(d / "sheet.toml", "merchants = [1, 2, 3]", "merchants = [4, 5, 6]")
    assert meeple.make("peach-festival", players=2, content=str(d)).sheet.merchants == (4, 5, 6)


@pytest.mark.parametrize("game", GAMES)
def test_a_relative_content_path_is_recorded_resolved(tmp_path, monkeypatch, game):
    """A record made with ``content=var/x`` replays from any working directory."""
    copy_content(tmp_path, game)
    monkeypatch.chdir(tmp_path)
    g = meeple.make(game, players=2, content=game)
    assert g.config["content"] == str(tmp_path / game)
    assert meeple.make(game, players=2).config["content"] is None


@pytest.mark.parametrize("game", GAMES)
def test_the_content_option_on_the_command_line_is_always_a_path(game):
    assert parse_options(game, ["content=2"]) == {"content": "2"}
    assert parse_options(game, ["content=null"]) == {"content": "null"}
    with pytest.raises(ConfigError, match="content directory"):
        parse_options(game, ["content="])


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "field"),
    [
        ("almanac", "pages.toml", "ice_start = [0, 3]", "ice_start = [0, 3.0]", "ice_start[1]"),
        ("almanac", "pages.toml", "levels = [0, 1, 1, 2]", 'levels = ["a", 1, 1, 2]', "levels[0]"),
        ("almanac", "pages.toml", 'tokens = ["producer"]', 'tokens = [["producer"]]', "tokens[0]"),
        ("almanac", "pages.toml", "upcoming = [7, 8]", 'upcoming = ["7", 8]', "upcoming[0]"),
        ("almanac", "cards.toml", 'win = [["trophy"],', 'win = [["trophy", 5],', "win[0]"),
        ("almanac", "cards.toml", '["goods", "any", 2]', '["goods", "any", true]', "win[0]"),
        ("peach-festival", "sheet.toml", 'colour = "green"', 'colour = ["green"]', "track"),
        ("peach-festival", "sheet.toml", 'colour = "green"', 'colour = "blue"', "track"),
        (
            "peach-festival",
            "sheet.toml",
            "merchants = [1, 2, 3]",
            "merchants = [true, 2, 3]",
            "merchants",
        ),
        ("peach-festival", "sheet.toml", '2 = "peach"', '2 = "peach", 02 = "tea"', "columns[0]"),
        ("peach-festival", "sheet.toml", '2 = "peach"', '"²" = "peach"', "columns[0]"),
    ],
)
def test_a_value_the_game_cannot_use_names_its_field(tmp_path, game, file, old, new, field):
    """Each of these used to pass the checks and fail (or be ignored) during play."""
    err = refusal(tmp_path, game, file, old, new)
    assert field in err.field and err.field != "<file>"


def test_geometry_of_another_placement_rule_is_refused_as_unread(tmp_path):
    """A village's paths on a page of another rule (Ice Point's shores) would be ignored."""
    d = copy_content(tmp_path, "almanac")
    edit(
        d / "pages.toml",
        'rule = "mirror"\nparams',
        'rule = "mirror"\npaths = [[0, 1]]\nparams',
    )
    err = content_error("almanac", d)
    assert err.field.endswith(".paths") and "unknown key" in str(err)


def test_a_negative_multiplier_is_refused(tmp_path):
    d = copy_content(tmp_path, "peach-festival")
    edit(d / "sheet.toml", "multipliers = [1,", "multipliers = [-5,")
    assert content_error("peach-festival", d).field == "multipliers"


@pytest.mark.parametrize("game", GAMES)
def test_a_content_file_with_a_byte_order_mark_is_read(tmp_path, game):
    d = copy_content(tmp_path, game)
    path = d / GAMES[game][1]
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert meeple.make(game, players=2, content=str(d)).content is not None


def test_a_content_file_that_is_a_pipe_is_refused_without_reading_it(tmp_path):
    d = copy_content(tmp_path, "annapurna")
    (d / "suit.toml").unlink()
    os.mkfifo(d / "suit.toml")  # reading it would wait for ever
    assert "not a regular file" in str(content_error("annapurna", d))


def test_a_content_directory_in_a_symlink_loop_is_refused(tmp_path):
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    assert "cannot be resolved" in str(content_error("annapurna", tmp_path / "loop"))


def test_values_nested_too_deeply_are_refused(tmp_path):
    d = copy_content(tmp_path, "annapurna")
    path = d / "suit.toml"
    path.write_text("deep = " + "[" * 2000 + "]" * 2000 + "\n" + path.read_text())
    assert "nested too deeply" in str(content_error("annapurna", d))


def test_an_option_given_twice_is_refused():
    with pytest.raises(ConfigError, match="option content is given twice"):
        parse_options("almanac", ["content=a", "content=b"])


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "field"),
    [
        (
            "almanac",
            "cards.toml",
            '{ label = "Dig out the goods.", effects',
            '{ label = "Dig out the goods.", gold = 1, effects',
            "encounter[",
        ),
        (
            "almanac",
            "cards.toml",
            'letter = "B"\nname = "Avalanche"',
            'letter = "AB"\nname = "Avalanche"',
            ".letter",
        ),
        (
            "almanac",
            "cards.toml",
            "starting_gold = [5, 6, 7, 8]",
            "starting_gold = [5, 6, 7, 8, 9]",
            "starting_gold",
        ),
        ("almanac", "cards.toml", '["goods", "any", 2]', '["goods", ["any"], 2]', "win[0]"),
        ("almanac", "pages.toml", "cost = 2, cluster", "cost = 931, cluster", ".cost"),
        ("almanac", "pages.toml", "cost = 2, cluster", "cost = 10000000, cluster", ".cost"),
        ("almanac", "pages.toml", "clusters = 6", "clusters = 1000", ".clusters"),
        ("almanac", "pages.toml", "upcoming = [7, 8]", "upcoming = [7, 7]", ".upcoming"),
        (
            "peach-festival",
            "sheet.toml",
            'row = 4\nleft = "tea"',
            'row = 3\nleft = "gold"',
            "two_peach[1]",
        ),
        (
            "peach-festival",
            "sheet.toml",
            "multipliers = [1,",
            "multipliers = [1, 1,",
            "multipliers",
        ),
        ("peach-festival", "sheet.toml", "[[track]]", "[[track]]\n\n[[track]]", "track"),
    ],
)
def test_content_the_rules_could_not_play_is_refused(tmp_path, game, file, old, new, field):
    """Each of these loaded, then stalled a game, hung on a huge table or was ignored."""
    err = refusal(tmp_path, game, file, old, new)
    assert field in err.field


def test_a_choice_encounter_keeps_an_option_without_gold(tmp_path):
    """Ruling AL-R43: a player who cannot pay any option would have no legal move."""
    d = copy_content(tmp_path, "almanac")
    edit(
        d / "cards.toml",
        '{ label = "Dig out the goods.", effects',
        '{ label = "Dig out the goods.", gold = 1, effects',
    )
    err = content_error("almanac", d)
    assert err.field.endswith(".options") and "AL-R43" in str(err)


def test_a_number_of_thousands_of_digits_is_refused(tmp_path):
    d = copy_content(tmp_path, "annapurna")
    path = d / "suit.toml"
    path.write_text("huge = " + "9" * 5000 + "\n" + path.read_text())
    assert "too long" in str(content_error("annapurna", d))


def test_gold_on_a_space_that_pays_none_is_refused_unread(tmp_path):
    """Only token and farmer spaces pay gold on top: elsewhere the value would be ignored."""
    d = copy_content(tmp_path, "almanac")
    edit(
        d / "pages.toml",
        '{ action = "goods", goods = { dew = 2 }, cluster = 0 }',
        '{ action = "goods", goods = { dew = 2 }, cluster = 0, gold = 5 }',
    )
    err = content_error("almanac", d)
    assert err.field.endswith(".gold") and "unknown key" in str(err)


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "field"),
    [
        ("almanac", "pages.toml", "prices = { dew = 2,", "prices = { dew = 999999,", "prices.dew"),
        (
            "almanac",
            "cards.toml",
            '{ label = "Pay the diggers.", gold = 3,',
            '{ label = "Pay the diggers.", gold = 931,',
            ".gold",
        ),
        (
            "almanac",
            "cards.toml",
            "workers_on_caravan = 3",
            "workers_on_caravan = 0",
            "workers_on_caravan",
        ),
        ("almanac", "cards.toml", "workers = 1", "workers = 50", "caravan["),
        ("almanac", "pages.toml", "levels = [0, 1, 1, 2]", "levels = [0, 1, 1, 2, -5]", ".levels"),
        (
            "almanac",
            "pages.toml",
            'name = "Trader\'s Village"',
            'name = "Trader\\u001b[2J Village"',
            ".name",
        ),
        (
            "almanac",
            "cards.toml",
            "starting_gold = [5,",
            "starting_gold = [0x" + "F" * 4000 + ",",
            "starting_gold[0]",
        ),
        ("peach-festival", "sheet.toml", '"number:1"', '"number:1000"', "rewards.2"),
    ],
)
def test_amounts_the_game_cannot_hold_and_unreadable_text_are_refused(
    tmp_path, game, file, old, new, field
):
    """Gold beyond the whole supply (AL-002), no worker to place, a card with more workers than
    a player has (ruling AL-R16), a level below the bottom row, escape codes that a terminal
    would act on, a huge number written in hexadecimal, a Number icon no column can hold."""
    err = refusal(tmp_path, game, file, old, new)
    assert field in err.field


def test_designer_edits_that_the_rules_can_play_are_accepted(tmp_path):
    """Renaming the rulebook's example contract, a zero count of a good."""
    d = copy_content(tmp_path, "almanac")
    edit(d / "cards.toml", 'name = "The Bookkeepers Union:', "name = \"Bookkeepers' Union:")
    edit(d / "cards.toml", "goods = { dew = 2 }", "goods = { dew = 2, emb = 0 }")
    assert meeple.make("almanac", players=2, content=str(d)).content is not None


def test_a_gold_cost_on_the_guides_choice_names_ruling_al_r43(tmp_path):
    err = refusal(
        tmp_path,
        "almanac",
        "cards.toml",
        '{ label = "Send for help.", effects',
        '{ label = "Send for help.", gold = 3, effects',
    )
    assert err.field.endswith(".gold") and "AL-R43" in str(err)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_reads_only_the_content_directories_it_is_given(tmp_path, game):
    """A server replaying uploaded records lists the content it serves; a record naming any
    other directory is refused before anything is read."""
    from meeple.agents import RandomAgent
    from meeple.core.driver import play_game
    from meeple.core.record import replay, seat_log

    d = copy_content(tmp_path, game)
    g = meeple.make(game, players=2, content=str(d))
    _, record = play_game(g, [RandomAgent(), RandomAgent()], seed=1, max_steps=30)
    assert replay(record, content_dirs=[d]).fingerprint() == record.fingerprint
    assert len(seat_log(record, 0, content_dirs=[str(d)])) == 30
    for allowed in ([], [tmp_path], [PEACH_DIR if game != "peach-festival" else ALMANAC_DIR]):
        with pytest.raises(ConfigError, match="not one this replay may read"):
            replay(record, content_dirs=allowed)
    for named in ("/", 3, "", "bad\0path"):
        record.config["content"] = named
        with pytest.raises(ConfigError, match="not one this replay may read"):
            replay(record, content_dirs=[d])
    with pytest.raises(TypeError, match="list of directories"):
        replay(record, content_dirs=str(d))  # one path: each letter would be a directory
    # a record of the installed content (``content`` null) needs no directory
    _, plain = play_game(meeple.make(game, players=2), [RandomAgent(), RandomAgent()], seed=1)
    assert replay(plain, content_dirs=[]).is_terminal()


def test_content_dirs_compare_paths_as_the_loader_reads_them(tmp_path, monkeypatch):
    """``~`` is expanded on both sides and links are followed; a link loop is refused."""
    from meeple.agents import RandomAgent
    from meeple.core.driver import play_game
    from meeple.core.record import replay

    monkeypatch.setenv("HOME", str(tmp_path))
    d = copy_content(tmp_path, "peach-festival")
    g = meeple.make("peach-festival", players=2, content=str(d))
    _, record = play_game(g, [RandomAgent(), RandomAgent()], seed=1, max_steps=20)
    assert replay(record, content_dirs=[f"~/{d.name}"]).move_number() == 20
    (tmp_path / "link").symlink_to(d)
    assert replay(record, content_dirs=[tmp_path / "link"]).move_number() == 20
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    for named in ("~/elsewhere", str(tmp_path / "loop")):
        record.config["content"] = named
        with pytest.raises(ConfigError, match="not one this replay may read"):
            replay(record, content_dirs=[d, tmp_path / "loop"])


@pytest.mark.parametrize(
    ("number", "shown"), [("2000000", "2,000,000"), ("9" * 30, "-bit number"), ("1e7", "10000000")]
)
def test_a_number_beyond_a_million_is_refused_and_shown(tmp_path, number, shown):
    d = copy_content(tmp_path, "annapurna")
    path = d / "suit.toml"
    path.write_text(f"huge = {number}\n" + path.read_text())
    err = str(content_error("annapurna", d))
    assert shown in err and "beyond ±1,000,000" in err


@pytest.mark.parametrize("game", GAMES)
def test_the_content_digest_names_the_files_bytes_not_the_directory(tmp_path, game):
    shipped = meeple.make(game, players=2).content_digest()
    copied = copy_content(tmp_path, game)
    assert meeple.make(game, players=2, content=str(copied)).content_digest() == shipped
    file = copied / GAMES[game][1]
    file.write_text(file.read_text() + "\n# edited\n")
    edited = meeple.make(game, players=2, content=str(copied)).content_digest()
    assert edited != shipped and len(edited) == 32
