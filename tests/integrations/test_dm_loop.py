"""The dm face inside an EnvironmentLoop-style loop, written against dm_env
only, as Acme's loop drives an environment: reset(), then step(action) until
a LAST timestep, starting over after it; actions shaped by action_spec(),
observations checked against observation_spec()."""

from __future__ import annotations

import dm_env
import numpy as np
import pytest

import rlpool


def _environment_loop(env: dm_env.Environment, policy, num_steps: int):
    """Acme's EnvironmentLoop reduced to what it asks of the env, batched:
    each env's episode return and length, reported when its LAST arrives."""
    timestep = env.reset()
    assert (timestep.step_type == dm_env.StepType.FIRST).all()
    n = len(timestep.step_type)
    ret, length, finished = np.zeros(n), np.zeros(n, int), []
    for _ in range(num_steps):
        timestep = env.step(policy(timestep))
        first = timestep.step_type == dm_env.StepType.FIRST
        # A FIRST after a LAST starts a new episode: its reward is not part of one.
        ret += np.where(first, 0.0, timestep.reward)
        length += ~first
        for i in np.flatnonzero(timestep.step_type == dm_env.StepType.LAST):
            finished.append((ret[i], length[i], float(timestep.discount[i])))
            ret[i], length[i] = 0.0, 0
    return finished


@pytest.mark.parametrize("task", ["CartPole-v1", "Pendulum-v1"])
def test_dm_face_runs_an_environment_loop(task):
    env = rlpool.make_dm(task, num_envs=3, seed=0)
    spec = env.action_spec()
    rng = np.random.default_rng(0)

    def policy(timestep):
        # the spec (envpool's State of specs) validates the observation the loop received ...
        obs = timestep.observation.obs
        env.observation_spec().obs.validate(obs[0])
        # ... and generates the action the env accepts
        if isinstance(spec, dm_env.specs.DiscreteArray):
            action = rng.integers(0, spec.num_values, size=3)
        else:
            action = rng.uniform(spec.minimum, spec.maximum, size=(3,) + spec.shape)
        for a in action:
            spec.validate(np.asarray(a, spec.dtype))
        return action.astype(spec.dtype)

    # step types always go FIRST -> MID... -> LAST -> FIRST per env
    seen = []
    original_step = env.step

    def recording_step(action):
        ts = original_step(action)
        seen.append(np.asarray(ts.step_type).copy())
        return ts

    env.step = recording_step
    episodes = _environment_loop(env, policy, 450)
    prev = np.full(3, dm_env.StepType.FIRST)  # what reset() returned
    for types in seen:
        after_last = prev == dm_env.StepType.LAST
        assert (types[after_last] == dm_env.StepType.FIRST).all()
        assert (types[~after_last] != dm_env.StepType.FIRST).all()
        prev = types
    assert len(episodes) >= 3
    for ret, length, discount in episodes:
        if task == "CartPole-v1":
            assert ret == length  # +1 per step
            assert discount == (0.0 if length < 500 else 1.0)  # a fall terminates, the time limit truncates
        else:
            assert length == 200 and discount == 1.0  # Pendulum only truncates
    env.close()
