"""What a benchmark run measures: points (task, batch, threads) and the
named scenarios built from them."""

from __future__ import annotations

import dataclasses
import os

ASYNC_FACTOR = 3  # async pools hold 3x the batch in envs, as in the EnvPool paper


@dataclasses.dataclass(frozen=True)
class Point:
    """One comparison: every library steps `task` handing back `batch_size`
    results per call, on `num_threads` workers.

    Sync variants hold `batch_size` envs. Async variants (rlpool, envpool)
    hold `async_num_envs` envs and return the first `batch_size` to finish;
    0 means no async variant.
    """

    task: str
    batch_size: int
    num_threads: int
    async_num_envs: int = 0
    family: str = ""  # the rlpool family expected to serve `task`; only used to explain a skip

    @property
    def cores(self) -> int:
        """Cores the point may use: the n of the n-core ceiling."""
        return max(1, min(self.num_threads, os.cpu_count() or 1))

    def describe(self) -> str:
        text = f"{self.task} · batch {self.batch_size} · {self.num_threads} thread(s)"
        if self.async_num_envs:
            text += f" · async pools hold {self.async_num_envs} envs"
        return text


@dataclasses.dataclass(frozen=True)
class Timing:
    warmup_s: float  # per variant, untimed, also calibrates the repeat length
    repeat_s: float  # target length of one timed window
    repeats: int  # timed windows per variant; the median is reported


@dataclasses.dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    points: tuple[Point, ...]
    timing: Timing


def sync_and_async(task: str, batch_size: int, num_threads: int, family: str = "") -> Point:
    return Point(task, batch_size, num_threads, ASYNC_FACTOR * batch_size, family)


def _sweep(tasks, batches, threads, family):
    return tuple(sync_and_async(t, b, threads, family) for t in tasks for b in batches)


QUICK = Scenario(
    name="quick",
    description="CartPole-v1 at batch 8 and 64, sync and async, 2 threads (under a minute)",
    points=_sweep(["CartPole-v1"], [8, 64], 2, "classic_control"),
    timing=Timing(warmup_s=0.2, repeat_s=0.3, repeats=3),
)

PAPER = Scenario(
    name="paper",
    description=(
        "the README table: CartPole-v1 and Pendulum-v1 at batch 1, 8, 64; Pong-v5, Ant-v5, "
        "HalfCheetah-v5 and Hopper-v5 at batch 8; sync and async, 2 threads"
    ),
    points=_sweep(["CartPole-v1", "Pendulum-v1"], [1, 8, 64], 2, "classic_control")
    + _sweep(["Pong-v5"], [8], 2, "atari")
    + _sweep(["Ant-v5", "HalfCheetah-v5", "Hopper-v5"], [8], 2, "mujoco"),
    timing=Timing(warmup_s=0.5, repeat_s=1.0, repeats=5),
)

MINIGRID = Scenario(
    name="minigrid",
    description=(
        "MiniGrid-DoorKey-8x8-v0 and BabyAI-GoToLocal-v0 at batch 8 and 64, sync and async, 2 threads "
        "(the reference: minigrid 3.2.0 in gymnasium's vector envs)"
    ),
    points=_sweep(["MiniGrid-DoorKey-8x8-v0", "BabyAI-GoToLocal-v0"], [8, 64], 2, "minigrid"),
    timing=Timing(warmup_s=0.5, repeat_s=1.0, repeats=5),
)

SCENARIOS = {s.name: s for s in (QUICK, PAPER, MINIGRID)}


def explicit(task: str, num_envs: int, batch_size: int, num_threads: int, timing: Timing) -> Scenario:
    """A one-point scenario from command-line values; batch_size < num_envs
    adds async variants holding num_envs envs."""
    point = Point(task, batch_size, num_threads, num_envs if batch_size < num_envs else 0)
    return Scenario("custom", point.describe(), (point,), timing)
