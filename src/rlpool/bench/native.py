"""The lab's native modules: rlpool._lab_<family>, the bench's and the tests'
C++ helpers (bare loops, dm_control's bare physics, ...), built from the same
env headers as the product module rlpool._<family> but never loaded by
`import rlpool` or make(): only through here."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium.vector.utils import batch_space

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
    bare loop for the task's env class; ValueError for actions that are not
    whole samples of the action space (the loop steps them unchecked, as a
    pool steps what its binder checked)."""
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
    return cls(spec._native_config(), num_envs, _action_table(spec, actions))


def _action_table(spec: Any, actions: Any) -> bytes:
    """`actions` as whole samples of the action space, in the action field's
    dtype, back to back; ValueError for anything else."""
    space = spec.action_space
    samples = np.asarray(actions, dtype=space.dtype)
    per_sample = int(np.prod(space.shape))
    if samples.size == 0 or samples.size % per_sample:
        raise ValueError(f"bare_loop needs whole actions of shape {space.shape} ({per_sample} values each), "
                         f"got {samples.size} values")
    samples = samples.reshape((-1,) + space.shape)
    if not batch_space(space, len(samples)).contains(samples):
        raise ValueError(f"bare_loop's actions must be samples of the action space {space}; some are outside it")
    return np.ascontiguousarray(samples, dtype=spec.fields["action"]["dtype"]).tobytes()
