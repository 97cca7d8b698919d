"""rlpool's Meta-World tasks against Meta-World 3.0.0 itself (reference.py:
the MuJoCo-4 shim), seed-exact: no state is injected. The reference task
draws each episode's object and goal from its np_random (PCG64 through
SeedSequence, Meta-World's seeded_rand_vec mode); rlpool env i draws the same
numbers from its C++ port seeded with seed + i, twice per reset as the
reference's reset runs reset_model twice.

Per task, one env plays one whole episode (500 steps, truncated) and the
first observation of the next, with the same float32 actions (the task's
scripted expert, 30% of the steps (less for two tasks whose expert needs
it) uniform noise from 1.2x the Box). Two envs of one pool check that env i
is seeded with seed + i.
Checked every step:
  - observation: |diff| <= 1e-9 (measured: 0, or a few 1e-16 in the
    object's quaternion, which scipy computes with another rounding);
  - info's float64 fields (unscaled_reward is the float64 reward):
    |diff| <= 1e-9; success and grasp_success equal;
  - reward: rlpool's float32 reward == float32(reference's reward) (the
    engine's reward array is float32, as envpool's is);
  - truncated only at step 500, never terminated.
"""

import numpy as np
import pytest
import rlpool
from rlpool.tasks.metaworld import TASKS, task_id

from .reference import Actor, make_single

ATOL = 1e-9
FLOAT_INFO = ["near_object", "grasp_reward", "in_place_reward", "obj_to_target", "unscaled_reward"]
EXACT_INFO = ["success", "grasp_success"]
# Tasks whose expert needs steadier hands to succeed within one episode
# (measured: with 30% noise it never succeeds from seed 5), and StickPull,
# whose expert fails from seed 5 even without noise, gets seed 6.
NOISE = {
    "soccer-v3": 0.1, "assembly-v3": 0.05, "bin-picking-v3": 0.1, "pick-place-wall-v3": 0.1, "push-wall-v3": 0.1,
    "stick-pull-v3": 0.1,
}
SEED = {"stick-pull-v3": 6}


def play(name: str, num_envs: int = 1, seed: int = 5, partially_observable: bool = True, frame_skip: int = 5) -> dict:
    env = rlpool.make(task_id(name), num_envs=num_envs, seed=seed, partially_observable=partially_observable,
                      frame_skip=frame_skip)
    refs = [make_single(name, seed + i, partially_observable) for i in range(num_envs)]
    for ref in refs:
        ref.frame_skip = frame_skip  # SawyerXYZEnv's constructor argument; its steps and resets read the attribute
    actors = [Actor(name, seed + i, NOISE.get(name, 0.3)) for i in range(num_envs)]
    assert env.single_observation_space.shape == refs[0].observation_space.shape == (39,)
    assert env.single_action_space == refs[0].action_space
    obs, _ = env.reset()
    ref_obs = [ref.reset()[0] for ref in refs]
    successes = 0
    for t in range(1, 501):
        for i in range(num_envs):
            np.testing.assert_allclose(obs[i], ref_obs[i], rtol=0, atol=ATOL, err_msg=f"{name} env {i} step {t - 1}")
        actions = np.stack([actor(ref) for actor, ref in zip(actors, refs)])
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            ref_obs[i], ref_reward, ref_term, ref_trunc, ref_info = ref.step(actions[i])
            where = f"{name} env {i} step {t}"
            assert reward[i] == np.float32(ref_reward), where
            assert not terminated[i] and not ref_term, where
            assert truncated[i] == (t == 500) == ref_trunc, where
            for key in FLOAT_INFO:
                assert abs(info[key][i] - ref_info[key]) <= ATOL, f"{where} {key}"
            for key in EXACT_INFO:
                assert info[key][i] == ref_info[key], f"{where} {key}"
            successes += int(ref_info["success"])
    # next_step autoreset: the step after truncation starts episode 2.
    obs, *_ = env.step(np.zeros((num_envs, 4), np.float32))
    for i, ref in enumerate(refs):
        np.testing.assert_allclose(obs[i], ref.reset()[0], rtol=0, atol=ATOL, err_msg=f"{name} env {i} episode 2")
    env.close()
    return {"successes": successes}


@pytest.mark.parametrize("name", TASKS)
@pytest.mark.slow
def test_task_matches_metaworld(name):
    stats = play(name, seed=SEED.get(name, 5))
    assert stats["successes"] > 0, f"{name}: the scripted expert never succeeded, so success was never compared at 1"


def test_env_i_is_seeded_with_seed_plus_i():
    play("reach-v3", num_envs=2, seed=7)


def test_goal_observable_matches_metaworld():
    """partially_observable=False: the goal is in the observation, clipped to the goal box."""
    play("pick-place-v3", num_envs=1, seed=9, partially_observable=False)


@pytest.mark.parametrize("name", ["reach-v3", "door-lock-v3", "box-close-v3"])
def test_frame_skip_matches_metaworld(name):
    """envpool's frame_skip option against the reference with the same
    frame_skip (the two tasks whose reset settles for frame_skip steps, and
    Reach): a whole episode at 2 MuJoCo steps per agent step."""
    play(name, seed=SEED.get(name, 5), frame_skip=2)
