"""A bare single reference env stepped in a Python for-loop: the per-core rate
the n-core ceiling is built from (the paper's "For-loop" row)."""

from __future__ import annotations

import numpy as np

from .base import Runner, as_batches
from .reference import make_single


class PythonLoop(Runner):
    library = "python-loop"
    mode = "loop"

    def open(self, actions: np.ndarray) -> None:
        self.env = make_single(self.point.task)
        flat = actions.reshape((-1,) + actions.shape[2:])
        self.actions = [a if a.shape else a.item() for a in as_batches(flat, self.env.action_space.dtype)]
        self.env.reset(seed=0)

    def run(self, iterations: int) -> int:
        env = self.env
        step, reset = env.step, env.reset
        for a in self._cycle(iterations):
            if any(step(a)[2:4]):
                reset()
        return iterations


def runners(point):
    from .dm_control_loop import is_dm_control

    if not is_dm_control(point.task):  # dm_control_loop has the suite's own loop
        yield PythonLoop(point, 1)
