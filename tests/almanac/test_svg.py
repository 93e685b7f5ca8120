"""The Almanac's board in the browser: one standalone SVG from a seat's observation and moves.

Positions come from seeded random journeys (chance and choices from one ``random.Random``), so
they are fixed; golden boards are rewritten with ``MEEPLE_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

import meeple
from meeple.core.game import CHANCE, sample_chance
from meeple.games.almanac.game import Almanac
from meeple.games.almanac.render import ability_text, where_words
from meeple.games.almanac.state import AlmanacState
from meeple.games.almanac.svg import MAX_BID_TILES, esc, render_board, token_disc
from meeple.testing.golden import check_golden

from .conftest import position, refresh

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"


def top(st: AlmanacState) -> str | None:
    return st.tasks[-1][0] if st.tasks else None


def walk(
    players: int, seed: int, stop: Callable[[AlmanacState], bool] = lambda st: False
) -> tuple[Almanac, AlmanacState]:
    """A seeded random journey up to the first state ``stop`` accepts (or its end)."""
    game = meeple.make("almanac", players=players)
    st = game.new_initial_state()
    rng = random.Random(seed)
    while not st.is_terminal() and not stop(st):
        if st.current_player() == CHANCE:
            st.apply_action(sample_chance(st, rng), CHANCE)
            continue
        seat = st.acting_seats()[0]
        st.apply_action(rng.choice(st.legal_actions(seat)), seat)
    return game, st


def journey(players: int, seed: int, every: int = 1):
    """Every ``every``-th state of a seeded random journey at which some seat decides."""
    game = meeple.make("almanac", players=players)
    st = game.new_initial_state()
    rng = random.Random(seed)
    k = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(sample_chance(st, rng), CHANCE)
            continue
        if k % every == 0:
            yield game, st
        k += 1
        seat = st.acting_seats()[0]
        st.apply_action(rng.choice(st.legal_actions(seat)), seat)
    yield game, st


def moves_of(game: Almanac, st: AlmanacState, seat: int | None) -> list[tuple[str, str]]:
    """The seat's legal moves as the browser gets them: (notation, description)."""
    if seat is None or seat not in st.acting_seats():
        return []
    obs = st.observe(seat)
    return [(a.text, game.describe_move(a, obs)) for a in st.legal_actions(seat)]


def board(game: Almanac, st: AlmanacState, seat: int | None) -> str:
    return render_board(st.observe(seat), moves_of(game, st, seat), game=game)


def picks(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if "pick" in e.get("class", "").split()]


def pick_sets(svg: str) -> list[set[int]]:
    return [set(map(int, e.get("data-moves", "").split())) for e in picks(svg)]


def acting(st: AlmanacState) -> int:
    return st.acting_seats()[0] if st.acting_seats() else 0


#: Fixed positions for the golden boards: name -> (players, seed, stop).
CASES: dict[str, tuple[int, int, Callable[[AlmanacState], bool]]] = {
    "start": (3, 1, lambda st: top(st) == "place"),
    "village": (4, 2, lambda st: top(st) == "place" and sum(o >= 0 for o in st.occ) >= 7),
    "floe": (
        2,
        5,
        lambda st: st.page == 2 and top(st) == "place" and sum(o >= 0 for o in st.occ) >= 4,
    ),
    "cliffside": (
        2,
        4,
        lambda st: (
            st.page == 3
            and top(st) == "place"
            and sum(o != -1 for o in st.pg) >= 2
            and sum(o >= 0 for o in st.occ) >= 3
        ),
    ),
    "bid": (3, 4, lambda st: top(st) == "bid" and st.round >= 2),
    "encounter": (3, 1, lambda st: top(st) == "fightalt"),
    "keep": (2, 2, lambda st: top(st) == "keep"),
    "free-page": (
        4,
        7,
        lambda st: st.page >= 4 and top(st) == "place" and sum(o >= 0 for o in st.occ) >= 5,
    ),
    "end": (2, 8, lambda st: False),
}


@pytest.fixture(scope="module")
def cases() -> dict[str, tuple[Almanac, AlmanacState]]:
    return {name: walk(n, seed, stop) for name, (n, seed, stop) in CASES.items()}


def test_the_fixed_positions_are_the_ones_named(cases):
    _, st = cases["floe"]
    assert st.page == 2
    _, st = cases["cliffside"]
    assert st.page == 3
    assert any(a.text.startswith("ladder ") for a in st.legal_actions(acting(st)))
    _, st = cases["free-page"]
    assert st.page >= 4  # a page after the first three, drawn by its own rule's layout
    assert top(cases["bid"][1]) == "bid"
    assert top(cases["encounter"][1]) == "fightalt"
    assert top(cases["keep"][1]) == "keep"
    assert cases["end"][1].is_terminal()


