"""LunarLander-v3 / LunarLanderContinuous-v3 against gymnasium 1.x's lunar_lander.py.

Tolerance: 1e-5 absolute on every observation element and reward (relative for
|reward| > 1). Both sides run the same Box2D 2.3.0 C++ in float32, with the same
operation order and numpy's PCG64 stream (so identical terrain, initial push and
engine dispersion); only float evaluation order could differ, and in practice
the trajectories are bit-identical (the test reports the worst difference seen).
"""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.envs.box2d.lunar_lander import heuristic

import rlpool


def noisy_heuristic(ref, obs, rng):
    """gymnasium's landing heuristic, with a random action 20% of the time: long
    flights (so >= 200 steps per episode) that still visit every engine."""
    if rng.random() < 0.2:
        return ref.action_space.sample() if not ref.continuous else rng.uniform(-1, 1, 2).astype(np.float32)
    a = heuristic(ref, obs)
    return np.asarray(a, dtype=np.float32) if ref.continuous else int(a)


def test_spaces_match_gymnasium():
    for task_id in ["LunarLander-v3", "LunarLanderContinuous-v3"]:
        env = rlpool.make(task_id, num_envs=2)
        ref = gym.make(task_id)
        assert env.single_observation_space == ref.observation_space
        assert env.single_action_space == ref.action_space
        assert env.config["max_episode_steps"] == ref.spec.max_episode_steps == 1000


@pytest.mark.parametrize("task_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_lockstep_with_gymnasium(assert_lockstep, task_id):
    worst = assert_lockstep(task_id, [0, 1, 2], noisy_heuristic, steps=1000, atol=1e-5)
    print(f"{task_id}: worst difference {worst}")


@pytest.mark.parametrize("continuous", [False, True])
def test_lockstep_with_wind_and_gravity(assert_lockstep, continuous):
    task_id = "LunarLanderContinuous-v3" if continuous else "LunarLander-v3"
    options = dict(gravity=-7.5, enable_wind=True, wind_power=18.0, turbulence_power=1.8)
    assert_lockstep(task_id, [3, 4], noisy_heuristic, steps=1000, atol=1e-5, **options)


def test_bad_gravity_is_refused():
    with pytest.raises(Exception, match="gravity"):
        rlpool.make("LunarLander-v3", gravity=-15.0)


@pytest.mark.parametrize("task_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_random_policy_statistics_match(compare_random_policy, task_id):
    compare_random_policy(task_id, 200)


def test_envpool_v2_ids_alias_v3():
    for v2, v3 in [("LunarLander-v2", "LunarLander-v3"), ("LunarLanderContinuous-v2", "LunarLanderContinuous-v3")]:
        a, b = rlpool.make(v2, num_envs=2, seed=3), rlpool.make(v3, num_envs=2, seed=3)
        np.testing.assert_array_equal(a.reset()[0], b.reset()[0])
