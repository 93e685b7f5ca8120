"""Components and setup (PF-001..PF-011, PF-024..PF-027, PF-G28, PF-G29)."""

import pytest

import meeple
from meeple.core.errors import ConfigError, IllegalActionError
from meeple.games.peach_festival.content import COMMODITIES

from .conftest import game, play, pos, texts


def dealt(players: int = 2):
    """A new game after the deal: seat s holds cards 2s+1 and 2s+2."""
    s = game(players).new_initial_state()
    for card in range(1, 2 * players + 1):
        play(s, f"card:{card}")
    return s


def test_setup_deals_two_request_cards_to_each_player():
    """PF-007, PF-006: a shuffled face-down deck (unseen), 2 cards each."""
    s = game(3).new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == 24
    assert all(p == pytest.approx(1 / 24) for _, p in s.chance_outcomes())
    s = dealt(3)
    assert [sh.hand for sh in s.sheets] == [[1, 2], [3, 4], [5, 6]]


def test_each_player_keeps_one_card_and_returns_the_other_to_the_bottom():
    """PF-007, PF-R31: kept face up; the other under the deck, known only to its owner."""
    s = dealt(2)
    assert s.is_simultaneous_node() and texts(s.legal_actions(0)) == ["keep:1", "keep:2"]
    s.apply_action("keep:2", 0)
    assert s.observe(1)["sheets"][0]["commit"] is None  # the choice is sealed
    s.apply_action("keep:3", 1)
    assert [sh.requests for sh in s.sheets] == [[2], [3]]
    assert s.deck_bottom == [[1, 0], [4, 1]]
    assert s.observe(0)["deck"]["bottom"] == [1, None]


def test_keeping_a_card_not_dealt_is_refused():
    """PF-007: only one of the 2 dealt cards may be kept."""
    s = dealt(2)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("keep:5", 0)
    assert e.value.rule == "PF-007"


def test_starting_zeros_are_written_in_the_kept_cards_two_columns():
    """PF-008, PF-025: the 2 commodity icons of the kept card get a 0 in their top square."""
    s = dealt(2)
    g = s.game
    s.apply_action("keep:2", 0)
    s.apply_action("keep:3", 1)
    for seat, card in ((0, 2), (1, 3)):
        start = g.content.card(card).start
        assert [c for c in range(6) if s.sheets[seat].cols[c]] == sorted(start)
        assert all(s.sheets[seat].cols[c] == [0] for c in start)


def test_setup_zeros_trigger_no_rewards():
    """PF-G28 (ruling PF-R26): even on a fixture top square with a reward, nothing is gained."""
    s = dealt(2)
    s.apply_action("keep:2", 0)
    s.apply_action("keep:3", 1)
    assert all(sh.pending == [] and sh.peaches == 2 and sh.boxes == 0 for sh in s.sheets)


def test_two_common_cards_are_dealt_face_up():
    """PF-009, PF-027: 2 Common Request cards, visible to all."""
    s = dealt(2)
    s.apply_action("keep:2", 0)
    s.apply_action("keep:3", 1)
    play(s, "card:10", "card:11")
    assert s.commons == [10, 11]
    assert s.observe(1)["commons"] == [10, 11] and s.phase == "roll"


def test_components_match_the_rulebook():
    """PF-001, PF-002, PF-003, PF-004, PF-005, PF-010: 24 cards, one sheet layout, 5 dice,
    6 commodities, at most 5 players."""
    g = game(5)
    assert len(g.content.cards) == 24
    assert COMMODITIES == ("gold", "gems", "tea", "spices", "chinaware", "silk")
    roll = g.roll_outcomes[0][0]
    assert sum(roll.args[0]) == 5
    s = g.new_initial_state()
    assert len({id(sh) for sh in s.sheets}) == 5 and g.info.max_players == 5


def test_request_cards_have_unique_ids_and_two_condition_rows():
    """PF-024, PF-026: every card has an ID, a multiplayer and a solo condition."""
    from meeple.games.peach_festival.scoring import MULTIPLAYER, SOLO

    g = game(2)
    ids = [c.id for c in g.content.cards]
    assert len(set(ids)) == 24
    assert all(c.condition in MULTIPLAYER and c.condition in SOLO for c in g.content.cards)


@pytest.mark.parametrize("players", [0, 6])
def test_player_count_outside_one_to_five_is_refused(players):
    """PF-G29 (ruling PF-R27), PF-004: 1 (solo) to 5 players."""
    with pytest.raises(ConfigError):
        meeple.make("peach-festival", players=players)


def test_unknown_difficulty_is_refused():
    """PF-074: easy, medium or hard."""
    with pytest.raises(ConfigError):
        meeple.make("peach-festival", players=1, difficulty="brutal")


@pytest.mark.parametrize("players", [2, 5])
def test_difficulty_is_chosen_for_the_solo_mode_only(players):
    """PF-074, PF-015: a difficulty other than the default is refused with 2+ players."""
    with pytest.raises(ConfigError, match=r"difficulty is a solo option"):
        meeple.make("peach-festival", players=players, difficulty="hard")
    g = meeple.make("peach-festival", players=players, difficulty="medium")
    assert g.config["difficulty"] == "medium"  # the default, as saved game records carry it


@pytest.mark.parametrize("value", [-3, 0, 2.5, "5", True])
def test_round_limit_is_a_positive_whole_number_of_rounds(value):
    """PF-R35, PF-R41: ``max_rounds`` below 1 (or not an integer) is refused, naming the option
    and its range."""
    with pytest.raises(ConfigError, match=r"max_rounds is a whole number from 1 to 1,000"):
        meeple.make("peach-festival", players=2, max_rounds=value)
    assert meeple.make("peach-festival", players=2, max_rounds=1).max_rounds == 1


def test_position_notation_round_trips():
    """Sheet notation used by these tests reads back what it writes."""
    from meeple.games.peach_festival.notation import sheet_text

    s = pos(["go:0,1,2 te:0 p:5 e:1 m:1 r:3,7", ""])
    assert sheet_text(s.game, s.sheets[0]) == "go:0,1,2 te:0 p:5 e:1 m:1 r:3,7 b:"


def test_solo_game_takes_no_round_limit():
    """PF-R24, PF-R35: a solo game ends by its turn track only, so ``max_rounds`` (the limit
    of games with 2+ players) is refused in solo unless left at its default."""
    with pytest.raises(ConfigError, match=r"solo game ends by the turn track only \(PF-R24\)"):
        meeple.make("peach-festival", players=1, difficulty="easy", max_rounds=5)
    assert meeple.make("peach-festival", players=1, max_rounds=60).max_rounds == 60
