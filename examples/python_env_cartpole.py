"""CartPole written in Python, compiled by Numba, trained on rlpool's pool.

The env is rlpool/python_env/cartpole.py: two plain functions, reset and step,
written against arrays (read it; it is the whole env). Registering it compiles
them into C functions that the native workers call without the GIL. This
script registers it, checks that it gives the very episodes of rlpool's C++
CartPole-v1 from the same seed, then trains a linear policy with the
cross-entropy method: each generation evaluates 64 candidate policies, one
per env, in parallel.

Run it:  python examples/python_env_cartpole.py   (needs pip install 'rlpool[numba]')
"""

from __future__ import annotations

import time

import numpy as np

import rlpool
from rlpool.python_env import cartpole


def same_as_cpp(task_id: str, steps: int = 2000) -> bool:
    python_pool = rlpool.make(task_id, num_envs=8, seed=0)
    cpp_pool = rlpool.make("CartPole-v1", num_envs=8, seed=0)
    same = np.array_equal(python_pool.reset()[0], cpp_pool.reset()[0])
    rng = np.random.default_rng(0)
    for _ in range(steps):
        action = rng.integers(0, 2, 8)
        same &= all(np.array_equal(a, b) for a, b in zip(python_pool.step(action)[:4], cpp_pool.step(action)[:4]))
    return bool(same)


def episode_returns(env, weights: np.ndarray) -> np.ndarray:
    """One episode per env, env i acting with the linear policy weights[i]."""
    obs, _ = env.reset()
    returns = np.zeros(len(weights))
    running = np.ones(len(weights), dtype=bool)
    while running.any():
        action = (np.einsum("ij,ij->i", obs, weights[:, :4]) + weights[:, 4] > 0).astype(np.int32)
        obs, reward, terminated, truncated, _ = env.step(action)
        returns += reward * running
        running &= ~(terminated | truncated)  # the env autoresets next step; its later rewards are ignored
    return returns


def train(task_id: str, population: int = 64, elite: int = 8, generations: int = 15) -> float:
    env = rlpool.make(task_id, num_envs=population, seed=1)
    rng = np.random.default_rng(1)
    mean, std = np.zeros(5), np.ones(5)
    steps, start = 0, time.perf_counter()
    for generation in range(generations):
        candidates = mean + std * rng.standard_normal((population, 5))
        returns = episode_returns(env, candidates)
        steps += int(returns.sum())
        best = candidates[np.argsort(returns)[-elite:]]
        mean, std = best.mean(axis=0), best.std(axis=0) + 0.05
        print(f"generation {generation:2d}: mean return {returns.mean():6.1f}, best {returns.max():5.0f}")
    final = episode_returns(env, np.tile(mean, (population, 1))).mean()
    print(f"{steps:,} env steps in {time.perf_counter() - start:.1f} s; the mean policy scores {final:.1f} "
          f"(CartPole-v1 counts as solved at {env.spec.reward_threshold})")
    return final


def main() -> None:
    start = time.perf_counter()
    task_id = cartpole.register()  # compiles reset and step with Numba
    print(f"registered {task_id} in {time.perf_counter() - start:.1f} s")
    print("bit-identical to the C++ CartPole-v1:", same_as_cpp(task_id))
    train(task_id)


if __name__ == "__main__":
    main()
