"""rlpool's FrankaKitchen-v1 against gymnasium-robotics 1.4.2's KitchenEnv
itself (reference.py: the MuJoCo-4 shim), seed-exact: no state is injected.
The reference draws its observation noise from robot_env.np_random (PCG64,
seeded by reset(seed=...)); rlpool env i draws the same numbers in the same
order (robot qpos, robot qvel, object qpos, object qvel) from its port seeded
seed + i. Reference i is reset with seed=seed + i once, then without a seed.

Both take the same float64 actions over whole episodes and the reset after:
the 280-step limit, and episodes that terminate early when their one task is
done. Random joint velocities rarely finish a task, so the episodes that must
complete some take open-loop actions found by searching the reference itself
(seeds and schedules in _SCHEDULES): held for `hold` steps, each joint's
velocity drawn from {-1, 0, 1}; they open the slide cabinet (seed 1, at step
100) and move the kettle onto its burner (seed 31, at step 83). Checked every step:
  - observation (59, noisy), achieved_goal and desired_goal per task:
    |diff| <= 1e-9 (measured: 0);
  - reward: rlpool's float32 == float32(reference's), the count of tasks done;
  - info: rlpool's int32 masks over the seven tasks (envpool's) hold the
    reference's lists tasks_to_complete, step_task_completions and
    episode_task_completions;
  - terminated, truncated: equal.
"""

import numpy as np
import pytest
import rlpool
from rlpool.tasks.robotics import KITCHEN_TASKS

from .reference import make_reference

ATOL = 1e-9


def _mask(names) -> np.ndarray:
    return np.array([t in set(names) for t in KITCHEN_TASKS], dtype=np.int32)


def _compare(obs, ref_obs, i, where):
    np.testing.assert_allclose(obs["observation"][i], ref_obs["observation"], rtol=0, atol=ATOL, err_msg=where)
    for part in ("achieved_goal", "desired_goal"):
        assert list(obs[part]) == list(ref_obs[part]), f"{where}: {part} keys"
        for task, value in ref_obs[part].items():
            np.testing.assert_allclose(obs[part][task][i], value, rtol=0, atol=ATOL, err_msg=f"{where} {part} {task}")


def run_aligned(actions_for, seeds=(7, 8), steps=300, **options):
    """Steps rlpool and the references side by side; actions_for(step, obs) -> (num_envs, 9)."""
    num_envs = len(seeds)
    env = rlpool.make("FrankaKitchen-v1", num_envs=num_envs, env_seed=list(seeds), **options)
    refs = [make_reference("FrankaKitchen-v1", **options) for _ in range(num_envs)]
    assert env.single_observation_space == refs[0].observation_space
    assert env.single_action_space == refs[0].action_space
    obs, info = env.reset()
    ref_obs = [ref.reset(seed=s)[0] for s, ref in zip(seeds, refs)]
    stats = {"reward": 0.0, "terminated": 0, "truncated": 0, "resets": 0, "completions": 0}
    for step in range(steps):
        for i in range(num_envs):
            _compare(obs, ref_obs[i], i, f"step {step} env {i}")
        actions = actions_for(step, obs)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            if info["elapsed_step"][i] == 0:  # next_step autoreset: the reference resets instead
                ref_obs[i], ref_info = ref.reset()
                stats["resets"] += 1
                assert reward[i] == 0 and not terminated[i] and not truncated[i]
            else:
                ref_obs[i], ref_reward, ref_terminated, ref_truncated, ref_info = ref.step(actions[i])
                assert reward[i] == np.float32(ref_reward), f"step {step} env {i}: {reward[i]} != {ref_reward}"
                assert bool(terminated[i]) == ref_terminated and bool(truncated[i]) == ref_truncated
                stats["reward"] += float(reward[i])
                stats["terminated"] += int(terminated[i])
                stats["truncated"] += int(truncated[i])
                stats["completions"] += int(info["step_task_completions"][i].sum())
            for key in ("tasks_to_complete", "step_task_completions", "episode_task_completions"):
                np.testing.assert_array_equal(info[key][i], _mask(ref_info[key]), err_msg=f"step {step} env {i} {key}")
    env.close()
    return stats


def test_whole_episode_and_reset_with_random_actions():
    """The default seven tasks, random actions beyond the Box (clipping), one
    whole 280-step episode each, its truncation and the next episode's start."""
    rng = np.random.default_rng(0)
    stats = run_aligned(lambda step, obs: rng.uniform(-1.5, 1.5, size=(2, 9)), steps=290)
    assert stats["truncated"] == 2 and stats["resets"] == 2


# (env seed, the schedule's generator seed): reset(seed=s) then these
# actions complete a task (searched once with the reference; see the doc).
_SCHEDULES = {1: "slide cabinet", 31: "kettle"}


def _scheduled(seeds):
    plans = []
    for s in seeds:
        rng = np.random.default_rng(s)
        hold = int(rng.integers(10, 60))
        plans.append([rng, hold, None])

    def actions_for(step, obs):
        for plan in plans:
            if step % plan[1] == 0:
                plan[2] = plan[0].choice([-1.0, 0.0, 1.0], size=9)
        return np.stack([plan[2] for plan in plans])

    return actions_for


@pytest.mark.parametrize("options, expect", [
    # both tasks asked: each env completes one (reward 1), neither terminates
    (dict(tasks_to_complete=["kettle", "slide cabinet"]), dict(completions=2, terminated=0)),
    # one task asked: the env that completes it terminates, then resets
    (dict(tasks_to_complete=["slide cabinet"]), dict(completions=1, terminated=1)),
    # tasks kept after completion: rewarded on every step they stay done
    (dict(remove_task_when_completed=False, terminate_on_tasks_completed=False), dict(terminated=0)),
])
def test_task_completion_reward_info_and_termination(options, expect):
    seeds = tuple(_SCHEDULES)
    stats = run_aligned(_scheduled(seeds), seeds=seeds, steps=120, **options)
    for key, value in expect.items():
        assert stats[key] == value, (key, stats)
    if not options.get("remove_task_when_completed", True):
        assert stats["completions"] > 2 and stats["reward"] == stats["completions"]
    if expect.get("terminated"):
        assert stats["resets"] == 1
