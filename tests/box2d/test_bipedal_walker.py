"""BipedalWalker-v3 / BipedalWalkerHardcore-v3 against gymnasium 1.x's bipedal_walker.py.

Tolerance: 1e-5 absolute on every observation element (hull state, joints,
contacts, lidar) and reward. Same Box2D 2.3.0 C++ in float32, same numpy
PCG64 stream (terrain, stumps, stairs, pits, initial push), same body
creation and destruction order (gymnasium reuses one world across episodes);
in practice the trajectories are bit-identical across episodes.
"""

import gymnasium as gym
import numpy as np
import pytest

import rlpool


def random_policy(ref, obs, rng):
    return rng.uniform(-1, 1, 4).astype(np.float32)


def test_spaces_match_gymnasium():
    for task_id, steps in [("BipedalWalker-v3", 1600), ("BipedalWalkerHardcore-v3", 2000)]:
        env = rlpool.make(task_id, num_envs=2)
        ref = gym.make(task_id)
        assert env.single_observation_space == ref.observation_space
        assert env.single_action_space == ref.action_space
        assert env.config["max_episode_steps"] == ref.spec.max_episode_steps == steps


@pytest.mark.parametrize("task_id", ["BipedalWalker-v3", "BipedalWalkerHardcore-v3"])
def test_lockstep_with_gymnasium(assert_lockstep, task_id):
    # Random actions: some episodes fall early, so several resets (and the
    # destroy/rebuild of the world's bodies) are covered too.
    worst = assert_lockstep(task_id, [0, 1, 2], random_policy, steps=700, atol=1e-5, episodes=4)
    print(f"{task_id}: worst difference {worst}")


@pytest.mark.parametrize("task_id", ["BipedalWalker-v3", "BipedalWalkerHardcore-v3"])
@pytest.mark.slow
def test_random_policy_statistics_match(compare_random_policy, task_id):
    # Episodes capped at 200 steps on both sides: random walkers that do not
    # fall stand for the full 1600, which would cost gymnasium minutes here.
    compare_random_policy(task_id, 200, max_episode_steps=200)
