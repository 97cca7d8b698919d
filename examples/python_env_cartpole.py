"""CartPole written in Python, compiled by Numba, trained on rlpool's pool.

The env is rlpool/python_env/cartpole.py: two plain functions, reset and step,
written against arrays (read it; it is the whole env). Registering it compiles
them into C functions that the native workers call without the GIL. This
script registers it, checks that it gives the very episodes of gymnasium's
CartPole-v1 drawing from the same generator, then trains a linear policy with the
cross-entropy method: each generation evaluates 64 candidate policies, one
per env, in parallel.

Run it:  python examples/python_env_cartpole.py   (needs pip install 'rlpool[numba]')
"""

from __future__ import annotations

import time

import gymnasium
import numpy as np

import rlpool
from rlpool.python_env import cartpole, random


class PoolDraws:
    """A stand-in for gymnasium's ``np_random`` that draws what env i of a pool
    seeded s draws: the Python API's own generator (rlpool.python_env.random),
    seeded s + i. rlpool's C++ CartPole draws as gymnasium's np_random does
    instead (docs/seeding.md), so gymnasium's CartPole drawing from this is the
    Python env's reference: same start states, same physics."""

    def __init__(self, seed: int):
        self.rng = np.zeros(random.RNG_WORDS, dtype=np.uint32)
        random.seed(self.rng, seed)

    def uniform(self, low: float, high: float, size: tuple) -> np.ndarray:
        return np.array([random.uniform(self.rng, low, high) for _ in range(int(np.prod(size)))]).reshape(size)


def gymnasium_twin(seed: int) -> gymnasium.Env:
    """gymnasium's CartPole-v1 (time limit included) drawing as env ``seed - s``
    of a pool seeded s does."""
    env = gymnasium.make("CartPole-v1")
    env.unwrapped._np_random = PoolDraws(seed)
    return env


def same_as_gymnasium(task_id: str, steps: int = 2000, num_envs: int = 8, seed: int = 0) -> bool:
    """The pool's episodes equal gymnasium's CartPole-v1 step for step, across
    autoresets (the pool's next_step autoreset: the step after an episode's
    end resets the env and returns reward 0)."""
    pool = rlpool.make(task_id, num_envs=num_envs, seed=seed)
    twins = [gymnasium_twin(seed + i) for i in range(num_envs)]
    obs, _ = pool.reset()
    same = all(np.array_equal(obs[i], twin.reset()[0]) for i, twin in enumerate(twins))
    ended = np.zeros(num_envs, dtype=bool)
    actions = np.random.default_rng(0)
    for _ in range(steps):
        action = actions.integers(0, 2, num_envs)
        obs, reward, terminated, truncated, _ = pool.step(action)
        for i, twin in enumerate(twins):
            if ended[i]:
                expected = (twin.reset()[0], 0.0, False, False)
            else:
                expected = twin.step(int(action[i]))[:4]
            got = (obs[i], reward[i], terminated[i], truncated[i])
            same &= np.array_equal(got[0], expected[0]) and tuple(map(float, got[1:])) == tuple(map(float, expected[1:]))
            ended[i] = expected[2] or expected[3]
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
    print("bit-identical to gymnasium's CartPole-v1 drawing from the same generator:", same_as_gymnasium(task_id))
    train(task_id)


if __name__ == "__main__":
    main()
