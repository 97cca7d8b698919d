"""Box2D throughput: rlpool vs envpool vs gymnasium's AsyncVectorEnv, side by side.

Each runner steps `num_envs` envs in sync mode with random actions (drawn up
front, so action sampling is not timed) for about `--seconds` and reports env
steps per second. Example:

    python benchmarks/bench_box2d.py --tasks LunarLander-v3 BipedalWalker-v3 \
        --num-envs 8 32 --threads 2 --seconds 3 --repeats 3 --out benchmarks/results/box2d.md
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import gymnasium as gym
import numpy as np


def random_actions(space, num_envs, count=64, seed=0):
    rng = np.random.default_rng(seed)
    if isinstance(space, gym.spaces.Discrete):
        return [rng.integers(0, space.n, num_envs).astype(np.int32) for _ in range(count)]
    low, high = space.low, space.high
    return [rng.uniform(low, high, (num_envs,) + space.shape).astype(np.float32) for _ in range(count)]


def timed(step, actions, seconds):
    for a in actions[:8]:  # warm-up
        step(a)
    steps, start = 0, time.perf_counter()
    while True:
        for a in actions:
            step(a)
        steps += len(actions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def run_rlpool(task, n, threads, seconds):
    import rlpool

    env = rlpool.make(task, env_type="gymnasium", num_envs=n, num_threads=threads, seed=0)
    env.reset()
    actions = random_actions(env.single_action_space, n)
    rate = timed(env.step, actions, seconds) * n
    env.close()
    return rate


def run_envpool(task, n, threads, seconds):
    import envpool

    env = envpool.make(task, env_type="gymnasium", num_envs=n, num_threads=threads, seed=0)
    env.reset()
    actions = random_actions(env.action_space, n)
    rate = timed(env.step, actions, seconds) * n
    env.close()
    return rate


def run_gym_async(task, n, threads, seconds):
    # One process per env: gymnasium has no thread count; `threads` is unused.
    env = gym.vector.AsyncVectorEnv([lambda: gym.make(task) for _ in range(n)])
    env.reset(seed=0)
    actions = random_actions(env.single_action_space, n)
    rate = timed(env.step, actions, seconds) * n
    env.close()
    return rate


RUNNERS = {"rlpool": run_rlpool, "envpool": run_envpool, "gymnasium-async": run_gym_async}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tasks", nargs="+", default=["LunarLander-v3", "BipedalWalker-v3", "CarRacing-v3"])
    p.add_argument("--num-envs", nargs="+", type=int, default=[8, 32])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument(
        "--repeats", type=int, default=3, help="rounds, runners interleaved; the best round counts (load spikes only slow down)"
    )
    p.add_argument("--runners", nargs="+", default=list(RUNNERS), choices=list(RUNNERS))
    p.add_argument("--out", help="write a markdown table here")
    args = p.parse_args()

    rows = []
    for task in args.tasks:
        for n in args.num_envs:
            rates = {name: float("nan") for name in args.runners}
            for _ in range(args.repeats):
                for name in args.runners:
                    try:
                        rate = RUNNERS[name](task, n, args.threads, args.seconds)
                    except Exception as e:  # a peer lacking the task is reported, not fatal
                        print(f"{name} {task}: {type(e).__name__}: {e}", file=sys.stderr)
                        continue
                    rates[name] = rate if np.isnan(rates[name]) else max(rates[name], rate)
                    print(f"{task} num_envs={n} {name}: {rate:,.0f} steps/s", flush=True)
            rows.append((task, n, rates))

    header = "| task | num_envs | " + " | ".join(f"{r} steps/s" for r in args.runners)
    header += " | rlpool / envpool | rlpool / gymnasium-async |"
    lines = [header, "|" + "---|" * (header.count("|") - 1)]
    for task, n, rates in rows:
        cells = [f"{rates[r]:,.0f}" for r in args.runners]
        ratio = lambda peer: f"{rates['rlpool'] / rates[peer]:.2f}x" if peer in rates and "rlpool" in rates else "-"
        lines.append(f"| {task} | {n} | " + " | ".join(cells) + f" | {ratio('envpool')} | {ratio('gymnasium-async')} |")
    table = "\n".join(lines)
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            f.write("# Box2D throughput\n\n")
            f.write(f"Command: `python {' '.join(sys.argv)}`\n\n")
            f.write(f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, ")
            f.write(f"{args.threads} threads for rlpool and envpool; gymnasium's AsyncVectorEnv uses one process per env. ")
            f.write(f"Best of {args.repeats} interleaved rounds of {args.seconds:g} s each.\n\n")
            f.write(table + "\n")


if __name__ == "__main__":
    main()
