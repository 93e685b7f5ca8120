"""Pages 1-3 exactly as the rulebook describes them (AL-083, AL-085..AL-102, AL-G26..AL-G29,
AL-G35, AL-I10, ruling AL-R41), page 4 in test_page_avon.py, and the free placement of pages 5-19."""

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.almanac.content import load_content

from .conftest import free_pages, legal, play, position, refresh, refused, stage

C = load_content()


def places(st, seat=None):
    return sorted(int(a.split()[1]) for a in legal(st, seat) if a.startswith("place"))


def test_a_page_shows_its_number_name_lore_rules_tokens_upcoming_and_letter():
    """AL-083: every page carries these fields."""
    for p in C.pages.values():
        assert p.id and p.name and p.lore and p.rule and p.spaces and p.bar
        assert p.letter == ("ABCDE"[p.round - 1] if p.round < 6 else "")


# -- page 1: Trader's Village ------------------------------------------------------------------
def village(**kw):
    kw.setdefault("gold", [0, 0])
    kw.setdefault("goods", [[0] * 4, [0] * 4])
    return position(2, page=1, **kw)


def test_village_first_worker_in_any_cluster():
    """AL-085, AL-086: clusters joined by paths; the first worker may go anywhere."""
    st = village()
    clusters = {C.pages[1].spaces[s].cluster for s in places(st)}
    assert clusters == set(range(6))


def test_village_next_worker_must_follow_a_path_to_an_unvisited_cluster():
    """AL-087, AL-088: after cluster 0, only clusters 1 and 3 (paths 0-1, 0-3); cluster 0
    is never visited twice."""
    st = village()
    play(st, "place 1")  # seat 0: cluster 0, 2 Dewleaf
    play(st, "place 15")  # seat 1: cluster 5
    assert places(st) == [3, 4, 7 - 7 + 9, 11]  # 3 any, 4 sell dew, 9 eve3, 11 sky+eve
    with pytest.raises(IllegalActionError) as e:
        play(st, "place 16")
    assert e.value.rule == "AL-087"


def test_village_visited_is_per_player():
    """AL-G28 (ruling AL-R28): other players' workers do not close a cluster to you."""
    st = village()
    play(st, "place 1")  # seat 0 in cluster 0
    assert 16 in places(st) and 0 not in places(st)  # 0 is Extend (nothing affordable)
    play(st, "place 16")
    assert st.visited == [1, 1 << 5]


# -- page 2: Floe Lake -------------------------------------------------------------------------
def floe(**kw):
    kw.setdefault("gold", [0, 0])
    kw.setdefault("goods", [[0] * 4, [0] * 4])
    return position(2, page=2, **kw)


def test_floe_only_islands_with_an_ice_block():
    """AL-099, AL-101: blocks start on islands 0 and 3; only their spaces are open."""
    st = floe()
    assert st.pg == [0, 3]
    assert places(st) == [0, 1, 2, 9, 10]


def test_floe_block_moves_clockwise_after_placing():
    """AL-100: placing on island 0 moves its block to island 1."""
    st = floe()
    play(st, "place 0")
    assert st.pg == [1, 3]


def test_floe_block_skips_a_spot_with_a_block_and_full_islands():
    """AL-100 [EX]: from island 0, skipping island 1 (a block) and island 2 (full), the block
    goes to island 3."""
    st = floe()
    st.pg = [0, 1]
    st.occ[6] = st.occ[7] = st.occ[8] = 1
    refresh(st)
    play(st, "place 1", "good dew")
    assert st.pg == [3, 1]


def test_floe_block_stays_when_no_spot_is_open():
    """AL-G29 (ruling AL-R29): the ring is data; with no open island the block stays."""
    st = floe()
    st.occ = [1] * 18
    st.occ[0] = -1
    refresh(st)
    play(st, "place 0")
    assert st.pg == [0, 3]


def test_floe_harvest_after_all_placed_uses_final_ice():
    """AL-102, AL-G35 (ruling AL-R35): 4 goods of choice if an ice block reaches the island,
    else 1; granted only after the last placement, Guide first."""
    st = floe(crates=[9, 9])
    st.occ = [-1] * 18
    st.occ[0] = 0  # seat 0 on island 0's ice space
    st.occ[3] = 1  # seat 1 on island 1's ice space
    st.pg = [0, 4]
    stage(st, ("end_phase",), ("after_placed",))
    assert st.tasks[-1] == ("good", 0, 4)
    play(st, "good sky", "good sky", "good sky", "good sky")
    assert st.tasks[-1] == ("good", 1, 1)
    play(st, "good dew")
    assert st.goods[0] == [0, 0, 0, 4] and st.goods[1] == [1, 0, 0, 0]


