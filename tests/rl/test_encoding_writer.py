"""The encoders' Writer: each block's slots and values, whatever the observed values are."""

from __future__ import annotations

import math

import pytest

np = pytest.importorskip("numpy")

import meeple  # noqa: E402
from meeple.rl.encoding import Writer, make_encoder  # noqa: E402


def written(fill, size: int) -> list[float]:
    """The vector ``fill(writer)`` lays out in ``size`` slots (the writer must end there)."""
    buf = np.zeros(size, np.float32)
    w = Writer(buf)
    fill(w)
    w.flush()
    assert w.pos == size
    return [round(float(x), 6) for x in buf]


def test_onehot_marks_one_slot_and_ignores_none_bools_and_out_of_range():
    assert written(lambda w: w.onehot(2, 4), 4) == [0, 0, 1, 0]
    for bad in (None, True, -1, 4, "2", 2.0):
        assert written(lambda w, bad=bad: w.onehot(bad, 4), 4) == [0, 0, 0, 0]


def test_multihot_marks_every_valid_index_once():
    assert written(lambda w: w.multihot([0, 3, 3, 9, None, False], 4), 4) == [1, 0, 0, 1]
    assert written(lambda w: w.multihot(None, 3), 3) == [0, 0, 0]


def test_counts_divide_occurrences_by_the_scale_and_stop_at_one():
    got = written(lambda w: w.counts([1, 1, 2, 2, 2, 2, 7, True], 3, 3), 3)
    assert got == [0, round(2 / 3, 6), 1.0]


def test_bits_lay_out_the_low_bits_of_a_mask():
    assert written(lambda w: w.bits(0b1011, 3), 3) == [1, 1, 0]
    assert written(lambda w: w.bits(None, 2), 2) == [0, 0]


def test_scalars_are_divided_by_their_scale_and_clipped():
    def fill(w):
        w.scalar(3, 4)
        w.scalar(-9, 4)
        w.scalar(9.0, 4)
        w.scalar(True, 4)
        w.scalar("3", 4)
        w.flag([1])
        w.flag(0)
        w.logscalar(9, 99)
        w.logscalar(-5, 99)

    assert written(fill, 9) == [0.75, -1, 1, 0, 0, 1, 0, round(math.log(10) / math.log(100), 6), 0]


def test_scalars_take_the_first_values_and_always_advance_their_width():
    assert written(lambda w: w.scalars([2, 4, 6, 8], 3, 4), 3) == [0.5, 1, 1]
    assert written(lambda w: w.scalars([2], 3, 4), 3) == [0.5, 0, 0]
    assert written(lambda w: w.scalars(None, 2, 4), 2) == [0, 0]


def test_scalar_map_puts_each_known_key_at_its_slot():
    index = {"a": 0, "b": 1, "c": 2}
    got = written(lambda w: w.scalar_map({"c": 5, "a": 1, "zz": 3, "b": None}, index, 5), 3)
    assert got == [0.2, 0, 1]
    assert written(lambda w: w.scalar_map(["a"], index, 5), 3) == [0, 0, 0]


def test_a_writer_without_buffer_only_measures_the_layout():
    w = Writer()
    w.section("head")
    w.onehot(1, 3)
    w.section("tail")
    w.scalar(2, 4)
    w.flush()
    assert w.pos == 4 and w.layout == [("head", 0, 0), ("tail", 3, 0)]


def test_encode_fills_a_given_buffer_and_returns_it():
    game = meeple.make("almanac", players=2)
    enc = make_encoder(game)
    obs = game.new_initial_state().observe(0)
    out = np.zeros(enc.shape, np.float32)
    assert enc.encode(obs, out) is out
    assert np.array_equal(out, enc.encode(obs))
