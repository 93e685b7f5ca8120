"""The greedy word wrap the boards draw their text with."""

from __future__ import annotations

from meeple.core.text import word_lines


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
