"""The Peach Festival's SVG board: a standalone, leak-free drawing whose click targets make every
legal move (meeple.games.peach_festival.svg)."""

from __future__ import annotations

import copy
import functools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple.core.game import sample_chance
from meeple.games.peach_festival.notation import position
from meeple.games.peach_festival.state import PeachState
from meeple.games.peach_festival.svg import STYLE, WIDTH, render_board
from meeple.testing.golden import check_golden

from .conftest import commit, game, pos

GOLDEN = Path(__file__).parent / "golden"
NS = "{http://www.w3.org/2000/svg}"


def moves_of(state: PeachState, seat: int | None) -> list[tuple[str, str]]:
    """The seat's legal moves as the page gives them: notation and sentence, in order."""
    if seat is None:
        return []
    obs = state.observe(seat)
    return [(a.text, state.game.describe_move(a, obs)) for a in state.legal_actions(seat)]


def board(state: PeachState, seat: int | None) -> str:
    return render_board(state.observe(seat), moves_of(state, seat))


def picks(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if "pick" in e.get("class", "").split()]


def pick_sets(svg: str) -> dict[str, set[int]]:
    """aria-label -> the move indices of that click target."""
    return {e.get("aria-label"): {int(i) for i in e.get("data-moves").split()} for e in picks(svg)}


def by_label(svg: str, start: str) -> set[int]:
    found = [m for label, m in pick_sets(svg).items() if label.startswith(start)]
    assert found, f"no click target labelled {start!r}"
    return found[0]


def index(state: PeachState, seat: int, text: str) -> int:
    return [a.text for a in state.legal_actions(seat)].index(text)


def settle(state: PeachState, rng: random.Random) -> PeachState:
    """Play chance nodes until a seat must decide."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


# -- positions --------------------------------------------------------------------------------
def mid_game() -> PeachState:
    """Round 8 of 3 players, at the action step: a Peach to eat, two boxes marked."""
    return position(
        game(3),
        [
            "go:0,1,2,3 ge:0,0 te:0,1 sp:0,1,1,2,2,3 p:10 e:3 m:1 r:3,7",
            "te:0,1,1,2 ch:0,0,1,1,2 p:5 e:1 r:12",
            "si:0,1,2,2 sp:0,1 go:0 p:5 r:5",
        ],
        dice="te2,sp1,si1,go1",
        round=8,
    )


def reward_and_number() -> PeachState:
    """Seat 0 wrote a 3 on a Number-2 square: a Column Reward and a write of 2 to settle."""
    s = position(
        game(3),
        [
            "go:0,1,1 ge:0 te:0,1,1,2 sp:0,1,1,2,2,2,2 ch:0,1 p:8 e:1 m:1 r:3,7",
            "te:0,1,1,2 ch:0,0,1,1,2 p:5 e:1 r:12",
            "si:0,1,2,2 sp:0,1 go:0 p:5 r:5",
        ],
        dice="sp3,te1,go1",
        round=9,
    )
    return commit(s, "sp", "te", "peach")


def solo_die() -> PeachState:
    """Solo, the turn-track circle with a Die: rolled when the player says so, or declined."""
    s = position(game(1, difficulty="medium"), ["te:0 p:5 r:4 t:7"], dice="te2,go3", round=6)
    s.apply_action("peach", 0)
    return s


def solo_track() -> PeachState:
    """Solo, round 2: the turn-track circle's Spices write may be gained or declined."""
    s = position(
        game(1, difficulty="medium"),
        ["go:0,1 te:0,1,1 sp:0,1 p:5 r:4 t:2"],
        dice="te2,go2,si1",
        round=1,
    )
    s.apply_action("peach", 0)
    return s


def solo_take() -> PeachState:
    """Solo: a box marked with 2 Peaches to eat offers each Common card (PF-077)."""
    return commit(pos(["go:0,1,2 p:5"], dice="go3,te2", difficulty="easy"), "go")


def drawn_cards() -> PeachState:
    """Seat 0 drew 2 Request cards and keeps one of them (PF-048)."""
    s = reward_and_number()
    s.apply_action("draw2", 0)
    return settle(s, random.Random(4))


def seeded(players: int, seed: int, **options) -> list[PeachState]:
    """Snapshots of one random game at every decision, seeded."""
    g = game(players, **options)
    s = g.new_initial_state()
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        settle(s, rng)
        if s.is_terminal():
            break
        out.append(s.clone())
        seat = s.acting_seats()[0]
        legal = s.legal_actions(seat)
        s.apply_action(legal[rng.randrange(len(legal))], seat)
    out.append(s)
    return out


def sample(states: list[PeachState], k: int, seed: int) -> list[PeachState]:
    rng = random.Random(seed)
    chosen = sorted(rng.sample(range(len(states)), min(k, len(states))))
    return [states[i] for i in chosen] + [states[-1]]


