"""rlpool's MuJoCo tasks against gymnasium 1.x's (the installed gymnasium and
mujoco), stepped side by side from the same state with the same actions.

Per task: rlpool is made with debug_state=True, which adds info["qpos0"] /
info["qvel0"] (the state each episode started from) and info["reward64"] (the
float64 reward before the engine stores it). At every episode start gymnasium's
env is reset and set_state() to that state; then both take the same float32
actions, drawn uniformly from 1.1x the action box (so MuJoCo's ctrl clamping
is exercised) until 1000 steps have passed, each episode running to its
termination or time limit. Checked every step:
  - observation, every info key gymnasium reports, reward64: |diff| <= 1e-9;
  - reward: rlpool's float32 reward within one float32 ulp of float32(gymnasium's
    reward) (the engine's reward array is float32, as envpool's is; the ulp
    allows for a last-bit difference of the float64 reward, e.g. a BLAS dot
    in np.linalg.norm, landing on a float32 rounding boundary);
  - terminated, truncated: equal.
In practice the differences are exactly 0: the same libmujoco runs the same
calls, and the float32 ctrl costs follow numpy's summation order.
Pusher-v4: gymnasium refuses it under mujoco >= 3, so the reference is
gymnasium's pusher_v4 class with its version check bypassed (see reference.py).
"""

import math
import os

import numpy as np
import pytest
import rlpool

from .reference import TASKS, make_reference, reset_info, sync

ATOL = 1e-9
STEPS = 1000


def close(a, b) -> bool:
    return bool(np.all(np.abs(np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)) <= ATOL))


def run_aligned(task_id: str, steps: int = STEPS, seed: int = 7, **kwargs) -> int:
    env = rlpool.make(task_id, num_envs=1, seed=seed, debug_state=True, **kwargs)
    ref = make_reference(task_id, **kwargs)
    assert env.observation_space == ref.observation_space
    assert env.action_space == ref.action_space
    assert env.action_space.dtype == np.float32 and env.observation_space.dtype == np.float64
    rng = np.random.default_rng(seed)
    low, high = env.action_space.low, env.action_space.high
    episodes, t = 0, 0
    obs, info = env.reset()
    while True:
        # rlpool's row holds an episode's first observation: start gymnasium there.
        ref_obs = sync(ref, info)
        assert close(obs[0], ref_obs), f"{task_id} reset obs differs"
        for key, value in reset_info(ref).items():
            assert close(info[key][0], value), f"{task_id} reset info[{key!r}] differs"
        while True:  # one whole episode
            action = rng.uniform(1.1 * low, 1.1 * high).astype(np.float32)
            obs, rew, term, trunc, info = env.step(action[None])
            ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(action)
            t += 1
            where = f"{task_id} step {t}"
            assert close(obs[0], ref_obs), f"{where}: obs differs by {np.abs(obs[0] - ref_obs).max()}"
            assert abs(info["reward64"][0] - ref_rew) <= ATOL, f"{where}: reward {info['reward64'][0]} vs {ref_rew}"
            ref32 = np.float32(ref_rew)
            assert abs(rew[0] - ref32) <= np.spacing(abs(ref32)), f"{where}: float32 reward {rew[0]} vs {ref_rew}"
            assert bool(term[0]) == ref_term and bool(trunc[0]) == ref_trunc, f"{where}: flags differ"
            for key, value in ref_info.items():
                assert key in info, f"{task_id}: info lacks gymnasium's {key!r}"
                assert close(info[key][0], value), f"{where}: info[{key!r}] {info[key][0]} vs {value}"
            if term[0] or trunc[0]:
                break
        episodes += 1
        if t >= steps:
            break
        # next_step autoreset: the step after an episode's end only resets.
        obs, rew, term, trunc, info = env.step(action[None])
        assert rew[0] == 0 and info["elapsed_step"][0] == 0 and not term[0] and not trunc[0]
    env.close()
    ref.close()
    return episodes


@pytest.mark.parametrize("task_id", TASKS)
def test_aligned_with_gymnasium(task_id):
    episodes = run_aligned(task_id)
    assert episodes >= 1  # at least one whole episode


GYMNASIUM_ASSETS = os.path.join(os.path.dirname(__import__("gymnasium").__file__), "envs", "mujoco", "assets")

OPTION_CASES = [
    ("Ant-v4", dict(use_contact_forces=True, exclude_current_positions_from_observation=False)),
    ("Ant-v4", dict(terminate_when_unhealthy=False, ctrl_cost_weight=0.2)),
    ("Ant-v5", dict(include_cfrc_ext_in_observation=False, healthy_z_range=(0.3, 1.5), contact_force_range=(-0.5, 2.0))),
    ("HalfCheetah-v5", dict(xml_file=os.path.join(GYMNASIUM_ASSETS, "half_cheetah.xml"), forward_reward_weight=2.0)),
    ("Hopper-v5", dict(terminate_when_unhealthy=False, frame_skip=2, healthy_state_range=(-50.0, 50.0))),
    ("Humanoid-v5", dict(include_cinert_in_observation=False, include_cvel_in_observation=False,
                         contact_cost_range=(-math.inf, 5.0), exclude_current_positions_from_observation=False)),
    ("HumanoidStandup-v5", dict(include_qfrc_actuator_in_observation=False, include_cfrc_ext_in_observation=False,
                                impact_cost_weight=1e-6)),
    ("InvertedDoublePendulum-v5", dict(healthy_reward=5.0, reset_noise_scale=0.2)),
    ("InvertedPendulum-v5", dict(reset_noise_scale=0.05)),
    ("Pusher-v5", dict(reward_near_weight=0.7, reward_control_weight=0.3)),
    ("Reacher-v5", dict(reward_control_weight=0.3, frame_skip=3)),
    ("Swimmer-v5", dict(exclude_current_positions_from_observation=False, ctrl_cost_weight=0.01)),
    ("Walker2d-v4", dict(terminate_when_unhealthy=False, healthy_angle_range=(-0.5, 0.5))),
]


@pytest.mark.parametrize("task_id,kwargs", OPTION_CASES, ids=[f"{t}-{i}" for i, (t, _) in enumerate(OPTION_CASES)])
def test_aligned_with_options(task_id, kwargs):
    run_aligned(task_id, steps=300, **kwargs)
