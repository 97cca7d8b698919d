"""Engine semantics, observed through the public API with classic-control envs."""

import numpy as np
import pytest

import rlpool


def test_sync_rows_come_back_in_the_order_ids_were_sent():
    env = rlpool.make("CartPole-v1", num_envs=6)
    env.reset()
    ids = np.array([3, 1, 5], dtype=np.int32)
    _, _, _, _, info = env.step(np.zeros(3, np.int64), ids)
    np.testing.assert_array_equal(info["env_id"], ids)
    obs, info = env.reset(np.array([4, 0]))
    assert obs.shape == (2, 4)
    np.testing.assert_array_equal(info["env_id"], [4, 0])


def test_async_recv_returns_batch_size_distinct_ids_and_bookkeeping_holds():
    env = rlpool.make("CartPole-v1", num_envs=8, batch_size=3, num_threads=2)
    assert env.is_async and len(env) == 8
    env.async_reset()
    elapsed = np.full(8, -1)
    seen = 0
    for _ in range(200):
        obs, rew, term, trunc, info = env.recv()
        ids = info["env_id"]
        assert obs.shape == (3, 4) and len(set(ids.tolist())) == 3
        for i, e, done_before in zip(ids, info["elapsed_step"], [False] * 3):
            # each env's elapsed_step advances by one per step, or restarts at 0
            assert e == 0 or e == elapsed[i] + 1, (i, e, elapsed[i])
            elapsed[i] = e
        seen += 3
        env.send(np.ones(3, np.int32), ids)
    assert seen == 600


def test_next_step_autoreset_ignores_the_action_and_reports_zero_reward():
    env = rlpool.make("CartPole-v1", num_envs=1, max_episode_steps=3)
    env.reset()
    steps = [env.step(np.array([1])) for _ in range(5)]
    assert [int(s[4]["elapsed_step"][0]) for s in steps] == [1, 2, 3, 0, 1]
    assert [bool(s[3][0]) for s in steps] == [False, False, True, False, False]
    assert [float(s[1][0]) for s in steps] == [1.0, 1.0, 1.0, 0.0, 1.0]
    assert not steps[3][2][0] and not steps[3][3][0]
    # the reset obs is a fresh start state, not a step from the truncated one
    assert np.all(np.abs(steps[3][0]) <= 0.05)


def test_same_step_autoreset_returns_final_obs_and_info():
    env = rlpool.make("CartPole-v1", num_envs=2, max_episode_steps=3, autoreset_mode="same_step", debug_state=True)
    assert env.metadata["autoreset_mode"].value == "SameStep"
    env.reset()
    last = None
    for t in range(1, 4):
        obs, rew, term, trunc, info = env.step(np.array([1, 0]))
        if t < 3:
            assert not info["_final_obs"].any()
            np.testing.assert_array_equal(info["final_obs"], 0)
            last = obs.copy()
    assert trunc.all() and rew.tolist() == [1.0, 1.0]
    assert info["_final_obs"].all() and info["_final_info"].all()
    np.testing.assert_array_equal(info["final_info"]["elapsed_step"], [3, 3])
    np.testing.assert_array_equal(info["elapsed_step"], [0, 0])
    # obs is the next episode's first observation; final_obs the ending one,
    # one CartPole step on from the previous observation.
    assert np.all(np.abs(obs) <= 0.05)
    assert not np.allclose(info["final_obs"], obs)
    np.testing.assert_allclose(info["final_obs"][:, 0], last[:, 0] + 0.02 * last[:, 1], atol=1e-6)
    np.testing.assert_array_equal(info["final_info"]["state"].astype(np.float32), info["final_obs"])
    # the step after is an ordinary step of the new episode, not a reset
    obs2, rew2, _, _, info2 = env.step(np.array([1, 0]))
    assert rew2.tolist() == [1.0, 1.0] and info2["elapsed_step"].tolist() == [1, 1]


