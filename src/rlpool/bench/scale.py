"""`rlpool bench scale`: the engine's cost per env step as the pool grows.

For cheap envs (classic control, toy text, MiniGrid, Python-written envs) the
env's own step costs tens of nanoseconds, so what a pool adds per env step
(queueing, claiming, row writes, the Python call spread over the batch)
decides the rate. This scenario steps each workload at num_envs from 8 to
8,192 with the usual interleaved rounds (rlpool.bench.measure): rlpool sync
(num_envs envs) and async (3 x num_envs envs, batch num_envs), the bare
C++ loop (the ceiling), and the peers that run at that size. It prints, per
workload and size, steps/s, the CPU nanoseconds each variant spends per env
step (cores busy / rate) and the fraction of the n-core ceiling, and plots
ns per env step against num_envs (log scale). docs/engine.md, "Cost per env
step", reads the results.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from .measure import PointResult, measure
from .report import ceiling_fraction
from .scenarios import SCALE, Point

WORKLOADS = (
    ("CartPole-v1", "classic_control"),
    ("Pendulum-v1", "classic_control"),
    ("Taxi-v3", "toy_text"),
    ("MiniGrid-Empty-8x8-v0", "minigrid"),
    ("PyCartPole-v1", "python"),
)
SIZES = (8, 64, 256, 1024, 4096, 8192)
# gymnasium's AsyncVectorEnv would start one process per env: not at these sizes.
LIBRARIES = ("rlpool", "envpool", "gymnasium-sync", "gymnasium-vector", "pufferlib", "bare", "bare-async")
# Python-stepped peers take seconds per round at 8,192 envs: measured up to this size.
PYTHON_PEERS_UP_TO = 1024


def points() -> tuple[Point, ...]:
    return tuple(Point(task, n, 0, 3 * n, family) for task, family in WORKLOADS for n in SIZES)


@dataclasses.dataclass
class Row:
    task: str
    num_envs: int
    variant: str
    steps_per_s: float
    cpu_ns_per_step: float | None  # cores busy / env steps per second; None for peers in other processes
    ceiling_fraction: float | None


def _libraries_for(point: Point) -> tuple[str, ...]:
    if point.batch_size > PYTHON_PEERS_UP_TO:
        return tuple(lib for lib in LIBRARIES if not lib.startswith("gymnasium"))
    return LIBRARIES


def run(show_progress: bool = True) -> list[PointResult]:
    results: list[PointResult] = []
    for point in points():
        one = dataclasses.replace(SCALE, points=(point,))
        results += measure(one, _libraries_for(point), show_progress=show_progress)
    return results


def rows(results: list[PointResult]) -> list[Row]:
    out = []
    for pr in results:
        for m in pr.measurements:
            busy = m.cores_busy
            # A bare row's rate is one loop's while every core ran one: its
            # env steps per second are loops_at_once times the rate.
            steps = m.steps_per_s * m.loops_at_once
            out.append(Row(pr.point.task, pr.point.batch_size, m.label, m.steps_per_s,
                           busy * 1e9 / steps if busy and steps > 0 else None, ceiling_fraction(pr, m)))
    return out


def format_table(results: list[PointResult]) -> str:
    cores = os.cpu_count() or 1
    lines = [f"num_envs: the sync pool's envs (async pools hold 3x, batch num_envs). ns/step: CPU ns per env step "
             f"(cores busy / env steps per second; the bare loops run one per core, their steps/s is one loop's). "
             f"ceiling: rate / ({cores} cores x the one-core rate of the bare loop over the same envs: bare for sync, "
             f"bare-async for async).", ""]
    head = f"{'task':<24}{'num_envs':>9}  {'variant':<18}{'steps/s':>14}{'ns/step':>9}{'ceiling':>9}"
    lines += [head, "-" * len(head)]
    for r in rows(results):
        ns = f"{r.cpu_ns_per_step:.0f}" if r.cpu_ns_per_step else ""
        frac = f"{r.ceiling_fraction:.2f}" if r.ceiling_fraction is not None else ""
        lines.append(f"{r.task:<24}{r.num_envs:>9}  {r.variant:<18}{r.steps_per_s:>14,.0f}{ns:>9}{frac:>9}")
    skipped = {(pr.point.task, pr.note) for pr in results if pr.note}
    lines += [f"skipped {task}: {why}" for task, why in sorted(skipped)]
    # A variant that could not run: said, so that a missing ceiling row is not read as measured.
    lines += [f"skipped {pr.point.task} at {pr.point.batch_size}, {label}: {why}"
              for pr in results if not pr.note for label, why in pr.skipped]
    return "\n".join(lines) + "\n"


def to_json(results: list[PointResult]) -> list[dict[str, Any]]:
    return [dataclasses.asdict(r) for r in rows(results)]


def write_png(results: list[PointResult], path: str, title: str) -> bool:
    """ns per env step against num_envs, one panel per workload; False when
    matplotlib is missing or nothing was measured."""
    from .plot import have_matplotlib

    table = [r for r in rows(results) if r.cpu_ns_per_step]
    if not have_matplotlib() or not table:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = [t for t, _ in WORKLOADS if any(r.task == t for r in table)]
    variants = list(dict.fromkeys(r.variant for r in table))
    colors = {v: plt.get_cmap("tab10")(i % 10) for i, v in enumerate(variants)}  # one colour per variant everywhere
    fig, axes = plt.subplots(1, len(tasks), figsize=(4 * len(tasks), 4.0), squeeze=False)
    for ax, task in zip(axes[0], tasks):
        for variant in variants:
            pts = [(r.num_envs, r.cpu_ns_per_step) for r in table if r.task == task and r.variant == variant]
            if pts:
                ax.plot(*zip(*pts), marker="o", color=colors[variant], label=variant)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(task, fontsize=9)
        ax.set_xlabel("num_envs")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("CPU ns per env step")
    handles = [plt.Line2D([], [], color=colors[v], marker="o", label=v) for v in variants]
    fig.legend(handles=handles, loc="lower center", ncol=len(variants), fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
