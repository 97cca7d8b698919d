"""The results as a text table and as JSON: steps/s, frames/s, the ratio of
each rlpool variant to every peer, and the fraction of the n-core ceiling
(n cores times a per-core rate: the bare-physics loop where a family has one,
as the dm_control family does, else the bare Python loop)."""

from __future__ import annotations

import datetime
import os
import platform
import sys
from typing import Any

from .measure import Measurement, PointResult
from .runners.bare import BARE_ASYNC
from .scenarios import Scenario

LOOP = "python-loop"
BARE = "bare"
BARE_PHYSICS = "bare-physics"
# The one-core rate of the ceiling: the first of these a point measured; an
# async variant's is the bare loop over its own envs where that was measured.
CEILING_LIBRARIES = (BARE_PHYSICS, BARE, LOOP)
ASYNC_CEILING_LIBRARIES = (BARE_PHYSICS, BARE_ASYNC, BARE, LOOP)

# One line per library row, printed under the table.
ROW_MEANINGS = {
    "rlpool sync": "rlpool.make(task, num_envs=B, batch_size=B), stepped with env.step(actions)",
    "rlpool async": "rlpool with 3B envs and batch_size=B: async_reset(), then recv() / send(actions, env_id)",
    "cpp-twin sync": "rlpool's C++ env that a Python-written task reproduces, the same calls as rlpool sync",
    "cpp-twin async": "rlpool's C++ env that a Python-written task reproduces, the same calls as rlpool async",
    "envpool sync": "envpool 1.x, the same calls and sizes as rlpool sync",
    "envpool async": "envpool 1.x, the same calls and sizes as rlpool async",
    "rlpool-xla async": "rlpool's xla() recv/send inside one jitted jax.lax.fori_loop, async pool of 3B envs",
    "envpool-xla async": "envpool 1.x's xla() recv/send inside the same jitted jax.lax.fori_loop",
    "gymnasium-sync": "gymnasium.vector.SyncVectorEnv of B reference envs, stepped in turn in this process",
    "gymnasium-async": "gymnasium.vector.AsyncVectorEnv of B reference envs, one subprocess each",
    "gymnasium-vector": "gymnasium's numpy-vectorised env (vectorization_mode='vector_entry_point')",
    "ale-py": "ale-py's AtariVectorEnv (its own C++ thread pool), B envs",
    "pufferlib": "PufferLib 3.0.0's native Ocean CartPole (C, built from its sdist: rlpool/bench/pufferlib_ocean.py), "
                 "B envs stepped by one vec_step call on one thread, as its Cartpole.step does",
    "python-loop": "one gymnasium reference env stepped in a Python for-loop (the paper's For-loop row)",
    "bare-physics": "the task's MuJoCo model stepped with bare mj_step calls and random controls, one loop per core, "
                    "all at once, each over batch / cores models round-robin: one core of physics alone while every "
                    "core is busy",
    "bare": "a sync pool's envs per core (batch / cores) stepped round-robin in C++, one loop per core, all at once, "
            "no pool and no Python: one core's worth of the same work while every core is busy",
    "bare-async": "the same over an async pool's envs per core (3B / cores): the async variants' ceiling",
}


def _ceiling_libraries(mode: str) -> tuple[str, ...]:
    return ASYNC_CEILING_LIBRARIES if mode == "async" else CEILING_LIBRARIES


def per_core_rate(pr: PointResult, mode: str = "sync") -> float | None:
    """One core's rate of the work a `mode` variant holds: bare physics
    (mj_step alone, where a scenario asks for it), else the bare C++ env loop
    (over the async pool's envs, for async), else the Python loop."""
    for library in _ceiling_libraries(mode):
        found = [m for m in pr.measurements if m.library == library]
        if found:
            return found[0].steps_per_s
    return None


def ceiling_source(pr: PointResult, mode: str = "sync") -> str | None:
    for library in _ceiling_libraries(mode):
        if any(m.library == library for m in pr.measurements):
            return library
    return None


def ceiling_fraction(pr: PointResult, m: Measurement) -> float | None:
    rate = per_core_rate(pr, m.mode)
    if rate is None or m.library in ASYNC_CEILING_LIBRARIES:
        return None
    return m.steps_per_s / (rate * pr.point.cores)


def ratios(pr: PointResult) -> dict[str, dict[str, float]]:
    """{rlpool variant: {other variant: rlpool steps/s ÷ its steps/s}}."""
    ours = [m for m in pr.measurements if m.library in ("rlpool", "rlpool-xla")]
    return {
        r.label: {m.label: r.steps_per_s / m.steps_per_s for m in pr.measurements if m is not r}
        for r in ours
    }


def _num(x: float) -> str:
    return f"{x:,.0f}"


def _spread(m: Measurement) -> str:
    return "" if m.spread is None else f"{100 * m.spread:.0f}%"


