"""The terminal picture and announcements: contracts in full, page geometry, encounter text,
public chance outcomes told, nothing private shown to others (ruling AL-R32, AL-G32)."""

from __future__ import annotations

import random

import pytest

from meeple.core.game import CHANCE, sample_chance

from .conftest import dealt, game, position


def _random_states(players: int, seed: int, every: int = 5):
    g = game(players)
    rng = random.Random(seed)
    st = g.new_initial_state()
    n = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(sample_chance(st, rng), CHANCE)
            continue
        seat = st.acting_seats()[0]
        n += 1
        if n % every == 0:
            yield st
        st.apply_action(rng.choice(st.legal_actions(seat)), seat)


def test_contract_draws_are_told_to_the_drawer_only():
    """AL-019, AL-041: contracts are drawn face down."""
    g = game(2)
    st = g.new_initial_state()
    st.apply_action("start s0", CHANCE)
    st.apply_action("start s1", CHANCE)
    draw = g.action("contract k0", chance=True)
    assert st.tasks[-1][1] == 0
    assert g.describe_move_for(st, CHANCE, draw, 1) == ""
    assert g.describe_move_for(st, CHANCE, draw, None) == ""
    mine = g.describe_move_for(st, CHANCE, draw, 0)
    assert "The Bookkeepers Union" in mine and "needs" in mine and "fame" in mine


def test_starting_caravans_and_face_up_cards_are_announced():
    """AL-003, AL-029: starting caravans and caravan cards dealt face up are public."""
    g = game(2)
    st = g.new_initial_state()
    told = g.describe_move_for(st, CHANCE, g.action("start s1", chance=True), 1)
    assert told.startswith("Player 1 received the starting caravan")
    st = dealt(2)
    told = g.describe_move_for(st, CHANCE, st.legal_actions(CHANCE)[0], 1)
    assert told.startswith("A caravan card was dealt face up:") and "costs" in told


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_fight_rolls_are_announced_with_their_result(seed):
    """AL-115, AL-116: the fight die and the outcome are public."""
    g = game(3)
    rng = random.Random(seed)
    st = g.new_initial_state()
    said = []
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            out = sample_chance(st, rng)
            told = g.describe_move_for(st, CHANCE, out, 0)
            if out.kind in ("die", "d6", "encounter", "caravan"):
                assert told
            said.append(told)
            st.apply_action(out, CHANCE)
            continue
        seat = st.acting_seats()[0]
        st.apply_action(rng.choice(st.legal_actions(seat)), seat)
    fights = [t for t in said if " fights " in t]
    for t in fights:
        assert ("wins (" in t or "loses (" in t) and ("vs" in t or "X" in t)


def test_view_shows_contracts_in_full_for_their_owner_only():
    """Ruling AL-R32: face-down contracts and gold are private."""
    g = game(2)
    st = dealt(2)
    while st.current_player() == CHANCE:
        st.apply_action(st.legal_actions(CHANCE)[0], CHANCE)
    mine = g.render(st.observe(0))
    theirs = g.render(st.observe(1))
    name = g.content.contracts[0].name
    assert f"k0 {name} — needs" in mine and "once completed:" in mine
    assert name not in theirs and "incomplete contracts: 2 (face down)" in theirs
    assert "gold ? (hidden)" in theirs


def test_village_paths_and_space_actions_are_described():
    """AL-085..AL-088: the paths between clusters; each space says what it does."""
    g = game(2)
    st = dealt(2)
    while st.current_player() == CHANCE:
        st.apply_action(st.legal_actions(CHANCE)[0], CHANCE)
    obs = st.observe(0)
    text = g.render(obs)
    assert "Paths between clusters: c0-c1" in text
    assert "Now: place a worker (Player 1)" in text
    line = g.describe_move(g.action("place 1"), obs)
    assert line == "Place a worker on space 1 of cluster 0: Gain 2 Dewleaf."


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 5), (4, 6)])
def test_views_never_show_private_information_of_others(players, seed):
    """AL-G32: other seats' gold, face-down contracts and sealed bids stay hidden."""
    g = game(players)
    names = [k.name for k in g.content.contracts]
    for st in _random_states(players, seed):
        for viewer in range(players):
            obs = st.observe(viewer)
            text = g.render(obs)
            assert "fightalt" not in text and "Now: place (" not in text
            for s in range(players):
                if s == viewer:
                    continue
                for k in st.incomplete[s]:
                    if k not in st.incomplete[viewer] and k not in st.completed[viewer]:
                        # the same contract may be visible elsewhere only if completed
                        assert names[k] not in text or any(
                            k in st.completed[t] for t in range(players)
                        )
            seat = st.acting_seats()[0]
            for a in st.legal_actions(seat)[:20]:
                g.describe_move(a, st.observe(seat))


def test_cliffside_shows_ledges_and_ladder_spots():
    """AL-089..AL-096: ledge levels and what each ladder spot joins."""
    g = game(2)
    st = next(
        (st for seed in range(12) for st in _random_states(2, seed, every=1) if st.page == 3),
        None,
    )
    assert st is not None, "no Cliffside in the seeded journeys"
    text = g.render(st.observe(0))
    assert "Ledges (clusters): c0 level 0" in text
    assert "ladder spot 0: ledge c0 (level 0) -> ledge c1 (level 1)" in text
    assert "[-1" not in text


def test_ladder_sentence_reads_naturally():
    g = game(2)
    assert g.describe_action(g.action("ladder 2")) == "Place a ladder of your colour on spot 2."


