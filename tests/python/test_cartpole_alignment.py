"""The Python-written CartPole (rlpool/python_env/cartpole.py, compiled by
Numba) against rlpool's C++ CartPole-v1 from the same seed.

Tolerance: none. Observations, rewards, terminated, truncated and
elapsed_step must be bit-identical over whole episodes and autoresets: both
draw their initial states from MT19937 through libstdc++'s
uniform_real_distribution and compute in the same float64 order.
"""

import numpy as np
import pytest

import rlpool

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


@pytest.mark.parametrize("num_threads", [1, 2])
@pytest.mark.parametrize("batch_size", [NUM_ENVS, 2], ids=["sync", "async"])
def test_bit_identical_to_cpp_cartpole(cartpole_id, num_threads, batch_size):
    recvs = 1500 if batch_size == NUM_ENVS else 4500  # ~1500 steps per env: many episodes
    py = per_env_traces(cartpole_id, num_threads, batch_size, recvs)
    cpp = per_env_traces("CartPole-v1", num_threads, batch_size, recvs)
    for i in range(NUM_ENVS):
        n = min(len(py[i]), len(cpp[i]))
        assert n > 1000
        assert py[i][:n] == cpp[i][:n], f"env {i} diverges"
        episodes = sum(t[2] or t[3] for t in py[i][:n])
        assert episodes >= 10  # autoresets were crossed


def test_bit_identical_in_same_step_autoreset_mode(cartpole_id):
    py = per_env_traces(cartpole_id, 2, 3, 3000, "same_step")
    cpp = per_env_traces("CartPole-v1", 2, 3, 3000, "same_step")
    for i in range(NUM_ENVS):
        n = min(len(py[i]), len(cpp[i]))
        assert n > 1000 and py[i][:n] == cpp[i][:n], f"env {i} diverges"
        assert sum(t[2] for t in py[i][:n]) >= 10


def test_sync_step_matches_whole_arrays(cartpole_id):
    """The plain sync loop users write: whole arrays equal, step by step."""
    py = rlpool.make(cartpole_id, num_envs=4, seed=11)
    cpp = rlpool.make("CartPole-v1", num_envs=4, seed=11)
    a, _ = py.reset()
    b, _ = cpp.reset()
    np.testing.assert_array_equal(a, b)
    rng = np.random.default_rng(0)
    for _ in range(600):
        action = rng.integers(0, 2, 4)
        for x, y in zip(py.step(action)[:4], cpp.step(action)[:4]):
            np.testing.assert_array_equal(x, y)


def test_spaces_and_options_match(cartpole_id):
    py = rlpool.make(cartpole_id, num_envs=2)
    cpp = rlpool.make("CartPole-v1", num_envs=2)
    assert py.observation_space == cpp.observation_space
    assert py.action_space == cpp.action_space
    assert py.config["max_episode_steps"] == 500
    assert not any(k.startswith("python_") for k in py.config)  # the bridge's keys stay internal
    # The pool holds the Numba objects whose addresses its workers call.
    compiled = py._pool._rlpool_compiled
    assert compiled is rlpool.registry.get_task(cartpole_id).env_class().compiled
    assert compiled.reset.address and compiled.step.address
