"""procgen's own vectorised env for Procgen tasks: ProcgenGym3Env, one VecGame
of batch_size games stepped by its own C++ threads (as many as the point's),
with the task's options; the same libenv.so rlpool's envs use."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches
from .reference import _family

MODE_NAMES = {0: "easy", 1: "hard", 2: "extreme", 10: "memory", 20: "exploration"}


class ProcgenGym3(Runner):
    library = "procgen"
    mode = "sync"

    def open(self, actions: np.ndarray) -> None:
        import rlpool

        from ..procgen_reference import procgen_module

        try:
            procgen = procgen_module()
        except Exception as e:  # no network, pip failed, ...
            raise Skip(f"procgen 0.10.7 could not be fetched: {e}") from None
        config = rlpool.make_spec(self.point.task, **dict(self.point.options)).config
        self.env = procgen.ProcgenGym3Env(
            num=self.num_envs, env_name=config.env_name, distribution_mode=MODE_NAMES[config.distribution_mode],
            num_threads=self.point.cores, rand_seed=0)
        self.version = procgen.__version__.strip()
        self.actions = as_batches(actions, np.int32)

    def run(self, iterations: int) -> int:
        act, observe = self.env.act, self.env.observe
        for a in self._cycle(iterations):
            act(a)
            observe()
        return iterations * self.batch_size

    def close(self) -> None:
        self.env = None  # gym3's CEnv closes its libenv when collected


def runners(point):
    if _family(point.task) == "procgen":
        yield ProcgenGym3(point, point.batch_size)
