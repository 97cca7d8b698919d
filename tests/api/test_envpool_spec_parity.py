"""EnvSpec details that envpool 1.2.5 (the real package) reports: action_array_spec,
and dm spec bounds that are one value when the native spec gives one value.
Exact comparisons: these are declared values, not computed ones."""

import numpy as np
import pytest
import rlpool

envpool = pytest.importorskip("envpool", reason="the reference: pip install envpool==1.2.5")

# Atari (one-value bounds) and classic control (per-element observation bounds, a Box action)
TASKS = ["Pong-v5", "Breakout-v5", "CartPole-v1", "Pendulum-v1"]


@pytest.mark.parametrize("task", TASKS)
def test_action_array_spec_matches_envpool(task):
    ours, theirs = rlpool.make_spec(task).action_array_spec, envpool.make_spec(task).action_array_spec
    assert list(ours) == list(theirs)
    for key in theirs:
        a, b = ours[key], theirs[key]
        assert np.dtype(a.dtype) == np.dtype(b.dtype), key
        assert list(a.shape) == list(b.shape), key
        assert np.array_equal(a.minimum, b.minimum) and np.shape(a.minimum) == np.shape(b.minimum), key
        assert np.array_equal(a.maximum, b.maximum) and np.shape(a.maximum) == np.shape(b.maximum), key


def test_action_array_spec_reachable_from_a_pool():
    env = rlpool.make("Pong-v5", env_type="gymnasium", num_envs=2)
    try:
        assert env.spec.action_array_spec["action"].maximum == env.action_space.n - 1
    finally:
        env.close()


@pytest.mark.parametrize("task", TASKS)
def test_dm_observation_bounds_have_envpools_shape(task):
    ours = rlpool.make_spec(task).observation_spec().obs
    theirs = envpool.make_spec(task).observation_spec().obs
    assert ours.shape == theirs.shape
    for bound in ("minimum", "maximum"):
        a, b = getattr(ours, bound), getattr(theirs, bound)
        assert np.shape(a) == np.shape(b), bound
        np.testing.assert_allclose(a, b, rtol=1e-6, err_msg=bound)  # float32 bounds printed from float64


def test_per_element_bounds_stay_arrays():
    from rlpool.spaces import dm_spec

    field = {"name": "obs", "dtype": "float32", "shape": (2,), "low": [-1.0, -2.0], "high": [3.0], "discrete": False}
    spec = dm_spec(field)
    assert np.array_equal(spec.minimum, np.array([-1.0, -2.0], np.float32))
    assert np.shape(spec.maximum) == () and spec.maximum == 3.0
