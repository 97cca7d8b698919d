"""gymnasium-robotics tasks, aligned with gymnasium-robotics 1.4.2 (Fetch, PointMaze, Adroit, Shadow Hand and FrankaKitchen).

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

Shadow Hand: envpool's 112 ids, ``HandReach[Dense]-v{0,3}`` (50 steps) and
``HandManipulate{Block,Egg,Pen}<variant>[_BooleanTouchSensors,
_ContinuousTouchSensors][Dense]-v{0,1}`` (100 steps). The -v0 ids
(mujoco-py) run the MuJoCo classes (-v3, -v1), as envpool routes them.
Goal-conditioned like Fetch, with ``compute_reward``.

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


def _threshold_reward(size: int):
    """The ``compute_reward`` of gymnasium-robotics' Fetch and HandReach for
    goals of shape (..., size): sparse -> float32 -(distance >
    distance_threshold), dense -> float64 -distance. ``info`` is accepted and
    unused, as in the references."""

    def compute_reward(config: dict[str, Any], achieved_goal: Any, desired_goal: Any, info: Any = None) -> np.ndarray:
        distance = _goal_distance(achieved_goal, desired_goal, size)
        if config["reward_type"] == "sparse":
            return -(distance > config["distance_threshold"]).astype(np.float32)
        return -distance

    return compute_reward


fetch_compute_reward = _threshold_reward(3)


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


def _prepare_hand(config: dict[str, Any]) -> None:
    _check_models(config, "Shadow Hand")


hand_reach_compute_reward = _threshold_reward(15)


def _quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The Hamilton product of (..., 4) quaternions (w, x, y, z), term by term
    as gymnasium-robotics' rotations.quat_mul adds them."""
    w0, x0, y0, z0 = np.moveaxis(a, -1, 0)
    w1, x1, y1, z1 = np.moveaxis(b, -1, 0)
    return np.stack([
        w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1,
        w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1,
        w0 * y1 + y0 * w1 + z0 * x1 - x0 * z1,
        w0 * z1 + z0 * w1 + x0 * y1 - y0 * x1,
    ], axis=-1)


def _quat_drop_z_turn(quat: np.ndarray, like: np.ndarray) -> np.ndarray:
    """``quat`` with its Euler z angle replaced by ``like``'s (rotations.py's
    quat2euler, then euler2quat), as the Pen's goal distance compares them."""
    def to_euler(q: np.ndarray) -> np.ndarray:
        w, x, y, z = np.moveaxis(q, -1, 0)
        s = 2.0 / np.sum(q * q, axis=-1)
        X, Y, Z = x * s, y * s, z * s
        m00, m01 = 1.0 - (y * Y + z * Z), x * Y - w * Z
        m10, m11 = x * Y + w * Z, 1.0 - (x * X + z * Z)
        m02, m12, m22 = x * Z + w * Y, y * Z - w * X, 1.0 - (x * X + y * Y)
        tiny = ~(np.sum(q * q, axis=-1) > np.finfo(np.float64).eps)  # the identity matrix
        m00, m01, m10, m11 = (np.where(tiny, v, m) for v, m in ((1.0, m00), (0.0, m01), (0.0, m10), (1.0, m11)))
        m02, m12, m22 = (np.where(tiny, v, m) for v, m in ((0.0, m02), (0.0, m12), (1.0, m22)))
        cy = np.sqrt(m22 * m22 + m12 * m12)
        regular = cy > 4.0 * np.finfo(np.float64).eps
        return np.stack([
            np.where(regular, -np.arctan2(m12, m22), 0.0),
            -np.arctan2(-m02, cy),
            np.where(regular, -np.arctan2(m01, m00), -np.arctan2(-m10, m11)),
        ], axis=-1)

    euler = to_euler(quat)
    euler[..., 2] = to_euler(like)[..., 2]
    ai, aj, ak = euler[..., 2] / 2, -euler[..., 1] / 2, euler[..., 0] / 2
    si, sj, sk = np.sin(ai), np.sin(aj), np.sin(ak)
    ci, cj, ck = np.cos(ai), np.cos(aj), np.cos(ak)
    cc, cs, sc, ss = ci * ck, ci * sk, si * ck, si * sk
    return np.stack([cj * cc + sj * ss, cj * cs - sj * sc, -(cj * ss + sj * cc), cj * sc - sj * cs], axis=-1)


