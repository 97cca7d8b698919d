"""FrankaKitchen-v1's Dict of Dicts on every face (rlpool.obs_layout: the one
layout of a Dict inside the observation Dict), its envpool-style field names
and its bad options. The alignment with gymnasium-robotics itself is
test_kitchen_alignment.py; here the faces are checked against the gymnasium
face of an identically seeded pool (exact equality: the same native code)."""

import gymnasium
import numpy as np
import pytest
import rlpool
from rlpool.tasks.robotics import KITCHEN_TASKS

TASKS = ["kettle", "light switch"]


def _zero(n):
    return np.zeros((n, 9))


def _assert_same_tree(got, want, ordered=True):
    """Same nested keys (in the same order unless `ordered` is off: a dict out
    of jax.jit has its keys sorted, as JAX flattens dicts) and equal arrays."""
    assert isinstance(got, dict) == isinstance(want, dict)
    if isinstance(want, dict):
        assert list(got) == list(want) if ordered else sorted(got) == sorted(want)
        for key in want:
            _assert_same_tree(got[key], want[key], ordered)
    else:
        np.testing.assert_array_equal(np.asarray(got), want)


def test_gymnasium_face_nests_the_goals_by_task_in_the_order_asked():
    env = rlpool.make("FrankaKitchen-v1", num_envs=3, seed=1, tasks_to_complete=TASKS)
    obs, _ = env.reset()
    assert list(obs) == ["observation", "achieved_goal", "desired_goal"]
    assert list(obs["achieved_goal"]) == list(obs["desired_goal"]) == TASKS
    assert obs["achieved_goal"]["kettle"].shape == (3, 7) and obs["desired_goal"]["light switch"].shape == (3, 2)
    np.testing.assert_array_equal(obs["desired_goal"]["light switch"], [[-0.69, -0.05]] * 3)
    space = env.single_observation_space
    assert isinstance(space["achieved_goal"], gymnasium.spaces.Dict) and set(space["desired_goal"]) == set(TASKS)
    obs, *_ = env.step(_zero(3))
    assert space.contains({"observation": obs["observation"][0],
                           "achieved_goal": {k: v[0] for k, v in obs["achieved_goal"].items()},
                           "desired_goal": {k: v[0] for k, v in obs["desired_goal"].items()}})
    env.close()


def test_envpool_flat_names_and_dm_namedtuples():
    """envpool's names ("obs:achieved_goal:kettle"), and its dm observation:
    nested namedtuples whose fields are the keys with '_' for spaces, specs
    named by the last part."""
    spec = rlpool.make_spec("FrankaKitchen-v1", tasks_to_complete=["bottom burner", "kettle"])
    names = [f["name"] for f in spec.fields["obs"]]
    assert names == ["obs:observation", "obs:achieved_goal:bottom burner", "obs:achieved_goal:kettle",
                     "obs:desired_goal:bottom burner", "obs:desired_goal:kettle"]
    dm_spec = spec.observation_spec()
    assert dm_spec.achieved_goal._fields == ("bottom_burner", "kettle")
    assert dm_spec.desired_goal.bottom_burner.name == "bottom burner" and dm_spec.desired_goal.kettle.shape == (7,)
    assert [f["name"] for f in spec.fields["info"]] == ["tasks_to_complete", "step_task_completions",
                                                         "episode_task_completions"]

    dm = rlpool.make_dm("FrankaKitchen-v1", num_envs=2, seed=4, tasks_to_complete=["bottom burner", "kettle"])
    gym_face = rlpool.make("FrankaKitchen-v1", num_envs=2, seed=4, tasks_to_complete=["bottom burner", "kettle"])
    assert dm.observation_spec().achieved_goal._fields == ("bottom_burner", "kettle")
    for ts, (obs, *_) in ((dm.reset(), gym_face.reset()), (dm.step(_zero(2)), gym_face.step(_zero(2)))):
        np.testing.assert_array_equal(ts.observation.observation, obs["observation"])
        np.testing.assert_array_equal(ts.observation.achieved_goal.bottom_burner, obs["achieved_goal"]["bottom burner"])
        np.testing.assert_array_equal(ts.observation.desired_goal.kettle, obs["desired_goal"]["kettle"])
        assert ts.observation.tasks_to_complete.shape == (2, len(KITCHEN_TASKS))
    dm.close(), gym_face.close()


def test_gym_face_and_gymnasium_make_and_make_vec():
    gym_face = rlpool.make_gym("FrankaKitchen-v1", num_envs=2, seed=3)
    vector = rlpool.make("FrankaKitchen-v1", num_envs=2, seed=3)
    obs = gym_face.reset()
    want, _ = vector.reset()
    _assert_same_tree(obs, want)
    obs, reward, done, info = gym_face.step(_zero(2))
    want, *_ = vector.step(_zero(2))
    _assert_same_tree(obs, want)
    assert set(gym_face.observation_space["desired_goal"].spaces) == set(KITCHEN_TASKS)
    gym_face.close(), vector.close()

    single = gymnasium.make("rlpool/FrankaKitchen-v1", seed=3)
    obs, info = single.reset()
    assert single.observation_space.contains(obs) and obs["achieved_goal"]["kettle"].shape == (7,)
    obs, *_ = single.step(np.zeros(9))
    assert single.observation_space.contains(obs)
    single.close()

    vec = gymnasium.make_vec("rlpool/FrankaKitchen-v1", num_envs=2, vectorization_mode="vector_entry_point", seed=3)
    obs, _ = vec.reset()
    vector = rlpool.make("FrankaKitchen-v1", num_envs=2, seed=3)
    want, _ = vector.reset()
    _assert_same_tree(obs, want)
    vec.close(), vector.close()