@pytest.mark.parametrize("name", list(CASES))
def test_each_golden_board_is_drawn_as_before(cases, name):
    game, st = cases[name]
    check_golden(GOLDEN / f"board-{name}.svg", board(game, st, acting(st)))


def test_a_spectator_board_is_drawn_as_before(cases):
    game, st = cases["village"]
    check_golden(GOLDEN / "board-spectator.svg", board(game, st, None))


@pytest.mark.parametrize("name", list(CASES))
def test_the_board_is_one_standalone_svg_that_parses_as_xml(cases, name):
    game, st = cases[name]
    svg = board(game, st, acting(st))
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 372 ")
    assert root.get("role") == "img"
    assert root.find(f"{NS}title").text
    assert root.find(f"{NS}desc").text
    assert root.find(f"{NS}style") is not None
    for e in root.iter():
        assert e.tag not in (f"{NS}script", f"{NS}foreignObject", f"{NS}image", f"{NS}use")
        for attr, value in e.attrib.items():
            assert not attr.lower().startswith("on"), attr  # no event attributes
            assert "href" not in attr.lower(), attr  # no references at all
            assert "url(" not in value and "javascript:" not in value.lower()
    assert "@import" not in svg and "url(" not in svg


def test_every_pick_is_a_focusable_labelled_button_of_real_moves(cases):
    for game, st in cases.values():
        seat = acting(st)
        moves = moves_of(game, st, seat)
        for e in picks(board(game, st, seat)):
            assert e.get("tabindex") == "0"
            assert e.get("role") == "button"
            assert e.get("aria-label")
            idx = [int(i) for i in e.get("data-moves").split()]
            assert idx and all(0 <= i < len(moves) for i in idx)


def _check_moves_on_board(game, st, seat):
    moves = moves_of(game, st, seat)
    sets = pick_sets(board(game, st, seat))
    for i in range(len(moves)):
        holding = [s for s in sets if i in s]
        assert holding, f"move {moves[i][0]} is on no pick"
        assert set.intersection(*holding) == {i}, f"the picks of {moves[i][0]} leave more"


@pytest.mark.parametrize("players,seed", [(2, 15), (3, 12), (4, 13)])
def test_every_legal_move_is_on_a_pick_and_its_picks_intersect_to_it_alone(players, seed):
    kinds = set()
    for game, st in journey(players, seed, every=3):
        for seat in st.acting_seats():
            kinds.add(top(st))
            _check_moves_on_board(game, st, seat)
    assert {"place", "bid", "route", "good"} <= kinds


def test_no_pick_is_drawn_for_a_seat_that_is_not_to_act(cases):
    game, st = cases["village"]
    others = [s for s in range(st.n) if s not in st.acting_seats()]
    assert others
    for s in [*others, None]:
        assert picks(board(game, st, s)) == []


def test_a_move_no_element_claims_gets_a_button_of_its_own(cases):
    game, st = cases["start"]
    seat = acting(st)
    moves = [*moves_of(game, st, seat), ("mystery 7", "A move the board has no element for")]
    svg = render_board(st.observe(seat), moves, game=game)
    last = len(moves) - 1
    buttons = [e for e in picks(svg) if e.get("data-moves") == str(last)]
    assert len(buttons) == 1
    assert buttons[0].get("aria-label") == "A move the board has no element for"


def test_ladders_are_picked_by_spot_and_by_colour(cases):
    game, st = cases["cliffside"]
    seat = acting(st)
    moves = moves_of(game, st, seat)
    svg = board(game, st, seat)
    ladder = [i for i, (m, _) in enumerate(moves) if m.startswith("ladder ")]
    own = [e for e in picks(svg) if e.get("aria-label", "").startswith("Your ladders")]
    assert len(own) == 1 and set(map(int, own[0].get("data-moves").split())) == set(ladder)
    _check_moves_on_board(game, st, seat)


def test_a_bid_of_more_than_thirty_choices_is_picked_by_tens_and_units(cases):
    game, st = cases["bid"]
    st = st.clone()
    seat = next(s for s, b in enumerate(st.bids) if b == -1)
    st.gold[seat] = 57  # more gold than random journeys reach, as strong play does
    moves = moves_of(game, st, seat)
    assert len(moves) == 58 > MAX_BID_TILES
    svg = board(game, st, seat)
    labels = [e.get("aria-label") for e in picks(svg)]
    assert "Bid tens 50-59 (8 moves)" in labels
    assert "Bid units 7 (6 moves)" in labels
    _check_moves_on_board(game, st, seat)


