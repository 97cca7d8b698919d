"""The python-env benchmark scenario's plumbing: the Python-written CartPole is
registered on first use and measured by rlpool and by gymnasium's vector env
of the same plain-Python env. Nothing is timed against a threshold."""

from rlpool import bench
from rlpool.bench.report import ratios


def test_python_env_scenario_point_runs():
    scenario = bench.SCENARIOS["python-env"]
    assert {p.task for p in scenario.points} == {"PyCartPole-v1"}
    assert {p.batch_size for p in scenario.points} == {8, 64}
    point = bench.Point("PyCartPole-v1", 2, 1, 4, "python")
    libraries = ("rlpool", "cpp-twin", "gymnasium-sync")
    result = bench.measure_point(point, bench.Timing(0, 0.02, 1), libraries=libraries)
    labels = {m.label for m in result.measurements}
    assert labels == {"rlpool sync", "rlpool async", "cpp-twin sync", "cpp-twin async", "gymnasium-sync"}, result.skipped
    assert "cpp-twin sync" in ratios(result)["rlpool sync"]  # Python vs C++ in one table
    assert all(m.steps_per_s > 0 for m in result.measurements)
