"""The MuJoCo envs inside the pool: seeding, threads, action dtypes."""

import numpy as np
import pytest
import rlpool


def rollout(task_id, steps=60, **kwargs):
    env = rlpool.make(task_id, **kwargs)
    n = env.config["num_envs"]
    rng = np.random.default_rng(0)
    obs, _ = env.reset()
    out = [obs.copy()]
    for _ in range(steps):
        a = rng.uniform(env.action_space.low, env.action_space.high, (n,) + env.action_space.shape)
        obs, rew, term, trunc, _ = env.step(a.astype(np.float32))
        out += [obs.copy(), rew.copy(), term.copy()]
    env.close()
    return out


def equal(a, b):
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def test_same_seed_same_run_different_seed_different_run():
    a = rollout("Hopper-v5", num_envs=3, seed=5)
    b = rollout("Hopper-v5", num_envs=3, seed=5)
    c = rollout("Hopper-v5", num_envs=3, seed=6)
    assert equal(a, b)
    assert not np.array_equal(a[0], c[0])


def test_env_i_is_seeded_with_seed_plus_i():
    a = rollout("Ant-v5", steps=0, num_envs=2, seed=5)[0]
    b = rollout("Ant-v5", steps=0, num_envs=1, seed=6)[0]
    assert np.array_equal(a[1], b[0]) and not np.array_equal(a[0], a[1])


@pytest.mark.parametrize("task_id", ["HalfCheetah-v5", "Humanoid-v4"])
def test_thread_count_does_not_change_results(task_id):
    one = rollout(task_id, num_envs=6, num_threads=1)
    two = rollout(task_id, num_envs=6, num_threads=2)
    assert equal(one, two)


def test_envs_the_caller_steps_from_its_share_are_stepped_once(monkeypatch):
    """By default (fewer workers than cores) the caller claims its step's
    envs from the back while the worker pops them from the front; the worker
    later pops the caller's envs too and must skip them, even after the next
    step has re-sent them. With the caller asleep, the worker alone steps
    every env in queue order. An env stepped twice, or a row written by a
    skipped task, would make the two runs differ."""
    shared = rollout("HalfCheetah-v5", steps=300, num_envs=8)
    monkeypatch.setenv("RLPOOL_CALLER_HELPS", "0")
    workers_only = rollout("HalfCheetah-v5", steps=300, num_envs=8)
    assert equal(shared, workers_only)


def test_float64_actions_are_accepted_as_float32():
    env32 = rlpool.make("Walker2d-v5", num_envs=2)
    env64 = rlpool.make("Walker2d-v5", num_envs=2)
    env32.reset(), env64.reset()
    a = np.random.default_rng(1).uniform(-1, 1, (2, 6))
    o32 = env32.step(a.astype(np.float32))[0]
    o64 = env64.step(a)[0]
    assert np.array_equal(o32, o64)


def test_reset_noise_stays_within_scale():
    env = rlpool.make("Swimmer-v5", num_envs=4, debug_state=True, reset_noise_scale=0.05)
    _, info = env.reset()
    assert np.all(np.abs(info["qpos0"]) <= 0.05) and np.all(np.abs(info["qvel0"]) <= 0.05)
    assert not np.array_equal(info["qpos0"][0], info["qpos0"][1])


def test_async_pool_runs_every_task_family():
    env = rlpool.make("Ant-v4", num_envs=6, batch_size=3, num_threads=2)
    env.async_reset()
    seen = set()
    for _ in range(40):
        obs, rew, term, trunc, info = env.recv()
        assert obs.shape == (3, 27) and np.isfinite(obs).all()
        seen.update(info["env_id"].tolist())
        env.send(np.zeros((3, 8), np.float32), info["env_id"])
    assert seen == set(range(6))


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_every_face_steps_a_mujoco_task(env_type):
    env = rlpool.make("Reacher-v5", env_type=env_type, num_envs=2, max_episode_steps=3)
    env.reset()
    a = np.zeros((2, 2), np.float32)
    for _ in range(3):
        out = env.step(a)
    if env_type == "dm":
        assert out.step_type.tolist() == [2, 2]  # LAST at the time limit
        assert out.observation.obs.shape == (2, 10) and out.observation.obs.dtype == np.float64
    else:
        obs = out[0]
        assert obs.shape == (2, 10) and obs.dtype == np.float64
        assert out[-1]["elapsed_step"].tolist() == [3, 3]


def test_a_mujoco_runtime_error_raises_and_the_pool_goes_on(tmp_path):
    """An arena too small for the first contact makes mj_step call
    mju_error on a worker. MuJoCo's default handler would exit the process
    (so this runs in its own interpreter); rlpool's raises instead, and the
    failed env is reset on its next step."""
    import os
    import subprocess
    import sys

    import gymnasium

    assets = os.path.join(os.path.dirname(gymnasium.__file__), "envs", "mujoco", "assets")
    xml = open(os.path.join(assets, "hopper.xml")).read()
    assert '<mujoco model="hopper">' in xml
    small = tmp_path / "hopper_small_arena.xml"
    small.write_text(xml.replace('<mujoco model="hopper">', '<mujoco model="hopper"><size memory="3K"/>'))
    code = f"""
import numpy as np, rlpool
env = rlpool.make("Hopper-v5", num_envs=1, xml_file={str(small)!r})
env.reset()
try:
    for _ in range(1000):
        env.step(np.ones((1, 3), np.float32))
    print("NO ERROR")
except RuntimeError as e:
    print("RAISED", e)
obs, rew, term, trunc, info = env.step(np.zeros((1, 3), np.float32))
print("AFTER", info["elapsed_step"].tolist(), bool(np.isfinite(obs).all()))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert "RAISED env " in proc.stdout and "MuJoCo error: mj_stackAlloc" in proc.stdout, proc.stdout
    assert "AFTER [0] True" in proc.stdout, proc.stdout
