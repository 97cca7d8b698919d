"""rlpool's Fetch tasks against gymnasium-robotics 1.4.2 itself (see
reference.py for the MuJoCo-4 shim the reference needs), seed-exact: no state
is injected. The reference draws its object start and goal from gymnasium's
np_random (PCG64 seeded through SeedSequence); rlpool env i draws the same
numbers from its C++ port seeded with seed + i, so reference i is reset with
seed=seed + i once and then without a seed, as a training loop does.

Both take the same float32 actions over whole episodes (the 50-step time
limit, then the next episode: rlpool's next_step autoreset step is skipped on
the reference side). Actions come from 1.2x the Box, so the clipping to
[-1, 1] is exercised, and for half the steps steer the gripper at the goal so
that successes happen. Checked every step:
  - observation, achieved_goal, desired_goal: |diff| <= 1e-9 (in practice 0
    or a few 1e-17: the site velocities are a jacobian times qvel, which numpy
    sums with BLAS and rlpool in index order);
  - reward: rlpool's float32 reward == float32(reference's reward) (the
    engine's reward array is float32, as envpool's is; the float64 dense
    reward is checked to 1e-9 through compute_reward below);
  - info["is_success"], terminated, truncated: equal;
  - each new episode's desired_goal differs from the last one's (goal
    resampling at reset) and equals the reference's.
"""

import numpy as np
import pytest
import rlpool

from .reference import make_reference

ATOL = 1e-9
EPISODES = 3
FETCH = ["FetchReach", "FetchPush", "FetchSlide", "FetchPickAndPlace"]
IDS = [f"{task}{suffix}-v4" for task in FETCH for suffix in ("", "Dense")]


def _action(rng: np.random.Generator, obs: dict, i: int) -> np.ndarray:
    a = rng.uniform(-1.2, 1.2, size=4)
    if rng.uniform() < 0.5:
        # Steer the gripper (observation[:3]) at the goal, times a gain that
        # overshoots the Box: successes for Reach, and clipping for all.
        a[:3] = 20.0 * (obs["desired_goal"][i] - obs["observation"][i][:3])
    return a.astype(np.float32)


def run_aligned(task_id: str, num_envs: int = 2, seed: int = 11) -> dict:
    env = rlpool.make(task_id, num_envs=num_envs, seed=seed)
    refs = [make_reference(task_id) for _ in range(num_envs)]
    assert env.single_observation_space == refs[0].observation_space
    assert env.single_action_space == refs[0].action_space
    rng = np.random.default_rng(seed)
    obs, _ = env.reset()
    ref_obs = [ref.reset(seed=seed + i)[0] for i, ref in enumerate(refs)]
    stats = {"steps": 0, "successes": 0, "episodes": 0}
    goals = [[obs["desired_goal"][i].copy()] for i in range(num_envs)]
    while stats["episodes"] < EPISODES * num_envs:
        for i in range(num_envs):
            for key, value in ref_obs[i].items():
                np.testing.assert_allclose(obs[key][i], value, rtol=0, atol=ATOL, err_msg=f"{task_id} env {i} {key}")
        actions = np.stack([_action(rng, obs, i) for i in range(num_envs)])
        obs, reward, terminated, truncated, info = env.step(actions)
        stats["steps"] += 1
        for i, ref in enumerate(refs):
            if info["elapsed_step"][i] == 0:  # next_step autoreset: the reference resets instead
                ref_obs[i] = ref.reset()[0]
                assert not np.array_equal(obs["desired_goal"][i], goals[i][-1]), "the goal was not resampled"
                goals[i].append(obs["desired_goal"][i].copy())
                continue
            ref_obs[i], ref_reward, ref_terminated, ref_truncated, ref_info = ref.step(actions[i])
            assert reward[i] == np.float32(ref_reward), f"{task_id} env {i}: {reward[i]} != {ref_reward}"
            assert info["is_success"][i] == ref_info["is_success"]
            assert bool(terminated[i]) == ref_terminated and bool(truncated[i]) == ref_truncated
            stats["successes"] += int(info["is_success"][i])
            stats["episodes"] += int(truncated[i])
    env.close()
    return stats


@pytest.mark.parametrize("task_id", IDS)
def test_fetch_matches_gymnasium_robotics_over_whole_episodes(task_id):
    stats = run_aligned(task_id)
    assert stats["steps"] >= EPISODES * 50
    if task_id.startswith("FetchReach"):
        assert stats["successes"] > 0, "the steering never reached a goal: is_success=1 went untested"


def test_v1_ids_run_the_v4_task():
    """envpool's routing: FetchPush-v1 is the same task, same seed, same episode."""
    a = rlpool.make("FetchPush-v1", num_envs=1, seed=5)
    b = rlpool.make("FetchPush-v4", num_envs=1, seed=5)
    oa, _ = a.reset()
    ob, _ = b.reset()
    for key in oa:
        np.testing.assert_array_equal(oa[key], ob[key])
    action = np.full((1, 4), 0.5, np.float32)
    for _ in range(5):
        oa, *_ = a.step(action)
        ob, *_ = b.step(action)
    np.testing.assert_array_equal(oa["observation"], ob["observation"])


@pytest.mark.parametrize("task_id", ["FetchPush-v4", "FetchReachDense-v4"])
def test_compute_reward_matches_the_reference_batched(task_id):
    env = rlpool.make(task_id, num_envs=1)
    ref = make_reference(task_id).unwrapped
    rng = np.random.default_rng(0)
    achieved = rng.normal(1.0, 0.05, size=(4, 6, 3))
    desired = achieved + rng.normal(0.0, 0.05, size=(4, 6, 3))
    ours = env.compute_reward(achieved, desired, {})
    theirs = ref.compute_reward(achieved, desired, {})
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape == (4, 6)
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=ATOL)
    if task_id.startswith("FetchPush"):
        assert set(np.unique(ours)) == {-1.0, 0.0}  # both sides of the threshold were drawn
    env.close()


def test_compute_reward_gives_the_step_reward():
    env = rlpool.make("FetchReachDense-v4", num_envs=3, seed=2)
    env.reset()
    obs, reward, _, _, info = env.step(np.zeros((3, 4), np.float32))
    recomputed = env.compute_reward(obs["achieved_goal"], obs["desired_goal"], info)
    np.testing.assert_array_equal(reward, recomputed.astype(np.float32))
    env.close()
