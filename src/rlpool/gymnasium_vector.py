"""The pool ``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``
returns: rlpool's gymnasium face, held to gymnasium's VectorEnv contract where
envpool's face departs from it, because frameworks that build their envs with
``make_vec`` (RLlib's EnvRunners) rely on that contract:

- ``observation_space`` / ``action_space`` are the batched spaces (envpool's
  face gives the single-env ones there);
- ``reset(seed=s)`` re-seeds: env i gets ``s + i``, or ``s[i]`` for a list of
  ``num_envs`` seeds, as gymnasium's Sync/AsyncVectorEnv do. The pool's seeds
  are fixed when it is made, so a seeded reset makes a new pool with the same
  options (threads and all; the old one is closed first);
- ``spec`` stays rlpool's EnvSpec; the gymnasium EnvSpec that ``make_vec``
  records is kept as ``gymnasium_spec``;
- an action of the wrong shape is reported against the batched
  ``action_space`` (the pool's own message speaks of the single-env one).
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np
from gymnasium.envs.registration import EnvSpec as GymnasiumEnvSpec
from gymnasium.vector.utils import batch_space

from . import envs


class GymnasiumVectorPool(envs.GymnasiumEnvPool):
    gymnasium_spec: GymnasiumEnvSpec | None = None

    def __init__(self, task_id: str, **options: Any) -> None:
        self._render = envs._render_options(options)
        super().__init__(envs.EnvSpec(task_id, **options))
        self._batch_spaces()
        try:
            self._init_render(self._render)
        except BaseException:
            self.close()
            raise

    def _batch_spaces(self) -> None:
        self.observation_space = batch_space(self.single_observation_space, self._batch_size)
        self.action_space = batch_space(self.single_action_space, self._batch_size)

    # make_vec assigns env.unwrapped.spec its own record of how the env was made.
    @property
    def spec(self):
        return self._rlpool_spec

    @spec.setter
    def spec(self, value) -> None:
        if isinstance(value, GymnasiumEnvSpec):
            self.gymnasium_spec = value
        else:
            self._rlpool_spec = value

    def step(self, action: Any, env_id: Any = None):
        try:
            return super().step(action, env_id)
        except ValueError as error:
            # Only on the error path: the happy path pays nothing for this.
            shape = None if isinstance(action, dict) else np.shape(action)
            if env_id is None and shape is not None and shape != self.action_space.shape:
                raise ValueError(
                    f"action has shape {shape}, expected {self.action_space.shape}: env.action_space of this "
                    f"make_vec env is the batch of num_envs={self._num_envs} actions of {self.single_action_space}"
                ) from error
            raise

    def reset(self, env_id: Any = None, *, seed: Any = None, options: dict | None = None):
        if seed is not None:
            if env_id is not None or (options and "reset_mask" in options):
                raise ValueError("reset(seed=...) re-seeds every env; it cannot be combined with env_id or reset_mask")
            self._reseed(seed)
        return super().reset(env_id, options=options)

    def _reseed(self, seed: Any) -> None:
        config = dict(self.spec._config_dict)
        if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
            config.update(seed=int(seed), env_seed=[])
        else:
            try:
                seeds = [int(s) for s in seed]
            except (TypeError, ValueError):
                raise TypeError(f"seed must be an int or a list of {self._num_envs} ints, got {seed!r}") from None
            if len(seeds) != self._num_envs:
                raise ValueError(f"seed list must have one seed per env ({self._num_envs}), got {len(seeds)}")
            config.update(env_seed=seeds)
        spec = envs.EnvSpec(self.spec.id, **config)  # checks the seeds before the old pool goes
        self._pool.close()
        self._init_pool(spec)
        self._init_render(self._render)
