"""rlpool.integrations.sb3 against Stable-Baselines3's VecEnv contract, and
SB3's PPO training through it. Stable-Baselines3 and torch (CPU) are in the
test extra."""

from __future__ import annotations

import numpy as np
import pytest
import stable_baselines3 as sb3

from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import VecEnv, VecMonitor, VecNormalize

from rlpool.integrations.sb3 import RlpoolVecEnv


def _check_vec_env(env: VecEnv, steps: int) -> None:
    """What SB3's own checks ask of a vector env, over a few episodes: spaces,
    reset and step shapes within the spaces, one info dict per env, and on
    every episode end the terminal observation and the truncation flag."""
    n = env.num_envs
    obs = env.reset()
    assert env.observation_space.contains(obs[0]) and obs.shape == (n,) + env.observation_space.shape
    assert len(env.reset_infos) == n
    ends = 0
    for _ in range(steps):
        actions = np.stack([env.action_space.sample() for _ in range(n)])
        env.step_async(actions)
        obs, rewards, dones, infos = env.step_wait()
        assert obs.shape == (n,) + env.observation_space.shape
        assert rewards.shape == (n,) and rewards.dtype == np.float32
        assert dones.shape == (n,) and dones.dtype == bool
        assert isinstance(infos, list) and len(infos) == n and all(isinstance(i, dict) for i in infos)
        for i in range(n):
            assert env.observation_space.contains(obs[i])
            if dones[i]:
                ends += 1
                term = infos[i]["terminal_observation"]
                assert term.shape == env.observation_space.shape
                assert not np.array_equal(term, obs[i])  # obs is already the next episode's first
                assert isinstance(infos[i]["TimeLimit.truncated"], bool)
            else:
                assert "terminal_observation" not in infos[i]
    assert ends > 0


def test_vec_env_contract_cartpole():
    env = RlpoolVecEnv("CartPole-v1", num_envs=4, seed=0)
    _check_vec_env(env, 200)
    assert env.env_is_wrapped(Monitor) == [False] * 4
    assert env.get_attr("spec", indices=[1])[0].id == "CartPole-v1"
    env.set_attr("tag", "x", indices=2)
    assert env.get_attr("tag", indices=[2]) == ["x"]
    with pytest.raises(AttributeError):
        env.get_attr("tag", indices=[0])
    with pytest.raises(AttributeError, match="native"):
        env.env_method("render")
    with pytest.raises(IndexError):
        env.get_attr("spec", indices=[4])
    env.close()


def test_truncation_is_flagged_so_ppo_bootstraps():
    """Pendulum only truncates (200 steps): every end is TimeLimit.truncated."""
    env = RlpoolVecEnv("Pendulum-v1", num_envs=2, seed=0)
    env.reset()
    for t in range(200):
        env.step_async(np.zeros((2, 1), np.float32))
        obs, _, dones, infos = env.step_wait()
    assert dones.all() and all(i["TimeLimit.truncated"] for i in infos)
    # and a CartPole fall is a termination, not a truncation
    env = RlpoolVecEnv("CartPole-v1", num_envs=1, seed=0)
    env.reset()
    while True:
        env.step_async(np.zeros(1, np.int64))
        _, _, dones, infos = env.step_wait()
        if dones[0]:
            assert infos[0]["TimeLimit.truncated"] is False
            break


def test_seed_takes_effect_at_the_next_reset():
    env = RlpoolVecEnv("CartPole-v1", num_envs=3, seed=0)
    first = env.reset()
    assert list(env.seed(7)) == [7, 8, 9]
    reseeded = env.reset()
    other = RlpoolVecEnv("CartPole-v1", num_envs=3, seed=7).reset()
    np.testing.assert_array_equal(reseeded, other)
    assert not np.array_equal(first, reseeded)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="same_step"):
        RlpoolVecEnv("CartPole-v1", autoreset_mode="next_step")
    with pytest.raises(ValueError, match="batch_size"):
        RlpoolVecEnv("CartPole-v1", num_envs=4, batch_size=2)
    env = RlpoolVecEnv("CartPole-v1", num_envs=2)
    env.reset()
    with pytest.raises(RuntimeError, match="step_async"):
        env.step_wait()


@pytest.mark.parametrize("task, n_steps", [("CartPole-v1", 32), ("HalfCheetah-v5", 64)])
def test_sb3_ppo_trains_two_updates(task, n_steps):
    env = VecMonitor(RlpoolVecEnv(task, num_envs=4, seed=0))
    if task == "HalfCheetah-v5":
        env = VecNormalize(env)
    model = sb3.PPO("MlpPolicy", env, n_steps=n_steps, batch_size=64, n_epochs=2, seed=0, device="cpu")
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=2 * n_steps * 4)
    assert model.num_timesteps == 2 * n_steps * 4
    assert model._n_updates == 2 * 2  # two rollouts, n_epochs gradient passes each
    assert any(not (a == b.detach()).all() for a, b in zip(before, model.policy.parameters()))
    env.close()


def test_sb3_example_runs_two_updates(tmp_path):
    from tests.examples._load import learning_curve, load

    sb3_ppo = load("sb3_ppo")
    csv = tmp_path / "sb3.csv"
    model = sb3_ppo.main(["--num-envs", "4", "--n-steps", "64", "--batch-size", "64", "--n-epochs", "1",
                          "--total-timesteps", "512", "--csv", str(csv)])
    assert model.num_timesteps == 512 and model._n_updates == 2
    assert learning_curve(csv)[0] == "global_step,episodic_return,episodic_length"
    assert len(learning_curve(csv)) > 1  # CartPole episodes end within 256 random-ish steps
