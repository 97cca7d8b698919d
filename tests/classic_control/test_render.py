"""render_mode="rgb_array" for the classic-control envs: rlpool draws
gymnasium's pictures in C++ on the shared rasteriser. Reference: gymnasium's
render() (pygame-ce) of the same float64 state (debug_state gives it).

Tolerance: at most ALLOWED pixels of a frame may differ (measured: none in
every frame, over 80 random-policy frames per env, 2 envs x 40 steps; the
slack is for the last bit of a few anti-aliased pixels). Pendulum's torque
arrow, a PNG that gymnasium ships and blits, is not drawn: the reference
frame is rendered with last_u = None, which is how gymnasium draws it before
the first step; every other pixel is compared."""

import gymnasium
import numpy as np
import pytest

import rlpool

ALLOWED = 10
SHAPES = {"CartPole-v1": (400, 600, 3), "Acrobot-v1": (500, 500, 3), "MountainCar-v0": (400, 600, 3),
          "MountainCarContinuous-v0": (400, 600, 3), "Pendulum-v1": (500, 500, 3)}


def random_actions(space, rng, n):
    if isinstance(space, gymnasium.spaces.Discrete):
        return rng.integers(0, space.n, size=n)
    return rng.uniform(space.low, space.high, size=(n, *space.shape)).astype(np.float32)


@pytest.mark.parametrize("task_id", sorted(SHAPES))
def test_frames_match_gymnasium(task_id):
    env = rlpool.make(task_id, num_envs=2, seed=5, debug_state=True, render_mode="rgb_array")
    ref = gymnasium.make(task_id, render_mode="rgb_array")
    ref.reset(seed=0)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    worst = 0
    for t in range(40):
        frames = env.render(env_ids=[0, 1])
        assert frames.shape == (2, *SHAPES[task_id]) and frames.dtype == np.uint8
        for i in range(2):
            ref.unwrapped.state = np.array(info["state"][i], dtype=np.float64)
            if task_id == "Pendulum-v1":
                ref.unwrapped.last_u = None
            expected = ref.render()
            different = int(np.any(frames[i] != expected, axis=-1).sum())
            worst = max(worst, different)
            assert different <= ALLOWED, f"step {t} env {i}: {different} pixels differ"
        obs, _, _, _, info = env.step(random_actions(env.single_action_space, rng, 2))
    print(f"{task_id}: at most {worst} pixels differ")


def test_frames_follow_the_state():
    # Guards the comparison against a picture that ignores the state.
    for task_id in ("MountainCar-v0", "Pendulum-v1"):
        env = rlpool.make(task_id, num_envs=2, env_seed=[0, 1], render_mode="rgb_array")
        env.reset()
        frames = env.render(env_ids=[0, 1])
        assert np.any(frames[0] != frames[1]), task_id


def test_render_size_is_fixed():
    with pytest.raises(ValueError, match="400x600"):
        rlpool.make("CartPole-v1", render_mode="rgb_array", render_width=300)
    with pytest.raises(ValueError, match="500x500"):
        rlpool.make("Acrobot-v1", render_mode="rgb_array", render_height=300)
    with pytest.raises(ValueError, match="400x600"):
        rlpool.make("MountainCar-v0", render_mode="rgb_array", render_width=300)
    with pytest.raises(ValueError, match="500x500"):
        rlpool.make("Pendulum-v1", render_mode="rgb_array", render_height=300)