# -- page 3: Cliffside -------------------------------------------------------------------------
def cliff(players=2, **kw):
    kw.setdefault("gold", [0] * players)
    kw.setdefault("goods", [[0] * 4 for _ in range(players)])
    kw.setdefault("crates", [6] * players)
    return position(players, page=3, **kw)


def cliff_with_a_token():
    """Cliffside for three, seat 0 holding a farmer token and about to place."""
    st = cliff(3)
    st.farmer[0] = 1
    refresh(st)
    return st


def farmer_offer(gold=5):
    """A free page in round 3, seat 0 (``gold`` hidden, seat 1 has 6) holding a farmer token and
    about to place the first worker of the round."""
    st = position(
        2,
        page=5,
        free=True,
        rnd=3,
        gold=[gold, 6],
        goods=[[0] * 4] * 2,
        crates=[20, 20],
        farmer=[1, 0],
    )
    stage(st, ("end_phase",), ("after_placed",), ("action_loop",), ("page_setup",))
    return st


def test_cliff_bottom_row_is_open_and_upper_levels_need_ladders():
    """AL-089, AL-091: only bottom-row spaces, plus ladders on the ladder spots."""
    st = cliff(3)
    assert places(st) == [3]  # 0 complete, 1-2 sell, 4 extend need goods/gold
    assert [a for a in legal(st) if a.startswith("ladder")] == [f"ladder {i}" for i in range(6)]


def test_cliff_a_turn_is_a_worker_or_a_ladder():
    """AL-090: placing a ladder uses the turn and places no worker."""
    st = cliff(3)
    play(st, "ladder 0")
    assert st.current_player() == 1 and st.placed[0] == 0 and st.ladders[0] == 2


def test_cliff_a_ladder_opens_its_whole_cluster():
    """AL-092: a ladder on spot 0 opens every space of cluster 1 to everyone."""
    st = cliff(3)
    play(st, "ladder 0")
    assert {5, 6, 8} <= set(places(st))


def test_cliff_workers_climb_from_the_bottom_through_several_ladders():
    """AL-093: the top cluster needs a ladder to level 1 and one from there."""
    st = cliff(3)
    play(st, "ladder 4")  # seat 0: cluster 1 -> 3, not yet connected
    assert 14 not in places(st)
    play(st, "ladder 0")  # seat 1: bottom -> cluster 1
    assert 14 in places(st)


def test_cliff_climbing_another_players_ladder_gives_its_owner_a_good():
    """AL-094: seat 1 climbs seat 0's ladder; seat 0 chooses a good."""
    st = cliff(3)
    play(st, "ladder 0", "place 6")  # seat 1: 3 Emberspice on cluster 1
    assert st.current_player() == 0 and st.tasks[-1] == ("good", 0, 1)
    play(st, "good eve")
    assert st.goods[0] == [0, 0, 1, 0] and st.goods[1] == [0, 3, 0, 0]


def test_cliff_own_ladder_gives_nothing():
    """AL-094: only another player's climb pays."""
    st = cliff(3)
    play(st, "ladder 0", "place 3", "ladder 2")  # seat 0, seat 1, seat 2
    play(st, "place 6")  # seat 0 climbs its own ladder
    assert st.goods[0] == [0, 3, 0, 0] and st.current_player() == 1


def test_cliff_setup_three_ladders_each_and_the_farmers():
    """AL-095: 3 ladders per player; 2 farmer spaces."""
    st = cliff(4)
    assert st.ladders == [3, 3, 3, 3] and st.grey == [0, 0, 0, 0]


def test_cliff_two_players_get_an_unused_colour_ladder_that_pays_nobody():
    """AL-096: in a 2-player game each has 1 grey ladder; climbing it gives no good."""
    st = cliff(2)
    assert st.grey == [1, 1]
    play(st, "ladder 0 grey")
    assert st.grey[0] == 0 and st.pg[0] == -2
    play(st, "place 6")  # seat 1 climbs the grey ladder
    assert st.goods[0] == [0, 0, 0, 0] and st.current_player() == 0


