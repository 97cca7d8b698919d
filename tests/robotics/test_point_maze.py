"""rlpool's PointMaze against gymnasium-robotics 1.4.2's PointMazeEnv, seed-exact
(no state injected): the reference draws goal cell, start cell and their
noise from gymnasium's np_random (Generator.integers and .uniform on PCG64),
and rlpool env i draws the same numbers from its C++ port seeded with seed + i
(reference i: reset(seed=seed + i) once, then reset() without a seed).

Every one of envpool's 20 ids runs a whole episode (its 300 / 600 / 800-step
limit) and into the next one, with float32 actions from 1.2x the Box (the
clipping is exercised), half of them steering the ball at the goal so
successes happen. Checked every step:
  - observation, achieved_goal, desired_goal: |diff| <= 1e-9 (in practice 0);
  - reward: within one float32 ulp of float32(the reference's float64 reward)
    (the engine's reward array is float32; the ulp allows numpy's exp and
    libm's exp to differ in the last bit of the dense reward);
  - info["success"] equal (and is_success == success), terminated, truncated equal;
  - the next episode's goal and start are the reference's (goal resampling).
The options continuing_task=False (termination at the goal) and
reset_target=True (a new goal once reached) run the same way on the open map.
"""

import numpy as np
import pytest
import rlpool

from .reference import make_reference

ATOL = 1e-9
MAZES = ["Open", "UMaze", "Medium", "Large", "Open_Diverse_G", "Open_Diverse_GR", "Medium_Diverse_G",
         "Medium_Diverse_GR", "Large_Diverse_G", "Large_Diverse_GR"]
IDS = [f"PointMaze_{maze}{suffix}-v3" for maze in MAZES for suffix in ("", "Dense")]


def _action(rng, obs, i):
    a = rng.uniform(-1.2, 1.2, size=2)
    if rng.uniform() < 0.5:
        a = 10.0 * (obs["desired_goal"][i] - obs["achieved_goal"][i]) - obs["observation"][i][2:]
    return a.astype(np.float32)


def run_aligned(task_id: str, extra_steps: int = 20, num_envs: int = 2, seed: int = 5, **options) -> dict:
    env = rlpool.make(task_id, num_envs=num_envs, seed=seed, **options)
    refs = [make_reference(task_id, **options) for _ in range(num_envs)]
    assert env.single_observation_space == refs[0].observation_space
    assert env.single_action_space == refs[0].action_space
    limit = env.config["max_episode_steps"]
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    ref_obs = []
    for i, ref in enumerate(refs):
        o, ref_info = ref.reset(seed=seed + i)
        ref_obs.append(o)
        assert info["success"][i] == ref_info["success"]
    stats = {"successes": 0, "ends": 0, "goal_changes": 0}
    for _ in range(limit + extra_steps):
        for i in range(num_envs):
            for key, value in ref_obs[i].items():
                np.testing.assert_allclose(obs[key][i], value, rtol=0, atol=ATOL, err_msg=f"{task_id} env {i} {key}")
        actions = np.stack([_action(rng, obs, i) for i in range(num_envs)])
        previous_goals = obs["desired_goal"].copy()
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            if info["elapsed_step"][i] == 0:  # next_step autoreset: the reference resets instead
                ref_obs[i] = ref.reset()[0]
                continue
            ref_obs[i], ref_reward, ref_terminated, ref_truncated, ref_info = ref.step(actions[i])
            expected = np.float32(ref_reward)
            assert abs(reward[i] - expected) <= np.spacing(expected), f"{task_id} env {i}: {reward[i]} != {ref_reward}"
            assert info["success"][i] == ref_info["success"] and info["is_success"][i] == float(ref_info["success"])
            assert bool(terminated[i]) == ref_terminated and bool(truncated[i]) == ref_truncated
            stats["successes"] += int(info["success"][i])
            stats["ends"] += int(terminated[i] or truncated[i])
            stats["goal_changes"] += int(not np.array_equal(obs["desired_goal"][i], previous_goals[i]))
    env.close()
    return stats


