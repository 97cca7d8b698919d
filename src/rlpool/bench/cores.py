"""`rlpool bench cores`: does the default configuration keep every core busy?

For each workload and pool shape it builds fresh pools with `num_threads`
left at its default, steps each for a short window, and reports every pool's
rate, the cores it kept busy (CPU seconds per wall second) and its fraction
of the n-core ceiling: n cores x one core's rate of the bare C++ loop while
every core runs one, each stepping the pool's envs-per-core round-robin (the
same work and memory traffic as one pool thread's share, minus the engine),
timed in slices interleaved with the pool's own. A pool that settles on fewer cores than it could use shows
up as a low row, not as a lower average. A regression benchmark, never a test.

A sync pool also has a bound below the ceiling that no engine can pass:
each step() waits for its slowest thread's last env, and env steps vary in
cost. The "sync bound" column deals the bare loops' own step times through
that barrier with no engine cost at all (sync_bound).

Each workload also gets a control row ("bare" in the batch column): a second
set of bare loops, fresh envs doing the same work, timed as the ceiling is
and interleaved with it exactly as a pool is. An engine that cost nothing
would read like it, so its spread is what this host alone does to a
fraction of the ceiling (_measure_control).
"""

from __future__ import annotations

import dataclasses
import gc
import math
import os
import statistics
import time
from typing import Any

import numpy as np

from .actions import action_batches
from .measure import _timed, warm_up
from .progress import Progress
from .runners.bare import BareLoop, envs_per_core
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
    ("CheetahRun-v1", "CheetahRun-v1", {}),  # dm_control's cheapest step, judged at 32 envs (issue 16)
)
# (num_envs, batch_size): sync at 8 and 32 envs, and async pools of the same
# size handing back half of them per recv().
SHAPES = ((8, 8), (8, 4), (32, 32), (32, 16))
# Workloads measured at fewer shapes, to keep the scenario within 3 minutes.
SHAPES_OF: dict[str, tuple[tuple[int, int], ...]] = {"CheetahRun-v1": ((32, 32), (32, 16))}
POOLS = 5  # per shape: 20 per workload, within the 3 minutes on 2 cores
WARMUP_S = 0.05
# Each pool is timed in SLICES slices of WINDOW_S / SLICES, each right after
# a bare slice of BARE_S / SLICES: this host's speed moves by 10-30% within
# a second, and a ceiling taken over the same stretch of time moves with it.
SLICES = 4
WINDOW_S = 0.25
BARE_S = 0.16
TARGET = 0.9


@dataclasses.dataclass
class PoolSample:
    steps_per_s: float
    cores_busy: float
    ceiling: float  # cores x the bare loop's one-core rate, over slices interleaved with this pool's


@dataclasses.dataclass
class ShapeResult:
    workload: str
    num_envs: int
    batch_size: int
    pools: list[PoolSample]
    note: str = ""
    sync_bound: float | None = None  # sync shapes: see sync_bound()
    control: bool = False  # bare loops measured as a pool is: see _measure_control()

    @property
    def fractions(self) -> list[float]:
        return [p.steps_per_s / p.ceiling for p in self.pools]

    @property
    def cpu_per_step_vs_bare(self) -> list[float]:
        """Each pool's CPU time per env step over the bare loop's (1.0: the
        engine adds no work). Unlike the rate, it hardly moves when the
        machine's speed drifts between the bare window and the pool's."""
        cores = os.cpu_count() or 1
        return [(p.cores_busy / p.steps_per_s) * (p.ceiling / cores) for p in self.pools]

    @property
    def ceiling(self) -> float:
        return statistics.median(p.ceiling for p in self.pools) if self.pools else 0.0


def _runner(task: str, options: dict[str, Any], num_envs: int, batch_size: int, num_threads: int = 0):
    point = Point(task, batch_size, num_threads, num_envs if batch_size < num_envs else 0, options=tuple(options.items()))
    cls = PoolAsync if batch_size < num_envs else PoolSync
    return cls(point, num_envs, "rlpool")


class _Ceiling:
    """The bare loops of one workload, one per core at once, each over
    `envs_per_core` envs round-robin (a pool thread's share of the envs, so
    the same memory traffic), sized once to a slice of BARE_S / SLICES."""

    def __init__(self, task: str, options: dict[str, Any], cores: int, envs_per_core: int) -> None:
        self.runner = BareLoop(Point(task, 1, cores, options=tuple(options.items())), envs_per_core, threads=cores)
        self.runner.open(None)
        self.cores = cores
        self.envs_per_core = envs_per_core
        self.steps = warm_up(self.runner, 0.0, BARE_S / SLICES, min_call_s=BARE_S / SLICES / 2, first=64)

    def slice(self) -> tuple[int, float]:
        """One slice: all cores' env steps and the seconds they took."""
        steps, dt = _timed(self.runner, self.steps)
        return self.cores * steps, dt

    def sync_bound(self) -> float:
        """sync_bound() of a ceiling's worth (BARE_S) of steps, each timed
        on its own: timed only when asked, since `rlpool bench waits` never
        asks."""
        return sync_bound(self.runner.step_seconds(SLICES * self.steps), self.envs_per_core)


