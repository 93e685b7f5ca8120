"""End Phase: retrieving, bidding, the next page, encounters and fights (AL-052..AL-062,
AL-074, AL-103..AL-116, AL-G19..AL-G25, AL-I05, AL-I06)."""

import pytest

from meeple.core.errors import IllegalActionError
from meeple.core.game import CHANCE, SIMULTANEOUS
from meeple.games.almanac.content import load_content

from .conftest import legal, play, position, refused, stage

C = load_content()
END = (("cleanup",), ("enc_start",), ("enc_pick",), ("route_start",), ("bid_start", "guide"))


def at_bid(players=3, guide=0, gold=None, page=1):
    st = position(players, page=page, guide=guide, gold=gold or [10] * players)
    st.placed = [2] * players
    return stage(st, *END, ("retrieve",))


def bid(st, *amounts):
    for seat, a in enumerate(amounts):
        st.apply_action(f"bid {a}", seat)
    return st


def test_after_the_last_page_the_game_ends_without_end_phase_steps():
    """AL-052: on a round-6 page the End Phase is skipped: straight to the end of the game."""
    st = position(2, page=16, rnd=6, goods=[[0] * 4, [0] * 4])
    stage(st, ("end_phase",))
    assert st.tasks == [("final_loop", 1), ("final", 0)] and st.bids == [] and st.enc == -1
    play(st, "end", "end")
    assert st.is_terminal()


def test_retrieve_workers_returns_every_worker():
    """AL-053."""
    st = at_bid()
    assert st.placed == [0, 0, 0] and all(o == -1 for o in st.occ)


def test_the_guide_bid_is_sealed_and_simultaneous():
    """AL-054, AL-G22 (ruling AL-R22): any order; no bid is seen before all are in; a bid
    above one's gold is refused."""
    st = at_bid()
    assert st.current_player() == SIMULTANEOUS and st.acting_seats() == (0, 1, 2)
    st.apply_action("bid 4", 2)
    assert st.acting_seats() == (0, 1)
    assert st.observe(0)["bids"] == [-1, -1, -2] and st.observe(2)["bids"] == [-1, -1, 4]
    with pytest.raises(IllegalActionError) as e:
        st.apply_action("bid 11", 0)
    assert e.value.rule == "AL-R22"


def test_highest_bid_wins_and_pays_the_lowest_bid():
    """AL-055, AL-056, AL-120: seat 2 bids 5, lowest is 2: seat 2 pays 2, others nothing."""
    st = bid(at_bid(), 2, 3, 5)
    assert st.guide == 2 and st.gold == [10, 10, 8] and st.last_bids == [2, 3, 5, 2, 2]


def test_a_tie_including_the_guide_keeps_the_guide():
    """AL-057."""
    st = bid(at_bid(guide=1), 1, 4, 4)
    assert st.guide == 1 and st.gold[1] == 9


def test_a_tie_without_the_guide_goes_to_the_first_clockwise_from_the_guide():
    """AL-058, AL-G19 (ruling AL-R19): Guide seat 1; seats 0 and 2 tie; seat 2 is met first
    going clockwise from the Guide."""
    st = bid(at_bid(guide=1), 5, 2, 5)
    assert st.guide == 2 and st.gold[2] == 8


def test_a_zero_lowest_bid_costs_the_winner_one_gold_if_able():
    """AL-059, AL-G21 (ruling AL-R21): all bid 0 -> the Guide keeps it and pays 1; with 0
    gold nothing; all bidding the same -> that amount."""
    st = bid(at_bid(), 0, 0, 0)
    assert st.guide == 0 and st.gold[0] == 9
    st = bid(at_bid(gold=[0, 10, 10]), 0, 0, 0)
    assert st.gold[0] == 0
    st = bid(at_bid(), 3, 3, 3)
    assert st.guide == 0 and st.gold[0] == 7


def test_the_guide_chooses_one_of_the_two_upcoming_pages():
    """AL-060, AL-G03: only the page's 2 upcoming pages."""
    st = bid(at_bid(), 0, 4, 0)
    assert st.current_player() == 1 and legal(st) == ["go 2", "go 3"]
    with pytest.raises(IllegalActionError) as e:
        play(st, "go 4")
    assert e.value.rule == "AL-060"


