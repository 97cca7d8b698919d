"""Seed-exact alignment of every rlpool MiniGrid / BabyAI id with minigrid
3.2.0 (``gymnasium.make(id)``): a random-action episode (capped at 300 steps)
and 10 steps into the next one, for 20 seeds per MiniGrid id and 5 per BabyAI
id (BabyAI's reference is the slow side: its maps are up to 22x22 and its
generation rejection-samples; 5 keeps the suite within minutes on 2 cores);
exact integer equality of grid, pose, mission and image, reward within 1e-6
(rlpool's float32), terminated and truncated equal."""

import gymnasium as gym
import numpy as np
import pytest

import rlpool

from .conftest import encode_grid

# The WFC ids are in test_wfc.py: minigrid needs their sample pictures handed
# to it, and each of their maps takes it up to 3 s to make.
IDS = [i for i in rlpool.list_all_envs("minigrid") if not i.startswith("MiniGrid-WFC-")]
SEEDS = list(range(20))
BABYAI_SEEDS = list(range(5))
# minigrid itself never returns from BabyAI-SynthS5R2-v0's second reset with
# seeds 0..4 (RoomGrid.place_agent loops forever when every free cell of the
# room faces an object); rlpool regenerates there instead, so the reference
# cannot be compared on those seeds.
SEEDS_FOR = {"BabyAI-SynthS5R2-v0": list(range(10, 15))}

@pytest.mark.parametrize("task_id", IDS)
@pytest.mark.slow
def test_matches_reference(task_id, lockstep):
    seeds = SEEDS_FOR.get(task_id, BABYAI_SEEDS if task_id.startswith("BabyAI") else SEEDS)
    assert lockstep(task_id, seeds) >= len(seeds)


@pytest.mark.parametrize("task_id", ["MiniGrid-ObstructedMaze-Full-v0", "MiniGrid-MultiRoom-N6-v0"])
def test_encode_grid_is_minigrids(task_id):
    ref = gym.make(task_id).unwrapped
    for seed in range(5):
        ref.reset(seed=seed)
        for action in np.random.default_rng(seed).integers(0, 7, size=50):
            ref.step(int(action))
            np.testing.assert_array_equal(encode_grid(ref.grid), ref.grid.encode())
