"""Seed-exact alignment of every rlpool MiniGrid id with minigrid 3.2.0
(``gymnasium.make(id)``): 20 seeds per id, a random-action episode (capped at
300 steps) and 10 steps into the next one; exact integer equality of grid,
pose, mission and image, reward within 1e-6 (rlpool's float32)."""

import gymnasium as gym
import numpy as np
import pytest

import rlpool

from .conftest import encode_grid

IDS = rlpool.list_all_envs("minigrid")
SEEDS = list(range(20))

@pytest.mark.parametrize("task_id", IDS)
def test_matches_reference(task_id, lockstep):
    assert lockstep(task_id, SEEDS) >= len(SEEDS)


@pytest.mark.parametrize("task_id", ["MiniGrid-ObstructedMaze-Full-v0", "MiniGrid-MultiRoom-N6-v0"])
def test_encode_grid_is_minigrids(task_id):
    ref = gym.make(task_id).unwrapped
    for seed in range(5):
        ref.reset(seed=seed)
        for action in np.random.default_rng(seed).integers(0, 7, size=50):
            ref.step(int(action))
            np.testing.assert_array_equal(encode_grid(ref.grid), ref.grid.encode())
