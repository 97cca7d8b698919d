"""rlpool itself: sync (`step`) and async (`async_reset`, then `recv` and
`send(actions, env_id)`) on the native thread pool."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches


def _make(point, num_envs):
    import rlpool
    from rlpool import registry

    try:
        registry.get_task(point.task)
    except ValueError as e:
        raise Skip(f"rlpool has no task {point.task}: {e}") from None
    try:
        return rlpool.make(
            point.task,
            env_type="gymnasium",
            num_envs=num_envs,
            batch_size=point.batch_size,
            num_threads=point.num_threads,
            seed=0,
        )
    except ImportError as e:
        raise Skip(f"rlpool family for {point.task} is not built ({e})") from None


class RlpoolSync(Runner):
    library = "rlpool"
    mode = "sync"
    has_modes = True

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.reset()

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


class RlpoolAsync(Runner):
    library = "rlpool"
    mode = "async"
    has_modes = True

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.async_reset()

    def run(self, iterations: int) -> int:
        send, recv = self.env.send, self.env.recv
        for a in self._cycle(iterations):
            info = recv()[4]
            send(a, info["env_id"])
        return iterations * self.batch_size


def runners(point):
    yield RlpoolSync(point, point.batch_size)
    if point.async_num_envs:
        yield RlpoolAsync(point, point.async_num_envs)


def version() -> str:
    import rlpool

    return rlpool.__version__
