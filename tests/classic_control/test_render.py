"""render_mode="rgb_array" for CartPole: rlpool draws gymnasium's picture in
C++ on the shared rasteriser. Reference: gymnasium's CartPoleEnv.render()
(pygame) of the same float64 state (debug_state gives it).

Tolerance: at most 16 of the 240,000 pixels may differ (measured: 8 in every
frame, by up to 71 per channel: rlpool does not draw the anti-aliased rim of
the axle circle); every other pixel is identical."""

import gymnasium
import numpy as np
import pytest

import rlpool

MAX_DIFFERENT_PIXELS = 16


def _reference_frame(ref, state):
    ref.unwrapped.state = np.array(state, dtype=np.float64)
    return ref.render()


def test_cartpole_frames_match_gymnasium():
    env = rlpool.make("CartPole-v1", num_envs=2, seed=5, debug_state=True, render_mode="rgb_array")
    ref = gymnasium.make("CartPole-v1", render_mode="rgb_array")
    ref.reset(seed=0)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for t in range(40):
        frames = env.render(env_ids=[0, 1])
        assert frames.shape == (2, 400, 600, 3) and frames.dtype == np.uint8
        for i in range(2):
            expected = _reference_frame(ref, info["state"][i])
            different = int(np.any(frames[i] != expected, axis=-1).sum())
            assert different <= MAX_DIFFERENT_PIXELS, f"step {t} env {i}: {different} pixels differ"
        obs, _, _, _, info = env.step(rng.integers(0, 2, size=2))


def test_cartpole_render_size_is_fixed():
    with pytest.raises(ValueError, match="400x600"):
        rlpool.make("CartPole-v1", render_mode="rgb_array", render_width=300)
