"""The greedy word wrap the boards draw their text with; counts and plurals in sentences."""

from __future__ import annotations

from meeple.core.text import counted, noun, plural, word_lines


def test_each_line_takes_as_many_words_as_fit():
    assert word_lines("take two dewleaf and   one ember", 12) == [
        "take two",
        "dewleaf and",
        "one ember",
    ]


def test_a_word_longer_than_a_line_stands_alone_unbroken():
    assert word_lines("a Glimmerhollow mine", 6) == ["a", "Glimmerhollow", "mine"]


def test_no_words_make_no_lines():
    assert word_lines("   ", 10) == []


def test_counted_tells_each_kind_held_in_order_and_leaves_out_the_kinds_with_none():
    assert counted([2, 0, 1], ["Silk", "Tea Leaves", "Gems"]) == ["2 Silk", "1 Gems"]
    assert counted([0, 0], ["Silk", "Gems"]) == []
    assert counted([1, 3, 5], ["Silk", "Gems"]) == ["1 Silk", "3 Gems"]  # no name, not told


def test_the_noun_is_the_singular_for_exactly_one_and_the_plural_otherwise():
    assert noun(1, "Peach", "Peaches") == "Peach"
    assert [noun(n, "Peach", "Peaches") for n in (0, 2)] == ["Peaches", "Peaches"]
    assert (noun(1, "card"), noun(3, "card")) == ("card", "cards")


def test_a_count_takes_the_singular_for_one_and_the_plural_otherwise():
    assert plural(1, "flag") == "1 flag"
    assert [plural(n, "flag") for n in (0, 2, 11)] == ["0 flags", "2 flags", "11 flags"]
    assert plural(2, "die", "dice") == "2 dice" and plural(1, "die", "dice") == "1 die"
