"""Annapurna's browser board: one standalone SVG drawn from a seat's observation, every legal
move clickable on it, nothing a seat may not see (AN-010, AN-028, rulings AN-R17, AN-R39,
AN-R41)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.core.game import CHANCE, sample_chance
from meeple.games.annapurna.content import DEFAULT_DIR
from meeple.games.annapurna.game import Annapurna
from meeple.games.annapurna.state import AnnapurnaState
from meeple.games.annapurna.svg import WIDTH, render_board
from meeple.testing.golden import check_golden

from .helpers import actor, code, deal, finish, go, hike_all, layout, play, setup

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"


def moves_of(state: AnnapurnaState, seat: int | None) -> list[tuple[str, str]]:
    """The seat's legal moves as the browser gets them: notation and sentence."""
    if seat is None or state.is_terminal() or seat not in state.acting_seats():
        return []
    obs = state.observe(seat)
    return [(a.text, state.game.describe_move(a, obs)) for a in state.legal_actions(seat)]


def board_of(state: AnnapurnaState, seat: int | None) -> str:
    return render_board(state.observe(seat), moves_of(state, seat))


def picks(svg: str) -> list[tuple[set[int], ET.Element]]:
    """Each clickable element's move indices, with the element."""
    root = ET.fromstring(svg)
    out = []
    for el in root.iter():
        if "pick" in el.get("class", "").split():
            out.append(({int(i) for i in el.get("data-moves", "").split()}, el))
    return out


def decision_states(players: int, seed: int, every: int = 3) -> Iterator[AnnapurnaState]:
    """Every ``every``-th decision state of a seeded random Expedition, and the end."""
    rng = random.Random(seed)
    state = Annapurna(players).new_initial_state()
    k = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng), CHANCE)
            continue
        if k % every == 0:
            yield state
        k += 1
        seat = actor(state)
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    yield state


def sample(every: int = 3) -> Iterator[AnnapurnaState]:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        yield from decision_states(players, seed, every)


# -- the document ------------------------------------------------------------------------------
def test_the_board_is_one_standalone_svg_with_a_text_alternative():
    state = hike_all(setup(3))
    svg = board_of(state, 0)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox", "").startswith(f"0 0 {WIDTH} ")
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and "Ascent 1" in (title.text or "")
    # the text alternative tells the position: each climber, each spot, the own Backpack
    assert desc is not None
    assert "Red (you): Climbing, at a1" in desc.text
    assert "a1 face up R14 Sunrise +1" in desc.text
    assert (  # each card with its effect, which its face shows in short
        "Backpack: R01 Chocolate Bar 0, effect: Take another turn after this one (Sweep in "
        "between); R02 Whiteout 0, effect: Your next turn is skipped (you still Sweep); R03 "
        "Bivouac Tent 0, effect: Until your next turn, nobody may Hide or Throw onto your "
        "mountainside. Cache: empty."
    ) in desc.text
    assert "Blue: Climbing, at a1" in desc.text and "Backpack 3 cards, Cache 0 cards" in desc.text
    assert root.find(f"{SVG}style") is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_has_no_script_event_attribute_or_external_reference(players):
    for state in decision_states(players, players, every=40):
        for seat in (*range(players), None):
            root = ET.fromstring(board_of(state, seat))
            for el in root.iter():
                assert el.tag != f"{SVG}script" and el.tag != f"{SVG}foreignObject"
                for name, value in el.attrib.items():
                    assert not name.lower().startswith("on"), name
                    if name.endswith("href"):
                        assert value.startswith("#"), value
                    assert "url(" not in value or "url(#" in value


def test_text_from_the_moves_is_escaped():
    """Text from elsewhere is shown escaped: a hostile description stays one attribute."""
    state = hike_all(setup(2))
    evil = "<script>alert(\"x\")</script> & 'quotes'"
    moves = [(a.text, evil) for a in state.legal_actions(0)]
    svg = render_board(state.observe(0), moves)
    root = ET.fromstring(svg)
    assert "<script>" not in svg
    assert not [el for el in root.iter() if el.tag == f"{SVG}script"]
    labels = [el.get("aria-label", "") for _, el in picks(svg)]
    assert any(evil in label for label in labels)


