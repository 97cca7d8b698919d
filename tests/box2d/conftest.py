import numpy as np
import pytest

import rlpool


def lockstep(task_id, seeds, policy, steps, episodes=2, **options):
    """Steps gymnasium's env and a one-env rlpool pool side by side from the same
    seed with the same actions, across `episodes` episodes (gymnasium reset without
    a seed, rlpool autoreset: both continue their RNG stream). Yields
    (t, obs, ref_obs, reward, ref_reward, terminated, ref_terminated)."""
    import gymnasium as gym

    for seed in seeds:
        ref = gym.make(task_id, **options).unwrapped
        env = rlpool.make(task_id, num_envs=1, env_seed=[seed], autoreset_mode="same_step", **options)
        ref_obs, _ = ref.reset(seed=seed)
        obs, _ = env.reset()
        yield seed, -1, obs[0], ref_obs, 0.0, 0.0, False, False
        rng = np.random.default_rng(seed + 12345)
        done_episodes = 0
        for t in range(steps):
            action = policy(ref, ref_obs, rng)
            ref_obs, ref_rew, ref_term, _, _ = ref.step(action)
            obs, rew, term, trunc, info = env.step(np.array([action]))
            cmp_obs = info["final_obs"][0] if term[0] or trunc[0] else obs[0]
            yield seed, t, cmp_obs, ref_obs, rew[0], ref_rew, bool(term[0]), ref_term
            if trunc[0]:  # rlpool's time limit; the unwrapped reference has none
                break
            if ref_term:
                done_episodes += 1
                if done_episodes == episodes:
                    break
                ref_obs, _ = ref.reset()
                yield seed, t, obs[0], ref_obs, 0.0, 0.0, False, False
        env.close()
        ref.close()


@pytest.fixture
def assert_lockstep():
    def run(task_id, seeds, policy, steps, atol, episodes=2, min_steps=200, **options):
        total = 0
        worst = 0.0
        for seed, t, obs, ref_obs, rew, ref_rew, term, ref_term in lockstep(
            task_id, seeds, policy, steps, episodes, **options
        ):
            where = f"{task_id} seed {seed} step {t}"
            assert obs.shape == ref_obs.shape, where
            diff = float(np.max(np.abs(obs.astype(np.float64) - ref_obs)))
            worst = max(worst, diff)
            assert diff <= atol, f"{where}: obs differ by {diff}\n{obs}\n{ref_obs}"
            assert abs(float(rew) - float(ref_rew)) <= atol * max(1.0, abs(ref_rew)), f"{where}: reward {rew} vs {ref_rew}"
            assert term == ref_term, f"{where}: terminated {term} vs {ref_term}"
            total += t >= 0
        assert total >= min_steps * len(seeds), f"only {total} steps compared"
        return worst

    return run
