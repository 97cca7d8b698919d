"""Fetch on the pool: bad input, the three faces, thread-count independence
and the clipping of out-of-Box actions (the alignment with gymnasium-robotics
itself is test_fetch_alignment.py)."""

import numpy as np
import pytest
import rlpool


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(reward_type="shaped"), "reward_type must be 'sparse' or 'dense'"),
        (dict(distance_threshold=-0.1), "distance_threshold must be a finite number >= 0"),
        (dict(target_range=float("nan")), "target_range must be a finite number >= 0"),
        (dict(initial_qpos=[0.4, 0.48]), "initial_qpos must be 10 numbers"),
        (dict(target_offset=[0.1]), "target_offset must be 3 numbers"),
        (dict(max_episode_steps=0), "max_episode_steps must be >= 1"),
        (dict(n_substeps=0), "n_substeps must be >= 1"),
        (dict(xml_file="fetch/missing.xml"), "does not exist"),
        (dict(base_path=""), "gymnasium-robotics"),
    ],
)
def test_bad_options_raise_a_clear_value_error(options, message):
    with pytest.raises(ValueError, match=message):
        rlpool.make("FetchPush-v4", **options)


def test_bad_actions_and_goals_raise():
    env = rlpool.make("FetchPickAndPlace-v4", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.full((2, 4), np.nan, np.float32))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match=r"same shape \(\.\.\., 3\)"):
        env.compute_reward(np.zeros((2, 3)), np.zeros((2, 2)), {})
    env.step(np.zeros((2, 4), np.float32))  # the pool still works after the refusals
    env.close()


def test_actions_outside_the_box_are_clipped_like_the_reference():
    big = rlpool.make("FetchPickAndPlace-v4", num_envs=1, seed=4)
    unit = rlpool.make("FetchPickAndPlace-v4", num_envs=1, seed=4)
    big.reset()
    unit.reset()
    for sign in (1, -1, 1):
        ob, *_ = big.step(np.full((1, 4), sign * 1e6, np.float32))
        ou, *_ = unit.step(np.full((1, 4), sign * 1.0, np.float32))
        np.testing.assert_array_equal(ob["observation"], ou["observation"])


def test_results_do_not_depend_on_the_thread_count():
    outs = []
    for threads in (1, 2):
        env = rlpool.make("FetchPush-v4", num_envs=4, num_threads=threads, seed=9)
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(60):  # past the 50-step limit: the autoreset draws new goals
            obs, reward, *_ = env.step(rng.uniform(-1, 1, (4, 4)).astype(np.float32))
        outs.append((obs["observation"].copy(), obs["desired_goal"].copy(), reward.copy()))
        env.close()
    for a, b in zip(*outs):
        np.testing.assert_array_equal(a, b)


def test_every_face_has_the_dict_observation_is_success_and_compute_reward():
    gymnasium_env = rlpool.make("FetchReach-v4", num_envs=2)
    obs, info = gymnasium_env.reset()
    assert set(obs) == {"observation", "achieved_goal", "desired_goal"} and obs["observation"].shape == (2, 10)
    _, reward, _, _, info = gymnasium_env.step(np.zeros((2, 4), np.float32))
    assert info["is_success"].dtype == np.float32 and info["is_success"].shape == (2,)

    gym_env = rlpool.make_gym("FetchReach-v4", num_envs=2)
    obs = gym_env.reset()
    assert set(obs) == {"observation", "achieved_goal", "desired_goal"}
    obs, reward, done, info = gym_env.step(np.zeros((2, 4), np.float32))
    np.testing.assert_array_equal(gym_env.compute_reward(obs["achieved_goal"], obs["desired_goal"], info), reward)

    dm_env = rlpool.make_dm("FetchReachDense-v4", num_envs=2)
    ts = dm_env.reset()
    ts = dm_env.step(np.zeros((2, 4), np.float32))
    expected = dm_env.compute_reward(ts.observation.achieved_goal, ts.observation.desired_goal, {})
    np.testing.assert_array_equal(ts.reward, expected.astype(np.float32))
    assert ts.observation.is_success.shape == (2,)


def test_the_sixteen_fetch_ids_are_listed():
    ids = [t for t in rlpool.list_all_envs("robotics") if t.startswith("Fetch")]
    assert len(ids) == 16
    assert {"FetchReach-v1", "FetchPickAndPlaceDense-v4", "FetchSlideDense-v1", "FetchPush-v4"} <= set(ids)