def test_the_same_view_always_draws_the_same_bytes():
    for state in decision_states(3, 9, every=25):
        obs = state.observe(1)
        moves = moves_of(state, 1)
        first = render_board(obs, moves)
        assert render_board(json.loads(json.dumps(obs)), list(moves)) == first


def test_the_board_names_cards_from_the_configured_games_content(tmp_path):
    """Ruling AN-R01: the suit is content; a game with other content passes itself."""
    text = (DEFAULT_DIR / "suit.toml").read_text().replace('"Chocolate Bar"', '"Hot Tea"')
    (tmp_path / "suit.toml").write_text(text)
    game = Annapurna(2, content=str(tmp_path))
    state = deal(game.new_initial_state())
    assert "Hot Tea" in render_board(state.observe(0), [], game=game)
    assert "Hot Tea" not in render_board(state.observe(0), [])


# -- picks -------------------------------------------------------------------------------------
def test_every_pick_is_a_focusable_labelled_button():
    for state in sample(every=9):
        seat = actor(state)
        if seat < 0:
            continue
        moves = moves_of(state, seat)
        for indices, el in picks(board_of(state, seat)):
            assert indices and all(0 <= i < len(moves) for i in indices)
            assert el.get("tabindex") == "0" and el.get("role") == "button"
            assert el.get("aria-label")


def test_every_legal_move_is_clickable_on_the_board():
    """No decision is missing from the drawing: every move index is in some pick."""
    seen_kinds = set()
    for state in sample():
        seat = actor(state)
        if seat < 0:
            continue
        moves = moves_of(state, seat)
        covered = set().union(*(ids for ids, _ in picks(board_of(state, seat))))
        assert covered == set(range(len(moves))), [m[0] for m in moves]
        seen_kinds |= {m[0].partition(" ")[0] for m in moves}
    # the sample reaches every kind of player move the board has to place
    assert {"explore", "trade", "hide", "card", "to", "drop", "throw", "sunyata"} <= seen_kinds
    assert {"sweep", "bury", "end", "scavenge", "pass", "peek", "retaliate"} <= seen_kinds
    assert {"give", "recover", "stow"} <= seen_kinds


def test_clicked_picks_narrow_to_each_single_legal_move():
    """For every move, clicking each element involved in it leaves that move alone, also for
    a group lying inside a larger balanced group (its chip tells them apart)."""
    nested = 0
    for state in sample():
        seat = actor(state)
        if seat < 0:
            continue
        moves = moves_of(state, seat)
        found = picks(board_of(state, seat))
        for i in range(len(moves)):
            sets = [ids for ids, _ in found if i in ids]
            assert set.intersection(*sets) == {i}, moves[i][0]
        groups = [m[0] for m in moves if m[0].startswith(("sweep", "bury"))]
        cells = [set(g.split()[1].split("+")) for g in groups]
        nested += sum(1 for a in cells for b in cells if a < b)
    assert nested  # the sample has a group inside a larger one


def test_a_trade_is_made_by_clicking_the_action_the_card_and_the_spot():
    """Ruling AN-R35: Trade, then the Backpack card, then the face-down card it replaces."""
    state = hike_all(setup(2))

    def click(label_part: str, where: str) -> None:
        moves = moves_of(state, 0)
        chosen = [
            ids
            for ids, el in picks(board_of(state, 0))
            if el.get("aria-label").startswith(label_part)
        ]
        assert chosen, label_part
        (i,) = set.intersection(*chosen)
        assert moves[i][0] == where
        play(state, where)

    click("Trade", "trade")
    click("Red Chocolate Bar (R01)", f"card {code(0, 1)}")
    click("c2 on your mountainside", "to R:c2")
    assert state.observe(0)["climbers"][0]["side"][7] == [0, 0]  # R01 face down at c2


def test_a_sweep_group_is_chosen_by_its_chip_or_by_its_only_card():
    """AN-032, ruling AN-R04: a balanced group is swept by clicking it."""
    state = setup(2, layouts={0: layout(a1=14, b1=15)})  # a1 Sunrise +1, b1 Moonrise -1
    play(state, "explore a1", "explore a1", "explore b1")  # Red, Blue Hike; Red: b1 by a1
    moves = moves_of(state, 0)
    assert [m[0] for m in moves] == ["sweep a1+b1", "end"]
    found = picks(board_of(state, 0))
    a1 = [ids for ids, el in found if el.get("aria-label", "").startswith("a1 on your")]
    chips = [ids for ids, el in found if "an-group" in el.get("class")]
    assert a1 == [{0}] and chips == [{0}]


