"""Golden Rules and writing in columns (PF-012, PF-020..PF-023, PF-040, PF-G13, PF-G30)."""

from meeple.games.peach_festival.notation import sheet_text

from .conftest import commit, pos


def test_first_number_in_a_column_must_be_zero():
    """PF-020, PF-023: an empty column accepts only a 0."""
    s = commit(pos(["", ""], dice="te3,si1,sp1"), "te", "go")
    assert s.sheets[0].cols[2] == []  # 3 Tea Leaves cannot start a column
    assert s.sheets[1].cols[0] == [0]  # 0 Gold can


def test_each_number_equals_or_is_one_more_than_the_previous():
    """PF-021, PF-012: written top to bottom, equal or exactly 1 higher."""
    s = commit(pos(["te:0,1,2", "te:0,1"], dice="te3,si1,sp1"), "te", "te")
    assert s.sheets[0].cols[2] == [0, 1, 2, 3]
    assert s.sheets[1].cols[2] == [0, 1]  # 3 after 1 is refused


def test_equal_number_is_allowed():
    """PF-021: writing the same number again is allowed."""
    s = commit(pos(["si:0,1", ""], dice="te3,si1,sp1"), "si", "peach")
    assert s.sheets[0].cols[5] == [0, 1, 1]


def test_numbers_in_a_column_never_decrease():
    """PF-023: a lower number than the previous one is never written."""
    s = commit(pos(["te:0,1,2,3", ""], dice="te1,si3,sp1"), "te", "peach")
    assert s.sheets[0].cols[2] == [0, 1, 2, 3]


def test_selection_breaking_golden_rules_writes_nothing_and_round_goes_on():
    """PF-040, PF-G13 (ruling PF-R13): the choice is legal, nothing is written."""
    s = pos(["te:0,1", ""], dice="te3,si1,sp1")
    before = sheet_text(s.game, s.sheets[0])
    commit(s, "te", "peach")
    assert sheet_text(s.game, s.sheets[0]) == before
    assert s.phase == "roll" and s.round == 2


def test_golden_rules_bind_every_write_after_peach_effects():
    """PF-022: a Manipulated number must still obey the Golden Rules."""
    s = commit(pos(["te:0", ""], dice="te3,si1,sp1"), "te-", "peach")
    assert s.sheets[0].cols[2] == [0]  # 2 after 0 is not valid
    assert s.sheets[0].eaten == 1


def test_numbers_may_exceed_three_up_to_six():
    """PF-G30 (ruling PF-R28): 5 dice + Manipulate writes a 6."""
    s = commit(pos(["ch:0,1,2,3,4,5", ""], dice="ch5"), "ch+", "peach")
    assert s.sheets[0].cols[4][-1] == 6


def test_full_column_accepts_no_number():
    """PF-G30 (ruling PF-R28): a full column takes nothing more."""
    s = commit(pos(["go:0,1,1,1,1,1", ""], dice="go1,te4"), "go", "peach")
    assert s.sheets[0].cols[0] == [0, 1, 1, 1, 1, 1]
