"""Game end and final scoring (PF-017..PF-019, PF-066..PF-072, PF-083..PF-096 multiplayer,
PF-G21..PF-G23, PF-G33)."""

import pytest

import meeple
from meeple.core.errors import ConfigError
from meeple.games.peach_festival.scoring import (
    MULTIPLAYER,
    column_points,
    fulfilled_cards,
    game_result,
    lantern_points,
    largest_ones_group,
    score_breakdown,
)

from .conftest import commit, game, play, pos


def finished(sheets: list[str], commons=None, **kw):
    """A position whose scoring we read directly (scoring does not depend on the phase)."""
    return pos(sheets, commons=commons, **kw)


def test_game_ends_after_the_round_someone_marks_a_fifth_box():
    """PF-066: the round is completed by everyone, then the game ends."""
    s = commit(pos(["ge:0,1,2 b:go,te,sp,ch r:1", "te:0,1,2 r:2"], dice="ge3,te2"), "ge", "te+")
    assert s.sheets[0].boxes_marked == 5
    assert not s.is_terminal()  # both players still settle their rewards
    play(s, "noreward", "noreward")
    assert s.is_terminal()
    assert s.result().extras == {"rounds": 1, "round_limit": False}


def test_four_boxes_do_not_end_the_game():
    """PF-066: fewer than 5 boxes -> a new round starts with the roll."""
    s = commit(pos(["ge:0,1,2 b:go,te,sp r:1", ""], dice="ge3,te2"), "ge", "peach")
    play(s, "noreward")
    assert s.phase == "roll" and s.round == 2


def test_lantern_row_scores_four_times_its_sum():
    """PF-067, PF-065, PF-G03 (ruling PF-R03): row 5 in every column; empty squares count 0."""
    s = finished(["go:0,1,1,2,2 ge:0,1,2,3,3 te:0,1", ""])
    assert lantern_points(s.game.sheet, s.sheets[0]) == 4 * (2 + 3)


def test_column_scores_last_number_times_its_row_multiplier():
    """PF-068, PF-017, PF-G04, PF-G23 (rulings PF-R04, PF-R22): Gold [0,1,1,2] -> 2 x row 4."""
    g = game(2)
    s = finished(["go:0,1,1,2", ""])
    assert column_points(g.sheet, s.sheets[0]) == 2 * g.sheet.multipliers[3]
    s = finished(["go:0,1,1,2 si:0,1,2,3,4,5,6", ""])
    assert column_points(g.sheet, s.sheets[0]) == 2 * 2 + 6 * 3


def test_empty_column_scores_nothing():
    """PF-G23 (ruling PF-R22)."""
    s = finished(["", ""])
    assert column_points(s.game.sheet, s.sheets[0]) == 0


def test_fulfilled_requests_score_ten_each_own_and_common():
    """PF-069, PF-019, PF-027: own and Common cards are eligible; 10 points each."""
    # card 1: most Spices; card 6: most Gold; card 14: most 0s (see requests.toml)
    s = finished(["sp:0,1 r:1", "go:0,1 r:6"], commons=[14, 3])
    assert fulfilled_cards(s, 0) == [1, 14, 3]  # ties at 0 Silk and equal 0s count (PF-G21)
    assert score_breakdown(s, 0)["requests"] == 30


def test_tied_players_all_fulfil_a_condition_even_at_zero():
    """PF-G21 (ruling PF-R20): everyone tied for the best counts, 0 included."""
    s = finished(["", "", ""], commons=[3, 4])
    assert all(fulfilled_cards(s, seat)[-2:] == [3, 4] for seat in range(3))


def test_at_most_eight_requests_score():
    """PF-069: a maximum of 8 fulfilled cards."""
    s = finished(["r:1,2,3,4,5,6,7,8,9", ""], commons=[11, 12])
    assert len(fulfilled_cards(s, 0)) == 11
    assert score_breakdown(s, 0)["requests"] == 80


def test_merchants_score_two_each_and_uneaten_peaches_one_each():
    """PF-070, PF-071, PF-018, PF-016."""
    s = finished(["m:2 p:10 e:3", ""])
    parts = score_breakdown(s, 0)
    assert parts["merchants"] == 4 and parts["peaches"] == 7


def test_total_is_the_sum_and_ties_share_the_victory():
    """PF-072: highest total wins; tied players share the victory."""
    s = finished(["go:0,1 r:1", "ge:0,1 r:5"], commons=[20, 24])
    result = game_result(s)
    parts = [score_breakdown(s, i) for i in range(2)]
    assert all(p["total"] == sum(v for k, v in p.items() if k != "total") for p in parts)
    assert parts[0]["total"] == parts[1]["total"]
    assert result.winners == [0, 1] and [r.rank for r in result.seats] == [1, 1]