def _panel_order(svg: str) -> list[str]:
    """The climbers' panel headings, in drawing order (the standings row is smaller text)."""
    root = ET.fromstring(svg)
    return [
        el.text
        for el in root.iter(f"{SVG}text")
        if el.get("font-size") in ("16", "14.5")
        and (el.text or "").split(" (")[0] in ("Red", "Blue", "Green", "Yellow")
    ]


def test_the_seat_sees_its_own_mountainside_first_and_then_the_others_clockwise():
    state = hike_all(setup(4))
    assert _panel_order(board_of(state, 2)) == ["Green (you)", "Yellow", "Red", "Blue"]
    assert _panel_order(board_of(state, None)) == ["Red", "Blue", "Green", "Yellow"]


def test_a_scavenge_claimant_sees_the_mountainside_to_scavenge_first():
    """Ruling AN-R06: the claim is made on the turn climber's mountainside."""
    state = setup(3, layouts={0: layout(a1=14, b1=15)})
    play(state, "explore a1", "explore a1", "explore a1", "explore b1", "end")
    assert state.acting_seats() == (1, 2) and state.legal_actions(1)[0].text == "scavenge a1"
    assert _panel_order(board_of(state, 1)) == ["Red", "Blue (you)", "Green"]
    assert _panel_order(board_of(state, 2)) == ["Red", "Green (you)", "Blue"]


def test_the_board_shows_who_has_called_scavenge_sealed_and_who_called_together():
    """Ruling AN-R06: while the window is open a call shows only as made (to the others),
    and once everyone has answered the callers are shown while the draw is made."""
    state = setup(3, layouts={0: layout(a1=14, b1=15)})
    play(state, "explore a1", "explore a1", "explore a1", "explore b1", "end")
    play(state, "B: scavenge b1")
    green = board_of(state, 2)
    assert "Answered (sealed): Blue" in green and "b1" not in green.split("Answered")[1][:40]
    assert "You called Scavenge on b1" in board_of(state, 1)
    play(state, "G: scavenge a1")
    assert "Blue and Green called Scavenge together" in board_of(state, None)


# -- leaks -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_the_same_board_for_a_state_and_its_determinized_twin(players):
    """Ruling AN-R17: the board depends only on what the seat (or a spectator) may see, byte
    for byte."""
    rng = random.Random(players)
    for state in decision_states(players, 40 + players, every=11):
        for seat in (*range(players), None):
            twin = state.game.determinize(state, seat, rng)
            assert board_of(twin, seat) == board_of(state, seat)


def test_a_hidden_card_is_named_on_the_hiders_board_only():
    """Rulings AN-R17, AN-R41: the hider knows the card it Hid; the others see a back, and
    that the hider knows it."""
    state = hike_all(setup(3))
    play(state, "hide", f"card {code(0, 1)}", "to B:b1")
    mine = ET.fromstring(board_of(state, 0)).find(f"{SVG}desc").text
    blue = board_of(state, 1)
    assert "b1 face-down R01 Chocolate Bar 0 (you know it)" in mine
    assert "R01" not in blue  # Blue sees a Red back at b1, and that Red knows it
    assert "b1 face-down Red card (known to Red)" in ET.fromstring(blue).find(f"{SVG}desc").text
    assert "R01" not in board_of(state, 2) and "R01" not in board_of(state, None)


# -- golden boards -----------------------------------------------------------------------------
def _golden_states() -> dict[str, tuple[AnnapurnaState, int | None]]:
    start = setup(3)
    mid = hike_all(setup(4))
    finish(play(mid, "hide", f"card {code(0, 2)}", "to B:c1"))  # Red hides Whiteout on Blue
    go(mid, "explore a2")  # Blue: Spyglass, a look at a face-down card
    go(mid, "explore b1")  # Green: Moonrise next to Sunrise, left face up
    go(mid, "explore a2")  # Yellow
    sweep = setup(2, layouts={0: layout(a1=14, b1=15)})
    play(sweep, "explore a1", "explore a1", "explore b1")
    *_, end = decision_states(2, 5, every=10_000)
    return {"start": (start, 0), "mid-game": (mid, 1), "sweep": (sweep, 0), "end": (end, None)}