def hand_manipulate_compute_reward(config: dict[str, Any], achieved_goal: Any, desired_goal: Any,
                                   info: Any = None) -> np.ndarray:
    """gymnasium-robotics' MujocoManipulateEnv ``compute_reward`` for poses of
    shape (..., 7) (position, quaternion): sparse -> float32 success - 1,
    dense -> float64 -(10 d_pos + d_rot). The reference's Pen drops the
    z turn of the achieved orientation by indexing ``euler[2]``, which on a
    batch picks a row, not the z angle; here the z angle is dropped for every
    pose of a batch, as the reference does for one pose."""
    achieved = np.asarray(achieved_goal, dtype=np.float64)
    desired = np.asarray(desired_goal, dtype=np.float64)
    if achieved.shape != desired.shape or achieved.ndim == 0 or achieved.shape[-1] != 7:
        raise ValueError(f"compute_reward needs achieved_goal and desired_goal of the same shape (..., 7), got "
                         f"{achieved.shape} and {desired.shape}")
    d_pos = np.zeros_like(achieved[..., 0])
    if config["target_position"] != "ignore":
        d_pos = np.linalg.norm(achieved[..., :3] - desired[..., :3], axis=-1)
    quat_a, quat_b = achieved[..., 3:], desired[..., 3:]
    if config["ignore_z_target_rotation"]:
        quat_a = _quat_drop_z_turn(quat_a, quat_b)
    conjugate = quat_b * np.array([1.0, -1.0, -1.0, -1.0])
    d_rot = 2 * np.arccos(np.clip(_quat_mul(quat_a, conjugate)[..., 0], -1.0, 1.0))
    if config["reward_type"] == "sparse":
        success = (d_pos < config["distance_threshold"]).astype(np.float32) * (
            d_rot < config["rotation_threshold"]).astype(np.float32)
        return success - 1.0
    return -(10.0 * d_pos + d_rot)


# envpool's list (its registration.py): gymnasium-robotics 1.4.2's variants
# and the target options each sets; touch sensors for all but Full.
_HAND_OBJECTS: dict[str, dict[str, Any]] = {
    "Block": dict(xml="block", distance_threshold=0.01, randomize_initial_rotation=True,
                  ignore_z_target_rotation=False, variants={
                      "": ("random", "xyz"), "Full": ("random", "xyz"), "RotateParallel": ("ignore", "parallel"),
                      "RotateXYZ": ("ignore", "xyz"), "RotateZ": ("ignore", "z")}),
    "Egg": dict(xml="egg", distance_threshold=0.01, randomize_initial_rotation=True,
                ignore_z_target_rotation=False, variants={
                    "": ("random", "xyz"), "Full": ("random", "xyz"), "Rotate": ("ignore", "xyz")}),
    "Pen": dict(xml="pen", distance_threshold=0.05, randomize_initial_rotation=False,
                ignore_z_target_rotation=True, variants={
                    "": ("random", "xyz"), "Full": ("random", "xyz"), "Rotate": ("ignore", "xyz")}),
}
_TOUCH = {"": "off", "_BooleanTouchSensors": "boolean", "_ContinuousTouchSensors": "sensordata"}
_REWARDS = (("", "sparse"), ("Dense", "dense"))


def _hand_reference(task_id: str) -> str:
    """The gymnasium-robotics id and class an id plays (-v0 routed to -v3 / -v1)."""
    name = task_id.rsplit("-", 1)[0]
    if name.startswith("HandReach"):
        return f"gymnasium-robotics 1.4.2 {name}-v3 (MujocoHandReachEnv)"
    obj = next(o for o in _HAND_OBJECTS if name.startswith(f"HandManipulate{o}"))
    touch = "TouchSensors" if "TouchSensors" in name else ""
    return f"gymnasium-robotics 1.4.2 {name}-v1 (MujocoHand{obj}{touch}Env)"


for _suffix, _reward_type in _REWARDS:
    for _version in ("v0", "v3"):
        _id = f"HandReach{_suffix}-{_version}"
        register(_id, "robotics", "HandReachEnv", max_episode_steps=50, reference=_hand_reference(_id),
                 prepare=_prepare_hand, methods={"compute_reward": hand_reach_compute_reward}, base_path=_ASSETS,
                 reward_type=_reward_type, distance_threshold=0.01)

for _object, _conf in _HAND_OBJECTS.items():
    for _variant, (_position, _rotation) in _conf["variants"].items():
        for _touch_suffix, _touch in _TOUCH.items():
            if _touch != "off" and _variant == "Full":
                continue  # gymnasium-robotics (and envpool) have no Full with touch sensors
            _xml = f"hand/manipulate_{_conf['xml']}{'_touch_sensors' if _touch != 'off' else ''}.xml"
            for _suffix, _reward_type in _REWARDS:
                for _version in ("v0", "v1"):
                    _id = f"HandManipulate{_object}{_variant}{_touch_suffix}{_suffix}-{_version}"
                    register(_id, "robotics", "HandManipulateEnv", max_episode_steps=100,
                             reference=_hand_reference(_id), prepare=_prepare_hand,
                             methods={"compute_reward": hand_manipulate_compute_reward}, base_path=_ASSETS,
                             xml_file=_xml, reward_type=_reward_type, target_position=_position,
                             target_rotation=_rotation, randomize_initial_position=True,
                             randomize_initial_rotation=_conf["randomize_initial_rotation"],
                             ignore_z_target_rotation=_conf["ignore_z_target_rotation"],
                             distance_threshold=_conf["distance_threshold"], rotation_threshold=0.1,
                             touch_get_obs=_touch)
