"""envpool's public API, as its documentation and examples describe it
(envpool 1.2.5 docs: "Python Interface", "Environment API", the CleanRL and
gymnasium-wrapper examples), run against rlpool. Written for rlpool from those
descriptions; where rlpool deliberately differs (ValueError/TypeError instead
of AssertionError, settable attributes) the test says so."""

import importlib.resources

import dm_env
import gymnasium
import numpy as np
import pytest

import rlpool
import rlpool.envpool_v1 as envpool1


# -- make / make_spec -----------------------------------------------------------


def test_make_returns_the_three_faces():
    assert isinstance(rlpool.make("CartPole-v1", env_type="gymnasium"), rlpool.GymnasiumEnvPool)
    assert isinstance(rlpool.make("CartPole-v1", env_type="gym"), rlpool.GymEnvPool)
    assert isinstance(rlpool.make("CartPole-v1", env_type="dm"), rlpool.DMEnvPool)
    assert isinstance(rlpool.make_gymnasium("CartPole-v1"), rlpool.GymnasiumEnvPool)
    assert isinstance(rlpool.make_dm("CartPole-v1"), dm_env.Environment)
    with pytest.raises(ValueError, match="env_type"):
        rlpool.make("CartPole-v1", env_type="jax")


def test_make_spec_describes_without_threads():
    spec = rlpool.make_spec("Pendulum-v1", num_envs=4, seed=3)
    assert spec.config.num_envs == 4 and spec.config.seed == 3 and spec.config.max_episode_steps == 200
    assert spec.observation_space.shape == (3,) and spec.action_space.shape == (1,)
    assert spec.gymnasium_observation_space == spec.observation_space
    assert spec.action_spec().shape == (1,)
    # envpool's make_spec takes the wrapper-only render options too
    assert rlpool.make_spec("Pendulum-v1", render_mode="rgb_array").config.num_envs == 1


def test_unknown_option_and_id_are_clear_errors():
    with pytest.raises(TypeError, match="valid options"):
        rlpool.make("CartPole-v1", not_an_option=1)
    with pytest.raises(ValueError, match="unknown task id"):
        rlpool.make("CartPole-v99")
    # envpool asserts here (AssertionError); rlpool raises ValueError saying what is wrong
    with pytest.raises(ValueError, match="batch_size"):
        rlpool.make("CartPole-v1", num_envs=2, batch_size=3)


# -- the gymnasium face ----------------------------------------------------------


def test_gymnasium_pool_is_env_and_vector_env():
    env = rlpool.make_gymnasium("CartPole-v1", num_envs=3)
    assert isinstance(env, gymnasium.Env) and isinstance(env, gymnasium.vector.VectorEnv)
    assert env.is_vector_env is True
    assert env.num_envs == 3 and env.single_observation_space == env.observation_space
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP


class EpisodeStats(gymnasium.Wrapper):
    """What envpool's CleanRL example wraps its pool in: running episode
    returns and lengths, reported in info."""

    def __init__(self, env):
        super().__init__(env)
        self.num_envs = env.num_envs
        self.returns = np.zeros(self.num_envs)
        self.lengths = np.zeros(self.num_envs, dtype=np.int64)

    def reset(self, **kwargs):
        self.returns[:] = 0
        self.lengths[:] = 0
        return self.env.reset(**kwargs)

    def step(self, action):
        obs, reward, term, trunc, info = self.env.step(action)
        self.returns += reward
        self.lengths += 1
        info["r"], info["l"] = self.returns.copy(), self.lengths.copy()
        done = term | trunc
        self.returns[done] = 0
        self.lengths[done] = 0
        return obs, reward, term, trunc, info


def test_gymnasium_wrapper_wraps_a_pool():
    env = EpisodeStats(rlpool.make_gymnasium("CartPole-v1", num_envs=2, max_episode_steps=3))
    obs, info = env.reset()
    assert obs.shape == (2, 4)
    lengths = [env.step(np.array([0, 1]))[4]["l"].tolist() for _ in range(3)]
    assert lengths == [[1, 1], [2, 2], [3, 3]]
    assert env.unwrapped.num_envs == 2
    env.close()


def test_reset_mask_option():
    env = rlpool.make_gymnasium("CartPole-v1", num_envs=3)
    env.reset()
    obs, info = env.reset(options={"reset_mask": np.array([False, True, True])})
    assert info["env_id"].tolist() == [1, 2]
    with pytest.raises(ValueError, match="not both"):
        env.reset(np.array([0]), options={"reset_mask": np.array([True, False, False])})
    with pytest.raises(ValueError, match="at least one"):
        env.reset(options={"reset_mask": np.zeros(3, dtype=bool)})


# -- the gym face: envpool 0.8 by default, envpool 1.x through rlpool.envpool_v1 --


def test_gym_face_keeps_envpool_08_semantics():
    env = rlpool.make("CartPole-v1", env_type="gym", num_envs=2)
    obs = env.reset()
    assert isinstance(obs, np.ndarray) and obs.shape == (2, 4)
    out = env.step(np.array([0, 1]))
    assert len(out) == 4 and "TimeLimit.truncated" in out[3]
    env.num_envs = 2  # CleanRL assigns these; envpool 1.x's read-only properties refuse it
    env.is_vector_env = True
    env.single_action_space = env.action_space