def format_point(pr: PointResult) -> str:
    point = pr.point
    head = point.describe() + (f" · frame_skip {pr.frame_skip}" if pr.frame_skip > 1 else "")
    if pr.note:
        return f"{head}\n  skipped: {pr.note}\n"
    ours = [m for m in pr.measurements if m.library in ("rlpool", "rlpool-xla")]
    cols = ["variant", "envs", "steps/s"]
    if pr.frame_skip > 1:
        cols.append("frames/s")
    cols += ["±", "cores busy"]
    cols += [f"{r.label} ÷ row" for r in ours]
    source = ceiling_source(pr)
    if source:
        # Not the share of the machine used ("cores busy" says that): how
        # near the rate comes to n cores doing nothing but the env's work.
        cols.append(f"rate ÷ {point.cores}-core ceiling")
    rows = []
    for m in pr.measurements:
        row = [m.label, str(m.num_envs), _num(m.steps_per_s)]
        if pr.frame_skip > 1:
            row.append(_num(m.steps_per_s * pr.frame_skip))
        row.append(_spread(m))
        row.append("" if m.cores_busy is None else f"{m.cores_busy:.2f}")
        row += ["" if r is m else f"{r.steps_per_s / m.steps_per_s:.2f}x" for r in ours]
        if source:
            frac = ceiling_fraction(pr, m)
            row.append("" if frac is None else f"{frac:.2f}")
        rows.append(row)
    widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(cols)]

    def line(cells):
        return "  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    out = [head, line(cols)] + [line(r) for r in rows]
    out += [f"  skipped {label}: {why}" for label, why in pr.skipped]
    return "\n".join(out) + "\n"


def format_legend(results: list[PointResult]) -> str:
    labels = list(dict.fromkeys(m.label for pr in results for m in pr.measurements))
    sources = {ceiling_source(pr) for pr in results} - {None}
    lines = [
        "steps/s: env steps per second, median of the timed rounds; ±: half the range of the rounds; "
        "cores busy: CPU seconds of this process per wall second (blank for peers working in subprocesses).",
        "'rlpool X ÷ row': rlpool X's steps/s divided by that row's (above 1: rlpool is faster).",
    ]
    if sources:
        which = " or ".join(sorted(sources))
        lines.append(f"rate ÷ n-core ceiling: steps/s ÷ (n cores × the {which} row's one-core rate); 1.00 = as fast "
                     "as every core doing nothing but the env's own work. Not the share of the machine used "
                     "(that is 'cores busy'): a cheap env (CartPole) reads low because the engine's fixed cost "
                     "per step is large next to the env's.")
    lines += [f"  {label}: {ROW_MEANINGS[label]}" for label in labels if label in ROW_MEANINGS]
    return "\n".join(lines) + "\n"


def format_table(results: list[PointResult]) -> str:
    return "\n".join(format_point(pr) for pr in results) + format_legend(results)


# Above these, numbers are reported with a warning on stderr.
LOAD_PER_CORE_WARN = 0.5
SPREAD_WARN = 0.2


def reliability_warnings(results: list[PointResult], env: dict[str, Any]) -> list[str]:
    """What makes this run's numbers unreliable, each with its figure."""
    out = []
    load, cores = env.get("load_average"), env.get("cpu_count") or 1
    if load and load[0] > LOAD_PER_CORE_WARN * cores:
        out.append(f"the machine was busy: load average {load[0]:.1f} on {cores} cores at the start "
                   f"(above {LOAD_PER_CORE_WARN * cores:.1f}); other work competes for the cores measured")
    for pr in results:
        for m in pr.measurements:
            if m.spread is not None and m.spread > SPREAD_WARN:
                out.append(f"{pr.point.task} batch {pr.point.batch_size}, {m.label}: rounds spread ±{100 * m.spread:.0f}% "
                           f"(above ±{100 * SPREAD_WARN:.0f}%): rerun on a quieter machine or with more --repeats")
    return out


def environment(versions: dict[str, str]) -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        # Other work on the machine is the main source of noise; record how busy it was.
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "versions": {k: v for k, v in versions.items() if v},
    }


def to_json(scenario: Scenario, results: list[PointResult], env: dict[str, Any], command: list[str]) -> dict[str, Any]:
    points = []
    for pr in results:
        p = pr.point
        entry: dict[str, Any] = {
            "task": p.task,
            "batch_size": p.batch_size,
            "num_threads": p.num_threads,
            "async_num_envs": p.async_num_envs,
            "cores": p.cores,
            "frame_skip": pr.frame_skip,
            "skipped_point": pr.note or None,
            "per_core_rate": per_core_rate(pr),
            "ceiling_source": ceiling_source(pr),
            "results": [
                {
                    "library": m.library,
                    "mode": m.mode,
                    "label": m.label,
                    "num_envs": m.num_envs,
                    "batch_size": m.batch_size,
                    "steps_per_s": m.steps_per_s,
                    "frames_per_s": m.steps_per_s * pr.frame_skip,
                    "spread": m.spread,
                    "samples": m.samples,
                    "calls_per_round": m.iterations,
                    "ceiling_fraction": ceiling_fraction(pr, m),
                    "cores_busy": m.cores_busy,
                }
                for m in pr.measurements
            ],
            "ratios": ratios(pr),
            "skipped": [{"label": label, "why": why} for label, why in pr.skipped],
        }
        points.append(entry)
    t = scenario.timing
    return {
        "scenario": scenario.name,
        "description": scenario.description,
        "command": " ".join(command),
        "timing": {"warmup_s": t.warmup_s, "repeat_s": t.repeat_s, "repeats": t.repeats},
        "environment": env,
        "points": points,
    }


