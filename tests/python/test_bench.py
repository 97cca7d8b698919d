"""The python-env benchmark scenario's plumbing: the Python-written CartPole is
registered on first use and measured by rlpool and by gymnasium's vector env
of the same plain-Python env. Nothing is timed against a threshold."""

from rlpool import bench


def test_python_env_scenario_point_runs():
    scenario = bench.SCENARIOS["python-env"]
    assert {p.task for p in scenario.points} == {"PyCartPole-v1", "CartPole-v1"}
    assert {p.batch_size for p in scenario.points} == {8, 64}
    point = bench.Point("PyCartPole-v1", 2, 1, 4, "python")
    result = bench.measure_point(point, bench.Timing(0, 0.02, 1), libraries=("rlpool", "gymnasium-sync"))
    labels = {m.label for m in result.measurements}
    assert labels == {"rlpool sync", "rlpool async", "gymnasium-sync"}, result.skipped
    assert all(m.steps_per_s > 0 for m in result.measurements)
