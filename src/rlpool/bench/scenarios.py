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
    options: tuple[tuple[str, object], ...] = ()  # extra make() options, e.g. (("img_height", 210),)

    @property
    def cores(self) -> int:
        """Cores the point may use: the n of the n-core ceiling (num_threads 0
        is rlpool's default, every core)."""
        cpus = os.cpu_count() or 1
        return max(1, min(self.num_threads or cpus, cpus))

    def describe(self) -> str:
        threads = f"{self.num_threads} thread(s)" if self.num_threads else "default threads"
        text = f"{self.task} · batch {self.batch_size} · {threads}"
        if self.options:
            text += " · " + ", ".join(f"{k}={v}" for k, v in self.options)
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
    """A named (or command-line) benchmark. `kind` says what runs it
    (rlpool.bench.run.KINDS): "points" steps every library on each point;
    "cores" and "waits" build fresh default pools against the bare-loop
    ceiling (their modules hold their workloads); "train" trains PPO on each
    backend (bench/train.py, with options of its own)."""

    name: str
    description: str
    points: tuple[Point, ...]
    timing: Timing
    libraries: tuple[str, ...] | None = None  # None: the default set (runners.LIBRARIES)
    kind: str = "points"


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

RAW_ATARI = (("img_height", 210), ("img_width", 160), ("stack_num", 1))


def _family_scenario(family: str, tasks: list[str]) -> Scenario:
    return Scenario(
        name=family,
        description=f"{', '.join(tasks)} at batch 8 and 32, sync and async, default threads",
        points=_sweep(tasks, [8, 32], 0, family),
        timing=Timing(warmup_s=0.3, repeat_s=0.5, repeats=3),
    )


# One scenario per family: the files in benchmarks/results/ and the README's per-family numbers.
FAMILIES = (
    _family_scenario("classic_control", ["CartPole-v1", "Pendulum-v1", "MountainCar-v0", "Acrobot-v1"]),
    _family_scenario("toy_text", ["FrozenLake-v1", "Taxi-v3", "CliffWalking-v0", "Blackjack-v1"]),
    dataclasses.replace(
        _family_scenario("atari", ["Pong-v5", "Breakout-v5"]),
        description="Pong-v5, Breakout-v5, and Pong-v5's raw 210x160 grey frame (no resize, stack 1) at "
        "batch 8 and 32, sync and async, default threads, against envpool and ale-py's AtariVectorEnv",
        points=_sweep(["Pong-v5", "Breakout-v5"], [8, 32], 0, "atari")
        + tuple(dataclasses.replace(sync_and_async("Pong-v5", b, 0, "atari"), options=RAW_ATARI) for b in (8, 32)),
    ),
    _family_scenario("mujoco", ["HalfCheetah-v5", "Ant-v5", "Hopper-v5", "Humanoid-v5"]),
    _family_scenario("box2d", ["LunarLander-v3", "BipedalWalker-v3", "CarRacing-v3"]),
)

# Not a list of points: fresh pools in the default configuration, one window
# each, against the bare-loop ceiling (rlpool.bench.cores).
CORES = Scenario(
    name="cores",
    description=(
        "does the default num_threads keep every core busy: 5 fresh pools per shape of HalfCheetah, Ant, Hopper, "
        "Pong and raw 210x160 Pong at 8 and 32 envs, and CheetahRun at 32, sync and async, against the bare-loop "
        "ceiling, with the ceiling's twin as a control for the host's noise (~2-3 minutes)"
    ),
    points=(),
    timing=Timing(warmup_s=0.05, repeat_s=0.25, repeats=1),
    kind="cores",
)
# Also not a list of points: the comparison behind the pool's wait defaults
# (rlpool.bench.wait_choices).
WAITS = Scenario(
    name="waits",
    description=(
        "the measurement behind the default num_threads and wait settings: fresh pools of CartPole, raw Pong, "
        "HalfCheetah and Ant at 8 and 32 envs, sync and async, with the caller working or not and with or without "
        "polling, each against the n-core ceiling (~5 minutes)"
    ),
    points=(),
    timing=Timing(warmup_s=0.05, repeat_s=0.25, repeats=4),
    kind="waits",
)
SCALE = Scenario(
    name="scale",
    description=(
        "the engine's cost per env step as the pool grows: CartPole-v1, Pendulum-v1, Taxi-v3, "
        "MiniGrid-Empty-8x8-v0 and PyCartPole-v1 at 8 to 8,192 envs, sync and async, default threads, "
        "against the bare-loop ceiling, envpool and gymnasium's vector envs (~10 minutes)"
    ),
    points=(),  # its module builds them (rlpool.bench.scale)
    timing=Timing(warmup_s=0.2, repeat_s=0.3, repeats=3),
    kind="scale",
)
# Not throughput: PPO trained on each backend, same script and seeds
# (rlpool.bench.train; its options are the "train scenario" group).
TRAIN = Scenario(
    name="train",
    description=(
        "the paper's end-to-end figure: examples/ppo.py trained on each backend (rlpool sync/async, envpool, "
        "gymnasium), wall-clock to a return threshold, median over seeds (hours; see the train options)"
    ),
    points=(),
    timing=Timing(warmup_s=0.0, repeat_s=0.0, repeats=1),
    kind="train",
)


