"""Dict observations and bad input through the integrations, against the real
gymnasium, TorchRL and Tianshou: a task with a Dict observation (robotics'
FetchReach, dm_control's CheetahRun) works through gymnasium.make, every
make_vec mode and TorchRL, exactly as its pool; and what a framework may pass
that rlpool cannot take (a dict where the action is an array, an action of
the wrong shape, a missing key, a Dict observation where Tianshou needs an
array) raises a clear Python error that says what was expected, after which
the env still steps."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rlpool

FETCH = "FetchReach-v4"  # obs: Dict(achieved_goal, desired_goal, observation); action: Box(4,)
CHEETAH = "CheetahRun-v1"  # dm_control: obs Dict(position, velocity); action: Box(6,)


def _needs(family: str) -> None:
    pytest.importorskip(f"rlpool._{family}", reason=f"the {family} family is not built")


def _assert_obs_equal(got, want) -> None:
    """Exact: both sides are the same native env."""
    assert sorted(got) == sorted(want)
    for key in want:
        np.testing.assert_array_equal(got[key], want[key], err_msg=key)


def _zero_action(space):
    return np.zeros(space.shape, dtype=space.dtype)


# -- Dict observations work ----------------------------------------------------

@pytest.mark.parametrize("family, task_id", [("robotics", FETCH), ("dm_control", CHEETAH)])
def test_single_env_with_a_dict_observation_passes_check_env_and_steps_as_its_pool(family, task_id):
    _needs(family)
    env = gymnasium.make(f"rlpool/{task_id}")
    assert isinstance(env.observation_space, gymnasium.spaces.Dict)
    check_env(env.unwrapped)
    pool = rlpool.make_gymnasium(task_id, num_envs=1, seed=3)
    obs, _ = env.reset(seed=3)
    _assert_obs_equal(obs, {k: v[0] for k, v in pool.reset()[0].items()})
    env.action_space.seed(0)
    for _ in range(60):  # past FetchReach's 50-step episode end
        action = env.action_space.sample()
        obs, reward, term, trunc, _ = env.step(action)
        p_obs, p_reward, p_term, p_trunc, _ = pool.step(action[None])
        _assert_obs_equal(obs, {k: v[0] for k, v in p_obs.items()})
        assert (reward, term, trunc) == (p_reward[0], p_term[0], p_trunc[0])
        if term or trunc:
            obs, _ = env.reset()
            p_obs = pool.step(action[None])[0]  # the pool's next-step autoreset
            _assert_obs_equal(obs, {k: v[0] for k, v in p_obs.items()})
    env.close()
    pool.close()


@pytest.mark.parametrize("mode", ["sync", "vector_entry_point"])
def test_make_vec_with_a_dict_observation_matches_the_pool(mode):
    _needs("robotics")
    envs = gymnasium.make_vec(f"rlpool/{FETCH}", num_envs=2, vectorization_mode=mode)
    pool = rlpool.make_gymnasium(FETCH, num_envs=2, seed=5)
    assert envs.observation_space["observation"].shape == (2, 10)
    _assert_obs_equal(envs.reset(seed=5)[0], pool.reset()[0])
    envs.action_space.seed(1)
    for _ in range(20):
        action = envs.action_space.sample()
        _assert_obs_equal(envs.step(action)[0], pool.step(action)[0])
    envs.close()
    pool.close()


# -- bad input: gymnasium ------------------------------------------------------

def test_single_env_refuses_a_dict_action_and_a_wrong_shape_and_keeps_stepping():
    _needs("robotics")
    env = gymnasium.make(f"rlpool/{FETCH}").unwrapped  # unwrapped: gymnasium's checker wrapper would go first
    env.reset(seed=0)
    with pytest.raises(TypeError, match=r"one action of Box\(-1.0, 1.0, \(4,\), float32\), got a dict with keys "
                                        r"\['observation'\]"):
        env.step({"observation": np.zeros(10)})  # an observation-shaped dict where the action is an array
    with pytest.raises(ValueError, match=r"action has shape \(2, 4\), expected \(4,\).*single env"):
        env.step(np.zeros((2, 4), np.float32))  # a batch where one action belongs
    with pytest.raises(ValueError, match=r"action has shape \(3,\), expected \(4,\)"):
        env.step(np.zeros(3, np.float32))
    obs, *_ = env.step(_zero_action(env.action_space))
    assert obs["observation"].shape == (10,)
    env.close()


def test_vector_entry_point_refuses_wrong_keys_and_shapes_against_its_batched_space():
    _needs("robotics")
    envs = gymnasium.make_vec(f"rlpool/{FETCH}", num_envs=2, vectorization_mode="vector_entry_point")
    envs.reset(seed=0)
    with pytest.raises(ValueError, match=r"unknown key\(s\) \['observation'\]; this env's action keys are "
                                         r"\['env_id', 'players.env_id', 'action'\]"):
        envs.step({"observation": np.zeros((2, 10))})
    with pytest.raises(ValueError, match=r"action has shape \(3, 4\), expected \(2, 4\): env.action_space of this "
                                         r"make_vec env is the batch of num_envs=2 actions of Box"):
        envs.step(np.zeros((3, 4), np.float32))
    with pytest.raises(ValueError, match=r"action has shape \(4,\), expected \(2, 4\)"):
        envs.step(np.zeros(4, np.float32))  # one env's action where the batch belongs
    with pytest.raises(ValueError, match=r"reset options \['goal'\] are not supported"):
        envs.reset(options={"goal": np.zeros(3)})
    obs, *_ = envs.step(_zero_action(envs.action_space))
    assert obs["desired_goal"].shape == (2, 3)
    envs.close()


# -- TorchRL ---------------------------------------------------------------------

@pytest.fixture
def torchrl_env():
    pytest.importorskip("torchrl", reason="needs the torchrl extra: pip install 'rlpool[torchrl]'")
    from rlpool.integrations.torchrl import RlpoolEnv

    made = []

    def make(task_id, **options):
        made.append(RlpoolEnv(task_id, num_envs=2, seed=0, **options))
        return made[-1]

    yield make
    for env in made:
        env.close()


@pytest.mark.parametrize("family, task_id", [("robotics", FETCH), ("dm_control", CHEETAH)])
def test_torchrl_dict_observation_is_a_composite_spec(torchrl_env, family, task_id):
    _needs(family)
    from torchrl.envs.utils import check_env_specs

    env = torchrl_env(task_id)
    pool_keys = set(env.pool.single_observation_space.spaces)
    assert set(env.observation_spec.keys()) == pool_keys
    check_env_specs(env)
    rollout = env.rollout(10, break_when_any_done=False)
    assert set(rollout["next"].keys()) >= pool_keys


@pytest.mark.parametrize("family, task_id, width", [("robotics", FETCH, 4), ("dm_control", CHEETAH, 6)])
def test_torchrl_bad_action_entries_raise_in_torchrls_terms(torchrl_env, family, task_id, width):
    _needs(family)
    import torch
    from tensordict import TensorDict

    env = torchrl_env(task_id)
    env.reset()
    with pytest.raises(KeyError, match=r"no 'action' entry \(its keys: \['act'\]\); put the action, shaped as "
                                       rf"env.action_spec \(2, {width}\), under 'action'"):
        env.step(TensorDict({"act": torch.zeros(2, width)}, batch_size=[2]))
    with pytest.raises(TypeError, match=r"'action' entry must be a tensor shaped as env.action_spec "
                                        rf"\(2, {width}\), got a TensorDict"):
        env.step(TensorDict({"action": {"observation": torch.zeros(2, width)}}, batch_size=[2]))
    with pytest.raises(ValueError, match=rf"'action' entry has shape \(2, {width - 1}\), expected env.action_spec's "
                                         rf"\(2, {width}\)"):
        env.step(TensorDict({"action": torch.zeros(2, width - 1)}, batch_size=[2]))
    out = env.step(TensorDict({"action": torch.zeros(2, width)}, batch_size=[2]))
    assert out["next", "reward"].shape == (2, 1)


# -- Tianshou --------------------------------------------------------------------

def test_tianshou_factory_refuses_a_dict_observation_with_a_reason():
    _needs("robotics")
    pytest.importorskip("tianshou", reason="needs the tianshou extra: pip install 'rlpool[tianshou]'")
    from rlpool.integrations.tianshou import RlpoolEnvFactory

    with pytest.raises(TypeError, match=r"FetchReach-v4's observation is a Dict \(keys \['achieved_goal', "
                                        r"'desired_goal', 'observation'\]\).*indexes a pool's observations as one array"):
        RlpoolEnvFactory().create_venv(f"rlpool/{FETCH}", 2, None, 0, {})
