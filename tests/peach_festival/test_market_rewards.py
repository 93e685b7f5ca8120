"""Market Rewards (PF-014, PF-054..PF-065, PF-G11, PF-G18..PF-G20, PF-I03)."""

from meeple.core.game import CHANCE

from .conftest import commit, play, pos, refused, texts


def test_peach_icon_gains_one_peach_when_written():
    """PF-057, PF-014: any number written on a Peach icon gains 1 Peach."""
    s = commit(pos(["ch:0", ""], dice="ch1,te4"), "ch", "peach")  # chinaware row 2
    assert s.sheets[0].peaches == 3


def test_two_peach_icon_pays_when_neighbours_are_identical():
    """PF-058, PF-G18 (ruling PF-R17): Gold and Gems row 3 both 2 -> +2 Peaches."""
    s = commit(pos(["go:0,1 ge:0,1,2", ""], dice="go2,te3"), "go", "peach")
    assert s.sheets[0].peaches == 5  # spots 3 and 4, then the grey spot after spot 4
    assert s.sheets[0].two_paid == 1


def test_two_peach_icon_never_pays_for_different_numbers():
    """PF-G18 (ruling PF-R17): once both neighbours differ it can never pay."""
    s = commit(pos(["go:0,1 ge:0,1,1", ""], dice="go2,te3"), "go", "peach")
    assert s.sheets[0].peaches == 2 and s.sheets[0].two_paid == 0


def test_die_icon_is_rolled_after_every_player_has_acted():
    """PF-059, PF-060, PF-G11 (ruling PF-R11): the roll waits for the other seat's rewards."""
    s = commit(pos(["go:0,1,1 r:1", "te:0,1,2 r:2"], dice="go2,te3"), "go", "te")
    assert s.sheets[0].dice_left == 1
    assert s.current_player() == 1  # seat 1 settles its Column Reward first
    play(s, "noreward")
    assert s.current_player() == CHANCE and s.rolling == 0
    play(s, "die:si")
    assert set(texts(s.legal_actions(0))) == {"si=0"}
    play(s, "si=0")
    assert s.sheets[0].cols[5] == [0]


def test_die_roll_on_a_full_column_lets_the_player_set_any_face():
    """PF-061: Silk is full, so the player writes in any column with room."""
    s = commit(pos(["go:0,1,1 si:0,1,1,1,1,1,1 te:0,1", ""], dice="go2,te3"), "go", "peach")
    play(s, "die:si")
    legal = set(texts(s.legal_actions(0)))
    assert "te=1" in legal and "ge=0" in legal and not any(a.startswith("si") for a in legal)


def test_number_icon_writes_its_number_where_valid():
    """PF-062, PF-I03: Tea row 2 shows a 1: any column whose next valid numbers include 1."""
    s = commit(pos(["te:0 go:0 sp:0,1,2", ""], dice="te1,si4"), "te", "peach")
    assert set(texts(s.legal_actions(0))) == {"te=1", "go=1"}


def test_number_icon_allows_only_its_own_number():
    """PF-062: with a Number 1 pending, a 2 is refused although Spices would accept it."""
    s = commit(pos(["te:0 go:0 sp:0,1,2", ""], dice="te1,si4"), "te", "peach")
    assert refused(s, "sp=2").rule == "PF-062"


def test_only_a_die_icon_is_rolled():
    """PF-059: with a Number icon pending and no Die icon, there is nothing to roll."""
    s = commit(pos(["te:0 go:0 sp:0,1,2", ""], dice="te1,si4"), "te", "peach")
    assert refused(s, "roll").rule == "PF-059"


def test_number_icon_with_no_valid_column_writes_nothing():
    """PF-G19 (ruling PF-R18): a 2 with no column ending in 1 or 2 is lost."""
    s = commit(pos(["sp:0,1,2,3,3,3,3", ""], dice="sp3,te2"), "sp", "peach")
    assert s.sheets[0].cols[3][-1] == 3 and s.phase == "roll"


