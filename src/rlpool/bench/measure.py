"""The measuring loop: per point, build every library's envs, warm each up,
then time them in interleaved rounds (the order rotates each round) and
keep the median of the rounds."""

from __future__ import annotations

import dataclasses
import gc
import statistics
import time
import warnings

from .actions import action_batches
from .progress import Progress
from .runners import LIBRARIES, Runner, Skip, runners_for
from .scenarios import Point, Scenario, Timing


@dataclasses.dataclass
class Measurement:
    label: str
    library: str
    mode: str
    num_envs: int
    batch_size: int
    iterations: int = 0  # calls per timed window, calibrated in warm-up
    samples: list[float] = dataclasses.field(default_factory=list)  # env steps/s per window
    # This process's CPU seconds per wall second in each window: the cores the
    # variant kept busy (None for peers whose work runs in other processes).
    busy: list[float] = dataclasses.field(default_factory=list)
    in_process: bool = True
    loops_at_once: int = 1  # Runner.loops_at_once: the rate is one of these loops'

    @property
    def cores_busy(self) -> float | None:
        return statistics.median(self.busy) if self.busy and self.in_process else None

    @property
    def steps_per_s(self) -> float:
        return statistics.median(self.samples)

    @property
    def spread(self) -> float | None:
        """Half the range of the windows, relative to the median (None from one window)."""
        if len(self.samples) < 2:
            return None
        return (max(self.samples) - min(self.samples)) / 2 / self.steps_per_s


@dataclasses.dataclass
class PointResult:
    point: Point
    frame_skip: int = 1
    measurements: list[Measurement] = dataclasses.field(default_factory=list)
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (variant, why)
    note: str = ""  # set when the whole point was skipped


def _rlpool_spec(point: Point):
    """rlpool's spec for the point (its options included: they may change
    frame_skip or the spaces), or Skip saying why the point cannot run."""
    import rlpool
    from rlpool import registry

    from .runners.python_envs import ensure_registered

    ensure_registered(point.task)  # a Python-written bench env: compiled on first use
    try:
        task = registry.get_task(point.task)
    except ValueError as e:
        if point.family:
            raise Skip(f"rlpool has no task {point.task} in this install (the {point.family} family is not built)") from None
        raise Skip(str(e)) from None
    try:
        return rlpool.make_spec(point.task, **dict(point.options))
    except ImportError:
        raise Skip(f"the rlpool {task.family} family (rlpool._{task.family}) is not built in this install") from None


def _timed(runner: Runner, iterations: int) -> tuple[int, float]:
    start = time.perf_counter()
    steps = runner.run(iterations)
    wall = time.perf_counter() - start
    return steps, runner.own_seconds if runner.own_seconds is not None else wall


def _timed_with_cpu(runner: Runner, iterations: int) -> tuple[int, float, float]:
    cpu = time.process_time()
    steps, dt = _timed(runner, iterations)
    return steps, dt, time.process_time() - cpu


def warm_up(runner: Runner, warmup_s: float, window_s: float, min_calls: int = 1, min_call_s: float = 0.02,
            first: int = 1) -> int:
    """Steps `runner`, doubling the call count from `first`, until it has spent
    `warmup_s`, made `min_calls` calls and one call lasted `min_call_s`, and
    returns the call count that makes a window about `window_s` long (sized
    from the last, longest call)."""
    iterations, calls, spent = first, 0, 0.0
    while True:
        _, dt = _timed(runner, iterations)
        spent += dt
        calls += iterations
        if spent >= warmup_s and calls >= min_calls and dt >= min_call_s:
            break
        iterations *= 2
    return max(1, round(iterations * window_s / max(dt, 1e-6)))


def measure_point(point: Point, timing: Timing, libraries=LIBRARIES, progress: Progress | None = None) -> PointResult:
    with warnings.catch_warnings():
        # Peers warn about their own spaces (e.g. envpool's float64 Box bounds) on first use; not ours to report.
        warnings.simplefilter("ignore")
        return _measure_point(point, timing, libraries, progress)


def _measure_point(point: Point, timing: Timing, libraries, progress: Progress | None) -> PointResult:
    progress = progress or Progress(1, enabled=False)
    result = PointResult(point)
    try:
        spec = _rlpool_spec(point)
    except Skip as e:
        result.note = str(e)
        progress.note(f"skipped {point.task}: {e}")
        return result
    result.frame_skip = int(getattr(spec.config, "frame_skip", 1))
    actions = action_batches(spec.action_space, point.batch_size)

    runners = runners_for(point, libraries)
    opened: list[tuple[Runner, Measurement]] = []
    try:
        # Forking while other libraries' worker threads run can deadlock the child, so
        # process-based peers start first; the table keeps the libraries' order.
        for runner in sorted(runners, key=lambda r: not r.starts_processes):
            progress.update(0, 1, f"starting {runner.label}")
            try:
                runner.open(actions)
            except Skip as e:
                result.skipped.append((runner.label, str(e)))
                runner.close()
                continue
            except Exception as e:  # a peer that fails to start must not end the run
                result.skipped.append((runner.label, f"failed to start: {type(e).__name__}: {e}"))
                try:
                    runner.close()
                except Exception:
                    pass
                continue
            m = Measurement(runner.label, runner.library, runner.mode, runner.num_envs, runner.batch_size)
            m.in_process = not runner.starts_processes
            m.loops_at_once = runner.loops_at_once
            opened.append((runner, m))
        rank = {r.label: i for i, r in enumerate(runners)}
        opened.sort(key=lambda rm: rank[rm[0].label])
        result.skipped.sort(key=lambda s: rank[s[0]])

        # Setup garbage is collected now and the survivors frozen, so collections
        # inside the timed rounds only see what the stepping itself allocates.
        gc.collect()
        gc.freeze()
        total = len(opened) * (timing.repeats + 1)
        done = 0
        for runner, m in opened:
            progress.update(done, total, f"warm-up {runner.label}")
            m.iterations = warm_up(runner, timing.warmup_s, timing.repeat_s)
            done += 1
        for r in range(timing.repeats):
            shift = r % max(len(opened), 1)
            for runner, m in opened[shift:] + opened[:shift]:
                progress.update(done, total, f"round {r + 1}/{timing.repeats} {runner.label}")
                steps, dt, cpu = _timed_with_cpu(runner, m.iterations)
                m.samples.append(steps / dt)
                m.busy.append(cpu / dt)
                done += 1
    finally:
        gc.unfreeze()
        for runner, _ in opened:
            try:
                runner.close()
            except Exception:
                pass
    result.measurements = [m for _, m in opened]
    return result


def measure(scenario: Scenario, libraries=LIBRARIES, show_progress: bool = True) -> list[PointResult]:
    progress = Progress(len(scenario.points), enabled=show_progress)
    results = []
    for point in scenario.points:
        progress.begin_point(point.describe())
        results.append(measure_point(point, scenario.timing, libraries, progress))
    progress.end()
    return results