def test_text_from_moves_is_escaped(cases):
    game, st = cases["start"]
    seat = acting(st)
    moves = moves_of(game, st, seat)
    moves[0] = (moves[0][0], "<script>alert('x')</script> & \"more\"\x07")
    svg = render_board(st.observe(seat), moves, game=game)
    assert "<script" not in svg
    labels = [e.get("aria-label") for e in picks(svg)]
    assert "<script>alert('x')</script> & \"more\"" in labels


def test_the_same_arguments_draw_the_same_bytes(cases):
    game, st = cases["encounter"]
    seat = acting(st)
    obs = st.observe(seat)
    moves = moves_of(game, st, seat)
    once = render_board(obs, moves, game=game)
    assert render_board(copy.deepcopy(obs), list(moves), game=game) == once
    assert render_board(obs, moves) == once  # the shipped content by default
    assert obs == st.observe(seat)  # the observation is read, never changed


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_a_seat_draws_the_same_bytes_for_a_state_and_its_determinized_twin(players, seed):
    rng = random.Random(seed)
    checked = 0
    for game, st in journey(players, seed, every=6):
        for seat in [*range(players), None]:  # each seat, and a spectator
            twin = game.determinize_observation(st.observe(seat), rng)
            assert board(game, twin, seat) == board(game, st, seat)
            checked += 1
    assert checked > 30


def test_every_page_of_the_content_is_drawn_with_all_its_spaces(cases):
    game, st = cases["start"]
    base = st.observe(0)
    for page in game.content.pages.values():
        obs = copy.deepcopy(base)
        obs["page"] = page.id
        obs["occupied"] = [-1] * len(page.spaces)
        obs["page_state"] = (
            list(page.ice_start) if page.rule == "floe" else [-1] * len(page.ladder_spots)
        )
        svg = render_board(obs, [])
        root = ET.fromstring(svg)
        titles = [t.text or "" for t in root.iter(f"{NS}title")]
        for sp in page.spaces:
            assert any(t.startswith(f"Space {sp.index}: ") for t in titles), (page.id, sp.index)
        assert page.name in root.find(f"{NS}title").text


def test_contracts_another_seat_draws_are_drawn_face_down(cases):
    game, st = cases["keep"]
    keeper = st.tasks[-1][1]
    names = [esc(game.content.contracts[k].name) for k in st.tasks[-1][2]]
    assert all(name in board(game, st, keeper) for name in names)
    for seat in [*(s for s in range(st.n) if s != keeper), None]:
        svg = board(game, st, seat)
        assert not any(name in svg for name in names)
        assert svg.count('fill="#5a3f78"') >= len(names)  # the card backs


def test_the_end_board_shows_each_seat_fame_and_the_winner_as_the_result_counts_them(cases):
    game, st = cases["end"]
    res = st.result()
    for seat in [*range(st.n), None]:
        svg = board(game, st, seat)
        for r in res.seats:
            banner = f"Player {r.seat + 1}" + (" · you" if r.seat == seat else "")
            # the winner's mark is shortened to a star where the banner's badges leave no room
            said = [f"{banner} · {int(r.score)} fame · winner", f"{banner} · {int(r.score)} fame ★"]
            said += [f"{banner} · {int(r.score)} ★"]
            if not r.winner:
                said = [f"{banner} · {int(r.score)} fame", f"{banner} · {int(r.score)}"]
            assert any(f"{x}</text>" in svg for x in said)


def test_no_fame_is_counted_before_the_journey_is_over(cases):
    for name in ("start", "bid", "keep"):
        game, st = cases[name]
        assert " fame</text>" not in board(game, st, acting(st))


def _on_page(page_id: int) -> tuple[Almanac, AlmanacState]:
    """The first placement turn with 3 workers out on ``page_id`` of a seeded random journey
    that reaches it (seeds tried in order, players 2-4 in turn)."""
    for seed in range(400):
        players = 2 + seed % 3
        game, st = walk(
            players,
            seed,
            lambda st: (
                st.page == page_id and top(st) == "place" and sum(o >= 0 for o in st.occ) >= 3
            ),
        )
        if not st.is_terminal():
            return game, st
    raise AssertionError(f"no seed reaches page {page_id}")


