"""Classic control vs gymnasium 1.x, stepped side by side.

This pins the dynamics apart from the seeding (test_seeding.py plays from the
seed alone): with `debug_state=True` rlpool reports the exact
float64 internal state in info["state"], which we copy into the reference
env (gymnasium's `unwrapped.state`). Both then take the same random actions
for whole episodes (and several of them, across autoresets).

Tolerance: observations (float32) within 1e-6 absolute; rewards (float32 in
rlpool, float64 in gymnasium) within 1e-5 relative; terminated and truncated
identical. On the x86-64 CI machine the observations are bit-identical;
the margin only covers numpy builds whose SIMD sin/cos round differently.
"""

import gymnasium
import numpy as np
import pytest

import rlpool

TASKS = ["CartPole-v0", "CartPole-v1", "Pendulum-v1", "MountainCar-v0", "MountainCarContinuous-v0", "Acrobot-v1"]
OBS_ATOL = 1e-6  # bit-identical on this machine; the margin covers SIMD libm variants
REWARD_RTOL = 1e-5


def random_action(space: gymnasium.Space, rng: np.random.Generator):
    if isinstance(space, gymnasium.spaces.Discrete):
        return int(rng.integers(space.n))
    # Past the bounds too: the reference clips, so must we.
    return (rng.uniform(-1.25, 1.25, size=space.shape) * space.high).astype(np.float32)


def set_state(ref, state: np.ndarray, task: str) -> None:
    ref.unwrapped.state = np.array(state, dtype=np.float64)


# Every task with default options, and with each constructor option gymnasium
# offers (Acrobot's book_or_nips is a class attribute there: tested below).
CASES = [(t, {}) for t in TASKS] + [
    ("CartPole-v0", {"sutton_barto_reward": True}),
    ("CartPole-v1", {"sutton_barto_reward": True}),
    ("Pendulum-v1", {"g": 9.81}),
    ("MountainCar-v0", {"goal_velocity": 0.01}),
    ("MountainCarContinuous-v0", {"goal_velocity": 0.01}),
]


@pytest.mark.parametrize("task,kwargs", CASES)
def test_whole_episodes_match_gymnasium(task, kwargs):
    env = rlpool.make(task, num_envs=1, seed=7, debug_state=True, **kwargs)
    ref = gymnasium.make(task, **kwargs)
    assert env.single_observation_space == ref.observation_space
    assert env.single_action_space == ref.action_space

    rng = np.random.default_rng(0)
    episodes, steps = 0, 0
    obs, info = env.reset()
    ref.reset(seed=0)
    set_state(ref, info["state"][0], task)
    # Long episodes (Pendulum, CartPole balancing) make 3 episodes plenty.
    while episodes < 3 and steps < 3000:
        a = random_action(ref.action_space, rng)
        ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(a)
        obs, rew, term, trunc, info = env.step(np.array([a]))
        steps += 1
        np.testing.assert_allclose(obs[0], ref_obs, rtol=0, atol=OBS_ATOL, err_msg=f"step {steps}")
        np.testing.assert_allclose(rew[0], ref_rew, rtol=REWARD_RTOL, atol=1e-7, err_msg=f"step {steps}")
        assert (term[0], trunc[0]) == (ref_term, ref_trunc), f"step {steps}"
        if ref_term or ref_trunc:
            episodes += 1
            # next_step autoreset: the next step resets and ignores its action.
            obs, rew, term, trunc, info = env.step(np.array([a]))
            assert rew[0] == 0 and not term[0] and not trunc[0] and info["elapsed_step"][0] == 0
            ref.reset()
            set_state(ref, info["state"][0], task)
    assert episodes >= 1


def test_acrobot_nips_dynamics_match_gymnasium():
    env = rlpool.make("Acrobot-v1", num_envs=1, seed=3, debug_state=True, book_or_nips="nips")
    ref = gymnasium.make("Acrobot-v1")
    ref.unwrapped.book_or_nips = "nips"
    _, info = env.reset()
    ref.reset(seed=0)
    set_state(ref, info["state"][0], "Acrobot-v1")
    rng = np.random.default_rng(1)
    for step in range(500):
        a = int(rng.integers(3))
        ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(a)
        obs, rew, term, trunc, _ = env.step(np.array([a]))
        np.testing.assert_allclose(obs[0], ref_obs, rtol=0, atol=OBS_ATOL, err_msg=f"step {step}")
        assert (term[0], trunc[0]) == (ref_term, ref_trunc)
        if ref_term or ref_trunc:
            break


@pytest.mark.parametrize("task", TASKS)
def test_reset_distribution_matches_gymnasium(task):
    """Initial states come from each env's own RNG; their range must be the reference's."""
    env = rlpool.make(task, num_envs=64, seed=0)
    ref = gymnasium.make(task)
    obs, _ = env.reset()
    ref_obs = np.stack([ref.reset(seed=s)[0] for s in range(64)])
    lo, hi = ref_obs.min(0), ref_obs.max(0)
    span = np.maximum(hi - lo, 1e-3)
    assert np.all(obs.min(0) >= lo - 0.2 * span) and np.all(obs.max(0) <= hi + 0.2 * span)
    assert len(np.unique(obs[:, 0])) > 32  # envs are seeded apart


@pytest.mark.parametrize("task", TASKS)
def test_time_limit_and_threshold_match_gymnasium(task):
    spec = rlpool.make_spec(task)
    ref = gymnasium.spec(task)
    assert spec.config.max_episode_steps == ref.max_episode_steps
    assert spec.reward_threshold == ref.reward_threshold