def _load(env: dict[str, Any]) -> str:
    load = env.get("load_average")
    return f" · load average {load[0]:.1f} at the start" if load else ""


def _md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows]


def format_markdown(scenario: Scenario, results: list[PointResult], env: dict[str, Any], command: str) -> str:
    """Per task: steps/s of every variant at each batch size, then rlpool's
    ratio to each peer (sync · async). For the README and benchmarks/results."""
    t = scenario.timing
    versions = ", ".join(f"{k} {v}" for k, v in env["versions"].items())
    lines = [
        f"Command: `{command}`",
        "",
        f"Date {env['date']} · {env['cpu_count']} cores ({env['processor']}, {env['platform']}) · "
        f"python {env['python']} · {versions}" + _load(env) + ".",
        f"Warm-up {t.warmup_s:g} s, then {t.repeats} interleaved rounds of ~{t.repeat_s:g} s per variant; "
        "median env steps/s shown (± = half the range of the rounds). Absolute numbers vary with the machine "
        "and its load; the ratios are the point.",
    ]
    tasks: dict[str, list[PointResult]] = {}
    for pr in results:
        tasks.setdefault(pr.point.task, []).append(pr)
    for task, prs in tasks.items():
        lines += ["", f"### {task}", ""]
        skipped = [pr for pr in prs if pr.note]
        prs = [pr for pr in prs if not pr.note]
        for pr in skipped:
            lines.append(f"Skipped (batch {pr.point.batch_size}): {pr.note}")
        if not prs:
            continue
        fs = prs[0].frame_skip
        unit = "frames/s" if fs > 1 else "steps/s"
        header = ["variant"] + [
            f"batch {pr.point.batch_size}" + (f" (async: {pr.point.async_num_envs} envs)" if pr.point.async_num_envs else "")
            for pr in prs
        ]
        labels = list(dict.fromkeys(m.label for pr in prs for m in pr.measurements))
        rows = []
        for label in labels:
            row = [label]
            for pr in prs:
                m = next((m for m in pr.measurements if m.label == label), None)
                row.append("" if m is None else f"{_num(m.steps_per_s * fs)}" + (f" ±{_spread(m)}" if m.spread is not None else ""))
            rows.append(row)
        for mode in ("sync", "async"):
            sources = {ceiling_source(pr, mode) for pr in prs} - {None}
            if mode == "async" and sources <= {ceiling_source(pr) for pr in prs}:
                continue  # no ceiling of the async pools' own
            if sources:
                rows.append(
                    [f"*{prs[0].point.cores}-core ceiling, {mode} (cores × {' / '.join(sorted(sources))})*"]
                    + [_num(per_core_rate(pr, mode) * pr.point.cores * fs) if per_core_rate(pr, mode) else ""
                       for pr in prs]
                )
        lines += [f"{unit}, {prs[0].point.num_threads} threads:", ""] + _md_table(header, rows)
        fractions = []
        for label in labels:
            if label.startswith("rlpool"):
                cells = []
                for pr in prs:
                    m = next((m for m in pr.measurements if m.label == label), None)
                    frac = None if m is None else ceiling_fraction(pr, m)
                    cells.append("" if frac is None else f"{frac:.2f}")
                if any(cells):
                    fractions.append([label] + cells)
        if fractions:
            lines += ["", "rate ÷ n-core ceiling (each variant against the ceiling of the envs it holds):", ""]
            lines += _md_table(header, fractions)
        rows = []
        for label in labels:
            if label.startswith("rlpool") and label != "rlpool async":
                continue
            row = [label]
            for pr in prs:
                r = ratios(pr)
                cells = [
                    f"{r[ours][label]:.2f}x"
                    for ours in ("rlpool sync", "rlpool async", "rlpool-xla async")
                    if label in r.get(ours, {})
                ]
                row.append(" · ".join(cells))
            rows.append(row)
        if rows:
            lines += ["", "rlpool sync · rlpool async (· rlpool-xla async), divided by each peer:", ""] + _md_table(header, rows)
        notes = sorted({f"{label}: {why}" for pr in prs for label, why in pr.skipped})
        if notes:
            lines += [""] + [f"- skipped {n}" for n in notes]
    return "\n".join(lines) + "\n"
