"""Tianshou 2.x on rlpool pools, against the real Tianshou: its Collector takes
an rlpool pool where it takes envpool's, collects 1,000 steps whose buffer is
a chain of real transitions (no step with an ignored action), the high-level
API's envpool factory makes rlpool pools, and a short DQN run on rlpool pools
learns: its greedy return beats both the untrained network's and a random
policy's by a margin."""

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
from tianshou.utils.torch_utils import policy_within_training_step, torch_train_mode  # noqa: E402

import rlpool  # noqa: E402
from rlpool.integrations.tianshou import RlpoolEnvFactory  # noqa: E402


def _dqn(action_space, seed=0):
    torch.manual_seed(seed)
    net = Net(state_shape=4, action_shape=2, hidden_sizes=[64, 64])
    policy = DiscreteQLearningPolicy(model=net, action_space=action_space, eps_training=0.1, eps_inference=0.0)
    return DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.9, n_step_return_horizon=3,
               target_update_freq=320)


@pytest.mark.slow
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


def _mean_return(collector, random=False) -> float:
    """Mean return of 10 whole episodes (greedy unless random)."""
    collector.reset()
    with torch.no_grad():
        return float(collector.collect(n_episode=10, random=random).returns.mean())


def test_a_short_dqn_run_on_rlpool_pools_improves_its_return():
    """Tianshou's DQN trained on 8 CartPole envs of one pool for 8,512 env
    steps (1,000 updates of 64), evaluated on 10 envs of another pool.
    Seeded (torch, numpy's global generator that Tianshou's buffer and
    exploration draw from, the action spaces its random actions come from,
    the pools) and on one torch thread, so the run repeats exactly: mean
    returns 9.8 untrained (greedy), 17.4 random, 111.3 trained (greedy). The
    margin asked for, 30 over the better of the other two, held for each of
    the seeds 0-4 (trained 52.8 to 430.3)."""
    torch_threads = torch.get_num_threads()
    torch.set_num_threads(1)
    np.random.seed(0)
    train_envs = rlpool.make_gymnasium("CartPole-v1", num_envs=8, seed=0)
    eval_envs = rlpool.make_gymnasium("CartPole-v1", num_envs=10, seed=1000)
    train_envs.action_space.seed(0)  # the Collector's random actions
    eval_envs.action_space.seed(1)
    try:
        algorithm = _dqn(train_envs.single_action_space, seed=0)
        policy = algorithm.policy
        evaluate = Collector[CollectStats](algorithm, eval_envs)
        untrained = _mean_return(evaluate)
        random = _mean_return(evaluate, random=True)

        buffer = VectorReplayBuffer(20000, 8)
        collect = Collector[CollectStats](algorithm, train_envs, buffer, exploration_noise=True)
        collect.reset()
        collect.collect(n_step=512, random=True)  # a first fill of the buffer
        for _ in range(500):
            with policy_within_training_step(policy):  # epsilon-greedy while collecting
                collect.collect(n_step=16)
                with torch_train_mode(algorithm):
                    for _ in range(2):
                        algorithm.update(buffer, sample_size=64)
        trained = _mean_return(evaluate)
    finally:
        torch.set_num_threads(torch_threads)
        train_envs.close()
        eval_envs.close()
    assert trained >= max(untrained, random) + 30, (untrained, random, trained)


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
