"""Gear, content and setup: AN-001..AN-013, AN-072, rulings AN-R01, AN-R02, AN-R22, AN-R23,
AN-R36, AN-R38."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.cli.common import parse_options
from meeple.core.errors import ConfigError, ContentError
from meeple.games.annapurna.consts import DEAL, MAIN, START
from meeple.games.annapurna.content import load_content
from meeple.games.annapurna.game import Annapurna

from .helpers import DEFAULT, card_id, code, deal, setup, texts

SUIT = Path(load_content().source)


def test_four_suits_of_eighteen_cards_identical_across_colours():
    """AN-001 (72 cards), AN-008 (one suit per colour), ruling AN-R01 (identical suits)."""
    content = load_content()
    assert len(content.cards) == 18
    assert len(content.colours) == 4
    game = Annapurna(4)
    assert len(game.net) - 1 == 72
    for c in range(18):
        assert {game.net[s * 18 + c] for s in range(4)} == {content.cards[c].net}


def test_card_values_match_the_rulebook_ranges():
    """AN-006: Yin 1-4 and Yang 1-4 appear, and some cards have none (AN-I07, ruling AN-R02)."""
    cards = load_content().cards
    assert {c.yin for c in cards if c.yin} == {1, 2, 3, 4}
    assert {c.yang for c in cards if c.yang} == {1, 2, 3, 4}
    assert any(c.zero for c in cards)
    assert all(0 <= c.yin <= 4 and 0 <= c.yang <= 4 for c in cards)


def test_net_is_yang_minus_yin_and_opposites_balance():
    """AN-007 / ruling AN-R02: Yin cancels Yang; net = yang - yin."""
    cards = {c.key: c for c in load_content().cards}
    assert cards["yak"].net == -2 and cards["snow_leopard"].net == 2
    assert cards["yak"].net + cards["snow_leopard"].net == 0
    assert cards["prayer_stone"].net == 0 and not cards["prayer_stone"].zero


def test_the_chocolate_bar_is_the_named_extra_turn_card():
    """AN-022 [EX]: the one card the rulebook names gives an extra turn (AN-R01)."""
    card = load_content().cards[0]
    assert card.name == "Chocolate Bar" and card.effect == "extra_turn"


def test_a_suit_balances_to_zero_overall():
    """Ruling AN-R01: our reconstruction is balanced (design note, not a rulebook number)."""
    assert sum(c.net for c in load_content().cards) == 0


def test_deal_builds_a_fifteen_card_pyramid_and_a_three_card_backpack():
    """AN-009 (5/4/3/2/1 face down), AN-010 (3 leftover cards), AN-072 (18 = 15 + 3),
    ruling AN-R38 (dealt card by card as chance)."""
    state = setup(2)
    for seat in range(2):
        assert state.down[seat] == (1 << 15) - 1 and state.up[seat] == 0
        assert len(state.pack[seat]) == 3
        cards = sorted(state.mount[seat] + state.pack[seat])
        assert cards == list(range(seat * 18, seat * 18 + 18))
    assert sorted(state.pack[0]) == [card_id(0, n) for n in range(1, 19) if n not in DEFAULT]


def test_each_deal_is_a_chance_node_over_the_unseen_cards_of_that_suit():
    """AN-009: shuffling = drawing uniformly among the cards of the suit not dealt yet."""
    state = Annapurna(2).new_initial_state()
    assert state.stage == DEAL
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    state.apply_action(f"deal {code(0, 5)}")
    assert len(state.chance_outcomes()) == 17
    assert f"deal {code(0, 5)}" not in [a.text for a, _ in state.chance_outcomes()]
    with pytest.raises(meeple.IllegalActionError):
        state.apply_action(f"deal {code(1, 5)}")  # another colour's card


def test_each_climber_has_a_cache_and_peak_tokens_are_set_aside():
    """AN-011 (a Cache per climber), AN-012 (peak tokens aside: nobody has arrived),
    AN-002 (tokens #1-#3), AN-003 (a meeple per climber: the location)."""
    state = setup(4)
    assert state.cache == [[], [], [], []]
    assert state.arrival == [0, 0, 0, 0]
    assert state.loc == [-1, -1, -1, -1]


def test_flag_cards_are_change_and_flags_are_plain_integers():
    """AN-004 (6 single, 6 double, 6 triple = 36 flags) and ruling AN-R19 (no cap)."""
    assert 6 * 1 + 6 * 2 + 6 * 3 == 36
    state = setup(2, flag_target=100)
    state.flags = [40, 0]
    assert state.observe(1)["climbers"][0]["flags"] == 40


def test_every_climber_sees_every_mountainside():
    """AN-013: any layout works as long as everyone sees all mountainsides; the observation
    of each climber lists every pyramid (face-down cards by position and colour, AN-R36)."""
    state = setup(3)
    obs = state.observe(2)
    assert len(obs["climbers"]) == 3
    assert obs["climbers"][0]["side"][0] == [0, None]


def test_two_to_four_climbers_only():
    """Ruling AN-R23."""
    for n in (2, 3, 4):
        assert Annapurna(n).num_players == n
    for n in (1, 5):
        with pytest.raises(ConfigError):
            Annapurna(n)


def test_a_mode_other_than_competitive_or_cooperative_is_refused():
    """AN-I02 / ruling AN-R22: the cooperative version is our reconstruction; nothing else."""
    assert meeple.make("annapurna", players=2, mode="cooperative").cooperative
    with pytest.raises(ConfigError, match="'competitive' or 'cooperative'"):
        meeple.make("annapurna", players=2, mode="solo")


def test_the_flag_target_is_a_whole_number_from_1_to_100():
    """Ruling AN-R42: a target beyond 100 flags (or below 1) is refused naming the range."""
    assert Annapurna(2, flag_target=100).config["flag_target"] == 100
    for bad in (0, 101, 10**12):
        with pytest.raises(ConfigError, match=r"from 1 to 100 \(ruling AN-R42\)"):
            Annapurna(2, flag_target=bad)


def test_bad_options_are_refused():
    with pytest.raises(ConfigError):
        Annapurna(2, flag_target=0)
    with pytest.raises(ConfigError):
        Annapurna(2, starter=3)
    with pytest.raises(ConfigError):
        Annapurna(2, colour="red")


def test_starter_drawn_by_chance_when_not_configured():
    """AN-020 / ruling AN-R13: someone is picked to go first (here: by chance)."""
    state = deal(Annapurna(3, starter=None).new_initial_state())
    assert state.stage == START
    assert [a.text for a, _ in state.chance_outcomes()] == ["first R", "first B", "first G"]
    state.apply_action("first G")
    assert state.stage == MAIN and state.turn == 2


def test_starter_minus_one_also_draws_the_first_climber_by_chance():
    """Ruling AN-R13: ``-1`` is the command line's and OpenSpiel's spelling of ``None``."""
    game = Annapurna(3, starter=-1)
    assert game.config["starter"] is None
    assert deal(game.new_initial_state()).stage == START
    options = parse_options("annapurna", ["starter=-1"])
    assert meeple.make("annapurna", players=2, **options).config["starter"] is None


def test_a_starter_that_is_not_a_seat_number_is_refused():
    for bad in (True, 1.0, "1", -2, 2):
        with pytest.raises(ConfigError, match=r"starter must be a seat 0\.\.1"):
            Annapurna(2, starter=bad)


def test_registry_builds_the_game():
    game = meeple.make("annapurna", players=3)
    assert isinstance(game, Annapurna)
    assert game.action_space.num_actions == 20478


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "suit.toml").write_text(text)
    return tmp_path


