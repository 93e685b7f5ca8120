"""Every finished Ascent's result is kept, public, for the end (ruling AN-R46): each climber's
total, arrival at the peak, placing and flags as AN-060..AN-065 award them; the end screens
show the flags per Ascent with the ties the placings broke (AN-062, ruling AN-R21) and how the
winner won (AN-068..AN-070, ruling AN-R20)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from meeple.agents.base import RandomAgent
from meeple.core.driver import play_game
from meeple.games.annapurna import board, rules
from meeple.games.annapurna.consts import AWARDS, LNTB_FLAGS
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.render import ascent_table
from meeple.games.annapurna.svg import WIDTH, render_board

from .helpers import ZERO_RUSH, card_id, climb_route, setup

#: One face-up card per total: Sunrise +1, Moonrise -1, Snow Leopard +2, Yak -2.
_CARD_OF = {1: 14, -1: 15, 2: 17, -2: 16}


def _score_ascent(state, totals, arrivals):
    """End the Ascent with each climber's face-up total and arrival (0: never peaked)."""
    for s, (total, arrival) in enumerate(zip(totals, arrivals, strict=True)):
        state.mount[s] = [-1] * 15
        state.down[s] = state.up[s] = 0
        if total:
            state.mount[s][0] = card_id(s, _CARD_OF[total])
            state.up[s] = 1
        state.arrival[s] = arrival
    rules._end_ascent(state, -1)


def test_each_ascent_keeps_every_climbers_flags():
    """Ruling AN-R46, AN-061, AN-062, AN-064: two Ascents of three climbers are both kept, in
    order, each with every climber's total, arrival, placing and the flags it earned."""
    state = setup(3, flag_target=20)
    _score_ascent(state, [1, 0, 2], [1, 2, 3])
    _score_ascent(state, [2, -2, 1], [2, 1, 3])  # Red and Blue tie at 2: Blue peaked first
    first, second = state.ascents
    assert first == (-1, (1, 0, 2), (1, 2, 3), (2, 1, 3), (2, 3, 1))
    assert second == (-1, (2, -2, 1), (2, 1, 3), (3, 2, 1), (1, 2, 3))
    for lntb, _, _, placings, earned in state.ascents:
        assert lntb == -1
        assert [earned[s] for s in sorted(range(3), key=lambda s: placings[s])] == list(AWARDS[3])
    assert [first[4][s] + second[4][s] for s in range(3)] == state.flags


def test_a_left_no_trace_ascent_keeps_four_flags_for_its_climber_alone():
    """AN-063, ruling AN-R46: the Ascent that ends at once is kept like any other: its climber
    peaked first at 0 and earned 4 flags; the others never peaked and earned none."""
    state = setup(3, layouts={0: ZERO_RUSH}, flag_target=9)
    climb_route(state, 0)
    assert state.ascents == [(0, (0, None, None), (1, 0, 0), (1, 2, 3), (LNTB_FLAGS, 0, 0))]
    (ascent,) = state.observe(None)["ascents"]
    assert ascent["lntb"] == 0 and [c["earned"] for c in ascent["climbers"]] == [4, 0, 0]


def test_every_seat_and_the_spectator_see_the_same_ascents_and_determinize_keeps_them():
    """Ruling AN-R46: the Ascents are public, in every view alike; a clone and every state
    rebuilt from a view keep them, and a clone goes on apart from its original."""
    state = setup(2, flag_target=20)
    _score_ascent(state, [1, -2], [2, 1])
    views = [state.observe(v)["ascents"] for v in (0, 1, None)]
    assert views[0] == views[1] == views[2] and len(views[0]) == 1
    assert views[0][0]["climbers"][1] == {"total": -2, "arrival": 1, "placing": 2, "earned": 2}
    assert state.policy_view(1)["ascents"] == views[0]
    copy = state.clone()
    _score_ascent(state, [1, 2], [1, 2])
    assert len(copy.ascents) == 1 and len(state.ascents) == 2
    game = state.game
    for viewer in (0, 1, None):
        twin = game.determinize_observation(state.observe(viewer), random.Random(3))
        assert twin.ascents == state.ascents
        assert twin.observe(viewer)["ascents"] == state.observe(viewer)["ascents"]
    assert state.snapshot()["ascents"][1] == [-1, [1, 2], [1, 2], [1, 2], [3, 2]]


