"""Declaring a Python-written env: what register accepts and rejects, and how
the task then behaves on each face (gymnasium, gym, dm) and in same_step mode."""

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool import python_env

BOX = spaces.Box(-1, 1, (2,), dtype=np.float32)


def _reset(state, rng, obs_out, info_out):
    obs_out[0] = 0


def _step(state, action, obs_out, reward_out, terminated_out, info_out):
    obs_out[0] = 0


def declare(**overrides):
    kwargs = dict(observation_space=BOX, action_space=spaces.Discrete(2), state=1, reset=_reset, step=_step)
    kwargs.update(overrides)
    return lambda: python_env.register("PyNever-test-v0", **kwargs)


@pytest.mark.parametrize(
    "overrides, match",
    [
        ({"observation_space": spaces.Dict({"a": BOX})}, "observation_space must be"),
        ({"observation_space": spaces.Box(-1, 1, (2,), dtype=np.float16)}, "dtype float16 is not supported"),
        ({"action_space": spaces.MultiDiscrete([2, 2])}, "action_space must be"),
        ({"action_space": spaces.Box(-1, 1, (2,), dtype=np.int32)}, "must be float32 or float64"),
        ({"state": (np.float32, 3)}, "flat state must be float64 or int64"),
        ({"state": "lots"}, "state must be an int n"),
        ({"state": 0}, "at least one element"),
        ({"info": {"env_id": np.int32}}, "info field name 'env_id'"),
        ({"info": {"x": np.complex64}}, "has dtype complex64"),
    ],
)
def test_bad_declarations_say_what_is_allowed(overrides, match):
    with pytest.raises(python_env.DeclarationError, match=match):
        declare(**overrides)()
    assert "PyNever-test-v0" not in rlpool.list_all_envs()


def test_unknown_option_and_duplicate_id(cartpole_id):
    with pytest.raises(TypeError, match="unknown option"):
        declare(frame_skip=4)()
    with pytest.raises(ValueError, match="already registered"):
        python_env.register(
            cartpole_id, observation_space=BOX, action_space=spaces.Discrete(2), state=1, reset=_reset, step=_step
        )


def test_listed_under_its_family(cartpole_id):
    assert cartpole_id in rlpool.list_all_envs("python")
    assert cartpole_id not in rlpool.list_all_envs("classic_control")


def test_info_fields_on_every_face(probe_id):
    gymnasium_env = rlpool.make(probe_id, num_envs=3)
    _, info = gymnasium_env.reset()
    np.testing.assert_array_equal(info["pair"], [[1.5, -2.5]] * 3)
    assert info["pair"].dtype == np.float32 and info["count"].dtype == np.int64
    _, _, _, _, info = gymnasium_env.step(np.zeros(3, dtype=np.int32))
    np.testing.assert_array_equal(info["count"], [1, 1, 1])

    gym_env = rlpool.make(probe_id, env_type="gym", num_envs=3)
    gym_env.reset()
    _, reward, done, info = gym_env.step(np.zeros(3, dtype=np.int32))
    np.testing.assert_array_equal(info["count"], [1, 1, 1])
    np.testing.assert_array_equal(reward, [0.5] * 3)

    dm_env = rlpool.make(probe_id, env_type="dm", num_envs=3)
    dm_env.reset()
    timestep = dm_env.step(np.zeros(3, dtype=np.int32))
    np.testing.assert_array_equal(timestep.observation.count, [1, 1, 1])
    assert dm_env.action_spec().num_values == 4


def test_time_limit_and_same_step_autoreset_are_the_engines(probe_id):
    env = rlpool.make(probe_id, num_envs=2, max_episode_steps=3, autoreset_mode="same_step")
    env.reset()
    for t in range(1, 4):
        obs, reward, terminated, truncated, info = env.step(np.zeros(2, dtype=np.int32))
    assert truncated.all() and not terminated.any()
    np.testing.assert_array_equal(info["final_info"]["count"], [3, 3])  # the ending step's info
    np.testing.assert_array_equal(info["count"], [0, 0])  # the new episode's, from reset
    np.testing.assert_array_equal(info["elapsed_step"], [0, 0])


def _discrete_reset(state, rng, obs_out, info_out):
    state[0] = 2
    obs_out[0] = state[0]


def _discrete_step(state, action, obs_out, reward_out, terminated_out, info_out):
    state[0] = min(max(state[0] + action, 0), 4)  # action is Discrete(3, start=-1): -1, 0 or +1
    obs_out[0] = state[0]
    terminated_out[0] = state[0] == 4
    reward_out[0] = 1.0 if state[0] == 4 else 0.0


def test_discrete_observation_and_shifted_discrete_action():
    python_env.register(
        "PyLine-test-v0",
        observation_space=spaces.Discrete(5),
        action_space=spaces.Discrete(3, start=-1),
        state=(np.int64, 1),
        reset=_discrete_reset,
        step=_discrete_step,
    )
    env = rlpool.make("PyLine-test-v0", num_envs=2)
    assert env.observation_space == spaces.Discrete(5)
    assert env.action_space == spaces.Discrete(3, start=-1)
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs, [2, 2])
    obs, reward, terminated, *_ = env.step(np.array([1, -1]))
    obs, reward, terminated, *_ = env.step(np.array([1, -1]))
    np.testing.assert_array_equal(obs, [4, 0])
    np.testing.assert_array_equal(terminated, [True, False])
    with pytest.raises(ValueError, match="out of range"):
        env.step(np.array([2, 0]))
