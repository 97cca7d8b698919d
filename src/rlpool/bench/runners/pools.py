"""rlpool and envpool (whose API rlpool keeps), stepped the same way: sync
with `step`, async with `async_reset` then `recv` / `send(actions, env_id)`.
envpool is imported only when a benchmark asks for it."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches, version_of
from .python_envs import ensure_registered


def _rlpool():
    import rlpool

    return rlpool


def _envpool():
    try:
        import envpool
    except ImportError:
        raise Skip("envpool is not installed (pip install 'rlpool[bench]')") from None
    return envpool


_MODULES = {"rlpool": _rlpool, "envpool": _envpool}


def _make(library: str, point, num_envs: int):
    module = _MODULES[library]()
    if library == "rlpool":
        ensure_registered(point.task)
    if point.task not in module.list_all_envs():
        raise Skip(f"{library} {version_of(module)} has no task {point.task}")
    try:
        return module.make(
            point.task,
            env_type="gymnasium",
            num_envs=num_envs,
            batch_size=point.batch_size,
            num_threads=point.num_threads,
            seed=0,
        )
    except ImportError as e:  # an rlpool family that was not built
        raise Skip(f"{library}'s module for {point.task} is not available ({e})") from None


class PoolSync(Runner):
    mode = "sync"
    has_modes = True

    def __init__(self, point, num_envs: int, library: str) -> None:
        super().__init__(point, num_envs)
        self.library = library

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.library, self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.reset()

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


class PoolAsync(PoolSync):
    mode = "async"

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.library, self.point, self.num_envs)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.async_reset()

    def run(self, iterations: int) -> int:
        send, recv = self.env.send, self.env.recv
        for a in self._cycle(iterations):
            info = recv()[4]
            send(a, info["env_id"])
        return iterations * self.batch_size


def runners(point, library: str):
    yield PoolSync(point, point.batch_size, library)
    if point.async_num_envs:
        yield PoolAsync(point, point.async_num_envs, library)


def version(library: str) -> str:
    try:
        return version_of(_MODULES[library]())
    except Skip:
        return ""
