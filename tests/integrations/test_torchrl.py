"""rlpool.integrations.torchrl against the real TorchRL: its own spec checker,
a random-policy rollout, and that rollout replayed on a plain pool (same seed,
same actions, the same explicit resets) to show the TensorDicts carry exactly
the pool's results."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="needs the torchrl extra: pip install 'rlpool[torchrl]'")
pytest.importorskip("torchrl", reason="needs the torchrl extra: pip install 'rlpool[torchrl]'")

from torchrl.envs.utils import check_env_specs  # noqa: E402

import rlpool  # noqa: E402
from rlpool.integrations.torchrl import RlpoolEnv  # noqa: E402

TASKS = [
    ("classic_control", "CartPole-v1"),  # discrete action
    ("classic_control", "Pendulum-v1"),  # continuous action
    ("toy_text", "FrozenLake-v1"),  # discrete observation
    ("mujoco", "HalfCheetah-v5"),
    ("atari", "Pong-v5"),  # uint8 image observation
]


def _needs(family: str) -> None:
    pytest.importorskip(f"rlpool._{family}", reason=f"the {family} family is not built")


@pytest.mark.parametrize("family, task_id", TASKS)
def test_check_env_specs_and_random_rollout(family, task_id):
    _needs(family)
    env = RlpoolEnv(task_id, num_envs=4, seed=0)
    check_env_specs(env)
    rollout = env.rollout(100, break_when_any_done=False)  # random actions from the action spec
    assert rollout.batch_size == torch.Size([4, 100])
    assert env.observation_spec.is_in(rollout[..., -1].select(*env.observation_spec.keys()))
    assert rollout["next", "reward"].shape == (4, 100, 1)
    env.close()


@pytest.mark.parametrize("task_id", ["CartPole-v1", "Pendulum-v1"])
def test_rollout_is_the_pools_own_steps(task_id):
    env = RlpoolEnv(task_id, num_envs=3, seed=5, max_episode_steps=40)
    torch.manual_seed(0)
    rollout = env.rollout(150, break_when_any_done=False)
    env.close()
    done = rollout["next", "done"].squeeze(-1).numpy()
    assert done.any()  # episode ends (CartPole falls, Pendulum hits 40 steps) are in the replay

    pool = rlpool.make_gymnasium(task_id, num_envs=3, seed=5, max_episode_steps=40)
    obs, _ = pool.reset()
    for t in range(150):
        np.testing.assert_array_equal(rollout["observation"][:, t].numpy(), obs)
        action = rollout["action"][:, t].numpy()
        obs, reward, term, trunc, _ = pool.step(action)
        np.testing.assert_array_equal(rollout["next", "observation"][:, t].numpy(), obs)
        np.testing.assert_array_equal(rollout["next", "reward"][:, t, 0].numpy(), reward)
        np.testing.assert_array_equal(rollout["next", "terminated"][:, t, 0].numpy(), term)
        np.testing.assert_array_equal(rollout["next", "truncated"][:, t, 0].numpy(), trunc)
        ended = np.flatnonzero(term | trunc).astype(np.int32)
        if len(ended):  # TorchRL resets the done envs through "_reset" before the next step
            fresh, _ = pool.reset(ended)
            obs = obs.copy()
            obs[ended] = fresh
    pool.close()


def test_set_seed_makes_rollouts_repeat():
    env = RlpoolEnv("CartPole-v1", num_envs=2)
    first = []
    for _ in range(2):
        env.set_seed(3)
        first.append(env.reset()["observation"].clone())
    np.testing.assert_array_equal(first[0].numpy(), first[1].numpy())
    env.set_seed(4)
    assert not torch.equal(env.reset()["observation"], first[0])
    env.close()


# -- bad input ----------------------------------------------------------------

def test_async_pool_is_refused():
    with pytest.raises(ValueError, match="batch_size must be 0 or num_envs=4"):
        RlpoolEnv("CartPole-v1", num_envs=4, batch_size=2)


def test_same_step_autoreset_is_refused():
    with pytest.raises(ValueError, match="autoreset_mode must be next_step"):
        RlpoolEnv("CartPole-v1", num_envs=2, autoreset_mode="same_step")


def test_unknown_option_raises_rlpools_type_error():
    with pytest.raises(TypeError, match="unexpected option.*bogus"):
        RlpoolEnv("CartPole-v1", num_envs=2, bogus=1)


def test_wrong_action_shape_raises_not_crashes():
    from tensordict import TensorDict

    env = RlpoolEnv("CartPole-v1", num_envs=2)
    env.reset()
    with pytest.raises((ValueError, TypeError, RuntimeError)):
        env._step(TensorDict({"action": torch.zeros(3, dtype=torch.int64)}, batch_size=[]))
    env.close()
