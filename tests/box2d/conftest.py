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


def gymnasium_random_episodes(task_id, n, seed, max_episode_steps=None, skip_render=False):
    """Returns and lengths of n random-policy episodes with gymnasium's env.
    `skip_render`: CarRacing draws its observation with pygame in every step
    (13 ms); rendering changes no state, and frames are compared elsewhere."""
    import gymnasium as gym

    ref = gym.make(task_id, max_episode_steps=max_episode_steps)
    if skip_render:
        shape, dtype = ref.observation_space.shape, ref.observation_space.dtype
        ref.unwrapped._render = lambda *args, **kwargs: np.zeros(shape, dtype)
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


def rlpool_random_episodes(task_id, n, seed, max_episode_steps=None, num_envs=8):
    """Returns and lengths of n random-policy episodes, n / num_envs per env
    (taking the first n to finish would favour short episodes)."""
    per_env = n // num_envs
    kwargs = {} if max_episode_steps is None else {"max_episode_steps": max_episode_steps}
    env = rlpool.make(task_id, num_envs=num_envs, seed=seed, **kwargs)
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
    env.close()
    return np.concatenate([r[:per_env] for r in returns]), np.concatenate([l[:per_env] for l in lens])


@pytest.fixture
def compare_random_policy():
    """n random-policy episodes on each side, independent seeds: means and
    medians of return and length agree within 3 standard errors of the mean
    difference, spreads (interquartile ranges) within 25%. The standard
    deviation is not compared: lengths are heavy-tailed (one rare episode that
    runs to the time limit alone can double it)."""

    def run(task_id, n, max_episode_steps=None, skip_render=False):
        ours_r, ours_l = rlpool_random_episodes(task_id, n, 1, max_episode_steps)
        ref_r, ref_l = gymnasium_random_episodes(task_id, n, 2, max_episode_steps, skip_render)
        for name, a, b in [("return", ours_r, ref_r), ("length", ours_l, ref_l)]:
            se = np.sqrt(a.var() / n + b.var() / n)
            iqr_a, iqr_b = (np.subtract(*np.percentile(x, [75, 25])) for x in (a, b))
            msg = (
                f"{task_id} {name}: rlpool {a.mean():.2f}±{a.std():.2f} (IQR {iqr_a:.2f}) vs "
                f"gymnasium {b.mean():.2f}±{b.std():.2f} (IQR {iqr_b:.2f})"
            )
            print(msg)
            assert abs(a.mean() - b.mean()) < 3 * se + 1e-9, msg
            assert abs(np.median(a) - np.median(b)) < 3 * se + 1e-9, msg
            if iqr_b > 0:
                assert 0.8 < iqr_a / iqr_b < 1.25, msg
            else:
                assert iqr_a == 0, msg

    return run
