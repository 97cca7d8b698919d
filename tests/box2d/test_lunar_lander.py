"""LunarLander-v3 / LunarLanderContinuous-v3 against gymnasium 1.x's lunar_lander.py.

Tolerance: 1e-5 absolute on every observation element and reward (relative for
|reward| > 1). Both sides run the same Box2D 2.3.0 C++ in float32, with the same
operation order and numpy's PCG64 stream (so identical terrain, initial push and
engine dispersion); only float evaluation order could differ, and in practice
the trajectories are bit-identical (the test reports the worst difference seen).
"""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.envs.box2d.lunar_lander import heuristic

import rlpool


def noisy_heuristic(ref, obs, rng):
    """gymnasium's landing heuristic, with a random action 20% of the time: long
    flights (so >= 200 steps per episode) that still visit every engine."""
    if rng.random() < 0.2:
        return ref.action_space.sample() if not ref.continuous else rng.uniform(-1, 1, 2).astype(np.float32)
    a = heuristic(ref, obs)
    return np.asarray(a, dtype=np.float32) if ref.continuous else int(a)


def test_spaces_match_gymnasium():
    for task_id in ["LunarLander-v3", "LunarLanderContinuous-v3"]:
        env = rlpool.make(task_id, num_envs=2)
        ref = gym.make(task_id)
        assert env.single_observation_space == ref.observation_space
        assert env.single_action_space == ref.action_space
        assert env.config["max_episode_steps"] == ref.spec.max_episode_steps == 1000


@pytest.mark.parametrize("task_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_lockstep_with_gymnasium(assert_lockstep, task_id):
    worst = assert_lockstep(task_id, [0, 1, 2], noisy_heuristic, steps=1000, atol=1e-5)
    print(f"{task_id}: worst difference {worst}")


@pytest.mark.parametrize("continuous", [False, True])
def test_lockstep_with_wind_and_gravity(assert_lockstep, continuous):
    task_id = "LunarLanderContinuous-v3" if continuous else "LunarLander-v3"
    options = dict(gravity=-7.5, enable_wind=True, wind_power=18.0, turbulence_power=1.8)
    assert_lockstep(task_id, [3, 4], noisy_heuristic, steps=1000, atol=1e-5, **options)


def test_bad_gravity_is_refused():
    with pytest.raises(Exception, match="gravity"):
        rlpool.make("LunarLander-v3", gravity=-15.0)


def random_episodes(task_id, n, seed):
    """Returns and lengths of n random-policy episodes with gymnasium's env."""
    ref = gym.make(task_id)
    ref.reset(seed=seed)
    ref.action_space.seed(seed)
    returns, lengths = [], []
    for _ in range(n):
        ref.reset()
        total, length, done = 0.0, 0, False
        while not done:
            _, r, term, trunc, _ = ref.step(ref.action_space.sample())
            total += r
            length += 1
            done = term or trunc
        returns.append(total)
        lengths.append(length)
    return np.array(returns), np.array(lengths)


def rlpool_random_episodes(task_id, n, seed, num_envs=8):
    """Returns and lengths of n random-policy episodes, n / num_envs per env
    (taking the first n to finish would favour short episodes)."""
    per_env = n // num_envs
    env = rlpool.make(task_id, num_envs=num_envs, seed=seed)
    env.action_space.seed(seed)
    env.reset()
    space = env.single_action_space
    running = np.zeros(num_envs)
    lengths = np.zeros(num_envs, dtype=int)
    returns = [[] for _ in range(num_envs)]
    lens = [[] for _ in range(num_envs)]
    while min(len(r) for r in returns) < per_env:
        actions = np.stack([space.sample() for _ in range(num_envs)])
        _, r, term, trunc, info = env.step(actions)
        ids = info["env_id"]
        running[ids] += r
        lengths[ids] += 1
        for i in ids[np.logical_or(term, trunc)]:
            returns[i].append(running[i])
            lens[i].append(lengths[i])
            # next_step autoreset: this env's following step is the reset.
            running[i] = 0.0
            lengths[i] = -1
    return np.concatenate([r[:per_env] for r in returns]), np.concatenate([l[:per_env] for l in lens])


@pytest.mark.parametrize("task_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_random_policy_statistics_match(task_id):
    """200 random-policy episodes each, independent seeds on the two sides:
    means and medians agree within 3 standard errors of the mean difference,  the
    spreads (interquartile ranges) within 25%. The standard deviation is not
    compared: lengths are heavy-tailed (a rare hovering episode runs the full
    1000 steps and alone doubles it)."""
    n = 200
    ours_r, ours_l = rlpool_random_episodes(task_id, n, seed=1)
    ref_r, ref_l = random_episodes(task_id, n, seed=2)
    for name, a, b in [("return", ours_r, ref_r), ("length", ours_l, ref_l)]:
        se = np.sqrt(a.var() / n + b.var() / n)
        msg = f"{task_id} {name}: rlpool {a.mean():.2f}±{a.std():.2f} vs gymnasium {b.mean():.2f}±{b.std():.2f}"
        print(msg)
        assert abs(a.mean() - b.mean()) < 3 * se, msg
        assert abs(np.median(a) - np.median(b)) < 3 * se, msg
        iqr = lambda x: np.subtract(*np.percentile(x, [75, 25]))
        assert 0.8 < iqr(a) / iqr(b) < 1.25, f"{msg}; IQR {iqr(a):.2f} vs {iqr(b):.2f}"
