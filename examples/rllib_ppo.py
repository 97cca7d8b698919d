"""RLlib PPO (Ray, new API stack) whose EnvRunners each step one rlpool pool.

    pip install "rlpool[ray]"            # ray[rllib]==2.60.0 (it brings gymnasium 1.2.2)
    python examples/rllib_ppo.py                          # local Ray, 2 EnvRunners, CartPole-v1 to 450
    python examples/rllib_ppo.py --address auto           # a running cluster (`ray start --head` first)

What makes each EnvRunner hold one pool: ``import rlpool`` registers every task
in gymnasium as ``rlpool/<id>`` with a vector entry point, and
``gym_env_vectorize_mode="vector_entry_point"`` makes RLlib build its
``num_envs_per_env_runner`` envs with one ``gymnasium.make_vec`` call into it.
``env_config`` goes to ``rlpool.make`` as options: ``num_threads`` is set to the
EnvRunner's ``num_cpus_per_env_runner`` so a pool uses the CPUs Ray reserved
for it, no more. ``config.debugging(seed=...)`` gives every EnvRunner its own
seed (RLlib passes it to ``reset(seed=...)``; env i of the pool gets seed + i);
without it every pool starts from rlpool's default seed.

Prints one line per iteration; exits 0 once the mean episode return reaches
--target (450 for CartPole-v1, whose maximum is 500), 1 if --iterations run out.
"""

from __future__ import annotations

import argparse
import sys
import time


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--env-id", default="CartPole-v1", help="an rlpool task id (without the rlpool/ prefix)")
    p.add_argument("--num-env-runners", type=int, default=2)
    p.add_argument("--num-envs-per-env-runner", type=int, default=8)
    p.add_argument("--num-cpus-per-env-runner", type=int, default=1, help="also the pool's num_threads")
    p.add_argument("--iterations", type=int, default=60, help="training iterations at most")
    p.add_argument("--target", type=float, default=450.0, help="stop once the mean episode return reaches it")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--address", default=None, help="a Ray cluster to join (e.g. auto); default: a local Ray")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray (default: all)")
    p.add_argument("--train-batch-size", type=int, default=4000)
    return p.parse_args(argv)


def build_config(args):
    from ray.rllib.algorithms.ppo import PPOConfig

    import rlpool  # noqa: F401  (registers rlpool/<id> in gymnasium, here and in each EnvRunner)

    return (
        PPOConfig()
        .environment(f"rlpool:rlpool/{args.env_id}", env_config={"num_threads": args.num_cpus_per_env_runner})
        .env_runners(
            num_env_runners=args.num_env_runners,
            num_envs_per_env_runner=args.num_envs_per_env_runner,
            num_cpus_per_env_runner=args.num_cpus_per_env_runner,
            gym_env_vectorize_mode="vector_entry_point",
        )
        # CartPole settings close to RLlib's tuned example: a small network, many epochs
        .training(
            train_batch_size_per_learner=args.train_batch_size,
            minibatch_size=256,
            num_epochs=10,
            lr=3e-4,
            gamma=0.99,
            vf_loss_coeff=0.01,
        )
        .debugging(seed=args.seed)
    )


def mean_return(result) -> float:
    runners = result.get("env_runners", {})
    return float(runners.get("episode_return_mean", float("nan")))


def main(argv=None) -> int:
    args = parse_args(argv)
    import ray

    # Each EnvRunner is a Ray worker process: it imports rlpool when RLlib
    # unpickles the config, so rlpool/<id> is registered there too.
    ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        algo = build_config(args).build_algo()
        start = time.time()
        for i in range(1, args.iterations + 1):
            result = algo.train()
            ret = mean_return(result)
            steps = result.get("num_env_steps_sampled_lifetime", result.get("env_runners", {}).get(
                "num_env_steps_sampled_lifetime", 0))
            print(f"iter {i:3d}  env steps {steps}  mean return {ret:7.1f}  {time.time() - start:6.1f} s", flush=True)
            if ret >= args.target:
                print(f"reached {args.target} after {i} iterations")
                algo.stop()
                return 0
        algo.stop()
        print(f"did not reach {args.target} in {args.iterations} iterations")
        return 1
    finally:
        ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