PYTHON_ENV = Scenario(
    name="python-env",
    description=(
        "CartPole written in Python (PyCartPole-v1: rlpool.python_env, Numba) beside the C++ CartPole-v1 whose "
        "physics it computes (cpp-twin: rlpool's; envpool: envpool's) and gymnasium's Sync/AsyncVectorEnv of the same "
        "Python env; batch 8 and 64, sync and async, 2 threads, all in interleaved rounds"
    ),
    points=_sweep(["PyCartPole-v1"], [8, 64], 2, "python"),
    timing=Timing(warmup_s=0.3, repeat_s=0.5, repeats=5),
)

# ViZDoom: one engine process per env, at make()'s default threads. Its
# pools are CPU-bound (the engines plus the preprocessing), so the thread
# count barely matters (docs/vizdoom.md, "Speed"); the bare row is the
# ceiling: cores x one engine's rate with the same preprocessing.
VIZDOOM = Scenario(
    name="vizdoom",
    description=(
        "HealthGathering-v1, DefendTheCenter-v1 and DeadlyCorridor-v1: 4 envs sync, 8 envs async in batches of 4, "
        "8 envs sync; default threads; vs envpool, Python vizdoom in gymnasium's vector envs and in one loop, "
        "and the bare ceiling"
    ),
    points=tuple(
        Point(task, batch, 0, async_envs, "vizdoom")
        for task in ("HealthGathering-v1", "DefendTheCenter-v1", "DeadlyCorridor-v1")
        for batch, async_envs in ((4, 8), (8, 0))
    ),
    timing=Timing(warmup_s=1.0, repeat_s=2.0, repeats=3),
)

XLA = Scenario(
    name="xla",
    description=(
        "env.xla() in a jitted fori_loop of recv + send against envpool's xla() and the numpy "
        "path: CartPole-v1 and Pong-v5, async 16 envs, batch 8, 2 threads"
    ),
    points=(
        Point("CartPole-v1", 8, 2, 16, "classic_control"),
        Point("Pong-v5", 8, 2, 16, "atari"),
    ),
    timing=Timing(warmup_s=0.5, repeat_s=1.0, repeats=5),
    libraries=("rlpool", "envpool", "rlpool-xla", "envpool-xla"),
)

