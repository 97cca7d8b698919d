"""gymnasium-robotics 1.4.2 itself, the reference the robotics tests align
with, under the MuJoCo-4 shim of rlpool.bench.robotics_reference (its
docstring says what the shim changes and why: one joint-type comparison in
gymnasium-robotics' mujoco_utils, nothing else)."""

from __future__ import annotations

import gymnasium as gym

from rlpool.bench.robotics_reference import install_mujoco4_shim, reference_id

install_mujoco4_shim()


def make_reference(task_id: str, **kwargs) -> gym.Env:
    return gym.make(reference_id(task_id), **kwargs)
