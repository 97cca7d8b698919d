"""Every state/action pair of FrozenLake, CliffWalking and Taxi against
gymnasium 1.x's transition table ``unwrapped.P``.

rlpool starts each env in a chosen state (option ``debug_start_state``) and
steps it once. One pool per state holds K envs per action, so one step gives
K samples of every (state, action) pair.

Deterministic variants (K = 1): the single outcome (next state, reward,
terminated, info["prob"]) must equal gymnasium's, exactly.
Stochastic variants: each env's step is one draw, checked against the
probabilities of P (test_seeding.py checks the draws themselves, against
gymnasium from the same seed). We require (a) the set of observed outcomes
to equal the support of P[s][a] (with K samples every outcome of
probability >= 0.1 shows up: a miss has probability <= 0.9**K), and (b) each
outcome's frequency within 5 binomial standard deviations of its probability.
"""

import collections

import gymnasium
import numpy as np
import pytest

import rlpool


def reference_table(gym_id, **kwargs):
    ref = gymnasium.make(gym_id, **kwargs).unwrapped
    return ref.P, ref.observation_space.n, ref.action_space.n


def expected_outcomes(entries):
    """P[s][a] as {(next, reward, terminated, prob): total probability}."""
    out = collections.defaultdict(float)
    for p, nxt, r, t in entries:
        if p > 0:
            out[(int(nxt), float(r), bool(t), round(float(p), 12))] += p
    return out


def check_table(task, gym_id, samples, rl_kwargs=None, gym_kwargs=None):
    rl_kwargs = rl_kwargs or {}
    P, n_states, n_actions = reference_table(gym_id, **(gym_kwargs if gym_kwargs is not None else rl_kwargs))
    actions = np.repeat(np.arange(n_actions, dtype=np.int32), samples)
    for s in range(n_states):
        env = rlpool.make(task, num_envs=len(actions), seed=1000 * s, debug_start_state=s, **rl_kwargs)
        obs, info = env.reset()
        assert (obs == s).all()
        obs, rew, term, trunc, info = env.step(actions)
        assert not trunc.any()
        for a in range(n_actions):
            sel = slice(a * samples, (a + 1) * samples)
            observed = collections.Counter(
                (int(o), float(r), bool(t), round(float(p), 12))
                for o, r, t, p in zip(obs[sel], rew[sel], term[sel], info["prob"][sel])
            )
            expected = expected_outcomes(P[s][a])
            assert set(observed) == set(expected), f"{task} {rl_kwargs} state {s} action {a}"
            for key, p in expected.items():
                freq = observed[key] / samples
                tol = 5 * np.sqrt(p * (1 - p) / samples) + 1e-12
                assert abs(freq - p) <= tol, f"{task} state {s} action {a} outcome {key}: {freq} vs {p}"
        env.close()


@pytest.mark.parametrize(
    "task,gym_id,kwargs,gym_kwargs",
    [
        ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False}, None),
        ("FrozenLake8x8-v1", "FrozenLake8x8-v1", {"is_slippery": False}, None),
        ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False, "reward_schedule": [5.0, -2.0, -0.5]},
         {"is_slippery": False, "reward_schedule": (5, -2, -0.5)}),
        ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False, "desc": "SFFFH,FHFSF,FFGHF"},
         {"is_slippery": False, "desc": ["SFFFH", "FHFSF", "FFGHF"]}),
        ("FrozenLake-v1", "FrozenLake-v1", {"is_slippery": False, "map_name": "8x8"}, None),
        ("CliffWalking-v0", "CliffWalking-v1", {}, None),
        ("CliffWalking-v1", "CliffWalking-v1", {}, None),
        ("Taxi-v3", "Taxi-v4", {}, None),
    ],
)
@pytest.mark.slow
def test_deterministic_tables_equal_gymnasium(task, gym_id, kwargs, gym_kwargs):
    check_table(task, gym_id, 1, kwargs, gym_kwargs)


@pytest.mark.parametrize(
    "task,gym_id,kwargs,gym_kwargs,samples",
    [
        ("FrozenLake-v1", "FrozenLake-v1", {}, None, 600),
        ("FrozenLake8x8-v1", "FrozenLake8x8-v1", {}, None, 300),
        ("FrozenLake-v1", "FrozenLake-v1", {"success_rate": 0.75}, None, 600),
        ("FrozenLake-v1", "FrozenLake-v1", {"desc": "SFFFH FHFSF FFGHF"}, {"desc": ["SFFFH", "FHFSF", "FFGHF"]}, 600),
        ("CliffWalkingSlippery-v1", "CliffWalkingSlippery-v1", {}, None, 400),
        ("CliffWalking-v1", "CliffWalking-v1", {"is_slippery": True}, None, 400),
        ("Taxi-v3", "Taxi-v4", {"is_rainy": True}, None, 150),
        ("Taxi-v4", "Taxi-v4", {"is_rainy": True, "rainy_probability": 0.6}, None, 150),
    ],
)
@pytest.mark.slow
def test_stochastic_tables_match_gymnasium(task, gym_id, kwargs, gym_kwargs, samples):
    check_table(task, gym_id, samples, kwargs, gym_kwargs)
