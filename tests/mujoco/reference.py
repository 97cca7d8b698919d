"""gymnasium's own envs as the reference, and how to put one in rlpool's state."""

from __future__ import annotations

import types
import warnings

import gymnasium
import numpy as np

TASKS = [
    f"{name}-{version}"
    for name in (
        "Ant", "HalfCheetah", "Hopper", "Humanoid", "HumanoidStandup", "InvertedPendulum",
        "InvertedDoublePendulum", "Pusher", "Reacher", "Swimmer", "Walker2d",
    )
    for version in ("v4", "v5")
]


def make_reference(task_id: str, **kwargs):
    """gymnasium.make(task_id), with its TimeLimit. Pusher-v4 refuses to run
    under mujoco >= 3, so it is built from gymnasium's pusher_v4 class with
    that version check fooled: the reference is then v4's formulas and XML run
    on the installed mujoco, which is what rlpool's Pusher-v4 promises."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if task_id != "Pusher-v4":
            return gymnasium.make(task_id, **kwargs)
        from gymnasium.envs.mujoco import pusher_v4

        real = pusher_v4.mujoco
        pusher_v4.mujoco = types.SimpleNamespace(__version__="2.3.7")
        try:
            env = pusher_v4.PusherEnv(**kwargs)
        finally:
            pusher_v4.mujoco = real
        return gymnasium.wrappers.TimeLimit(env, max_episode_steps=100)


def sync(ref, info: dict, row: int = 0) -> np.ndarray:
    """Resets `ref` and gives it the qpos/qvel rlpool's env started its episode
    from (the debug_state fields); returns gymnasium's observation of it."""
    ref.reset(seed=0)
    env = ref.unwrapped
    env.set_state(np.array(info["qpos0"][row]), np.array(info["qvel0"][row]))
    return env._get_obs()


def reset_info(ref) -> dict:
    env = ref.unwrapped
    return env._get_reset_info() if hasattr(env, "_get_reset_info") else {}
