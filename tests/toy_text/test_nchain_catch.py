"""NChain-v0 and Catch-v0, which gymnasium 1.x does not ship: checked against
the rules envpool 1.2.5 implements (NChain: gym 0.20's NChainEnv; Catch:
bsuite's catch), written out here as small reference models.

Catch is deterministic once the ball's column is drawn, so every observation,
reward and termination must equal the model's. NChain's only randomness is the
0.2 action flip: each (state, action) pair's outcome frequencies must lie
within 5 binomial standard deviations of the model's probabilities.
"""

import collections

import numpy as np

import rlpool


def nchain_model(s, a):
    """{(next, reward): probability} for state s, action a."""
    out = collections.defaultdict(float)
    for taken, p in ((a, 0.8), (1 - a, 0.2)):
        if taken == 1:
            out[(0, 2.0)] += p
        elif s < 4:
            out[(s + 1, 0.0)] += p
        else:
            out[(4, 10.0)] += p
    return out


def test_nchain_transition_frequencies():
    n = 2000
    env = rlpool.make("NChain-v0", num_envs=n, seed=4)
    assert env.single_observation_space.n == 5 and env.single_action_space.n == 2
    rng = np.random.default_rng(0)
    obs, _ = env.reset()
    assert (obs == 0).all()
    counts = collections.defaultdict(collections.Counter)
    for _ in range(40):
        # Mostly "forward" so the far end of the chain is visited too.
        a = (rng.random(n) < 0.25).astype(np.int32)
        nxt, rew, term, trunc, _ = env.step(a)
        assert not term.any() and not trunc.any()
        for s, act, s2, r in zip(obs, a, nxt, rew):
            counts[(int(s), int(act))][(int(s2), float(r))] += 1
        obs = nxt
    assert len(counts) == 10
    for (s, a), seen in counts.items():
        total = sum(seen.values())
        expected = nchain_model(s, a)
        assert set(seen) <= set(expected), (s, a, seen)
        for key, p in expected.items():
            assert abs(seen[key] / total - p) <= 5 * np.sqrt(p * (1 - p) / total) + 1e-12, (s, a, key)


def test_nchain_is_truncated_after_1000_steps_never_terminated():
    env = rlpool.make("NChain-v0", num_envs=2)
    env.reset()
    for t in range(1, 1001):
        _, _, term, trunc, info = env.step(np.zeros(2, np.int32))
        assert not term.any()
        assert trunc.all() == (t == 1000)


def catch_frame(height, width, row, col, paddle):
    f = np.zeros((height, width), np.float32)
    f[row, col] = 1
    f[height - 1, paddle] = 1
    return f


def test_catch_follows_the_rules_exactly():
    height, width, n = 7, 6, 64
    env = rlpool.make("Catch-v0", num_envs=n, seed=8, height=height, width=width)
    space = env.single_observation_space
    assert space.shape == (height, width) and space.dtype == np.float32 and env.single_action_space.n == 3
    rng = np.random.default_rng(3)
    obs, _ = env.reset()
    columns = collections.Counter()
    state = []

    def start(i):
        col = int(np.argmax(obs[i, 0]))
        columns[col] += 1
        state[i:i + 1] = [[0, col, width // 2]]
        np.testing.assert_array_equal(obs[i], catch_frame(height, width, 0, col, width // 2))

    for i in range(n):
        state.append(None)
        start(i)
    ended = np.zeros(n, bool)
    rewards = collections.Counter()
    for _ in range(300):
        a = rng.integers(0, 3, n).astype(np.int32)
        obs, rew, term, trunc, _ = env.step(a)
        for i in range(n):
            if ended[i]:
                start(i)
                continue
            row, col, paddle = state[i]
            row, paddle = row + 1, min(max(paddle + int(a[i]) - 1, 0), width - 1)
            done = row == height - 1
            np.testing.assert_array_equal(obs[i], catch_frame(height, width, row, col, paddle))
            assert term[i] == done and rew[i] == ((1.0 if col == paddle else -1.0) if done else 0.0)
            state[i] = [row, col, paddle]
            rewards[float(rew[i])] += 1
        ended = term | trunc
    assert set(rewards) == {-1.0, 0.0, 1.0}
    assert set(columns) == set(range(width))


def test_catch_defaults_are_envpools():
    env = rlpool.make("Catch-v0")
    assert env.single_observation_space.shape == (10, 5)
    obs, _ = env.reset()
    assert obs[0, 9, 2] == 1 and obs[0, 0].sum() == 1 and obs[0].sum() == 2
