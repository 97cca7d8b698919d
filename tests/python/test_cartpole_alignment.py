"""The Python-written CartPole (rlpool/python_env/cartpole.py, compiled by
Numba) against gymnasium's CartPole-v1 drawing from the same generator.

The Python env draws its start states from the Python API's generator
(rlpool.python_env.random, MT19937), which is not numpy's, while rlpool's C++
CartPole-v1 now draws as gymnasium's np_random does (docs/seeding.md). So the
reference is gymnasium's CartPole-v1 whose np_random is replaced by that same
generator, seeded as the pool seeds env i (examples/python_env_cartpole.py,
gymnasium_twin): same start states by construction, gymnasium's own physics.

Tolerance: none. Observations, rewards, terminated, truncated and
elapsed_step must be bit-identical over whole episodes and autoresets.
"""

import numpy as np
import pytest

import rlpool

from .conftest import load_example

NUM_ENVS = 6


def actions_for(env_ids: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """A fixed pseudo-random action per (env, its step count), so async pools
    whose rows come back in any order still give each env the same actions."""
    return ((env_ids * 7919 + counts * 104729) >> 3) % 2


def per_env_traces(task_id: str, num_threads: int, batch_size: int, recvs: int, autoreset_mode: str = "next_step"):
    env = rlpool.make(
        task_id, num_envs=NUM_ENVS, batch_size=batch_size, num_threads=num_threads, seed=5, autoreset_mode=autoreset_mode
    )
    traces = {i: [] for i in range(NUM_ENVS)}
    counts = np.zeros(NUM_ENVS, dtype=np.int64)
    env.async_reset()
    for _ in range(recvs):
        obs, reward, terminated, truncated, info = env.recv()
        ids = info["env_id"]
        for j, i in enumerate(ids):
            final = info["final_obs"][j].tobytes() if "final_obs" in info else b""
            traces[i].append(
                (obs[j].tobytes(), float(reward[j]), bool(terminated[j]), bool(truncated[j]), int(info["elapsed_step"][j]), final)
            )
        env.send(actions_for(ids, counts[ids]), ids)
        counts[ids] += 1
    env.close()
    return traces


def twin_traces(steps: int, seed: int = 5):
    """What per_env_traces records, from gymnasium twins of each env stepped
    with the same actions under the pool's next_step autoreset (the step
    after an episode's end resets the env: reward 0, elapsed_step 0)."""
    example = load_example("python_env_cartpole")
    traces = {}
    for i in range(NUM_ENVS):
        twin = example.gymnasium_twin(seed + i)
        obs, _ = twin.reset()
        trace = [(obs.tobytes(), 0.0, False, False, 0, b"")]
        elapsed, ended = 0, False
        for count in range(steps):
            if ended:
                obs, reward, terminated, truncated = twin.reset()[0], 0.0, False, False
                elapsed = 0
            else:
                obs, reward, terminated, truncated, _ = twin.step(int(actions_for(np.int64(i), np.int64(count))))
                elapsed += 1
            trace.append((obs.tobytes(), float(reward), bool(terminated), bool(truncated), elapsed, b""))
            ended = terminated or truncated
        traces[i] = trace
    return traces


@pytest.mark.parametrize("num_threads", [1, 2])
@pytest.mark.parametrize("batch_size", [NUM_ENVS, 2], ids=["sync", "async"])
def test_same_episodes_as_gymnasium_whatever_the_threads(cartpole_id, num_threads, batch_size):
    recvs = 1500 if batch_size == NUM_ENVS else 4500  # ~1500 steps per env: many episodes
    py = per_env_traces(cartpole_id, num_threads, batch_size, recvs)
    ref = twin_traces(1600)
    for i in range(NUM_ENVS):
        n = min(len(py[i]), len(ref[i]))
        assert n > 1000
        assert py[i][:n] == ref[i][:n], f"env {i} diverges"
        episodes = sum(t[2] or t[3] for t in py[i][:n])
        assert episodes >= 10  # autoresets were crossed


def test_same_step_autoreset_mode_is_the_same_whatever_the_threads(cartpole_id):
    # same_step's rows are the engine's (final_obs, masks); the env only
    # resets and steps, which the test above checks against gymnasium.
    many = per_env_traces(cartpole_id, 2, 3, 3000, "same_step")
    one = per_env_traces(cartpole_id, 1, NUM_ENVS, 1000, "same_step")
    for i in range(NUM_ENVS):
        n = min(len(many[i]), len(one[i]))
        assert n > 900 and many[i][:n] == one[i][:n], f"env {i} diverges"
        assert sum(t[2] for t in one[i][:n]) >= 10
        assert sum(bool(t[5].strip(b"\0")) for t in one[i][:n]) >= 10  # final_obs carried at episode ends


def test_sync_step_matches_gymnasium_whole_arrays(cartpole_id):
    """The plain sync loop users write: whole arrays equal, step by step."""
    example = load_example("python_env_cartpole")
    assert example.same_as_gymnasium(cartpole_id, steps=600, num_envs=4, seed=11)
    # and the comparison can fail: a twin seeded as the next env starts elsewhere
    pool = rlpool.make(cartpole_id, num_envs=1, seed=11)
    assert not np.array_equal(pool.reset()[0][0], example.gymnasium_twin(12).reset()[0])