def sync_bound(step_seconds: np.ndarray, envs_per_core: int) -> float:
    """The fraction of the ceiling a sync pool could reach if the engine
    cost nothing, given how env steps vary in cost. step_seconds[c] holds
    core c's bare loop's timed steps, envs_per_core per round; round r of
    every core makes batch r of cores x envs_per_core steps, as in a pool
    whose envs all step once per step() (so a time limit's resets land in
    the same batch, as they do there). Each batch's steps are dealt in a
    random (seeded) order, each to the thread free first (what a pool's
    queue does), and the batch ends when its last step does: the threads
    that finish first wait, as at the end of every step() call. Shuffled,
    because dealt in the loops' order each core's steps would go together."""
    cores, steps = step_seconds.shape
    rounds = steps // envs_per_core
    if rounds == 0:
        raise ValueError(f"sync_bound needs at least {envs_per_core} steps per core, got {steps}")
    per_round = step_seconds[:, : rounds * envs_per_core].reshape(cores, rounds, envs_per_core)
    batches = np.random.default_rng(0).permuted(per_round.transpose(1, 0, 2).reshape(rounds, -1), axis=1)
    free_at = np.zeros((rounds, cores))
    for k in range(batches.shape[1]):
        free_at[np.arange(rounds), free_at.argmin(axis=1)] += batches[:, k]
    return float(batches.sum() / (cores * free_at.max(axis=1).sum()))


def _pool_slice(runner, iterations: int) -> tuple[int, float, float]:
    """One timed slice of the pool, all of it on the clock: an async pool
    first gets back every env the last slice paused (its steady state), steps,
    and is paused again, so its threads are idle while the bare loops run and
    no step is done off the pool's clock."""
    cpu, start = time.process_time(), time.perf_counter()
    runner.resume()
    steps = runner.run(iterations) + runner.pause()
    return steps, time.perf_counter() - start, time.process_time() - cpu


