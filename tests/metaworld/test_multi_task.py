"""MetaWorld/MT10-v3 against Meta-World 3.0.0's own MT10
(gymnasium.make_vec("Meta-World/MT10", seed=s): a SyncVectorEnv, same-step
autoreset, every env seeded with s), seed-exact: no
state is injected. Meta-World draws MT10's 50 goals per task from the legacy
np.random seeded with s (MT19937), and each reset picks one with the env's
np_random (PCG64); rlpool replays both in C++. rlpool seeds env i with
seed + i by default, so env_seed=[s] * 10 asks for Meta-World's seeding.

Checked for one whole episode of all ten tasks and the first step of the
next (a new goal picked): observation |diff| <= 1e-9, then rlpool's one-hot
id; float32 reward == float32(reference); success equal; task_id == i.
The reference runs without its one-hot wrapper: that wrapper's Box has no
dtype, so its vector env hands out float32 observations (the one-hot does not
change the dynamics; rlpool's one-hot columns are checked against the id).
"""

import gymnasium as gym
import numpy as np
import pytest
import rlpool
from rlpool.tasks.metaworld import MT10, MT50

from .reference import ENV_POLICY_MAP, metaworld  # noqa: F401  (the shimmed reference, registered)

ATOL = 1e-9


@pytest.mark.slow
def test_mt10_matches_metaworld():
    seed = 3
    env = rlpool.make("MetaWorld/MT10-v3", num_envs=10, seed=seed, env_seed=[seed] * 10, one_hot_task_id=True,
                      autoreset_mode="same_step")
    ref = gym.make_vec("Meta-World/MT10", vector_strategy="sync", seed=seed)
    assert env.single_observation_space.shape == (49,)
    assert ref.single_observation_space.shape == (39,) and ref.single_observation_space.dtype == np.float64
    obs, info = env.reset()
    ref_obs, _ = ref.reset()
    np.testing.assert_array_equal(info["task_id"], np.arange(10))
    policies = [ENV_POLICY_MAP[name]() for name in MT10]
    rng = np.random.default_rng(seed)
    successes = np.zeros(10, int)
    for t in range(1, 502):
        np.testing.assert_allclose(obs[:, :39], ref_obs, rtol=0, atol=ATOL, err_msg=f"step {t - 1}")
        np.testing.assert_array_equal(obs[:, 39:], np.eye(10), err_msg=f"step {t - 1}")
        actions = np.stack([p.get_action(o) for p, o in zip(policies, ref_obs)]).astype(np.float32)
        noise = rng.uniform(size=10) < 0.3
        actions[noise] = rng.uniform(-1.2, 1.2, size=(int(noise.sum()), 4)).astype(np.float32)
        obs, reward, terminated, truncated, info = env.step(actions)
        ref_obs, ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions)
        np.testing.assert_array_equal(reward, ref_reward.astype(np.float32), err_msg=f"step {t}")
        np.testing.assert_array_equal(truncated, ref_trunc, err_msg=f"step {t}")
        if t == 500:  # same-step autoreset: this step's info is the ending episode's final_info
            info, ref_info = info["final_info"], ref_info["final_info"]
        np.testing.assert_array_equal(info["success"], ref_info["success"], err_msg=f"step {t}")
        successes += ref_info["success"].astype(bool)
    assert (successes > 0).sum() >= 5, f"too few tasks succeeded to compare success: {successes}"
    env.close()
    ref.close()


@pytest.mark.slow
def test_mt50_goals_match_metaworld():
    """MT50's goal table and first steps: every task's reset and 5 random
    steps, against Meta-World's own MT50 built from the same seed (~21 s on
    2 cores, most of it Meta-World building its table by resetting every
    task 50 times). Each task's dynamics is covered by test_alignment.py;
    this adds MT50's 50-task goal sequence."""
    seed = 4
    env = rlpool.make("MetaWorld/MT50-v3", num_envs=50, seed=seed, env_seed=[seed] * 50)
    ref = gym.make_vec("Meta-World/MT50", vector_strategy="sync", seed=seed)
    obs, info = env.reset()
    ref_obs, _ = ref.reset()
    np.testing.assert_array_equal(info["task_id"], np.arange(50))
    rng = np.random.default_rng(seed)
    for t in range(5):
        np.testing.assert_allclose(obs, ref_obs, rtol=0, atol=ATOL, err_msg=f"step {t}")
        actions = rng.uniform(-1.0, 1.0, size=(50, 4)).astype(np.float32)
        obs, reward, *_ = env.step(actions)
        ref_obs, ref_reward, *_ = ref.step(actions)
        np.testing.assert_array_equal(reward, ref_reward.astype(np.float32), err_msg=f"step {t + 1}")
    env.close()
    ref.close()


def test_env_i_runs_task_i_mod_k():
    env = rlpool.make("MetaWorld/MT10-v3", num_envs=12, seed=0)
    obs, info = env.reset()
    np.testing.assert_array_equal(info["task_id"], np.arange(12) % 10)
    assert obs.shape == (12, 39)
    assert np.any(obs[:, 36:] != 0.0, axis=1).all(), "MT10 shows the goal (Meta-World's MT benchmarks are goal-observable)"
    one_hot = rlpool.make("MetaWorld/MT10-v3", num_envs=12, seed=0, one_hot_task_id=True).reset()[0]
    np.testing.assert_array_equal(one_hot[:, 39:], np.eye(10)[np.arange(12) % 10])
    np.testing.assert_array_equal(one_hot[:, :39], obs)


def test_goals_follow_the_seed():
    """The goal table is the pool's seed's: same seed, same goals; another
    seed, other goals (envs 0 and 10 run reach-v3 with their own picks)."""
    def goals(seed):
        return rlpool.make("MetaWorld/MT10-v3", num_envs=10, seed=seed).reset()[0][:, 36:]
    np.testing.assert_array_equal(goals(1), goals(1))
    assert not np.array_equal(goals(1), goals(2))


def test_bad_input():
    with pytest.raises(ValueError, match="unknown Meta-World task 'reach-v9'"):
        rlpool.make("MetaWorld/Reach-v3", task_name="reach-v9")
    with pytest.raises(ValueError, match="MT10 runs 10 tasks, got task_names with 9"):
        rlpool.make("MetaWorld/MT10-v3", task_names=",".join(MT10[:9]))
    with pytest.raises(ValueError, match="unknown Meta-World task"):
        rlpool.make("MetaWorld/MT10-v3", task_names=",".join(MT10[:9] + ["sweep-v9"]))
    with pytest.raises(ValueError, match="MT50 runs 50 tasks"):
        rlpool.make("MetaWorld/MT50-v3", task_names=",".join(MT50[:10]))
    with pytest.raises(ValueError, match=r"seed must be in \[0, 2\*\*32\), got -1"):
        rlpool.make("MetaWorld/MT10-v3", num_envs=10, seed=-1)
    with pytest.raises(ValueError, match="env_seed"):
        rlpool.make("MetaWorld/MT10-v3", num_envs=10, env_seed=[1, 2, 3])
