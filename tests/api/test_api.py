"""The public API: make*, spec, the three faces and their return shapes."""

import gc
import os

import dm_env
import gymnasium
import numpy as np
import pytest

import rlpool


def test_list_and_register():
    ids = rlpool.list_all_envs()
    for t in ["CartPole-v0", "CartPole-v1", "Pendulum-v1", "MountainCar-v0", "MountainCarContinuous-v0", "Acrobot-v1"]:
        assert t in ids
    rlpool.register("CartPoleShort-v9", "classic_control", "CartPole", max_episode_steps=5)
    env = rlpool.make("CartPoleShort-v9")
    env.reset()
    trunc = [env.step(np.array([i % 2]))[3][0] for i in range(5)]
    assert trunc[-1] and env.spec.config.max_episode_steps == 5
    with pytest.raises(ValueError, match="already registered"):
        rlpool.register("CartPoleShort-v9", "classic_control", "CartPole")


def test_make_spec_config_and_spaces():
    spec = rlpool.make_spec("CartPole-v1", num_envs=3)
    assert spec.config.num_envs == 3 and spec.config.max_episode_steps == 500 and spec.config.seed == 42
    assert spec.reward_threshold == 475.0
    assert spec.observation_space == gymnasium.make("CartPole-v1").observation_space
    assert isinstance(spec.observation_spec().obs, dm_env.specs.BoundedArray)
    assert isinstance(spec.action_spec(), dm_env.specs.DiscreteArray) and spec.action_spec().num_values == 2


def test_gymnasium_face():
    env = rlpool.make_gymnasium("Pendulum-v1", num_envs=3)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.num_envs == 3 and env.single_action_space.shape == (1,)
    assert env.config["num_envs"] == 3 and env.spec.config.num_envs == 3
    assert env.all_env_ids.tolist() == [0, 1, 2] and not env.is_async and len(env) == 3
    obs, info = env.reset()
    assert obs.shape == (3, 3) and obs.dtype == np.float32
    assert set(info) >= {"env_id", "players", "elapsed_step"}
    np.testing.assert_array_equal(info["players"]["env_id"], info["env_id"])
    obs, rew, term, trunc, info = env.step(np.zeros((3, 1)))  # float64 accepted, cast to float32
    assert rew.dtype == np.float32 and term.dtype == np.bool_ and trunc.dtype == np.bool_
    obs, _ = env.reset(options={"reset_mask": np.array([True, False, True])})
    assert obs.shape == (2, 3)
    env.close()
    assert env.closed


def test_gym_face_is_the_envpool_08_api_and_attributes_are_settable():
    env = rlpool.make("CartPole-v1", env_type="gym", num_envs=2, max_episode_steps=2)
    obs = env.reset()
    assert isinstance(obs, np.ndarray) and obs.shape == (2, 4)
    # CleanRL assigns these
    env.num_envs = 2
    env.single_action_space = env.action_space
    env.single_observation_space = env.observation_space
    env.is_vector_env = True
    obs, rew, done, info = env.step(np.array([0, 1]))
    obs, rew, done, info = env.step(np.array([0, 1]))
    assert done.all() and info["TimeLimit.truncated"].all()
    env2 = rlpool.make_gym("CartPole-v1", gym_reset_return_info=True)
    obs, info = env2.reset()
    assert "env_id" in info


def test_dm_face():
    env = rlpool.make_dm("CartPole-v1", num_envs=2, max_episode_steps=2)
    assert isinstance(env, dm_env.Environment)
    ts = env.reset()
    assert ts.step_type.tolist() == [0, 0] and ts.observation.obs.shape == (2, 4)
    np.testing.assert_array_equal(ts.observation.env_id, [0, 1])
    np.testing.assert_array_equal(ts.observation.players.env_id, [0, 1])
    ts = env.step(np.array([0, 1]))
    assert ts.step_type.tolist() == [1, 1] and ts.discount.tolist() == [1.0, 1.0]
    ts = env.step(np.array([0, 1]))
    assert ts.step_type.tolist() == [2, 2]
    assert ts.discount.tolist() == [1.0, 1.0]  # truncation is not termination: keep bootstrapping
    ts = env.step(np.array([0, 1]))
    assert ts.step_type.tolist() == [0, 0]


def test_dm_discount_is_zero_on_termination():
    env = rlpool.make_dm("CartPole-v1", num_envs=1)
    env.reset()
    for _ in range(200):
        ts = env.step(np.array([1]))
        if ts.step_type[0] == 2:
            break
    assert ts.discount[0] == 0.0


def test_context_manager_and_repr():
    with rlpool.make("MountainCar-v0", num_envs=2, batch_size=1) as env:
        assert "MountainCar-v0" in repr(env) and env.is_async
    assert env.closed