def _measure_pool(runner, actions, ceiling: _Ceiling | None = None) -> PoolSample:
    """The pool's rate and cores busy over SLICES slices, and the ceiling
    over bare slices taken between them, while the pool's threads sleep
    (none, and a ceiling of 0, without one)."""
    runner.open(actions)
    try:
        # Warm up until every env has been reset and stepped a few times: an
        # async pool's first recv() waits for resets, and a window sized from
        # that call measured mostly start-up.
        calls_needed = 4 * -(-runner.num_envs // runner.batch_size)
        iterations = warm_up(runner, WARMUP_S, WINDOW_S / SLICES, calls_needed, WINDOW_S / SLICES / 4)
        runner.pause()
        return _interleaved(lambda: _pool_slice(runner, iterations), ceiling)
    finally:
        runner.close()


def _interleaved(timed_slice, ceiling: _Ceiling | None) -> PoolSample:
    """SLICES calls of `timed_slice` (-> steps, seconds, CPU seconds), each
    right after a bare slice of `ceiling` (none, and a ceiling of 0, without
    one): the one timing loop of the pools and the control."""
    steps = dt = cpu = bare_steps = bare_dt = 0.0
    for _ in range(SLICES):
        if ceiling is not None:
            s, t = ceiling.slice()
            bare_steps, bare_dt = bare_steps + s, bare_dt + t
        s, t, c = timed_slice()
        steps, dt, cpu = steps + s, dt + t, cpu + c
    return PoolSample(steps / dt, cpu / dt, bare_steps / bare_dt if bare_dt else 0.0)


def _measure_control(task: str, options: dict[str, Any], ceiling: _Ceiling) -> PoolSample:
    """The ceiling's twin in place of a pool: fresh bare loops of the same
    work, timed as the ceiling's are, in slices interleaved with the
    ceiling's as a pool's are. Any distance from 1.0 is the host's drift
    between the two sides' slices. Its CPU is not measured: the loops keep
    their cores busy by construction."""
    twin = _Ceiling(task, options, ceiling.cores, ceiling.envs_per_core)
    try:
        return _interleaved(lambda: (*twin.slice(), math.nan), ceiling)
    finally:
        twin.runner.close()


def run(show_progress: bool = True, pools: int = POOLS) -> list[ShapeResult]:
    import rlpool

    cores = os.cpu_count() or 1
    shapes_of = {label: SHAPES_OF.get(label, SHAPES) for label, _, _ in WORKLOADS}
    total = sum(len(s) + 1 for s in shapes_of.values()) * pools
    progress = Progress(1, enabled=show_progress)
    progress.begin_point(f"{len(WORKLOADS)} workloads x up to {len(SHAPES)} pool shapes x {pools} fresh pools")
    results, done = [], 0
    for label, task, options in WORKLOADS:
        own_shapes = shapes_of[label]
        try:
            spec = rlpool.make_spec(task, **options)
            progress.update(done, total, f"{label}: bare loops")
            ceilings = {n: _Ceiling(task, options, cores, envs_per_core(n, cores)) for n in {n for n, _ in own_shapes}}
        except (ImportError, Skip) as e:
            results += [ShapeResult(label, n, b, [], note=str(e)) for n, b in own_shapes]
            done += (len(own_shapes) + 1) * pools
            continue
        shapes = [ShapeResult(label, n, b, [], sync_bound=ceilings[n].sync_bound() if b == n else None)
                  for n, b in own_shapes]
        control = ShapeResult(label, min(ceilings), 0, [], control=True)  # fewest envs: cheapest to build, tightest rows
        actions = {b: action_batches(spec.action_space, b) for _, b in own_shapes}
        for i in range(pools):  # shapes and control interleaved, so drift hits them alike
            for shape in shapes:
                progress.update(done, total, f"{label} {shape.num_envs} envs batch {shape.batch_size}: pool {i + 1}/{pools}")
                gc.collect()
                runner = _runner(task, options, shape.num_envs, shape.batch_size)
                shape.pools.append(_measure_pool(runner, actions[shape.batch_size], ceilings[shape.num_envs]))
                done += 1
            progress.update(done, total, f"{label}: control {i + 1}/{pools}")
            control.pools.append(_measure_control(task, options, ceilings[control.num_envs]))
            done += 1
        results += shapes + [control]
    progress.end()
    return results


def format_table(results: list[ShapeResult]) -> str:
    cores = os.cpu_count() or 1
    lines = [
        f"Fresh pools, num_threads at its default, {cores} cores. Ceiling: {cores} x one core's rate of the bare C++ "
        f"loop while all {cores} cores run one, each stepping num_envs/{cores} envs round-robin, timed in {SLICES} "
        f"slices interleaved with each pool's {SLICES} (median shown). Each pool: steps/s, cores busy (CPU s per wall s), fraction of its ceiling.",
        "",
        f"{'workload':<20} {'envs':>4} {'batch':>5} {'ceiling':>9} {'median/s':>9} {'min frac':>8} "
        f"{'med frac':>8} {'min busy':>8} {'pools < ' + str(TARGET):>10} {'CPU/step ÷ bare':>15} {'sync bound':>10}",
    ]
    for r in results:
        if r.note:
            lines.append(f"{r.workload:<20} {r.num_envs:>4} {r.batch_size:>5}  skipped: {r.note}")
            continue
        f = r.fractions
        busy = [p.cores_busy for p in r.pools]
        below = sum(x < TARGET for x in f)
        batch, min_busy, cpu = ("bare", "—", "—") if r.control else (
            str(r.batch_size), f"{min(busy):.2f}", f"{statistics.median(r.cpu_per_step_vs_bare):.2f}")
        lines.append(
            f"{r.workload:<20} {r.num_envs:>4} {batch:>5} {r.ceiling:>9,.0f} "
            f"{statistics.median(p.steps_per_s for p in r.pools):>9,.0f} {min(f):>8.2f} {statistics.median(f):>8.2f} "
            f"{min_busy:>8} {below:>10} {cpu:>15} {'—' if r.sync_bound is None else f'{r.sync_bound:.2f}':>10}"
        )
        if r.control:
            lines.append("    twins: " + ", ".join(f"{x:.2f}" for x in f))
        else:
            lines.append("    pools: " + ", ".join(f"{x:.2f}@{b:.1f}" for x, b in zip(f, busy)))
    lines.append("")
    lines.append("pools: each fresh pool's fraction of the ceiling @ cores busy, in creation order.")
    lines.append("CPU/step ÷ bare: the median pool's CPU seconds per env step over the bare loop's; 1.00 means the")
    lines.append("engine adds no work, so fraction of ceiling ≈ cores busy / cores x 1 / that figure, drift aside.")
    lines.append("sync bound: the most a sync pool of that shape could reach with an engine that cost nothing: the bare")
    lines.append("loops' own timed steps, a round of every core's per batch, dealt to the thread free first, each batch")
    lines.append("ending with its last step (step()'s barrier). Steps that vary in cost leave threads idle at each end.")
    lines.append("bare (the control): the ceiling's twin in place of a pool, fresh bare loops timed as the ceiling's are,")
    lines.append("in slices interleaved with it as a pool's are. Both do the same work, so its spread (twins: each one's")
    lines.append("fraction) is what this host's drift alone does to a fraction of the ceiling; an engine can't read steadier.")
    return "\n".join(lines) + "\n"


def to_json(results: list[ShapeResult]) -> list[dict[str, Any]]:
    return [
        {
            "workload": r.workload,
            "num_envs": r.num_envs,
            "batch_size": r.batch_size,
            "median_ceiling_steps_per_s": r.ceiling,
            "sync_bound": r.sync_bound,
            "control": r.control,
            "skipped": r.note or None,
            "pools": [{"steps_per_s": p.steps_per_s, "cores_busy": None if r.control else p.cores_busy,
                       "ceiling_steps_per_s": p.ceiling,
                       "ceiling_fraction": p.steps_per_s / p.ceiling} for p in r.pools],
        }
        for r in results
    ]