def test_encounter_then_clean_up_turns_the_page():
    """AL-061, AL-062: the encounter of the page's letter, then face-up caravan cards are
    discarded and the chosen page begins with its Arrival Phase."""
    st = bid(at_bid(gold=[10, 10, 10]), 0, 0, 0)
    play(st, "go 2")
    assert st.current_player() == CHANCE and len(st.chance_outcomes()) == 4
    play(st, "encounter e2", "option 1")  # Snowbound: send for help, each pays 2
    assert st.gold == [7, 8, 8]
    assert st.page == 2 and st.route[-1] == 2
    assert st.cv_faceup == [] and sorted(st.cv_discard) == [0, 1, 2]
    assert st.round == 2 and st.current_player() == CHANCE  # dealing for page 2


def test_location_and_card_bids_follow_the_same_rules():
    """AL-074, AL-G20 (ruling AL-R20): an auction encounter; a tie between the Guide and
    another goes to the Guide, who pays the lowest and gets the reward; the Guide token
    does not move."""
    st = position(3, guide=1, gold=[10, 10, 10])
    st.enc = 3  # Wandering Peddler: auction for a guard and a good
    stage(st, ("cleanup",), ("enc_start",))
    bid(st, 2, 4, 4)
    assert st.guide == 1 and st.gold[1] == 8 and st.guards[1] == 1
    assert st.tasks[-1] == ("good", 1, 1)


def test_five_encounters_per_journey():
    """AL-103: one per End Phase except the last."""
    from meeple.agents.base import RandomAgent
    from meeple.core.driver import play_game

    st, _ = play_game(
        C and __import__("meeple").make("almanac", players=3),
        [RandomAgent() for _ in range(3)],
        seed=9,
    )
    assert sum(1 for s, a in st.history if a.kind == "encounter") == 5


def encounter(eid, players=3, guide=0, **kw):
    st = position(players, guide=guide, **kw)
    st.enc = eid
    return stage(st, ("cleanup",), ("enc_start",))


def test_three_kinds_of_encounter():
    """AL-104, AL-107: fight, optional fight and special cards, with strength and results."""
    assert {e.type for e in C.encounters} == {"fight", "optional", "special"}
    acid = C.encounters[0]
    assert (acid.strength, acid.win, acid.lose) == (3, (("gold", 2),), (("lose_goods", 1),))


def test_acid_butterfly_fight_from_the_guide_stops_at_the_first_win():
    """AL-105, AL-106, AL-108 [EX], AL-G23 (ruling AL-R23), AL-I05: seat 0 loses and
    discards 1 good; seat 1 wins 2 gold; seat 2 does not fight."""
    st = encounter(0, gold=[5, 5, 5], goods=[[1, 1, 0, 0], [0] * 4, [0] * 4])
    st.shields = [0, 1, 0]
    assert st.tasks[-1] == ("fight_roll", 0)
    play(st, "die 1")  # 0 + 1 < 3: lose
    assert legal(st) == ["drop dew", "drop emb"]
    play(st, "drop emb")
    play(st, "die 2")  # 1 + 2 >= 3: win
    assert st.gold[1] == 7 and st.goods[0] == [1, 0, 0, 0]
    assert st.page == 0 or st.current_player() == CHANCE  # seat 2 never fights
    assert not any(t[0] == "fight_roll" for t in st.tasks)


def test_everyone_losing_resolves_each_player_once():
    """AL-106, AL-061: all lose -> each resolved exactly once."""
    st = encounter(0, gold=[5, 5, 5])
    play(st, "die 0", "die 0", "die 0")
    assert st.enc == -1 and st.round == 2


