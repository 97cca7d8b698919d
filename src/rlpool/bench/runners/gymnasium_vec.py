"""gymnasium's vector envs: SyncVectorEnv (one process), AsyncVectorEnv (one
subprocess per env) and, where the task has one, its numpy-vectorised
implementation (`vectorization_mode="vector_entry_point"`, e.g. CartPole)."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches
from .reference import gymnasium_recipe, is_atari, make_single


class GymnasiumVector(Runner):
    library = ""
    vectorization_mode = ""

    def open(self, actions: np.ndarray) -> None:
        import gymnasium

        task = self.point.task
        if self.vectorization_mode == "vector_entry_point":
            gym_id, kwargs, _ = gymnasium_recipe(task)
            if gymnasium.spec(gym_id).vector_entry_point is None:
                raise Skip(f"gymnasium has no numpy-vectorised {gym_id}")
            self.env = gymnasium.make_vec(gym_id, num_envs=self.num_envs, vectorization_mode="vector_entry_point", **kwargs)
        else:
            make_single(task).close()  # fails here, with a clear note, if a dependency is missing
            env_fns = [lambda: make_single(task)] * self.num_envs
            if self.vectorization_mode == "sync":
                self.env = gymnasium.vector.SyncVectorEnv(env_fns)
            else:
                try:
                    self.env = gymnasium.vector.AsyncVectorEnv(env_fns)
                except ValueError:
                    # Spaces shared memory cannot hold (MiniGrid's mission string): plain pipes.
                    self.env = gymnasium.vector.AsyncVectorEnv(env_fns, shared_memory=False)
        self.actions = as_batches(actions, self.env.single_action_space.dtype)
        self.env.reset(seed=0)

    def run(self, iterations: int) -> int:
        step = self.env.step
        for a in self._cycle(iterations):
            step(a)
        return iterations * self.batch_size


class GymnasiumSync(GymnasiumVector):
    library = "gymnasium-sync"
    vectorization_mode = "sync"


class GymnasiumAsync(GymnasiumVector):
    library = "gymnasium-async"
    vectorization_mode = "async"
    starts_processes = True


class GymnasiumNumpy(GymnasiumVector):
    library = "gymnasium-vector"
    vectorization_mode = "vector_entry_point"


def runners(point):
    yield GymnasiumSync(point, point.batch_size)
    yield GymnasiumAsync(point, point.batch_size)
    if not is_atari(point.task):  # Atari's vector entry point is ale-py's AtariVectorEnv, measured as ale-py
        yield GymnasiumNumpy(point, point.batch_size)


def version() -> str:
    import gymnasium

    return gymnasium.__version__