HAND_MADE = [mid_game, reward_and_number, solo_die, solo_track, solo_take, drawn_cards]


@functools.cache
def acting_positions() -> tuple[tuple[PeachState, int, str], ...]:
    """Hand-made decisions of every kind, plus a sample of seeded games (1 to 5 players),
    each with the seat to act and its board (built once; the tests only read them)."""
    out = []
    for make in HAND_MADE:
        s = make()
        out.append((s, s.acting_seats()[0]))
    for players, seed in ((1, 3), (2, 5), (3, 7), (4, 11), (5, 13)):
        for s in sample(seeded(players, seed), 10, seed):
            for seat in s.acting_seats():
                out.append((s, seat))
    return tuple((s, seat, board(s, seat)) for s, seat in out)


# -- the document -----------------------------------------------------------------------------
def test_the_board_is_one_standalone_svg_document_with_a_text_alternative():
    for s, seat in [(mid_game(), 0), (solo_track(), 0), (mid_game(), None)]:
        svg = board(s, seat)
        root = ET.fromstring(svg)
        assert root.tag == f"{NS}svg" and root.get("role") == "img"
        assert root.get("viewBox").startswith(f"0 0 {WIDTH} ")
        assert root.find(f"{NS}title").text.startswith("The Peach Festival, round")
        desc = root.find(f"{NS}desc").text
        assert ("Dice: 1 Gold, 2 Tea Leaves, 1 Spices, 1 Silk." in desc) == (s.dice is not None)
        assert root.find(f"{NS}style") is not None
        assert root.find(f".//{NS}script") is None
        for e in root.iter():
            assert not [a for a in e.attrib if a.lower().startswith("on")], e.attrib
            href = e.get("href")
            assert href is None or href.startswith("#pf-"), href
            assert "url(" not in e.get("style", "")


def test_the_text_alternative_tells_every_sheet_and_the_cards():
    desc = ET.fromstring(board(mid_game(), 1)).find(f"{NS}desc").text
    assert "Your sheet: Gold empty" in desc
    assert "Player 1: Gold 0, 1, 2, 3 (4 of 6, box marked)" in desc
    assert "#12 Have eaten the most Peaches" in desc
    assert "Common Request cards: #1" in desc


def test_every_click_target_is_a_labelled_focusable_button():
    for s, seat in [(mid_game(), 0), (reward_and_number(), 0), (drawn_cards(), 0)]:
        targets = picks(board(s, seat))
        assert targets
        for e in targets:
            assert e.get("tabindex") == "0" and e.get("role") == "button"
            assert e.get("aria-label")
            assert e.get("data-moves").split()


def test_a_seat_not_to_act_and_a_spectator_get_no_click_targets():
    s = commit(mid_game(), "te")  # seat 0 has chosen; seats 1 and 2 still choose
    assert picks(board(s, 0)) == []
    assert picks(board(s, None)) == []
    assert "You chose: Take Tea Leaves (sealed). Waiting for Player 2, Player 3." in board(s, 0)


# -- legible on a phone ----------------------------------------------------------------------
#: The board's width on the page at a 360 px wide phone, in CSS px: the page's margins, the
#: board's frame and padding taken off (measured in tests/web/test_peach_phone.py).
PHONE_BOARD_PX = 329
LEGIBLE_PX = 12


def font_sizes(svg: str) -> list[tuple[float, str]]:
    """Every text's font size in user units (its classes' sizes in the board's style, the
    rule written last winning, times the scale of the groups around it) and its words."""
    rules = re.findall(r"\.pf-board \.(pf-[\w-]+)\{[^}]*font-size:([\d.]+)px", STYLE)
    order = {name: (i, float(size)) for i, (name, size) in enumerate(rules)}
    out: list[tuple[float, str]] = []

    def walk(e: ET.Element, scale: float) -> None:
        found = re.search(r"scale\(([\d.]+)", e.get("transform", ""))
        scale *= float(found.group(1)) if found else 1.0
        if e.tag == f"{NS}text":
            sized = [order[c] for c in e.get("class", "").split() if c in order]
            size = max(sized)[1] if sized else 16.0  # the browser's default
            out.append((size * scale, "".join(e.itertext())))
        for child in e:
            walk(child, scale)

    walk(ET.fromstring(svg), 1.0)
    return out


