"""MuJoCo throughput, side by side in one run: rlpool, envpool, gymnasium's
SyncVectorEnv and AsyncVectorEnv, and the 1-core ceiling.

    python benchmarks/bench_mujoco.py [--seconds 1.0] [--out benchmarks/results/mujoco.md]

Each configuration steps for --seconds after a short warm-up, --repeats
times, rlpool and envpool alternating, and the best run counts (on a shared
machine the best run is the one least disturbed by other load); re-sending one
batch of random actions drawn from the action box (the EnvPool paper's
method); episodes autoreset. "steps/s" counts agent steps (env.step of one
env); physics steps/s = steps/s x frame_skip.
sync: batch_size = num_envs, step() per batch. async: batch_size =
num_envs / 2, recv() then send() for the returned env ids (gymnasium has no
such mode). rlpool and envpool run num_threads=2.
Ceiling: rlpool's env stepped in a plain C++ loop on one thread (same physics,
observation and reward, no pool), times 2 cores. "mj_step only" is the bare
physics of the same model with the same controls, per agent step.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import warnings

import numpy as np

warnings.filterwarnings("ignore")

TASKS = [("Ant-v5", "AntV5"), ("HalfCheetah-v5", "HalfCheetahV5"), ("Hopper-v5", "HopperV5")]
NUM_ENVS = (2, 8, 32)
THREADS = 2


def rate(step, per_call: int, seconds: float) -> float:
    for _ in range(3):
        step()
    calls, start = 0, time.perf_counter()
    while True:
        step()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls * per_call / elapsed


def actions(space, n: int, dtype) -> np.ndarray:
    rng = np.random.default_rng(0)
    return rng.uniform(space.low, space.high, (n,) + space.shape).astype(dtype)


def pool_sync(make, task, n, seconds, dtype):
    env = make(task, num_envs=n, num_threads=THREADS, seed=0)
    a = actions(env.action_space, n, dtype)
    env.reset()
    r = rate(lambda: env.step(a), n, seconds)
    env.close()
    return r


def pool_async(make, task, n, seconds, dtype):
    batch = max(1, n // 2)
    env = make(task, num_envs=n, batch_size=batch, num_threads=THREADS, seed=0)
    a = actions(env.action_space, batch, dtype)
    env.async_reset()

    def step():
        info = env.recv()[-1]
        env.send(a, info["env_id"])

    r = rate(step, batch, seconds)
    env.close()
    return r


def gym_vector(cls, task, n, seconds):
    import gymnasium

    env = cls([lambda: gymnasium.make(task) for _ in range(n)])
    a = actions(env.single_action_space, n, np.float32)
    env.reset(seed=0)
    r = rate(lambda: env.step(a), n, seconds)
    env.close()
    return r


def ceiling(task, cls_name, seconds):
    import rlpool
    from rlpool import _mujoco

    cfg = rlpool.make_spec(task)._native_config()
    bare = getattr(_mujoco, "bare_steps_" + cls_name)
    path = _mujoco.model_path(cfg["base_path"], cfg["xml_file"])
    fs = cfg["frame_skip"]
    n = 200
    while True:  # grow until one run takes about `seconds`
        t = bare(cfg, n)
        if t >= seconds / 4:
            break
        n *= 4
    n = max(1, int(n * seconds / t))
    env_rate = n / bare(cfg, n)
    physics_rate = n / _mujoco.bare_physics(path, n * fs)
    return env_rate, physics_rate, fs


def fmt(x):
    return "–" if x is None else f"{x:,.0f}"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.7)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--tasks", nargs="*", default=[t for t, _ in TASKS])
    p.add_argument("--num-envs", nargs="*", type=int, default=list(NUM_ENVS))
    p.add_argument("--no-gymnasium", action="store_true", help="skip gymnasium's vector envs")
    p.add_argument("--out", default=None, help="also write the markdown tables here")
    args = p.parse_args()

    import envpool
    import gymnasium
    import rlpool

    lines = [
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load average before the run {os.getloadavg()[0]:.1f}; rlpool/envpool num_threads={THREADS}; "
        f"envpool {envpool.__version__}, gymnasium {gymnasium.__version__}.",
        "",
    ]
    for task, cls_name in TASKS:
        if task not in args.tasks:
            continue
        runs = [ceiling(task, cls_name, args.seconds) for _ in range(args.repeats)]
        env_rate, fs = max(r[0] for r in runs), runs[0][2]
        physics_rate = max(r[1] for r in runs)
        ceil2 = 2 * env_rate
        lines += [
            f"### {task} (frame_skip {fs})",
            "",
            f"1-core ceiling: {env_rate:,.0f} steps/s ({env_rate * fs:,.0f} physics steps/s); "
            f"x 2 cores = **{ceil2:,.0f} steps/s**. mj_step only: {physics_rate:,.0f} steps/s on 1 core.",
            "",
            "| num_envs | mode | rlpool | envpool | gym Sync | gym Async | rlpool physics steps/s | rlpool / envpool | rlpool / 2-core ceiling |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for n in args.num_envs:
            for mode in ("sync", "async"):
                run = pool_sync if mode == "sync" else pool_async
                ours = theirs = 0.0
                for _ in range(args.repeats):
                    ours = max(ours, run(rlpool.make_gymnasium, task, n, args.seconds, np.float32))
                    theirs = max(theirs, run(envpool.make_gymnasium, task, n, args.seconds, np.float64))
                gs = ga = None
                if mode == "sync" and not args.no_gymnasium:
                    gs = gym_vector(gymnasium.vector.SyncVectorEnv, task, n, args.seconds)
                    ga = gym_vector(gymnasium.vector.AsyncVectorEnv, task, n, args.seconds)
                row = (f"| {n} | {mode} | {fmt(ours)} | {fmt(theirs)} | {fmt(gs)} | {fmt(ga)} | {fmt(ours * fs)} | "
                       f"{ours / theirs:.2f} | {ours / ceil2:.2f} |")
                print(row, flush=True)
                lines.append(row)
        lines.append("")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
