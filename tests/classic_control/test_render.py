"""render_mode="rgb_array" for CartPole and Acrobot: rlpool draws gymnasium's
pictures in C++ on the shared rasteriser. Reference: gymnasium's render()
(pygame) of the same float64 state (debug_state gives it).

Tolerance: a handful of pixels may differ, every other pixel is identical.
rlpool does not draw the anti-aliased rims (gfxdraw.aacircle) of the joint
discs: CartPole's radius-5 axle rim is 8 pixels in every frame (allowed: 16),
Acrobot's two radius-11 joint rims 88 (allowed: 120); measured over 200-300
random-policy frames."""

import gymnasium
import numpy as np
import pytest

import rlpool

ALLOWED = {"CartPole-v1": 16, "Acrobot-v1": 120}
SHAPES = {"CartPole-v1": (400, 600, 3), "Acrobot-v1": (500, 500, 3)}


@pytest.mark.parametrize("task_id", sorted(ALLOWED))
def test_frames_match_gymnasium(task_id):
    env = rlpool.make(task_id, num_envs=2, seed=5, debug_state=True, render_mode="rgb_array")
    ref = gymnasium.make(task_id, render_mode="rgb_array")
    ref.reset(seed=0)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for t in range(40):
        frames = env.render(env_ids=[0, 1])
        assert frames.shape == (2, *SHAPES[task_id]) and frames.dtype == np.uint8
        for i in range(2):
            ref.unwrapped.state = np.array(info["state"][i], dtype=np.float64)
            expected = ref.render()
            different = int(np.any(frames[i] != expected, axis=-1).sum())
            assert different <= ALLOWED[task_id], f"step {t} env {i}: {different} pixels differ"
        obs, _, _, _, info = env.step(rng.integers(0, env.single_action_space.n, size=2))


def test_render_size_is_fixed():
    with pytest.raises(ValueError, match="400x600"):
        rlpool.make("CartPole-v1", render_mode="rgb_array", render_width=300)
    with pytest.raises(ValueError, match="500x500"):
        rlpool.make("Acrobot-v1", render_mode="rgb_array", render_height=300)
