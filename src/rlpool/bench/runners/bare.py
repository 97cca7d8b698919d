"""The bare loop: one rlpool env stepped in C++ on one thread, with no pool,
queue or Python around it (csrc/bind/bare_loop.h). Its rate is one core's
worth of the env's own work; cores x that rate is the ceiling every pool is
measured against."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip


class BareLoop(Runner):
    library = "bare"
    mode = "loop"

    def open(self, actions: np.ndarray) -> None:
        import rlpool

        try:
            spec = rlpool.make_spec(self.point.task, seed=0, **dict(self.point.options))
            cls = spec._task.env_class()
        except ImportError as e:
            raise Skip(str(e)) from None
        self.config = spec._native_config()
        self.bare_seconds = cls.bare_seconds

    def run(self, iterations: int) -> int:
        # bare_seconds builds the env (for Atari: loads the ROM) before its
        # clock starts; only the stepping counts.
        self.own_seconds = self.bare_seconds(self.config, iterations)
        return iterations

    def close(self) -> None:
        pass


def runners(point):
    yield BareLoop(point, 1)
