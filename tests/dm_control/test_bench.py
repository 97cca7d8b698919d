"""The dm_control benchmark rows: the scenario, dm_control's own loop and the
bare-physics ceiling (never timing assertions, only that they run and are
wired into the report)."""

from __future__ import annotations

from rlpool import bench
from rlpool.bench.report import per_core_rate


def test_scenario_has_the_issue_rows():
    points = {(p.task, p.batch_size, p.num_threads, p.async_num_envs) for p in bench.SCENARIOS["dm_control"].points}
    # num_threads 0: the default configuration, as every family scenario.
    assert points == {(t, b, 0, 3 * b) for t in ("CheetahRun-v1", "WalkerWalk-v1", "HumanoidRun-v1") for b in (8, 32)}


def test_point_runs_dm_control_loop_and_bare_physics_and_uses_physics_as_ceiling():
    result = bench.measure_point(
        bench.Point("CheetahRun-v1", 2, 1, 4, "dm_control"), bench.Timing(0, 0.05, 1),
        libraries=("rlpool", "python-loop", "bare-physics"),
    )
    labels = {m.label: m for m in result.measurements}
    assert set(labels) == {"rlpool sync", "rlpool async", "python-loop", "bare-physics"}, result.skipped
    assert all(m.steps_per_s > 0 for m in result.measurements)
    assert per_core_rate(result) == labels["bare-physics"].steps_per_s
