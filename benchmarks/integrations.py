"""Frameworks' own samplers on rlpool vs on their usual vector envs, side by side.

    # TorchRL: env.rollout() on rlpool.integrations.torchrl.RlpoolEnv vs ParallelEnv(GymEnv)
    python benchmarks/integrations.py torchrl --out benchmarks/results/integrations_torchrl.md
    # RLlib: one local SingleAgentEnvRunner's sample(), rlpool's vector entry point vs
    # gym_env_vectorize_mode SYNC and ASYNC on gymnasium's own env (run with a Python that has
    # ray[rllib], e.g. the venv tests/integrations/test_rllib.py makes)
    python benchmarks/integrations.py rllib --out benchmarks/results/integrations_rllib.md

Same task id, same number of envs and steps on each side; CartPole-v1 and the
heavier HalfCheetah-v5. Writes a markdown table with the command, the date and
the load average before and after, as every results file should. ``--tiny``
checks that everything runs, in seconds; its figures mean nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time

TASKS = ["CartPole-v1", "HalfCheetah-v5"]


def _rate(steps: int, fn) -> float:
    fn()  # warm-up: spawn workers, first resets
    start = time.perf_counter()
    fn()
    return steps / (time.perf_counter() - start)


def torchrl_rows(num_envs: int, steps: int):
    from torchrl.envs import GymEnv, ParallelEnv

    from rlpool.integrations.torchrl import RlpoolEnv

    for task in TASKS:
        pool = RlpoolEnv(task, num_envs=num_envs, seed=0)
        yield task, "rlpool RlpoolEnv", _rate(num_envs * steps, lambda: pool.rollout(steps, break_when_any_done=False))
        pool.close()
        parallel = ParallelEnv(num_envs, lambda task=task: GymEnv(task))
        yield task, "TorchRL ParallelEnv(GymEnv)", _rate(
            num_envs * steps, lambda: parallel.rollout(steps, break_when_any_done=False))
        parallel.close()


def rllib_rows(num_envs: int, steps: int):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    import rlpool  # noqa: F401  (registers rlpool/<id>)

    for task in TASKS:
        for label, env_id, mode in (
            ("rlpool vector_entry_point", f"rlpool/{task}", "vector_entry_point"),
            ("gymnasium SYNC", task, "sync"),
            ("gymnasium ASYNC", task, "async"),
        ):
            config = PPOConfig().environment(env_id).env_runners(
                num_env_runners=0, num_envs_per_env_runner=num_envs, gym_env_vectorize_mode=mode)
            runner = SingleAgentEnvRunner(config=config)
            yield task, f"EnvRunner.sample(), {label}", _rate(steps * num_envs, lambda: runner.sample(
                num_timesteps=steps * num_envs, random_actions=False))
            runner.stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("framework", choices=["torchrl", "rllib"])
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--steps", type=int, default=1000, help="steps per env per timed run")
    p.add_argument("--tiny", action="store_true", help="2 envs, 20 steps: checks it runs")
    p.add_argument("--out", help="markdown file to write (default: print only)")
    args = p.parse_args(argv)
    if args.tiny:
        args.num_envs, args.steps = 2, 20
    rows = torchrl_rows if args.framework == "torchrl" else rllib_rows
    load_before = os.getloadavg()
    results = list(rows(args.num_envs, args.steps))
    load_after = os.getloadavg()
    lines = [
        f"# {args.framework}: framework samplers on rlpool vs their own vector envs",
        "",
        f"Command: `python benchmarks/integrations.py {' '.join(argv if argv is not None else sys.argv[1:])}`  ",
        f"Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; host: {platform.node()}, "
        f"{os.cpu_count()} CPUs; load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after.  ",
        f"{args.num_envs} envs, {args.steps} steps per env per timed run (after one untimed run)."
        + (" **--tiny: a run check, not a measurement.**" if args.tiny else ""),
        "",
        "| task | sampler | env steps/s | vs rlpool |",
        "|---|---|---:|---:|",
    ]
    base = {}
    for task, label, rate in results:
        base.setdefault(task, rate)
        lines.append(f"| {task} | {label} | {rate:,.0f} | {rate / base[task]:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