def test_replaying_a_record_rebuilds_the_same_ascents():
    """Ruling AN-R46: the Ascents come from the rules alone, so a record replayed move by move
    gives the same ones; they add up to each climber's flags, one per Ascent played."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = Annapurna(players, flag_target=5)
        state, _ = play_game(game, [RandomAgent() for _ in range(players)], seed=seed)
        again = game.new_initial_state()
        for seat, action in state.history:
            again.apply_action(action, seat)
        assert again.ascents == state.ascents
        assert len(state.ascents) == state.ascent
        assert [sum(a[4][s] for a in state.ascents) for s in range(players)] == state.flags


def test_the_end_tells_a_tie_in_flags_broken_by_the_final_ascent_placing():
    """AN-070 and ruling AN-R20: tied at the target, the better place in the final Ascent
    wins, and the end says so with the places; AN-062: a tie in an Ascent is told too."""
    state = setup(2, flag_target=5)
    _score_ascent(state, [0, 1], [2, 1])  # Red 3, Blue 2
    _score_ascent(state, [-1, 1], [2, 1])  # tied at 1 from zero: Blue first, 3; Red 2
    assert state.is_terminal() and state.flags == [5, 5] and state.winner == 1
    table = ascent_table(state.observe(None), state.game.colour)
    assert table is not None
    assert [row["label"] for row in table["rows"]] == ["1", "2"] and table["corner"] == "Ascent"
    assert [row["cells"][0][0] for row in table["rows"]] == ["+3", "+2"]
    assert table["rows"][1]["cells"][1] == [
        "+3",
        "placed 1st, total +1, 1st to the peak (peak token #1)",
    ]
    assert table["total"]["cells"] == [["5 flags", "target 5"], ["5 flags", "target 5"]]
    assert (
        "Ascent 2: Blue and Red tied at ±1; the first to the peak placed higher "
        "(AN-062, ruling AN-R21)." in table["notes"]
    )
    assert table["notes"][-1] == (
        "Blue and Red have 5 flags each: Blue wins by the better place in the final Ascent "
        "(1st against 2nd; AN-070, ruling AN-R20)."
    )


def test_the_end_tells_more_flags_win_when_two_reach_the_target_together():
    """AN-069: two climbers past the target after the same Ascent, the one with more wins;
    AN-068: one climber alone at the target is the first to reach it."""
    state = setup(3, flag_target=6)
    _score_ascent(state, [0, 1, 2], [1, 2, 3])  # 3, 2, 1
    _score_ascent(state, [1, 0, 2], [1, 2, 3])  # 5, 5, 2
    _score_ascent(state, [0, 1, 2], [1, 2, 3])  # 8, 7, 3
    assert state.winner == 0
    notes = ascent_table(state.observe(1), state.game.colour)["notes"]
    assert notes[-1] == (
        "Red and Blue reached 6 flags in the same Ascent: Red wins with the most flags, 8 (AN-069)."
    )
    alone = setup(2, flag_target=5)
    _score_ascent(alone, [0, 1], [1, 2])  # 3, 2
    _score_ascent(alone, [0, 1], [1, 2])  # 6, 4
    notes = ascent_table(alone.observe(None), alone.game.colour)["notes"]
    assert notes == ["Red is the first to reach 5 flags (AN-068)."]


def test_the_terminal_end_shows_each_climbers_flags_per_ascent_in_80_columns():
    """Ruling AN-R46: the rendered end lists one row per Ascent, one column per climber, the
    totals and the tie-break, every line within 80 columns."""
    state = setup(4, flag_target=4)
    _score_ascent(state, [1, -1, 2, -2], [1, 2, 3, 4])
    _score_ascent(state, [2, 1, 0, -1], [4, 3, 2, 1])
    assert state.is_terminal()
    text = state.game.render(state.observe(2))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    start = lines.index("Flags per Ascent (flags, place, total, peak token):")
    head, one, two, total = lines[start + 1 : start + 5]
    assert head.split() == ["Ascent", "Red", "Blue", "Green", "Yellow"]
    assert one.split()[:5] == ["1", "+3", "1st", "+1", "#1"]
    assert two.startswith("2") and "+3 1st +0 #2" in two  # Green balanced, second to peak
    assert "no peak" not in text and "-2 -" in one  # the 4th arrival takes no token (AN-R10)
    assert total.split() == ["Total", *(w for f in state.flags for w in (str(f), "flags"))]
    winner = state.game.colour(state.winner)
    assert any(line.startswith(winner) or f": {winner} wins" in line for line in lines)


def test_the_cooperative_table_counts_each_climbers_own_flags_without_placings():
    """Rulings AN-R43..AN-R45: in the cooperative Expedition a climber earns the team flags by
    its own distance from zero, so the table shows totals, no placings, and the team's sum."""
    state = setup(2, mode="cooperative")
    _score_ascent(state, [0, -2], [2, 1])
    table = ascent_table(state.observe(0), state.game.colour)
    assert table is not None
    assert table["rows"][0]["cells"] == [
        ["+3", "total +0, 2nd to the peak (peak token #2)"],
        ["+1", "total -2, 1st to the peak (peak token #1)"],
    ]
    assert table["total"]["label"] == "So far (team: 4 flags)"
    assert not any("tied" in note for note in table["notes"])


