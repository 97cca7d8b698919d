"""env.xla() against rlpool's numpy path, async (16 envs, batch 8, 2 threads),
the same recv + send loop on both: in Python on the numpy path, inside one
jitted lax.fori_loop on the XLA path. The two take turns in rounds.

Reports wall-clock env steps/s and, because wall time means little on a
loaded machine, the CPU seconds this process spends per env step (workers,
XLA's threads and the caller together): the FFI crossing's cost shows there
as a difference between the two paths whatever else runs. `rlpool bench xla`
gives the wall-clock rows next to envpool's xla().

    python benchmarks/bench_xla.py [--tasks CartPole-v1 Pong-v5] [--rounds 8] [--out benchmarks/results/xla.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import rlpool

NUM_ENVS, BATCH, THREADS = 16, 8, 2
CALLS = {"CartPole-v1": 20000, "Pong-v5": 100}  # recv + send pairs per round, ~0.5 s quiet


def measure(task: str, rounds: int) -> dict[str, tuple[float, float]]:
    n_actions = rlpool.make_spec(task).action_space.n
    actions = np.random.default_rng(0).integers(0, n_actions, (64, BATCH)).astype(np.int32)
    calls = CALLS.get(task, 1000)

    plain = rlpool.make(task, num_envs=NUM_ENVS, batch_size=BATCH, num_threads=THREADS, seed=0)
    plain.async_reset()

    def numpy_loop(n):
        for i in range(n):
            info = plain.recv()[4]
            plain.send(actions[i % 64], info["env_id"])

    jitted = rlpool.make(task, num_envs=NUM_ENVS, batch_size=BATCH, num_threads=THREADS, seed=0)
    handle, recv, send, _ = jitted.xla()
    batches = jnp.asarray(actions)

    def body(i, h):
        h, (_, _, _, _, info) = recv(h)
        return send(h, batches[i % 64], info["env_id"])

    loop = jax.jit(lambda h, n: jax.lax.fori_loop(0, n, body, h))
    jitted.async_reset()
    state = {"h": jax.block_until_ready(loop(handle, 5))}

    def xla_loop(n):
        state["h"] = jax.block_until_ready(loop(state["h"], n))

    numpy_loop(5)
    samples = {"numpy": ([], []), "xla": ([], [])}
    for _ in range(rounds):
        for name, fn in (("numpy", numpy_loop), ("xla", xla_loop)):
            wall, cpu = time.perf_counter(), time.process_time()
            fn(calls)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            samples[name][0].append(calls * BATCH / wall)
            samples[name][1].append(cpu / (calls * BATCH) * 1e6)
    plain.close(), jitted.close()
    return {k: (statistics.median(w), statistics.median(c)) for k, (w, c) in samples.items()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tasks", nargs="+", default=["CartPole-v1", "Pong-v5"])
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--out")
    args = p.parse_args()
    load = os.getloadavg()[0]
    lines = [
        f"async {NUM_ENVS} envs, batch {BATCH}, {THREADS} threads; median of {args.rounds} interleaved rounds; "
        f"{os.cpu_count()} cpus; load average at start {load:.1f}; jax {jax.__version__}",
        "",
        "| task | numpy steps/s | xla steps/s | xla / numpy | numpy CPU us/step | xla CPU us/step | xla / numpy CPU |",
        "|---|---|---|---|---|---|---|",
    ]
    for task in args.tasks:
        r = measure(task, args.rounds)
        (nw, nc), (xw, xc) = r["numpy"], r["xla"]
        lines.append(f"| {task} | {nw:,.0f} | {xw:,.0f} | {xw / nw:.2f} | {nc:.2f} | {xc:.2f} | {xc / nc:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
