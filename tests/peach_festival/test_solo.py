"""Solo mode (PF-015, PF-073..PF-082, solo conditions of PF-083..PF-096, PF-G25..PF-G27)."""

import re

import pytest

from meeple.agents import RandomAgent
from meeple.core.driver import play_game
from meeple.games.peach_festival.scoring import SOLO, fulfilled_cards

from .conftest import game, play, pos, refused, texts


@pytest.mark.parametrize(("difficulty", "rounds"), [("easy", 17), ("medium", 15), ("hard", 13)])
def test_solo_difficulty_sets_the_number_of_rounds(difficulty, rounds):
    """PF-074, PF-076, PF-079, PF-082, PF-G07 (ruling PF-R07): 17 / 15 / 13 rounds."""
    g = game(1, difficulty=difficulty)
    state, _ = play_game(g, [RandomAgent()], seed=3)
    assert state.is_terminal() and state.round == rounds


def test_solo_setup_is_the_multiplayer_setup():
    """PF-073: 2 cards dealt, 1 kept, 2 Common cards."""
    g = game(1)
    s = g.new_initial_state()
    play(s, "card:5", "card:9")
    assert sorted(s.legal_actions(0), key=str) and s.sheets[0].hand == [5, 9]
    play(s, "keep:9", "card:1", "card:2")
    assert s.sheets[0].requests == [9] and s.commons == [1, 2]


def test_round_one_marks_the_difficulty_circle():
    """PF-076, PF-075, PF-015: Hard starts on the red circle."""
    g = game(1, difficulty="hard")
    s = g.new_initial_state()
    play(s, "card:5", "card:9", "keep:9", "card:1", "card:2")
    assert s.sheets[0].track == g.sheet.track_start("red") == 4
    assert s.phase == "roll"


def _turn_track_line(state) -> str:
    text = " ".join(state.render(0).split())  # undo the console's line wrapping
    return text[text.index("Turn track:") : text.index("Request deck:")]


@pytest.mark.parametrize(
    ("difficulty", "colour", "circle", "rounds"),
    [("easy", "green", 1, 17), ("medium", "orange", 3, 15), ("hard", "red", 5, 13)],
)
def test_turn_track_shown_at_setup_counts_rounds_from_the_difficulty_circle(
    difficulty, colour, circle, rounds
):
    """PF-076, PF-082 (ruling PF-R07): before round 1 the track shows the difficulty's rounds."""
    g = game(1, difficulty=difficulty)
    s = g.new_initial_state()
    play(s, "card:5", "card:9")
    assert s.phase == "keep"
    line = _turn_track_line(s)
    assert line.startswith(
        f"Turn track: round 1 marks circle {circle} of 17 ({colour}), {rounds} rounds in all"
    )
    coming = [int(n) for n in re.findall(r"round (\d+):", line)]
    assert coming and max(coming) <= rounds
    play(s, "keep:9", "card:1", "card:2")  # round 1 marks the circle: same rewards to come
    after = _turn_track_line(s)
    assert after.startswith(f"Turn track: circle {circle} of 17, {rounds - 1} round(s) after")
    assert re.findall(r"round (\d+):", after) == [str(n) for n in coming if n > 1]


def test_turn_track_circle_reward_may_be_gained_before_the_roll():
    """PF-075, PF-G26 (ruling PF-R07, PF-R32): circle 9 shows a Die: roll it or skip."""
    s = pos(["t:7"], difficulty="easy", round=8)  # marks circle 8 (0-based) at round start
    assert s.phase == "roll"
    s = pos(["t:7 go:0"], dice="go1,te4", difficulty="easy", round=8)
    play(s, "go")  # the round's action; next round marks circle 8, which shows a Die
    assert s.sheets[0].track == 8 and s.phase == "track"
    assert set(texts(s.legal_actions(0))) == {"roll", "skip"}
    play(s, "skip")
    assert s.phase == "roll"


