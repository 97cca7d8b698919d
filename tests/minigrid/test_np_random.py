"""rlpool's port of numpy's Generator (csrc/common/random/np_random.h) against
numpy itself: every draw MiniGrid / BabyAI generation makes, for many seeds,
exact equality (the doubles too: same bits, same arithmetic)."""

import numpy as np
import pytest

from rlpool._minigrid import NpRandomProbe

SEEDS = list(range(40)) + [2**31 - 1, 2**32 - 1, 123456789]


@pytest.mark.parametrize("seed", SEEDS)
def test_integers_and_floats(seed):
    ours, ref = NpRandomProbe(seed), np.random.default_rng(seed)
    bounds = [(0, 2), (0, 4), (1, 7), (-5, 5), (2, 1000), (0, 6), (0, 2**31), (0, 2**32), (0, 2**32 + 5), (3, 3 + 2**40)]
    for _ in range(30):
        for low, high in bounds:
            assert ours.integers(low, high) == ref.integers(low, high), (seed, low, high)
        assert ours.random() == ref.random()
        assert ours.uniform(-2.5, 7.0) == ref.uniform(-2.5, 7.0)


@pytest.mark.parametrize("seed", SEEDS)
def test_choice(seed):
    ours, ref = NpRandomProbe(seed), np.random.default_rng(seed)
    for n in (1, 2, 3, 5, 7, 17):
        # choice over a sequence draws an index the same way: minigrid's choice(range(a, b)).
        assert ours.choice(n) + 4 == ref.choice(range(4, 4 + n))
        p = np.arange(1, n + 1, dtype=np.float64)
        p /= p.sum()
        assert ours.choice_weighted(list(p)) == ref.choice(n, p=p)
        for k in range(0, n + 1):
            assert ours.choice_no_replace(n, k) == list(ref.choice(n, k, replace=False)), (n, k)
    # numpy's other branch: a tail shuffle when pop > 10000 and k > pop / 50.
    for n, k in ((20000, 500), (12000, 12000), (20000, 3)):
        assert ours.choice_no_replace(n, k) == list(ref.choice(n, k, replace=False)), (n, k)


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_and_permutation(seed):
    ours, ref = NpRandomProbe(seed), np.random.default_rng(seed)
    for n in (0, 1, 2, 3, 4, 9, 33):
        as_list = list(range(n))
        ref.shuffle(as_list)  # minigrid shuffles Python lists
        assert ours.shuffle(list(range(n))) == as_list
        as_array = np.arange(n) * 3
        ref.shuffle(as_array)
        assert ours.shuffle(list(np.arange(n) * 3)) == list(as_array)
        assert ours.permutation(n) == list(ref.permutation(n))
