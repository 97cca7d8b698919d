"""Alignment of every rlpool Procgen id with procgen 0.10.7 itself
(tests/procgen/lockstep.py says what is compared, exactly, with no tolerance):
each of the 50 ids for at least 300 procgen steps and across at least one
episode end, with random actions; then the level options, both observation
layouts and several envs on several threads."""

import numpy as np
import pytest

import rlpool

from .lockstep import run

IDS = rlpool.list_all_envs("procgen")


def test_fifty_ids_like_envpool():
    assert len(IDS) == 50
    for game in ("Bigfish", "Coinrun", "Starpilot"):
        assert f"{game}Easy-v0" in IDS and f"{game}Hard-v0" in IDS
    assert {"CaveflyerMemory-v0", "ChaserExtreme-v0", "MazeExploration-v0", "LeaperExploration-v0"} <= set(IDS)
    assert "BigfishExploration-v0" not in IDS


@pytest.mark.parametrize("task_id", IDS)
def test_matches_procgen(procgen, task_id):
    run(procgen, task_id, seed=IDS.index(task_id), action_seed=1)


def test_level_range(procgen):
    counts = run(procgen, "CoinrunEasy-v0", num_levels=3, start_level=1000, min_episodes=4, seed=5)
    assert counts["episodes"][0] >= 4


def test_level_range_draws_only_its_levels():
    env = rlpool.make("MazeEasy-v0", num_envs=8, num_levels=2, start_level=77, seed=3)
    _, info = env.reset()
    assert set(info["level_seed"].tolist()) <= {77, 78}


def test_sequential_levels(procgen):
    # Coinrun easy: a random agent completes levels often enough to continue onto the next one.
    counts = run(procgen, "CoinrunEasy-v0", use_sequential_levels=True, num_levels=10, start_level=3, min_steps=600,
                 seed=11)
    assert counts["steps"][0] >= 600


@pytest.mark.parametrize("options", [
    dict(center_agent=False, use_backgrounds=False),
    dict(use_monochrome_assets=True, restrict_themes=True),
    dict(use_generated_assets=True, paint_vel_info=True),
    dict(channel_first=False),
])
def test_visual_options(procgen, options):
    run(procgen, "BigfishHard-v0", min_steps=100, seed=2, **options)


def test_several_envs_on_threads(procgen):
    # Each env is its own VecGame: four envs on two threads step as four separate procgen envs.
    run(procgen, "StarpilotEasy-v0", num_envs=4, num_threads=2, min_steps=150, seed=20)


def test_exploration_level_is_procgens():
    env = rlpool.make("MazeExploration-v0", num_envs=3, seed=9)
    _, info = env.reset()
    assert np.all(info["level_seed"] == 158988835)


def test_time_limit_before_procgens_own(procgen):
    # max_episode_steps below the game's timeout: each truncation starts a fresh VecGame (lockstep.py).
    counts = run(procgen, "ChaserHard-v0", max_episode_steps=40, min_steps=150, min_episodes=3, seed=4)
    assert counts["truncations"][0] >= 1


def test_reset_in_mid_episode(procgen):
    from .lockstep import reference_env

    env = rlpool.make("NinjaEasy-v0", num_envs=2, seed=30)
    env.reset()
    for _ in range(5):
        env.step(np.zeros(2, np.int32))
    obs, info = env.reset()
    for i in range(2):
        rand_seed = int(np.random.RandomState(30 + i).randint(2**32, dtype=np.uint32)) & 0x7FFFFFFF
        ref = reference_env(procgen, env.config, rand_seed)
        np.testing.assert_array_equal(obs[i].transpose(1, 2, 0), ref.observe()[1]["rgb"][0])
        assert info["level_seed"][i] == ref.get_info()[0]["level_seed"]
