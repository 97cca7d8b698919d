"""`rlpool bench cores`: does the default configuration keep every core busy?

For each workload and pool shape it builds fresh pools with `num_threads`
left at its default, steps each for a short window, and reports every pool's
rate, the cores it kept busy (CPU seconds per wall second) and its fraction
of the n-core ceiling (n cores x the bare C++ loop's one-core rate, measured
in the same run). A pool that settles on fewer cores than it could use shows
up as a low row, not as a lower average. A regression benchmark, never a test.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import statistics
import time
from typing import Any

from .actions import action_batches
from .measure import _timed_with_cpu
from .progress import Progress
from .runners.bare import BareLoop
from .runners.base import Skip
from .runners.pools import PoolAsync, PoolSync
from .scenarios import Point

# (label, task id, options): the physics- and emulator-bound envs the issue names.
WORKLOADS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("HalfCheetah-v5", "HalfCheetah-v5", {}),
    ("Ant-v5", "Ant-v5", {}),
    ("Hopper-v5", "Hopper-v5", {}),
    ("Pong-v5", "Pong-v5", {}),
    ("Pong-v5 raw 210x160", "Pong-v5", {"img_height": 210, "img_width": 160, "stack_num": 1}),
)
# (num_envs, batch_size): sync at 8 and 32 envs, and async pools of the same
# size handing back half of them per recv().
SHAPES = ((8, 8), (8, 4), (32, 32), (32, 16))
POOLS = 10
WARMUP_S = 0.1
WINDOW_S = 0.35
TARGET = 0.9


@dataclasses.dataclass
class PoolSample:
    steps_per_s: float
    cores_busy: float


@dataclasses.dataclass
class ShapeResult:
    workload: str
    num_envs: int
    batch_size: int
    ceiling: float  # cores x bare one-core rate, env steps/s
    pools: list[PoolSample]
    note: str = ""

    @property
    def fractions(self) -> list[float]:
        return [p.steps_per_s / self.ceiling for p in self.pools]


def _runner(task: str, options: dict[str, Any], num_envs: int, batch_size: int):
    point = Point(task, batch_size, 0, num_envs if batch_size < num_envs else 0, options=tuple(options.items()))
    cls = PoolAsync if batch_size < num_envs else PoolSync
    return cls(point, num_envs, "rlpool")


def _bare_rate(task: str, options: dict[str, Any]) -> float:
    runner = BareLoop(Point(task, 1, 1, options=tuple(options.items())), 1)
    runner.open(None)
    steps = 64
    while True:  # grow until one call is long enough to time
        start = time.perf_counter()
        runner.run(steps)
        dt = time.perf_counter() - start
        if dt > 0.25:
            return steps / dt
        steps *= 2


def _measure_pool(runner, actions) -> PoolSample:
    runner.open(actions)
    try:
        iterations = 1
        spent = 0.0
        while spent < WARMUP_S:  # also sizes the window
            _, dt, _ = _timed_with_cpu(runner, iterations)
            spent += dt
            if dt < WINDOW_S / 8:
                iterations *= 2
        iterations = max(1, round(iterations * WINDOW_S / max(dt, 1e-6)))
        steps, dt, cpu = _timed_with_cpu(runner, iterations)
        return PoolSample(steps / dt, cpu / dt)
    finally:
        runner.close()


def run(show_progress: bool = True, pools: int = POOLS) -> list[ShapeResult]:
    import rlpool

    cores = os.cpu_count() or 1
    total = len(WORKLOADS) * len(SHAPES) * pools
    progress = Progress(1, enabled=show_progress)
    progress.begin_point(f"{len(WORKLOADS)} workloads x {len(SHAPES)} pool shapes x {pools} fresh pools")
    results, done = [], 0
    for label, task, options in WORKLOADS:
        try:
            spec = rlpool.make_spec(task, **options)
            progress.update(done, total, f"{label}: bare loop")
            ceiling = cores * _bare_rate(task, options)
        except (ImportError, Skip) as e:
            results += [ShapeResult(label, n, b, 0.0, [], note=str(e)) for n, b in SHAPES]
            done += len(SHAPES) * pools
            continue
        for num_envs, batch_size in SHAPES:
            actions = action_batches(spec.action_space, batch_size)
            shape = ShapeResult(label, num_envs, batch_size, ceiling, [])
            for i in range(pools):
                progress.update(done, total, f"{label} {num_envs} envs batch {batch_size}: pool {i + 1}/{pools}")
                gc.collect()
                shape.pools.append(_measure_pool(_runner(task, options, num_envs, batch_size), actions))
                done += 1
            results.append(shape)
    progress.end()
    return results


def format_table(results: list[ShapeResult]) -> str:
    cores = os.cpu_count() or 1
    lines = [
        f"Fresh pools, num_threads at its default, {cores} cores. Ceiling: {cores} x the bare C++ loop's one-core "
        f"rate. Each pool: steps/s, cores busy (CPU s per wall s), fraction of the ceiling.",
        "",
        f"{'workload':<20} {'envs':>4} {'batch':>5} {'ceiling':>9} {'median/s':>9} {'min frac':>8} "
        f"{'med frac':>8} {'min busy':>8} {'pools < ' + str(TARGET):>10}",
    ]
    for r in results:
        if r.note:
            lines.append(f"{r.workload:<20} {r.num_envs:>4} {r.batch_size:>5}  skipped: {r.note}")
            continue
        f = r.fractions
        busy = [p.cores_busy for p in r.pools]
        below = sum(x < TARGET for x in f)
        lines.append(
            f"{r.workload:<20} {r.num_envs:>4} {r.batch_size:>5} {r.ceiling:>9,.0f} "
            f"{statistics.median(p.steps_per_s for p in r.pools):>9,.0f} {min(f):>8.2f} {statistics.median(f):>8.2f} "
            f"{min(busy):>8.2f} {below:>10}"
        )
        lines.append("    pools: " + ", ".join(f"{x:.2f}@{b:.1f}" for x, b in zip(f, busy)))
    lines.append("")
    lines.append("pools: each fresh pool's fraction of the ceiling @ cores busy, in creation order.")
    return "\n".join(lines) + "\n"


def to_json(results: list[ShapeResult]) -> list[dict[str, Any]]:
    return [
        {
            "workload": r.workload,
            "num_envs": r.num_envs,
            "batch_size": r.batch_size,
            "ceiling_steps_per_s": r.ceiling,
            "skipped": r.note or None,
            "pools": [{"steps_per_s": p.steps_per_s, "cores_busy": p.cores_busy,
                       "ceiling_fraction": p.steps_per_s / r.ceiling if r.ceiling else None} for p in r.pools],
        }
        for r in results
    ]
