"""render_mode="rgb_array" and pixel observations (from_pixels, frame_stack)
on the Control Suite, against dm_control 1.0.50's own frames of the same
seeded episode with the same actions: `physics.render(height, width,
camera_id)` for render(), the `suite.wrappers.pixels` wrapper (pixels_only)
for the observation, which rlpool gives channel-first as envpool does.

Both sides draw with MuJoCo 4.0.0's renderer on headless EGL (Mesa's
llvmpipe here). Tolerance: equal, every channel of every pixel (the same
library, scene and GL driver draw the same frame). dm_control's frames come
from a subprocess (render_reference.py) that fixes its GL backend to EGL.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
import rlpool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _domain_task(task_id: str) -> tuple[str, str]:
    from rlpool.tasks.dm_control import DOMAINS, task_id as id_of

    for domain, _, tasks in DOMAINS:
        for task in tasks:
            if id_of(domain, task) == task_id:
                return domain, task
    raise KeyError(task_id)


def _actions(env, steps: int, seed: int) -> np.ndarray:
    low, high = env.single_action_space.low, env.single_action_space.high
    return np.random.default_rng(seed).uniform(np.maximum(low, -1), np.minimum(high, 1), size=(steps, *low.shape))


def _reference(cases: list[dict], actions: list[np.ndarray], tmp_path) -> list[np.ndarray]:
    """dm_control's frames of each case (see render_reference.py)."""
    cases_path, out_path = tmp_path / "cases.npz", tmp_path / "frames.npz"
    np.savez(cases_path, cases=json.dumps(cases), **{f"actions_{i}": a for i, a in enumerate(actions)})
    env = {**os.environ, "MUJOCO_GL": "egl"}
    run = subprocess.run([sys.executable, "-m", "tests.dm_control.render_reference", str(cases_path), str(out_path)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    frames = np.load(out_path)
    return [frames[f"frames_{i}"] for i in range(len(cases))]


def _rendering_or_skip(env) -> None:
    try:
        env.render()
    except RuntimeError as e:
        if "needs EGL" in str(e) or "OSMesa" in str(e):
            pytest.skip(str(e))
        raise


# (task id, height, width, camera): cheetah's camera 0 ("side") tracks the
# torso's centre of mass; walker at envpool's default 480 x 480 from the free
# camera; cartpole's three poles, swimmer15 and manipulator are models
# dm_control generates (the first two with cameras it moves); fish has file
# textures; quadruped-escape redraws its terrain every episode.
RENDER_CASES = [("CheetahRun-v1", 120, 160, 0), ("WalkerWalk-v1", 0, 0, -1), ("CartpoleThreePoles-v1", 96, 96, 0),
                ("SwimmerSwimmer15-v1", 48, 64, 0), ("ManipulatorBringBall-v1", 64, 64, -1), ("FishSwim-v1", 64, 96, 1),
                ("QuadrupedEscape-v1", 96, 128, -1)]
STEPS = 2


@pytest.mark.slow  # 11-20 s on 2 busy cores: seven tasks, llvmpipe on both sides
def test_render_matches_physics_render(tmp_path):
    envs, cases, actions = [], [], []
    for i, (task_id, h, w, camera) in enumerate(RENDER_CASES):
        env = rlpool.make_gymnasium(task_id, num_envs=1, seed=10 + i, render_mode="rgb_array", render_width=w,
                                    render_height=h, render_camera_id=camera)
        domain, task = _domain_task(task_id)
        envs.append(env)
        cases.append({"domain": domain, "task": task, "seed": 10 + i, "height": h or 480, "width": w or 480,
                      "camera_id": camera, "wrapper": False})
        actions.append(_actions(env, STEPS, i))
    _rendering_or_skip(envs[0])
    expected = _reference(cases, actions, tmp_path)
    for env, case, acts, want in zip(envs, cases, actions, expected):
        env.reset()
        frames = [env.render()[0]]
        for a in acts:
            env.step(a[None])
            frames.append(env.render()[0])
        env.close()
        got = np.stack(frames)
        assert got.shape == want.shape == (STEPS + 1, case["height"], case["width"], 3)
        assert got.std() > 0  # a picture, not a blank
        diff = np.abs(got.astype(int) - want.astype(int))
        assert diff.max() == 0, f"{case['domain']}-{case['task']}: {np.count_nonzero(diff)} channels differ, max {diff.max()}"


def test_pixel_observations_match_the_pixels_wrapper(tmp_path):
    """from_pixels: each observation is the wrapper's frame as C x H x W;
    with frame_stack=3 the last 3 frames (the first one repeated after a
    reset), oldest first, along the channels."""
    specs = [("CheetahRun-v1", 84, 84, 0, 1, 4), ("ReacherEasy-v1", 48, 64, -1, 3, 4)]
    envs, cases, actions = [], [], []
    for i, (task_id, h, w, camera, k, steps) in enumerate(specs):
        env = rlpool.make_gymnasium(task_id, num_envs=1, seed=20 + i, from_pixels=True, frame_stack=k, render_width=w,
                                    render_height=h, render_camera_id=camera)
        domain, task = _domain_task(task_id)
        envs.append(env)
        cases.append({"domain": domain, "task": task, "seed": 20 + i, "height": h, "width": w, "camera_id": camera,
                      "wrapper": True})
        actions.append(_actions(env, steps, i))
    runs = []
    for env, acts in zip(envs, actions):
        try:
            obs, _ = env.reset()
        except RuntimeError as e:
            if "needs EGL" in str(e):
                pytest.skip(str(e))
            raise
        observations = [obs[0]]
        for a in acts:
            obs, *_ = env.step(a[None])
            observations.append(obs[0])
        env.close()
        runs.append(observations)
    expected = _reference(cases, actions, tmp_path)
    for observations, (_, h, w, _, k, _), want in zip(runs, specs, expected):
        chw = want.transpose(0, 3, 1, 2)  # the wrapper's frames, channel-first
        for t, got in enumerate(observations):
            assert got.shape == (3 * k, h, w) and got.dtype == np.uint8
            history = [chw[max(t - j, 0)] for j in reversed(range(k))]
            np.testing.assert_array_equal(got, np.concatenate(history), err_msg=f"step {t}")


def test_pixel_observation_spec_on_every_face():
    kwargs = dict(from_pixels=True, frame_stack=3, render_width=64, render_height=48)
    shape = (9, 48, 64)
    spec = rlpool.make_spec("WalkerWalk-v1", **kwargs)
    assert spec.observation_space.shape == shape and spec.observation_space.dtype == np.uint8
    assert spec.observation_space.low.min() == 0 and spec.observation_space.high.max() == 255
    assert spec.config.render_width == 64 and spec.config.frame_stack == 3

    gym = rlpool.make_gymnasium("WalkerWalk-v1", num_envs=2, **kwargs)
    assert gym.single_observation_space == spec.observation_space
    obs, info = gym.reset()
    assert obs.shape == (2, *shape) and obs.dtype == np.uint8 and "reward64" not in info
    gym.close()

    old_gym = rlpool.make_gym("WalkerWalk-v1", num_envs=2, **kwargs)
    assert old_gym.observation_space.shape == shape
    assert old_gym.reset().shape == (2, *shape)
    old_gym.close()

    dm = rlpool.make_dm("WalkerWalk-v1", num_envs=2, **kwargs)
    pixels = dm.observation_spec().pixels
    assert pixels.shape == shape and pixels.dtype == np.uint8 and pixels.minimum == 0 and pixels.maximum == 255
    step = dm.reset()
    assert step.observation.pixels.shape == (2, *shape)
    assert not hasattr(step.observation, "orientations")  # pixels only, as the wrapper's pixels_only
    dm.close()


def test_pixel_observation_through_xla():
    jax = pytest.importorskip("jax")
    env = rlpool.make_gymnasium("CartpoleBalance-v1", num_envs=2, from_pixels=True, frame_stack=2, render_width=32,
                                render_height=24)
    plain, _ = env.reset()
    handle, _, _, step = env.xla()
    handle, (obs, reward, term, trunc, info) = jax.jit(step)(handle, np.zeros((2, 1)))
    assert obs.shape == (2, 6, 24, 32) and obs.dtype == np.uint8
    # The stack shifted by one: the reset's frame is now the oldest.
    np.testing.assert_array_equal(np.asarray(obs)[:, :3], plain[:, 3:])
    env.close()


def test_state_frame_stack():
    """frame_stack without pixels: every field (k, *shape), the newest frame
    last and equal to an unstacked pool's observation of the same seed."""
    plain = rlpool.make_gymnasium("WalkerWalk-v1", num_envs=2, seed=5)
    stacked = rlpool.make_gymnasium("WalkerWalk-v1", num_envs=2, seed=5, frame_stack=3)
    space = stacked.single_observation_space
    assert space["orientations"].shape == (3, 14) and space["height"].shape == (3,)
    p, _ = plain.reset()
    s, _ = stacked.reset()
    history = [p]
    for key in p:
        for j in range(3):
            np.testing.assert_array_equal(s[key][:, j], p[key])
    for _ in range(4):
        a = np.random.default_rng(len(history)).uniform(-1, 1, size=(2, 6))
        p, *_ = plain.step(a)
        s, *_ = stacked.step(a)
        history.append(p)
        for key in p:
            for j in range(3):
                np.testing.assert_array_equal(s[key][:, j], history[max(len(history) - 3 + j, 0)][key])
    dm = rlpool.make_dm("WalkerWalk-v1", frame_stack=3)
    assert dm.observation_spec().velocity.shape == (3, 9)
    for env in (plain, stacked, dm):
        env.close()


@pytest.mark.parametrize("kwargs, message", [
    (dict(frame_stack=0), "frame_stack must be >= 1"),
    (dict(from_pixels=True, render_width=0), "from_pixels needs 0 < render_width"),
    (dict(from_pixels=True, render_height=-3), "from_pixels needs 0 < render_width"),
    (dict(from_pixels=True, render_width=5000), "offscreen buffer"),
    (dict(from_pixels=True, render_camera_id=2), r"render_camera_id must be -1 .* 0\.\.1, got 2"),
    (dict(from_pixels=True, render_camera_id=-2), "render_camera_id must be -1"),
])
def test_bad_pixel_options_say_what_is_right(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rlpool.make_spec("CheetahRun-v1", **kwargs)
    with pytest.raises(ValueError, match=message):
        rlpool.make_gymnasium("CheetahRun-v1", **kwargs)


def test_bad_render_arguments_say_what_is_right():
    env = rlpool.make_gymnasium("CheetahRun-v1", num_envs=1, render_mode="rgb_array", render_width=32,
                                render_height=32)
    _rendering_or_skip(env)
    with pytest.raises(ValueError, match=r"camera_id must be -1 \(free camera\) or a model camera 0\.\.1, got 7"):
        env.render(camera_id=7)
    env.close()
    with pytest.raises(ValueError, match="camera_id must be -1"):
        rlpool.make_gymnasium("CheetahRun-v1", render_mode="rgb_array", render_camera_id=3)
    with pytest.raises(ValueError, match="exceeds the model's offscreen buffer"):
        rlpool.make_gymnasium("CheetahRun-v1", render_mode="rgb_array", render_width=4000)
