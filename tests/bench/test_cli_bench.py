"""`rlpool bench` from the command line: a tiny benchmark that writes valid
JSON and a PNG, scenario resolution, skips explained, the report's rows.
Nothing here times anything against a threshold: speed is the benchmark's
business, not the tests'."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool import bench, cli
from rlpool.bench.actions import action_batches
from rlpool.bench.runners import pools

from ..cli_run import run_cli


def test_tiny_benchmark_writes_valid_json_and_png(capsys, tmp_path):
    prefix = tmp_path / "tiny"
    code, out, _ = run_cli(
        capsys, "bench", "--task", "CartPole-v1", "--num-envs", "4", "--batch-size", "2", "--num-threads", "1",
        "--libraries", "rlpool,gymnasium-sync,python-loop",
        "--repeats", "2", "--repeat-seconds", "0.05", "--warmup-seconds", "0",
        "--output", str(prefix), "--no-progress",
    )
    assert code == 0
    assert "rlpool sync" in out and "rlpool async" in out and "python-loop" in out

    data = json.loads((tmp_path / "tiny.json").read_text())
    assert data["scenario"] == "custom"
    assert data["timing"] == {"warmup_s": 0.0, "repeat_s": 0.05, "repeats": 2}
    assert data["environment"]["versions"]["rlpool"] == rlpool.__version__
    (point,) = data["points"]
    assert (point["task"], point["batch_size"], point["num_threads"], point["async_num_envs"]) == ("CartPole-v1", 2, 1, 4)
    labels = {r["label"]: r for r in point["results"]}
    assert set(labels) == {"rlpool sync", "rlpool async", "gymnasium-sync", "python-loop"}
    assert labels["rlpool async"]["num_envs"] == 4 and labels["rlpool sync"]["num_envs"] == 2
    for r in point["results"]:
        assert len(r["samples"]) == 2 and all(s > 0 for s in r["samples"])
        assert r["steps_per_s"] == pytest.approx(float(np.median(r["samples"])))
        assert r["frames_per_s"] == r["steps_per_s"]  # CartPole has no frame skip
    assert point["per_core_rate"] == labels["python-loop"]["steps_per_s"]
    assert labels["rlpool sync"]["ceiling_fraction"] == pytest.approx(
        labels["rlpool sync"]["steps_per_s"] / point["per_core_rate"]
    )
    ratio = point["ratios"]["rlpool sync"]["gymnasium-sync"]
    assert ratio == pytest.approx(labels["rlpool sync"]["steps_per_s"] / labels["gymnasium-sync"]["steps_per_s"])

    png = (tmp_path / "tiny.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    import matplotlib.image

    assert matplotlib.image.imread(str(tmp_path / "tiny.png")).ndim == 3


def test_a_point_on_an_unknown_task_is_skipped_with_a_note():
    result = bench.measure_point(bench.Point("NoSuchTask-v0", 2, 1, 6), bench.Timing(0, 0.01, 1))
    assert result.measurements == [] and "NoSuchTask-v0" in result.note
    assert "skipped" in bench.format_table([result])
    # Scenario points name the family they wait for (the paper scenario's Atari and MuJoCo entries).
    result = bench.measure_point(bench.Point("NoSuchGame-v5", 8, 2, 24, "atari"), bench.Timing(0, 0.01, 1))
    assert "NoSuchGame-v5" in result.note and "atari family is not built" in result.note


def test_missing_envpool_is_skipped_with_a_note(monkeypatch):
    monkeypatch.setitem(sys.modules, "envpool", None)  # makes `import envpool` fail
    assert pools.version("envpool") == ""
    result = bench.measure_point(
        bench.Point("CartPole-v1", 2, 1, 0), bench.Timing(0, 0.01, 1), libraries=("rlpool", "envpool")
    )
    assert [m.label for m in result.measurements] == ["rlpool sync"]
    assert result.skipped and "envpool is not installed" in result.skipped[0][1]


def test_pendulum_async_point_steps_every_library_with_continuous_actions():
    result = bench.measure_point(
        bench.Point("Pendulum-v1", 2, 1, 4), bench.Timing(0, 0.02, 1),
        libraries=("rlpool", "envpool", "gymnasium-sync", "gymnasium-vector", "python-loop"),
    )
    labels = [m.label for m in result.measurements]
    assert labels[:2] == ["rlpool sync", "rlpool async"]
    assert "gymnasium-sync" in labels and "python-loop" in labels
    skipped = dict(result.skipped)
    assert "numpy-vectorised" in skipped["gymnasium-vector"]  # gymnasium has no vectorised Pendulum


@pytest.mark.parametrize("space", [spaces.Discrete(6), spaces.Discrete(3, start=-1), spaces.Box(-2, 2, (3,), np.float32)])
def test_actions_are_drawn_once_reproducibly_and_inside_the_space(space):
    a = action_batches(space, 5, seed=0)
    assert a.shape[:2] == (64, 5)
    assert np.array_equal(a, action_batches(space, 5, seed=0))
    assert all(space.contains(x) for x in a.reshape((-1,) + space.shape))


def test_scenarios_cover_the_readme_table():
    quick = {(p.task, p.batch_size, p.num_threads, p.async_num_envs) for p in bench.QUICK.points}
    assert quick == {("CartPole-v1", 8, 2, 24), ("CartPole-v1", 64, 2, 192)}
    paper = {(p.task, p.batch_size) for p in bench.PAPER.points}
    for task in ("CartPole-v1", "Pendulum-v1"):
        assert {(task, b) for b in (1, 8, 64)} <= paper
    for task in ("Pong-v5", "Ant-v5", "HalfCheetah-v5", "Hopper-v5"):
        assert (task, 8) in paper
    assert all(p.num_threads == 2 and p.async_num_envs == 3 * p.batch_size for p in bench.PAPER.points)


def test_frame_skip_adds_frames_per_second():
    from rlpool.bench.measure import Measurement, PointResult

    pr = PointResult(bench.Point("Pong-v5", 8, 2, 24, "atari"), frame_skip=4)
    pr.measurements = [
        Measurement("rlpool sync", "rlpool", "sync", 8, 8, 1, [1000.0, 1200.0, 1100.0]),
        Measurement("ale-py", "ale-py", "sync", 8, 8, 1, [500.0, 550.0, 600.0]),
    ]
    table = bench.format_table([pr])
    assert "frames/s" in table and "4,400" in table and "2.00x" in table
    md = bench.format_markdown(bench.QUICK, [pr], bench.environment({"rlpool": "0"}), "rlpool bench")
    assert "frames/s" in md and "4,400 ±" in md


def _resolve(*argv):
    parser = cli.build_parser()
    args = parser.parse_args(["bench", *argv])
    return cli._scenario_from_args(args.parser, args)


def test_scenario_resolution_defaults_and_overrides():
    assert _resolve().points == bench.QUICK.points  # no scenario and no --task: the quick demo
    paper = _resolve("paper", "--repeats", "2", "--repeat-seconds", "0.25", "--warmup-seconds", "0")
    assert paper.points == bench.PAPER.points
    assert paper.timing == bench.Timing(warmup_s=0.0, repeat_s=0.25, repeats=2)
    (point,) = _resolve("--task", "CartPole-v1", "--num-envs", "8", "--batch-size", "4", "--num-threads", "2").points
    assert (point.task, point.batch_size, point.num_threads, point.async_num_envs) == ("CartPole-v1", 4, 2, 8)
    (point,) = _resolve("--task", "Pendulum-v1", "--num-envs", "4").points
    assert (point.batch_size, point.async_num_envs) == (4, 0)  # batch = num_envs: sync only


def test_bare_row_is_the_ceiling_and_every_row_is_explained(capsys, tmp_path):
    code, out, _ = run_cli(
        capsys, "bench", "--task", "CartPole-v1", "--num-envs", "4", "--num-threads", "1",
        "--libraries", "rlpool,python-loop,bare", "--repeats", "2", "--repeat-seconds", "0.05",
        "--warmup-seconds", "0", "--output", str(tmp_path / "b"), "--no-progress",
    )
    assert code == 0
    (point,) = json.loads((tmp_path / "b.json").read_text())["points"]
    labels = {r["label"]: r for r in point["results"]}
    assert point["ceiling_source"] == "bare" and point["per_core_rate"] == labels["bare"]["steps_per_s"]
    assert labels["rlpool sync"]["ceiling_fraction"] == pytest.approx(
        labels["rlpool sync"]["steps_per_s"] / labels["bare"]["steps_per_s"])
    assert labels["rlpool sync"]["cores_busy"] > 0
    assert "rlpool sync ÷ row" in out and "rate ÷ 1-core ceiling" in out
    for label in labels:  # one explaining line per row under the table
        assert f"\n  {label}: " in out


def test_async_pools_are_measured_against_a_loop_over_their_own_envs(capsys, tmp_path):
    code, out, _ = run_cli(
        capsys, "bench", "--task", "CartPole-v1", "--num-envs", "12", "--batch-size", "4", "--num-threads", "1",
        "--libraries", "rlpool,bare,bare-async", "--repeats", "2", "--repeat-seconds", "0.05",
        "--warmup-seconds", "0", "--output", str(tmp_path / "b"), "--no-progress",
    )
    assert code == 0
    (point,) = json.loads((tmp_path / "b.json").read_text())["points"]
    labels = {r["label"]: r for r in point["results"]}
    assert (labels["bare"]["num_envs"], labels["bare-async"]["num_envs"]) == (4, 12)  # one core: the pools' envs
    assert labels["rlpool sync"]["ceiling_fraction"] == pytest.approx(
        labels["rlpool sync"]["steps_per_s"] / labels["bare"]["steps_per_s"])
    assert labels["rlpool async"]["ceiling_fraction"] == pytest.approx(
        labels["rlpool async"]["steps_per_s"] / labels["bare-async"]["steps_per_s"])
    md = (tmp_path / "b.md").read_text()
    assert "1-core ceiling, async (cores × bare-async)" in md and "rate ÷ n-core ceiling" in md


def test_the_bare_loops_of_a_point_step_the_pools_envs_not_copies_of_one_share():
    from rlpool.bench.runners import bare

    loop = bare.BareLoop(bench.Point("CartPole-v1", 8, 2), 4, threads=2)
    loop.open(None)
    try:
        assert loop.seeds == [0, 4]  # 2 loops of 4: envs 0-3 and 4-7, as the pool's two threads hold them
    finally:
        loop.close()


def test_unreliable_runs_say_why_with_the_figure():
    from rlpool.bench.measure import Measurement, PointResult

    pr = PointResult(bench.Point("CartPole-v1", 8, 2))
    pr.measurements = [Measurement("rlpool sync", "rlpool", "sync", 8, 8, 1, [100.0, 200.0, 150.0])]
    warnings = bench.reliability_warnings([pr], {"load_average": [7.5, 1, 1], "cpu_count": 2})
    assert any("load average 7.5" in w for w in warnings)
    assert any("rlpool sync" in w and "±33%" in w for w in warnings)
    assert bench.reliability_warnings([], {"load_average": [0.2, 1, 1], "cpu_count": 2}) == []


def test_help_lists_every_scenario_once_train_included(capsys):
    with pytest.raises(SystemExit):
        cli.main(["bench", "--help"])
    out = capsys.readouterr().out
    listed = out.split("scenarios (default: quick):", 1)[1]
    names = [line.split()[0] for line in listed.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    assert names == list(bench.SCENARIOS) and "train" in names
    for name in bench.SCENARIOS:  # a description does not repeat its name ("atari: atari: ...")
        assert f"{name}: " not in listed


def test_an_explicit_point_measures_makes_default_threads_unless_told():
    (point,) = _resolve("--task", "CartPole-v1", "--num-envs", "8").points
    assert point.num_threads == 0  # 0: rlpool.make()'s own default, not a rule of the bench's
    (point,) = _resolve("--task", "CartPole-v1", "--num-envs", "8", "--num-threads", "3").points
    assert point.num_threads == 3


@pytest.mark.parametrize("argv", [["quick", "--tasks", "CartPole-v1"], ["cores", "--sweep"], ["--seeds", "1"]])
def test_train_options_belong_to_the_train_scenario(capsys, argv):
    with pytest.raises(SystemExit) as e:
        cli.main(["bench", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert argv[-1 if argv[-1].startswith("--") else -2] in err and "only applies to the train scenario" in err
