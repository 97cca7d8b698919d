"""The maze example (examples/python_env_maze.py): a structured state, info
fields and a step that draws from the generator. Results must not depend on
num_threads, and the compiled code must do what the same functions do as
plain Python."""

import numpy as np
import pytest

import rlpool
from rlpool import python_env

NUM_ENVS = 8


def traces(task_id: str, num_threads: int, batch_size: int, recvs: int):
    env = rlpool.make(task_id, num_envs=NUM_ENVS, batch_size=batch_size, num_threads=num_threads, seed=1)
    out = {i: [] for i in range(NUM_ENVS)}
    counts = np.zeros(NUM_ENVS, dtype=np.int64)
    env.async_reset()
    for _ in range(recvs):
        obs, reward, terminated, truncated, info = env.recv()
        ids = info["env_id"]
        for j, i in enumerate(ids):
            out[i].append((obs[j].tobytes(), float(reward[j]), bool(terminated[j]), bool(truncated[j]),
                           int(info["distance"][j]), int(info["mazes"][j])))
        env.send((ids * 3 + counts[ids]) % 4, ids)
        counts[ids] += 1
    return out


@pytest.mark.parametrize("batch_size", [NUM_ENVS, 4], ids=["sync", "async"])
def test_same_results_with_one_and_two_threads(maze_id, batch_size):
    recvs = 600 if batch_size == NUM_ENVS else 1200
    one, two = traces(maze_id, 1, batch_size, recvs), traces(maze_id, 2, batch_size, recvs)
    for i in range(NUM_ENVS):
        n = min(len(one[i]), len(two[i]))
        # Enough steps to compare (600 per env when scheduling is even; an
        # async pool on a busy machine may serve some envs more often).
        assert n > 200
        assert one[i][:n] == two[i][:n], f"env {i} differs between 1 and 2 threads"
        assert one[i][0][5] == 1  # the info record starts zeroed: this is the first maze
    mazes = {t[0] for i in range(NUM_ENVS) for t in one[i] if t[5] > 1}
    assert len(mazes) > 10  # new mazes every episode, not one maze replayed


def test_compiled_matches_plain_python(maze_id):
    pool = rlpool.make(maze_id, num_envs=1, seed=9)
    plain = python_env.make_gymnasium_env(maze_id, seed=9)
    obs, info = pool.reset()
    obs2, info2 = plain.reset()
    np.testing.assert_array_equal(obs[0], obs2)
    episodes = 0
    for t in range(1500):
        action = t * 7 % 4
        obs, reward, terminated, truncated, info = pool.step(np.array([action]))
        obs2, reward2, terminated2, truncated2, info2 = plain.step(action)
        np.testing.assert_array_equal(obs[0], obs2)
        assert (reward[0], terminated[0], truncated[0]) == (np.float32(reward2), terminated2, truncated2)
        assert info["distance"][0] == info2["distance"]
        if terminated2 or truncated2:
            episodes += 1
            pool.step(np.array([0]))  # the pool's next-step autoreset
            obs2, _ = plain.reset()
    assert episodes >= 5


def test_maze_is_perfect(maze_id):
    """Every floor cell is reachable from the start (a carving bug would wall some off)."""
    env = rlpool.make(maze_id, num_envs=16, seed=3)
    obs, _ = env.reset()
    for grid in obs:
        floor = grid != 1
        seen = np.zeros_like(floor)
        stack = [(1, 1)]
        while stack:
            r, c = stack.pop()
            if seen[r, c] or not floor[r, c]:
                continue
            seen[r, c] = True
            stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        np.testing.assert_array_equal(seen, floor)
        assert (grid == 3).sum() == 1 and (grid == 2).sum() == 1


def test_a_pool_made_right_after_another_tasks_runs_its_own_functions(maze_id, cartpole_id):
    """A pool's envs share the compiled functions' table, reused while the config is
    the same (layout.h, SharedLayout): another task's pool, made just before on the
    same thread, must not leave its own behind."""
    rlpool.make(cartpole_id, num_envs=2, num_threads=1, seed=9).reset()
    pool = rlpool.make(maze_id, num_envs=1, num_threads=1, seed=9)
    plain = python_env.make_gymnasium_env(maze_id, seed=9)
    np.testing.assert_array_equal(pool.reset()[0][0], plain.reset()[0])
    for t in range(50):
        obs, _, _, _, info = pool.step(np.array([t % 4]))
        obs2, _, _, _, info2 = plain.step(t % 4)
        np.testing.assert_array_equal(obs[0], obs2)
        assert info["distance"][0] == info2["distance"]
