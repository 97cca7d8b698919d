"""Deterministic toy-text envs stepped side by side with gymnasium 1.x.

Same start state (FrozenLake and CliffWalking start in a fixed state;
Taxi's random start is copied into gymnasium's ``unwrapped.s``), the same
random actions, whole episodes across autoresets and time limits. Everything
must be equal: observation, reward, terminated, truncated, info["prob"] and
Taxi's info["action_mask"]. Also: spaces, and the start-state distributions
(statistically, 5 binomial standard deviations).
"""

import collections

import gymnasium
import numpy as np
import pytest

import rlpool

CASES = [
    # (rlpool task, gymnasium id, rlpool kwargs, gymnasium kwargs)
    ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False}, {"is_slippery": False}),
    ("FrozenLake8x8-v1", "FrozenLake8x8-v1", {"is_slippery": False}, {"is_slippery": False}),
    # No goal, no hole: only the 100-step time limit ends an episode.
    ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False, "desc": "SFFF,FFFF,FFFF"},
     {"is_slippery": False, "desc": ["SFFF", "FFFF", "FFFF"]}),
    ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False, "success_rate": 1.0},
     {"is_slippery": True, "success_rate": 1.0}),
    ("CliffWalking-v0", "CliffWalking-v1", {}, {}),
    ("CliffWalking-v1", "CliffWalking-v1", {"max_episode_steps": 60}, {"max_episode_steps": 60}),
    ("Taxi-v3", "Taxi-v4", {}, {}),
    ("Taxi-v4", "Taxi-v4", {}, {}),
]


@pytest.mark.parametrize("task,gym_id,kwargs,gym_kwargs", CASES)
def test_trajectories_equal_gymnasium(task, gym_id, kwargs, gym_kwargs):
    env = rlpool.make(task, num_envs=1, seed=3, **kwargs)
    ref = gymnasium.make(gym_id, **gym_kwargs)
    assert env.single_observation_space == ref.observation_space
    assert env.single_action_space == ref.action_space
    rng = np.random.default_rng(0)
    n_actions = ref.action_space.n
    # CliffWalking: mostly up and right, so that random walks reach the goal now and then.
    probs = [0.3, 0.4, 0.15, 0.15] if gym_id.startswith("Cliff") else [1 / n_actions] * n_actions
    episodes = truncations = 0

    def start_episode(obs, info):
        ref_obs, ref_info = ref.reset(seed=int(rng.integers(1 << 30)))
        if gym_id.startswith("Taxi"):
            ref.unwrapped.s = int(obs[0])
            ref_obs, ref_info = int(obs[0]), {"prob": 1.0, "action_mask": ref.unwrapped.action_mask(int(obs[0]))}
        assert obs[0] == ref_obs
        assert info["prob"][0] == ref_info["prob"]
        if "action_mask" in ref_info:
            np.testing.assert_array_equal(info["action_mask"][0], ref_info["action_mask"])

    obs, info = env.reset()
    start_episode(obs, info)
    for _ in range(3000):
        a = int(rng.choice(n_actions, p=probs))
        obs, rew, term, trunc, info = env.step(np.array([a], np.int32))
        r_obs, r_rew, r_term, r_trunc, r_info = ref.step(a)
        step = (task, episodes, int(info["elapsed_step"][0]), a)
        assert obs[0] == r_obs, step
        assert rew[0] == r_rew, step
        assert term[0] == r_term and trunc[0] == r_trunc, step
        assert info["prob"][0] == r_info["prob"], step
        if "action_mask" in r_info:
            np.testing.assert_array_equal(info["action_mask"][0], r_info["action_mask"], err_msg=str(step))
        if term[0] or trunc[0]:
            episodes += 1
            truncations += int(trunc[0])
            # next_step autoreset: this step's action is ignored, the new episode starts.
            obs, rew, term, trunc, info = env.step(np.array([0], np.int32))
            assert rew[0] == 0 and info["elapsed_step"][0] == 0
            start_episode(obs, info)
    assert episodes >= 3
    if "desc" in kwargs:
        assert truncations == episodes
    if "max_episode_steps" in kwargs:
        assert 0 < truncations < episodes


def test_taxi_start_states_are_uniform_over_gymnasiums_start_distribution():
    n = 60000
    env = rlpool.make("Taxi-v3", num_envs=n, seed=11)
    obs, _ = env.reset()
    start = gymnasium.make("Taxi-v4").unwrapped.initial_state_distrib
    counts = np.bincount(obs, minlength=500) / n
    assert set(np.flatnonzero(counts)) == set(np.flatnonzero(start))
    tol = 5 * np.sqrt(start * (1 - start) / n)
    assert (np.abs(counts - start) <= tol + 1e-12).all()


