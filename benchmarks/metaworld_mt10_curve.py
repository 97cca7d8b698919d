"""The MT10 training curve of docs/metaworld.md ("Training") from the CSV of
examples/ppo.py run with --log-info success:

    python benchmarks/metaworld_mt10_curve.py benchmarks/results/train/metaworld_mt10_ppo.csv

Writes <csv>.png (success rate and return against env steps) and prints the
success rate of the first and the last 100 episodes, and of each task's
first and last 10. The success
rate of an episode is its max_success column (1 if info["success"] was 1 at
some step), averaged over a rolling window of 100 episodes. Tasks are read
from the row order: a sync pool's episodes of one step end together and are
written in env order, env i running MT10 task i % 10.
"""

import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from rlpool.tasks.metaworld import MT10  # noqa: E402

WINDOW = 100


def main(path: str) -> None:
    with open(path) as f:
        rows = list(csv.DictReader(f))
    step = np.array([int(r["global_step"]) for r in rows])
    ret = np.array([float(r["episodic_return"]) for r in rows])
    success = np.array([float(r["max_success"]) for r in rows])
    # each env's index in the group of rows that ended at the same step
    env = np.concatenate([np.arange(n) for n in np.unique(step, return_counts=True)[1]])
    kernel = np.ones(WINDOW) / WINDOW
    x = step[WINDOW - 1:]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    top.plot(x, np.convolve(success, kernel, "valid"))
    top.set_ylabel(f"success rate (last {WINDOW} episodes)")
    top.set_ylim(0, 1)
    top.grid(alpha=0.3)
    bottom.plot(x, np.convolve(ret, kernel, "valid"))
    bottom.set_ylabel(f"episodic return (last {WINDOW})")
    bottom.set_xlabel("env steps")
    bottom.grid(alpha=0.3)
    fig.suptitle("PPO (examples/ppo.py) on MetaWorld/MT10-v3, one-hot task id")
    fig.tight_layout()
    fig.savefig(path.removesuffix(".csv") + ".png", dpi=100)
    print(f"{len(rows)} episodes, {step[-1]} env steps; success rate first/last {WINDOW} episodes: "
          f"{success[:WINDOW].mean():.2f} / {success[-WINDOW:].mean():.2f}")
    for t, name in enumerate(MT10):
        mine = success[env % len(MT10) == t]
        print(f"  {name:26s} {mine[:WINDOW // 10].mean():.2f} -> {mine[-WINDOW // 10:].mean():.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
