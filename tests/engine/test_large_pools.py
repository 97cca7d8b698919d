"""Large pools of cheap envs, where workers take runs of queued envs per
queue operation (csrc/core/pool.h, WorkerLoop): every env is still stepped
exactly once per send, with its own state, whatever thread takes it.

The reference for each env is a pool of one env seeded as that env is (env i
of a pool with `seed` is seeded with seed + i), stepped with the same
actions: results must be bit-identical."""

import numpy as np
import pytest

import rlpool

NUM_ENVS = 2048
STEPS = 60  # CartPole episodes end within ~10-60 random steps: autoresets are included


def actions_for(ids, t):
    # Each env's action depends only on its id and its own step count, so a
    # trajectory is the same however envs are batched or ordered.
    return ((ids * 7 + t * 3) % 5 < 2).astype(np.int32)


def one_env_trajectory(env_id, steps, seed=11):
    env = rlpool.make("CartPole-v1", num_envs=1, seed=seed + env_id)
    obs, _ = env.reset()
    out = [obs[0]]
    for t in range(steps):
        obs = env.step(actions_for(np.array([env_id]), t))[0]
        out.append(obs[0])
    env.close()
    return np.array(out)


@pytest.mark.parametrize("num_threads", [1, 2])
def test_sync_large_pool_matches_single_envs(num_threads):
    env = rlpool.make("CartPole-v1", num_envs=NUM_ENVS, num_threads=num_threads, seed=11)
    ids = np.arange(NUM_ENVS)
    obs, info = env.reset()
    trajectory = [obs.copy()]
    for t in range(STEPS):
        obs, _, _, _, info = env.step(actions_for(ids, t))
        np.testing.assert_array_equal(info["env_id"], ids)
        trajectory.append(obs.copy())
    env.close()
    trajectory = np.stack(trajectory, axis=1)  # (env, step, 4)
    for env_id in (0, 1, 777, 1500, NUM_ENVS - 1):
        np.testing.assert_array_equal(trajectory[env_id], one_env_trajectory(env_id, STEPS))


def test_async_large_pool_steps_each_env_once_per_send_with_its_own_state():
    num_envs, batch = 3 * 1024, 1024
    env = rlpool.make("CartPole-v1", num_envs=num_envs, batch_size=batch, seed=11)
    env.async_reset()
    steps_of = np.zeros(num_envs, np.int64)  # sends answered per env
    watched = {0: [], 1025: [], num_envs - 1: []}
    for _ in range(3 * STEPS):
        obs, _, _, _, info = env.recv()
        ids = info["env_id"]
        assert len(ids) == batch and len(np.unique(ids)) == batch  # no env twice in a batch
        for env_id, o in zip(ids.tolist(), obs):
            if env_id in watched:
                watched[env_id].append(o.copy())
        env.send(actions_for(ids, steps_of[ids]), ids)
        steps_of[ids] += 1
    env.close()
    # 180 batches of 1,024 over 3,072 envs: every env was answered, none
    # left behind in the queue.
    assert steps_of.min() >= 1
    for env_id, seen in watched.items():
        reference = one_env_trajectory(env_id, len(seen) - 1)
        np.testing.assert_array_equal(np.array(seen), reference)