@pytest.mark.parametrize("name", ["start", "mid-game", "sweep", "end"])
def test_golden_boards_match_the_recorded_drawing(name):
    """The drawing at fixed states; the moves carry their notation as their sentence, so a
    change in move wording elsewhere does not change the drawing."""
    state, seat = _golden_states()[name]
    moves = [] if seat is None or state.current_player() != seat else state.legal_actions(seat)
    svg = render_board(state.observe(seat), [(a.text, a.text) for a in moves])
    check_golden(GOLDEN / f"board-{name}.svg", svg + "\n")


# -- a 360 px phone ----------------------------------------------------------------------------
#: The board's width on a 360 px phone, between the page's margins, in CSS px.
PHONE_BOARD_PX = 329
#: The smallest text a phone shows legibly, and the smallest side of a tap target, in CSS px.
LEGIBLE_PX = 12
TAP_PX = 24


def _phone_boards() -> Iterator[tuple[str, str]]:
    """Boards of every kind of moment: the golden ones, every 7th decision of seeded
    Expeditions for each seat and the spectator, and a cooperative Expedition."""
    for name, (state, seat) in _golden_states().items():
        yield name, board_of(state, seat)
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for k, state in enumerate(decision_states(players, seed, every=7)):
            for seat in (*range(players), None):
                if (k + (seat or 0)) % 3 == 0 or seat is None or state.is_terminal():
                    yield f"{players}p #{k} seat {seat}", board_of(state, seat)
    coop = Annapurna(3, mode="cooperative").new_initial_state()
    rng = random.Random(4)
    while not coop.is_terminal():
        seat = actor(coop) if coop.current_player() != CHANCE else CHANCE
        if seat == CHANCE:
            coop.apply_action(sample_chance(coop, rng), CHANCE)
            continue
        legal = coop.legal_actions(seat)
        coop.apply_action(legal[rng.randrange(len(legal))], seat)
    yield "cooperative end", board_of(coop, None)
    yield "cooperative end, a climber", board_of(coop, 1)


def _scale(svg: str) -> float:
    """CSS px per unit where the board is drawn PHONE_BOARD_PX wide."""
    return PHONE_BOARD_PX / float(ET.fromstring(svg).get("viewBox").split()[2])


def test_no_text_of_the_board_is_under_12_px_on_a_360_px_phone():
    """The board is one column WIDTH units wide: at a phone's board width every text's size
    in px (units times PHONE_BOARD_PX / WIDTH) is at least LEGIBLE_PX, for every seat and a
    spectator, in play and at the end."""
    seen = 0
    for name, svg in _phone_boards():
        scale = _scale(svg)
        texts = list(ET.fromstring(svg).iter(f"{SVG}text"))
        assert texts, name
        small = [
            (round(float(t.get("font-size")) * scale, 2), "".join(t.itertext()))
            for t in texts
            if float(t.get("font-size")) * scale < LEGIBLE_PX
        ]
        assert not small, (name, small[:5])
        seen += 1
    assert seen > 40


def test_every_tap_target_of_the_board_is_at_least_24_px_on_a_360_px_phone():
    """Every pick (a card of any mountainside, a Backpack or Cache card, an action tile, a
    group chip) is drawn with its outline: at a phone's board width its smaller side is at
    least TAP_PX."""
    for name, svg in _phone_boards():
        scale = _scale(svg)
        for _, el in picks(svg):
            outline = [r for r in el.iter(f"{SVG}rect") if "an-hl" in r.get("class", "")]
            assert outline, (name, el.get("aria-label"))
            side = min(float(outline[0].get("width")), float(outline[0].get("height")))
            assert side * scale >= TAP_PX, (name, el.get("aria-label"), side * scale)


def test_the_board_shows_a_backpack_cards_effect_in_words_on_the_card():
    """The viewer's Backpack cards carry their effect, wrapped to the card; the mountainside's
    cards say it in a word, and the text alternative in full."""
    state = hike_all(setup(3))
    svg = board_of(state, 0)
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    joined = " | ".join(texts)
    for lines in ("Extra turn", "Skip your | next turn", "Shelter | until your | next turn"):
        assert lines in joined, lines
    desc = root.find(f"{SVG}desc").text
    assert "R03 Bivouac Tent 0, effect: Until your next turn, nobody may Hide or Throw" in desc
