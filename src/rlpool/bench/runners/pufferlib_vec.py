"""PufferLib 3.0's native Ocean CartPole (rlpool/bench/pufferlib_ocean.py):
B envs in C, all stepped by one vec_step call on the calling thread, each
step's actions copied into PufferLib's own action buffer first, as its
Cartpole.step does. Runs only CartPole-v1's points: PufferLib's CartPole is
its own (episodes of at most 200 steps, its own reset draws), so the row
compares throughput, not trajectories."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches


class PufferOcean(Runner):
    library = "pufferlib"

    def open(self, actions: np.ndarray) -> None:
        from .. import pufferlib_ocean

        try:
            binding = pufferlib_ocean.cartpole_binding()
        except Exception as e:  # no network, no compiler: the row is skipped, saying why
            raise Skip(f"PufferLib {pufferlib_ocean.VERSION}'s Ocean CartPole could not be built: {e}") from e
        n = self.num_envs
        self.observations = np.zeros((n, 4), np.float32)
        self.buffer = np.zeros(n, np.float32)  # PufferLib's Cartpole keeps its actions as float32
        self.rewards = np.zeros(n, np.float32)
        self.terminals = np.zeros(n, bool)
        self.truncations = np.zeros(n, bool)
        self.binding = binding
        self.handle = binding.vec_init(self.observations, self.buffer, self.rewards, self.terminals,
                                       self.truncations, n, 0, continuous=0)
        binding.vec_reset(self.handle, 0)
        self.actions = as_batches(actions, np.float32)

    def run(self, iterations: int) -> int:
        buffer, step, handle = self.buffer, self.binding.vec_step, self.handle
        for a in self._cycle(iterations):
            buffer[:] = a
            step(handle)
        return iterations * self.num_envs

    def close(self) -> None:
        if getattr(self, "handle", None) is not None:
            self.binding.vec_close(self.handle)
            self.handle = None


def runners(point):
    if point.task == "CartPole-v1":
        yield PufferOcean(point, point.batch_size)