@pytest.mark.parametrize("task_id", IDS)
def test_point_maze_matches_gymnasium_robotics_over_a_whole_episode(task_id):
    stats = run_aligned(task_id)
    assert stats["ends"] >= 2  # both envs reached their time limit and went on into the next episode


def test_termination_at_the_goal_without_continuing_task():
    stats = run_aligned("PointMaze_Open-v3", extra_steps=0, continuing_task=False)
    assert stats["successes"] > 0 and stats["ends"] > 0


def test_a_new_goal_once_reached_with_reset_target():
    stats = run_aligned("PointMaze_OpenDense-v3", extra_steps=0, reset_target=True)
    assert stats["successes"] > 0 and stats["goal_changes"] > 0


@pytest.mark.parametrize("task_id", ["PointMaze_UMaze-v3", "PointMaze_LargeDense-v3"])
def test_compute_reward_matches_the_reference_batched(task_id):
    env = rlpool.make(task_id, num_envs=1)
    ref = make_reference(task_id).unwrapped
    rng = np.random.default_rng(1)
    achieved = rng.uniform(-2, 2, size=(5, 3, 2))
    desired = achieved + rng.normal(0.0, 0.4, size=(5, 3, 2))
    ours = env.compute_reward(achieved, desired, {})
    theirs = ref.compute_reward(achieved, desired, {})
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape == (5, 3)
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=ATOL)
    env.close()


def test_a_custom_map_as_text_and_a_map_name():
    by_name = rlpool.make("PointMaze_UMaze-v3", maze_map="OPEN", seed=1)
    by_text = rlpool.make("PointMaze_UMaze-v3", maze_map="1111111/1000001/1000001/1000001/1111111", seed=1)
    open_id = rlpool.make("PointMaze_Open-v3", seed=1)
    goals = [env.reset()[0]["desired_goal"] for env in (by_name, by_text, open_id)]
    np.testing.assert_array_equal(goals[0], goals[2])
    np.testing.assert_array_equal(goals[1], goals[2])


@pytest.mark.parametrize(
    "options, error, message",
    [
        (dict(maze_map="NO_SUCH_MAZE"), ValueError, "neither a map name"),
        (dict(maze_map="111/10"), ValueError, "rows must all be as long"),
        (dict(maze_map="111/111/111"), ValueError, "no free cell"),
        (dict(maze_map=[[1, 1], [1, 0]]), TypeError, "must be a str"),
        (dict(reward_type="shaped"), ValueError, "reward_type must be 'sparse' or 'dense'"),
        (dict(maze_size_scaling=0.0), ValueError, "maze_size_scaling and maze_height must be > 0"),
        (dict(position_noise_range=-1.0), ValueError, "position_noise_range must be a finite number >= 0"),
        (dict(max_episode_steps=-1), ValueError, "max_episode_steps must be >= 1"),
        (dict(base_path=""), ValueError, "gymnasium-robotics"),
    ],
)
def test_bad_options_raise_a_clear_error(options, error, message):
    with pytest.raises(error, match=message):
        rlpool.make("PointMaze_UMaze-v3", **options)


def test_bad_actions_raise_and_out_of_box_actions_are_clipped():
    env = rlpool.make("PointMaze_Open-v3", num_envs=1, seed=3)
    twin = rlpool.make("PointMaze_Open-v3", num_envs=1, seed=3)
    env.reset()
    twin.reset()
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.array([[np.nan, 0.0]], np.float32))
    for _ in range(3):
        big, *_ = env.step(np.array([[50.0, -50.0]], np.float32))
        unit, *_ = twin.step(np.array([[1.0, -1.0]], np.float32))
        np.testing.assert_array_equal(big["observation"], unit["observation"])


def test_the_twenty_point_maze_ids_are_listed():
    ids = [t for t in rlpool.list_all_envs("robotics") if t.startswith("PointMaze")]
    assert sorted(ids) == sorted(IDS)
