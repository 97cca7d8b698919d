"""One rlpool env as a plain ``gymnasium.Env``: what ``gymnasium.make("rlpool/<id>")``
returns, and what ``make_vec``'s ``sync`` / ``async`` modes put in each slot.

It steps a pool of one env. A gymnasium Env does not reset by itself, while
the pool does (its autoreset is how it keeps threads busy); the caller's
``reset()`` after an episode ends resets the env explicitly, so the pool's
autoreset is never reached in normal use. ``reset(seed=s)`` makes a new pool
seeded ``s`` (the pool's seeds are fixed when it is made); ``reset()`` without
a seed starts the env's next episode from its own generator, as gymnasium's
envs continue theirs.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from . import envs


def _row(value: Any) -> Any:
    """Row 0 of a batched value (dicts, a Dict observation or ``players``, recursively)."""
    if isinstance(value, dict):
        return {k: _row(v) for k, v in value.items()}
    return value[0]


class RlpoolEnv(gymnasium.Env):
    # rgb_array only: "human" needs opencv and opens a window (check_env would
    # open one for every mode listed here). Which envs render is per task; the
    # instance's metadata says it.
    metadata = {"render_modes": ["rgb_array"]}

    def __init__(self, task_id: str, render_mode: str | None = None, **options: Any) -> None:
        for key, allowed in (("num_envs", (1,)), ("batch_size", (0, 1))):
            if options.get(key, allowed[0]) not in allowed:
                raise ValueError(
                    f"gymnasium.make('rlpool/{task_id}') makes one env, so {key} must be {allowed[0]}, got "
                    f"{options[key]!r}; for many envs in one pool use gymnasium.make_vec(..., num_envs=n, "
                    f"vectorization_mode='vector_entry_point')"
                )
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', got {render_mode!r}")
        self._task_id = task_id
        self._options = {**options, "num_envs": 1}
        self.render_mode = render_mode
        self._pool = self._make_pool({})
        # A multi-agent task's one env is all its agents: (players, ...)
        # observations and actions, and the sum of their rewards.
        self._players = int(self._pool.spec.fields.get("num_players", 0))
        spec = self._pool.spec
        self.observation_space = spec.observation_space if self._players else self._pool.single_observation_space
        self.action_space = spec.action_space if self._players else self._pool.single_action_space
        can_render = hasattr(self._pool._pool, "render")
        self.metadata = {**type(self).metadata, "render_modes": ["rgb_array"] if can_render else []}

    def _make_pool(self, seeding: dict[str, Any]) -> envs.GymnasiumEnvPool:
        render = {"render_mode": self.render_mode} if self.render_mode else {}
        return envs.make_gymnasium(self._task_id, **{**self._options, **seeding, **render})

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if options:
            raise ValueError(f"reset options are not supported by rlpool envs, got {sorted(options)}")
        if seed is not None:
            self._pool.close()
            self._pool = self._make_pool({"seed": seed, "env_seed": []})
            obs, info = self._pool.reset()
        else:
            obs, info = self._pool.reset()
        return self._one(obs), self._info(info, None)

    def step(self, action: Any):
        obs, reward, terminated, truncated, info = self._pool.step(self._batch_of_one(action))
        total = float(reward.sum(dtype=np.float64)) if self._players else float(reward[0])
        return self._one(obs), total, bool(terminated[0]), bool(truncated[0]), self._info(info, reward)

    def _batch_of_one(self, action: Any) -> np.ndarray:
        """The pool's batch of one action. Checked here so that the error
        names this env's own action space (the pool's would speak of a batch)."""
        if isinstance(action, dict):
            raise TypeError(
                f"action must be one action of {self.action_space}, got a dict with keys {sorted(map(str, action))}"
            )
        action = np.asarray(action)
        if action.shape != self.action_space.shape:
            raise ValueError(
                f"action has shape {action.shape}, expected {self.action_space.shape}: one action of "
                f"{self.action_space} (gymnasium.make('rlpool/{self._task_id}') is a single env)"
            )
        return action[None]

    def _one(self, obs: Any) -> Any:
        """The env's observation: row 0 (of each key of a Dict observation),
        or every player's row of a multi-agent task."""
        return obs if self._players else _row(obs)

    def _info(self, info: dict, reward: np.ndarray | None) -> dict:
        """Row 0 of every info field; a multi-agent task's players ids stay
        one per agent, and its agents' own rewards are info["rewards"]."""
        if not self._players:
            return _row(info)
        one = _row({k: v for k, v in info.items() if k != "players"})
        one["players"] = info["players"]
        one["rewards"] = np.zeros(self._players, np.float32) if reward is None else reward
        return one

    def render(self):
        if self.render_mode is None:
            raise RuntimeError("render() needs gymnasium.make(..., render_mode='rgb_array')")
        return self._pool.render()[0]

    def close(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.close()
