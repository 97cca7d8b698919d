"""The bare loop: rlpool envs stepped in C++ with no pool, queue or Python
around them (csrc/lab/bare_loop.h, in the lab modules rlpool._lab_<family>),
one loop per core, all at once. Its rate is one core's worth of the envs' own work while every core is busy; cores x
that rate is the ceiling every pool is measured against.

All at once, because this machine's cores do not add up: two bare loops
side by side ran at 0.81-0.95 of twice one loop alone on HalfCheetah
(2026-11-30), so a ceiling from one loop on an idle machine promised work
the cores cannot do together. Each loop steps its envs round-robin, so it
touches as much memory as one pool thread serving that many envs."""

from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np

from .base import Runner, Skip

BARE_ASYNC = "bare-async"  # the loop over an async pool's envs per core


class BareLoop(Runner):
    library = "bare"
    mode = "loop"

    def __init__(self, point, num_envs: int, threads: int = 1, library: str = "bare") -> None:
        super().__init__(point, num_envs)
        self.loops_at_once = threads  # one loop per thread
        self.library = library

    def open(self, actions: np.ndarray | None) -> None:
        import rlpool

        from ..native import bare_loop

        try:
            options = dict(self.point.options)
            self.seeds = [k * self.num_envs for k in range(self.loops_at_once)]  # loop k: envs seeds[k], seeds[k] + 1, ...
            # Built here, untimed: for Atari that is ~0.1 s of palette set-up per env.
            # The pools' own action stream (None: the bench's draw for these envs).
            self.loops = [bare_loop(rlpool.make_spec(self.point.task, seed=seed, **options), self.num_envs, actions)
                          for seed in self.seeds]
        except ImportError as e:
            raise Skip(str(e)) from None

    def run(self, iterations: int) -> int:
        """Every loop takes `iterations` steps at once; returns one loop's
        steps, so the rate is one core's while all are busy."""
        self.own_seconds = at_once([lambda loop=loop: loop.run(iterations) for loop in self.loops])
        return iterations

    def step_seconds(self, steps: int) -> np.ndarray:
        """Every loop takes `steps` steps at once, each timed on its own:
        shape (loops, steps), seconds, in the order run."""
        return np.array(on_every_core([lambda loop=loop: loop.step_seconds(steps) for loop in self.loops]))

    def close(self) -> None:
        self.loops = []


def at_once(loops: list[Callable[[], float]]) -> float:
    """Runs each loop (a C++ loop that releases the GIL and returns the
    seconds it timed itself) on its own thread, all at the same time, and
    returns the mean of their seconds, so one loop the host delays does not
    set the rate alone."""
    seconds = on_every_core(loops)
    return sum(seconds) / len(seconds)


def on_every_core(loops: list[Callable[[], Any]]) -> list[Any]:
    """Runs each loop (C++ that releases the GIL) on its own thread, all at
    the same time; returns their results in order, or raises the first
    failure."""
    results: list[Any] = [None] * len(loops)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            results[i] = loops[i]()
        except BaseException as e:  # a loop that failed must not count as a fast one
            errors.append(e)

    others = [threading.Thread(target=run, args=(i,)) for i in range(1, len(loops))]
    for t in others:
        t.start()
    run(0)
    for t in others:
        t.join()
    if errors:
        raise errors[0]
    return results


def envs_per_core(num_envs: int, cores: int) -> int:
    """A pool's share of envs per core: what one of its threads steps."""
    return -(-num_envs // cores)


def runners(point):
    yield BareLoop(point, envs_per_core(point.batch_size, point.cores), threads=point.cores)
    if point.async_num_envs > point.batch_size:
        yield BareLoop(point, envs_per_core(point.async_num_envs, point.cores), threads=point.cores,
                       library=BARE_ASYNC)
