"""DeepMind Control Suite tasks, aligned with dm_control 1.0.50's ``suite``.

Task ids follow envpool: ``<Domain><Task>-v1`` with each underscore-separated
word capitalised (``ball_in_cup``/``catch`` -> ``BallInCupCatch-v1``). Models
are the XML files of the installed dm-control package (``base_path`` points at
its ``suite`` folder). Options: ``task_name`` (fixed per id), ``frame_skip``
(physics steps per control step: dm_control's ``n_sub_steps``, default the
task's own control timestep over the model's timestep), ``max_episode_steps``
(the time limit in control steps, default the task's own) and ``debug_state``
(test-only: info also holds ``reward64``, the float64 reward).
"""

from __future__ import annotations

import os

from ..packages import package_dir, preload_libmujoco
from ..registry import register

_REF = "dm_control 1.0.50 suite"


def _suite_dir() -> str:
    """dm_control's suite folder, found without importing dm_control."""
    root = package_dir("dm_control")
    return os.path.join(root, "suite") if root else ""


preload_libmujoco("rlpool._dm_control")
_SUITE = _suite_dir()

# (domain, native class, {task: frame_skip}); frame_skip is dm_control's
# n_sub_steps = control timestep / physics timestep. Every task's time limit
# is 1000 control steps (lqr has none in dm_control; 1000 as in envpool).
DOMAINS: list[tuple[str, str, dict[str, int]]] = [
    ("acrobot", "Acrobot", {"swingup": 1, "swingup_sparse": 1}),
    ("ball_in_cup", "BallInCup", {"catch": 10}),
    ("cartpole", "Cartpole", {"balance": 1, "balance_sparse": 1, "swingup": 1, "swingup_sparse": 1,
                              "two_poles": 1, "three_poles": 1}),
    ("cheetah", "Cheetah", {"run": 1}),
    ("dog", "Dog", {"stand": 3, "walk": 3, "trot": 3, "run": 3, "fetch": 3}),
    ("finger", "Finger", {"spin": 2, "turn_easy": 2, "turn_hard": 2}),
    ("fish", "Fish", {"upright": 10, "swim": 10}),
    ("hopper", "Hopper", {"stand": 4, "hop": 4}),
    ("humanoid", "Humanoid", {"stand": 5, "walk": 5, "run": 5, "run_pure_state": 5}),
    ("humanoid_CMU", "HumanoidCMU", {"stand": 10, "walk": 10, "run": 10}),
    ("lqr", "Lqr", {"lqr_2_1": 1, "lqr_6_2": 1}),
    ("manipulator", "Manipulator", {"bring_ball": 10, "bring_peg": 10, "insert_ball": 10, "insert_peg": 10}),
    ("pendulum", "Pendulum", {"swingup": 1}),
    ("point_mass", "PointMass", {"easy": 1, "hard": 1}),
    ("quadruped", "Quadruped", {"walk": 4, "run": 4, "escape": 4, "fetch": 4}),
    ("reacher", "Reacher", {"easy": 1, "hard": 1}),
    ("stacker", "Stacker", {"stack_2": 10, "stack_4": 10}),
    ("swimmer", "Swimmer", {"swimmer6": 15, "swimmer15": 15}),
    ("walker", "Walker", {"stand": 10, "walk": 10, "run": 10}),
]

MAX_EPISODE_STEPS = 1000


def task_id(domain: str, task: str) -> str:
    """envpool's id for a suite task: ('ball_in_cup', 'catch') -> 'BallInCupCatch-v1'."""
    words = domain.split("_") + task.split("_")
    return "".join(w[:1].upper() + w[1:] for w in words) + "-v1"


for _domain, _cls, _tasks in DOMAINS:
    for _task, _frame_skip in _tasks.items():
        register(task_id(_domain, _task), "dm_control", _cls, reference=_REF, task_name=_task,
                 frame_skip=_frame_skip, max_episode_steps=MAX_EPISODE_STEPS, base_path=_SUITE)
