"""The bare loop: rlpool envs stepped in C++ on one thread, with no pool,
queue or Python around them (csrc/bind/bare_loop.h). Its rate is one core's
worth of the envs' own work; cores x that rate is the ceiling every pool is
measured against. Stepped round-robin over `num_envs` envs, it touches as
much memory as one pool thread serving that many envs."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip


class BareLoop(Runner):
    library = "bare"
    mode = "loop"

    def open(self, actions: np.ndarray | None) -> None:
        import rlpool

        try:
            spec = rlpool.make_spec(self.point.task, seed=0, **dict(self.point.options))
            cls = spec._task.env_class()
        except ImportError as e:
            raise Skip(str(e)) from None
        # Built here, untimed: for Atari that is ~0.1 s of palette set-up per env.
        self.loop = cls.bare_loop(spec._native_config(), self.num_envs)

    def run(self, iterations: int) -> int:
        self.loop.run(iterations)
        return iterations

    def close(self) -> None:
        self.loop = None


def runners(point):
    # A sync pool's share of envs per core, so the ceiling does the same work.
    yield BareLoop(point, -(-point.batch_size // point.cores))
