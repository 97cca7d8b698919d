"""Seed-exact alignment of every rlpool MiniGrid id with minigrid 3.2.0
(``gymnasium.make(id)``): 20 seeds per id, a random-action episode (capped at
300 steps) and 10 steps into the next one; exact integer equality of grid,
pose, mission and image, reward within 1e-6 (rlpool's float32)."""

import pytest

import rlpool

pytest.importorskip("minigrid")

IDS = rlpool.list_all_envs("minigrid")
SEEDS = list(range(20))

@pytest.mark.parametrize("task_id", [t for t in IDS if t.startswith("MiniGrid")])
def test_minigrid_matches_reference(task_id, lockstep):
    assert lockstep(task_id, SEEDS) >= len(SEEDS)
