"""mpe2's own envs for the MPE tasks, stepped as PettingZoo users step them:
batch_size `ParallelEnv`s in a Python loop, one dict of actions per env per
step, each reset when its episode ends; and SuperSuit's vector wrappers of
the same envs (one row per agent, as rlpool's gymnasium face), in-process
(`supersuit`) and in worker processes, one per core (`supersuit-procs`).
The two-player Atari ids get PettingZoo's own Atari envs in the same loop
(`pettingzoo`), which draw its bare frames: their points set rlpool's
options to the same (scenarios.RAW_TWO_PLAYER)."""

from __future__ import annotations

import importlib

import numpy as np

from .base import Runner, Skip
from .reference import _family


class Mpe2Parallel(Runner):
    library = "mpe2"
    mode = "sync"

    def make(self):
        try:
            module = importlib.import_module(f"mpe2.{self.point.task}")
        except ImportError:
            raise Skip("mpe2 is not installed (pip install mpe2==1.1.1)") from None
        return module.parallel_env(**dict(self.point.options))

    def open(self, actions: np.ndarray) -> None:
        self.envs = [self.make() for _ in range(self.num_envs)]
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


class PettingZooAtari(Mpe2Parallel):
    library = "pettingzoo"

    def make(self):
        from rlpool.tasks.atari import roms_dir
        from rlpool.tasks.atari_multi import GAMES

        try:
            module = importlib.import_module(f"pettingzoo.atari.{GAMES[self.point.task][0]}")
            return module.parallel_env(auto_rom_install_path=roms_dir())
        except ImportError as e:
            raise Skip(f"PettingZoo's Atari envs do not import ({e}; pip install 'rlpool[atari-multi]')") from None


class SuperSuitVec(Runner):
    library = "supersuit"
    mode = "sync"
    num_cpus = 0  # in-process: ConcatVecEnv

    def open(self, actions: np.ndarray) -> None:
        try:
            import supersuit
        except ImportError:
            raise Skip("supersuit is not installed (pip install 'rlpool[bench]')") from None
        module = importlib.import_module(f"mpe2.{self.point.task}")
        # SuperSuit needs one space for every agent: its pad wrappers (no-ops
        # where the agents agree) widen them as rlpool's rows are widened.
        env = module.parallel_env(**dict(self.point.options))
        env = supersuit.pad_action_space_v0(supersuit.pad_observations_v0(env))
        vec = supersuit.pettingzoo_env_to_vec_env_v1(env)
        self.env = supersuit.concat_vec_envs_v1(vec, self.num_envs, num_cpus=self.num_cpus, base_class="gymnasium")
        self.env.reset(seed=0)
        # (batches, envs, players[, size]) -> (batches, envs x players[, size]): rlpool's flat rows
        self.actions = list(actions.reshape((actions.shape[0], -1) + actions.shape[3:]))

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


class SuperSuitProcs(SuperSuitVec):
    library = "supersuit-procs"
    starts_processes = True

    @property
    def num_cpus(self) -> int:
        return self.point.cores


def runners(point):
    if _family(point.task) == "mpe":
        yield Mpe2Parallel(point, point.batch_size)
        yield SuperSuitVec(point, point.batch_size)
        yield SuperSuitProcs(point, point.batch_size)
    elif _family(point.task) == "atari_multi":
        yield PettingZooAtari(point, point.batch_size)
