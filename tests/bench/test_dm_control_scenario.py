"""The dm_control benchmark rows: the scenario, dm_control's own loop and the
bare-physics ceiling (never timing assertions, only that they run and are
wired into the report)."""

from __future__ import annotations

import pytest
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


def test_bare_physics_counts_the_reset_physics_the_task_runs():
    from rlpool import _lab_dm_control
    from rlpool.bench.runners.dm_control_loop import BarePhysics

    def reset_steps(task):
        runner = BarePhysics(bench.Point(task, 2, 1, 4, "dm_control"), 1)
        runner.open(None)
        return runner.reset_steps

    # cheetah settles 200 physics steps per reset (dm_control's cheetah.py);
    # walker's reset runs no physics step.
    assert reset_steps("CheetahRun-v1") == 200
    assert reset_steps("WalkerWalk-v1") == 0
    for args, shown in (((0, 1, 0), "envs=0"), ((1, 0, 0), "frame_skip=0"), ((1, 1, -1), "reset_steps=-1")):
        with pytest.raises(ValueError) as e:
            _lab_dm_control.bare_physics("unused.xml", *args)
        assert "1 <= envs <= 4096, frame_skip >= 1 and reset_steps >= 0" in str(e.value) and shown in str(e.value)
    with pytest.raises(ValueError, match="MuJoCo could not load '/no/such/model.xml'"):
        _lab_dm_control.bare_physics("/no/such/model.xml")
