"""examples/cleanba_ppo.py makes its pools as Cleanba makes envpool's: the gym
face, sync, settable vector attributes, and on Atari Cleanba's (Machado) options."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax", reason="examples need the test extra (jax, flax, optax)")
pytest.importorskip("flax")
pytest.importorskip("optax")

from ..examples._load import load  # noqa: E402

cleanba_ppo = load("cleanba_ppo")


def test_atari_pools_get_cleanbas_options():
    pytest.importorskip("rlpool._atari", reason="built without the atari family")
    envs = cleanba_ppo.make_envs("Breakout-v5", 2, 7, 1)
    try:
        for key, value in cleanba_ppo.ATARI_OPTIONS.items():
            assert envs.config[key] == value, key
        assert envs.spec.config.max_episode_steps == 27000
        assert envs.single_action_space.n == 18  # full_action_space
        obs = envs.reset()  # the gym face: observations only
        assert obs.shape == (2, 4, 84, 84)
        obs, reward, done, info = envs.step(np.zeros(2, np.int64))
        assert {"env_id", "elapsed_step", "reward", "terminated", "TimeLimit.truncated"} <= set(info)
        np.testing.assert_array_equal(info["env_id"], [0, 1])  # sync: request order
    finally:
        envs.close()


def test_other_pools_get_no_atari_options_and_env_seeds_follow_the_global_index():
    a = cleanba_ppo.make_envs("CartPole-v1", 4, 10, 1)  # envs 10..13
    b = cleanba_ppo.make_envs("CartPole-v1", 2, 12, 1)  # envs 12..13 of another layout
    try:
        assert "repeat_action_probability" not in a.config
        assert a.is_vector_env and a.num_envs == 4
        np.testing.assert_array_equal(a.reset()[2:], b.reset())
    finally:
        a.close()
        b.close()
