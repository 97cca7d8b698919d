"""dm_control pixel observations: rlpool's from_pixels pools against
dm_control's own pixels wrapper stepped in one Python loop, 84 x 84 from
camera 0 (the DrQ/CURL set-up), CheetahRun-v1 and WalkerWalk-v1, and the
same pools without pixels for what the frame costs. Prints JSON; the recorded
run is benchmarks/results/dm_control_pixels.json (command, date, load there).

    MUJOCO_GL=egl flock /tmp/rlpool-bench.lock python benchmarks/dm_control_pixels.py

Frames are drawn by Mesa's llvmpipe (software GL) on both sides here, so the
figures are the CPU's; each rlpool worker thread renders on its own context.
"""
import json
import os
import time
import warnings

warnings.filterwarnings("ignore")
import numpy as np  # noqa: E402
import rlpool  # noqa: E402
from rlpool.bench.runners.dm_control_loop import _load_suite  # noqa: E402

SIZE = dict(height=84, width=84, camera_id=0)
TASKS = {"CheetahRun-v1": ("cheetah", "run"), "WalkerWalk-v1": ("walker", "walk")}


def pool_rate(task_id, num_envs, seconds, **kwargs):
    env = rlpool.make_gymnasium(task_id, num_envs=num_envs, seed=0, **kwargs)
    env.reset()
    a = np.random.default_rng(0).uniform(-1, 1, size=(num_envs, *env.single_action_space.shape))
    for _ in range(3):
        env.step(a)
    steps, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        env.step(a)
        steps += 1
    rate = num_envs * steps / (time.perf_counter() - t)
    env.close()
    return rate


def dm_control_rate(domain, task, seconds):
    from dm_control.suite.wrappers import pixels

    env = pixels.Wrapper(_load_suite().load(domain, task, task_kwargs={"random": 0}), pixels_only=True,
                         render_kwargs=SIZE)
    env.reset()
    a = np.random.default_rng(0).uniform(-1, 1, size=env.action_spec().shape)
    for _ in range(3):
        env.step(a)
    steps, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        if env.step(a).last():
            env.reset()
        steps += 1
    return steps / (time.perf_counter() - t)


out = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cores": os.cpu_count(),
       "load_before": os.getloadavg(), "rows": []}
pixels = dict(from_pixels=True, render_width=SIZE["width"], render_height=SIZE["height"],
              render_camera_id=SIZE["camera_id"])
for task_id, (domain, task) in TASKS.items():
    row = {"task": task_id, "dm_control pixels wrapper, 1 env": dm_control_rate(domain, task, 5)}
    for n in (1, 4, 8):
        row[f"rlpool from_pixels, {n} envs"] = pool_rate(task_id, n, 5, **pixels)
    row["rlpool state, 8 envs"] = pool_rate(task_id, 8, 3)
    out["rows"].append(row)
out["load_after"] = os.getloadavg()
print(json.dumps(out, indent=1))