def test_envpool_v1_module_gives_envpool_1x_gym_semantics():
    env = envpool1.make("CartPole-v1", env_type="gym", num_envs=2)
    assert isinstance(env, gymnasium.Env)
    obs, info = env.reset()
    assert obs.shape == (2, 4) and "env_id" in info
    assert len(env.step(np.array([0, 1]))) == 5
    assert env.config["gym_reset_return_info"] is True
    assert isinstance(envpool1.make_gym("CartPole-v1"), rlpool.GymnasiumEnvPool)
    dm = envpool1.make("CartPole-v1", env_type="dm")
    assert isinstance(dm, rlpool.DMEnvPool) and dm.config["gym_reset_return_info"] is True
    with pytest.raises(ValueError, match="gym_reset_return_info"):
        envpool1.make_gym("CartPole-v1", gym_reset_return_info=False)
    # the top-level module is unchanged by importing envpool_v1
    assert isinstance(rlpool.make("CartPole-v1", env_type="gym").reset(), np.ndarray)


# -- the dm face's specs ---------------------------------------------------------


@pytest.mark.parametrize("task_id", ["CartPole-v1", "Pendulum-v1", "Blackjack-v1"])
def test_dm_observation_spec_is_the_state_of_every_timestep(task_id):
    env = rlpool.make_dm(task_id, num_envs=2)
    spec = env.observation_spec()
    assert type(spec).__name__ == "State"
    assert spec._fields[:1] == ("obs",) and {"env_id", "players", "elapsed_step"} <= set(spec._fields)
    assert spec.players._fields == ("env_id",)
    ts = env.reset()
    assert ts.observation._fields == spec._fields
    for name in spec._fields:
        leaf_specs = spec.players if name == "players" else [getattr(spec, name)]
        leaves = ts.observation.players if name == "players" else [getattr(ts.observation, name)]
        for s, value in zip(leaf_specs, leaves):
            assert value.shape[1:] == s.shape and value.dtype == s.dtype, name
    assert env.spec.observation_spec()._fields == spec._fields


def test_dm_spec_env_id_bounds():
    spec = rlpool.make_spec("CartPole-v1", num_envs=5).observation_spec()
    assert spec.env_id.minimum == 0 and spec.env_id.maximum == 4
    assert spec.obs.shape == (4,) and spec.obs.dtype == np.float32


# -- envpool's low-level dict actions -----------------------------------------------


def _pair(face, **kw):
    return (rlpool.make("CartPole-v1", env_type=face, num_envs=4, seed=7, **kw),
            rlpool.make("CartPole-v1", env_type=face, num_envs=4, seed=7, **kw))


@pytest.mark.parametrize("face", ["gymnasium", "gym", "dm"])
def test_dict_action_steps_like_the_array(face):
    a, b = _pair(face)
    a.reset()
    b.reset()
    ids = np.arange(4, dtype=np.int32)
    for t in range(5):
        act = np.array([t % 2, 1, 0, (t + 1) % 2])
        out_a = a.step(act)
        out_b = b.step({"env_id": ids, "players.env_id": ids, "action": act})
        obs_a = out_a.observation.obs if face == "dm" else out_a[0]
        obs_b = out_b.observation.obs if face == "dm" else out_b[0]
        np.testing.assert_array_equal(obs_a, obs_b)


def test_dict_action_send_recv_and_nested_players():
    a, b = _pair("gymnasium")
    a.reset()
    b.reset()
    for t in range(6):
        ids = np.array([3, 1] if t % 2 else [0, 2, 1], dtype=np.int32)
        act = np.ones(len(ids), dtype=np.int64)
        a.send(act, ids)
        b.send({"env_id": ids, "players": {"env_id": ids}, "action": act})
        out_a, out_b = a.recv(), b.recv()
        assert out_b[4]["env_id"].tolist() == ids.tolist()
        for x, y in zip(out_a[:4], out_b[:4]):
            np.testing.assert_array_equal(x, y)


def test_dict_action_in_an_async_loop():
    env = rlpool.make_gymnasium("CartPole-v1", num_envs=4, batch_size=2)
    env.async_reset()
    for _ in range(10):
        info = env.recv()[4]
        ids = info["env_id"]
        env.send({"env_id": ids, "players.env_id": ids, "action": np.zeros(2, dtype=np.int32)})
    env.recv()


def test_dict_action_without_env_id_means_all_envs_and_env_id_argument_works():
    env = rlpool.make_gymnasium("CartPole-v1", num_envs=3)
    env.reset()
    assert env.step({"action": np.zeros(3, dtype=np.int32)})[4]["env_id"].tolist() == [0, 1, 2]
    out = env.step({"action": np.zeros(2, dtype=np.int32)}, np.array([2, 0]))
    assert out[4]["env_id"].tolist() == [2, 0]


