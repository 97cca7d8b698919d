"""Adroit on the pool: bad input, the faces, thread-count independence and
the clipping of out-of-Box actions (the alignment with gymnasium-robotics
itself is test_adroit_alignment.py)."""

import numpy as np
import pytest
import rlpool


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(reward_type="shaped"), "reward_type must be 'sparse' or 'dense'"),
        (dict(max_episode_steps=0), "max_episode_steps must be >= 1"),
        (dict(base_path=""), "gymnasium-robotics"),
        (dict(base_path="/nonexistent"), "does not exist"),
    ],
)
def test_bad_options_raise_a_clear_value_error(options, message):
    with pytest.raises(ValueError, match=message):
        rlpool.make("AdroitHandDoor-v1", **options)


def test_bad_actions_raise_and_the_pool_goes_on():
    env = rlpool.make("AdroitHandHammer-v1", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.full((2, 26), np.nan, np.float32))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros((2, 28), np.float32))
    env.step(np.zeros((2, 26), np.float32))
    env.close()


def test_actions_outside_the_box_are_clipped_like_the_reference():
    big = rlpool.make("AdroitHandRelocate-v1", num_envs=1, seed=4)
    unit = rlpool.make("AdroitHandRelocate-v1", num_envs=1, seed=4)
    big.reset()
    unit.reset()
    for sign in (1, -1, 1):
        ob, rb, *_ = big.step(np.full((1, 30), sign * 1e6, np.float32))
        ou, ru, *_ = unit.step(np.full((1, 30), sign * 1.0, np.float32))
        np.testing.assert_array_equal(ob, ou)
        np.testing.assert_array_equal(rb, ru)


def test_results_do_not_depend_on_the_thread_count():
    outs = []
    for threads in (1, 2):
        env = rlpool.make("AdroitHandPen-v1", num_envs=4, num_threads=threads, seed=9, max_episode_steps=20)
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(30):  # past the 20-step limit: each env's autoreset draws a new target
            obs, reward, *_ = env.step(rng.uniform(-1, 1, (4, 24)).astype(np.float32))
        outs.append((obs.copy(), reward.copy()))
        env.close()
    for a, b in zip(*outs):
        np.testing.assert_array_equal(a, b)


def test_the_gym_and_dm_faces_carry_success():
    gym_env = rlpool.make_gym("AdroitHandDoorSparse-v1", num_envs=2)
    obs = gym_env.reset()
    assert obs.shape == (2, 39) and obs.dtype == np.float64
    obs, reward, done, info = gym_env.step(np.zeros((2, 28), np.float32))
    assert info["success"].dtype == np.bool_ and info["is_success"].dtype == np.float32
    np.testing.assert_array_equal(reward, np.float32(-0.1))  # sparse: no success yet

    dm_env = rlpool.make_dm("AdroitHandPen-v1", num_envs=2)
    dm_env.reset()
    ts = dm_env.step(np.zeros((2, 24), np.float32))
    assert ts.observation.obs.shape == (2, 45) and ts.observation.success.shape == (2,)


def test_the_eight_adroit_ids_are_listed_with_the_reference_limits():
    ids = sorted(t for t in rlpool.list_all_envs("robotics") if t.startswith("Adroit"))
    assert ids == sorted(f"AdroitHand{t}{s}-v1" for t in ("Door", "Hammer", "Pen", "Relocate") for s in ("", "Sparse"))
    for task_id in ids:
        assert rlpool.make_spec(task_id).config.max_episode_steps == 200