def test_content_loader_rejects_a_short_suit(tmp_path):
    text = SUIT.read_text()
    cut = text.rsplit("[[card]]", 1)[0]
    with pytest.raises(ContentError, match="18 cards"):
        load_content(_write(tmp_path, cut))


def test_content_loader_rejects_out_of_range_symbols(tmp_path):
    text = SUIT.read_text().replace("yin = 4", "yin = 5", 1)
    with pytest.raises(ContentError) as err:
        load_content(_write(tmp_path, text))
    assert err.value.field.endswith(".yin")


def test_content_loader_rejects_unknown_effects_and_params(tmp_path):
    text = SUIT.read_text().replace('effect = "extra_turn"', 'effect = "teleport"')
    with pytest.raises(ContentError, match="unknown effect"):
        load_content(_write(tmp_path, text))
    text = SUIT.read_text().replace("count = 2", "count = 9")
    with pytest.raises(ContentError, match="count"):
        load_content(_write(tmp_path, text))


@pytest.mark.parametrize("name", ["Red", "red", "Red "])
def test_two_colours_of_the_same_name_are_refused(tmp_path, name):
    """AN-001, AN-008: a suit per climber colour; two "Red" climbers could not be told apart."""
    text = SUIT.read_text().replace('name = "Blue"', f'name = "{name}"')
    with pytest.raises(ContentError, match=r"is also the name of colour\[0\]") as err:
        load_content(_write(tmp_path, text))
    assert err.value.field == "colour[1].name" and err.value.file.endswith("suit.toml")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('name = "Blue"', 'name = "Bl\\tue"', "colour[1].name"),
        ('name = "Chocolate Bar"', 'name = "Chocolate\\nBar"', "card[0].name"),
        ("[[colour]]", "[[colur]]", "colur"),
    ],
)
def test_a_name_on_two_lines_or_a_misspelt_table_is_named(tmp_path, old, new, field):
    """A name is one line of text; a misspelt ``[[colour]]`` is an unknown key, not a box of
    three colours."""
    with pytest.raises(ContentError) as err:
        load_content(_write(tmp_path, SUIT.read_text().replace(old, new, 1)))
    assert err.value.field == field and err.value.file.endswith("suit.toml")


def test_content_option_loads_another_directory(tmp_path):
    text = SUIT.read_text().replace('name = "Chocolate Bar"', 'name = "Energy Gel"')
    game = Annapurna(2, content=str(_write(tmp_path, text)))
    assert game.content.cards[0].name == "Energy Gel"
    assert "Energy Gel" in game.card_name(0)
    with pytest.raises(ContentError):
        Annapurna(2, content=str(tmp_path / "missing"))


def test_initial_legal_hike_actions():
    """AN-021: the first climber flips a card of the bottom row."""
    assert texts(setup(2)) == [f"explore {p}" for p in ("a1", "b1", "c1", "d1", "e1")]