def test_turn_track_peach_circle_may_be_declined():
    """PF-075 (ruling PF-R32): "the player may immediately gain that reward": a Peach circle
    offers ``peach`` (gain it) or ``skip``, like every circle."""
    s = pos(["go:0,1 ge:0,0 te:0 sp:0 ch:0 si:0 p:6 t:5 r:5"], dice="go5", round=4)
    play(s, "go")  # the next round marks circle 6 (0-based), which shows a Peach
    assert s.phase == "track" and s.sheets[0].track == 6
    assert texts(s.legal_actions(0)) == ["peach", "skip"]
    play(s, "skip")
    assert s.sheets[0].peaches == 6 and s.phase == "roll"


def test_turn_track_peach_circle_gained_fills_a_spot_with_its_row_bonus():
    """PF-075, PF-R15: the gained Peach fills the next spot; completing the row queues its
    bonus, which is then gained like any Market Reward."""
    s = pos(["go:0,1 ge:0,0 te:0 sp:0 ch:0 si:0 p:6 t:5 r:5"], dice="go5", round=4)
    play(s, "go", "peach")
    assert s.sheets[0].peaches == 7 and s.sheets[0].pending == [("number", 2, False)]
    assert texts(s.legal_actions(0)) == ["go=2"]


def test_turn_track_peach_is_announced_apart_from_the_take_a_peach_action():
    """PF-075 and PF-030: the circle's Peach and the round's Take a Peach share the notation
    ``peach``; what the seat is told and its move list name the circle's Peach."""
    s = pos(["go:0,1 ge:0,0 te:0 sp:0 ch:0 si:0 p:6 t:5 r:5"], dice="go5", round=4)
    play(s, "go")
    assert s.phase == "track"
    peach = s.game.action("peach")
    assert (
        s.game.describe_move_for(s, 0, peach, None)
        == "Player 1 gained the turn-track circle's Peach."
    )
    assert s.game.describe_move(peach, s.observe(0)) == "Gain the turn-track circle's Peach"
    play(s, "skip", "roll:te5")
    assert s.phase == "action"
    assert s.game.describe_move_for(s, 0, peach, None) == "Player 1 took a Peach."


def test_turn_track_reward_is_settled_before_the_dice_are_rolled():
    """PF-075: with the circle's Die pending the round's action cannot be taken yet."""
    s = pos(["t:7 go:0"], dice="go1,te4", difficulty="easy", round=8)
    play(s, "go")  # next round marks circle 8 (0-based), which shows a Die
    assert s.phase == "track"
    assert refused(s, "te").rule == "PF-075"


def test_solo_reward_a_eats_two_peaches_to_take_a_common_card():
    """PF-077, PF-G27 (ruling PF-R25): take one Common card, discard the other, draw 2 new."""
    s = pos(["te:0,1,2 p:5 r:9"], dice="te3,si2", commons=[1, 2])
    play(s, "te")
    assert {"take:1", "take:2", "merchant", "noreward"} == set(texts(s.legal_actions(0)))
    play(s, "take:2")
    assert s.sheets[0].requests == [9, 2] and s.sheets[0].eaten == 2
    play(s, "card:7", "card:8")
    assert s.commons == [7, 8] and 1 not in s.deck_unseen


def test_solo_reward_a_needs_two_peaches():
    """PF-G27 (ruling PF-R25): with 1 Peach, taking a Common card is not offered nor accepted."""
    s = pos(["te:0,1,2 p:2 e:2 r:9"], dice="te3,si2", commons=[1, 2])
    play(s, "te")  # Tea 3's Peach icon gives 1 Peach only
    assert not any(a.startswith("take:") for a in texts(s.legal_actions(0)))
    assert refused(s, "take:1").rule == "PF-R25"


def test_solo_reward_a_takes_a_common_card_instead_of_drawing():
    """PF-077, PF-048: in the solo mode no Peaches are crossed out to draw from the deck."""
    s = pos(["te:0,1,2 p:5 r:9"], dice="te3,si2", commons=[1, 2])
    play(s, "te")
    for draw in ("draw1", "draw2", "draw3"):
        e = refused(s, draw)
        assert e.rule == "PF-077" and "solo" in str(e)


def test_solo_reward_a_takes_one_of_the_two_common_cards():
    """PF-077: a card that is not one of the Common cards cannot be taken."""
    s = pos(["te:0,1,2 p:5 r:9"], dice="te3,si2", commons=[1, 2])
    play(s, "te")
    e = refused(s, "take:5")
    assert e.rule == "PF-077" and "#1, #2" in str(e)