def test_raiders_optional_fight_or_flee_with_rising_cost():
    """AL-109, AL-110, AL-111 [EX], AL-G25 (ruling AL-R25): flee costs 2, +1 per worker
    already on the card; a player who cannot pay must fight (AL-G24)."""
    st = encounter(1, players=4, gold=[5, 5, 2, 9])
    assert legal(st) == ["fight", "avoid"]
    play(st, "avoid")
    assert st.gold[0] == 3 and st.enc_flee == 1
    play(st, "avoid")
    assert st.gold[1] == 2 and st.enc_flee == 2
    assert legal(st) == ["fight"]  # 2 gold < 4: must fight
    play(st, "fight", "die X")
    play(st, "fight", "die 3")  # seat 3 wins with 3 + starting shields
    assert st.gold[3] == 11


def test_shout_for_help_the_guide_chooses_one_roll_for_all():
    """AL-112, AL-113 [EX], AL-114, AL-G25: a 5 means every player discards 6 gold, as much
    as they have (AL-G24)."""
    st = encounter(2, guide=1, gold=[10, 4, 7])
    assert st.current_player() == 1 and legal(st) == ["option 0", "option 1"]
    play(st, "option 0", "d6 5")
    assert st.gold == [4, 0, 1]


def test_send_for_help_costs_each_player_two():
    """AL-113 [EX]: the other option."""
    st = encounter(2, gold=[10, 1, 7])
    play(st, "option 1")
    assert st.gold == [8, 0, 5]


def test_shout_for_help_low_roll_has_no_effect():
    """AL-113: 1-4, we're saved."""
    st = encounter(2, gold=[10, 4, 7])
    play(st, "option 0", "d6 4")
    assert st.gold == [10, 4, 7]


def test_a_fight_adds_the_die_to_strength_and_x_always_loses():
    """AL-115, AL-116, AL-G06 (ruling AL-R06), AL-I06: strength 99 with X loses; with n, win iff
    strength + n >= encounter strength."""
    st = encounter(16, gold=[10, 10, 10])  # Peak Hydra, strength 7
    st.shields = [99, 4, 0]
    play(st, "die X")
    assert st.gold[0] == 5  # lost 5 gold
    play(st, "die 2")  # 4 + 2 < 7
    assert st.enc_won == 0
    play(st, "die 3")  # 0 + 3 < 7
    st2 = encounter(16, gold=[10, 10, 10])
    st2.shields = [4, 0, 0]
    play(st2, "die 3")
    assert 16 in st2.trophies[0] and st2.gold[0] == 15


def test_losses_take_what_there_is():
    """AL-G24 (ruling AL-R24): "discard 1 good" with none held does nothing."""
    st = encounter(0, gold=[5, 5, 5], goods=[[0] * 4] * 3)
    play(st, "die 0")
    assert st.goods[0] == [0, 0, 0, 0] and st.tasks[-1] == ("fight_roll", 1)


def test_each_player_chooses_and_cannot_pick_an_unaffordable_option():
    """AL-G24, AL-114: Avalanche, each player chooses; paying 3 needs 3 gold."""
    st = encounter(7, gold=[5, 2, 5], goods=[[2, 1, 0, 0]] * 3)
    play(st, "option 1")
    assert st.gold[0] == 2
    assert legal(st) == ["option 0"]


def test_an_illegal_action_at_an_optional_fight_names_the_encounter_rule():
    """AL-109, AL-G24 (ruling AL-R24): at an optional fight a player fights or takes the
    card's alternative; any other move names AL-109, and an alternative the player cannot pay
    in full names AL-R24."""
    st = encounter(1, players=4, gold=[5, 5, 2, 9])
    for action in ("place 0", "option 0", "stop", "bid 1"):
        assert refused(st, action).rule == "AL-109"
    play(st, "avoid", "avoid")
    assert legal(st) == ["fight"]
    e = refused(st, "avoid")
    assert e.rule == "AL-R24" and "4 gold" in str(e)


def test_an_illegal_encounter_option_names_the_special_encounter_rule():
    """AL-112, AL-G24 (ruling AL-R24): an option the card does not have, or another kind of
    move, names AL-112; an option the player cannot pay in full names AL-R24."""
    st = encounter(7, gold=[5, 2, 5], goods=[[2, 1, 0, 0]] * 3)  # Avalanche: 2 options
    for action in ("option 3", "fight", "place 0"):
        assert refused(st, action).rule == "AL-112"
    play(st, "option 1")
    assert refused(st, "option 1").rule == "AL-R24"