def test_envpool_drop_in_names():
    import rlpool as envpool

    for name in ["make", "make_gym", "make_dm", "make_gymnasium", "make_spec", "list_all_envs", "register"]:
        assert callable(getattr(envpool, name))


def test_seed_warns_and_reset_seed_warns():
    env = rlpool.make("CartPole-v1")
    with pytest.warns(UserWarning):
        env.seed(3)
    with pytest.warns(UserWarning):
        env.reset(seed=3)


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_same_step_autoreset_in_every_face(env_type):
    env = rlpool.make("CartPole-v1", env_type=env_type, num_envs=2, max_episode_steps=2, autoreset_mode="same_step")
    env.reset()
    env.step(np.array([0, 1]))
    out = env.step(np.array([0, 1]))
    if env_type == "dm":
        state = out.observation
        assert out.step_type.tolist() == [2, 2] and state.final_mask.all()
        assert state.final_obs.shape == (2, 4) and state.final_info["elapsed_step"].tolist() == [2, 2]
        assert state.elapsed_step.tolist() == [0, 0]
    else:
        info = out[-1]
        assert info["_final_obs"].all() and info["final_obs"].shape == (2, 4)
        assert info["final_info"]["elapsed_step"].tolist() == [2, 2]


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_lists_and_scalars_are_accepted_as_actions_and_env_ids(env_type):
    def ids_of(out):
        return (out.observation.env_id if env_type == "dm" else out[-1]["env_id"]).tolist()

    env = rlpool.make("CartPole-v1", env_type=env_type, num_envs=3, batch_size=2)
    env.async_reset()
    done = ids_of(env.recv())
    env.send([1] * len(done), done)  # lists, as numpy's asarray takes them
    again = ids_of(env.recv())
    assert len(set(again)) == 2 and set(again) <= {0, 1, 2}
    sync = rlpool.make("Pendulum-v1", env_type=env_type, num_envs=1)
    sync.reset()
    sync.step([[0.5]])
    assert ids_of(sync.step(np.float64(0.5).reshape(1, 1), 0)) == [0]  # a 0-d env id is one env
    with pytest.raises(TypeError, match="float actions"):
        sync.step([[1]])  # a list of ints is an int array, as numpy reads it


def test_a_subclass_override_of_step_recv_send_is_called():
    calls = []

    class Logged(rlpool.envs.GymnasiumEnvPool):
        def step(self, action, env_id=None):
            calls.append("step")
            return super().step(action, env_id)

        def send(self, action, env_id=None):
            calls.append("send")
            super().send(action, env_id)

        def recv(self, reset=False, return_info=True):
            calls.append("recv")
            return super().recv(reset, return_info)

    env = Logged(rlpool.make_spec("CartPole-v1", num_envs=2))
    env.reset()
    env.step(np.zeros(2, np.int32))
    env.send(np.zeros(2, np.int32))
    env.recv()
    assert calls == ["step", "send", "recv"]
    # the plain face binds the native calls themselves
    plain = rlpool.make("CartPole-v1", num_envs=2)
    assert "step" in vars(plain) and "step" not in vars(env)


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_a_temporary_pool_and_a_kept_bound_method_still_step(env_type):
    # Stepping a pool nobody keeps, and a bound step kept after the face is
    # gone, are both fine in envpool; the pool must not close under them.
    out = rlpool.make("CartPole-v1", env_type=env_type, num_envs=2).step(np.zeros(2, np.int64))
    assert out is not None
    env = rlpool.make("CartPole-v1", env_type=env_type, num_envs=2)
    env.reset()
    step = env.step
    del env
    gc.collect()
    for _ in range(3):
        step(np.zeros(2, np.int64))


def test_dropping_every_reference_stops_the_workers():
    def os_threads():
        return len(os.listdir("/proc/self/task"))

    before = os_threads()
    env = rlpool.make("Pendulum-v1", num_envs=4, num_threads=2)
    env.reset()
    assert os_threads() >= before + 2  # the workers are OS threads of this process
    step = env.step
    del env
    gc.collect()
    assert os_threads() >= before + 2  # the kept bound method keeps the pool open
    del step
    gc.collect()
    assert os_threads() == before


@pytest.mark.parametrize(
    "spelling, suggestion",
    [("ALE/Pong-v5", "Pong-v5"), ("PongNoFrameskip-v4", "Pong-v5"), ("BreakoutDeterministic-v4", "Breakout-v5"),
     ("Cartpole-v1", "CartPole-v1"), ("Ant-v2", "Ant-v5")],
)
def test_gymnasium_and_ale_spellings_suggest_the_rlpool_id(spelling, suggestion):
    with pytest.raises(ValueError, match="did you mean") as e:
        rlpool.make_spec(spelling)
    assert suggestion in str(e.value)
