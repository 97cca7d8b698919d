"""rlpool's ids in gymnasium's registry (``rlpool/<id>``): gymnasium.make gives
a single Env that passes gymnasium's own check_env, make_vec gives one pool
(vector_entry_point) or gymnasium's Sync/AsyncVectorEnv of single envs, and
each steps exactly as rlpool.make's pool of the same seed does."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rlpool
from rlpool.gymnasium_registry import gymnasium_id

# One id per family built for this test; a family whose native module this
# build lacks is reported as such (CI builds every family).
ONE_PER_FAMILY = [
    ("classic_control", "CartPole-v1"),
    ("classic_control", "Pendulum-v1"),  # continuous action
    ("classic_control", "phys2d/CartPole-v1"),  # an id with its own namespace
    ("toy_text", "FrozenLake-v1"),
    ("box2d", "LunarLander-v3"),
    ("mujoco", "HalfCheetah-v5"),
    ("atari", "Pong-v5"),
]


def _needs(family: str) -> None:
    pytest.importorskip(f"rlpool._{family}", reason=f"the {family} family is not built")


def test_every_task_is_registered_under_the_rlpool_namespace():
    ids = {gymnasium_id(t) for t in rlpool.list_all_envs()}
    registered = {k for k in gymnasium.registry if k.startswith("rlpool/")}
    assert ids <= registered
    spec = gymnasium.spec("rlpool/CartPole-v1")
    assert spec.namespace == "rlpool" and spec.vector_entry_point is not None
    assert spec.max_episode_steps is None  # the pool truncates, not gymnasium's TimeLimit


def test_pprint_registry_lists_them(capsys):
    gymnasium.pprint_registry()
    out = capsys.readouterr().out
    assert "rlpool" in out and "CartPole-v1" in out.split("rlpool", 1)[1]


def test_an_id_with_a_namespace_keeps_it_as_a_dotted_prefix():
    assert gymnasium_id("phys2d/CartPole-v1") == "rlpool/phys2d.CartPole-v1"
    assert gymnasium.spec("rlpool/phys2d.CartPole-v1").kwargs["task_id"] == "phys2d/CartPole-v1"


def test_a_task_registered_later_reaches_gymnasium_too():
    task = rlpool.registry.get_task("CartPole-v1")
    new_id = "RegistryProbeCartPole-v0"
    rlpool.register(new_id, task.family, task.env)
    try:
        env = gymnasium.make(f"rlpool/{new_id}")
        assert env.reset(seed=0)[0].shape == (4,)
        env.close()
    finally:
        rlpool.registry._TASKS.pop(new_id)
        gymnasium.registry.pop(f"rlpool/{new_id}")


@pytest.mark.parametrize("family, task_id", ONE_PER_FAMILY)
def test_check_env_passes(family, task_id):
    _needs(family)
    env = gymnasium.make(gymnasium_id(task_id))
    # unwrapped: check_env warns about (and is meant for) the raw env; gymnasium.make's
    # wrappers are gymnasium's own. The render check runs too, where the task renders.
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("family, task_id", [f for f in ONE_PER_FAMILY if f[1] != "phys2d/CartPole-v1"])
def test_single_env_steps_as_a_one_env_pool(family, task_id):
    """The same seed and actions give the same results as rlpool.make's pool
    (which the family tests align with the reference), across episode ends."""
    _needs(family)
    env = gymnasium.make(gymnasium_id(task_id))
    pool = rlpool.make_gymnasium(task_id, num_envs=1, seed=7)
    obs, _ = env.reset(seed=7)
    pool_obs, _ = pool.reset()
    np.testing.assert_array_equal(obs, pool_obs[0])
    env.action_space.seed(0)
    ended = 0
    for _ in range(300):
        action = env.action_space.sample()
        obs, reward, term, trunc, info = env.step(action)
        p_obs, p_reward, p_term, p_trunc, p_info = pool.step(np.asarray(action)[None])
        np.testing.assert_array_equal(obs, p_obs[0])  # exact: the same native env
        assert (reward, term, trunc) == (p_reward[0], p_term[0], p_trunc[0])
        assert info["elapsed_step"] == p_info["elapsed_step"][0]
        if term or trunc:
            ended += 1
            # gymnasium's caller resets here; the next-step pool resets on its next step
            obs, _ = env.reset()
            p_obs = pool.step(np.asarray(action)[None])[0]
            np.testing.assert_array_equal(obs, p_obs[0])
    env.close()
    pool.close()
    if task_id in ("CartPole-v1", "FrozenLake-v1"):
        assert ended > 0  # the episode-end path above was exercised


def test_reset_seed_restarts_the_same_episode_and_none_continues():
    env = gymnasium.make("rlpool/CartPole-v1")
    first, _ = env.reset(seed=5)
    second, _ = env.reset()
    again, _ = env.reset(seed=5)
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, second)
    env.close()


@pytest.mark.parametrize("mode", ["vector_entry_point", "sync", "async"])
def test_make_vec_every_mode_matches_the_pool(mode):
    """env i of every mode is the pool's env i: seed s + i, same actions."""
    envs = gymnasium.make_vec("rlpool/CartPole-v1", num_envs=3, vectorization_mode=mode)
    pool = rlpool.make_gymnasium("CartPole-v1", num_envs=3, seed=11)
    obs, _ = envs.reset(seed=11)
    np.testing.assert_array_equal(obs, pool.reset()[0])
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert envs.observation_space.shape == (3, 4) and envs.single_observation_space.shape == (4,)
    envs.action_space.seed(1)
    for _ in range(100):  # CartPole episodes end within this under random actions
        action = envs.action_space.sample()
        out, want = envs.step(action), pool.step(action)
        for got, expected in zip(out[:4], want[:4]):
            np.testing.assert_array_equal(got, expected)
    envs.close()
    pool.close()