def test_same_step_final_obs_is_the_nested_last_observation():
    kwargs = dict(num_envs=2, seed=5, max_episode_steps=3, tasks_to_complete=TASKS)
    same = rlpool.make("FrankaKitchen-v1", autoreset_mode="same_step", **kwargs)
    nxt = rlpool.make("FrankaKitchen-v1", **kwargs)
    same.reset(), nxt.reset()
    for _ in range(3):
        obs, _, _, truncated, info = same.step(_zero(2))
        last, *_ = nxt.step(_zero(2))
    assert truncated.all() and info["_final_obs"].all()
    _assert_same_tree(info["final_obs"], last)
    assert list(info["final_obs"]["achieved_goal"]) == TASKS
    same.close(), nxt.close()


def test_xla_step_gives_the_same_nested_observation():
    jax = pytest.importorskip("jax")
    with jax.enable_x64(True):
        jitted = rlpool.make("FrankaKitchen-v1", num_envs=2, seed=6, tasks_to_complete=TASKS)
        plain = rlpool.make("FrankaKitchen-v1", num_envs=2, seed=6, tasks_to_complete=TASKS)
        handle, _, _, step = jitted.xla()
        jitted.reset(), plain.reset()
        actions = np.random.default_rng(0).uniform(-1, 1, size=(4, 2, 9))
        run = jax.jit(lambda h, a: step(h, a))
        for a in actions:
            handle, (obs, reward, *_) = run(handle, a)
            want, want_reward, *_ = plain.step(a)
            _assert_same_tree(obs, want, ordered=False)
            np.testing.assert_array_equal(np.asarray(reward), want_reward)
        # the dm face inside jit: envpool's nested namedtuples there too
        dm = rlpool.make_dm("FrankaKitchen-v1", num_envs=2, seed=6, tasks_to_complete=TASKS)
        dm_handle, _, _, dm_step = dm.xla()
        dm.reset()
        _, ts = jax.jit(lambda h, a: dm_step(h, a))(dm_handle, actions[0])
        assert ts.observation.achieved_goal._fields == ("kettle", "light_switch")
        jitted.close(), plain.close(), dm.close()


@pytest.mark.parametrize("options, error, message", [
    (dict(tasks_to_complete="kettle"), TypeError, "must be a list of str"),
    (dict(tasks_to_complete=["kettle", "oven"]), ValueError, "'oven' unknown"),
    (dict(tasks_to_complete=[]), ValueError, "non-empty list"),
    (dict(robot_noise_ratio=float("nan")), ValueError, "robot_noise_ratio must be a finite number >= 0"),
    (dict(object_noise_ratio=-1.0), ValueError, "object_noise_ratio must be a finite number >= 0"),
    (dict(frame_skip=0), ValueError, "frame_skip must be >= 1"),
    (dict(max_episode_steps=0), ValueError, "max_episode_steps"),
])
def test_bad_options_are_clear_errors(options, error, message):
    with pytest.raises(error, match=message):
        rlpool.make("FrankaKitchen-v1", **options)


@pytest.mark.parametrize("action, message", [(np.full((1, 9), np.nan), "NaN|finite"), (np.zeros((1, 8)), "shape")])
def test_bad_actions_are_clear_errors(action, message):
    env = rlpool.make("FrankaKitchen-v1", num_envs=1)
    env.reset()
    with pytest.raises(ValueError, match=message):
        env.step(action)
    env.step(np.zeros((1, 9)))  # the pool survives
    env.close()



def test_render_matches_gymnasium_robotics():
    """render_mode="rgb_array" through the family's MuJoCo offscreen path, from
    franka_env.py's DEFAULT_CAMERA_CONFIG, against the reference's render() of
    the same seeded episode after two steps: every channel within
    test_render.py's tolerance (measured: 0). One 240 x 240 frame: the
    kitchen's meshes take seconds a frame on a software renderer."""
    from .reference import make_reference
    from .test_render import TOLERANCE

    env = rlpool.make("FrankaKitchen-v1", num_envs=1, seed=3, render_mode="rgb_array", render_width=240,
                      render_height=240)
    ref = make_reference("FrankaKitchen-v1", render_mode="rgb_array", width=240, height=240)
    env.reset(), ref.reset(seed=3)
    for action in np.random.default_rng(0).uniform(-1, 1, size=(2, 9)):
        env.step(action[None]), ref.step(action)
    frame, expected = env.render()[0], ref.render()
    assert frame.shape == expected.shape == (240, 240, 3) and frame.std() > 0
    assert int(np.abs(frame.astype(int) - expected.astype(int)).max()) <= TOLERANCE
    env.close(), ref.close()
