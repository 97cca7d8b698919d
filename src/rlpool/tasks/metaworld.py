"""Meta-World v3 tasks, aligned with Farama Meta-World 3.0.0.

Models and meshes are the installed metaworld package's (``base_path``
points at its ``assets``; nothing is copied into rlpool). Ids follow envpool:
``MetaWorld/<Task>-v3`` with the task name in CamelCase (``reach-v3`` ->
``MetaWorld/Reach-v3``), 500 steps, goal hidden (``partially_observable``
on) as envpool's default. A single-task env draws a new goal every episode
from its own numpy Generator (Meta-World's ``seeded_rand_vec`` mode).
envpool's ``frame_skip`` (default 5, Meta-World's), ``frame_stack``
(default 1; k > 1 makes the observation (k, n), oldest first) and
``reward_threshold`` (default 10.0, what ``spec.reward_threshold`` shows) are
options of every id.

Multi-task pools: ``MetaWorld/MT10-v3`` and ``MetaWorld/MT50-v3`` run
Meta-World's MT10 and MT50 task lists, env i the task ``i % k``; ``info["task_id"]`` says which, and
``one_hot_task_id=True`` appends its one-hot id to the observation. Goals
are Meta-World's MT benchmark's: 50 per task from ``np.random.seed(seed)``
(the pool's ``seed``), one picked per episode by the env's Generator; the
goal is observable, as in Meta-World's MT benchmarks.
"""

from __future__ import annotations

import os
from typing import Any

from ..packages import package_dir, preload_libmujoco
from ..registry import register

REFERENCE_VERSION = "3.0.0"
# envpool's reward_threshold default, the native option's default too; gymnasium's
# registry (rlpool/MetaWorld/...) is given it here, before any config exists.
REWARD_THRESHOLD = 10.0

# Meta-World's ALL_V3_ENVIRONMENTS, in its order (MT50's task list). Every
# one is ported and aligned (tests/metaworld).
TASKS = [
    "assembly-v3", "basketball-v3", "bin-picking-v3", "box-close-v3", "button-press-topdown-v3",
    "button-press-topdown-wall-v3", "button-press-v3", "button-press-wall-v3", "coffee-button-v3", "coffee-pull-v3",
    "coffee-push-v3", "dial-turn-v3", "disassemble-v3", "door-close-v3", "door-lock-v3", "door-open-v3",
    "door-unlock-v3", "hand-insert-v3", "drawer-close-v3", "drawer-open-v3", "faucet-open-v3", "faucet-close-v3",
    "hammer-v3", "handle-press-side-v3", "handle-press-v3", "handle-pull-side-v3", "handle-pull-v3", "lever-pull-v3",
    "pick-place-wall-v3", "pick-out-of-hole-v3", "pick-place-v3", "plate-slide-v3", "plate-slide-side-v3",
    "plate-slide-back-v3", "plate-slide-back-side-v3", "peg-insert-side-v3", "peg-unplug-side-v3", "soccer-v3",
    "stick-push-v3", "stick-pull-v3", "push-v3", "push-wall-v3", "push-back-v3", "reach-v3", "reach-wall-v3",
    "shelf-place-v3", "sweep-into-v3", "sweep-v3", "window-open-v3", "window-close-v3",
]

MT10 = [
    "reach-v3", "push-v3", "pick-place-v3", "door-open-v3", "drawer-open-v3", "drawer-close-v3",
    "button-press-topdown-v3", "peg-insert-side-v3", "window-open-v3", "window-close-v3",
]
MT50 = TASKS


def task_id(name: str) -> str:
    """envpool's id for a Meta-World task name: ``door-open-v3`` -> ``MetaWorld/DoorOpen-v3``."""
    base, version = name.rsplit("-", 1)
    return "MetaWorld/" + "".join(part[:1].upper() + part[1:] for part in base.split("-")) + "-" + version


def _assets_dir() -> str:
    root = package_dir("metaworld")
    return os.path.join(root, "assets") if root else ""


preload_libmujoco("rlpool._metaworld")
_ASSETS = _assets_dir()


def _check_assets(config: dict[str, Any]) -> None:
    if not config["base_path"]:
        raise ValueError(
            "base_path is empty: the Meta-World models come from the metaworld package (found at import of rlpool "
            f"when installed: pip install metaworld=={REFERENCE_VERSION}), or pass base_path=<its assets folder>"
        )


def _prepare_single(config: dict[str, Any]) -> None:
    _check_assets(config)
    if config["task_name"] not in TASKS:
        raise ValueError(f"unknown Meta-World task {config['task_name']!r}; rlpool has: {', '.join(TASKS)}")
    if config["task_names"]:
        raise ValueError("task_names is for the multi-task pools (MetaWorld/MT10-v3); a single-task id runs "
                         "its own task_name")


def _multi_task(benchmark: str, names: list[str]):
    def prepare(config: dict[str, Any]) -> None:
        _check_assets(config)
        given = config["task_names"]
        listed = given.split(",") if isinstance(given, str) else list(given)
        if len(listed) != len(names):
            raise ValueError(f"{benchmark} runs {len(names)} tasks, got task_names with {len(listed)}: {given!r}; "
                             f"leave it at its default, {','.join(names)}")
        unknown = [n for n in listed if n not in TASKS]
        if unknown:
            raise ValueError(f"unknown Meta-World task(s) {', '.join(unknown)} in task_names; rlpool has: "
                             f"{', '.join(TASKS)}")
        config["task_names"] = ",".join(listed)
    return prepare


for _name in TASKS:
    register(task_id(_name), "metaworld", "MetaWorldEnv", max_episode_steps=500, reward_threshold=REWARD_THRESHOLD,
             reference=f"metaworld {REFERENCE_VERSION} {_name} (seeded_rand_vec)", prepare=_prepare_single,
             base_path=_ASSETS, task_name=_name)

for _bench, _names in (("MT10", MT10), ("MT50", MT50)):
    if all(n in TASKS for n in _names):
        register(f"MetaWorld/{_bench}-v3", "metaworld", "MetaWorldEnv", max_episode_steps=500,
                 reward_threshold=REWARD_THRESHOLD,
                 reference=f"metaworld {REFERENCE_VERSION} Meta-World/{_bench}", prepare=_multi_task(_bench, _names),
                 base_path=_ASSETS, task_names=",".join(_names), partially_observable=False)
