"""The dm_control family's pool behaviour: task ids, spaces, seeds, the two
faces and bad input. Alignment with dm_control itself is test_alignment.py."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool.tasks.dm_control import DOMAINS, task_id

from . import reference

ALL_IDS = [task_id(d, t) for d, _, tasks in DOMAINS for t in tasks]


def test_ids_follow_envpool_and_are_listed(capsys):
    assert rlpool.list_all_envs("dm_control") == sorted(ALL_IDS)
    assert task_id("ball_in_cup", "catch") == "BallInCupCatch-v1"
    assert task_id("humanoid_CMU", "run") == "HumanoidCMURun-v1"
    assert task_id("lqr", "lqr_2_1") == "LqrLqr21-v1"
    # Every registered task is a suite task of dm_control 1.0.50.
    assert {(d, t) for d, _, tasks in DOMAINS for t in tasks} <= set(reference.suite.ALL_TASKS)
    from rlpool import cli

    cli.main(["list", "--family", "dm_control"])
    out = capsys.readouterr().out
    assert all(i in out for i in ALL_IDS)


@pytest.mark.parametrize("tid", ["WalkerWalk-v1", "FingerTurnHard-v1", "HumanoidRun-v1"])
def test_spaces_match_dm_control_specs(tid):
    domain, task = next((d, t) for d, _, ts in DOMAINS for t in ts if task_id(d, t) == tid)
    ref = reference.load(domain, task, 0)
    env = rlpool.make_gymnasium(tid, num_envs=1)
    obs_space = env.single_observation_space
    assert isinstance(obs_space, spaces.Dict)
    # gymnasium's Dict sorts the keys of a plain dict; the dm face keeps dm_control's order.
    assert set(obs_space.spaces) == set(ref.observation_spec())
    for key, spec in ref.observation_spec().items():
        box = obs_space[key]
        assert box.shape == spec.shape and box.dtype == spec.dtype, key
        # dm_control's observations are unbounded: -inf / inf (envpool uses
        # the smallest positive double as the low bound, which is wrong).
        assert np.all(box.low == -np.inf) and np.all(box.high == np.inf), key
    act = ref.action_spec()
    assert env.single_action_space.dtype == act.dtype == np.float64
    np.testing.assert_array_equal(env.single_action_space.low, act.minimum)
    np.testing.assert_array_equal(env.single_action_space.high, act.maximum)
    dm = rlpool.make_dm(tid, num_envs=1)
    assert reference.obs_keys(dm) == list(ref.observation_spec())
    env.close(), dm.close()


def _first_obs(tid, **kwargs):
    env = rlpool.make_dm(tid, **kwargs)
    ts = env.reset()
    out = {k: np.array(getattr(ts.observation, k)) for k in reference.obs_keys(env)}
    env.close()
    return out


@pytest.mark.parametrize("tid", ["CheetahRun-v1", "ReacherHard-v1", "LqrLqr62-v1"])
def test_seeds(tid):
    a = _first_obs(tid, num_envs=4, seed=3, num_threads=1)
    b = _first_obs(tid, num_envs=4, seed=3, num_threads=2)
    c = _first_obs(tid, num_envs=4, seed=4, num_threads=2)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])  # same seed, any num_threads
        np.testing.assert_array_equal(a[key][1:], c[key][:-1])  # env i is seeded with seed + i
    assert not np.array_equal(a["position"][0], c["position"][0])  # different seeds, different starts


def test_seeded_stream_runs_on_through_steps_and_threads():
    """A whole 1000-step rollout of 6 envs is identical with 1 and 2 threads."""
    def rollout(threads):
        env = rlpool.make_dm("PointMassHard-v1", num_envs=6, seed=9, num_threads=threads)
        env.reset()
        actions = np.random.default_rng(0).uniform(-1, 1, size=(1100, 6, 2))
        out = [np.array(env.step(a).observation.position) for a in actions]
        env.close()
        return np.stack(out)

    np.testing.assert_array_equal(rollout(1), rollout(2))


def test_dm_and_gymnasium_faces_hold_the_same_numbers():
    kwargs = dict(num_envs=3, seed=5, max_episode_steps=40)
    dm = rlpool.make_dm("HopperHop-v1", **kwargs)
    gym = rlpool.make_gymnasium("HopperHop-v1", **kwargs)
    ts = dm.reset()
    obs, info = gym.reset()
    keys = reference.obs_keys(dm)
    actions = np.random.default_rng(1).uniform(-1, 1, size=(90, 3, 4))
    for t, a in enumerate(actions):
        for k in keys:
            np.testing.assert_array_equal(getattr(ts.observation, k), obs[k], err_msg=f"{k} at {t}")
        ts = dm.step(a)
        obs, reward, terminated, truncated, info = gym.step(a)
        np.testing.assert_array_equal(ts.reward, reward)
        last = ts.step_type == 2
        np.testing.assert_array_equal(last, terminated | truncated)
        np.testing.assert_array_equal(ts.discount, np.where(terminated, 0.0, 1.0).astype(np.float32))
    dm.close(), gym.close()


def test_nan_action_is_rejected_and_the_pool_keeps_working():
    env = rlpool.make_dm("CartpoleBalance-v1", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.array([[0.0], [np.nan]]))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros((2, 3)))
    ts = env.step(np.zeros((2, 1)))
    assert ts.step_type.tolist() == [1, 1]
    env.close()


def test_unknown_task_name_and_bad_frame_skip_are_clear_errors():
    with pytest.raises(Exception, match="task_name 'sprint' is not a task of this domain"):
        rlpool.make_dm("CheetahRun-v1", task_name="sprint")
    with pytest.raises(Exception, match="frame_skip must be >= 1"):
        rlpool.make_dm("CheetahRun-v1", frame_skip=0)
