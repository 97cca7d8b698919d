"""What every library runner does: build its envs untimed, then step a given
number of times as fast as the library allows."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..scenarios import Point


class Skip(Exception):
    """A variant that cannot run here; the message says why (shown in the report)."""


class Runner:
    library = ""  # short name used by --libraries and in the JSON
    mode = "sync"  # "sync", "async" or "loop"
    has_modes = False  # True for libraries measured both sync and async (the label names the mode)
    starts_processes = False  # True for runners that fork workers: they are opened before any thread pool exists
    # Seconds the last run() timed itself (the bare loops: the mean of each
    # core's own clock); None: time the call.
    own_seconds: float | None = None
    # Copies of the work run at once, the rate counting one of them: the
    # bare loops run one per core and report one core's rate.
    loops_at_once = 1

    def __init__(self, point: Point, num_envs: int) -> None:
        self.point = point
        self.num_envs = num_envs
        self.batch_size = point.batch_size if mode_is_batched(self.mode) else 1

    @property
    def label(self) -> str:
        return f"{self.library} {self.mode}" if self.has_modes else self.library

    def open(self, actions: np.ndarray) -> None:
        """Builds and resets the envs and keeps `actions` in the library's
        own dtype; nothing here is timed. Raises Skip when it cannot."""
        raise NotImplementedError

    def run(self, iterations: int) -> int:
        """Steps `iterations` times (the timed part) and returns how many env
        steps that was."""
        raise NotImplementedError

    def pause(self) -> int:
        """Leaves the library's threads idle between timed runs (an async
        pool keeps envs in flight) and returns how many env steps that
        finished; resume() restores the state run() expects."""
        return 0

    def resume(self) -> None:
        pass

    def close(self) -> None:
        env = getattr(self, "env", None)
        if env is not None:
            env.close()
            self.env = None

    def _cycle(self, iterations: int):
        # A precomputed list cycled with islice keeps per-step bookkeeping out of the timed loop.
        return itertools.islice(itertools.cycle(self.actions), iterations)


def mode_is_batched(mode: str) -> bool:
    return mode != "loop"


def as_batches(actions: np.ndarray, dtype: Any) -> list[np.ndarray]:
    """The action batches as a list of contiguous arrays of `dtype`."""
    return [np.asarray(a, dtype=dtype, order="C") for a in actions]  # 0-d stays 0-d


def version_of(module: Any) -> str:
    return str(getattr(module, "__version__", "?"))
