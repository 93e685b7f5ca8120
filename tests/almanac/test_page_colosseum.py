"""Page 18, Brother's Colosseum: arenas won by the strongest caravan (AL-R99..AL-R102)."""

from meeple.games.almanac.content import load_content
from meeple.games.almanac.observation import state_data
from meeple.games.almanac.render import render_observation
from meeple.games.almanac.scoring import fame

from ._pagehelp import bad_content, clusters, on, places
from .conftest import game, play, position, refused, stage

C = load_content()
ARENA = C.pages[18]


def arenas(st, seat=None):
    return clusters(18, places(st, seat))


def colosseum(players=3, guards=None):
    return on(18, players, gold=[9] * players, guards=guards or [0] * players)


def test_colosseum_a_player_has_at_most_two_workers_in_an_arena():
    """Ruling AL-R99: after 2 of seat 0's workers in arena 0 it is closed to seat 0 (refused
    naming AL-R99) and still open to the others."""
    st = colosseum()
    play(st, "place 0", "place 4", "place 5", "good dew", "place 1")
    play(st, "place 6", "place 8", "shop guard")  # seats 1 and 2 elsewhere
    assert 0 not in arenas(st) and refused(st, "place 2").rule == "AL-R99"
    assert st.current_player() == 0


def test_colosseum_the_strongest_caravan_in_an_arena_wins_its_purse():
    """Ruling AL-R100: once all are placed each arena's `purse` goes to the strongest
    caravan among the players with a worker there."""
    st = colosseum(guards=[0, 1, 2])
    st.shields = [0, 0, 0]
    purse = ARENA.param("purse")
    st.occ[0], st.occ[1], st.occ[4] = 0, 1, 0
    stage(st, ("after_placed",))
    # arena 0 to seat 1 (strength 2 against 0), arena 1 to seat 0 alone; seat 2 is nowhere
    assert st.gold == [9 + purse, 9 + purse, 9]


def test_colosseum_a_tie_goes_to_the_first_from_the_guide():
    """Ruling AL-R100 (as AL-058): equal strength, the first tied player from the Guide."""
    st = colosseum()
    st.shields = [0, 0, 0]
    st.guide = 1
    st.occ[0], st.occ[1] = 0, 2
    stage(st, ("after_placed",))
    assert st.gold == [9, 9, 9 + ARENA.param("purse")]


def test_enchanted_shields_add_strength_and_a_fame_each():
    """Ruling AL-R101 (AL-011, AL-066): 4 shields, public; each adds 1 strength to the
    contests and scores 1 fame."""
    st = colosseum()
    assert st.tok_supply == {"shield": 4}
    before = st.strength(0)
    play(st, "place 2")
    assert st.tokens[0] == {"shield": 1} and st.strength(0) == before + 1
    assert fame(st, 0)["tokens"] == 1
    assert state_data(st, 1)["players"][0]["tokens"] == {"shield": 1}
    assert "c0 Player 1" in render_observation(game(3), st.observe(1))


def test_colosseum_two_players_may_have_three_workers_in_an_arena():
    """Ruling AL-R102: with 2 players the limit is 3 workers per arena."""
    st = position(
        2, page=18, rnd=6, gold=[9, 9], goods=[[0] * 4] * 2, crates=[20, 20], workers=[4, 4]
    )
    play(st, "place 0", "place 4", "place 1", "place 5", "good dew")
    assert 0 in arenas(st)
    play(st, "place 2", "place 6")
    assert 0 not in arenas(st)


def test_colosseum_a_number_the_rule_lacks_is_one_content_error(tmp_path):
    """Rulings AL-R46, AL-R100: a purse misspelt is refused, naming the field."""
    err = bad_content(tmp_path, "purse = 1 }", "prize = 1 }")
    assert err.field.endswith("params.prize")
