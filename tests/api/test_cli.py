"""The `rlpool` command line: clear argument errors, list and info output.
The bench subcommand's runs are tested in tests/bench/."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rlpool
from rlpool import bench
from rlpool.registry import COMMON_OPTIONS, get_task

from ..cli_run import cli_error, run_cli
from ..env_classes import one_task_per_env_class


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


def test_version_is_the_installed_distributions():
    from importlib.metadata import version

    out = subprocess.run([sys.executable, "-m", "rlpool", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"rlpool {version('rlpool')}"