def _board_ascents(svg: str) -> list[list[str]]:
    """The lines of the board's Ascents table, each its texts from left to right; ``[]``
    when the board has none."""
    root = ET.fromstring(svg)
    group = root.find(".//{http://www.w3.org/2000/svg}g[@class='an-ascents']")
    if group is None:
        return []
    lines: dict[float, list[tuple[float, str, float]]] = {}
    for el in group.iter("{http://www.w3.org/2000/svg}text"):
        y, x = float(el.get("y")), float(el.get("x"))
        lines.setdefault(y, []).append((x, "".join(el.itertext()), float(el.get("font-size"))))
    return [[text for _, text, _ in sorted(lines[y])] for y in sorted(lines)]


def _smallest_text(svg: str) -> float:
    """The smallest text size in the board's Ascents table, in the board's units."""
    root = ET.fromstring(svg)
    group = root.find(".//{http://www.w3.org/2000/svg}g[@class='an-ascents']")
    return min(float(el.get("font-size")) for el in group.iter("{http://www.w3.org/2000/svg}text"))


def test_the_board_shows_every_finished_ascents_flags_in_order_and_the_flags_so_far():
    """Ruling AN-R46: the board lists each finished Ascent, oldest first, with every
    climber's flags and placing (AN-061, AN-062), then each one's flags so far; before the
    first Ascent ends there is none, and the text alternative tells the same."""
    state = setup(3, flag_target=20)
    assert _board_ascents(render_board(state.observe(0))) == []
    _score_ascent(state, [1, 0, 2], [1, 2, 3])  # Blue balanced: 1st; Red 2nd; Green 3rd
    _score_ascent(state, [2, -2, 1], [2, 1, 3])  # Green 1st; Blue ties Red, peaked first
    for viewer in (0, 2, None):
        svg = render_board(state.observe(viewer))
        assert _board_ascents(svg) == [
            ["Ascent", "Red", "Blue", "Green"],
            ["1", "+2 2nd", "+3 1st", "+1 3rd"],
            ["2", "+1 3rd", "+2 2nd", "+3 1st"],
            ["So far", "3", "5", "4"],
        ]
        # 12 px where a 360 px phone draws the board 329 px wide
        assert _smallest_text(svg) * 329 / WIDTH >= 12
        desc = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}desc").text
        one = desc.index(
            "Ascent 1 flags: Red +2, placed 2nd, total +1, 1st to the peak (peak token #1); Blue"
        )
        assert one < desc.index(
            "Ascent 2 flags: Red +1, placed 3rd, total +2, 2nd to the peak (peak token #2); Blue"
        )
        assert "So far: Red 3 flags, Blue 5 flags, Green 4 flags; target 20 flags." in desc


def test_the_board_marks_who_left_no_trace_behind_and_who_never_peaked():
    """AN-063 and ruling AN-R34 on the board: the climber who Left No Trace Behind is named
    so and the others earn nothing; a climber who never peaked is marked, a key says so."""
    state = setup(3, layouts={0: ZERO_RUSH}, flag_target=9)
    climb_route(state, 0)
    rows = _board_ascents(render_board(state.observe(None)))
    assert rows[1] == ["1", "+4 LNTB", "+0 \u2013", "+0 \u2013"]
    assert rows[-1] == ["LNTB: Left No Trace Behind"]
    never = setup(2, flag_target=20)
    _score_ascent(never, [1, 0], [1, 0])  # Blue never reached the peak: placed last
    rows = _board_ascents(render_board(never.observe(1)))
    assert rows[1] == ["1", "+3 1st", "+2 2nd*"]
    assert rows[-1] == ["* never reached the peak"]


def test_exploring_the_peak_names_its_card_effect_and_the_peak_token_taken():
    """AN-005, AN-027, AN-045, rulings AN-R10, AN-R31: an Explore names the effect of the card
    it turns up and, at the peak, the token of the next arrival; other moves name nothing."""
    state = setup(2, layouts={0: ZERO_RUSH, 1: ZERO_RUSH})
    game = state.game
    first = game.action("explore e1")
    effect = game.content.cards[state.mount[0][board.POS_BY_NAME["e1"]] % 18].effect
    assert game.move_elements(state, 0, first) == ([] if effect == "none" else [f"effect {effect}"])
    assert game.move_elements(state, 0, game.action("pass")) == []
    climb_route(state, 0, stop="a5")
    peak = game.move_elements(state, 0, game.action("explore a5"))
    assert peak[-1] == "token #1"
