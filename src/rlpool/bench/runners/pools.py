"""rlpool and envpool (whose API rlpool keeps), stepped the same way: sync
with `step`, async with `async_reset` then `recv` / `send(actions, env_id)`.
envpool is imported only when a benchmark asks for it."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches, version_of
from .python_envs import TWINS, ensure_registered


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


def _make(library: str, point, num_envs: int, task: str = ""):
    task = task or point.task
    module = _MODULES[library]()
    if library == "rlpool":
        ensure_registered(task)
    if task not in module.list_all_envs():
        raise Skip(f"{library} {version_of(module)} has no task {task}")
    try:
        return module.make(
            task,
            env_type="gymnasium",
            num_envs=num_envs,
            batch_size=point.batch_size,
            num_threads=point.num_threads,
            seed=0,
            **dict(point.options),
        )
    except ImportError as e:  # an rlpool family that was not built
        raise Skip(f"{library}'s module for {point.task} is not available ({e})") from None


class PoolSync(Runner):
    mode = "sync"
    has_modes = True

    def __init__(self, point, num_envs: int, library: str, module: str = "", task: str = "") -> None:
        super().__init__(point, num_envs)
        self.library = library  # the name in tables and --libraries
        self.module = module or library  # the package that makes the pool
        self.task = task  # the task it makes, when not the point's (a C++ twin)

    def open(self, actions: np.ndarray) -> None:
        self.env = _make(self.module, self.point, self.num_envs, self.task)
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
        self.env = _make(self.module, self.point, self.num_envs, self.task)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.async_reset()
        self._paused: list = []

    def run(self, iterations: int) -> int:
        send, recv = self.env.send, self.env.recv
        for a in self._cycle(iterations):
            info = recv()[4]
            send(a, info["env_id"])
        return iterations * self.batch_size

    def pause(self) -> int:
        """Receives every env in flight (their ids kept, in batches)."""
        self._paused = [self.env.recv()[4]["env_id"] for _ in range(self.num_envs // self.batch_size)]
        return sum(len(ids) for ids in self._paused)

    def resume(self) -> None:
        """Sends the envs pause() received: every env in flight again."""
        for ids in self._paused:
            self.env.send(self.actions[0], ids)
        self._paused = []


def runners(point, library: str):
    """library: "rlpool", "envpool", or "cpp-twin" (rlpool's C++ twin of a
    Python-written task). envpool, which has no Python-written envs, steps
    the twin too, so one point compares them all in interleaved rounds."""
    twin = TWINS.get(point.task, "")
    if library == "cpp-twin":
        if not twin:
            return
        module, task = "rlpool", twin
    else:
        module, task = library, (twin if library == "envpool" else "")
    yield PoolSync(point, point.batch_size, library, module, task)
    if point.async_num_envs:
        yield PoolAsync(point, point.async_num_envs, library, module, task)


def version(library: str) -> str:
    try:
        return version_of(_MODULES[library]())
    except Skip:
        return ""
