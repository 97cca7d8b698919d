"""gymnasium-robotics tasks, aligned with gymnasium-robotics 1.4.2 (Fetch so far).

Models and meshes are the installed gymnasium-robotics package's
(``base_path`` points at its ``envs/assets``; nothing is copied into rlpool).
Ids follow envpool: ``Fetch{Reach,Push,Slide,PickAndPlace}[Dense]-v{1,4}``,
50 steps. Both versions run gymnasium-robotics' ``-v4`` (MuJoCo bindings)
classes, as envpool routes them: ``-v1`` is the mujoco-py version, which no
longer installs. Observations are gymnasium-robotics' Dict (``observation``,
``achieved_goal``, ``desired_goal``), ``info["is_success"]`` is its float32
0 / 1, and every face has ``compute_reward(achieved_goal, desired_goal,
info)``, numpy and batched over any leading dimensions, as HER calls it.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..packages import package_dir, preload_libmujoco
from ..registry import register

_REF = "gymnasium-robotics 1.4.2 {} (MujocoFetchEnv)"


def _assets_dir() -> str:
    root = package_dir("gymnasium_robotics")
    return os.path.join(root, "envs", "assets") if root else ""


preload_libmujoco("rlpool._robotics")
_ASSETS = _assets_dir()


def _prepare(config: dict[str, Any]) -> None:
    """Says what to install when the models are missing, and checks the
    reward type here so the error names the valid values before any model loads."""
    if config["reward_type"] not in ("sparse", "dense"):
        raise ValueError(f"reward_type must be 'sparse' or 'dense', got {config['reward_type']!r}")
    if not config["base_path"]:
        raise ValueError(
            "base_path is empty: the Fetch models come from the gymnasium-robotics package (found at import "
            "of rlpool when installed: pip install gymnasium-robotics==1.4.2), or pass base_path=<folder with fetch/*.xml>"
        )


def fetch_compute_reward(config: dict[str, Any], achieved_goal: Any, desired_goal: Any, info: Any = None) -> np.ndarray:
    """gymnasium-robotics' Fetch ``compute_reward`` for goals of shape (..., 3):
    sparse -> float32 -(distance > distance_threshold), dense -> float64 -distance.
    ``info`` is accepted and unused, as in the reference."""
    achieved = np.asarray(achieved_goal, dtype=np.float64)
    desired = np.asarray(desired_goal, dtype=np.float64)
    if achieved.shape != desired.shape or achieved.ndim == 0 or achieved.shape[-1] != 3:
        raise ValueError(
            f"compute_reward needs achieved_goal and desired_goal of the same shape (..., 3), got "
            f"{achieved.shape} and {desired.shape}"
        )
    distance = np.linalg.norm(achieved - desired, axis=-1)
    if config["reward_type"] == "sparse":
        return -(distance > config["distance_threshold"]).astype(np.float32)
    return -distance


# gymnasium-robotics 1.4.2's constructor arguments per task (fetch/<task>.py).
_FETCH: dict[str, dict[str, Any]] = {
    "FetchReach": dict(xml_file="fetch/reach.xml", has_object=False, block_gripper=True, target_in_the_air=True,
                       gripper_extra_height=0.2, target_offset=[0.0, 0.0, 0.0], obj_range=0.15, target_range=0.15,
                       initial_qpos=[0.4049, 0.48, 0.0]),
    "FetchPush": dict(xml_file="fetch/push.xml", has_object=True, block_gripper=True, target_in_the_air=False,
                      gripper_extra_height=0.0, target_offset=[0.0, 0.0, 0.0], obj_range=0.15, target_range=0.15,
                      initial_qpos=[0.405, 0.48, 0.0, 1.25, 0.53, 0.4, 1.0, 0.0, 0.0, 0.0]),
    "FetchSlide": dict(xml_file="fetch/slide.xml", has_object=True, block_gripper=True, target_in_the_air=False,
                       gripper_extra_height=-0.02, target_offset=[0.4, 0.0, 0.0], obj_range=0.1, target_range=0.3,
                       initial_qpos=[0.05, 0.48, 0.0, 1.7, 1.1, 0.41, 1.0, 0.0, 0.0, 0.0]),
    "FetchPickAndPlace": dict(xml_file="fetch/pick_and_place.xml", has_object=True, block_gripper=False,
                              target_in_the_air=True, gripper_extra_height=0.2, target_offset=[0.0, 0.0, 0.0],
                              obj_range=0.15, target_range=0.15,
                              initial_qpos=[0.405, 0.48, 0.0, 1.25, 0.53, 0.4, 1.0, 0.0, 0.0, 0.0]),
}

for _task, _options in _FETCH.items():
    for _suffix, _reward_type in (("", "sparse"), ("Dense", "dense")):
        for _version in ("v1", "v4"):
            register(f"{_task}{_suffix}-{_version}", "robotics", "FetchEnv", max_episode_steps=50,
                     reference=_REF.format(f"{_task}{_suffix}-v4"), prepare=_prepare,
                     methods={"compute_reward": fetch_compute_reward}, base_path=_ASSETS,
                     reward_type=_reward_type, distance_threshold=0.05, **_options)
