"""A gridworld written in Python with rlpool.python_env: a new random maze
every episode, and a slippery floor that sometimes replaces the agent's move
with a random one (so step draws from the env's generator too).

    observation  uint8[9, 9]: 0 floor, 1 wall, 2 agent, 3 goal
    action       Discrete(4): up, right, down, left (a move into a wall stays put)
    reward       +1 on reaching the goal, -0.01 for every other step
    episode end  the agent reaches the goal; truncated at 200 steps (the engine)
    info         distance: Manhattan distance to the goal; mazes: mazes this env has built

The maze is carved by a randomized depth-first search over the cells at odd
coordinates, with its own stack in the env's state (no allocation per step).

Run it:  python examples/python_env_maze.py
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from rlpool import python_env
from rlpool.python_env import random

SIZE = 9  # odd: walls on the even rows and columns around (SIZE // 2) ** 2 cells
FLOOR, WALL, AGENT, GOAL = 0, 1, 2, 3
SLIP = 0.1  # chance that a move is replaced by a random one
MOVES = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int64)

STATE = np.dtype(
    [
        ("grid", np.uint8, (SIZE, SIZE)),
        ("row", np.int64),
        ("col", np.int64),
        ("goal_row", np.int64),
        ("goal_col", np.int64),
        ("stack", np.int64, ((SIZE // 2) ** 2, 2)),  # the carving search's cells
    ],
    align=True,
)
INFO = {"distance": np.int32, "mazes": np.int64}


@python_env.jit
def can_carve(grid, r, c):
    return 0 < r < SIZE and 0 < c < SIZE and grid[r, c] == WALL


@python_env.jit
def carve_maze(state, rng):
    """A perfect maze: every floor cell reachable from every other by one path."""
    grid = state.grid
    grid[:, :] = WALL
    grid[1, 1] = FLOOR
    state.stack[0, 0] = 1
    state.stack[0, 1] = 1
    depth = 1
    while depth > 0:
        r = state.stack[depth - 1, 0]
        c = state.stack[depth - 1, 1]
        n = 0  # walled-in neighbours of (r, c): the cells it may carve into
        for m in range(4):
            if can_carve(grid, r + 2 * MOVES[m, 0], c + 2 * MOVES[m, 1]):
                n += 1
        if n == 0:
            depth -= 1
            continue
        pick = random.integers(rng, 0, n)
        m = 0
        for m in range(4):  # the pick-th of them
            if can_carve(grid, r + 2 * MOVES[m, 0], c + 2 * MOVES[m, 1]):
                if pick == 0:
                    break
                pick -= 1
        grid[r + MOVES[m, 0], c + MOVES[m, 1]] = FLOOR
        grid[r + 2 * MOVES[m, 0], c + 2 * MOVES[m, 1]] = FLOOR
        state.stack[depth, 0] = r + 2 * MOVES[m, 0]
        state.stack[depth, 1] = c + 2 * MOVES[m, 1]
        depth += 1


@python_env.jit
def write_obs(state, obs_out, info_out):
    obs_out[:, :] = state.grid
    obs_out[state.goal_row, state.goal_col] = GOAL
    obs_out[state.row, state.col] = AGENT
    info_out.distance = abs(state.row - state.goal_row) + abs(state.col - state.goal_col)


def reset(state, rng, obs_out, info_out):
    carve_maze(state, rng)
    state.row = 1
    state.col = 1
    cells = SIZE // 2
    while True:  # the goal: any cell but the start
        state.goal_row = 1 + 2 * random.integers(rng, 0, cells)
        state.goal_col = 1 + 2 * random.integers(rng, 0, cells)
        if state.goal_row != 1 or state.goal_col != 1:
            break
    info_out.mazes += 1
    write_obs(state, obs_out, info_out)


def step(state, rng, action, obs_out, reward_out, terminated_out, info_out):
    move = action
    if random.random(rng) < SLIP:
        move = random.integers(rng, 0, 4)
    r = state.row + MOVES[move, 0]
    c = state.col + MOVES[move, 1]
    if state.grid[r, c] != WALL:
        state.row = r
        state.col = c
    reached = state.row == state.goal_row and state.col == state.goal_col
    terminated_out[0] = reached
    reward_out[0] = 1.0 if reached else -0.01
    write_obs(state, obs_out, info_out)


def register(task_id: str = "PyMaze-v0") -> str:
    """Registers the maze as ``task_id`` (once per process) and returns the id."""
    import rlpool

    if task_id not in rlpool.list_all_envs():
        python_env.register(
            task_id,
            observation_space=spaces.Box(0, 3, (SIZE, SIZE), dtype=np.uint8),
            action_space=spaces.Discrete(4),
            state=STATE,
            info=INFO,
            reset=reset,
            step=step,
            max_episode_steps=200,
        )
    return task_id


def main() -> None:
    import time

    import rlpool

    task_id = register()
    num_envs = 64
    env = rlpool.make(task_id, num_envs=num_envs, batch_size=16, seed=0)  # async: 16 of 64 per recv
    env.async_reset()
    policy = np.random.default_rng(0)
    returns = np.zeros(num_envs)
    finished, solved, steps = [], 0, 0
    start = time.perf_counter()
    while len(finished) < 2000:
        obs, reward, terminated, truncated, info = env.recv()
        ids = info["env_id"]
        returns[ids] += reward
        for i in np.flatnonzero(terminated | truncated):
            finished.append(returns[ids[i]])
            solved += bool(terminated[i])
            returns[ids[i]] = 0.0
        steps += len(ids)
        env.send(policy.integers(0, 4, len(ids)), ids)
    elapsed = time.perf_counter() - start
    print(f"{len(finished)} episodes of a random policy: {solved} reached the goal, mean return "
          f"{np.mean(finished):.3f}; {steps / elapsed:,.0f} steps/s")
    print("last maze of env", ids[0], "(1 wall, 2 agent, 3 goal):")
    print(obs[0])


if __name__ == "__main__":
    main()
