"""Student's t quantile of the solo interval (``meeple.sim.stats.t_quantile``), without scipy."""

from __future__ import annotations

import math

import pytest

from meeple.sim.stats import t_cdf, t_quantile

# two-sided 95% critical values of Student's t, as printed in statistical tables (6 decimals)
TABLE = {1: 12.706205, 2: 4.302653, 3: 3.182446, 5: 2.570582, 10: 2.228139, 30: 2.042272}


@pytest.mark.parametrize(("df", "value"), sorted(TABLE.items()))
def test_the_975_quantile_is_the_tables_value(df, value):
    assert t_quantile(0.975, df) == pytest.approx(value, abs=5e-7)


def test_many_degrees_of_freedom_approach_the_normal_quantile():
    assert t_quantile(0.975, 10**6) == pytest.approx(1.959963984540054, abs=1e-5)
    assert t_quantile(0.975, 201) < t_quantile(0.975, 200) < t_quantile(0.975, 199)


def test_the_quantile_inverts_the_distribution_and_is_symmetric():
    for df in (1, 2, 7, 50, 200):
        for p in (0.55, 0.9, 0.975, 0.999):
            q = t_quantile(p, df)
            assert t_cdf(q, df) == pytest.approx(p, abs=1e-12)
            assert t_quantile(1 - p, df) == -q
    assert t_quantile(0.5, 4) == 0.0


def test_one_degree_of_freedom_is_the_cauchy_distribution():
    for p in (0.6, 0.9, 0.99):
        assert t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-12)


def test_two_degrees_of_freedom_have_their_closed_form():
    for p in (0.6, 0.9, 0.99):
        closed = (2 * p - 1) * math.sqrt(2 / (4 * p * (1 - p)))
        assert t_quantile(p, 2) == pytest.approx(closed, rel=1e-12)


def test_outside_its_domain_the_quantile_is_refused():
    for p in (0.0, 1.0, -0.1, 1.5):
        with pytest.raises(ValueError, match="0 < p < 1"):
            t_quantile(p, 3)
    with pytest.raises(ValueError, match="at least 1"):
        t_quantile(0.9, 0)


def test_it_agrees_with_scipy_to_far_below_the_printed_precision():
    stats = pytest.importorskip("scipy.stats", reason="scipy is only a cross-check")
    for df in [*range(1, 260), 500, 10**4]:
        for p in (0.9, 0.975, 0.995):
            assert t_quantile(p, df) == pytest.approx(stats.t.ppf(p, df), rel=1e-9)