def test_truncation_at_max_episode_steps_and_termination_are_distinct():
    env = rlpool.make("CartPole-v1", num_envs=1, max_episode_steps=1000)
    env.reset()
    for _ in range(200):
        _, _, term, trunc, info = env.step(np.array([1]))  # always push right: falls quickly
        if term[0]:
            break
    assert term[0] and not trunc[0] and info["elapsed_step"][0] < 1000


def rollout(**kwargs):
    env = rlpool.make("Pendulum-v1", num_envs=4, **kwargs)
    rng = np.random.default_rng(0)
    out = [env.reset()[0]]
    for _ in range(300):  # past the 200-step limit: covers autoreset too
        out.append(env.step(rng.uniform(-2, 2, (4, 1)).astype(np.float32))[0])
    return np.stack(out)


def test_same_seed_same_trajectory_different_seed_different():
    a, b, c = rollout(seed=1), rollout(seed=1), rollout(seed=2)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


def test_results_do_not_depend_on_num_threads():
    np.testing.assert_array_equal(rollout(seed=3, num_threads=1), rollout(seed=3, num_threads=2))


def test_env_i_is_seeded_with_seed_plus_i_or_env_seed():
    a = rlpool.make("CartPole-v1", num_envs=2, seed=5).reset()[0]
    b = rlpool.make("CartPole-v1", num_envs=1, seed=6).reset()[0]
    np.testing.assert_array_equal(a[1], b[0])
    c = rlpool.make("CartPole-v1", num_envs=2, env_seed=[6, 5]).reset()[0]
    np.testing.assert_array_equal(c, a[::-1])
    d = rlpool.make("CartPole-v1", num_envs=2, seed=[6, 5]).reset()[0]  # envpool: a sequence seed is env_seed
    np.testing.assert_array_equal(d, c)


def test_arrays_from_successive_recv_never_alias():
    env = rlpool.make("CartPole-v1", num_envs=4)
    first = env.reset()
    kept = [a.copy() for a in (first[0], first[1]["env_id"], first[1]["elapsed_step"])]
    results = [env.step(np.ones(4, np.int32)) for _ in range(20)]
    np.testing.assert_array_equal(first[0], kept[0])
    np.testing.assert_array_equal(first[1]["elapsed_step"], kept[2])
    arrays = [first[0]] + [r[0] for r in results]
    for i in range(len(arrays)):
        for j in range(i + 1, len(arrays)):
            assert not np.shares_memory(arrays[i], arrays[j])
    # memory comes back to the pool only once Python drops it: a view keeps it alive
    view = results[0][0][1:]
    del results
    for _ in range(20):
        env.step(np.ones(4, np.int32))
    assert view.base is not None and view.shape == (3, 4)


def test_send_recv_split_matches_step():
    a = rlpool.make("CartPole-v1", num_envs=3, seed=9)
    b = rlpool.make("CartPole-v1", num_envs=3, seed=9)
    a.reset()
    b.reset()
    for _ in range(30):
        act = np.array([0, 1, 1])
        ra = a.step(act)
        b.send(act)
        rb = b.recv()
        np.testing.assert_array_equal(ra[0], rb[0])
        np.testing.assert_array_equal(ra[1], rb[1])


def test_async_reset_all_returns_first_batch():
    env = rlpool.make("CartPole-v1", num_envs=6, batch_size=2)
    obs, info = env.reset()
    assert obs.shape == (2, 4) and (info["elapsed_step"] == 0).all()
    # the other four are still resetting: recv collects them two by two
    got = set(info["env_id"].tolist())
    got |= set(env.recv()[4]["env_id"].tolist())
    got |= set(env.recv()[4]["env_id"].tolist())
    assert got == set(range(6))


@pytest.mark.parametrize("offset", [-1, 0, 1])
def test_thread_affinity_offset_runs(offset):
    env = rlpool.make("CartPole-v1", num_envs=4, num_threads=2, thread_affinity_offset=offset)
    env.reset()
    assert env.step(np.ones(4, np.int32))[0].shape == (4, 4)
