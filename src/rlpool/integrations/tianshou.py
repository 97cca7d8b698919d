"""Tianshou 2.x on rlpool, where Tianshou takes envpool.

Tianshou's low-level API needs no adapter: its ``Collector`` takes an envpool
pool as it is (a vector env with ``len()``, ``step(action, env_ids)``,
``reset(env_id=...)`` and info as a dict of arrays), and rlpool's gymnasium
face is the same:

    import rlpool
    from tianshou.data import Collector, VectorReplayBuffer
    train_envs = rlpool.make_gymnasium("CartPole-v1", num_envs=8, seed=0)
    collector = Collector(algorithm, train_envs, VectorReplayBuffer(20000, 8))

The high-level API makes its vector envs through ``EnvPoolFactory``, which
imports envpool; ``RlpoolEnvFactory`` here is that factory making rlpool
pools instead:

    from tianshou.highlevel.env import EnvFactoryRegistered, VectorEnvType
    from rlpool.integrations.tianshou import RlpoolEnvFactory
    EnvFactoryRegistered(task="rlpool/CartPole-v1", venv_type=VectorEnvType.DUMMY,
                         envpool_factory=RlpoolEnvFactory())

(``rlpool/CartPole-v1`` is gymnasium's id of the rlpool task, so the single
envs Tianshou makes with ``gymnasium.make`` are rlpool's too; a plain
``CartPole-v1`` works as well and makes those from gymnasium's own.)

Tianshou resets ended envs itself (``reset(env_id=...)`` for the envs that
ended), so pools keep the default next-step autoreset and never reach it.
Dict observations (robotics, dm_control) do not fit Tianshou's Collector,
which indexes the observation batch as one array; the factory says so rather
than letting the Collector fail on its first step.
This module imports tianshou and is only imported when used
(``pip install "rlpool[tianshou]"``).
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from tianshou.highlevel.env import EnvMode, EnvPoolFactory

from .. import envs as rl_envs
from ..gymnasium_registry import task_id_of


class RlpoolEnvFactory(EnvPoolFactory):
    """Tianshou's ``EnvPoolFactory`` making rlpool pools: ``task`` is an rlpool
    task id, ``kwargs`` (what would go to ``gymnasium.make``) go to
    ``rlpool.make`` as options, less ``render_mode`` as for envpool."""

    def _transform_task(self, task: str) -> str:
        return task_id_of(task)  # rlpool/CartPole-v1 -> CartPole-v1

    def create_venv(self, task: str, num_envs: int, mode: EnvMode, seed: int, kwargs: dict[str, Any]):
        options = self._transform_kwargs(kwargs, mode)
        pool = rl_envs.make_gymnasium(self._transform_task(task), num_envs=num_envs, seed=seed, **options)
        obs_space = pool.single_observation_space
        if isinstance(obs_space, spaces.Dict):
            pool.close()
            raise TypeError(
                f"{pool.spec.id}'s observation is a Dict (keys {list(obs_space.spaces)}), and Tianshou's Collector "
                "indexes a pool's observations as one array (obs[env_ids]), as envpool's pools give them; pick a "
                "task with an array observation, or flatten the Dict in a gymnasium wrapper of single envs and use "
                "Tianshou's own vector envs"
            )
        return pool
