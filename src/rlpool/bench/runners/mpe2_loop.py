"""mpe2's own envs for the MPE tasks, stepped as PettingZoo users step them:
batch_size `ParallelEnv`s in a Python loop, one dict of actions per env per
step, each reset when its episode ends (what a vectorised PettingZoo wrapper
does in-process)."""

from __future__ import annotations

import importlib

import numpy as np

from .base import Runner, Skip
from .reference import _family


class Mpe2Parallel(Runner):
    library = "mpe2"
    mode = "sync"

    def open(self, actions: np.ndarray) -> None:
        try:
            module = importlib.import_module(f"mpe2.{self.point.task}")
        except ImportError:
            raise Skip("mpe2 is not installed (pip install mpe2==1.1.1)") from None
        self.envs = [module.parallel_env(**dict(self.point.options)) for _ in range(self.num_envs)]
        for i, env in enumerate(self.envs):
            env.reset(seed=i)
        agents = self.envs[0].possible_agents
        # actions: (batches, envs, players[, size]) -> per batch, one dict per env
        self.actions = [
            [{a: (row[p].item() if row[p].ndim == 0 else row[p][: self.envs[0].action_space(a).shape[0]])
              for p, a in enumerate(agents)} for row in batch]
            for batch in actions
        ]

    def run(self, iterations: int) -> int:
        envs = self.envs
        for batch in self._cycle(iterations):
            for env, act in zip(envs, batch):
                env.step(act)
                if not env.agents:
                    env.reset()
        return iterations * self.batch_size

    def close(self) -> None:
        for env in getattr(self, "envs", []):
            env.close()
        self.envs = []


def runners(point):
    if _family(point.task) == "mpe":
        yield Mpe2Parallel(point, point.batch_size)
