"""The lab beside the product: the bench's native helpers live in
rlpool._lab_<family> modules that `import rlpool` and make() never load, and
the product modules carry none of them. Every task the named scenarios step
has its bare loop (the ceiling) in its family's lab."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

import rlpool
from rlpool import bench
from rlpool.bench.native import bare_loop, lab_module
from rlpool.registry import get_task

from ..env_classes import one_task_per_env_class


def _built(family: str) -> bool:
    """The family's product module is built and loads here (rlpool._vizdoom
    does not load in a venv that takes vizdoom from the system site-packages:
    its rpath is $ORIGIN/../vizdoom; the vizdoom tests cover that module)."""
    if importlib.util.find_spec(f"rlpool._{family}") is None:
        return False
    try:
        importlib.import_module(f"rlpool._{family}")
    except ImportError:
        return False
    return True


BUILT = sorted({family for family, _ in one_task_per_env_class() if _built(family)})

# Run in a fresh interpreter: this test process has imported the lab already.
_PRODUCT_ONLY = """
import importlib, json, sys
import rlpool
from rlpool.registry import get_task
for task_id in {task_ids!r}:
    rlpool.make_spec(task_id)
env = rlpool.make("CartPole-v1", num_envs=2)
env.reset()
env.step([0, 1])
env.close()
for family in {families!r}:
    importlib.import_module("rlpool._" + family)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("rlpool._lab", "rlpool.bench")))))
"""


def test_import_and_make_load_no_lab_module():
    # One task per env class of every built family (make_spec builds the
    # spec through the product module), a pool stepped, every product module.
    task_ids = [t for (family, _), t in one_task_per_env_class().items() if family in BUILT and family != "python"]
    code = _PRODUCT_ONLY.format(task_ids=task_ids, families=BUILT)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == []


@pytest.mark.parametrize("family", BUILT)
def test_product_modules_carry_no_bench_code(family):
    module = importlib.import_module(f"rlpool._{family}")
    lab_only = {"bare_loop", "bare_physics", "legacy_random_draws", "terrain_zoom", "raw_ale_seconds"}
    assert not lab_only & set(dir(module))
    for name in dir(module):
        assert not name.endswith("BareLoop"), name
        assert not hasattr(getattr(module, name), "bare_loop"), name
    lab_module(family)  # built beside it


def _scenario_tasks() -> list[tuple[str, tuple]]:
    # Not the Python-written PyCartPole-v1: its compiled functions reach the
    # config only through make(), so it has no bare loop, in main as here
    # (the bench shows that row as failed to start).
    tasks = {(p.task, p.options) for s in bench.SCENARIOS.values() for p in s.points if p.family != "python"}
    return sorted(tasks, key=repr)


@pytest.mark.parametrize("task_id, options", _scenario_tasks(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_scenario_task_has_a_bare_loop_in_its_lab(task_id, options):
    family = get_task(task_id).family
    if not _built(family):
        pytest.skip(f"rlpool._{family} is not built in this install")
    loop = bare_loop(rlpool.make_spec(task_id, seed=0, **dict(options)), 2)
    assert loop.run(4) > 0


def test_a_missing_lab_names_the_module_and_the_loop():
    with pytest.raises(ImportError, match=r"rlpool\._lab_nosuchfamily is not built"):
        lab_module("nosuchfamily")
    if _built("mujoco"):
        # Only the versions the scenarios step get a bare loop (lab.cpp says why).
        with pytest.raises(ImportError, match=r"no bare loop for HalfCheetah-v4 .*csrc/envs/mujoco/lab.cpp"):
            bare_loop(rlpool.make_spec("HalfCheetah-v4"), 1)
