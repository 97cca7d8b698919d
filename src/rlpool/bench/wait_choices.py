"""`rlpool bench waits`: the measurement behind the pool's wait defaults.

How many workers a pool starts, whether the calling thread steps envs while
it waits, and whether threads poll before sleeping (csrc/core/wait_tuning.h)
are chosen by this comparison, not by what envpool does. Each variant is a
fresh pool made with its environment variables set (read by the pool when it
is made), on a cheap (CartPole), a medium (raw 210x160 Pong), the cheapest
MuJoCo (HalfCheetah) and a heavy (Ant) env, sync and async; rounds rotate the
variants' order so drift hits them alike. Each pool is also judged against
the same n-core ceiling as `rlpool bench cores`. A benchmark, never a test.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import statistics
from typing import Any

from .actions import action_batches
from .cores import PoolSample, _Ceiling, _measure_pool, _runner
from .progress import Progress
from .runners.bare import envs_per_core

WORKLOADS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("CartPole-v1", "CartPole-v1", {}),
    ("Pong-v5 raw 210x160", "Pong-v5", {"img_height": 210, "img_width": 160, "stack_num": 1}),
    ("HalfCheetah-v5", "HalfCheetah-v5", {}),  # the cheapest MuJoCo step: hand-offs weigh most
    ("Ant-v5", "Ant-v5", {}),
)
SHAPES = ((8, 8), (8, 4), (32, 32))
ROUNDS = 4
_KNOBS = ("RLPOOL_CALLER_HELPS", "RLPOOL_WORKER_SPIN_US", "RLPOOL_CALLER_SPIN_US")


def variants(cores: int) -> dict[str, tuple[int, dict[str, str]]]:
    """name -> (num_threads, environment); the first is the default."""
    no_poll = {"RLPOOL_WORKER_SPIN_US": "0", "RLPOOL_CALLER_SPIN_US": "0"}
    return {
        f"default ({max(1, cores - 1)} workers + caller, both poll)": (0, {}),
        "default, nobody polls": (0, no_poll),
        "default, only workers poll": (0, {"RLPOOL_CALLER_SPIN_US": "0"}),
        "default, only the caller polls": (0, {"RLPOOL_WORKER_SPIN_US": "0"}),
        f"{cores} workers, caller waits (envpool's way)": (cores, {"RLPOOL_CALLER_HELPS": "0"}),
        f"{cores} workers + caller": (cores, {"RLPOOL_CALLER_HELPS": "1"}),
        f"{cores} workers, caller waits, both poll": (
            cores, {"RLPOOL_CALLER_HELPS": "0", "RLPOOL_WORKER_SPIN_US": "50", "RLPOOL_CALLER_SPIN_US": "50"}),
    }


def run(show_progress: bool = True, rounds: int = ROUNDS) -> dict[tuple[str, int, int, str], list[PoolSample]]:
    import rlpool

    cores = os.cpu_count() or 1
    table = variants(cores)
    total = len(WORKLOADS) * len(SHAPES) * rounds * len(table)
    progress = Progress(1, enabled=show_progress)
    progress.begin_point(f"{len(WORKLOADS)} workloads x {len(SHAPES)} shapes x {len(table)} variants x {rounds} rounds")
    samples: dict[tuple[str, int, int, str], list[PoolSample]] = {}
    saved = {k: os.environ.get(k) for k in _KNOBS}
    done = 0
    try:
        for label, task, options in WORKLOADS:
            try:
                spec = rlpool.make_spec(task, **options)
            except ImportError:
                continue  # the family is not built; the table leaves it out
            for num_envs, batch in SHAPES:
                actions = action_batches(spec.action_space, batch)
                ceiling = _Ceiling(task, options, cores, envs_per_core(num_envs, cores))
                names = list(table)
                for r in range(rounds):
                    for name in names[r % len(names):] + names[: r % len(names)]:
                        threads, environment = table[name]
                        for k in _KNOBS:
                            os.environ.pop(k, None)
                        os.environ.update(environment)
                        progress.update(done, total, f"{label} {num_envs}/{batch}: {name}")
                        gc.collect()
                        runner = _runner(task, options, num_envs, batch, threads)
                        samples.setdefault((label, num_envs, batch, name), []).append(_measure_pool(runner, actions, ceiling))
                        done += 1
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        progress.end()
    return samples


def format_table(samples: dict[tuple[str, int, int, str], list[PoolSample]]) -> str:
    cores = os.cpu_count() or 1
    names = list(variants(cores))
    lines = [
        f"Fresh pools on {cores} cores, each variant's median over its rounds: steps/s, that rate as a multiple of "
        f"the default's, the lowest round, cores busy (CPU s per wall s), and the fraction of the n-core ceiling "
        f"(as in `rlpool bench cores`: bare C++ loops on every core at once, timed in slices between the pool's).",
        "",
        f"{'workload':<20} {'envs/batch':>10}  {'variant':<44} {'median/s':>11} {'x default':>9} {'min/s':>11} "
        f"{'busy':>5} {'frac':>5}",
    ]
    shapes = sorted({k[:3] for k in samples}, key=lambda k: ([w[0] for w in WORKLOADS].index(k[0]), k[1], -k[2]))
    for label, n, b in shapes:
        base = statistics.median(p.steps_per_s for p in samples[(label, n, b, names[0])])
        for name in names:
            ps = samples[(label, n, b, name)]
            rate = statistics.median(p.steps_per_s for p in ps)
            frac = statistics.median(p.steps_per_s / p.ceiling for p in ps) if all(p.ceiling for p in ps) else float("nan")
            lines.append(
                f"{label:<20} {f'{n}/{b}':>10}  {name:<44} {rate:>11,.0f} {rate / base:>9.2f} "
                f"{min(p.steps_per_s for p in ps):>11,.0f} {statistics.median(p.cores_busy for p in ps):>5.2f} {frac:>5.2f}"
            )
        lines.append("")
    return "\n".join(lines)


def to_json(samples: dict[tuple[str, int, int, str], list[PoolSample]]) -> list[dict[str, Any]]:
    return [
        {"workload": label, "num_envs": n, "batch_size": b, "variant": name,
         "pools": [dataclasses.asdict(p) for p in pools]}
        for (label, n, b, name), pools in samples.items()
    ]
