"""BabyAI's instruction verifier, on solved episodes: minigrid 3.2.0's own
BabyAI bot (minigrid.utils.baby_ai_bot) plans on the reference env; rlpool
gets the same actions, and both must report success (terminated, reward > 0)
on exactly the same step, with every step compared as in the alignment test.
The bot replans from the reference env only, so a divergence in rlpool cannot
steer it."""

import numpy as np
import pytest
from minigrid.utils.baby_ai_bot import BabyAIBot

import rlpool

from .conftest import compare_state

# The levels the issue names, plus a few more of each instruction kind.
LEVELS = {
    "BabyAI-PickupLoc-v0": 8,
    "BabyAI-BossLevel-v0": 6,
    "BabyAI-SynthSeq-v0": 4,
    "BabyAI-GoToLocal-v0": 10,
    "BabyAI-PutNextLocal-v0": 10,
    "BabyAI-Open-v0": 10,
    "BabyAI-Unlock-v0": 6,
    "BabyAI-OpenTwoDoors-v0": 6,  # Before
    "BabyAI-OpenDoorsOrderN4-v0": 6,  # Before / After
    "BabyAI-PickupDist-v0": 6,
    "BabyAI-UnlockPickup-v0": 6,
    "BabyAI-GoToImpUnlock-v0": 4,
}


@pytest.mark.parametrize("task_id", sorted(LEVELS))
def test_bot_solutions_succeed_on_the_same_step(task_id):
    import gymnasium as gym

    seeds = list(range(LEVELS[task_id]))
    env = rlpool.make(task_id, num_envs=len(seeds), env_seed=seeds, debug_grid=True)
    obs, info = env.reset()
    for i, seed in enumerate(seeds):
        ref = gym.make(task_id).unwrapped
        ref_obs, _ = ref.reset(seed=seed)
        compare_state(f"{task_id} seed {seed}", ref, ref_obs, obs, info, i)
        bot = BabyAIBot(ref)
        one = rlpool.make(task_id, num_envs=1, env_seed=[seed], debug_grid=True)
        o, inf = one.reset()
        action = None
        for t in range(ref.max_steps):
            action = int(bot.replan(action))
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(action)
            o, rew, term, trunc, inf = one.step(np.array([action]))
            where = f"{task_id} seed {seed} step {t}"
            compare_state(where, ref, ref_obs, o, inf, 0)
            assert bool(term[0]) == ref_term and bool(trunc[0]) == ref_trunc, where
            assert abs(float(rew[0]) - ref_rew) <= 1e-6, where
            if ref_term or ref_trunc:
                break
        assert ref_term and ref_rew > 0, f"{task_id} seed {seed}: the bot did not solve it"
        assert term[0] and rew[0] > 0, f"{task_id} seed {seed}: rlpool missed the success"
        one.close()
    env.close()