# -- the move list and the log in players' words (no ids, no arrows, no zero parts) -----------
def _move(g, st, notation: str, seat: int = 0) -> str:
    return g.describe_move(g.action(notation), st.observe(seat))


def test_a_worker_placed_in_the_village_names_its_cluster_as_the_board_numbers_it():
    """AL-085: a Trader's Village space is told with its cluster, not in brackets."""
    g = game(2)
    st = position(2, page=1)
    assert _move(g, st, "place 3") == (
        "Place a worker on space 3 of cluster 1: Gain 1 good of your choice."
    )


def test_a_ladder_spot_is_told_from_one_ledge_up_to_another():
    """AL-089..AL-096: a Cliffside ladder spot joins a lower ledge to a higher one."""
    g = game(2)
    st = position(2, page=3, rnd=2)
    told = _move(g, st, "ladder 2")
    assert told == (
        "Place a ladder of your colour on spot 2, from ledge 0 (level 0) up to ledge 2 (level 1)."
    )
    assert "->" not in told and "c0" not in told


def test_a_climb_names_whose_ladders_it_uses_and_who_gains_a_good():
    """AL-095: climbing another player's ladder gives its owner a good of their choice."""
    g = game(2)
    st = position(2, page=3, rnd=2)
    obs = st.observe(0)
    obs["page_state"] = [1, -1, -1, -1, 0, -1]
    told = g.describe_move(g.action("climb 0-4"), obs)
    assert told == (
        "Climb by the ladder on spot 0 (Player 2's), then on spot 4 (yours): "
        "Player 2 gains a good of their choice."
    )


def test_a_caravan_card_to_buy_is_told_by_name_price_and_gains_without_zero_parts():
    """AL-039, AL-047: "Buy Frost Hound for 4 gold: +1 shield, 1 fame" (no id, no "+0")."""
    g = game(2)
    st = position(2, page=1, cards=[6, 1])
    assert _move(g, st, "buy c6") == "Buy Frost Hound for 4 gold: +1 shield, 1 fame."
    assert _move(g, st, "buy c1") == "Buy Spare Sled for 2 gold and 1 Dewleaf: +2 crates, 1 fame."


def test_a_contract_to_keep_or_complete_is_told_without_its_id():
    """AL-038, AL-041: a contract is named as the card names it."""
    g = game(2)
    st = position(2, page=1)
    told = _move(g, st, "keep k10")
    assert told.startswith("Keep Smiths of Skell: Forge Fuel: needs 3 Emberspice; 5 fame;")
    assert "k10" not in told and "—" not in told
    assert _move(g, st, "complete k10").startswith("Complete Smiths of Skell: Forge Fuel: needs")


def test_a_contract_drawn_is_told_to_its_drawer_without_its_id():
    """AL-041: the drawer reads the contract's name and needs, not "k10"."""
    g = game(2)
    st = g.new_initial_state()
    st.apply_action("start s0", CHANCE)
    st.apply_action("start s1", CHANCE)
    told = g.describe_move_for(st, CHANCE, g.action("contract k10", chance=True), 0)
    assert told.startswith("Player 1 drew the contract Smiths of Skell: Forge Fuel: needs")
    assert "k10" not in told


def test_a_caravan_card_dealt_face_up_is_told_without_its_id_or_arrows():
    """AL-029: the card dealt, what it costs and what it adds."""
    g = game(2)
    st = dealt(2)
    told = g.describe_move_for(st, CHANCE, g.action("caravan c6", chance=True), 1)
    assert told.startswith(
        "A caravan card was dealt face up: Frost Hound (costs 4 gold): +1 shield, 1 fame."
    )
    assert "c6" not in told and "->" not in told and "+0" not in told


def test_an_encounter_revealed_is_told_whole_in_the_log():
    """AL-061, AL-109: the log tells the card (type, strength, results, alternative) itself."""
    g = game(2)
    st = position(2, page=1)
    st.tasks.append(("enc_pick",))
    told = g.describe_move_for(st, CHANCE, g.action("encounter e1", chance=True), 0)
    assert told == (
        "Encounter A was revealed: Raiders at the Ford, an optional fight of strength 3 (win: "
        "gain 2 gold; lose: discard 1 good of their choice); instead of fighting, a player may "
        "flee for 2 gold (1 more for each player who fled before)."
    )
    assert "see the view" not in told


def test_a_lost_fight_is_told_as_a_sentence_with_its_full_stop():
    """AL-115, AL-116: X always loses; the log sentence ends like every other."""
    g = game(2)
    st = position(2, page=1, goods=[[1, 0, 0, 0], [0, 0, 0, 0]])
    st.enc = 0
    st.tasks.append(("fight_roll", 0))
    told = g.describe_move_for(st, CHANCE, g.action("die X", chance=True), 0)
    assert told == (
        "Player 1 fought The Acid Butterfly and lost: the fight die showed X, which always "
        "loses (discard 1 good of their choice)."
    )


def test_an_encounter_option_reads_without_a_doubled_full_stop():
    """AL-G25: an option's label ends its own sentence once."""
    g = game(2)
    st = position(2, page=1)
    st.enc = 2
    st.tasks.append(("option", 0))
    assert _move(g, st, "option 1") == "Option 1, Send for help: lose 2 gold."
    told = g.describe_move_for(st, 0, g.action("option 1"), 0)
    assert told == "Player 1 chose option 1: Send for help."
