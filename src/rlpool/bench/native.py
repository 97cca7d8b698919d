"""The lab's native modules: rlpool._lab_<family>, the bench's and the tests'
C++ helpers (bare loops, dm_control's bare physics, ...), built from the same
env headers as the product module rlpool._<family> but never loaded by
`import rlpool` or make(): only through here."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np

from .actions import action_batches


def lab_module(family: str) -> ModuleType:
    """rlpool._lab_<family>; ImportError saying which module is missing."""
    name = f"rlpool._lab_{family}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise ImportError(
            f"the {family} family's lab module {name} is not built in this install "
            f"(RLPOOL_FAMILIES left it out)"
        ) from None


def bare_loop(spec: Any, num_envs: int = 1, actions: np.ndarray | None = None) -> Any:
    """`num_envs` envs of the task `spec` describes, built for a bare loop on
    one thread (csrc/lab/bare_loop.h): run(steps) steps them round-robin and
    returns the seconds taken. Step i takes action i of `actions` (any array
    of the action space's samples, flattened in C order and cycled); by
    default the bench's own draw for a pool of num_envs envs
    (rlpool.bench.actions), so the loop's branches see actions as random as
    a pool's. ImportError when the family's lab is not built or holds no
    bare loop for the task's env class."""
    task = spec._task
    module = lab_module(task.family)
    try:
        cls = getattr(module, f"{task.env}BareLoop")
    except AttributeError:
        raise ImportError(
            f"no bare loop for {task.task_id} ({task.family} class {task.env}): "
            f"csrc/envs/{task.family}/lab.cpp builds those the bench's scenarios step"
        ) from None
    if actions is None:
        actions = action_batches(spec.action_space, max(num_envs, 1))  # a senseless num_envs: the loop says so
    table = np.ascontiguousarray(actions, dtype=spec.fields["action"]["dtype"])
    return cls(spec._native_config(), num_envs, table.tobytes())
