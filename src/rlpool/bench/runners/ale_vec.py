"""ale-py's AtariVectorEnv (its own C++ thread pool) for Atari tasks, sync,
with its default preprocessing (the same as envpool's) or the point's options."""

from __future__ import annotations

import inspect

import numpy as np

from .base import Runner, Skip, as_batches, version_of
from .reference import ale_game, is_atari


class AleVector(Runner):
    library = "ale-py"
    mode = "sync"

    def open(self, actions: np.ndarray) -> None:
        try:
            import ale_py
            from ale_py.vector_env import AtariVectorEnv
        except ImportError:
            raise Skip("ale-py (with AtariVectorEnv, >= 0.10) is not installed") from None
        params = inspect.signature(AtariVectorEnv).parameters
        kwargs = {"num_envs": self.num_envs}
        if "num_threads" in params:
            kwargs["num_threads"] = self.point.num_threads
        if "repeat_action_probability" in params:
            kwargs["repeat_action_probability"] = 0.0
        # The point's preprocessing options (e.g. the raw 210x160 frame) have
        # the same names in AtariVectorEnv as in rlpool and envpool.
        for name, value in self.point.options:
            if name not in params:
                raise Skip(f"ale-py's AtariVectorEnv has no option {name}")
            kwargs[name] = value
        self.env = AtariVectorEnv(ale_game(self.point.task), **kwargs)
        self.version = version_of(ale_py)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.reset(seed=0)

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


def runners(point):
    if is_atari(point.task):
        yield AleVector(point, point.batch_size)


def version() -> str:
    try:
        import ale_py
    except ImportError:
        return ""
    return version_of(ale_py)