DM_CONTROL = Scenario(
    name="dm_control",
    description=(
        "DeepMind Control Suite: CheetahRun-v1, WalkerWalk-v1 and HumanoidRun-v1 at batch 8 and 32, sync and "
        "async, default threads (as the other family scenarios), against envpool, dm_control in a Python loop and "
        "the bare-physics ceiling"
    ),
    points=_sweep(["CheetahRun-v1", "WalkerWalk-v1", "HumanoidRun-v1"], [8, 32], 0, "dm_control"),
    # Many short rounds: the rows are compared with the bare-physics row as
    # a fraction, and 3 rounds of 1 s left the host's drift in the medians
    # (±15-25% between rounds on 2026-11-30).
    timing=Timing(warmup_s=0.5, repeat_s=0.3, repeats=10),
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

# Procgen: procgen's own ProcgenGym3Env (a VecGame on its C++ threads) is the
# peer; envpool's procgen needs the system's Qt 5 and is skipped without it.
PROCGEN = Scenario(
    name="procgen",
    description=(
        "CoinrunHard-v0 and BigfishHard-v0 at batch 16 and 64, sync and async, default threads; vs procgen's "
        "own threaded ProcgenGym3Env (as many threads), envpool where its procgen imports, and the bare ceiling"
    ),
    points=_sweep(["CoinrunHard-v0", "BigfishHard-v0"], [16, 64], 0, "procgen"),
    # 2 s rounds: a Procgen step's cost depends on the level and on how far
    # into it the agent is, so 1 s rounds of the bare loop spread +-8-26%.
    timing=Timing(warmup_s=0.5, repeat_s=2.0, repeats=5),
)

# gymnasium-robotics: its own envs (under the MuJoCo-4 shim of
# rlpool.bench.robotics_reference) in gymnasium's vector envs are the peer,
# envpool where its wheel has the ids, and the bare loop the ceiling.
ROBOTICS = Scenario(
    name="robotics",
    description=(
        "FetchReach-v4, FetchPush-v4, FetchPickAndPlace-v4, PointMaze_Medium-v3, AdroitHandDoor-v1 and "
        "HandManipulateBlock-v1, FrankaKitchen-v1 (gymnasium-robotics) at batch 8 "
        "and 32, sync and async, default threads; vs envpool where its wheel has them, gymnasium-robotics in "
        "gymnasium's Sync/AsyncVectorEnv and the bare-loop ceiling"
    ),
    points=_sweep(["FetchReach-v4", "FetchPush-v4", "FetchPickAndPlace-v4", "PointMaze_Medium-v3", "AdroitHandDoor-v1",
                   "HandManipulateBlock-v1", "FrankaKitchen-v1"], [8, 32], 0, "robotics"),
    timing=Timing(warmup_s=0.5, repeat_s=0.5, repeats=5),
)

# MPE: the multi-agent envs, whose reference is pure numpy stepped from
# Python; a step is one env's step (all its agents).
# Two-player Atari as PettingZoo draws it: every frame, RGB, no preprocessing.
RAW_TWO_PLAYER = (("frame_skip", 1), ("stack_num", 1), ("img_height", 210), ("img_width", 160),
                  ("gray_scale", False), ("noop_max", 0))

MARL = Scenario(
    name="marl",
    description=(
        "MPE simple_spread_v3 (3 agents) at batch 8 and 64 and simple_world_comm_v3 (6 agents) at batch 64, sync and "
        "async, 2 threads, vs mpe2's own ParallelEnvs in a Python loop and SuperSuit's vector envs of them (in-process and "
        "one process per core), and JaxMARL's MPE jitted on the CPU; two-player Pong's bare frames at batch 8 vs "
        "PettingZoo's own Atari envs in a Python loop; env steps/s (all agents of an env)"
    ),
    points=(
        *_sweep(["simple_spread_v3"], [8, 64], 2, "mpe"),
        *_sweep(["simple_world_comm_v3"], [64], 2, "mpe"),
        dataclasses.replace(sync_and_async("Pong2P-v3", 8, 2, "atari_multi"), options=RAW_TWO_PLAYER),
    ),
    timing=Timing(warmup_s=0.3, repeat_s=0.5, repeats=5),
    libraries=("rlpool", "mpe2", "supersuit", "supersuit-procs", "pettingzoo", "jaxmarl", "bare"),
)

# Meta-World: its own single-task envs (metaworld 3.0.0 under the MuJoCo-4
# shim of rlpool.bench.metaworld_reference) in gymnasium's vector envs are
# the peer, envpool where its wheel has MetaWorld, the bare loop the ceiling.
METAWORLD = Scenario(
    name="metaworld",
    description=(
        "MetaWorld/Reach-v3, PickPlace-v3 and DoorOpen-v3 at batch 8 and 32, sync and async, default threads; vs "
        "envpool where its wheel has MetaWorld, Meta-World 3.0.0 in gymnasium's Sync/AsyncVectorEnv and the "
        "bare-loop ceiling"
    ),
    points=_sweep(["MetaWorld/Reach-v3", "MetaWorld/PickPlace-v3", "MetaWorld/DoorOpen-v3"], [8, 32], 0,
                  "metaworld"),
    timing=Timing(warmup_s=0.5, repeat_s=0.5, repeats=5),
)

SCENARIOS = {
    s.name: s
    for s in (QUICK, PAPER, CORES, WAITS, SCALE, TRAIN, *FAMILIES, PYTHON_ENV, VIZDOOM, XLA, DM_CONTROL, MINIGRID, PROCGEN,
              ROBOTICS, MARL, METAWORLD)
}


def explicit(task: str, num_envs: int, batch_size: int, num_threads: int, timing: Timing) -> Scenario:
    """A one-point scenario from command-line values; batch_size < num_envs
    adds async variants holding num_envs envs."""
    point = Point(task, batch_size, num_threads, num_envs if batch_size < num_envs else 0)
    return Scenario("custom", point.describe(), (point,), timing)
