"""Errors of Python-written envs: at register (compile) time and at run time."""

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool import python_env

from .conftest import PROBE_STATUS, STEP_DIVIDE, STEP_OK, STEP_RAISE, STEP_STATUS


def _ok_reset(state, rng, obs_out, info_out):
    obs_out[0] = 0.0


def _uncompilable_step(state, action, obs_out, reward_out, terminated_out, info_out):
    obs_out[0] = {"a dict": object()}  # no nopython equivalent


def test_compile_error_names_the_function_and_quotes_numba():
    with pytest.raises(python_env.CompileError) as e:
        python_env.register(
            "PyBroken-test-v0",
            observation_space=spaces.Box(-1, 1, (1,), dtype=np.float32),
            action_space=spaces.Discrete(2),
            state=1,
            reset=_ok_reset,
            step=_uncompilable_step,
        )
    message = str(e.value)
    assert "_uncompilable_step" in message and "step" in message
    assert "nopython" in message  # Numba's own diagnosis follows
    assert "PyBroken-test-v0" not in rlpool.list_all_envs()  # nothing half-registered
    with pytest.raises(ValueError, match="unknown task id"):
        rlpool.make("PyBroken-test-v0")


def test_wrong_parameter_count_is_reported():
    with pytest.raises(python_env.CompileError, match="takes 2 parameters, expected 6 or 7"):
        python_env.register(
            "PyBroken2-test-v0",
            observation_space=spaces.Box(-1, 1, (1,), dtype=np.float32),
            action_space=spaces.Discrete(2),
            state=1,
            reset=_ok_reset,
            step=lambda state, action: None,
        )


def test_error_status_raises_on_recv_and_others_go_on(probe_id):
    env = rlpool.make(probe_id, num_envs=4, num_threads=2)
    env.reset()
    actions = np.array([STEP_OK, STEP_STATUS, STEP_OK, STEP_OK])
    with pytest.raises(RuntimeError, match=f"env 1 failed: {probe_id}: step returned error status {PROBE_STATUS}"):
        env.step(actions)
    # The pool goes on: the other envs keep their episodes, env 1 starts a new one.
    obs, reward, terminated, truncated, info = env.step(np.zeros(4, dtype=np.int64))
    np.testing.assert_array_equal(info["elapsed_step"], [2, 0, 2, 2])
    np.testing.assert_array_equal(info["count"], [2, 0, 2, 2])
    obs, reward, *_ = env.step(np.zeros(4, dtype=np.int64))
    np.testing.assert_array_equal(info["env_id"], [0, 1, 2, 3])
    np.testing.assert_array_equal(reward, [0.5] * 4)


def test_error_in_async_pool_names_the_env(probe_id):
    env = rlpool.make(probe_id, num_envs=6, batch_size=3, num_threads=2)
    env.async_reset()
    errors, sent_failure, rounds_after = 0, False, 0
    for _ in range(40):
        try:
            obs, reward, terminated, truncated, info = env.recv()
        except RuntimeError as e:
            assert "env 4 failed" in str(e) and f"error status {PROBE_STATUS}" in str(e)
            errors += 1
            continue  # that batch is gone; the envs still in flight go on
        ids = info["env_id"]
        rounds_after += errors
        actions = np.full(len(ids), STEP_OK)
        if not sent_failure and 4 in ids:
            actions[ids == 4] = STEP_STATUS
            sent_failure = True
        env.send(actions, ids)
    assert errors == 1
    assert rounds_after >= 20  # recv kept returning results after the error


# Caught inside the compiled code: Numba's fallback (take the GIL, print
# "Exception ignored") must not run, so an unraisable-exception warning fails the test.
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_exception_inside_compiled_code_is_a_status(probe_id):
    env = rlpool.make(probe_id, num_envs=2)
    env.reset()
    with pytest.raises(RuntimeError, match="env 0 failed: .*raised an exception inside compiled code"):
        env.step(np.array([STEP_RAISE, STEP_OK]))
    _, reward, *_ = env.step(np.array([STEP_OK, STEP_OK]))
    assert reward[1] == 0.5


def test_division_by_zero_gives_inf_and_nan_not_an_error(probe_id):
    env = rlpool.make(probe_id, num_envs=2)
    env.reset()
    obs, reward, terminated, truncated, info = env.step(np.array([STEP_DIVIDE, STEP_OK]))
    assert obs[0, 1] == np.inf
    assert np.isnan(obs[0, 2])
    assert reward[0] == 0.5  # the step finished normally


def test_plain_python_run_shows_the_traceback(probe_id):
    """The debugging path the error message points at."""
    env = python_env.make_gymnasium_env(probe_id)
    env.reset()
    with pytest.raises(ValueError, match="probe raised"):
        env.step(STEP_RAISE)