def test_no_text_of_the_board_is_under_12_px_on_a_360_px_phone():
    """The board is one column WIDTH units wide: at a phone's board width every text's
    size in px (units times PHONE_BOARD_PX / WIDTH) is at least LEGIBLE_PX."""
    boards = [svg for _, _, svg in acting_positions()]
    boards += [board(make()[0], make()[1]) for make in GOLDEN_BOARDS.values()]
    boards.append(board(mid_game(), None))
    for svg in boards:
        root = ET.fromstring(svg)
        scale = PHONE_BOARD_PX / float(root.get("viewBox").split()[2])
        sizes = font_sizes(svg)
        assert sizes
        small = [(round(size * scale, 2), text) for size, text in sizes if size * scale < 12]
        assert not small, small[:5]


# -- moves and picks --------------------------------------------------------------------------
def test_every_legal_move_is_in_some_click_target():
    """No move is only in the move list: each index appears in a target's data-moves."""
    for s, seat, svg in acting_positions():
        covered = set().union(*pick_sets(svg).values()) if picks(svg) else set()
        assert covered == set(range(len(s.legal_actions(seat)))), s.observe(seat)["phase"]


def test_the_targets_holding_a_move_narrow_to_that_move_alone():
    """Clicking every part of a move leaves exactly that move (the page plays it)."""
    for s, seat, svg in acting_positions():
        targets = list(pick_sets(svg).values())
        for i in range(len(s.legal_actions(seat))):
            having = [t for t in targets if i in t]
            assert set.intersection(*having) == {i}, s.legal_actions(seat)[i].text


def test_a_commodity_and_a_peach_effect_make_the_action_in_two_clicks():
    s = mid_game()
    svg = board(s, 0)
    tea = by_label(svg, "Tea Leaves: 2 dice")
    assert tea & by_label(svg, "Eat a Peach to Manipulate: one more") == {index(s, 0, "te+")}
    assert tea & by_label(svg, "Write the dice count as rolled") == {index(s, 0, "te")}
    assert tea & by_label(svg, "Silk: 1 die") == {index(s, 0, "te&si")}  # Impress: both
    barter = tea & by_label(svg, "Eat a Peach to Barter")
    silk_square = by_label(svg, "Silk column, next square")
    assert barter & silk_square == {index(s, 0, "te>si")}
    assert by_label(svg, "Take a Peach: the next Peach spot") == {index(s, 0, "peach")}


def test_without_a_peach_to_eat_the_dice_alone_make_the_action():
    """PF-036, ruling PF-R38: no effects are offered, so a commodity is one click."""
    s = pos(["te:0 p:2 e:2", ""], dice="te3,go2")
    svg = board(s, 0)
    assert by_label(svg, "Tea Leaves: 3 dice") == {index(s, 0, "te")}
    assert 'class="pf-off"' in svg  # the effect buttons are drawn, greyed


def test_a_reward_write_is_a_square_and_a_number():
    s = solo_track()
    svg = board(s, 0)
    square = by_label(svg, "Spices column, next square")
    assert square == {index(s, 0, "sp=1"), index(s, 0, "sp=2")}
    assert square & by_label(svg, "Write 2") == {index(s, 0, "sp=2")}
    assert by_label(svg, "Decline the turn-track reward") == {index(s, 0, "skip")}


def test_a_number_icon_write_is_one_click_on_the_column():
    s = reward_and_number()
    svg = board(s, 0)
    assert by_label(svg, "Gold column, next square") == {index(s, 0, "go=2")}
    assert by_label(svg, "Hire the next Merchant") == {index(s, 0, "merchant")}
    assert by_label(svg, "Column Reward: eat 2 Peaches") == {index(s, 0, "draw2")}
    assert by_label(svg, "Take no Column Reward") == {index(s, 0, "noreward")}


def test_a_pending_die_is_rolled_from_its_button():
    s = solo_die()
    assert by_label(board(s, 0), "Roll the Die-icon die now") == {index(s, 0, "roll")}


def test_request_cards_are_kept_and_taken_by_clicking_them():
    s = drawn_cards()
    hand = s.observe(0)["hand"]
    svg = board(s, 0)
    for card in hand:
        assert by_label(svg, f"Request card {card}:") == {index(s, 0, f"keep:{card}")}
    solo = solo_take()
    svg = board(solo, 0)
    for card in solo.commons:
        assert by_label(svg, f"Request card {card}:") == {index(solo, 0, f"take:{card}")}


def test_a_move_the_drawing_has_no_place_for_still_gets_a_button():
    s = mid_game()
    moves = [*moves_of(s, 0), ("mystery", "A move from elsewhere")]
    svg = render_board(s.observe(0), moves)
    assert by_label(svg, "A move from elsewhere") == {len(moves) - 1}


