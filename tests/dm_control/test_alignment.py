"""Every registered suite task against dm_control 1.0.50 (the reference,
``suite.load(domain, task, task_kwargs={"random": seed})``): same seed, no
state injected, the same random actions for a whole episode.

Tolerances: step types, discounts and the float32 reward are exact; the
float64 reward (info ``reward64``) within 1e-9, as dm_control computes it with
numpy; observations within 1e-12 absolute: the physics is bit-identical, and
the few observations that pass through a numpy transcendental (log1p of the
touch sensors) may differ in the last bit.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlpool
from rlpool.tasks.dm_control import DOMAINS, task_id

from . import reference

TASKS = [(domain, task) for domain, _, tasks in DOMAINS for task in tasks]
# The slowest references are stepped for half an episode (>= 500 steps):
# dog, humanoid_CMU, and quadruped-escape (20 rangefinders over a heightfield).
STEPS = {"humanoid_CMU": 500, "dog": 500, ("quadruped", "escape"): 500}
OBS_ATOL = 1e-12
REWARD_ATOL = 1e-9


def _actions(spec, n: int, seed: int) -> np.ndarray:
    low = np.maximum(spec.minimum, -1.0)
    high = np.minimum(spec.maximum, 1.0)
    return np.random.default_rng(seed).uniform(low, high, size=(n,) + spec.shape)


def _compare_obs(where: str, ours, ref_obs) -> None:
    for key, value in ref_obs.items():
        got = getattr(ours, key)[0]
        value = np.asarray(value)
        assert got.dtype == value.dtype, f"{where}: {key} dtype {got.dtype} != {value.dtype}"
        assert got.shape == value.shape, f"{where}: {key} shape {got.shape} != {value.shape}"
        np.testing.assert_allclose(got, value, rtol=0, atol=OBS_ATOL, err_msg=f"{where}: observation {key}")


def run_episode(domain: str, task: str, seed: int, steps: int, actions: np.ndarray | None = None,
                **kwargs) -> int:
    """Steps rlpool's and dm_control's env side by side; returns the steps taken."""
    ref = reference.load(domain, task, seed, **kwargs)
    env = rlpool.make_dm(task_id(domain, task), num_envs=1, seed=seed, debug_state=True)
    if actions is None:
        actions = _actions(ref.action_spec(), steps, seed)
    ts, rt = env.reset(), ref.reset()
    assert reference.obs_keys(env) == list(ref.observation_spec()), "observation keys or order differ"
    assert int(ts.step_type[0]) == int(rt.step_type)
    _compare_obs(f"{domain}/{task} reset", ts.observation, rt.observation)
    limit = env.config["max_episode_steps"]
    for t in range(steps):
        ts, rt = env.step(actions[t][None]), ref.step(actions[t])
        where = f"{domain}/{task} step {t + 1}"
        if domain == "lqr" and t + 1 == limit:
            # dm_control's lqr has no time limit; rlpool (as envpool) ends it
            # at max_episode_steps, with dm_control's time-limit discount 1.
            assert int(ts.step_type[0]) == 2 and float(ts.discount[0]) == 1.0, where
            assert abs(ts.observation.reward64[0] - rt.reward) <= REWARD_ATOL, where
            _compare_obs(where, ts.observation, rt.observation)
            return t + 1
        assert int(ts.step_type[0]) == int(rt.step_type), where
        assert float(ts.discount[0]) == rt.discount, where
        assert ts.reward[0] == np.float32(rt.reward), where
        assert abs(ts.observation.reward64[0] - rt.reward) <= REWARD_ATOL, where
        _compare_obs(where, ts.observation, rt.observation)
        if rt.last():
            return t + 1
    return steps


@pytest.mark.parametrize("domain,task", TASKS, ids=[task_id(d, t) for d, t in TASKS])
@pytest.mark.slow
def test_whole_episode_matches_dm_control(domain, task):
    steps = STEPS.get((domain, task), STEPS.get(domain, 1000))
    seed = 1000 + TASKS.index((domain, task))
    taken = run_episode(domain, task, seed, steps)
    assert taken == steps


def test_next_episode_continues_the_seeded_stream():
    """After LAST the next step resets (the action is ignored), drawing the
    new start from the same RandomState as dm_control's second reset."""
    seed, limit = 11, 25
    ref = reference.load("cartpole", "swingup", seed, time_limit=limit * 0.01)
    env = rlpool.make_dm("CartpoleSwingup-v1", num_envs=1, seed=seed, max_episode_steps=limit)
    actions = _actions(ref.action_spec(), 2 * limit + 2, seed)
    env.reset(), ref.reset()
    for t in range(2 * limit + 1):
        ts, rt = env.step(actions[t][None]), ref.step(actions[t])
        assert int(ts.step_type[0]) == int(rt.step_type), t
        if rt.first():
            assert float(ts.reward[0]) == 0.0
        else:
            assert float(ts.discount[0]) == rt.discount
        _compare_obs(f"step {t}", ts.observation, rt.observation)


def test_out_of_range_actions_pass_through_as_in_dm_control():
    """dm_control writes the action into ctrl unchanged and MuJoCo clamps a
    limited actuator's control when it computes forces; rewards that read
    ctrl (hopper stand's small_control) see the raw value. rlpool does the
    same, so actions outside the spec give dm_control's numbers."""
    ref = reference.load("hopper", "stand", 3)
    actions = np.random.default_rng(3).uniform(-4, 4, size=(200,) + ref.action_spec().shape)
    assert run_episode("hopper", "stand", 3, 200, actions=actions) == 200


@pytest.mark.slow
def test_default_frame_skip_and_time_limit_are_dm_control_s():
    """frame_skip defaults to dm_control's n_sub_steps and max_episode_steps
    to its step limit (the time limit over the control timestep)."""
    for domain, task in TASKS:
        ref = reference.load(domain, task, 0)
        config = rlpool.make_spec(task_id(domain, task)).config
        assert config.frame_skip == ref._n_sub_steps, (domain, task)
        if domain == "lqr":  # no time limit in dm_control; envpool's 1000
            assert ref._step_limit == float("inf") and config.max_episode_steps == 1000
        else:
            assert config.max_episode_steps == int(np.ceil(ref._step_limit)), (domain, task)