def test_make_vec_vector_entry_point_is_one_pool_with_options():
    envs = gymnasium.make_vec(
        "rlpool/Pendulum-v1", num_envs=4, vectorization_mode="vector_entry_point", num_threads=2, max_episode_steps=20
    )
    assert isinstance(envs, rlpool.GymnasiumEnvPool) and envs.num_envs == 4
    assert envs.config["num_threads"] == 2 and envs.config["max_episode_steps"] == 20
    assert envs.spec.id == "Pendulum-v1" and envs.gymnasium_spec.id == "rlpool/Pendulum-v1"
    envs.reset(seed=0)
    for step in range(1, 21):  # Pendulum never terminates: only the option ends its episodes
        _, _, term, trunc, _ = envs.step(np.zeros((4, 1), dtype=np.float32))
        assert not term.any() and trunc.all() == (step == 20)
    envs.close()


def test_vector_reset_seed_list_gives_each_env_its_seed():
    envs = gymnasium.make_vec("rlpool/CartPole-v1", num_envs=2, vectorization_mode="vector_entry_point")
    obs, _ = envs.reset(seed=[9, 3])
    pool = rlpool.make_gymnasium("CartPole-v1", num_envs=2, env_seed=[9, 3])
    np.testing.assert_array_equal(obs, pool.reset()[0])
    envs.close()
    pool.close()


# -- bad input ----------------------------------------------------------------

@pytest.mark.parametrize("mode", ["vector_entry_point", "sync"])
def test_unknown_option_raises_rlpools_type_error(mode):
    with pytest.raises(TypeError, match="unexpected option.*bogus.*valid options are"):
        gymnasium.make_vec("rlpool/CartPole-v1", num_envs=2, vectorization_mode=mode, bogus=1)


def test_single_env_refuses_many_envs():
    with pytest.raises(ValueError, match="num_envs must be 1.*make_vec"):
        gymnasium.make("rlpool/CartPole-v1", num_envs=4)


def test_seed_list_of_the_wrong_length_is_refused_and_the_pool_stays_usable():
    envs = gymnasium.make_vec("rlpool/CartPole-v1", num_envs=2, vectorization_mode="vector_entry_point")
    with pytest.raises(ValueError, match=r"one seed per env \(2\), got 3"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(TypeError, match="seed must be an int or a list"):
        envs.reset(seed="x")
    assert envs.reset(seed=1)[0].shape == (2, 4)
    envs.close()


def test_wrong_action_shape_raises_not_crashes():
    envs = gymnasium.make_vec("rlpool/CartPole-v1", num_envs=2, vectorization_mode="vector_entry_point")
    envs.reset()
    with pytest.raises((ValueError, TypeError)):
        envs.step(np.zeros(3, dtype=np.int64))
    envs.close()
    env = gymnasium.make("rlpool/CartPole-v1")
    env.reset()
    with pytest.raises((ValueError, TypeError)):
        env.step(np.zeros(2, dtype=np.int64))
    env.close()


def test_render_mode_of_an_env_that_cannot_render_says_so():
    _needs("toy_text")
    with pytest.raises(ValueError, match="cannot render"):
        gymnasium.make("rlpool/FrozenLake-v1", render_mode="rgb_array")
