"""gymnasium-robotics tasks, aligned with gymnasium-robotics 1.4.2 (Fetch, PointMaze, Adroit and FrankaKitchen so far).

Models and meshes are the installed gymnasium-robotics package's
(``base_path`` points at its ``envs/assets``; nothing is copied into rlpool).
Ids follow envpool: ``Fetch{Reach,Push,Slide,PickAndPlace}[Dense]-v{1,4}``,
50 steps. Both versions run gymnasium-robotics' ``-v4`` (MuJoCo bindings)
classes, as envpool routes them: ``-v1`` is the mujoco-py version, which no
longer installs. Observations are gymnasium-robotics' Dict (``observation``,
``achieved_goal``, ``desired_goal``), ``info["is_success"]`` is its float32
0 / 1, and every face has ``compute_reward(achieved_goal, desired_goal,
info)``, numpy and batched over any leading dimensions, as HER calls it.

PointMaze: envpool's ``PointMaze_<map>[Dense]-v3`` ids (gymnasium-robotics'
PointMazeEnv, maze_v4), 300 / 600 / 800 steps by map size, continuing_task on
and reset_target off as registered. ``maze_map`` takes a name of
gymnasium-robotics' maps.py (``"U_MAZE"``) or rows of maps.py's symbols
``0 1 r g c`` joined by ``/`` (``"11111/1g0r1/11111"``). Its info has
the reference's ``success`` (bool) and ``is_success`` (float32, as Fetch's).

Adroit: gymnasium-robotics' ``AdroitHand{Door,Hammer,Pen,Relocate}[Sparse]-v1``
(the plain ids dense, as registered there), 200 steps. Not goal-conditioned:
a Box observation, no ``compute_reward``; info has ``success`` (bool) and
``is_success`` (float32).

FrankaKitchen-v1 (gymnasium-robotics' KitchenEnv), 280 steps, with envpool's
options tasks_to_complete (a list of task names), terminate_on_tasks_completed,
remove_task_when_completed, robot_noise_ratio, object_noise_ratio and
frame_skip. Its observation is the reference's Dict of Dicts: observation,
achieved_goal and desired_goal (a Dict by task, the tasks asked); its info
holds envpool's int32 masks over the seven tasks in KITCHEN_TASKS order:
tasks_to_complete, step_task_completions, episode_task_completions.
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


def _check_models(config: dict[str, Any], what: str) -> None:
    if config["reward_type"] not in ("sparse", "dense"):
        raise ValueError(f"reward_type must be 'sparse' or 'dense', got {config['reward_type']!r}")
    _check_base_path(config, what)


def _check_base_path(config: dict[str, Any], what: str) -> None:
    if not config["base_path"]:
        raise ValueError(
            f"base_path is empty: the {what} models come from the gymnasium-robotics package (found at import "
            "of rlpool when installed: pip install gymnasium-robotics==1.4.2), or pass base_path=<its envs/assets>"
        )


def _prepare(config: dict[str, Any]) -> None:
    """Says what to install when the models are missing, and checks the
    reward type here so the error names the valid values before any model loads."""
    _check_models(config, "Fetch")


def _goal_distance(achieved_goal: Any, desired_goal: Any, size: int) -> np.ndarray:
    """The Euclidean distance between goals of shape (..., size), as the
    references' compute_reward measures it, after checking the shapes."""
    achieved = np.asarray(achieved_goal, dtype=np.float64)
    desired = np.asarray(desired_goal, dtype=np.float64)
    if achieved.shape != desired.shape or achieved.ndim == 0 or achieved.shape[-1] != size:
        raise ValueError(
            f"compute_reward needs achieved_goal and desired_goal of the same shape (..., {size}), got "
            f"{achieved.shape} and {desired.shape}"
        )
    return np.linalg.norm(achieved - desired, axis=-1)


def fetch_compute_reward(config: dict[str, Any], achieved_goal: Any, desired_goal: Any, info: Any = None) -> np.ndarray:
    """gymnasium-robotics' Fetch ``compute_reward`` for goals of shape (..., 3):
    sparse -> float32 -(distance > distance_threshold), dense -> float64 -distance.
    ``info`` is accepted and unused, as in the reference."""
    distance = _goal_distance(achieved_goal, desired_goal, 3)
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


