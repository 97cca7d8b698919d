"""MPE rendering: frames/s of rlpool's render() against mpe2's own render()
(rgb_array, 700x700, the same episode from the same seed and actions), and
the env steps/s of a pool made without render_mode (what rendering must not
slow down).

    flock /tmp/rlpool-bench.lock python benchmarks/mpe_render.py --markdown benchmarks/results/mpe_render.md

Each figure is the median of 5 rounds; the load average is recorded with it.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import time

import numpy as np

import rlpool

TASKS = ("simple_spread_v3", "simple_world_comm_v3")


def frames_per_s(render, step, rounds: int = 5, frames: int = 40) -> float:
    rates = []
    for _ in range(rounds):
        spent = 0.0
        for _ in range(frames):
            step()
            t0 = time.perf_counter()
            render()
            spent += time.perf_counter() - t0
        rates.append(frames / spent)
    return float(np.median(rates))


def render_rates(task: str) -> tuple[float, float]:
    rng = np.random.default_rng(0)
    ref = importlib.import_module(f"mpe2.{task}").parallel_env(render_mode="rgb_array", max_cycles=10**6)
    ref.reset(seed=0)
    env = rlpool.make_pettingzoo(task, render_mode="rgb_array", max_cycles=10**6)
    env.reset(seed=0)

    def actions():
        return {a: int(rng.integers(ref.action_space(a).n)) for a in ref.possible_agents}

    ours = frames_per_s(env.render, lambda: env.step(actions()))
    theirs = frames_per_s(ref.render, lambda: ref.step(actions()))
    env.close()
    ref.close()
    return ours, theirs


def step_rate(task: str, num_envs: int = 64, rounds: int = 5, seconds: float = 0.5) -> float:
    env = rlpool.make(task, num_envs=num_envs, seed=0)
    players = len(env.reset()[0]) // num_envs  # the gymnasium face's flat player rows
    actions = np.zeros(num_envs * players, np.int64)
    rates = []
    for _ in range(rounds):
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            env.step(actions)
            n += num_envs
        rates.append(n / (time.perf_counter() - t0))
    env.close()
    return float(np.median(rates))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", help="write the table here too")
    parser.add_argument("--steps-only", action="store_true", help="only the env steps/s (to compare builds)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    now = datetime.datetime.now(datetime.timezone.utc)
    lines = [f"{now:%Y-%m-%d %H:%M} UTC, load average {load:.2f} at the start", ""]
    if not args.steps_only:
        lines += ["| task | rlpool render() frames/s | mpe2 render() frames/s | ratio |", "|---|---:|---:|---:|"]
        for task in TASKS:
            ours, theirs = render_rates(task)
            lines.append(f"| {task} | {ours:,.0f} | {theirs:,.0f} | {ours / theirs:.1f}x |")
        lines.append("")
    lines += ["| task | env steps/s, 64 envs sync, no render_mode |", "|---|---:|"]
    for task in TASKS:
        lines.append(f"| {task} | {step_rate(task):,.0f} |")
    lines.append(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "a") as f:
            f.write(text + "\n\n")


if __name__ == "__main__":
    main()
