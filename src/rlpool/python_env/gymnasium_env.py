"""A registered Python-written env as one plain gymnasium.Env, running the
author's functions as ordinary Python (no Numba compilation, no pool).

Two uses: a Python exception inside compiled code only surfaces as a status,
so running the same functions here shows its traceback; and gymnasium's
Sync/AsyncVectorEnv of it is the baseline rlpool's benchmark compares with.
Same state layout, same generator and draws, so from the same seed it gives
the same episodes as the pool (up to Python's float64 arithmetic, which the
compiled code also uses).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from .. import registry
from . import random
from .task import EnvClass


class PythonEnvGymnasium(gymnasium.Env):
    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, task_id: str, seed: int = 42) -> None:
        env_class = registry.get_task(task_id).env_class()
        if not isinstance(env_class, EnvClass):
            raise ValueError(f"{task_id} is not a Python-written env (rlpool.python_env.register)")
        layout = env_class.layout
        self._layout = layout
        self._reset_fn = env_class.py_reset
        self._step_fn = env_class.py_step
        self._step_takes_rng = env_class.compiled.step_takes_rng
        self.observation_space = layout.obs_space
        self.action_space = layout.action_space
        # Records as np.record (attribute access, as in compiled code: state.x).
        self._state_array = np.zeros(layout.state_size, dtype=layout.state_dtype)
        self._state = self._state_array.view(np.recarray)[0] if layout.state_is_record else self._state_array
        self._rng = random.new_state(seed)
        self._obs = np.zeros(layout.obs_view_shape, dtype=layout.obs_dtype)
        self._info = np.zeros(1, dtype=layout.info_dtype).view(np.recarray)[0]
        self._reward = np.zeros(1, dtype=np.float64)
        self._terminated = np.zeros(1, dtype=bool)
        self._discrete_action = layout.action_shape is None
        self._info_names = [n for n in layout.info_dtype.names if not n.startswith("_")]

    def _observation(self) -> np.ndarray:
        obs = self._obs.copy()
        return obs.reshape(self.observation_space.shape) if self._obs.shape != self.observation_space.shape else obs

    def _info_dict(self) -> dict[str, Any]:
        return {n: np.copy(self._info[n]) for n in self._info_names}

    def _check(self, what: str, status: Any) -> None:
        if status is not None and status != 0:
            raise RuntimeError(f"{self._layout.task_id}: {what} returned error status {int(status)}")

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            random.seed(self._rng, seed)
        self._check("reset", self._reset_fn(self._state, self._rng, self._obs, self._info))
        return self._observation(), self._info_dict()

    def step(self, action: Any):
        if self._discrete_action:
            action = int(action)
        else:
            action = np.asarray(action, dtype=self._layout.action_dtype).reshape(self._layout.action_shape)
        self._reward[0] = 0.0
        self._terminated[0] = False
        args = [self._state, action, self._obs, self._reward, self._terminated, self._info]
        if self._step_takes_rng:
            args.insert(1, self._rng)
        self._check("step", self._step_fn(*args))
        return self._observation(), float(self._reward[0]), bool(self._terminated[0]), False, self._info_dict()


def make_gymnasium_env(task_id: str, seed: int = 42, max_episode_steps: int | None = None) -> gymnasium.Env:
    """The task as a single gymnasium.Env (wrapped in TimeLimit at the task's
    max_episode_steps unless given), running the functions as plain Python."""
    task = registry.get_task(task_id)
    limit = max_episode_steps or task.defaults.get("max_episode_steps", registry.COMMON_DEFAULTS["max_episode_steps"])
    return gymnasium.wrappers.TimeLimit(PythonEnvGymnasium(task_id, seed), max_episode_steps=int(limit))
