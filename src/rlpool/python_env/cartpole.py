"""CartPole written in Python for rlpool.python_env: gymnasium 1.x's
CartPoleEnv, computed exactly as rlpool's C++ CartPole-v1
(csrc/envs/classic_control/cartpole.h) does. Its start states come from the
Python API's generator (rlpool.python_env.random), not numpy's, so from the
same seed its episodes are gymnasium's CartPole drawing from that generator
(tests/python/test_cartpole_alignment.py), not the C++ env's.

    observation  float32[4]: cart position, cart velocity, pole angle, pole angular velocity
    action       Discrete(2): push left (0) or right (1)
    reward       1 every step
    episode end  |x| > 2.4 or |angle| > 12 degrees; truncated at 500 steps (the engine)

``examples/python_env_cartpole.py`` registers and trains it; rlpool's
benchmark and tests use it as the reference Python-written env.
"""

from __future__ import annotations

import math

import numpy as np
from gymnasium import spaces

from . import random

GRAVITY = 9.8
MASS_CART = 1.0
MASS_POLE = 0.1
TOTAL_MASS = MASS_POLE + MASS_CART
LENGTH = 0.5  # half the pole's length
POLE_MASS_LENGTH = MASS_POLE * LENGTH
FORCE_MAG = 10.0
TAU = 0.02  # seconds between state updates
THETA_THRESHOLD = 12 * 2 * math.pi / 360
X_THRESHOLD = 2.4

_HIGH = np.array([X_THRESHOLD * 2, np.inf, THETA_THRESHOLD * 2, np.inf], dtype=np.float32)
OBSERVATION_SPACE = spaces.Box(-_HIGH, _HIGH, dtype=np.float32)
ACTION_SPACE = spaces.Discrete(2)
STATE = 4  # x, x_dot, theta, theta_dot as float64


def reset(state, rng, obs_out, info_out):
    for i in range(4):
        state[i] = random.uniform(rng, -0.05, 0.05)
    for i in range(4):
        obs_out[i] = state[i]


def step(state, action, obs_out, reward_out, terminated_out, info_out):
    x, x_dot, theta, theta_dot = state[0], state[1], state[2], state[3]
    force = FORCE_MAG if action == 1 else -FORCE_MAG
    costheta = math.cos(theta)
    sintheta = math.sin(theta)
    temp = (force + POLE_MASS_LENGTH * (theta_dot * theta_dot) * sintheta) / TOTAL_MASS
    thetaacc = (GRAVITY * sintheta - costheta * temp) / (
        LENGTH * (4.0 / 3.0 - MASS_POLE * (costheta * costheta) / TOTAL_MASS)
    )
    xacc = temp - POLE_MASS_LENGTH * thetaacc * costheta / TOTAL_MASS
    state[0] = x + TAU * x_dot
    state[1] = x_dot + TAU * xacc
    state[2] = theta + TAU * theta_dot
    state[3] = theta_dot + TAU * thetaacc
    for i in range(4):
        obs_out[i] = state[i]
    terminated_out[0] = (
        state[0] < -X_THRESHOLD or state[0] > X_THRESHOLD or state[2] < -THETA_THRESHOLD or state[2] > THETA_THRESHOLD
    )
    reward_out[0] = 1.0


def register(task_id: str = "PyCartPole-v1") -> str:
    """Registers this CartPole as ``task_id`` (once per process) and returns the id."""
    import rlpool
    from . import register as register_python_env

    if task_id not in rlpool.list_all_envs():
        register_python_env(
            task_id,
            observation_space=OBSERVATION_SPACE,
            action_space=ACTION_SPACE,
            state=STATE,
            reset=reset,
            step=step,
            max_episode_steps=500,
            reward_threshold=475.0,
        )
    return task_id
