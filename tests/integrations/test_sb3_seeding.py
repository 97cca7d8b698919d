"""An SB3 script moved from DummyVecEnv to RlpoolVecEnv plays the same
episodes from the same seed: both seeded with `.seed(5)` (env i gets 5 + i),
the same random actions, 600 steps across terminations (CartPole) and time-limit
truncations (MountainCar). Observations (float32) and terminal observations
exactly equal; rewards, dones and TimeLimit.truncated equal."""

import gymnasium
import numpy as np
import pytest
from stable_baselines3.common.vec_env import DummyVecEnv

from rlpool.integrations.sb3 import RlpoolVecEnv

NUM_ENVS = 4


@pytest.mark.parametrize("task", ["CartPole-v1", "MountainCar-v0"])
def test_rlpool_vec_env_plays_dummy_vec_envs_episodes(task):
    ours = RlpoolVecEnv(task, num_envs=NUM_ENVS)
    ref = DummyVecEnv([lambda: gymnasium.make(task)] * NUM_ENVS)
    ours.seed(5)
    ref.seed(5)
    obs, ref_obs = ours.reset(), ref.reset()
    np.testing.assert_array_equal(obs, ref_obs)
    rng = np.random.default_rng(0)
    n_actions = ref.action_space.n
    episode_ends = {"terminated": 0, "truncated": 0}
    for t in range(600):
        actions = rng.integers(n_actions, size=NUM_ENVS)
        obs, rew, done, infos = ours.step(actions)
        ref_obs, ref_rew, ref_done, ref_infos = ref.step(actions)
        np.testing.assert_array_equal(obs, ref_obs, err_msg=f"step {t}")
        np.testing.assert_array_equal(rew, ref_rew, err_msg=f"step {t}")
        np.testing.assert_array_equal(done, ref_done, err_msg=f"step {t}")
        for i in np.flatnonzero(ref_done):
            np.testing.assert_array_equal(infos[i]["terminal_observation"], ref_infos[i]["terminal_observation"])
            truncated = ref_infos[i]["TimeLimit.truncated"]
            assert infos[i]["TimeLimit.truncated"] == truncated, f"step {t} env {i}"
            episode_ends["truncated" if truncated else "terminated"] += 1
    # CartPole's random walks fall over; MountainCar's only run out of time.
    kind = "terminated" if task == "CartPole-v1" else "truncated"
    assert episode_ends[kind] >= NUM_ENVS, episode_ends
