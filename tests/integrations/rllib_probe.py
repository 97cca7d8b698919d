"""Run by test_rllib.py inside the Ray virtual environment (gymnasium 1.2.2,
ray[rllib] 2.60.0): builds RLlib PPO exactly as examples/rllib_ppo.py does,
asks each remote EnvRunner what env it holds and has it sample, runs a few
training iterations, and prints one JSON object for the test to check."""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))

import gymnasium  # noqa: E402
import ray  # noqa: E402

import rllib_ppo  # noqa: E402


def describe(runner):
    env = runner.env.unwrapped
    return {
        "class": type(env).__name__,
        "module": type(env).__module__,
        "num_envs": env.num_envs,
        "num_threads": env.config["num_threads"],
        "seed": env.config["seed"],
        "pid": os.getpid(),
    }


def sample_steps(runner):
    return sum(len(episode) for episode in runner.sample(num_timesteps=64, random_actions=True))


def main() -> None:
    args = rllib_ppo.parse_args(["--num-envs-per-env-runner", "4", "--train-batch-size", "256", "--num-cpus", "2"])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        algo = rllib_ppo.build_config(args).training(minibatch_size=64, num_epochs=2).build_algo()
        group = algo.env_runner_group
        # sample() first: an EnvRunner resets (and so seeds) its env at its first sample
        sampled = group.foreach_env_runner(sample_steps, local_env_runner=False)
        runners = group.foreach_env_runner(describe, local_env_runner=False)
        results = [algo.train() for _ in range(3)]
        algo.stop()
    finally:
        ray.shutdown()
    print(json.dumps({
        "gymnasium": gymnasium.__version__,
        "ray": ray.__version__,
        "runners": runners,
        "sampled": sampled,
        "returns": [r["env_runners"].get("episode_return_mean") for r in results],
        "steps": [r["env_runners"].get("num_env_steps_sampled_lifetime") for r in results],
    }, default=_plain))


def _plain(value):
    """RLlib's metrics are numpy scalars."""
    return value.item() if hasattr(value, "item") else str(value)


if __name__ == "__main__":
    main()