@pytest.mark.parametrize("page_id", range(12, 20))
def test_each_later_page_draws_its_own_layout_with_every_move_on_a_pick(page_id):
    """Rulings AL-R80..AL-R105: pages 12-19 are drawn by their rule's own layout (not the
    market square of free placement), every space titled, every legal move on a pick."""
    from meeple.games.almanac.svg import LAYOUTS, layout_free

    game, st = _on_page(page_id)
    page = game.content.pages[page_id]
    assert LAYOUTS[page.rule] is not layout_free
    seat = acting(st)
    svg = board(game, st, seat)
    root = ET.fromstring(svg)
    titles = [t.text or "" for t in root.iter(f"{NS}title")]
    for sp in page.spaces:
        assert any(t.startswith(f"Space {sp.index}: ") for t in titles), sp.index
    _check_moves_on_board(game, st, seat)


def test_a_location_token_is_named_in_full_where_its_disc_shows_two_letters():
    assert token_disc(10, 10, 8, "royal_favor").startswith("<g><title>royal favor token</title>")


def test_a_face_up_contract_is_named_in_full_where_the_drawing_cuts_its_words():
    game = meeple.make("almanac", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    svg = render_board(state.observe(0), [])
    assert state.incomplete[0], "seat 0 holds no contract after the setup"
    for kid in state.incomplete[0]:
        k = game.content.contracts[kid]
        words = f"{k.name}, {k.fame} fame; once completed: {ability_text(game, k)}"
        assert f"<title>{esc(words)}</title>" in svg


def _shown_text(svg: str) -> str:
    """The words the board shows (its ``<text>`` rows in order, joined), not its titles."""
    return " ".join((t.text or "") for t in ET.fromstring(svg).iter(f"{NS}text"))


def test_no_name_the_rulebook_prints_is_cut_with_an_ellipsis_on_the_board(cases):
    """Pages, contracts, caravan cards and encounters are shown whole on the narrow board:
    wrapped to a second line or in smaller letters, never cut with "…"."""
    game, st = cases["start"]
    c = game.content
    base = st.observe(0)
    names = [p.name for p in c.pages.values()] + [k.name for k in c.caravans]
    names += [k.name for k in c.contracts] + [e.name for e in c.encounters]
    shown = []
    for page in c.pages.values():  # every page's name in its header and the road ahead
        obs = copy.deepcopy(base)
        obs["page"] = page.id
        obs["occupied"] = [-1] * len(page.spaces)
        obs["page_state"] = (
            list(page.ice_start) if page.rule == "floe" else [-1] * len(page.ladder_spots)
        )
        svg = render_board(obs, [], game=game)
        assert page.name in _shown_text(svg)
        shown.append(svg)
    for i in range(0, len(c.contracts), 6):  # every contract in seat 0's hand
        obs = copy.deepcopy(base)
        obs["players"][0]["incomplete"] = list(range(i, min(i + 6, len(c.contracts))))
        svg = render_board(obs, [], game=game)
        words = _shown_text(svg)
        for kid in obs["players"][0]["incomplete"]:
            assert c.contracts[kid].name in words, c.contracts[kid].name
        shown.append(svg)
    for i in range(0, len(c.caravans), 4):  # every caravan card for sale
        obs = copy.deepcopy(base)
        obs["caravan_faceup"] = list(range(i, min(i + 4, len(c.caravans))))
        svg = render_board(obs, [], game=game)
        for cid in obs["caravan_faceup"]:
            assert c.caravans[cid].name in _shown_text(svg), c.caravans[cid].name
        shown.append(svg)
    for eid, e in enumerate(c.encounters):
        obs = copy.deepcopy(base)
        obs["encounter"] = eid
        svg = render_board(obs, [], game=game)
        assert e.name in _shown_text(svg), e.name
        shown.append(svg)
    shown += [board(g, s, acting(s)) for g, s in cases.values()]
    for svg in shown:
        for t in ET.fromstring(svg).iter(f"{NS}text"):
            said = t.text or ""
            assert not said.endswith("…") or said.endswith("deciding…"), said
            assert not any(said.startswith(n[:-1]) and n not in said for n in names), said


@pytest.mark.parametrize("viewer", [0, 1])
def test_a_caravan_of_many_cards_is_drawn_with_every_card_named_on_its_mat(viewer):
    """A seat holding many caravan cards has each one named on its mat, in order, whoever
    looks (its own wide mat or another seat's): the mat grows, no card is left off."""
    st = position(players=3, cards=[0, 1, 2])
    st.caravan[1] = list(range(3, 17))  # fourteen cards, none of them face up for sale
    refresh(st)
    game = meeple.make("almanac", players=3)
    c = game.content
    obs = st.observe(viewer)
    assert obs["players"][1]["caravan"] == list(range(3, 17))
    svg = render_board(obs, [], game=game)
    shown = _shown_text(svg)
    names = [c.starting[obs["players"][1]["start"]].name]
    names += [c.caravans[i].name for i in range(3, 17)]
    assert " + ".join(names) in shown
    for cid in range(3, 17):
        assert c.caravans[cid].name in shown, c.caravans[cid].name


def _lost_fight(face: str, goods: list[int]) -> tuple[Almanac, AlmanacState]:
    """The Acid Butterfly (a fight of strength 3, lose: discard 1 good) fought by Player 1
    after a Guide bid, the fight die showing ``face``."""
    st = position(2, page=1, goods=[goods, [0, 0, 0, 0]])
    st.last_bids = [3, 0, 0, 1]
    st.enc = 0
    st.tasks = [("cleanup",), ("enc_start",)]
    refresh(st)
    from meeple.games.almanac.rules import advance

    advance(st)
    assert st.tasks[-1] == ("fight_roll", 0)
    st.apply_action(f"die {face}", CHANCE)
    assert st.tasks[-1][:2] == ("lose", 0)
    return st.game, st


def _prompt_words(game: Almanac, st: AlmanacState, seat: int) -> str:
    moves = [(a.text, game.describe_move(a, st.observe(seat))) for a in st.legal_actions(seat)]
    root = ET.fromstring(render_board(st.observe(seat), moves if seat == 0 else []))
    prompt = next(g for g in root.iter(f"{NS}g") if g.get("class") == "prompt")
    return " ".join(" ".join(t.itertext()) for t in prompt.iter(f"{NS}text"))


def test_the_prompt_after_a_lost_fight_tells_the_die_and_the_lose_result_not_the_last_bid():
    """Rulebook "Fight encounter": not enough strength incurs the lose result; X always loses
    (AL-116). The discard that follows says so, and the stale Guide bid is not shown."""
    game, st = _lost_fight("X", [1, 1, 0, 0])
    words = _prompt_words(game, st, 0)
    assert words.startswith("You lost the fight: discard 1 good")
    assert "The Acid Butterfly: the fight die showed X, which always loses;" in words
    assert "its lose result takes 1 good of your choice." in words
    assert "Last bid" not in words
    theirs = _prompt_words(game, st, 1)
    assert theirs.startswith("Player 1 lost the fight: to discard 1 good")
    assert "Last bid" not in theirs


def test_the_prompt_after_a_fight_lost_on_strength_adds_strength_and_die():
    """AL-115: strength + die short of the encounter's strength loses."""
    game, st = _lost_fight("1", [1, 1, 0, 0])
    strength = st.strength(0)
    assert strength + 1 < 3
    words = _prompt_words(game, st, 0)
    assert f"strength {strength} + die 1 = {strength + 1}, short of 3;" in words
    assert "Now: discard 1 good (Player 1), the lose result of the fight against " in (
        game.render(st.observe(0))
    )


def test_a_discard_that_is_no_fight_keeps_the_plain_prompt():
    """A discard asked by an encounter option (Lost Pilgrims) is no lost fight."""
    st = position(2, page=1, goods=[[1, 1, 0, 0], [0, 0, 0, 0]])
    st.enc = 10
    st.tasks = [("cleanup",), ("lose", 0, 1)]
    refresh(st)
    words = _prompt_words(st.game, st, 0)
    assert words.startswith("Your turn: discard 1 good") and "fight" not in words


def test_the_first_pages_clusters_are_labelled_with_the_words_the_moves_use(cases):
    game, st = cases["start"]
    base = st.observe(0)
    drawn = 0
    for page in game.content.pages.values():
        if page.rule not in ("village", "floe", "cliff", "uphill"):
            continue
        obs = copy.deepcopy(base)
        obs["page"] = page.id
        obs["occupied"] = [-1] * len(page.spaces)
        obs["page_state"] = (
            list(page.ice_start) if page.rule == "floe" else [-1] * len(page.ladder_spots)
        )
        root = ET.fromstring(render_board(obs, []))
        texts = {"".join(t.itertext()) for t in root.iter(f"{NS}text")}
        for k in range(page.clusters):
            said = where_words(game, page.id, k).split(" (")[0]  # "ledge 1 (level 1)"
            assert any(t.startswith(said.capitalize()) for t in texts), (page.name, said)
            assert f"c{k}" not in texts
        drawn += 1
    assert drawn >= 3