# gymnasium-robotics 1.4.2's maps.py, in the text form the native env reads
# (rows joined by '/'; r reset, g goal, c either).
MAZE_MAPS: dict[str, str] = {
    "OPEN": "1111111/1000001/1000001/1000001/1111111",
    "OPEN_DIVERSE_G": "1111111/1rgggg1/1ggggg1/1ggggg1/1111111",
    "OPEN_DIVERSE_GR": "1111111/1ccccc1/1ccccc1/1ccccc1/1111111",
    "U_MAZE": "11111/10001/11101/10001/11111",
    "MEDIUM_MAZE": "11111111/10011001/10010001/11000111/10010001/10100101/10001001/11111111",
    "MEDIUM_MAZE_DIVERSE_G": "11111111/1r011001/100100g1/11000111/10010001/1g100101/10001g01/11111111",
    "MEDIUM_MAZE_DIVERSE_GR": "11111111/1c011001/100100c1/11000111/10010001/1c100101/10001c01/11111111",
    "LARGE_MAZE": "111111111111/100001000001/101101010101/100000010001/101111011101/100101000001/"
                  "110101010111/100100010001/111111111111",
    "LARGE_MAZE_DIVERSE_G": "111111111111/1r0001g00001/101101010101/10000g0100g1/101111011101/10g101000001/"
                            "110101010111/1001g0g10g01/111111111111",
    "LARGE_MAZE_DIVERSE_GR": "111111111111/1c0001c00001/101101010101/10000c0100c1/101111011101/10c101000001/"
                             "110101010111/1001c0c10c01/111111111111",
}


def _prepare_maze(config: dict[str, Any]) -> None:
    _check_models(config, "PointMaze")
    text = config["maze_map"] = MAZE_MAPS.get(config["maze_map"], config["maze_map"])
    if not text or set(text) - set("01rgc/"):
        raise ValueError(f"maze_map={text!r} is neither a map name ({', '.join(MAZE_MAPS)}) nor rows of 0 1 r g c "
                         "joined by '/'")


def maze_compute_reward(config: dict[str, Any], achieved_goal: Any, desired_goal: Any, info: Any = None) -> np.ndarray:
    """gymnasium-robotics' MazeEnv ``compute_reward`` for goals of shape (..., 2):
    sparse -> float64 (distance <= 0.45), dense -> exp(-distance)."""
    distance = _goal_distance(achieved_goal, desired_goal, 2)
    if config["reward_type"] == "dense":
        return np.exp(-distance)
    return (distance <= 0.45).astype(np.float64)


for _name, _map, _steps in (
    ("Open", "OPEN", 300), ("UMaze", "U_MAZE", 300), ("Medium", "MEDIUM_MAZE", 600), ("Large", "LARGE_MAZE", 800),
    ("Open_Diverse_G", "OPEN_DIVERSE_G", 300), ("Open_Diverse_GR", "OPEN_DIVERSE_GR", 300),
    ("Medium_Diverse_G", "MEDIUM_MAZE_DIVERSE_G", 600), ("Medium_Diverse_GR", "MEDIUM_MAZE_DIVERSE_GR", 600),
    ("Large_Diverse_G", "LARGE_MAZE_DIVERSE_G", 800), ("Large_Diverse_GR", "LARGE_MAZE_DIVERSE_GR", 800),
):
    for _suffix, _reward_type in (("", "sparse"), ("Dense", "dense")):
        register(f"PointMaze_{_name}{_suffix}-v3", "robotics", "PointMazeEnv", max_episode_steps=_steps,
                 reference=f"gymnasium-robotics 1.4.2 PointMaze_{_name}{_suffix}-v3 (PointMazeEnv)",
                 prepare=_prepare_maze, methods={"compute_reward": maze_compute_reward}, base_path=_ASSETS,
                 reward_type=_reward_type, maze_map=_map)


def _prepare_adroit(config: dict[str, Any]) -> None:
    _check_models(config, "Adroit")


for _task in ("Door", "Hammer", "Pen", "Relocate"):
    for _suffix, _reward_type in (("", "dense"), ("Sparse", "sparse")):
        register(f"AdroitHand{_task}{_suffix}-v1", "robotics", f"AdroitHand{_task}", max_episode_steps=200,
                 reference=f"gymnasium-robotics 1.4.2 AdroitHand{_task}{_suffix}-v1 (AdroitHand{_task}Env)",
                 prepare=_prepare_adroit, base_path=_ASSETS, reward_type=_reward_type)


# FrankaKitchen: gymnasium-robotics' KitchenEnv, envpool's one id and options.
KITCHEN_TASKS = ("bottom burner", "top burner", "light switch", "slide cabinet", "hinge cabinet", "microwave", "kettle")


def _prepare_kitchen(config: dict[str, Any]) -> None:
    _check_base_path(config, "FrankaKitchen")
    tasks = config["tasks_to_complete"]
    unknown = [t for t in tasks if t not in KITCHEN_TASKS]
    if unknown or not tasks:
        raise ValueError(f"tasks_to_complete must be a non-empty list of {', '.join(map(repr, KITCHEN_TASKS))}; "
                         f"got {tasks!r}" + (f" ({', '.join(map(repr, unknown))} unknown)" if unknown else ""))


def _native_kitchen(config: dict[str, Any]) -> dict[str, Any]:
    """The native option is one str: the task names joined by ','."""
    return {**config, "tasks_to_complete": ",".join(config["tasks_to_complete"])}


register("FrankaKitchen-v1", "robotics", "KitchenEnv", max_episode_steps=280,
         reference="gymnasium-robotics 1.4.2 FrankaKitchen-v1 (KitchenEnv)", prepare=_prepare_kitchen,
         native=_native_kitchen, base_path=_ASSETS, tasks_to_complete=list(KITCHEN_TASKS))
