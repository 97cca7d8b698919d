"""Toy text is seed-exact with gymnasium 1.x: from the seed alone (no state
injected), 2 envs play gymnasium's episodes across episode ends with the same
random actions: FrozenLake's start and slippery moves, Taxi's start states
(and its rainy moves and fickle passenger), CliffWalking's slippery moves and
Blackjack's deck (tests/seed_exact.py says how they are compared).

NChain-v0 and Catch-v0 are envpool-only (gymnasium has no such env), so they
have no seed to match; test_nchain_catch.py checks their rules."""

import numpy as np
import pytest

from tests.seed_exact import play_side_by_side

# (rlpool id, gymnasium id it must play, rlpool kwargs, gymnasium kwargs).
# gymnasium 1.x has no Taxi-v3 or CliffWalking-v0 (their references are
# Taxi-v4 and CliffWalking-v1), and its tabular/* ids are JAX envs: envpool's
# tabular/* aliases, and rlpool's, are the toy-text envs.
CASES = [
    ("FrozenLake-v1", "FrozenLake-v1", {}, {}),
    ("FrozenLake8x8-v1", "FrozenLake8x8-v1", {}, {}),
    # Two start tiles: the start itself is drawn.
    ("FrozenLake-v1", "FrozenLake-v1", {"desc": "SFFS,FHFH,FFFH,HFFG"}, {"desc": ["SFFS", "FHFH", "FFFH", "HFFG"]}),
    ("FrozenLake-v1", "FrozenLake-v1", {"success_rate": 0.6}, {"success_rate": 0.6}),
    # Short time limits, so that random walks cross many episode ends.
    ("Taxi-v3", "Taxi-v4", {"max_episode_steps": 50}, {"max_episode_steps": 50}),
    ("Taxi-v4", "Taxi-v4", {"max_episode_steps": 50}, {"max_episode_steps": 50}),
    ("Taxi-v4", "Taxi-v4", {"is_rainy": True, "fickle_passenger": True, "fickle_probability": 0.9, "max_episode_steps": 50},
     {"is_rainy": True, "fickle_passenger": True, "fickle_probability": 0.9, "max_episode_steps": 50}),
    ("CliffWalking-v0", "CliffWalking-v1", {"max_episode_steps": 40}, {"max_episode_steps": 40}),
    ("CliffWalking-v1", "CliffWalking-v1", {"max_episode_steps": 40}, {"max_episode_steps": 40}),
    ("CliffWalkingSlippery-v1", "CliffWalkingSlippery-v1", {"max_episode_steps": 40}, {"max_episode_steps": 40}),
    ("tabular/CliffWalking-v0", "CliffWalking-v1", {"max_episode_steps": 40}, {"max_episode_steps": 40}),
    ("Blackjack-v1", "Blackjack-v1", {}, {}),
    ("tabular/Blackjack-v0", "Blackjack-v1", {}, {}),
    ("Blackjack-v1", "Blackjack-v1", {"sab": False, "natural": True}, {"sab": False, "natural": True}),
]


@pytest.mark.parametrize("task,ref_id,kwargs,ref_kwargs", CASES)
def test_plays_gymnasiums_episodes_from_the_seed(task, ref_id, kwargs, ref_kwargs):
    ended = play_side_by_side(task, ref_id, steps=400, make_kwargs=kwargs, ref_kwargs=ref_kwargs,
                              obs_of=lambda o: np.asarray(o))
    assert sum(ended.values()) >= 4, ended
