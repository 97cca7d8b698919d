"""The `rlpool` command line: clear argument errors, list/info output, and a
tiny benchmark that writes valid JSON and a PNG. Nothing here times anything
against a threshold: speed is the benchmark's business, not the tests'."""

from __future__ import annotations

import json
import subprocess
import sys

import time

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool import bench, cli
from rlpool.bench.actions import action_batches
from rlpool.bench.native import bare_loop
from rlpool.bench.runners import pools
from rlpool.registry import COMMON_OPTIONS, get_task

from .env_classes import one_task_per_env_class


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def cli_error(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as exc:
        cli.main(list(argv))
    assert exc.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, names",
    [
        (["bench", "--num-envs", "0", "--task", "CartPole-v1"], ["--num-envs", "'0'"]),
        (["bench", "--task", "CartPole-v1", "--num-envs", "eight"], ["--num-envs", "'eight'"]),
        (["bench", "--task", "NoSuchTask-v9"], ["--task", "NoSuchTask-v9"]),
        (["bench", "--task", "CartPole-v9"], ["--task", "CartPole-v1"]),  # suggests the close id
        (["bench", "--task", "CartPole-v1", "--num-envs", "4", "--batch-size", "8"], ["--batch-size", "<= --num-envs"]),
        (["bench", "--num-envs", "8"], ["--num-envs", "--task"]),
        (["bench", "quick", "--task", "CartPole-v1"], ["--task", "quick"]),
        (["bench", "fastest"], ["scenario", "fastest", "quick", "paper"]),
        (["bench", "--libraries", "rlpool,nope"], ["--libraries", "nope", "envpool"]),
        (["bench", "--repeats", "0"], ["--repeats"]),
        (["bench", "--repeat-seconds", "-1"], ["--repeat-seconds", "> 0"]),
        (["bench", "--warmup-seconds", "nan"], ["--warmup-seconds"]),
        (["bench", "--task", "CartPole-v1", "--num-threads", "-2"], ["--num-threads", "'-2'"]),
        (["list", "--family", "nope"], ["--family", "nope", "classic_control"]),
        (["info", "NoSuchTask-v9"], ["task", "NoSuchTask-v9"]),
        (["info"], ["task"]),
        ([], ["bench", "list", "info"]),
    ],
)
def test_argument_errors_name_the_bad_argument(capsys, argv, names):
    err = cli_error(capsys, *argv)
    assert "error:" in err
    for name in names:
        assert name in err, f"{name!r} missing from: {err}"


