"""The C++ port of numpy's legacy RandomState (csrc/common/random/
legacy_random_state.h) against numpy.random.RandomState itself: same seed,
same sequence of calls, bit-identical draws."""

from __future__ import annotations

import numpy as np
import pytest

from rlpool import _dm_control, _lab_dm_control

from ..numpy_dot import numpy_rounds_each_product

SEEDS = [0, 1, 2, 42, 12345, 2**31 - 1, 2**32 - 1, 3_141_592_653]


def _plan(seed: int, n: int = 3000):
    """A mixed sequence of calls (odd counts of randn between others, so the
    cached second gaussian is exercised), with random arguments."""
    r = np.random.default_rng(seed)
    ops = r.choice(["rand", "randn", "uniform", "normal", "randint", "choice"], size=n,
                   p=[0.2, 0.3, 0.2, 0.1, 0.15, 0.05])
    a = r.uniform(-5, 5, n)
    b = a + r.uniform(0.001, 10, n)
    b[ops == "normal"] = r.uniform(0.001, 3, n)[ops == "normal"]  # normal's b is its scale
    ints = ops == "randint"
    a[ints] = np.floor(a[ints] * 1000)
    # Ranges of 1 (no draw), small, a power of two, just above one, and wide.
    spans = r.choice([1, 2, 3, 7, 8, 9, 1000, 2**16 + 1, 2**31, 2**32 - 1, 2**32, 2**40 + 3], size=n)
    b[ints] = a[ints] + spans[ints]
    return list(ops), a, b


def _numpy_draws(seed, ops, a, b, p):
    rs = np.random.RandomState(seed)
    out = []
    for op, x, y in zip(ops, a, b):
        if op == "rand":
            out.append(rs.rand())
        elif op == "randn":
            out.append(rs.randn())
        elif op == "uniform":
            out.append(rs.uniform(x, y))
        elif op == "normal":
            out.append(rs.normal(x, y))
        elif op == "randint":
            out.append(float(rs.randint(int(x), int(y))))
        else:
            out.append(float(rs.choice(len(p), p=p)))
    return np.array(out)


@pytest.mark.parametrize("seed", SEEDS)
def test_draws_match_numpy(seed):
    ops, a, b = _plan(seed)
    p = [0.1, 0.1, 0.8]  # manipulator's object placement probabilities
    ours = np.array(_lab_dm_control.legacy_random_draws(seed, ops, a.tolist(), b.tolist(), p))
    np.testing.assert_array_equal(ours, _numpy_draws(seed, ops, a, b, p))


def test_long_runs_cross_state_refills():
    """Many thousand draws: the 624-word state is regenerated many times."""
    ops = ["randn"] * 5001 + ["rand"] * 3000
    zeros = [0.0] * len(ops)
    ours = np.array(_lab_dm_control.legacy_random_draws(7, ops, zeros, zeros, []))
    rs = np.random.RandomState(7)
    want = np.concatenate([rs.randn(5001), rs.rand(3000)])
    np.testing.assert_array_equal(ours, want)


def test_array_draws_are_consecutive_scalar_draws():
    """dm_control draws arrays (uniform(lo, hi, n), randn(n)); numpy fills
    them element by element, which is what the port's scalar calls do."""
    rs = np.random.RandomState(5)
    want = np.concatenate([rs.uniform(-1, 1, 5), rs.randn(3), rs.uniform([0, 1, 2], [1, 3, 7])])
    ops = ["uniform"] * 5 + ["randn"] * 3 + ["uniform"] * 3
    a = [-1.0] * 5 + [0.0] * 3 + [0.0, 1.0, 2.0]
    b = [1.0] * 5 + [0.0] * 3 + [1.0, 3.0, 7.0]
    np.testing.assert_array_equal(np.array(_lab_dm_control.legacy_random_draws(5, ops, a, b, [])), want)


def test_short_dots_round_as_this_machines_numpy():
    """dm_control's norms and random quaternions go through numpy's x.dot(x):
    BLAS ddot, whose kernel OpenBLAS picks per CPU, fusing each multiply-add
    on some hosts and rounding each product on others. The module asks numpy
    at import; here numpy is asked again, on other vectors, and the answers
    must agree (a wrong one makes humanoid episodes drift within ~20 steps)."""
    assert _dm_control.numpy_dot_fuses() is (not numpy_rounds_each_product(seed=7))