def test_spices_icon_writes_any_valid_number_in_spices():
    """PF-063, PF-G20 (ruling PF-R19): Spices [0, 1] -> 1 or 2 only."""
    s = commit(pos(["ge:0,1 sp:0,1", ""], dice="ge2,te3"), "ge", "peach")  # gems row 3
    assert set(texts(s.legal_actions(0))) == {"sp=1", "sp=2"}


def test_spices_icon_writes_in_the_spices_column_only():
    """PF-063: Gold would accept the 1, but the pending reward is a Spices write."""
    s = commit(pos(["ge:0,1 sp:0,1 go:0", ""], dice="ge2,te3"), "ge", "peach")  # gems row 3
    assert refused(s, "go=1").rule == "PF-063"


def test_tea_icon_writes_any_valid_number_in_tea():
    """PF-064: Spices row 3 holds a Tea Leaves icon."""
    s = commit(pos(["sp:0,1 te:0", ""], dice="sp1,go4"), "sp", "peach")
    assert set(texts(s.legal_actions(0))) == {"te=0", "te=1"}


def test_reward_filling_a_square_gains_that_squares_reward():
    """PF-055, PF-054: a Spices icon write landing on Spices row 3 chains its Tea icon."""
    s = commit(pos(["ge:0,1 sp:0,1 te:0", ""], dice="ge2,go3"), "ge", "peach")
    play(s, "sp=2")
    assert set(texts(s.legal_actions(0))) == {"te=0", "te=1"}


def test_rewards_may_be_gained_in_any_order():
    """PF-056: with a Column Reward and a Spices write pending, both are offered at once."""
    s = commit(pos(["ge:0,1 sp:0 te:0,1,2", ""], dice="ge2,te3"), "ge&te", "peach")
    legal = set(texts(s.legal_actions(0)))
    assert {"sp=0", "sp=1", "merchant", "noreward"} <= legal


def test_reward_not_yet_possible_waits_for_another_reward_to_make_it_possible():
    """PF-056 (rulings PF-R39, PF-R18): Chinaware row 4's Number 2 fits no column yet; it waits
    while the Spices write is pending, and after ``sp=1`` it writes ``sp=2``."""
    s = commit(pos(["ge:0,0 sp:0 ch:0,1,2 p:3", "te:0"], dice="ch3,si2"), "ge&ch", "peach")
    assert ("number", 2, False) in s.sheets[0].pending
    assert "sp=2" not in texts(s.legal_actions(0))
    play(s, "sp=1")
    assert "sp=2" in texts(s.legal_actions(0))
    play(s, "noreward", "sp=2")
    assert s.sheets[0].cols[3] == [0, 1, 2]


def test_waiting_reward_is_shown_as_waiting_on_the_sheet():
    """Ruling PF-R39: the sheet's "To settle" line tells a waiting reward from a live one."""
    from rich.console import Console

    s = commit(pos(["ge:0,0 sp:0 ch:0,1,2 p:3", "te:0"], dice="ch3,si2"), "ge&ch", "peach")
    console = Console(width=400, record=True)
    console.print(s.game.render(s.observe(0)))
    text = " ".join(console.export_text().split())  # the caption wraps at the table's width
    assert "write any valid number in Spices; write a 2 (waits: not possible yet)" in text
    play(s, "sp=1")
    console = Console(width=400, record=True)
    console.print(s.game.render(s.observe(0)))
    text = " ".join(console.export_text().split())
    assert "To settle: write a 2; Column Reward" in text


def test_reward_still_impossible_when_nothing_else_is_pending_is_lost():
    """PF-R39, PF-R18: with nothing left that could make it valid, the Number 2 writes nothing."""
    s = commit(pos(["ge:0,0 sp:0 ch:0,1,2 p:3", "te:0"], dice="ch3,si2"), "ge&ch", "peach")
    play(s, "noreward", "sp=0")  # Spices [0, 0]: a 2 still fits nowhere
    assert s.sheets[0].pending == [] and s.sheets[0].cols[3] == [0, 0]
    assert s.phase == "roll"  # seat 1 had nothing to settle: the next round's roll