def test_common_cards_are_never_replaced_in_multiplayer():
    """PF-G33 (ruling PF-R30): after a whole game the 2 Common cards are those of the setup."""
    from meeple.agents import RandomAgent
    from meeple.core.driver import play_game

    g = game(3)
    seen = []
    play_game(
        g,
        [RandomAgent() for _ in range(3)],
        seed=5,
        on_step=lambda st, seat, a: seen.append(tuple(st.commons)),
    )
    after_setup = [c for c in seen if len(c) == 2]
    assert len(set(after_setup)) == 1


def test_largest_group_of_ones_crosses_columns_orthogonally():
    """PF-095, PF-G22 (ruling PF-R21): rows line up across columns; no diagonals."""
    s = finished(["go:0,1,1 ge:0,1 te:0,0,1", ""])
    # Gold rows 2-3, Gems row 2 and Tea row 3 (beside Gems row 3? Gems has no row 3 value)
    assert largest_ones_group(s.sheets[0]) == 3
    s = finished(["go:0,1,1 ge:0,1,1 te:0,0,1", ""])
    assert largest_ones_group(s.sheets[0]) == 5


MULTI_CASES = [
    # (condition, PF id, seat-0 sheet, seat-1 sheet): seat 0 strictly best
    (1, "PF-083", "sp:0,1", "sp:0"),
    (2, "PF-084", "ch:0,1", "ch:0"),
    (3, "PF-085", "si:0,1", "si:0"),
    (4, "PF-086", "te:0,1", "te:0"),
    (5, "PF-087", "ge:0,1", "ge:0"),
    (6, "PF-088", "go:0,1", "go:0"),
    (7, "PF-089", "sp:0 go:0,1", "sp:0,1"),
    (8, "PF-090", "si:0 ch:0,1", "si:0,1"),
    (9, "PF-091", "te:0 ge:0,1", "te:0,1"),
    (10, "PF-092", "go:0,1,1,1,1", "go:0,1,1,1,2"),
    (11, "PF-093", "p:5", "p:5 e:1"),
    (12, "PF-094", "p:5 e:2", "p:5 e:1"),
    (13, "PF-095", "go:0,1,1", "go:0,1"),
    (14, "PF-096", "go:0,0 ge:0", "go:0,0"),
]


@pytest.mark.parametrize(("condition", "rule", "best", "worse"), MULTI_CASES)
def test_multiplayer_request_condition_goes_to_the_best_player(condition, rule, best, worse):
    """PF-083..PF-096 (top row), PF-024: only the best (or tied) player fulfils the card."""
    card = next(c.id for c in game(2).content.cards if c.condition == condition)
    others = [c.id for c in game(2).content.cards if c.id != card][:4]
    s = finished([f"{best} r:{others[0]}", f"{worse} r:{others[1]}"], commons=[card, others[2]])
    assert card in fulfilled_cards(s, 0), rule
    assert card not in fulfilled_cards(s, 1), rule
    assert MULTIPLAYER[condition][1] == ("min" if condition == 10 else "max")


def test_round_limit_ends_a_stalled_game():
    """PF-R35: a game where nobody marks 5 boxes ends after ``max_rounds`` rounds."""
    s = pos(["", ""], dice="te3,si1,sp1", max_rounds=2)
    commit(s, "peach", "peach")
    play(s, "roll:te5")
    commit(s, "peach", "peach")
    assert s.is_terminal() and s.round == 2
    assert s.result().extras == {"rounds": 2, "round_limit": True}  # counted by simulations


def test_the_round_limit_is_a_whole_number_from_1_to_1000():
    """PF-R41: ``max_rounds`` beyond 1,000 (or below 1) is refused naming the range."""
    assert meeple.make("peach-festival", players=2, max_rounds=1000).max_rounds == 1000
    for bad in (0, 1001, 10**12):
        with pytest.raises(ConfigError, match=r"from 1 to 1,000 \(ruling PF-R41\)"):
            meeple.make("peach-festival", players=2, max_rounds=bad)


def test_rewards_are_settled_one_seat_at_a_time():
    """PF-R37, PF-R10: after the reveal only the seat being resolved has a decision."""
    s = commit(pos(["te:0,1,2 r:1", "te:0,1,2 r:2"], dice="te3,si1,sp1"), "te", "te")
    assert s.acting_seats() == (0,)
    assert s.legal_actions(1) == ()
    play(s, "merchant")
    assert s.acting_seats() == (1,)