def test_cliff_farmer_space_gives_a_farmer_token_and_two_gold():
    """AL-097."""
    st = cliff(3)
    play(st, "ladder 0", "place 5")
    assert st.farmer[1] == 1 and st.gold[1] == 2


def test_cliff_farmer_token_places_a_second_worker_from_behind_the_screen():
    """AL-098, AL-G26 (ruling AL-R26), AL-I10: discard the token to place at once a worker
    not from the caravan; it returns at Retrieve Workers, the caravan count unchanged."""
    st = cliff_with_a_token()
    play(st, "place 3")
    assert legal(st) == ["farmer", "no-farmer"]
    play(st, "farmer")
    assert st.tasks[-1] == ("xplace", 0) and st.farmer[0] == 0
    assert not any(a.startswith("ladder") for a in legal(st))
    play(st, "place 4" if "place 4" in legal(st) else legal(st)[0])
    assert st.placed[0] == 1 and st.extra[0] == 1 and st.workers[0] == 3
    stage(st, ("retrieve",))
    assert st.extra == [0, 0, 0] and st.workers[0] == 3


def test_farmer_token_earned_by_a_placement_may_place_that_placements_second_worker():
    """AL-097, AL-098 (ruling AL-R44): the token comes with the placement on the farmer space,
    and the offer follows that placement, so the token may be used at once."""
    st = cliff(3)
    play(st, "ladder 0", "place 5")  # seat 1 on a farmer space, by seat 0's ladder
    play(st, "good dew")  # the ladder's owner takes its good first
    assert st.farmer[1] == 1 and st.current_player() == 1
    assert legal(st) == ["farmer", "no-farmer"]
    play(st, "farmer")
    assert st.tasks[-1] == ("xplace", 1) and st.farmer[1] == 0


def test_farmer_token_held_places_a_second_worker_on_any_placement():
    """AL-098 (ruling AL-R26): whenever a player holding a token places a worker they may
    discard it to place a second worker at once (here on a free page, set up by hand)."""
    st = farmer_offer()
    assert st.current_player() == 0
    play(st, "place 0")
    assert legal(st) == ["farmer", "no-farmer"]
    play(st, "farmer")
    assert st.tasks[-1] == ("xplace", 0) and st.farmer == [0, 0]
    play(st, legal(st)[0])
    assert st.placed[0] == 1 and st.extra[0] == 1 and st.current_player() == 1


def test_farmer_tokens_go_back_to_the_box_when_cliffside_is_left():
    """Ruling AL-R77 (narrowing AL-R26): a farmer token not used on Cliffside is returned when
    the workers are retrieved there, so no later page sees the Cliffside rule."""
    st = cliff(3)
    st.farmer = [1, 0, 2]
    stage(st, ("end_phase",), ("retrieve",))
    assert st.farmer == [0, 0, 0]
    other = position(2, page=5, free=True, rnd=3, farmer=[1, 0])
    stage(other, ("end_phase",), ("retrieve",))
    assert other.farmer == [1, 0]  # only Cliffside's retrieval clears them


def test_farmer_token_kept_is_offered_again_only_while_held():
    """AL-098 (ruling AL-R26): kept (not used), the token is offered at the next placement;
    a player without one is never asked."""
    st = farmer_offer()
    play(st, "place 0", "no-farmer")
    assert st.farmer == [1, 0] and st.current_player() == 1
    play(st, legal(st)[0])  # seat 1 holds no token: the turn passes straight on
    assert st.current_player() == 0 and st.tasks[-1][0] == "place"
    play(st, legal(st)[0])
    assert legal(st) == ["farmer", "no-farmer"]


def test_farmer_offer_is_not_asked_without_a_space_for_the_second_worker():
    """AL-098 (ruling AL-R45): with every space taken the token cannot be used, so the holder
    is not asked; the token is kept and the game goes on."""
    st = farmer_offer()
    for i in range(1, len(st.occ)):
        st.occ[i] = 1  # every other space taken
    refresh(st)
    play(st, "place 0")
    assert st.farmer == [1, 0] and "no-farmer" not in legal(st, 0)
    assert not any(t[0] == "farmer" for t in st.tasks)


