"""Every game whose ROM the installed ale-py ships has a <Game>-v5 id (the
same set ale-py registers as ALE/<Game>-v5), and each one resets and steps."""

import ale_py
import gymnasium as gym
import numpy as np
import pytest

import rlpool

gym.register_envs(ale_py)
ATARI_IDS = rlpool.list_all_envs("atari")


def test_one_id_per_ale_py_game():
    ale_ids = {k.split("/")[1] for k in gym.registry if k.startswith("ALE/") and k.endswith("-v5")}
    # plus envpool's spelling of one game
    assert set(ATARI_IDS) == ale_ids | {"TicTacToe3d-v5"}
    assert len(ATARI_IDS) == 105
    assert {"Pong-v5", "Breakout-v5", "MontezumaRevenge-v5", "SpaceInvaders-v5"} <= set(ATARI_IDS)


@pytest.mark.parametrize("task_id", ATARI_IDS)
def test_every_game_resets_and_steps(task_id):
    env = rlpool.make(task_id, num_envs=1, seed=0)
    obs, info = env.reset()
    assert obs.shape == (1, 4, 84, 84) and obs.dtype == np.uint8
    n = env.single_action_space.n
    assert n >= 1
    for a in range(3):
        obs, rew, term, trunc, info = env.step(np.array([a % n]))
    assert obs.shape == (1, 4, 84, 84)
    assert info["lives"].shape == (1,) and info["ram"].shape == (1, 128)
    env.close()
