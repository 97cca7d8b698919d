"""Named output fields: an env writes its Row through an enum declared next to
its Spec(), and EnvSpec::AddObs / AddInfo refuse a name that is not the next
position. So a spec reordered without its enum (or the reverse) fails the
first make() instead of silently writing the wrong field.

Two halves: the check itself, compiled from csrc/core/spec.h and fed a
matching and a mismatched enum; and every env class of every built family,
whose Spec() runs that check (with its debug fields too, where it has them,
since those sit at computed positions)."""

from __future__ import annotations

import importlib
import pathlib
import shutil
import subprocess

import pytest

import rlpool
from rlpool.registry import get_task

from ..env_classes import one_task_per_env_class

CSRC = pathlib.Path(__file__).resolve().parents[2] / "csrc"

CHECK_PROGRAM = r"""
#include <cstdio>
#include <stdexcept>
#include "core/spec.h"
using namespace rlpool;

enum : size_t { kObs, kLives, kReward };

static bool Throws(void (*f)()) {
  try { f(); } catch (const std::logic_error&) { return true; }
  return false;
}

int main() {
  EnvSpec ok;
  ok.AddObs(kObs, Field<float>("obs", {4}));
  ok.AddInfo(kLives, Field<int>("lives", {}));
  ok.AddInfo(kReward, Field<float>("reward", {}));
  if (ok.obs.size() != 1 || ok.info.size() != 2 || ok.info[1].name != "reward") return 10;
  // The enum says lives then reward; the spec adds reward first.
  if (!Throws([] { EnvSpec s; s.AddObs(kObs, Field<float>("obs", {4})); s.AddInfo(kReward, Field<float>("reward", {})); })) return 11;
  // An observation field after an info field would shift every info field.
  if (!Throws([] { EnvSpec s; s.AddObs(kObs, Field<float>("obs", {4})); s.AddInfo(kLives, Field<int>("lives", {})); s.AddObs(2, Field<float>("obs:x", {})); })) return 12;
  // A gap (a field left out of the spec but kept in the enum) is refused too.
  if (!Throws([] { EnvSpec s; s.AddObs(kLives, Field<float>("obs", {4})); })) return 13;
  try {
    EnvSpec s;
    s.AddObs(kObs, Field<float>("obs", {4}));
    s.AddInfo(kReward, Field<float>("reward", {}));
  } catch (const std::logic_error& e) {
    std::puts(e.what());
  }
  return 0;
}
"""


def test_spec_refuses_a_field_named_for_another_position(tmp_path):
    compiler = shutil.which("g++") or shutil.which("c++")
    assert compiler is not None, "a C++ compiler is needed (rlpool builds from source with one)"
    source = tmp_path / "check.cpp"
    source.write_text(CHECK_PROGRAM)
    binary = tmp_path / "check"
    subprocess.run([compiler, "-std=c++20", "-I", str(CSRC), str(source), "-o", str(binary)], check=True)
    run = subprocess.run([str(binary)], capture_output=True, text=True)
    assert run.returncode == 0, f"case {run.returncode} of the program failed"
    message = run.stdout
    # The message names the field, both positions and the fix.
    assert "'reward'" in message and "position 2" in message and "position 1" in message
    assert "enum" in message and "Spec()" in message


def _built(family: str) -> bool:
    try:
        importlib.import_module(f"rlpool._{family}")
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("key, task_id", sorted(one_task_per_env_class().items()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_env_spec_agrees_with_its_field_enum(key, task_id):
    family, _ = key
    if not _built(family):
        pytest.skip(f"rlpool._{family} is not built (RLPOOL_FAMILIES)")
    task = get_task(task_id)
    options = task.env_class().default_config()
    variants = [{}]
    for debug in ("debug_state", "debug_grid"):  # fields at computed positions
        if isinstance(options.get(debug), bool):
            variants.append({debug: True})
    for kwargs in variants:
        try:
            spec = rlpool.make_spec(task_id, **kwargs)
        except (ImportError, ValueError) as e:
            # An optional asset package missing (dm-control's models, vizdoom's
            # scenarios, ale-py's ROMs) is not a field mismatch: the message says
            # what to install. A field mismatch raises RuntimeError (logic_error).
            if "pip install" in str(e):
                pytest.skip(f"{task_id}: {e}")
            raise
        assert spec.observation_space is not None
