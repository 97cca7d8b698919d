"""gymnasium's vector wrappers on rlpool's gymnasium face, in both autoreset
modes. Each wrapped pool is checked against an identical unwrapped pool (same
seed, same actions: rlpool's seeded runs are deterministic) with the wrapper's
documented formula applied by hand. Where gymnasium's own SyncVectorEnv
refuses a mode, rlpool must refuse it the same way."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.wrappers import vector as vw

import rlpool

MODES = ["next_step", "same_step"]
STEPS = 300  # CartPole episodes end within this, so every env resets at least once
EPS = 1e-8


def _pair(task, mode, num_envs=4, seed=3):
    make = lambda: rlpool.make_gymnasium(task, num_envs=num_envs, seed=seed, autoreset_mode=mode)  # noqa: E731
    return make(), make()


def _actions(space, num_envs, steps, seed=0):
    space.seed(seed)
    return [np.stack([space.sample() for _ in range(num_envs)]) for _ in range(steps)]


def _gymnasium_sync(task, mode, num_envs=2):
    mode = {"next_step": gym.vector.AutoresetMode.NEXT_STEP, "same_step": gym.vector.AutoresetMode.SAME_STEP}[mode]
    return gym.vector.SyncVectorEnv([lambda: gym.make(task)] * num_envs, autoreset_mode=mode)


class _RunningMeanStd:
    """The parallel mean/var update gymnasium documents, in float64."""

    def __init__(self, shape=()):
        self.mean, self.var, self.count = np.zeros(shape), np.ones(shape), 1e-4

    def update(self, x):
        m, v, n = x.mean(0), x.var(0), x.shape[0]
        d, tot = m - self.mean, self.count + n
        self.mean = self.mean + d * n / tot
        self.var = (self.var * self.count + v * n + d**2 * self.count * n / tot) / tot
        self.count = tot


@pytest.mark.parametrize("mode", MODES)
def test_record_episode_statistics_sums_each_episode(mode):
    wrapped_pool, raw = _pair("CartPole-v1", mode)
    wrapped = vw.RecordEpisodeStatistics(wrapped_pool)
    wrapped.reset()
    raw.reset()
    ret, length, after_end, episodes = np.zeros(4), np.zeros(4, int), np.zeros(4, bool), 0
    for action in _actions(raw.single_action_space, 4, STEPS):
        _, _, _, _, info = wrapped.step(action)
        _, r, term, trunc, _ = raw.step(action)
        counts = ~after_end if mode == "next_step" else np.ones(4, bool)  # next_step: the reset row is no step
        ret += np.where(counts, r, 0)
        length += counts
        done = term | trunc
        if done.any():
            assert info["_episode"].tolist() == done.tolist()
            np.testing.assert_allclose(info["episode"]["r"][done], ret[done])
            np.testing.assert_array_equal(info["episode"]["l"][done], length[done])
            episodes += done.sum()
            ret[done], length[done] = 0, 0
        else:
            assert "episode" not in info
        after_end = done
    assert episodes >= 4


@pytest.mark.parametrize("mode", MODES)
def test_normalize_observation(mode):
    wrapped_pool, raw = _pair("CartPole-v1", mode)
    if mode == "same_step":
        # gymnasium's wrapper only supports next-step autoreset, on its own vector envs too
        with pytest.raises(ValueError, match="NEXT_STEP") as theirs:
            vw.NormalizeObservation(_gymnasium_sync("CartPole-v1", mode))
        with pytest.raises(ValueError) as ours:
            vw.NormalizeObservation(wrapped_pool)
        assert str(ours.value).split(",")[0] == str(theirs.value).split(",")[0]
        return
    wrapped = vw.NormalizeObservation(wrapped_pool)
    rms = _RunningMeanStd((4,))

    def expect(obs):
        rms.update(obs.astype(np.float64))
        return (obs - rms.mean) / np.sqrt(rms.var + EPS)

    np.testing.assert_allclose(wrapped.reset()[0], expect(raw.reset()[0]), rtol=1e-4, atol=1e-5)
    for action in _actions(raw.single_action_space, 4, STEPS):
        obs = wrapped.step(action)[0]
        np.testing.assert_allclose(obs, expect(raw.step(action)[0]), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("mode", MODES)
def test_normalize_reward(mode):
    wrapped_pool, raw = _pair("CartPole-v1", mode)
    wrapped = vw.NormalizeReward(wrapped_pool, gamma=0.9)
    wrapped.reset()
    raw.reset()
    rms, acc, prev_done = _RunningMeanStd(), np.zeros(4), np.zeros(4, bool)
    for action in _actions(raw.single_action_space, 4, STEPS):
        got = wrapped.step(action)[1]
        _, r, term, trunc, _ = raw.step(action)
        # next_step: the reset row after an episode end is not part of any return
        active = np.ones(4, bool) if mode == "same_step" else ~prev_done
        acc[active] = acc[active] * 0.9 * (1 - term[active]) + r[active]
        if active.any():
            rms.update(acc[active])
        prev_done = term | trunc
        if mode == "same_step":
            acc[prev_done] = 0
        np.testing.assert_allclose(got, r / np.sqrt(rms.var + EPS), rtol=1e-5)


@pytest.mark.parametrize("mode", MODES)
def test_clip_action(mode):
    wrapped_pool, raw = _pair("Pendulum-v1", mode, num_envs=3)
    wrapped = vw.ClipAction(wrapped_pool)
    np.testing.assert_array_equal(wrapped.reset()[0], raw.reset()[0])
    low, high = raw.single_action_space.low, raw.single_action_space.high
    rng = np.random.default_rng(0)
    for _ in range(250):  # Pendulum truncates at 200: both modes reset once
        action = rng.uniform(-10, 10, size=(3, 1)).astype(np.float32)  # mostly out of range
        got = wrapped.step(action)
        want = raw.step(np.clip(action, low, high))
        for g, w in zip(got[:4], want[:4]):
            np.testing.assert_array_equal(g, w)
