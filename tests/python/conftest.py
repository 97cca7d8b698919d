"""Python-written envs shared by these tests, each compiled once per session
(a Numba compile takes seconds)."""

import importlib.util
import pathlib

import numpy as np
import pytest
from gymnasium import spaces

from rlpool.python_env import random

REPO = pathlib.Path(__file__).resolve().parents[2]


def load_example(name: str):
    """An examples/<name>.py file as a module (examples/ is not a package)."""
    path = REPO / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"rlpool_example_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def cartpole_id():
    from rlpool.python_env import cartpole

    return cartpole.register("PyCartPole-test-v1")


@pytest.fixture(scope="session")
def maze_id():
    return load_example("python_env_maze").register("PyMaze-test-v0")


# The probe env: its reset writes the first three raw draws of its generator;
# its step's action says what to do, so one compiled env covers the error paths.
STEP_OK, STEP_STATUS, STEP_RAISE, STEP_DIVIDE = 0, 1, 2, 3
PROBE_STATUS = 7


def probe_reset(state, rng, obs_out, info_out):
    for i in range(3):
        obs_out[i] = random.next_uint32(rng)
    state[0] = 0
    info_out.count = 0
    info_out.pair[0] = 1.5
    info_out.pair[1] = -2.5


def probe_step(state, action, obs_out, reward_out, terminated_out, info_out):
    state[0] += 1
    info_out.count = state[0]
    obs_out[0] = state[0]
    obs_out[1] = 0.0
    obs_out[2] = 0.0
    if action == STEP_STATUS:
        return PROBE_STATUS
    if action == STEP_RAISE:
        raise ValueError("probe raised")
    if action == STEP_DIVIDE:
        zero = obs_out[1]
        obs_out[1] = 1.0 / zero
        obs_out[2] = zero / zero
    reward_out[0] = 0.5
    return 0


@pytest.fixture(scope="session")
def probe_id():
    from rlpool import python_env

    python_env.register(
        "PyProbe-test-v0",
        observation_space=spaces.Box(-np.inf, np.inf, (3,), dtype=np.float64),
        action_space=spaces.Discrete(4),
        state=(np.int64, 1),
        info={"count": np.int64, "pair": (np.float32, (2,))},
        reset=probe_reset,
        step=probe_step,
        max_episode_steps=1000,
    )
    return "PyProbe-test-v0"