def test_solo_reward_b_hires_a_merchant_and_replaces_both_common_cards():
    """PF-078: Peaches from the Merchant, both Common cards to the box, 2 new drawn."""
    s = pos(["te:0,1,2 r:9"], dice="te3,si2", commons=[1, 2])
    play(s, "te", "merchant", "card:3", "card:4")
    assert s.sheets[0].merchants == 1 and s.commons == [3, 4]
    assert 1 not in s.deck_unseen and 2 not in s.deck_unseen


def test_solo_game_ignores_the_five_box_end():
    """PF-G25 (ruling PF-R24): 5 boxes in round 4 of Hard; the game goes on to round 13."""
    s = pos(["ge:0,1,2 b:go,te,sp,ch"], dice="ge3,te2", difficulty="hard", round=4)
    play(s, "ge", "noreward")
    assert s.sheets[0].boxes_marked == 5 and not s.is_terminal() and s.round == 5


def test_solo_game_ends_after_the_bottom_circle():
    """PF-079: the round that marks the last circle is the last one."""
    g = game(1)
    last = len(g.sheet.track_rewards) - 1
    s = pos([f"t:{last} p:28"], dice="te3,si2", round=15)
    play(s, "peach")
    assert s.is_terminal()


def test_solo_scoring_ignores_common_cards_and_uses_bottom_row():
    """PF-080, PF-081: only own cards, solo conditions."""
    s = pos(["sp:0,1,1,1,1,1,1 r:1"], commons=[14, 11])  # card 1: at least 7 Spices
    assert fulfilled_cards(s, 0) == [1]


SOLO_CASES = [
    (1, "PF-083", "sp:0,1,1,1,1,1,1", "sp:0,1,1,1,1,1"),
    (2, "PF-084", "ch:0,1,1,1,1,1,1", "ch:0,1,1,1,1,1"),
    (3, "PF-085", "si:0,1,1,1,1,1,1", "si:0,1,1,1,1,1"),
    (4, "PF-086", "te:0,1,1,1,1,1,1", "te:0,1,1,1,1,1"),
    (5, "PF-087", "ge:0,1,2,3,3,3", "ge:0,1,2,2,2,2"),
    (6, "PF-088", "go:0,1,2,3,3,3", "go:0,1,2,2,2,2"),
    (7, "PF-089", "sp:0,0,0,0,0,0 go:0,0,0,0,0,0", "sp:0,0,0,0,0 go:0,0,0,0,0,0"),
    (8, "PF-090", "si:0,0,0,0,0,0 ch:0,0,0,0,0,0", "si:0,0,0,0,0 ch:0,0,0,0,0,0"),
    (9, "PF-091", "te:0,0,0,0,0,0 ge:0,0,0,0,0,0", "te:0,0,0,0,0 ge:0,0,0,0,0,0"),
    (
        10,
        "PF-092",
        "go:0,1,1,1,2 ge:0,1,1,1,2 te:0,1,1,1,4",
        "go:0,1,1,1,2 ge:0,1,1,2,3 te:0,1,2,3,4",
    ),
    (11, "PF-093", "p:10 e:3", "p:10 e:4"),
    (12, "PF-094", "p:21 e:18", "p:21 e:17"),
    (13, "PF-095", "go:0,1,1 ge:0,1,1 te:0,0,1", "go:0,1,1 ge:0,1 te:0,0,1"),
    (14, "PF-096", "go:0,0,0,0 ge:0,0,0,0", "go:0,0,0,0 ge:0,0,0"),
]


@pytest.mark.parametrize(("condition", "rule", "met", "missed"), SOLO_CASES)
def test_solo_request_condition_thresholds(condition, rule, met, missed):
    """PF-083..PF-096 (bottom row), PF-G01 (ruling PF-R01): thresholds at their exact edge."""
    g = game(1)
    card = next(c.id for c in g.content.cards if c.condition == condition)
    assert card in fulfilled_cards(pos([f"{met} r:{card}"]), 0), rule
    assert card not in fulfilled_cards(pos([f"{missed} r:{card}"]), 0), rule
    assert condition in SOLO