def test_bad_dict_actions_are_clear_errors():
    env = rlpool.make_gymnasium("CartPole-v1", num_envs=3)
    env.reset()
    ids = np.arange(3, dtype=np.int32)
    with pytest.raises(ValueError, match="unknown key"):
        env.step({"env_id": ids, "actions": np.zeros(3, dtype=np.int32)})
    with pytest.raises(ValueError, match="no 'action' key"):
        env.step({"env_id": ids})
    with pytest.raises(ValueError, match="players.env_id must equal env_id"):
        env.step({"env_id": ids, "players.env_id": ids[::-1], "action": np.zeros(3, dtype=np.int32)})
    with pytest.raises(ValueError, match="give it once"):
        env.step({"env_id": ids, "action": np.zeros(3, dtype=np.int32)}, ids)
    # the unpacked action goes through the usual checks (envpool force-casts it)
    with pytest.raises(TypeError, match="dtype"):
        env.step({"env_id": ids, "action": np.zeros(3, dtype=np.float32)})
    with pytest.raises(ValueError, match="shape"):
        env.step({"env_id": ids, "action": np.zeros(2, dtype=np.int32)})
    with pytest.raises((ValueError, IndexError), match="out of range|discrete|action"):
        env.step({"env_id": ids, "action": np.full(3, 5, dtype=np.int32)})
    # and the pool still works
    assert env.step({"env_id": ids, "action": np.zeros(3, dtype=np.int32)})[0].shape == (3, 4)


# -- ids envpool 1.x has ------------------------------------------------------------


ENVPOOL_IDS = [
    "Pendulum-v0", "phys2d/CartPole-v0", "phys2d/CartPole-v1", "phys2d/Pendulum-v0",
    "tabular/CliffWalking-v0", "tabular/Blackjack-v0",
]


@pytest.mark.parametrize("task_id", ENVPOOL_IDS)
def test_envpool_ids_exist_and_step(task_id):
    assert task_id in rlpool.list_all_envs()
    env = rlpool.make_gymnasium(task_id, num_envs=2)
    obs, _ = env.reset()
    env.step(np.stack([env.single_action_space.sample() for _ in range(2)]))
    assert obs.shape[0] == 2


@pytest.mark.parametrize(
    "alias, same_as",
    [("phys2d/CartPole-v1", "CartPole-v1"), ("phys2d/CartPole-v0", "CartPole-v0"),
     ("Pendulum-v0", "Pendulum-v1"), ("phys2d/Pendulum-v0", "Pendulum-v1"),
     ("tabular/CliffWalking-v0", "CliffWalking-v1"), ("tabular/Blackjack-v0", "Blackjack-v1")],
)
def test_envpool_alias_ids_step_as_their_env(alias, same_as):
    """envpool 1.2.5 registers these as aliases (gymnasium's notes: Pendulum-v1
    changed no behaviour); same seed and actions give the same trajectory."""
    a = rlpool.make_gymnasium(alias, num_envs=3, seed=11)
    b = rlpool.make_gymnasium(same_as, num_envs=3, seed=11)
    assert a.spec.config.max_episode_steps == b.spec.config.max_episode_steps
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])
    rng = np.random.default_rng(0)
    for _ in range(60):
        act = np.stack([b.single_action_space.sample() for _ in range(3)])
        for x, y in zip(a.step(act)[:4], b.step(act)[:4]):
            np.testing.assert_array_equal(x, y)
    del rng


# -- packaging --------------------------------------------------------------------


def test_package_is_typed():
    assert importlib.resources.files("rlpool").joinpath("py.typed").is_file()


def test_envpool_spelling_of_tic_tac_toe_3d():
    a = rlpool.make_gymnasium("TicTacToe3d-v5", seed=2)
    b = rlpool.make_gymnasium("TicTacToe3D-v5", seed=2)
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])
    for t in range(10):
        act = np.array([t % a.single_action_space.n])
        np.testing.assert_array_equal(a.step(act)[0], b.step(act)[0])


# -- render ------------------------------------------------------------------------


def test_render_signature_and_errors():
    env = rlpool.make_gymnasium("Pong-v5", num_envs=3, render_mode="rgb_array", render_env_id=2)
    env.reset()
    assert env.render_mode == "rgb_array" and "rgb_array" in env.metadata["render_modes"]
    assert env.render().shape == (1, 210, 160, 3)
    assert env.render(env_ids=np.array([0, 2])).shape == (2, 210, 160, 3)
    assert env.render(1).shape == (1, 210, 160, 3)
    with pytest.raises(TypeError, match="env_ids"):
        env.render(env_ids=[0.5])
    with pytest.raises(IndexError, match="out of range"):
        env.render(env_ids=[3])
    with pytest.raises(ValueError, match="render_env_id"):
        rlpool.make_gymnasium("Pong-v5", render_mode="rgb_array", render_env_id=1)


def test_render_mode_on_an_env_that_cannot_render_says_so():
    # toy_text draws nothing yet (gymnasium renders those grids from sprite images).
    with pytest.raises(ValueError, match="cannot render"):
        rlpool.make_gymnasium("Taxi-v3", render_mode="rgb_array")
