"""The scale scenario's variants run (tiny sizes; no timing is checked), and
its PufferLib peer is PufferLib's own Ocean CartPole, built from the sdist on
the package index (rlpool/bench/pufferlib_ocean.py)."""

import numpy as np
import pytest

from rlpool.bench import pufferlib_ocean, scale
from rlpool.bench.measure import Measurement, PointResult
from rlpool.bench.runners import Skip, runners_for
from rlpool.bench.scenarios import Point

from .variants import assert_each_variant_steps


def test_points_cover_every_workload_from_8_to_8192_envs():
    points = scale.points()
    for task, _ in scale.WORKLOADS:
        assert sorted(p.batch_size for p in points if p.task == task) == list(scale.SIZES)
    assert all(p.async_num_envs == 3 * p.batch_size for p in points)


def test_rlpool_bare_and_pufferlib_variants_step_cartpole():
    point = Point("CartPole-v1", batch_size=16, num_threads=0, async_num_envs=48, family="classic_control")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "pufferlib", "bare"))}
    assert {"rlpool sync", "rlpool async", "pufferlib", "bare"} <= set(runners)
    actions = np.random.default_rng(0).integers(0, 2, size=(8, 16))
    assert_each_variant_steps(runners, actions)


def test_a_bare_rows_ns_per_step_counts_every_loop_that_ran_at_once():
    # Two bare loops ran at once, one per core, each at 10M steps/s (the
    # rate reported): 20M env steps per second on 2 busy cores, 100 ns each.
    point = Point("CartPole-v1", batch_size=16, num_threads=0)
    bare = Measurement("bare", "bare", "loop", 8, 1, samples=[1e7], busy=[2.0], loops_at_once=2)
    pool = Measurement("rlpool sync", "rlpool", "sync", 16, 16, samples=[1e7], busy=[2.0])
    rows = {r.variant: r for r in scale.rows([PointResult(point, measurements=[bare, pool])])}
    assert rows["bare"].cpu_ns_per_step == pytest.approx(100)
    assert rows["rlpool sync"].cpu_ns_per_step == pytest.approx(200)


def test_the_bare_runner_says_it_runs_one_loop_per_core():
    point = Point("CartPole-v1", batch_size=16, num_threads=0, family="classic_control")
    (runner,) = runners_for(point, ("bare",))
    assert runner.loops_at_once == point.cores


def test_pufferlib_steps_its_envs_in_its_own_buffers():
    # PufferLib's CartPole writes each env's observation into the buffer it
    # was given: after steps, every env's row has moved off its reset state.
    binding = pufferlib_ocean.cartpole_binding()
    n = 4
    obs, act = np.zeros((n, 4), np.float32), np.zeros(n, np.float32)
    rew, term, trunc = np.zeros(n, np.float32), np.zeros(n, bool), np.zeros(n, bool)
    handle = binding.vec_init(obs, act, rew, term, trunc, n, 0, continuous=0)
    binding.vec_reset(handle, 0)
    start = obs.copy()
    for _ in range(3):
        act[:] = 1
        binding.vec_step(handle)
    binding.vec_close(handle)
    assert np.all(obs[:, 1] != start[:, 1])  # the cart's velocity, pushed right every step
    assert np.all(rew == 1.0)


def test_pufferlib_variant_is_skipped_with_the_reason_when_it_cannot_be_built(tmp_path, monkeypatch):
    monkeypatch.setenv("RLPOOL_TEST_CACHE", str(tmp_path))
    monkeypatch.setattr(pufferlib_ocean, "INDEX", (tmp_path / "no-index").as_uri())
    point = Point("CartPole-v1", batch_size=4, num_threads=0)
    (runner,) = runners_for(point, ("pufferlib",))
    with pytest.raises(Skip, match="Ocean CartPole could not be built"):
        runner.open(np.zeros((2, 4), np.int64))