# -- safety and determinism -------------------------------------------------------------------
def test_text_from_the_observation_and_the_moves_is_escaped():
    s = solo_track()
    obs = s.observe(0)
    obs["difficulty"] = '<script>alert("x")</script>'
    obs["sheets"][0]["last"] = "<b onload=x>"
    moves = [(t, f'<script>bad("{t}")</script> & more') for t, _ in moves_of(s, 0)]
    svg = render_board(obs, moves)
    root = ET.fromstring(svg)
    assert root.find(f".//{NS}script") is None and "<script" not in svg and "<b " not in svg
    assert '&lt;script&gt;alert("x")&lt;/script&gt;' in svg
    labels = [e.get("aria-label") for e in picks(svg)]
    assert '<script>bad("skip")</script> & more' in " ".join(labels)
    revealed = reward_and_number().observe(0)
    revealed["sheets"][1]["last"] = "<b onload=x>"
    svg = render_board(revealed, [])
    assert "&lt;b onload=x&gt;" in svg and "<b " not in svg


def test_the_same_observation_draws_the_same_bytes():
    s = mid_game()
    obs, moves = s.observe(0), moves_of(s, 0)
    first = render_board(obs, moves)
    assert render_board(copy.deepcopy(obs), list(moves)) == first
    assert obs == s.observe(0)  # the observation is read, not changed


@pytest.mark.parametrize(("players", "seed"), [(1, 21), (2, 22), (3, 23), (4, 24)])
def test_a_state_and_its_determinized_twin_draw_the_same_board(players, seed):
    """Hidden cards, the deck order and others' sealed choices never reach the drawing."""
    g = game(players)
    rng = random.Random(seed)
    for s in sample(seeded(players, seed), 8, seed):
        for seat in range(players):
            twin = g.determinize(s, seat, rng)
            assert board(twin, seat) == board(s, seat)


def test_the_keep_step_shows_only_the_viewers_dealt_cards():
    """PF-007: each player sees their own two cards; the others' are a count."""
    s = game(3).new_initial_state()
    settle(s, random.Random(8))
    svg = board(s, 0)
    hand0 = s.observe(0)["hand"]
    for card in hand0:
        assert f"Request card {card}:" in svg
    for card in s.sheets[1].hand:
        assert f"Request card {card}:" not in svg
    assert "holding 2 cards" in svg


def test_an_observation_of_another_game_is_refused():
    with pytest.raises(ValueError, match="peach-festival observation, not 'almanac'"):
        render_board({"game": "almanac"}, [])


def test_the_end_shows_the_six_scoring_steps_of_each_sheet():
    """PF-067..PF-072: the sheet's scoring spaces are filled in at the end."""
    end = seeded(2, 31)[-1]
    assert end.is_terminal()
    svg = board(end, 0)
    result = end.result()
    for seat in result.seats:
        assert f"Total {seat.score}" in svg
    assert "Game over. Final scores:" in svg


# -- golden boards ----------------------------------------------------------------------------
def _start() -> tuple[PeachState, int]:
    s = game(3).new_initial_state()
    return settle(s, random.Random(2026)), 0


GOLDEN_BOARDS = {
    "start": _start,
    "mid-game": lambda: (mid_game(), 0),
    "compound": lambda: (reward_and_number(), 0),
    "solo": lambda: (solo_track(), 0),
    "end": lambda: (seeded(2, 31)[-1], 1),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_BOARDS))
def test_golden_boards_are_unchanged(name):
    """A change in drawing shows as a diff; regenerate with MEEPLE_UPDATE_GOLDEN=1."""
    state, seat = GOLDEN_BOARDS[name]()
    check_golden(GOLDEN / f"board-{name}.svg", board(state, seat))


def test_a_solo_common_card_says_it_scores_only_once_taken():
    """PF-080: the solo game checks only the cards taken, so a Common card met now is still
    marked as not scoring until a Column Reward takes it."""
    svg = board(solo_take(), 0)
    assert svg.count("not met (0) \u00b7 take to score") == 2


def test_another_seats_sheet_is_headed_by_its_name_alone_with_a_title_naming_the_sheet():
    """A long name (the page cuts it to 16 characters) must not run past the sheet's edge
    into "has chosen": the header is the name alone, the title says whose sheet it is."""
    s = mid_game()
    s.apply_action(s.legal_actions(1)[0], 1)  # Player 2 has chosen
    root = ET.fromstring(board(s, 0))
    heads = [
        g
        for g in root.iter(f"{NS}g")
        if (t := g.find(f"{NS}title")) is not None and t.text.endswith("\u2019s Market sheet")
    ]
    assert [g.find(f"{NS}title").text for g in heads] == [
        "Player 2\u2019s Market sheet",
        "Player 3\u2019s Market sheet",
    ]
    assert [g.find(f"{NS}text").text for g in heads] == ["Player 2", "Player 3"]
    texts = [" ".join(t.itertext()) for t in root.iter(f"{NS}text")]
    assert "Your Market sheet" in texts
    assert any(t.startswith("\u2713 has chosen \u00b7 ") for t in texts)