def test_frozen_lake_custom_map_starts_uniformly_on_every_start_tile():
    desc = ["SFFS", "FHFH", "SFFG"]
    ref = gymnasium.make("FrozenLake-v1", desc=desc).unwrapped
    n = 20000
    env = rlpool.make("FrozenLake-v1", num_envs=n, desc=",".join(desc))
    assert env.single_observation_space == ref.observation_space
    obs, _ = env.reset()
    freq = np.bincount(obs, minlength=12) / n
    p = ref.initial_state_distrib
    assert set(np.flatnonzero(freq)) == set(np.flatnonzero(p))
    assert (np.abs(freq - p) <= 5 * np.sqrt(p * (1 - p) / n) + 1e-12).all()


def test_time_limits_and_registered_defaults():
    for task, gym_id in [("FrozenLake-v1", "FrozenLake-v1"), ("FrozenLake8x8-v1", "FrozenLake8x8-v1"),
                         ("Taxi-v3", "Taxi-v4"), ("CliffWalking-v1", "CliffWalking-v1"),
                         ("CliffWalkingSlippery-v1", "CliffWalkingSlippery-v1"), ("Blackjack-v1", "Blackjack-v1")]:
        spec = gymnasium.spec(gym_id)
        env = rlpool.make(task)
        limit = env.config["max_episode_steps"]
        assert limit == (spec.max_episode_steps or 2**31 - 1), task
        for key, value in spec.kwargs.items():
            assert env.config[key] == value or (key == "map_name" and env.config["size"] == int(value[0])), (task, key)


def test_bad_options_raise_and_say_what_is_allowed():
    with pytest.raises(ValueError, match="map_name"):
        rlpool.make("FrozenLake-v1", map_name="5x5")
    with pytest.raises(ValueError, match="size"):
        rlpool.make("FrozenLake-v1", size=6)
    with pytest.raises(ValueError, match="same length"):
        rlpool.make("FrozenLake-v1", desc="SFF,FF")
    with pytest.raises(ValueError, match="tiles"):
        rlpool.make("FrozenLake-v1", desc="SFX,FFG")
    with pytest.raises(ValueError, match="start tile"):
        rlpool.make("FrozenLake-v1", desc="FFF,FFG")
    with pytest.raises(ValueError, match="reward_schedule"):
        rlpool.make("FrozenLake-v1", reward_schedule=[1.0, 0.0])
    with pytest.raises(ValueError, match="success_rate"):
        rlpool.make("FrozenLake-v1", success_rate=1.5)
    with pytest.raises(ValueError, match="debug_start_state"):
        rlpool.make("Taxi-v3", debug_start_state=500)
    with pytest.raises(ValueError, match="rainy_probability"):
        rlpool.make("Taxi-v3", rainy_probability=-0.1)
    with pytest.raises(ValueError, match="height"):
        rlpool.make("Catch-v0", height=1)
    with pytest.raises(TypeError, match="desc"):
        rlpool.make("FrozenLake-v1", desc=["SFFF", "FHFH", "FFFH", "HFFG"])


def test_map_name_and_size_pick_the_map():
    assert rlpool.make("FrozenLake-v1", map_name="8x8").single_observation_space.n == 64
    assert rlpool.make("FrozenLake-v1", size=8).single_observation_space.n == 64
    assert rlpool.make("FrozenLake8x8-v1", map_name="4x4").single_observation_space.n == 16
    assert rlpool.make("FrozenLake8x8-v1", desc="SFG").single_observation_space.n == 3


def test_taxi_fickle_passenger_changes_destination_as_often_as_gymnasium():
    # Passenger in the taxi at (2, 2) heading for R; the taxi drives south.
    start = gymnasium.make("Taxi-v4").unwrapped.encode(2, 2, 4, 0)
    south = 0
    n = 6000
    kw = {"fickle_passenger": True, "fickle_probability": 0.4}
    env = rlpool.make("Taxi-v3", num_envs=n, seed=5, debug_start_state=start, **kw)
    env.reset()
    obs, *_ = env.step(np.full(n, south, np.int32))
    dest = obs % 4
    ours = collections.Counter(dest.tolist())

    ref = gymnasium.make("Taxi-v4", **kw).unwrapped
    theirs = collections.Counter()
    ref.reset(seed=5)
    for i in range(n):
        ref.reset()
        ref.s = start
        s, *_ = ref.step(south)
        theirs[s % 4] += 1
    assert set(ours) == set(theirs) == {0, 1, 2, 3}
    assert all((obs // 4) % 5 == 4)  # still riding
    assert all(obs // 20 == 3 * 5 + 2)  # now at (3, 2)
    for d in range(4):
        p = theirs[d] / n
        assert abs(ours[d] / n - p) <= 5 * np.sqrt(p * (1 - p) / n) * np.sqrt(2), d
    # Only the first move after a reset can change the mind.
    obs2, *_ = env.step(np.full(n, 1, np.int32))
    np.testing.assert_array_equal(obs2 % 4, dest)
