"""Stable-Baselines3 ``VecEnv`` over an rlpool pool.

    from rlpool.integrations.sb3 import RlpoolVecEnv
    from stable_baselines3 import PPO
    env = RlpoolVecEnv("CartPole-v1", num_envs=8, seed=0)
    PPO("MlpPolicy", env).learn(100_000)

SB3 expects the same-step autoreset of its own vector envs: a ``step_wait``
that ends an episode already returns the next episode's first observation and
puts the ending one in ``info["terminal_observation"]``, with
``info["TimeLimit.truncated"]`` set when the episode was cut by the time limit
rather than terminated; PPO bootstraps the value of exactly those. The pool
is therefore made with ``autoreset_mode="same_step"``, whose ``final_obs``
fills ``terminal_observation``.

The envs are native, so there are no per-env Python objects: ``get_attr``
reads the pool's attributes (the same for every env) unless ``set_attr``
stored a value for that env, ``env_method`` has no per-env methods to call,
and ``env_is_wrapped`` is False for every gymnasium wrapper. ``seed(s)``
takes effect at the next ``reset()`` by re-making the pool with env ``i``
seeded ``s + i``, as SB3's own vector envs re-seed on reset.

This module imports stable_baselines3 and is only imported when used: rlpool
itself does not depend on SB3 or torch (``pip install "rlpool[sb3]"``).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from .. import envs as rl_envs

_FIXED = {"autoreset_mode": "same_step"}


class RlpoolVecEnv(VecEnv):
    """A synchronous SB3 vector env stepping ``num_envs`` copies of ``task_id``
    in one rlpool pool. ``make_kwargs`` go to ``rlpool.make`` (num_envs, seed,
    num_threads, family options); batch_size must stay num_envs (SB3 steps
    every env each call)."""

    def __init__(self, task_id: str, **make_kwargs: Any) -> None:
        for key, value in _FIXED.items():
            if make_kwargs.get(key, value) != value:
                raise ValueError(f"RlpoolVecEnv needs {key}={value!r} (SB3 resets in the ending step), got {make_kwargs[key]!r}")
        num_envs = make_kwargs.get("num_envs", 1)
        if make_kwargs.get("batch_size", 0) not in (0, num_envs):
            raise ValueError(
                f"RlpoolVecEnv steps every env each call: batch_size must be 0 or num_envs={num_envs}, "
                f"got {make_kwargs['batch_size']}"
            )
        self._task_id = task_id
        self._make_kwargs = {**make_kwargs, **_FIXED}
        self.pool = rl_envs.make_gymnasium(task_id, **self._make_kwargs)
        self._overrides: list[dict[str, Any]] = []
        self._actions: np.ndarray | None = None
        self.render_mode = None
        # VecEnv.__init__ reads get_attr("render_mode"), which needs these set first.
        self._overrides = [{} for _ in range(self.pool.num_envs)]
        super().__init__(self.pool.num_envs, self.pool.single_observation_space, self.pool.single_action_space)

    # -- stepping -------------------------------------------------------------
    def reset(self):
        if any(seed is not None for seed in self._seeds):
            self._reseed(self._seeds)
        obs, info = self.pool.reset()
        self.reset_infos = self._info_list(info, np.zeros(self.num_envs, bool))
        self._reset_seeds()
        self._reset_options()
        return self._copy(obs)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(actions) before it")
        actions, self._actions = self._actions, None
        obs, reward, terminated, truncated, info = self.pool.step(actions)
        done = terminated | truncated
        infos = self._info_list(info, done)
        for i in np.flatnonzero(done):
            infos[i]["terminal_observation"] = _row(info["final_obs"], i)
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return self._copy(obs), np.asarray(reward, np.float32), done, infos

    def close(self) -> None:
        self.pool.close()

    # -- per-env access -------------------------------------------------------
    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        found = []
        for i in self._indices(indices):
            if attr_name in self._overrides[i]:
                found.append(self._overrides[i][attr_name])
            else:
                found.append(getattr(self.pool, attr_name))  # AttributeError names what is missing
        return found

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        for i in self._indices(indices):
            self._overrides[i][attr_name] = value

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
        raise AttributeError(
            f"env_method({method_name!r}): rlpool's envs are native C++ objects with no per-env Python "
            "methods; call the pool's own methods on RlpoolVecEnv.pool instead"
        )

    def env_is_wrapped(self, wrapper_class: type, indices=None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        # The base class stores seed + i for the next reset(), which re-makes the pool with them.
        return super().seed(seed)

    # -- helpers --------------------------------------------------------------
    def _reseed(self, seeds: Sequence[int | None]) -> None:
        base = int(seeds[0]) if seeds[0] is not None else 0
        env_seed = [int(s) if s is not None else base + i for i, s in enumerate(seeds)]
        self.pool.close()
        kwargs = {k: v for k, v in self._make_kwargs.items() if k not in ("seed", "env_seed")}
        self.pool = rl_envs.make_gymnasium(self._task_id, env_seed=env_seed, **kwargs)

    def _indices(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            indices = [indices]
        out = [int(i) for i in indices]
        bad = [i for i in out if not 0 <= i < self.num_envs]
        if bad:
            raise IndexError(f"env indices {bad} out of range 0..{self.num_envs - 1}")
        return out

    @staticmethod
    def _copy(obs):
        # The pool hands fresh arrays each call; SB3 keeps them in its buffers as they are.
        return {k: np.asarray(v) for k, v in obs.items()} if isinstance(obs, dict) else np.asarray(obs)

    def _info_list(self, info: dict, done: np.ndarray) -> list[dict[str, Any]]:
        """One dict per env, as SB3 wants; the same-step final_* fields are
        reported as terminal_observation instead."""
        keys = [k for k in info if not k.startswith("_") and not k.startswith("final_")]
        return [{k: _row(info[k], i) for k in keys} for i in range(self.num_envs)]


def _row(value: Any, i: int) -> Any:
    if isinstance(value, dict):
        return {k: _row(v, i) for k, v in value.items()}
    return value[i]
