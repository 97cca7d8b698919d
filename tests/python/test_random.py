"""The per-env generator: MT19937 as numpy's (the reference), seeded by the
engine with seed + i, and the draws built on it."""

import numpy as np
import pytest

import rlpool
from rlpool.python_env import random


def numpy_raw(seed: int, n: int) -> np.ndarray:
    """numpy's MT19937 with the classic init_genrand seeding (RandomState(int))."""
    bit_generator = np.random.MT19937()
    bit_generator._legacy_seeding(seed)
    return bit_generator.random_raw(n)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**31 - 1, 4_000_000_000])
def test_generator_is_mt19937(seed):
    rng = random.new_state(seed)
    got = np.array([random.next_uint32(rng) for _ in range(1500)], dtype=np.uint64)  # crosses two twists
    np.testing.assert_array_equal(got, numpy_raw(seed, 1500))


def test_engine_seeds_each_env_with_seed_plus_index(probe_id):
    env = rlpool.make(probe_id, num_envs=4, seed=100)
    obs, _ = env.reset()
    for i in range(4):
        np.testing.assert_array_equal(obs[i], numpy_raw(100 + i, 3).astype(np.float64))
    env = rlpool.make(probe_id, num_envs=2, env_seed=[7, 9])
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs[1], numpy_raw(9, 3).astype(np.float64))


def test_uniform_is_libstdcxx_canonical():
    # generate_canonical<double, 53>: (first + second * 2**32) / 2**64, then scaled.
    rng = random.new_state(3)
    raw = numpy_raw(3, 200).astype(np.float64)
    want = (raw[0::2] + raw[1::2] * 2.0**32) / 2.0**64 * (0.05 - -0.05) + -0.05
    got = np.array([random.uniform(rng, -0.05, 0.05) for _ in range(100)])
    np.testing.assert_array_equal(got, want)


def test_integers_cover_the_range_evenly():
    rng = random.new_state(5)
    draws = np.array([random.integers(rng, -3, 4) for _ in range(70_000)])
    assert draws.min() == -3 and draws.max() == 3
    counts = np.bincount(draws + 3)
    assert np.all(np.abs(counts - 10_000) < 600)  # about 6 standard deviations
    assert random.integers(rng, 5, 5) == 5  # an empty range gives low


def test_normal_moments():
    rng = random.new_state(6)
    draws = np.array([random.normal(rng, 2.0, 3.0) for _ in range(50_000)])
    assert np.all(np.isfinite(draws))
    assert abs(draws.mean() - 2.0) < 0.1
    assert abs(draws.std() - 3.0) < 0.1
