"""Frameworks' own samplers on rlpool vs on their usual vector envs, side by side, in one run.

    python benchmarks/integrations.py --out benchmarks/results/integrations.md

- TorchRL: ``env.rollout()`` of rlpool.integrations.torchrl.RlpoolEnv vs TorchRL's
  ``GymEnv(task, num_envs=n)`` (gymnasium's vector env inside) and ``ParallelEnv(n, GymEnv)``.
- Tianshou: ``Collector.collect(random=True)`` from an rlpool pool vs Tianshou's
  ``DummyVectorEnv`` and ``SubprocVectorEnv`` of gymnasium envs.
- RLlib: one local ``SingleAgentEnvRunner``'s ``sample()`` (PPO's default module picks the
  actions), ``gym_env_vectorize_mode="vector_entry_point"`` on ``rlpool/<task>`` vs ``"sync"``
  and ``"async"`` on gymnasium's own env. Ray needs gymnasium 1.2.2, so these rows run in the
  Ray virtual environment that tests/integrations/test_rllib.py makes (``--ray-python``), in a
  child process that sees this process's rlpool; without it they are reported as skipped.

Same task, number of envs and steps on every side: CartPole-v1 and the heavier HalfCheetah-v5.
Each sampler runs once untimed (processes spawned, first resets), then ``--rounds`` timed runs,
the samplers of a task taking turns, and the median is reported. The markdown names the
command, the date, the versions and the load average before and after, as every results file
should. ``--tiny`` checks that everything runs, in seconds; its figures mean nothing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import site
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

TASKS = ["CartPole-v1", "HalfCheetah-v5"]
RAY_VENV = Path.home() / ".cache" / "rlpool" / "ray-2.60.0-venv"


# Each framework yields, per task, its samplers: (label, run, close). run() does one timed unit
# of num_envs * steps env steps.

def torchrl_samplers(task: str, num_envs: int, steps: int):
    from torchrl.envs import GymEnv, ParallelEnv

    from rlpool.integrations.torchrl import RlpoolEnv

    envs = [
        ("rlpool RlpoolEnv", RlpoolEnv(task, num_envs=num_envs, seed=0)),
        ("TorchRL GymEnv(num_envs) (gymnasium vector env)", GymEnv(task, num_envs=num_envs)),
        ("TorchRL ParallelEnv(GymEnv)", ParallelEnv(num_envs, lambda: GymEnv(task))),
    ]
    for label, env in envs:
        yield label, lambda env=env: env.rollout(steps, break_when_any_done=False), env.close


def tianshou_samplers(task: str, num_envs: int, steps: int):
    import gymnasium
    from tianshou.algorithm.algorithm_base import RandomActionPolicy
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv, SubprocVectorEnv

    import rlpool

    envs = [
        ("rlpool pool", rlpool.make_gymnasium(task, num_envs=num_envs, seed=0)),
        ("Tianshou DummyVectorEnv", DummyVectorEnv([lambda: gymnasium.make(task)] * num_envs)),
        ("Tianshou SubprocVectorEnv", SubprocVectorEnv([lambda: gymnasium.make(task)] * num_envs)),
    ]
    for label, env in envs:
        space = env.single_action_space if label.startswith("rlpool") else env.action_space[0]
        buffer = VectorReplayBuffer(num_envs * steps, num_envs)
        collector = Collector[CollectStats](RandomActionPolicy(space), env, buffer)
        collector.reset()
        # random=True: actions sampled from the action space (RandomActionPolicy's own are floats
        # for a Discrete space, which rlpool refuses as bad input)
        yield label, lambda c=collector: c.collect(n_step=num_envs * steps, random=True), env.close


def rllib_samplers(task: str, num_envs: int, steps: int):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    import rlpool  # noqa: F401  (registers rlpool/<id>)

    for label, env_id, mode in (
        ("rlpool vector_entry_point", f"rlpool/{task}", "vector_entry_point"),
        ("gymnasium SYNC", task, "sync"),
        ("gymnasium ASYNC", task, "async"),
    ):
        config = PPOConfig().environment(env_id).env_runners(
            num_env_runners=0, num_envs_per_env_runner=num_envs, gym_env_vectorize_mode=mode)
        runner = SingleAgentEnvRunner(config=config)
        yield (f"EnvRunner.sample(), {label}",
               lambda r=runner: r.sample(num_timesteps=num_envs * steps, random_actions=False), runner.stop)


SAMPLERS = {"torchrl": torchrl_samplers, "tianshou": tianshou_samplers, "rllib": rllib_samplers}


def measure(framework: str, num_envs: int, steps: int, rounds: int) -> list[dict]:
    rows = []
    for task in TASKS:
        samplers = list(SAMPLERS[framework](task, num_envs, steps))
        try:
            for _, run, _ in samplers:
                run()  # untimed: workers spawned, first resets
            times: dict[str, list[float]] = {label: [] for label, _, _ in samplers}
            for _ in range(rounds):
                for label, run, _ in samplers:
                    start = time.perf_counter()
                    run()
                    times[label].append(time.perf_counter() - start)
        finally:
            for _, _, close in samplers:
                close()
        for label, _, _ in samplers:
            rates = [num_envs * steps / t for t in times[label]]
            rows.append({"framework": framework, "task": task, "sampler": label,
                         "median": statistics.median(rates), "min": min(rates), "max": max(rates)})
    return rows


def ray_rows(ray_python: Path, num_envs: int, steps: int, rounds: int) -> list[dict] | str:
    """The RLlib rows, measured by this script in the Ray venv's Python; a reason if it cannot."""
    if not ray_python.exists():
        return (f"no Ray venv at {ray_python}: run tests/integrations/test_rllib.py once (it makes one), "
                "or pass --ray-python")
    import rlpool

    # The venv's own packages (gymnasium 1.2.2, Ray) first, then this process's: its rlpool
    # first among them, as tests/integrations/test_rllib.py does.
    here = dict.fromkeys([str(Path(rlpool.__file__).parent.parent), *site.getsitepackages()])
    purelib = subprocess.run([str(ray_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "zz_rlpool_test_env.pth").write_text("\n".join(here) + "\n")
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0", "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([str(ray_python), __file__, "--child-rllib", "--num-envs", str(num_envs), "--steps",
                           str(steps), "--rounds", str(rounds)], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"the RLlib child failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _version(name: str, python: Path | None = None) -> str:
    if python is not None:
        code = f"from importlib import metadata; print(metadata.version({name!r}))"
        out = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
        return out.stdout.strip() or "absent"
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("frameworks", nargs="*", help=f"which of {list(SAMPLERS)} to measure (default: all)")
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--steps", type=int, default=500, help="steps per env per timed run")
    p.add_argument("--rounds", type=int, default=3, help="timed runs per sampler (median reported)")
    p.add_argument("--tiny", action="store_true", help="2 envs, 10 steps, 1 round: checks it runs")
    p.add_argument("--ray-python", type=Path, default=RAY_VENV / "bin" / "python",
                   help="a Python with ray[rllib]==2.60.0 (and gymnasium 1.2.2) for the RLlib rows")
    p.add_argument("--out", help="markdown file to write (default: print only)")
    p.add_argument("--child-rllib", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    unknown = sorted(set(args.frameworks) - set(SAMPLERS))
    if unknown:
        p.error(f"unknown framework(s) {unknown}; choose from {list(SAMPLERS)}")
    args.frameworks = args.frameworks or list(SAMPLERS)
    if args.tiny:
        args.num_envs, args.steps, args.rounds = 2, 10, 1
    if args.child_rllib:
        print(json.dumps(measure("rllib", args.num_envs, args.steps, args.rounds)))
        return 0

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    rows: list[dict] = []
    skipped: dict[str, str] = {}
    for framework in args.frameworks:
        if framework == "rllib":
            got = ray_rows(args.ray_python, args.num_envs, args.steps, args.rounds)
            if isinstance(got, str):
                skipped[framework] = got
            else:
                rows += got
        else:
            rows += measure(framework, args.num_envs, args.steps, args.rounds)
    load_after = os.getloadavg()
    minutes = (datetime.datetime.now(datetime.timezone.utc) - started).total_seconds() / 60

    versions = ", ".join(f"{n} {_version(n)}" for n in ("rlpool", "gymnasium", "torch", "torchrl", "tianshou"))
    if "rllib" in args.frameworks and "rllib" not in skipped:
        versions += (f"; RLlib rows: ray {_version('ray', args.ray_python)}, "
                     f"gymnasium {_version('gymnasium', args.ray_python)}")
    command = " ".join(["python benchmarks/integrations.py", *(argv if argv is not None else sys.argv[1:])])
    lines = [
        "# Framework samplers on rlpool vs their own vector envs",
        "",
        f"Command: `{command}`  ",
        f"Date: {started:%Y-%m-%d %H:%M} UTC, {minutes:.1f} min; host: {platform.node()}, {os.cpu_count()} CPUs; "
        f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after.  ",
        f"Versions: {versions}.  ",
        f"{args.num_envs} envs, {args.steps} steps per env per timed run; one untimed run, then {args.rounds} "
        "timed runs per sampler, taking turns; env steps/s is the median (min-max in brackets)."
        + (" **--tiny: a run check, not a measurement.**" if args.tiny else ""),
        "",
        "| framework | task | sampler | env steps/s | ÷ rlpool |",
        "|---|---|---|---:|---:|",
    ]
    base: dict[tuple[str, str], float] = {}
    for r in rows:
        key = (r["framework"], r["task"])
        base.setdefault(key, r["median"])  # each framework's rlpool sampler comes first
        lines.append(f"| {r['framework']} | {r['task']} | {r['sampler']} | {r['median']:,.0f} "
                     f"({r['min']:,.0f}-{r['max']:,.0f}) | {r['median'] / base[key]:.2f} |")
    for framework, reason in skipped.items():
        lines.append(f"| {framework} | | skipped: {reason} | | |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
