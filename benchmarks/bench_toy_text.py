"""Toy-text throughput: rlpool vs envpool 1.2.5 vs gymnasium's SyncVectorEnv,
side by side in one run, sync mode (batch_size == num_envs), random actions.

Toy-text envs cost nanoseconds per step, so this measures per-call engine
overhead (action copy, dispatch to workers, output arrays) more than the envs.
gymnasium's AsyncVectorEnv is left out: one process per env makes it slower
than SyncVectorEnv for envs this cheap.

    python benchmarks/bench_toy_text.py [--seconds 2] [--envs 8 32] [--threads 2] [--out benchmarks/results/toy_text.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

import rlpool

# (task id, gymnasium id)
TASKS = [
    ("FrozenLake-v1", "FrozenLake-v1"),
    ("Taxi-v3", "Taxi-v4"),
    ("CliffWalking-v0", "CliffWalking-v1"),
    ("Blackjack-v1", "Blackjack-v1"),
    ("Catch-v0", None),
]


def timed(step_fn, seconds: float, warmup: float = 0.3) -> float:
    """Calls step_fn (returning env steps done) for `seconds`; returns steps/s."""
    t_end = time.perf_counter() + warmup
    while time.perf_counter() < t_end:
        step_fn()
    steps, start = 0, time.perf_counter()
    while True:
        steps += step_fn()
        now = time.perf_counter()
        if now - start >= seconds:
            return steps / (now - start)


def actions(n_actions: int, num_envs: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.integers(0, n_actions, num_envs).astype(np.int32) for _ in range(64)]


def bench_pool(module, task: str, num_envs: int, threads: int, seconds: float) -> float:
    env = module.make_gymnasium(task, num_envs=num_envs, num_threads=threads, seed=0)
    acts = actions(env.action_space.n if hasattr(env.action_space, "n") else env.single_action_space.n, num_envs)
    env.reset()
    i = [0]

    def step():
        i[0] += 1
        env.step(acts[i[0] & 63])
        return num_envs

    rate = timed(step, seconds)
    env.close()
    return rate


def bench_gymnasium(gym_id: str, num_envs: int, seconds: float) -> float:
    import gymnasium

    env = gymnasium.make_vec(gym_id, num_envs=num_envs, vectorization_mode="sync")
    acts = actions(env.single_action_space.n, num_envs)
    env.reset(seed=0)
    i = [0]

    def step():
        i[0] += 1
        env.step(acts[i[0] & 63])
        return num_envs

    rate = timed(step, seconds)
    env.close()
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--envs", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", default="")
    args = parser.parse_args()

    import envpool

    rows = []
    for task, gym_id in TASKS:
        for n in args.envs:
            ours = bench_pool(rlpool, task, n, args.threads, args.seconds)
            theirs = bench_pool(envpool, task, n, args.threads, args.seconds)
            gym = bench_gymnasium(gym_id, n, args.seconds) if gym_id else float("nan")
            rows.append((task, n, ours, theirs, gym))
            print(f"{task:18s} envs={n:3d}  rlpool {ours:12,.0f}  envpool {theirs:12,.0f}  "
                  f"gymnasium {gym:12,.0f}  rlpool/envpool {ours / theirs:5.2f}", flush=True)

    lines = [
        "# Toy text throughput",
        "",
        "Command: `python benchmarks/bench_toy_text.py " + " ".join(
            [f"--seconds {args.seconds:g}", "--envs " + " ".join(map(str, args.envs)), f"--threads {args.threads}"]
            + ([f"--out {args.out}"] if args.out else [])) + "`",
        "",
        "Env steps per second, random actions, sync mode (batch_size = num_envs). Toy-text envs cost",
        "nanoseconds per step, so these numbers measure each library's per-call overhead. The machine is",
        "shared with other jobs, so cells vary a lot between runs (up to 2x); the ratios are measured side by",
        "side within each cell and are the numbers to read.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
        f"Python {platform.python_version()}; num_threads={args.threads}, sync, {args.seconds:g} s per cell.",
        "",
        "| task | num_envs | rlpool steps/s | envpool 1.2.5 steps/s | gymnasium SyncVectorEnv steps/s "
        "| rlpool / envpool | rlpool / gymnasium |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for task, n, ours, theirs, gym in rows:
        vs_gym = f"{ours / gym:.1f}" if gym == gym else "n/a"
        gym_s = f"{gym:,.0f}" if gym == gym else "n/a (not in gymnasium)"
        lines.append(f"| {task} | {n} | {ours:,.0f} | {theirs:,.0f} | {gym_s} | {ours / theirs:.2f} | {vs_gym} |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