def test_split_steps_mix_with_queued_and_inline_sends_and_stay_exact():
    """A sync step of many cheap envs is cut into chunks that the caller and
    the worker take from the two ends (csrc/core/split_step.h); a plain
    send() queues one task per env, claimed by generation; a few envs run
    inline. The three may follow each other on the same envs in any order,
    with ids in any order or in a range: every env must still be stepped
    once per send, from its own state, its row where its id was sent."""
    num_envs = 1024
    env = rlpool.make("CartPole-v1", num_envs=num_envs, num_threads=1, seed=11)
    obs, _ = env.reset()
    seen = {i: [obs[i].copy()] for i in range(num_envs)}
    steps_of = np.zeros(num_envs, np.int64)
    rng = np.random.default_rng(0)

    def record(ids, obs, info):
        np.testing.assert_array_equal(info["env_id"], ids)  # rows in the order the ids were sent
        for i, o in zip(ids.tolist(), obs):
            seen[i].append(o.copy())
        steps_of[ids] += 1

    for t in range(50):
        kind = t % 5
        if kind == 0:  # every env, in order: split
            ids = np.arange(num_envs)
        elif kind == 4:  # a consecutive range past env 0: split, its ids kept as the first one
            ids = np.arange(100, num_envs - 24)
        elif kind == 1:  # most envs, shuffled: split, ids not contiguous
            ids = rng.permutation(num_envs)[: num_envs - 100]
        elif kind == 2:  # a plain send, then its recv: one queued task per env
            ids = rng.permutation(num_envs)[:600]
            env.send(actions_for(ids, steps_of[ids]), ids)
            obs, _, _, _, info = env.recv()
            record(ids, obs, info)
            continue
        else:  # a handful: inline on the caller
            ids = rng.permutation(num_envs)[:5]
        obs, _, _, _, info = env.step(actions_for(ids, steps_of[ids]), ids)
        record(ids, obs, info)
    env.close()
    for env_id in (0, 3, 511, 900, num_envs - 1):
        np.testing.assert_array_equal(np.array(seen[env_id]), one_env_trajectory(env_id, int(steps_of[env_id])))
    assert steps_of.min() > 0


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint8])
def test_each_env_gets_its_own_action_whatever_the_ids_and_their_dtype(dtype):
    """A step's actions reach the envs' slots in bulk (csrc/bind/bind_input.h,
    WriteActions): one memcpy for consecutive ids of the slot's dtype (int32
    for CartPole), a fixed-size copy per env for other ids, a conversion per
    element for other dtypes. Whichever way, env i steps with the action
    sent for it."""
    num_envs = 96
    env = rlpool.make("CartPole-v1", num_envs=num_envs, seed=11)
    obs, _ = env.reset()
    seen = {i: [obs[i].copy()] for i in range(num_envs)}
    steps_of = np.zeros(num_envs, np.int64)
    rng = np.random.default_rng(1)
    id_lists = [
        np.arange(num_envs),  # every env, in order
        np.arange(20, 70),  # a range that does not start at 0
        np.arange(num_envs)[::-1].copy(),  # every env, backwards
        rng.permutation(num_envs)[:40],  # some, shuffled
        np.array([num_envs - 1]),  # one
    ]
    for t in range(40):
        ids = id_lists[t % len(id_lists)]
        obs, _, _, _, info = env.step(actions_for(ids, steps_of[ids]).astype(dtype), ids)
        np.testing.assert_array_equal(info["env_id"], ids)
        for i, o in zip(ids.tolist(), obs):
            seen[i].append(o.copy())
        steps_of[ids] += 1
    env.close()
    for env_id in (0, 20, 45, 69, 70, num_envs - 1):
        np.testing.assert_array_equal(np.array(seen[env_id]), one_env_trajectory(env_id, int(steps_of[env_id])))


def test_float64_actions_for_a_float32_box_are_stored_as_astype_float32_on_every_path():
    """Packed float64 actions for a float32 box go through a typed loop
    (csrc/bind/bind_input.h, ConvertPacked), strided ones through the
    per-element path. Both must store what numpy's astype(np.float32) gives,
    which the plain copy takes as it is. Most of these values are not exact
    in float32, so a conversion that read or rounded otherwise would change
    Pendulum's trajectory."""
    num_envs = 16
    rng = np.random.default_rng(3)
    batches = [rng.uniform(-2, 2, size=(num_envs, 1)) for _ in range(30)]

    def trajectory(as_sent):
        env = rlpool.make("Pendulum-v1", num_envs=num_envs, seed=5)
        obs, _ = env.reset()
        out = [obs.copy()]
        for a in batches:
            out.append(env.step(as_sent(a))[0].copy())
        env.close()
        return np.array(out)

    want = trajectory(lambda a: a.astype(np.float32))
    np.testing.assert_array_equal(trajectory(lambda a: a), want)  # packed float64
    np.testing.assert_array_equal(trajectory(lambda a: np.repeat(a, 2, axis=0)[::2]), want)  # strided float64
