"""Measures how the engine's waiting choices use the cores (issue 10).

For each workload and choice it makes fresh pools one after another, steps
each for a while with pre-drawn actions and records, per pool: env steps per
second (wall), cores busy (process CPU time / wall time) and CPU microseconds
per env step. "Stuck" counts pools that kept fewer than 1.5 cores busy.
The per-core ceiling is the same env stepped in a bare C++ loop (MuJoCo,
Atari), timed by its CPU time so that other load does not inflate it.

    python tools/wait_choices.py [--pools 12] [--seconds 1.5] [--only Ant]

Choices are set through the engine's benchmark-only environment variables
(core/wait_tuning.h) and num_threads. On a loaded machine the rates mean
little; CPU per step and cores busy are the figures to compare, and a quiet
re-run is needed for the rates.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import rlpool

CHOICES = {
    # name: (num_threads, environment)
    "default": (0, {}),
    "threads=1 (caller+1 worker)": (1, {}),
    "threads=cores": (os.cpu_count(), {}),
    "threads=cores, caller helps": (os.cpu_count(), {"RLPOOL_CALLER_HELPS": "1"}),
    "threads=cores, workers spin 50us": (os.cpu_count(), {"RLPOOL_WORKER_SPIN_US": "50"}),
    "threads=cores, caller spins 50us": (os.cpu_count(), {"RLPOOL_CALLER_SPIN_US": "50"}),
    "threads=1, workers spin 50us": (1, {"RLPOOL_WORKER_SPIN_US": "50"}),
}

WORKLOADS = {
    # name: (task, options, num_envs, batch_size)
    "CartPole 1 env": ("CartPole-v1", {}, 1, 1),
    "Ant sync 8": ("Ant-v5", {}, 8, 8),
    "Ant async 32/8": ("Ant-v5", {}, 32, 8),
    "HalfCheetah sync 8": ("HalfCheetah-v5", {}, 8, 8),
    "Hopper sync 32": ("Hopper-v5", {}, 32, 32),
    "Pong raw sync 8": ("Pong-v5", {"img_height": 210, "img_width": 160, "stack_num": 1}, 8, 8),
    "Pong sync 8": ("Pong-v5", {}, 8, 8),
}


def bare_cpu_per_step(task: str, options: dict) -> float | None:
    """CPU seconds per step of one env in a bare C++ loop, if the family has one."""
    spec = rlpool.make_spec(task, **options)
    config = spec._native_config()
    steps = 300
    t0 = time.process_time()
    if spec.family == "mujoco":
        from rlpool import _mujoco
        getattr(_mujoco, "bare_steps_" + spec._task.env)(config, steps)
    elif spec.family == "atari":
        from rlpool import _atari
        _atari.bare_env_seconds(config, steps)
    else:
        return None
    return (time.process_time() - t0) / steps


def run_pool(task, options, num_envs, batch, num_threads, seconds):
    env = rlpool.make(task, num_envs=num_envs, batch_size=batch, num_threads=num_threads, **options)
    rng = np.random.default_rng(0)
    space = env.single_action_space if hasattr(env, "single_action_space") else env.action_space
    acts = [np.stack([space.sample() for _ in range(batch)]) for _ in range(16)]
    if batch < num_envs:
        env.async_reset()
        step = lambda i: env.send(acts[i % 16], env.recv()[4]["env_id"])
    else:
        env.reset()
        step = lambda i: env.step(acts[i % 16])
    for i in range(5):
        step(i)
    n, w0, c0 = 0, time.perf_counter(), time.process_time()
    while True:
        step(n)
        n += 1
        if n % 8 == 0 and time.perf_counter() - w0 > seconds:
            break
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    env.close()
    env_steps = n * batch
    return env_steps / wall, cpu / wall, 1e6 * cpu / env_steps


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pools", type=int, default=12)
    p.add_argument("--seconds", type=float, default=1.5)
    p.add_argument("--only", default="")
    p.add_argument("--choices", default="")
    a = p.parse_args()
    print(f"load: {os.getloadavg()}  cores: {os.cpu_count()}")
    for wname, (task, options, num_envs, batch) in WORKLOADS.items():
        if a.only and a.only not in wname:
            continue
        try:
            bare = bare_cpu_per_step(task, options)
        except Exception as e:  # family not built
            print(f"{wname}: skipped ({e})")
            continue
        ceiling = os.cpu_count() / bare if bare else None
        head = f"\n{wname}" + (f": bare {1e6 * bare:.1f} us CPU/step, ceiling {ceiling:,.0f}/s" if bare else "")
        print(head)
        for cname, (threads, environ) in CHOICES.items():
            if a.choices and not any(c in cname for c in a.choices.split(",")):
                continue
            saved = {k: os.environ.get(k) for k in environ}
            os.environ.update(environ)
            try:
                rows = [run_pool(task, options, num_envs, batch, threads, a.seconds) for _ in range(a.pools)]
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v
            rate = statistics.median(r[0] for r in rows)
            busy = [r[1] for r in rows]
            cpu = statistics.median(r[2] for r in rows)
            stuck = sum(b < 1.5 for b in busy)
            frac = f"  {rate / ceiling:.2f} of ceiling" if ceiling else ""
            print(f"  {cname:34s} {rate:>10,.0f}/s  cores {statistics.median(busy):.2f} "
                  f"(min {min(busy):.2f}, <1.5: {stuck}/{len(rows)})  {cpu:7.2f} us CPU/step{frac}")


if __name__ == "__main__":
    main()
