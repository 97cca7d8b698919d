"""Classic control throughput: rlpool against envpool, gymnasium's
SyncVectorEnv / AsyncVectorEnv / numpy-vectorised CartPole and a bare Python
loop, on CartPole-v1 and Pendulum-v1 at batch 1, 8 and 64, sync and async
(async pools hold 3x the batch), 2 threads.

    python benchmarks/bench_classic_control.py --markdown benchmarks/results/classic_control.md

The measuring is rlpool.bench's (docs/benchmarks.md): interleaved rounds after
a warm-up, median reported, same pre-drawn random actions for every library.
"""

from __future__ import annotations

import argparse
import json
import sys

from rlpool import bench

TASKS = ("CartPole-v1", "Pendulum-v1")
BATCHES = (1, 8, 64)
THREADS = 2
LIBRARIES = ("rlpool", "envpool", "gymnasium-sync", "gymnasium-async", "gymnasium-vector", "python-loop")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed rounds per variant (default 3)")
    parser.add_argument("--repeat-seconds", type=float, default=0.5, help="length of a round (default 0.5)")
    parser.add_argument("--warmup-seconds", type=float, default=0.3, help="untimed warm-up per variant (default 0.3)")
    parser.add_argument("--markdown", help="also write the markdown report here")
    parser.add_argument("--json", help="also write the raw results here")
    args = parser.parse_args(argv)

    scenario = bench.Scenario(
        "classic_control",
        f"{', '.join(TASKS)} at batch {', '.join(map(str, BATCHES))}, sync and async, {THREADS} threads",
        tuple(bench.sync_and_async(t, b, THREADS) for t in TASKS for b in BATCHES),
        bench.Timing(args.warmup_seconds, args.repeat_seconds, args.repeats),
    )
    env = bench.environment(bench.versions())
    results = bench.measure(scenario, LIBRARIES)
    print(bench.format_table(results))
    command = " ".join(["python", "benchmarks/bench_classic_control.py", *argv])
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("# Classic control throughput\n\n")
            f.write(bench.format_markdown(scenario, results, env, command))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(bench.to_json(scenario, results, env, command.split()), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
