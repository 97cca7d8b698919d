"""Tianshou 2.x on rlpool pools, against the real Tianshou: its Collector takes
an rlpool pool where it takes envpool's, collects 1,000 steps whose buffer is
a chain of real transitions (no step with an ignored action), and the high-level
API's envpool factory makes rlpool pools. (A short DQN run improving its
return is not here yet: it could not be run to completion on the loaded
shared machine of this round.)"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("tianshou", reason="needs the tianshou extra: pip install 'rlpool[tianshou]'")
torch = pytest.importorskip("torch", reason="needs the tianshou extra: pip install 'rlpool[tianshou]'")

from tianshou.algorithm import DQN  # noqa: E402
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy  # noqa: E402
from tianshou.algorithm.optim import AdamOptimizerFactory  # noqa: E402
from tianshou.data import Collector, CollectStats, VectorReplayBuffer  # noqa: E402
from tianshou.utils.net.common import Net  # noqa: E402

import rlpool  # noqa: E402
from rlpool.integrations.tianshou import RlpoolEnvFactory  # noqa: E402


def _dqn(action_space, seed=0):
    torch.manual_seed(seed)
    net = Net(state_shape=4, action_shape=2, hidden_sizes=[64, 64])
    policy = DiscreteQLearningPolicy(model=net, action_space=action_space, eps_training=0.1, eps_inference=0.0)
    return DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.9, n_step_return_horizon=3,
               target_update_freq=320)


def test_collector_collects_1000_steps_of_real_transitions():
    num_envs = 8
    pool = rlpool.make_gymnasium("CartPole-v1", num_envs=num_envs, seed=0)
    buffer = VectorReplayBuffer(2000, num_envs)
    collector = Collector[CollectStats](_dqn(pool.single_action_space), pool, buffer)
    collector.reset()
    stats = collector.collect(n_step=1000, random=True)
    assert stats.n_collected_steps >= 1000 and stats.n_collected_episodes > 0
    # Every stored step is a CartPole step: reward 1. A step the pool's
    # next-step autoreset answered (action ignored) would carry reward 0.
    for sub in buffer.buffers:
        data = sub[np.arange(len(sub))]
        assert len(data) > 0 and (data.rew == 1.0).all()
        # Within an episode, each step starts where the previous one ended.
        cont = ~data.done[:-1]
        np.testing.assert_array_equal(data.obs[1:][cont], data.obs_next[:-1][cont])
        # Each episode starts at a fresh reset (CartPole's initial state is within +-0.05).
        starts = np.concatenate([[0], np.flatnonzero(data.done[:-1]) + 1])
        assert (np.abs(data.obs[starts]) <= 0.05).all()
    pool.close()


def test_high_level_factory_makes_rlpool_pools():
    from tianshou.highlevel.env import EnvFactoryRegistered, EnvMode, VectorEnvType

    factory = EnvFactoryRegistered(task="rlpool/CartPole-v1", venv_type=VectorEnvType.DUMMY,
                                   envpool_factory=RlpoolEnvFactory())
    venv = factory.create_venv(4, EnvMode.TRAINING, seed=3)
    again = factory.create_venv(4, EnvMode.TRAINING, seed=3)
    assert isinstance(venv, rlpool.GymnasiumEnvPool) and len(venv) == 4 and venv.spec.id == "CartPole-v1"
    # Tianshou derives the pool's seed from the one given: the same seed, the same pool.
    np.testing.assert_array_equal(venv.reset()[0], again.reset()[0])
    venv.close()
    again.close()


def test_factory_passes_rlpools_type_error_for_an_unknown_option():
    with pytest.raises(TypeError, match="unexpected option.*bogus"):
        RlpoolEnvFactory().create_venv("CartPole-v1", 2, None, 0, {"bogus": 1})