def test_reward_not_yet_possible_waits_for_the_rounds_die_roll():
    """PF-056, PF-060 (rulings PF-R39, PF-R11): Impress writes Gold 3 (a Die icon, rolled after
    every action) and Chinaware 0 (a Peach completing the first row: a Number 2 that fits no
    column yet). The 2 waits for the roll; the die's Chinaware 1 makes it possible."""
    s = commit(pos(["go:0,1,2 ch:0 sp:0 p:6", "te:0"], dice="go3,si2"), "go&ch", "peach")
    sh = s.sheets[0]
    play(s, "noreward")  # the Gold box's Column Reward, declined
    assert s.phase == "dice" and ("number", 2, False) in sh.pending
    play(s, "die:ch", "ch=1")
    assert texts(s.legal_actions(0)) == ["ch=2"]


def test_lantern_festival_square_gives_no_immediate_reward():
    """PF-065, PF-G03 (ruling PF-R03): row 5 has no icon; nothing is pending after writing it."""
    s = commit(pos(["go:0,1,1,1", ""], dice="go1,te4"), "go", "peach")
    assert s.sheets[0].cols[0] == [0, 1, 1, 1, 1] and s.sheets[0].pending == []


def test_write_resolves_the_most_specific_pending_reward():
    """PF-R33: a 2 written where a Number-2 and a wildcard both allow it uses the Number icon."""
    # Spices row 3 holds a Tea icon; Chinaware row 2's Peach completes Peach row 1 (bonus: a 2).
    s = commit(pos(["sp:0,1 te:0,1 ch:0 p:6", ""], dice="sp1,ch1,go3"), "sp&ch", "peach")
    assert sorted(p[0] for p in s.sheets[0].pending) == ["number", "write"]
    play(s, "te=2")  # both allow it: the Number icon is used, the Tea write stays
    assert s.sheets[0].pending == [("write", 2, False)]


def test_lone_mandatory_die_is_rolled_at_once():
    """PF-R34: a Die with nothing else pending needs no decision."""
    s = commit(pos(["go:0,1,1 te:0,1,2 r:1", "r:2"], dice="go2,te3"), "go&te", "peach")
    play(s, "noreward")
    assert s.is_chance_node() and s.rolling == 0


def test_player_may_roll_the_die_before_other_rewards():
    """PF-R34, PF-056: with a Die and a Column Reward pending, rolling first is a choice."""
    s = commit(pos(["si:0,1 go:0,1,2", ""], dice="si2,te3"), "si", "peach")  # silk row 3: Die
    play(s, "die:go", "go=3")  # gold row 4: another Die, and a 3 marks the box
    assert {"roll", "merchant", "noreward"} <= set(texts(s.legal_actions(0)))
    play(s, "roll")
    assert s.is_chance_node()


def test_a_number_no_column_takes_is_told_as_lost_to_everyone():
    """PF-G19 (ruling PF-R18): the lost Number 2 is told after the last sealed action, the one
    that reveals and resolves the round's actions: to its owner as theirs, to the others and a
    spectator by seat; the choice before it brings nothing about. The loss is recorded."""
    from meeple.core.record import tell_move

    s = pos(["sp:0,1,2,3,3,3,3", ""], dice="sp3,te2")
    said = "the Number 2 reward: no column can take a 2."
    for viewer in (0, 1, None):
        assert s.game.describe_aftermath(s, 0, s.game.action("sp"), viewer) == ""
    commit(s, "sp")
    for viewer in (0, 1, None):  # the same words for all: the log names every seat
        entry = tell_move(s, 2, 1, "peach", viewer)
        assert entry.sealed == (viewer != 1)
        assert entry.told.endswith(f"Player 1 lost {said}")
    s.apply_action("peach", 1)
    assert s.sheets[0].lost == [("number", 2, False)]
    assert s.observe(1)["sheets"][0]["lost"] == [["number", 2, False]]
