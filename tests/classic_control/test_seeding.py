"""Classic control is seed-exact with gymnasium 1.x: from the seed alone (no
state injected), 2 envs play gymnasium's episodes across episode ends, with
the same random actions (tests/seed_exact.py says how they are compared).
test_alignment.py pins the dynamics separately, from an injected state."""

import gymnasium
import numpy as np
import pytest

import rlpool
from tests.seed_exact import play_side_by_side

# (rlpool id, gymnasium id it must play, steps): envpool's aliases play their
# targets; gymnasium 1.x has no Pendulum-v0, whose reference is Pendulum-v1.
# Steps: enough for several episode ends of each kind the env has.
CASES = [
    ("CartPole-v0", "CartPole-v0", 400),
    ("CartPole-v1", "CartPole-v1", 400),
    ("phys2d/CartPole-v0", "CartPole-v0", 300),
    ("phys2d/CartPole-v1", "CartPole-v1", 300),
    ("Pendulum-v1", "Pendulum-v1", 450),
    ("Pendulum-v0", "Pendulum-v1", 450),
    ("phys2d/Pendulum-v0", "Pendulum-v1", 450),
    ("Acrobot-v1", "Acrobot-v1", 1100),
    ("MountainCar-v0", "MountainCar-v0", 450),
    ("MountainCarContinuous-v0", "MountainCarContinuous-v0", 2100),
]


@pytest.mark.parametrize("task,ref_id,steps", CASES)
def test_plays_gymnasiums_episodes_from_the_seed(task, ref_id, steps):
    ended = play_side_by_side(task, ref_id, steps=steps)
    assert sum(ended.values()) >= 2, ended


def test_cartpole_terminates_and_pendulum_truncates():
    """Both ways an episode ends are crossed: CartPole's random walk falls
    over, Pendulum and MountainCar only ever hit their time limits."""
    assert play_side_by_side("CartPole-v1", "CartPole-v1", steps=300)["terminated"] >= 4
    assert play_side_by_side("MountainCar-v0", "MountainCar-v0", steps=450)["truncated"] >= 4


def test_acrobot_torque_noise_draws_as_gymnasium():
    """With torque noise every step draws from np_random too (gymnasium
    offers the noise as a class attribute only)."""

    def noisy(ref):
        ref.unwrapped.torque_noise_max = 0.5

    ended = play_side_by_side("Acrobot-v1", "Acrobot-v1", steps=600, make_kwargs={"torque_noise_max": 0.5},
                              setup_ref=noisy)
    assert sum(ended.values()) >= 1, ended


def test_env_seed_seeds_each_env_as_gymnasium():
    """env_seed gives env i gymnasium's episodes from env_seed[i]."""
    seeds = [123, 7, 99999]
    env = rlpool.make("CartPole-v1", num_envs=3, env_seed=seeds)
    obs, _ = env.reset()
    for i, s in enumerate(seeds):
        ref_obs, _ = gymnasium.make("CartPole-v1").reset(seed=s)
        np.testing.assert_array_equal(obs[i], ref_obs)