def test_farmer_offer_does_not_tell_the_others_the_holders_gold():
    """AL-098, AL-R32 (ruling AL-R45): when only the holder's hidden gold rules out the space
    left, the offer is still made (``no-farmer`` its one answer), so the other player sees the
    same game whatever that gold is."""
    costly = next(i for i, sp in enumerate(free_pages()[5].spaces) if i and sp.cost > 0)
    views = []
    for gold in (0, 9):
        st = farmer_offer(gold)
        for i in range(1, len(st.occ)):
            if i != costly:
                st.occ[i] = 1
        refresh(st)
        play(st, "place 0")
        assert legal(st) == (["no-farmer"] if gold == 0 else ["farmer", "no-farmer"])
        views.append(st.observe(1))
    assert views[0] == views[1]


def test_cliff_ladders_need_a_worker_left_and_route_choice_when_owners_differ():
    """AL-G27 (ruling AL-R27, AL-R41): a player without unplaced workers is skipped even
    with ladders; with two ladders of different owners into a cluster the climber chooses."""
    st = cliff(3)
    play(st, "ladder 0", "ladder 1")  # seat 0 on spot 0, seat 1 on spot 1 (both to cluster 1)
    play(st, "place 6")  # seat 2 climbs: two routes with different owners
    assert legal(st) == ["climb 0", "climb 1"]
    play(st, "climb 1", "good dew")
    assert st.goods[1] == [1, 0, 0, 0] and st.goods[0] == [0, 0, 0, 0]
    st.placed[0] = 3
    from meeple.games.almanac.moves import turn_options

    assert turn_options(st, 0) == []


# -- pages 4-19 --------------------------------------------------------------------------------
def test_a_free_page_opens_any_empty_space_whose_action_can_be_done():
    """AL-G04 (ruling AL-R04): the general free-placement rule a page may name."""
    st = position(2, page=5, free=True, gold=[20, 20], goods=[[1, 1, 1, 1]] * 2)
    assert free_pages()[5].rule == "free"
    assert len(places(st)) == len(free_pages()[5].spaces) - 1  # no contract to gain (2 held)


def test_an_illegal_answer_to_the_farmer_offer_names_the_farmer_rule():
    """AL-098 (ruling AL-R45): the offer is answered by ``farmer`` or ``no-farmer``; any other
    move names AL-098, and ``farmer`` when no space is left that the holder can use names
    AL-R45."""
    st = cliff_with_a_token()
    play(st, "place 3")
    for action in ("place 0", "ladder 1", "stop"):
        assert refused(st, action).rule == "AL-098"
    costly = next(i for i, sp in enumerate(free_pages()[5].spaces) if i and sp.cost > 0)
    st = farmer_offer(0)
    st.occ = [-1 if i == costly else 1 for i in range(len(st.occ))]
    st.occ[0] = -1
    refresh(st)
    play(st, "place 0")
    assert legal(st) == ["no-farmer"]
    assert refused(st, "farmer").rule == "AL-R45"


def test_the_farmers_second_worker_goes_on_a_space():
    """AL-098: after ``farmer`` the second worker is placed at once; a ladder or any other move
    names AL-098."""
    st = cliff_with_a_token()
    play(st, "place 3", "farmer")
    assert st.tasks[-1] == ("xplace", 0)
    for action in ("ladder 0", "no-farmer", "end"):
        assert refused(st, action).rule == "AL-098"


def test_an_illegal_climb_names_the_climbing_rule():
    """AL-093 (ruling AL-R41): the climber chooses among built ladder chains from the bottom row
    whose owners differ; a chain that is not built, or another move, names AL-093, and a chain
    with the same owners as one offered names AL-R41."""
    st = cliff(3)
    st.pg = [0, 0, 1, -1, 1, 0]  # to cluster 3: 0-4 and 1-4 by seats 0 then 1, 2-5 by 1 then 0
    refresh(st)
    play(st, "place 14")
    assert st.tasks[-1] == ("climb", 0, 3)
    assert legal(st) == ["climb 0-4", "climb 2-5"]
    assert refused(st, "climb 1-4").rule == "AL-R41"
    for action in ("climb 3-5", "climb 0", "place 0", "farmer"):
        assert refused(st, action).rule == "AL-093"
