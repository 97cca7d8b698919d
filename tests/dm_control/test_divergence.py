"""A diverging physics, against dm_control 1.0.50 (the reference).

lqr's motors are unlimited (action bounds +-1e10), so a bang-bang policy that
pushes each actuated body along its velocity with 1e10 pumps energy in until
MuJoCo reports mjWARN_BADQACC. dm_control's suite raises PhysicsError from
that step(); rlpool ends the episode there instead, as dm_control's
composer.Environment(raise_exception_on_physics_error=False) does: LAST, reward
0, discount 0, and the next step starts a new episode. Up to that step both
sides are compared exactly (same seed, same actions: the physics is
bit-identical, see test_alignment.py).
"""

from __future__ import annotations

import numpy as np
import pytest
from dm_control.rl.control import PhysicsError

import rlpool

from . import reference

PUSH = 1e10  # dm_control's action bound for an unlimited actuator (mjMAXVAL)


def _bang_bang(velocity: np.ndarray, nu: int) -> np.ndarray:
    # The actuated bodies come first in lqr's model; push along their velocity
    # (and forward while it is still 0).
    return np.where(velocity[:nu] < 0, -PUSH, PUSH)


def _reference_divergence(task: str, seed: int, max_steps: int = 1000):
    """dm_control's steps up to its PhysicsError: (observations, the step that raised)."""
    ref = reference.load("lqr", task, seed)
    nu = ref.action_spec().shape[0]
    obs = [ref.reset().observation]
    for t in range(max_steps):
        try:
            ts = ref.step(_bang_bang(obs[-1]["velocity"], nu))
        except PhysicsError:
            return obs, t + 1
        assert not ts.last(), "the reference episode ended before its physics diverged"
        obs.append(ts.observation)
    pytest.fail(f"dm_control's lqr {task} did not diverge within {max_steps} steps")


@pytest.mark.parametrize("task, task_id", [("lqr_2_1", "LqrLqr21-v1"), ("lqr_6_2", "LqrLqr62-v1")])
def test_divergence_ends_the_episode_where_dm_control_raises(task, task_id):
    seed = 1
    ref_obs, diverged_at = _reference_divergence(task, seed)
    env = rlpool.make_dm(task_id, num_envs=1, seed=seed)
    nu = env.action_spec().shape[0]
    ts = env.reset()
    for t in range(1, diverged_at):
        np.testing.assert_array_equal(ts.observation.velocity[0], ref_obs[t - 1]["velocity"])
        np.testing.assert_array_equal(ts.observation.position[0], ref_obs[t - 1]["position"])
        ts = env.step(_bang_bang(ts.observation.velocity[0], nu)[None])
        assert int(ts.step_type[0]) == 1, f"step {t}: rlpool ended the episode before dm_control's PhysicsError"
    ts = env.step(_bang_bang(ts.observation.velocity[0], nu)[None])
    assert int(ts.step_type[0]) == 2, "the diverging step must be LAST"
    assert float(ts.reward[0]) == 0.0 and float(ts.discount[0]) == 0.0
    assert np.isfinite(ts.observation.position[0]).all() and np.isfinite(ts.observation.velocity[0]).all()
    # The pool goes on: a new episode, as dm_control's reset() would start it.
    ts = env.step(np.zeros((1, nu)))
    assert int(ts.step_type[0]) == 0
    ts = env.step(np.zeros((1, nu)))
    assert int(ts.step_type[0]) == 1 and np.isfinite(float(ts.reward[0]))
    env.close()


def test_divergence_is_terminated_on_the_gymnasium_face_and_spares_the_other_envs():
    _, diverged_at = _reference_divergence("lqr_2_1", 1)
    env = rlpool.make("LqrLqr21-v1", num_envs=2, env_seed=[1, 1])
    obs, _ = env.reset()
    nu = env.single_action_space.shape[0]
    for t in range(diverged_at):
        assert t == 0 or not terminated[0], f"step {t}: ended before dm_control's PhysicsError"
        pushes = _bang_bang(obs["velocity"][0], nu)
        obs, reward, terminated, truncated, _ = env.step(np.stack([pushes, np.zeros(nu)]))
    assert bool(terminated[0]) and not bool(truncated[0]) and float(reward[0]) == 0.0
    assert not terminated[1] and not truncated[1], "env 1 was driven gently and must carry on"
