"""Atari throughput: rlpool vs envpool, ale-py's AtariVectorEnv and
gymnasium's AsyncVectorEnv, side by side in one run, on Pong-v5 with
envpool's default options everywhere (84x84 gray, stack 4, frame skip 4 with
max-pool, 30 no-ops, FIRE reset, no reward clipping, no sticky actions).

Sync: batch_size == num_envs. Async: batch_size = num_envs // 2 (min 1);
recv() returns the first batch_size envs done, their ids get the next
actions. gymnasium's AsyncVectorEnv has only the sync form.
Reports env steps/s, frames/s (= steps x frame_skip) and ratios, plus the
ceiling: one env with the same preprocessing and no engine, stepped on one
core in C++ (and bare ALE emulation without preprocessing), times the cores.

    python benchmarks/bench_atari.py [--seconds 0.5] [--rounds 8] [--envs 2 8 32] [--out benchmarks/results/atari.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import numpy as np

import rlpool
from rlpool import _atari

GAME, ROM, FRAME_SKIP = "Pong", "pong", 4


def _timed(step_fn, seconds: float, warmup: float = 0.5) -> tuple[float, float]:
    """Calls step_fn for `seconds`; returns (steps per wall second, steps per
    CPU second of this process). step_fn returns the env steps it did, or
    (steps, wall seconds, cpu seconds) when it times itself (the bare-env
    contenders, whose set-up must not count). CPU seconds are what a
    contender spends per step whatever else the machine runs, so they stay
    comparable on a loaded machine where wall time does not."""
    t_end = time.perf_counter() + warmup
    while time.perf_counter() < t_end:
        step_fn()
    steps, busy, cpu, start, cpu0 = 0, 0.0, 0.0, time.perf_counter(), time.process_time()
    self_timed = False
    while True:
        done = step_fn()
        if isinstance(done, tuple):
            self_timed = True
            steps += done[0]
            busy += done[1]
            cpu += done[2]
        else:
            steps += done
        now = time.perf_counter()
        if now - start >= seconds:
            if self_timed:
                return steps / busy, steps / cpu
            return steps / (now - start), steps / max(time.process_time() - cpu0, 1e-9)


def _actions(n_actions: int, batch: int, dtype=np.int32) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.integers(0, n_actions, size=batch).astype(dtype) for _ in range(64)]


def bench_envpool_like(module, num_envs: int, batch: int, threads: int):
    env = module.make(f"{GAME}-v5", env_type="gymnasium", num_envs=num_envs, batch_size=batch, num_threads=threads,
                      seed=0)
    acts = _actions(env.single_action_space.n if hasattr(env, "single_action_space") else env.action_space.n, batch)
    i = [0]
    if batch == num_envs:
        env.reset()

        def step():
            i[0] += 1
            env.step(acts[i[0] % 64])
            return num_envs
    else:
        env.async_reset()

        def step():
            i[0] += 1
            info = env.recv()[-1]
            env.send(acts[i[0] % 64], info["env_id"])
            return batch
    return step, env.close


def bench_ale_vector(num_envs: int, batch: int, threads: int):
    from ale_py.vector_env import AtariVectorEnv

    env = AtariVectorEnv(ROM, num_envs, batch_size=0 if batch == num_envs else batch, num_threads=threads,
                         reward_clipping=False, noop_max=30, use_fire_reset=True, episodic_life=False,
                         repeat_action_probability=0.0, frameskip=FRAME_SKIP, stack_num=4, img_height=84,
                         img_width=84, grayscale=True, maxpool=True)
    acts = _actions(env.single_action_space.n, batch)
    i = [0]
    env.reset(seed=0)

    def step():
        i[0] += 1
        env.send(acts[i[0] % 64])
        env.recv()
        return batch

    return step, env.close


def _make_gym_pong():
    import ale_py
    import gymnasium as gym

    gym.register_envs(ale_py)
    env = gym.make(f"ALE/{GAME}-v5", frameskip=1, repeat_action_probability=0.0)
    env = gym.wrappers.AtariPreprocessing(env, noop_max=30, frame_skip=FRAME_SKIP, screen_size=84)
    return gym.wrappers.FrameStackObservation(env, 4)


def bench_gym_async(num_envs: int):
    import gymnasium as gym

    env = gym.vector.AsyncVectorEnv([_make_gym_pong] * num_envs)
    acts = _actions(env.single_action_space.n, num_envs, np.int64)
    i = [0]
    env.reset(seed=0)

    def step():
        i[0] += 1
        env.step(acts[i[0] % 64])
        return num_envs

    return step, env.close


def _bare_call(config, steps: int, seed: int) -> tuple[float, float]:
    """(wall, cpu) seconds of `steps` bare-env steps, set-up excluded: the
    CPU of a zero-step call (making the env) is taken off."""
    c0 = time.thread_time()
    _atari.bare_env_seconds(config, 0, seed)
    c1 = time.thread_time()
    wall = _atari.bare_env_seconds(config, steps, seed)
    c2 = time.thread_time()
    return wall, max((c2 - c1) - (c1 - c0), 1e-9)


def bare_env(steps_per_call: int = 1500):
    """One env with Pong-v5's preprocessing and no engine, stepped in C++ on
    the calling thread: the per-core ceiling."""
    config = rlpool.make_spec(f"{GAME}-v5")._config_dict
    seed = [0]

    def step():
        seed[0] += 1
        wall, cpu = _bare_call(config, steps_per_call, seed[0])
        return steps_per_call, wall, cpu

    return step, lambda: None


def bare_env_pair(steps_per_call: int = 1500):
    """Two bare envs on two threads at once (no engine): what the machine's
    cores really deliver right now, next to the ideal 2 x one core."""
    import threading

    config = rlpool.make_spec(f"{GAME}-v5")._config_dict

    def step():
        res = [(0.0, 0.0), (0.0, 0.0)]

        def run(i):
            res[i] = _bare_call(config, steps_per_call, i + 1)

        threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        # Each thread times its own stepping (set-up excluded); they overlap.
        return 2 * steps_per_call, max(r[0] for r in res), res[0][1] + res[1][1]

    return step, lambda: None


def raw_ale(frames_per_call: int = 6000):
    """Bare ALE emulation of Pong (random actions), no screen processing; counts frames."""
    rom = os.path.join(rlpool.make_spec(f"{GAME}-v5")._config_dict["roms_dir"], ROM + ".bin")

    def step():
        c0 = time.thread_time()
        _atari.raw_ale_seconds(rom, 0)
        c1 = time.thread_time()
        wall = _atari.raw_ale_seconds(rom, frames_per_call)
        c2 = time.thread_time()
        return frames_per_call, wall, max((c2 - c1) - (c1 - c0), 1e-9)

    return step, lambda: None


def interleaved(makers: dict, seconds: float, rounds: int) -> dict:
    """Builds every contender, then times them in turn, `rounds` slices of
    `seconds` each, and keeps each one's median (wall rate, CPU rate): on a
    shared machine the load changes from second to second, and short slices
    taken in turn expose every contender to the same load."""
    built = {name: make() for name, make in makers.items()}
    samples: dict = {name: [] for name in built}
    try:
        for r in range(rounds):
            for name, (step, _) in built.items():
                samples[name].append(_timed(step, seconds, warmup=0.3 if r == 0 else 0.0))
    finally:
        for _, close in built.values():
            close()
    return {name: tuple(float(x) for x in np.median(np.array(v), axis=0)) for name, v in samples.items()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=0.5, help="timed seconds per contender per slice")
    p.add_argument("--rounds", type=int, default=8, help="slices per contender")
    p.add_argument("--envs", type=int, nargs="+", default=[2, 8, 32])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--skip", nargs="*", default=[], choices=["envpool", "ale_vector", "gym_async"])
    p.add_argument("--out", help="also write the markdown report here")
    args = p.parse_args()
    cores = args.threads

    base = interleaved({"env": bare_env, "raw": raw_ale, "pair": bare_env_pair}, args.seconds, args.rounds)
    (env_rate, env_cpu), (raw_rate, raw_cpu), (pair_rate, _) = base["env"], base["raw"], base["pair"]
    ceil_frames = env_rate * FRAME_SKIP * cores
    lines = [
        "Command: `python " + " ".join(["benchmarks/bench_atari.py"] + sys.argv[1:]) + "`",
        "",
        f"Pong-v5, envpool defaults; {cores} threads; median of {args.rounds} slices of {args.seconds:g} s per "
        f"contender, contenders taking turns; {platform.machine()}, {os.cpu_count()} cpus; "
        f"python {sys.version.split()[0]}",
        "",
        f"Ceiling: one bare env (same preprocessing, no engine) {env_rate:,.0f} steps/s = "
        f"{env_rate * FRAME_SKIP:,.0f} frames/s on one core; x{cores} cores = {ceil_frames:,.0f} frames/s. "
        f"Bare ALE emulation alone: {raw_rate:,.0f} frames/s per core, so preprocessing takes about "
        f"{100 * max(0.0, 1 - env_rate * FRAME_SKIP / raw_rate):.0f}% of the bare env's time. "
        f"Two bare envs on two threads at once (no engine) reach {pair_rate * FRAME_SKIP:,.0f} frames/s "
        f"= {100 * pair_rate / (2 * env_rate):.0f}% of the ideal ceiling: what the cores gave during this run.",
        "",
        f"CPU cost (steady under load): one bare env step takes {1e6 / env_cpu:,.0f} us of CPU "
        f"(bare ALE {1e6 * FRAME_SKIP / raw_cpu:,.0f} us for its {FRAME_SKIP} frames). The second table gives "
        "each contender's env steps per CPU-second of its own process (gym Async: its worker processes "
        "are not counted, so no figure) and the share of CPU that went into the bare env's work "
        "(efficiency = bare CPU per step / contender CPU per step).",
        "",
        "| mode | num_envs | batch | rlpool steps/s | rlpool frames/s | % of ceiling | envpool frames/s "
        "| ale-py vector frames/s | gym Async frames/s | rlpool / envpool | rlpool / ale-py | rlpool / gym |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    cpu_rows = []
    for mode in ("sync", "async"):
        for n in args.envs:
            batch = n if mode == "sync" else max(1, n // 2)
            makers = {"rlpool": lambda: bench_envpool_like(rlpool, n, batch, cores)}
            if "envpool" not in args.skip:
                import envpool

                makers["envpool"] = lambda: bench_envpool_like(envpool, n, batch, cores)
            if "ale_vector" not in args.skip:
                makers["ale_vector"] = lambda: bench_ale_vector(n, batch, cores)
            if mode == "sync" and "gym_async" not in args.skip:
                makers["gym_async"] = lambda: bench_gym_async(n)
            rates = interleaved(makers, args.seconds, args.rounds)
            r = rates["rlpool"][0]
            e, a, g = (rates.get(k, (float("nan"),) * 2)[0] for k in ("envpool", "ale_vector", "gym_async"))
            f = FRAME_SKIP
            row = (f"| {mode} | {n} | {batch} | {r:,.0f} | {r * f:,.0f} | {100 * r * f / ceil_frames:.0f}% | "
                   f"{e * f:,.0f} | {a * f:,.0f} | {g * f:,.0f} | {r / e:.2f} | {r / a:.2f} | {r / g:.2f} |")
            row = row.replace("nan", "–")
            lines.append(row)
            print(row, flush=True)
            cpu_rows.append((mode, n, batch, {k: v[1] for k, v in rates.items() if k != "gym_async"}))
    lines += ["", "| mode | num_envs | batch | rlpool steps/CPU-s | efficiency | envpool steps/CPU-s | efficiency "
              "| ale-py vector steps/CPU-s | efficiency | rlpool / envpool | rlpool / ale-py |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for mode, n, batch, c in cpu_rows:
        r, e, a = (c.get(k, float("nan")) for k in ("rlpool", "envpool", "ale_vector"))
        row = (f"| {mode} | {n} | {batch} | {r:,.0f} | {100 * r / env_cpu:.0f}% | {e:,.0f} | {100 * e / env_cpu:.0f}% "
               f"| {a:,.0f} | {100 * a / env_cpu:.0f}% | {r / e:.2f} | {r / a:.2f} |").replace("nan", "–")
        lines.append(row)
        print(row, flush=True)
    report = "\n".join(lines)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(report + "\n")


if __name__ == "__main__":
    main()
