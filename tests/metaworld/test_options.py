"""envpool's MetaWorld options frame_stack and reward_threshold, on every face (frame_skip:
test_alignment.py, against the reference).

envpool 1.2.5 (checked by hand, it is not a test dependency): frame_stack=k
> 1 makes the observation (k, 39), oldest first, a reset filling all k rows,
each step dropping the oldest; frame_stack < 1 is an error; default 1.
reward_threshold is a config option, default 10.0, that spec.reward_threshold
shows. Here the stacked pool is checked against the plain pool from the same
seed (exactly: the stack copies the observations), across an autoreset.
"""

import gymnasium as gym
import numpy as np
import pytest
import rlpool


def _play(num_envs, steps, **options):
    env = rlpool.make("MetaWorld/MT10-v3", num_envs=num_envs, seed=5, max_episode_steps=4, one_hot_task_id=True,
                      **options)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    np.testing.assert_array_equal(info["task_id"], np.arange(num_envs) % 10)  # the stack keeps env i on task i % 10
    obs = [obs]
    ended = []
    for _ in range(steps):
        o, _, terminated, truncated, _ = env.step(rng.uniform(-1, 1, (num_envs, 4)).astype(np.float32))
        obs.append(o)
        ended.append(terminated | truncated)
    return obs, ended


def test_frame_stack_is_the_last_k_observations_across_episode_ends():
    k = 3
    plain, ended = _play(10, 11)
    stacked, _ = _play(10, 11, frame_stack=k)
    assert stacked[0].shape == (10, k, 49)
    assert any(e.any() for e in ended)  # episodes of 4 steps: the 11 steps cross two autoresets
    first = 0  # where the current episode's reset observation is (all envs end together here)
    for t, obs in enumerate(stacked):
        if t >= 2 and ended[t - 2].all():  # step t-1 ended: step t (next-step autoreset) is the reset
            first = t
        for row in range(k):
            source = max(t - (k - 1 - row), first)  # frames before the episode's first repeat it
            np.testing.assert_array_equal(obs[:, row], plain[source])


def test_frame_stack_on_every_face():
    for env_type, shape_of in (
        ("gymnasium", lambda env: env.observation_space.shape),
        ("gym", lambda env: env.observation_space.shape),
        ("dm", lambda env: env.observation_spec().obs.shape),
    ):
        env = rlpool.make("MetaWorld/Reach-v3", env_type=env_type, num_envs=3, frame_stack=2)
        assert shape_of(env) == (2, 39), env_type
        assert env.config["frame_stack"] == 2
        env.close()
    assert rlpool.make("MetaWorld/Reach-v3").observation_space.shape == (39,)  # default 1: no stack axis
    vec = gym.make_vec("rlpool/MetaWorld.Reach-v3", num_envs=2, frame_stack=4)
    assert vec.single_observation_space.shape == (4, 39)
    assert vec.reset()[0].shape == (2, 4, 39)


def test_reward_threshold_is_envpools_and_can_be_set():
    for task in ("MetaWorld/Reach-v3", "MetaWorld/MT10-v3", "MetaWorld/MT50-v3"):
        assert rlpool.make_spec(task).reward_threshold == 10.0  # envpool's default
        assert gym.spec("rlpool/" + task.replace("/", ".")).reward_threshold == 10.0
    for env_type in ("gymnasium", "gym", "dm"):
        env = rlpool.make("MetaWorld/DoorOpen-v3", env_type=env_type, reward_threshold=4500)
        assert env.spec.reward_threshold == 4500.0 and env.config["reward_threshold"] == 4500.0
    assert gym.make_vec("rlpool/MetaWorld.Reach-v3", num_envs=1, reward_threshold=3.5).spec.reward_threshold == 3.5


def test_bad_values_say_what_is_allowed():
    with pytest.raises(ValueError, match="frame_stack must be >= 1, got 0"):
        rlpool.make("MetaWorld/Reach-v3", frame_stack=0)
    with pytest.raises(ValueError, match=r"frame_skip must be in \[1, 1000\].*got 0"):
        rlpool.make("MetaWorld/Reach-v3", frame_skip=0)
    with pytest.raises(TypeError, match="reward_threshold='high' must be a number"):
        rlpool.make("MetaWorld/Reach-v3", reward_threshold="high")
