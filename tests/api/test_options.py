"""Options are resolved once, by the engine (csrc/core/pool_options.h), and
Python shows the result: env.config and env.spec.config hold the values the
pool runs with, not the 0s that ask for defaults."""

import os
import pathlib
import pickle

import numpy as np
import pytest
import rlpool
from rlpool import envs


def _threads_now() -> int:
    # Native worker threads are invisible to Python's threading module; the
    # kernel lists every thread of the process.
    return len(os.listdir("/proc/self/task"))


pytestmark = pytest.mark.skipif(not pathlib.Path("/proc/self/task").is_dir(), reason="counts threads through /proc")


@pytest.mark.parametrize("num_threads", [0, 2, 3])
def test_config_num_threads_is_the_count_of_workers_started(num_threads):
    before = _threads_now()
    env = rlpool.make("CartPole-v1", num_envs=8, num_threads=num_threads)
    try:
        started = _threads_now() - before
        assert env.config["num_threads"] == started
        assert env.spec.config.num_threads == started
        if num_threads:
            assert started == num_threads
        else:
            # the engine's rule (PoolOptions::DefaultThreads): one fewer than
            # min(batch_size, cores), at least one
            assert started == max(1, min(8, os.cpu_count()) - 1)
    finally:
        env.close()


def test_batch_size_zero_shows_as_num_envs_and_async_keeps_its_batch():
    sync = rlpool.make("CartPole-v1", num_envs=5)
    assert sync.config["batch_size"] == 5 and sync.spec.config.batch_size == 5 and not sync.is_async
    assert len(sync.step(np.zeros(5, np.int32))[0]) == 5
    one_thread = rlpool.make("CartPole-v1", num_envs=6, batch_size=2, num_threads=1)
    assert one_thread.config["batch_size"] == 2 and one_thread.config["num_threads"] == 1 and one_thread.is_async


def test_a_spec_shows_what_make_would_resolve():
    spec = rlpool.make_spec("CartPole-v1", num_envs=4)
    env = rlpool.make("CartPole-v1", num_envs=4)
    assert spec.config == env.spec.config
    assert spec.config.batch_size == 4 and spec.config.num_threads >= 1


def test_resolved_config_given_back_makes_the_same_pool():
    env = rlpool.make("CartPole-v1", num_envs=3, seed=11)
    again = rlpool.make("CartPole-v1", **env.config)
    assert again.config == env.config
    np.testing.assert_array_equal(again.reset()[0], env.reset()[0])


def test_a_pickled_spec_resolves_again_where_it_is_loaded(monkeypatch):
    # A spec carries what was asked (num_threads=0), not this machine's
    # count: the process that loads it resolves the default for its cores.
    spec = rlpool.make_spec("CartPole-v1", num_envs=8)
    data = pickle.dumps(spec)
    from rlpool import registry

    seen = []
    real = registry.resolve

    def recording(task, config):
        seen.append(config["num_threads"])
        return real(task, config)

    monkeypatch.setattr(registry, "resolve", recording)
    again = pickle.loads(data)
    assert seen == [0]
    assert again.config == spec.config


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(num_threads=-1), ValueError, r"CartPole-v1: num_threads must be in \[0, 1024\].*got -1"),
        (dict(num_threads=1025), ValueError, r"CartPole-v1: num_threads must be in \[0, 1024\].*got 1025"),
        (dict(num_threads=2.0), TypeError, r"CartPole-v1: option num_threads=2.0 must be an int"),
        (dict(num_envs=2, batch_size=3), ValueError, r"CartPole-v1: batch_size must be in \[0, num_envs=2\]"),
    ],
)
def test_bad_thread_and_batch_options_are_refused_by_make_and_make_spec(kwargs, error, message):
    with pytest.raises(error, match=message):
        rlpool.make("CartPole-v1", **kwargs)
    with pytest.raises(error, match=message):
        rlpool.make_spec("CartPole-v1", **kwargs)


def test_render_setup_runs_once_in_make(monkeypatch):
    calls = []
    real = envs._PoolBase._init_render

    def counting(self, options):
        calls.append(dict(options))
        return real(self, options)

    monkeypatch.setattr(envs._PoolBase, "_init_render", counting)
    env = rlpool.make("CartPole-v1", num_envs=2, render_mode="rgb_array")
    assert calls == [{"render_mode": "rgb_array"}]
    assert env.render().shape[0] == 1
    calls.clear()
    plain = rlpool.make("CartPole-v1", num_envs=2)
    assert calls == [{}] and plain.render_mode is None
    with pytest.raises(RuntimeError, match="render_mode"):
        plain.render()


def test_the_thread_rule_is_stated_once():
    # The engine's PoolOptions::kDefaultThreadsRule is the statement; the
    # option's meaning in Python points to it instead of restating the formula.
    meaning = rlpool.registry.COMMON_OPTIONS["num_threads"][1]
    assert "min(" not in meaning and "cores" not in meaning
    assert "env.config" in meaning
