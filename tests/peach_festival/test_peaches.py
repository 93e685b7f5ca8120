"""Peaches: starting ones, Take a Peach, grey spots and row-end bonuses (PF-011, PF-016,
PF-042..PF-045, PF-G05, PF-G15, PF-G16)."""

from .conftest import commit, game, play, pos, texts


def test_players_start_with_two_unlocked_peaches():
    """PF-011, PF-G05 (ruling PF-R05): the grid's 2 starting spots are filled."""
    g = game(3)
    assert g.sheet.start_peaches == 2
    s = g.new_initial_state()
    assert all(sh.peaches == 2 and sh.uneaten == 2 for sh in s.sheets)


def test_take_a_peach_fills_the_top_left_most_empty_spot():
    """PF-042, PF-016: the next spot in reading order is filled."""
    s = commit(pos(["", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert s.sheets[0].peaches == 3


def test_take_a_peach_ignores_the_dice():
    """PF-042: nothing is written."""
    s = commit(pos(["", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert all(c == [] for c in s.sheets[0].cols)


def test_grey_spot_next_to_new_peach_is_filled_too():
    """PF-044, PF-G15: filling spot 4 of row 1 also fills the grey spot right of it."""
    s = commit(pos(["p:3", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert s.sheets[0].peaches == 5


def test_run_of_grey_spots_is_filled_together():
    """PF-044: "multiple grey Peach spots in a row" -> the whole consecutive run."""
    s = commit(pos(["p:22", ""], dice="te3,si1,sp1"), "peach", "peach")  # row 4: W W G G
    assert s.sheets[0].peaches == 25


def test_final_spot_of_a_row_gives_the_row_bonus():
    """PF-045: completing row 1 ("two" bonus) lets the player write a 2 in any valid column."""
    s = commit(pos(["te:0,1 si:0,1,2 p:6", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert s.current_player() == 0
    assert set(texts(s.legal_actions(0))) == {"te=2", "si=2"}
    play(s, "te=2")
    assert s.sheets[0].cols[2] == [0, 1, 2]


def test_wildcard_row_bonus_writes_any_valid_number():
    """PF-045, PF-G20 (ruling PF-R19): row 2 ends in a wildcard: any column, any valid number."""
    s = commit(pos(["p:13 go:0,1", ""], dice="te3,si1,sp1"), "peach", "peach")
    legal = set(texts(s.legal_actions(0)))
    assert {"go=1", "go=2", "ge=0", "te=0", "sp=0", "ch=0", "si=0"} == legal


def test_grey_spot_completing_a_row_gives_the_bonus():
    """PF-G15 (ruling PF-R05): row 3 ends with a grey spot; filling it pays the row bonus."""
    s = commit(pos(["p:19 go:0,1", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert s.sheets[0].peaches == 21
    assert "go=2" in texts(s.legal_actions(0))


def test_no_empty_peach_spot_gains_nothing():
    """PF-043: a full grid gains nothing."""
    s = commit(pos(["p:28", ""], dice="te3,si1,sp1"), "peach", "peach")
    assert s.sheets[0].peaches == 28 and s.phase == "roll"


def test_peaches_from_rewards_use_the_same_fill_procedure():
    """PF-G16 (ruling PF-R15): a Peach icon completing a row also pays the row-end bonus."""
    s = commit(pos(["p:6 go:0 te:0,1", ""], dice="go1,te4"), "go", "peach")
    # gold row 2 holds a Peach icon: spot 7 completes row 1, whose bonus writes a 2
    assert s.sheets[0].peaches == 7
    assert texts(s.legal_actions(0)) == ["go=2", "te=2"]
