"""render_mode="rgb_array" on MuJoCo tasks: MuJoCo's offscreen renderer on a
headless EGL context, against gymnasium's MujocoRenderer (MUJOCO_GL=egl) of
the same state: same libmujoco, same camera set-up (a free camera aimed at
the first rendered frame, then the task's DEFAULT_CAMERA_CONFIG), 480 x 480.
Tolerance: every channel of every pixel within 2 of gymnasium's (measured: 0).
Needs EGL (Mesa or NVIDIA); without it rlpool's render raises the error the
last test checks for, and the comparisons skip saying so."""

import os

os.environ.setdefault("MUJOCO_GL", "egl")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
import rlpool  # noqa: E402

from .reference import make_reference, sync  # noqa: E402

TOLERANCE = 2


def _make(task_id, **kwargs):
    env = rlpool.make(task_id, num_envs=2, seed=3, debug_state=True, render_mode="rgb_array", **kwargs)
    env.reset()
    try:
        env.render()
    except RuntimeError as e:
        if "needs EGL" in str(e):
            pytest.skip(str(e))
        raise
    return env


@pytest.mark.parametrize("task_id", ["Hopper-v4", "Ant-v5", "InvertedPendulum-v4", "InvertedDoublePendulum-v5",
                                     "Swimmer-v4", "Walker2d-v5"])
def test_frames_match_gymnasium(task_id):
    env = rlpool.make(task_id, num_envs=2, seed=3, debug_state=True, render_mode="rgb_array")
    ref = make_reference(task_id, render_mode="rgb_array")
    obs, info = env.reset()
    sync(ref, info, row=1)
    rng = np.random.default_rng(0)
    low, high = env.action_space.low, env.action_space.high
    for t in range(4):
        try:
            frame = env.render(env_ids=[1])[0]
        except RuntimeError as e:
            if "needs EGL" in str(e):
                pytest.skip(str(e))
            raise
        if t:  # gymnasium draws with whatever GL context is current: make its own current
            ref.unwrapped.mujoco_renderer.viewer.make_context_current()
        expected = ref.render()
        assert frame.shape == expected.shape == (480, 480, 3)
        diff = np.abs(frame.astype(int) - expected.astype(int)).max()
        assert diff <= TOLERANCE, f"{task_id} step {t}: max channel difference {diff}"
        assert frame.std() > 0  # a picture, not a blank
        actions = rng.uniform(low, high, size=(2, *low.shape)).astype(np.float32)
        obs, _, term, trunc, info = env.step(actions)
        ref.step(actions[1])
        if term[1] or trunc[1]:
            break


def test_size_and_camera_options():
    env = _make("Hopper-v4", render_width=64, render_height=48)
    assert env.render(env_ids=[0, 1]).shape == (2, 48, 64, 3)
    with pytest.raises(ValueError, match="camera_id"):
        env.render(camera_id=99)
    big = rlpool.make("Hopper-v4", render_mode="rgb_array", render_width=5000)
    big.reset()
    with pytest.raises(ValueError, match="offscreen buffer"):
        big.render()