def test_python_dash_m_is_the_same_command():
    proc = subprocess.run(
        [sys.executable, "-m", "rlpool", "bench", "--task", "CartPole-v1", "--batch-size", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert "argument --batch-size" in proc.stderr and "rlpool bench" in proc.stderr


def test_list_shows_task_ids_and_filters_by_family(capsys):
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == rlpool.list_all_envs()
    code, out, _ = run_cli(capsys, "list", "--family", "classic_control")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == rlpool.list_all_envs("classic_control")
    assert all(line.split()[1] == "classic_control" for line in out.splitlines())


def test_info_shows_spaces_options_defaults_and_reference(capsys):
    code, out, _ = run_cli(capsys, "info", "CartPole-v1")
    assert code == 0
    spec = rlpool.make_spec("CartPole-v1")
    assert str(spec.observation_space) in out
    assert str(spec.action_space) in out
    assert spec.reference and spec.reference in out
    assert "475.0" in out
    option_lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("    ")}
    for name, default in spec.config._asdict().items():
        assert name in option_lines, f"option {name} not shown"
        shown = repr(default) if isinstance(default, str) else str(default)
        assert shown in option_lines[name]
    assert "500" in option_lines["max_episode_steps"] and "task" in option_lines["max_episode_steps"]
    assert "Sutton" in option_lines["sutton_barto_reward"]  # meanings are shown


@pytest.mark.parametrize("task_id", sorted(one_task_per_env_class().values()))
def test_option_meanings_come_from_the_env_class_and_name_real_options(task_id):
    # An option's meaning is declared next to its default (C++ DefaultConfig,
    # or registry.COMMON_OPTIONS); a meaning for an option the env does not
    # take (a stale copy, as cli.py's frame_stack entry was) fails here.
    task = get_task(task_id)
    try:
        env_class = task.env_class()
    except ImportError:
        pytest.skip(f"rlpool._{task.family} is not built")
    declared = env_class.option_meanings() if hasattr(env_class, "option_meanings") else {}
    options = set(env_class.default_config())
    assert set(declared) <= options, f"meanings for options {task_id} does not take: {set(declared) - options}"
    unexplained = options - set(declared) - set(COMMON_OPTIONS)
    assert not unexplained, f"{task_id}'s options without a meaning (rlpool info shows them blank): {unexplained}"
    assert all(isinstance(m, str) and m for m in declared.values())
    meanings = task.option_meanings()
    for name, (_, meaning) in COMMON_OPTIONS.items():
        assert meanings[name] == meaning
    for name, meaning in declared.items():
        assert meanings[name] == meaning


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



@pytest.fixture
def unbuilt_task(monkeypatch):
    """A task registered by a family whose native module is not built here."""
    from rlpool import registry

    task = registry.Task("FakeGame-v5", "nosuchfamily", "FakeGame", {}, None, "nothing")
    monkeypatch.setitem(registry._TASKS, task.task_id, task)
    return task.task_id


def test_unbuilt_family_is_named_in_errors_list_and_skips(capsys, unbuilt_task):
    err = cli_error(capsys, "bench", "--task", unbuilt_task)
    assert "--task" in err and "nosuchfamily" in err and "not built" in err
    err = cli_error(capsys, "info", unbuilt_task)
    assert "not built" in err
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert any(line.startswith(unbuilt_task) and "(not built)" in line for line in out.splitlines())
    result = bench.measure_point(bench.Point(unbuilt_task, 8, 2, 24), bench.Timing(0, 0.01, 1))
    assert result.measurements == [] and "nosuchfamily" in result.note and "not built" in result.note


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


def test_version_is_the_installed_distributions():
    from importlib.metadata import version

    out = subprocess.run([sys.executable, "-m", "rlpool", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"rlpool {version('rlpool')}"


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


def test_every_env_class_has_a_bare_loop():
    for task in ["CartPole-v1", "Pendulum-v1", "FrozenLake-v1"]:
        spec = rlpool.make_spec(task)
        loop = bare_loop(spec, 3)
        assert 0 < loop.run(1000) < 10
        seconds = loop.step_seconds(300)
        assert len(seconds) == 300 and all(0 < s < 1 for s in seconds)
        for steps in (0, -1):
            with pytest.raises(ValueError, match=f"1 <= steps <= 2\\*\\*24, got {steps}"):
                loop.step_seconds(steps)


def test_sync_bound_deals_each_round_of_steps_through_the_barrier():
    from rlpool.bench.cores import sync_bound

    assert sync_bound(np.full((2, 40), 2.0), envs_per_core=4) == 1.0  # equal costs: nobody waits
    # Batch r is round r of every core, (1, 3) twice, each lasting its dearer step: 8 / (2 x 6).
    # One core's rounds taken together, (1, 1) then (3, 3), would waste nothing.
    assert sync_bound(np.array([[1.0, 1.0], [3.0, 3.0]]), envs_per_core=1) == 8 / (2 * 6)
    with pytest.raises(ValueError, match="at least 4 steps per core, got 3"):
        sync_bound(np.ones((2, 3)), envs_per_core=4)


def test_bare_loops_at_once_report_a_failed_loop_instead_of_a_short_time():
    from rlpool.bench.runners.bare import at_once

    def broken() -> float:
        raise RuntimeError("env failed")

    assert at_once([lambda: 1.0, lambda: 3.0]) == 2.0  # the mean of the loops' own clocks
    with pytest.raises(RuntimeError, match="env failed"):
        at_once([lambda: 1.0, broken])


def test_a_bare_loop_refuses_a_senseless_env_count():
    spec = rlpool.make_spec("CartPole-v1")
    for n in (0, -1, 5000):
        with pytest.raises(ValueError, match=f"1 <= num_envs <= 4096, got {n}"):
            bare_loop(spec, n)


def test_unreliable_runs_say_why_with_the_figure():
    from rlpool.bench.measure import Measurement, PointResult

    pr = PointResult(bench.Point("CartPole-v1", 8, 2))
    pr.measurements = [Measurement("rlpool sync", "rlpool", "sync", 8, 8, 1, [100.0, 200.0, 150.0])]
    warnings = bench.reliability_warnings([pr], {"load_average": [7.5, 1, 1], "cpu_count": 2})
    assert any("load average 7.5" in w for w in warnings)
    assert any("rlpool sync" in w and "±33%" in w for w in warnings)
    assert bench.reliability_warnings([], {"load_average": [0.2, 1, 1], "cpu_count": 2}) == []


def test_cores_scenario_measures_fresh_default_pools(monkeypatch):
    from rlpool.bench import cores

    monkeypatch.setattr(cores, "WORKLOADS", (("CartPole-v1", "CartPole-v1", {}), ("Acrobot", "Acrobot-v1", {})))
    monkeypatch.setattr(cores, "SHAPES", ((4, 4), (4, 2)))
    monkeypatch.setattr(cores, "SHAPES_OF", {"Acrobot": ((6, 6),)})
    monkeypatch.setattr(cores, "WINDOW_S", 0.02)
    monkeypatch.setattr(cores, "BARE_S", 0.02)
    monkeypatch.setattr(cores.os, "cpu_count", lambda: 2)
    bare_env_counts = []
    real_open = cores.BareLoop.open

    def counting_open(self, actions):
        bare_env_counts.append((self.num_envs, self.threads))
        real_open(self, actions)

    monkeypatch.setattr(cores.BareLoop, "open", counting_open)
    results = cores.run(show_progress=False, pools=3)
    # A workload with shapes of its own is measured at those only; each
    # workload ends with its control, bare loops measured as a pool is.
    assert [(r.workload, r.num_envs, r.batch_size, r.control, len(r.pools)) for r in results] == [
        ("CartPole-v1", 4, 4, False, 3), ("CartPole-v1", 4, 2, False, 3), ("CartPole-v1", 4, 0, True, 3),
        ("Acrobot", 6, 6, False, 3), ("Acrobot", 6, 0, True, 3)]
    # One ceiling per env count (a loop per core at once, each over num_envs /
    # 2 cores round-robin), then a fresh twin of it per control.
    assert bare_env_counts == [(2, 2)] + [(2, 2)] * 3 + [(3, 2)] + [(3, 2)] * 3
    for r in results:
        assert r.ceiling > 0 and all(p.steps_per_s > 0 and (r.control or p.cores_busy > 0) for p in r.pools)
        # Only a sync pool waits for its last env at every step().
        assert (r.sync_bound is None) == (r.control or r.batch_size < r.num_envs)
        assert r.sync_bound is None or 0 < r.sync_bound <= 1
    # Same work on both sides: the control reads near 1 (drift aside), far
    # from what a wrong pairing of rates and ceilings would give.
    for r in (r for r in results if r.control):
        assert all(0.3 < f < 3 for f in r.fractions)
    table = cores.format_table(results)
    assert "CartPole-v1" in table and "pools:" in table and "sync bound" in table
    assert "    4  bare" in table and "bare (the control)" in table and "twins:" in table
    as_json = cores.to_json(results)
    assert [r["control"] for r in as_json] == [False, False, True, False, True]
    assert json.loads(json.dumps(as_json)) == as_json  # strict JSON: the control's unmeasured CPU is null, not NaN


def test_waits_scenario_compares_every_variant_on_fresh_pools(monkeypatch, capsys, tmp_path):
    import os

    from rlpool.bench import cores, wait_choices

    monkeypatch.setattr(wait_choices, "WORKLOADS", (("CartPole-v1", "CartPole-v1", {}),))
    monkeypatch.setattr(wait_choices, "SHAPES", ((4, 4),))
    monkeypatch.setattr(cores, "WINDOW_S", 0.02)
    monkeypatch.setenv("RLPOOL_CALLER_HELPS", "1")
    samples = wait_choices.run(show_progress=False, rounds=2)
    names = list(wait_choices.variants(os.cpu_count() or 1))
    assert sorted(k[3] for k in samples) == sorted(names)
    assert all(len(v) == 2 and all(p.steps_per_s > 0 and p.ceiling > 0 for p in v) for v in samples.values())
    assert os.environ["RLPOOL_CALLER_HELPS"] == "1"  # the caller's environment is restored
    table = wait_choices.format_table(samples)
    assert all(name in table for name in names) and "x default" in table and "frac" in table
