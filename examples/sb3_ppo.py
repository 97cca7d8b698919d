"""Stable-Baselines3 PPO on an rlpool pool, through rlpool's SB3 VecEnv adapter.

    pip install ".[sb3]"
    python examples/sb3_ppo.py --env-id CartPole-v1 --num-envs 8 --total-timesteps 100000
    python examples/sb3_ppo.py --env-id HalfCheetah-v5 --num-envs 8 --normalize 1

Logs global_step, episodic_return, episodic_length, wall_time, SPS to CSV,
one row per finished episode, and prints a progress line per rollout, as
examples/ppo.py does (--quiet: no progress lines).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections import deque

from stable_baselines3 import PPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecMonitor, VecNormalize

from rlpool.integrations.sb3 import RlpoolVecEnv


class EpisodeCSV(BaseCallback):
    """Writes each episode VecMonitor reports (info["episode"]) to the CSV and,
    unless quiet, prints a progress line after each rollout: SB3's own logger
    (verbose=1) prints a table per update, too long to follow a run by."""

    def __init__(self, path: str, window: int = 100, quiet: bool = False):
        super().__init__()
        self.recent: deque = deque(maxlen=window)
        self.quiet = quiet
        self.rollouts = 0
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.file = open(path, "w", newline="")
        self.writer = csv.writer(self.file)
        self.writer.writerow(["global_step", "episodic_return", "episodic_length", "wall_time", "SPS"])
        self.start = time.time()

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            if "episode" in info:
                wall = time.time() - self.start
                ep = info["episode"]
                self.writer.writerow([self.num_timesteps, repr(float(ep["r"])), int(ep["l"]), f"{wall:.3f}",
                                      int(self.num_timesteps / max(wall, 1e-9))])
                self.recent.append(float(ep["r"]))
        return True

    def _on_rollout_end(self) -> None:
        self.rollouts += 1
        if self.quiet:
            return
        if not self.recent:
            shown = "avg_return=n/a (no episode finished yet)"
        else:
            shown = f"avg_return={sum(self.recent) / len(self.recent):.1f}"
            if len(self.recent) < self.recent.maxlen:
                shown += f" (over {len(self.recent)} episodes)"
        sps = int(self.num_timesteps / max(time.time() - self.start, 1e-9))
        print(f"rollout={self.rollouts} global_step={self.num_timesteps} {shown} SPS={sps}", flush=True)

    def _on_training_end(self) -> None:
        self.file.close()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env-id", default="CartPole-v1")
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--num-threads", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-timesteps", type=int, default=100_000)
    p.add_argument("--n-steps", type=int, default=128, help="steps per env per rollout")
    p.add_argument("--batch-size", type=int, default=256, help="SB3's minibatch size")
    p.add_argument("--n-epochs", type=int, default=4)
    p.add_argument("--normalize", type=int, default=0, choices=(0, 1), help="VecNormalize obs and rewards")
    p.add_argument("--csv", default="", help="default runs/<env>__sb3__<seed>.csv")
    p.add_argument("--return-window", type=int, default=100, help="episodes in the printed average return")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stdout")
    args = p.parse_args(argv)
    args.csv = args.csv or os.path.join("runs", f"{args.env_id}__sb3__{args.seed}.csv")

    env = VecMonitor(RlpoolVecEnv(args.env_id, num_envs=args.num_envs, num_threads=args.num_threads, seed=args.seed))
    if args.normalize:
        env = VecNormalize(env, gamma=0.99)
    model = PPO("MlpPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size, n_epochs=args.n_epochs,
                seed=args.seed, device="cpu", verbose=0)
    model.learn(total_timesteps=args.total_timesteps, callback=EpisodeCSV(args.csv, args.return_window, args.quiet))
    env.close()
    return model


if __name__ == "__main__":
    main(sys.argv[1:])
