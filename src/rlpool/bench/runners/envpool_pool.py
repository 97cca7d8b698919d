"""envpool 1.x (the system rlpool re-builds), sync and async, stepped exactly
as rlpool is. Imported only when a benchmark asks for it."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches, version_of


def _envpool():
    try:
        import envpool
    except ImportError:
        raise Skip("envpool is not installed (pip install 'rlpool[bench]')") from None
    return envpool


def _make(point, num_envs):
    envpool = _envpool()
    if point.task not in envpool.list_all_envs():
        raise Skip(f"envpool {envpool.__version__} has no task {point.task}")
    return envpool.make(
        point.task,
        env_type="gymnasium",
        num_envs=num_envs,
        batch_size=point.batch_size,
        num_threads=point.num_threads,
        seed=0,
    )


class EnvpoolSync(Runner):
    library = "envpool"
    mode = "sync"
    has_modes = True

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.action_space.dtype)
        self.env.reset()

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


class EnvpoolAsync(Runner):
    library = "envpool"
    mode = "async"
    has_modes = True

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.action_space.dtype)
        self.env.async_reset()

    def run(self, iterations: int) -> int:
        send, recv = self.env.send, self.env.recv
        for a in self._cycle(iterations):
            info = recv()[4]
            send(a, info["env_id"])
        return iterations * self.batch_size


def runners(point):
    yield EnvpoolSync(point, point.batch_size)
    if point.async_num_envs:
        yield EnvpoolAsync(point, point.async_num_envs)


def version() -> str:
    try:
        return version_of(_envpool())
    except Skip:
        return ""
