"""render_mode="rgb_array" on Atari: envpool's render(env_ids) returning ALE's
raw colour screen, compared exactly (tolerance 0) with ale-py's render() of
the same game state, and with rlpool's own full-size colour observation."""

import numpy as np
import pytest

import rlpool

from .reference import gym


def test_render_is_ale_py_screen():
    seed = 3
    env = rlpool.make("Breakout-v5", num_envs=2, seed=seed, noop_max=0, use_fire_reset=False,
                      frame_skip=1, render_mode="rgb_array")
    ref = gym.make("ALE/Breakout-v5", frameskip=1, repeat_action_probability=0.0, render_mode="rgb_array")
    env.reset()
    ref.reset(seed=seed)
    for action in [1, 1, 2, 2, 3, 0, 2]:
        env.step(np.array([action, action]))
        ref.step(action)
    frames = env.render()
    assert frames.shape == (1, 210, 160, 3) and frames.dtype == np.uint8
    np.testing.assert_array_equal(frames[0], ref.render())
    both = env.render(env_ids=[1, 0])
    assert both.shape == (2, 210, 160, 3)
    np.testing.assert_array_equal(both[1], frames[0])


def test_render_matches_the_full_size_colour_observation():
    env = rlpool.make("Pong-v5", num_envs=1, frame_skip=1, stack_num=1, gray_scale=False, img_height=210,
                      img_width=160, render_mode="rgb_array", render_env_id=0)
    obs, _ = env.reset()
    for _ in range(5):
        obs = env.step(np.array([2]))[0]
    np.testing.assert_array_equal(env.render(0)[0], obs[0].transpose(1, 2, 0))


def test_render_errors_are_clear():
    with pytest.raises(RuntimeError, match="render_mode"):
        rlpool.make("Pong-v5").render()
    with pytest.raises(ValueError, match="raw 210x160"):
        rlpool.make("Pong-v5", render_mode="rgb_array", render_width=84, render_height=84)
    with pytest.raises(ValueError, match="render_mode"):
        rlpool.make("Pong-v5", render_mode="video")
    env = rlpool.make("Pong-v5", num_envs=2, batch_size=1, render_mode="rgb_array")
    env.async_reset()
    env.recv()
    with pytest.raises((ValueError, IndexError), match="in flight|out of range"):
        env.render(env_ids=[0, 1])
