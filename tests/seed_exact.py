"""Plays an rlpool pool and gymnasium envs side by side from the seed alone.

No state is injected: rlpool's env i of a pool seeded ``seed`` must play what
gymnasium's env reset with ``seed + i`` plays, and, after an episode ends, what
that env plays when reset again without a seed (its generator continues), so
autoresets match too. Both get the same random actions. The pool uses the
default next_step autoreset: the step after an episode's end resets the env
(its action ignored), and the reference is reset there.

Observations: float64 within ``OBS64_ATOL``; everything else (float32, ints)
exactly. Rewards: equal after rounding gymnasium's float64 reward to the
pool's float32. terminated and truncated: equal.
"""

from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np

import rlpool

OBS64_ATOL = 1e-9


def random_action(space: gymnasium.Space, rng: np.random.Generator):
    if isinstance(space, gymnasium.spaces.Discrete):
        return int(space.start + rng.integers(space.n))
    low = np.maximum(space.low, -10.0)
    high = np.minimum(space.high, 10.0)
    return rng.uniform(low, high).astype(space.dtype)


def assert_obs_equal(obs: np.ndarray, ref_obs: Any, where: str) -> None:
    ref = np.asarray(ref_obs)
    if ref.dtype == np.float64 or obs.dtype == np.float64:
        np.testing.assert_allclose(obs, ref, rtol=0, atol=OBS64_ATOL, err_msg=where)
    else:
        np.testing.assert_array_equal(obs, ref.astype(obs.dtype), err_msg=where)
        assert np.array_equal(obs.astype(ref.dtype), ref), where  # no value changed by the cast


def play_side_by_side(
    task: str,
    ref_id: str,
    *,
    steps: int = 300,
    num_envs: int = 2,
    seed: int = 11,
    make_kwargs: dict | None = None,
    ref_kwargs: dict | None = None,
    obs_of: Callable[[Any], Any] = lambda o: o,
    setup_ref: Callable[[gymnasium.Env], None] = lambda ref: None,
    make_ref: Callable[..., gymnasium.Env] = gymnasium.make,
    compare_rewards: bool = True,
    action_rng_seed: int = 0,
) -> dict[str, int]:
    """Steps both `steps` times; returns how many episodes ended by termination
    and by truncation (callers assert both kinds were crossed). `obs_of` turns
    a gymnasium observation into the pool's form; `setup_ref` sets what
    gymnasium offers only as attributes; `make_ref` makes one reference env;
    `compare_rewards=False` where the reference's reward is documented to differ."""
    env = rlpool.make(task, num_envs=num_envs, seed=seed, **(make_kwargs or {}))
    refs = [make_ref(ref_id, **(ref_kwargs or {})) for _ in range(num_envs)]
    for ref in refs:
        setup_ref(ref)
    rng = np.random.default_rng(action_rng_seed)
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, _ = ref.reset(seed=seed + i)
        assert_obs_equal(obs[i], obs_of(ref_obs), f"{task} env {i} first reset")
    ended = {"terminated": 0, "truncated": 0}
    needs_reset = [False] * num_envs
    for t in range(steps):
        actions = [random_action(refs[0].action_space, rng) for _ in range(num_envs)]
        obs, rew, term, trunc, _ = env.step(np.array(actions))
        for i, ref in enumerate(refs):
            where = f"{task} env {i} step {t}"
            if needs_reset[i]:
                ref_obs, _ = ref.reset()
                needs_reset[i] = False
                assert_obs_equal(obs[i], obs_of(ref_obs), where + " (autoreset)")
                assert rew[i] == 0 and not term[i] and not trunc[i], where
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(actions[i])
            assert_obs_equal(obs[i], obs_of(ref_obs), where)
            if compare_rewards:
                assert rew[i] == np.float32(ref_rew), f"{where}: reward {rew[i]} vs {ref_rew}"
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc), where
            if ref_term or ref_trunc:
                needs_reset[i] = True
                ended["terminated" if ref_term else "truncated"] += 1
    return ended
