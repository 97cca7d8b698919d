"""rlpool's two-player Atari ids step for step against PettingZoo 1.27's own
Atari envs (multi-agent-ale-py 0.1.12, the same ale-py ROM file), from the
same seed with the same random actions of both players.

- Bare frames (frame_skip=1, no resize, RGB, no stack or no-ops) through
  ``rlpool.make_pettingzoo`` against PettingZoo's ``parallel_env``: every
  agent's observation, reward, termination and truncation.
- envpool's preprocessing (the ids' defaults) against gymnasium's own
  ``AtariPreprocessing`` + ``FrameStackObservation`` around PettingZoo's env
  (reference.py), through the gymnasium face's player rows, across game overs
  and the autoresets after them.

Tolerance: none. Observations equal bit for bit, rewards and episode ends
exactly."""

import numpy as np
import pytest

import rlpool
from rlpool.tasks.atari_multi import GAMES

from .reference import AGENTS, RAW, as_reference_layout, pettingzoo_env, preprocessed_reference

TASKS = sorted(GAMES)


@pytest.mark.parametrize("task_id,full", [(t, False) for t in TASKS] + [("Pong2P-v3", True)])
def test_bare_frames_equal_pettingzoo(task_id, full, seed=3, steps=200):
    ref = pettingzoo_env(task_id, full_action_space=full)
    env = rlpool.make_pettingzoo(task_id, seed=seed, full_action_space=full, **RAW)
    assert env.possible_agents == ref.possible_agents == list(AGENTS)
    for a in AGENTS:
        assert env.action_space(a) == ref.action_space(a)
    obs, _ = env.reset(seed=seed)
    robs, _ = ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for t in range(steps):
        for a in AGENTS:
            np.testing.assert_array_equal(obs[a].transpose(1, 2, 0), robs[a], err_msg=f"{task_id} step {t} {a}")
        actions = {a: int(rng.integers(ref.action_space(a).n)) for a in AGENTS}
        obs, rew, term, trunc, _ = env.step(actions)
        robs, rrew, rterm, rtrunc, _ = ref.step(actions)
        assert rew == {a: float(rrew[a]) for a in AGENTS} and term == rterm and trunc == rtrunc, (task_id, t)
    env.close()
    ref.close()


def run_preprocessed(task_id, steps, *, seed=3, gray=True, sticky=0.0, noop_max=30, **options):
    """Steps rlpool's default pipeline and the reference side by side; returns
    the number of game overs seen."""
    ref = preprocessed_reference(task_id, gray=gray, sticky=sticky, noop_max=noop_max)
    pool = rlpool.make(task_id, num_envs=1, seed=seed, gray_scale=gray, repeat_action_probability=sticky,
                       noop_max=noop_max, **options)
    n = [int(pool.single_action_space.n)] * 2
    assert list(ref.env.unwrapped.action_space.nvec) == n
    obs_r, _ = ref.reset(seed=seed)
    obs_p, _ = pool.reset()
    rng = np.random.default_rng(seed)
    episodes = 0
    for t in range(steps):
        where = f"{task_id} step {t} (episode {episodes})"
        for p in range(2):
            np.testing.assert_array_equal(as_reference_layout(obs_p[p], gray), obs_r, err_msg=f"{where} player {p}")
        a = rng.integers(n[0], size=2)
        obs_r, rew_r, term_r, trunc_r, _ = ref.step(a)
        obs_p, rew_p, term_p, trunc_p, info_p = pool.step(a)
        np.testing.assert_array_equal(rew_p, rew_r.astype(np.float32), err_msg=where)
        np.testing.assert_array_equal(info_p["raw_rewards"][0], rew_r.astype(np.float32), err_msg=where)
        per_agent = ref.env.unwrapped.terminations
        assert [bool(x) for x in term_p] == [per_agent[a] for a in AGENTS] == [term_r] * 2, where
        assert not trunc_p.any() and not trunc_r, where
        if term_r:
            episodes += 1
            obs_r, _ = ref.reset()
            obs_p, rew_p, term_p, trunc_p, info_p = pool.step(a)  # next-step autoreset: actions ignored
            assert not rew_p.any() and info_p["elapsed_step"][0] == 0, where
    pool.close()
    ref.close()
    return episodes


@pytest.mark.parametrize("task_id", TASKS)
def test_default_pipeline_equals_the_reference(task_id):
    run_preprocessed(task_id, 150)


def test_default_pipeline_across_game_overs():
    # Space Invaders' two players lose their shared lives within ~350 steps
    # of random play: game over, then the reset's no-op draws go on.
    assert run_preprocessed("SpaceInvaders2P-v2", 800, seed=1) >= 2


def test_rgb_sticky_actions_and_reward_clip():
    """RGB frames; sticky actions from ALE's generator, seeded as PettingZoo
    seeds it; reward_clip clips info["rewards"] and keeps info["raw_rewards"]."""
    run_preprocessed("Boxing2P-v2", 200, seed=5, gray=False, sticky=0.25)
    env = rlpool.make("Boxing2P-v2", reward_clip=True, seed=5, noop_max=0)
    env.reset()
    rng = np.random.default_rng(0)
    seen = False
    for _ in range(300):
        _, rew, _, _, info = env.step(rng.integers(18, size=2))
        raw = info["raw_rewards"][0]
        np.testing.assert_array_equal(rew, np.sign(raw))
        seen |= bool((np.abs(raw) > 1).any())
    assert seen  # boxing scores 2 for a long punch: the clip was tested
    env.close()
