"""Shadow Hand on the pool: bad input, compute_reward against gymnasium-
robotics 1.4.2's own (see reference.py for its MuJoCo-4 shim), the faces,
thread-count independence and the clipping of out-of-Box actions (the
step-by-step alignment is test_hand_alignment.py)."""

import os

import numpy as np
import pytest
import rlpool

from .reference import make_reference

ATOL = 1e-9


@pytest.mark.parametrize(
    "task_id, options, message",
    [
        ("HandManipulateBlock-v1", dict(reward_type="shaped"), "reward_type must be 'sparse' or 'dense'"),
        ("HandManipulateBlock-v1", dict(target_rotation="ignore"), "target_rotation must be 'xyz', 'z' or 'parallel'"),
        ("HandManipulateBlock-v1", dict(target_position="somewhere"), "target_position must be 'random', 'ignore'"),
        ("HandManipulateBlock-v1", dict(touch_get_obs="yes"), "touch_get_obs must be 'off', 'sensordata'"),
        ("HandManipulateBlock-v1", dict(touch_get_obs="boolean"), "touch_get_obs needs a model with touch sensors"),
        ("HandManipulatePen-v1", dict(rotation_threshold=-1.0), "rotation_threshold must be a finite number >= 0"),
        ("HandReach-v3", dict(distance_threshold=float("nan")), "distance_threshold must be a finite number >= 0"),
        ("HandReach-v3", dict(n_substeps=0), "n_substeps must be >= 1"),
        ("HandReach-v3", dict(max_episode_steps=0), "max_episode_steps must be >= 1"),
        ("HandReach-v3", dict(xml_file="hand/missing.xml"), "does not exist"),
        ("HandReach-v3", dict(xml_file="fetch/reach.xml"), "has 20 actuators"),
        ("HandManipulateEgg-v1", dict(base_path=""), "gymnasium-robotics"),
    ],
)
def test_bad_options_raise_a_clear_value_error(task_id, options, message):
    with pytest.raises(ValueError, match=message):
        rlpool.make(task_id, **options)


def test_a_model_whose_object_never_lands_on_the_palm_raises_instead_of_hanging(tmp_path):
    """The reference redraws the start until the object rests on the palm,
    forever; rlpool gives up after 100 draws. The block is moved off the hand
    here, onto the floor (absolute paths keep its includes and meshes found)."""
    from rlpool.tasks.robotics import _ASSETS

    hand = os.path.join(_ASSETS, "hand")
    xml = open(os.path.join(hand, "manipulate_block.xml")).read()
    xml = xml.replace('meshdir="../stls/hand"', f'meshdir="{_ASSETS}/stls/hand"')
    xml = xml.replace('texturedir="../textures"', f'texturedir="{_ASSETS}/textures"')
    for name in ("shared.xml", "shared_asset.xml", "robot.xml"):
        xml = xml.replace(f'file="{name}"', f'file="{hand}/{name}"')
    assert xml.count('<body name="object" pos="1 0.87 0.2">') == 1
    xml = xml.replace('<body name="object" pos="1 0.87 0.2">', '<body name="object" pos="1.5 0.87 0.03">')
    path = tmp_path / "block_off_the_hand.xml"
    path.write_text(xml)
    env = rlpool.make("HandManipulateBlockRotateZ-v1", num_envs=1, xml_file=str(path))  # on the floor, flat
    with pytest.raises(RuntimeError, match="did not come to rest on the palm"):
        env.reset()
    env.close()


def test_bad_actions_and_goals_raise():
    env = rlpool.make("HandManipulateEgg-v1", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.full((2, 20), np.nan, np.float32))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros((2, 4), np.float32))
    with pytest.raises(ValueError, match=r"same shape \(\.\.\., 7\)"):
        env.compute_reward(np.zeros((2, 7)), np.zeros((2, 3)), {})
    env.step(np.zeros((2, 20), np.float32))  # the pool still works after the refusals
    env.close()


def test_actions_outside_the_box_are_clipped_like_the_reference():
    big = rlpool.make("HandManipulateBlockRotateZ-v1", num_envs=1, seed=4)
    unit = rlpool.make("HandManipulateBlockRotateZ-v1", num_envs=1, seed=4)
    big.reset()
    unit.reset()
    for sign in (1, -1, 1):
        ob, *_ = big.step(np.full((1, 20), sign * 1e6, np.float32))
        ou, *_ = unit.step(np.full((1, 20), sign * 1.0, np.float32))
        np.testing.assert_array_equal(ob["observation"], ou["observation"])


def test_results_do_not_depend_on_the_thread_count():
    outs = []
    for threads in (1, 3):
        env = rlpool.make("HandManipulateBlock_ContinuousTouchSensors-v1", num_envs=3, num_threads=threads, seed=9,
                          max_episode_steps=10)
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(25):  # past two time limits: the resets draw new starts and goals
            obs, reward, *_ = env.step(rng.uniform(-1, 1, (3, 20)).astype(np.float32))
        outs.append((obs["observation"].copy(), obs["desired_goal"].copy(), reward.copy()))
        env.close()
    for a, b in zip(*outs):
        np.testing.assert_array_equal(a, b)


def test_observation_sizes():
    for task_id, size in (("HandReach-v3", 63), ("HandManipulatePenRotate-v1", 61),
                          ("HandManipulateEgg_BooleanTouchSensors-v1", 153)):
        env = rlpool.make(task_id, num_envs=1)
        assert env.single_observation_space["observation"].shape == (size,)
        env.close()


def test_reach_keeps_the_start_as_goal_one_time_in_ten():
    """Reach's 1-in-10 draw (the goal is where the fingertips start): env 3
    of seed 0 draws it (same numbers as the reference, as the alignment tests
    show), so the reset state already succeeds, as the reference's
    _is_success says."""
    env = rlpool.make("HandReach-v3", num_envs=4, seed=0)
    obs, info = env.reset()
    ref = make_reference("HandReach-v3")
    ref_obs, _ = ref.reset(seed=3)
    np.testing.assert_array_equal(obs["desired_goal"][3], ref_obs["desired_goal"])
    np.testing.assert_array_equal(obs["desired_goal"][3], obs["achieved_goal"][3])
    assert info["is_success"][3] == 1.0 == ref.unwrapped._is_success(ref_obs["achieved_goal"], ref_obs["desired_goal"])
    assert info["is_success"][:3].tolist() == [0.0, 0.0, 0.0]
    env.close()


def _goals_around(achieved: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Goals near the achieved ones, each row at its own distance (1e-4 to
    0.1 per coordinate), so both sides of the thresholds are drawn."""
    scale = np.logspace(-4, -1, len(achieved))[:, None]
    desired = achieved + rng.normal(0.0, 1.0, size=achieved.shape) * scale
    if achieved.shape[-1] == 7:
        desired[..., 3:] /= np.linalg.norm(desired[..., 3:], axis=-1, keepdims=True)
    return desired


@pytest.mark.parametrize("task_id", ["HandReach-v3", "HandReachDense-v3", "HandManipulateBlockFull-v1",
                                     "HandManipulateBlockFullDense-v1", "HandManipulateBlockRotateZDense-v1",
                                     "HandManipulatePen-v1", "HandManipulatePenDense-v1"])
def test_compute_reward_matches_the_reference(task_id):
    env = rlpool.make(task_id, num_envs=1)
    ref = make_reference(task_id).unwrapped
    rng = np.random.default_rng(1)
    size = 15 if task_id.startswith("HandReach") else 7
    achieved = rng.normal(0.5, 0.2, size=(64, size))
    if size == 7:
        achieved[:, 3:] /= np.linalg.norm(achieved[:, 3:], axis=1, keepdims=True)
    desired = _goals_around(achieved, rng)
    ours = env.compute_reward(achieved, desired, {})
    if task_id.startswith("HandManipulatePen"):
        # The reference's Pen drops the z turn with euler[2], which on a batch
        # picks row 2: compare pose by pose, as its step computes it.
        theirs = np.array([ref.compute_reward(a, d, {}) for a, d in zip(achieved, desired)])
    else:
        theirs = ref.compute_reward(achieved, desired, {})
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape == (64,)
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=ATOL)
    if "Dense" not in task_id:
        assert set(np.unique(ours)) == {-1.0, 0.0}, "one side of the thresholds was never drawn"
    batched = env.compute_reward(achieved.reshape(8, 8, size), desired.reshape(8, 8, size), {})
    np.testing.assert_array_equal(batched.reshape(64), ours)
    env.close()


@pytest.mark.parametrize("task_id", ["HandReachDense-v3", "HandManipulateEggDense-v1", "HandManipulateBlockRotateZ-v1"])
def test_compute_reward_gives_the_step_reward_on_every_face(task_id):
    gymnasium_env = rlpool.make(task_id, num_envs=3, seed=2)
    gymnasium_env.reset()
    obs, reward, _, _, info = gymnasium_env.step(np.zeros((3, 20), np.float32))
    recomputed = gymnasium_env.compute_reward(obs["achieved_goal"], obs["desired_goal"], info)
    np.testing.assert_array_equal(reward, recomputed.astype(np.float32))

    gym_env = rlpool.make_gym(task_id, num_envs=3, seed=2)
    gym_env.reset()
    obs, reward, done, info = gym_env.step(np.zeros((3, 20), np.float32))
    assert set(obs) == {"observation", "achieved_goal", "desired_goal"}
    recomputed = gym_env.compute_reward(obs["achieved_goal"], obs["desired_goal"], info)
    np.testing.assert_array_equal(recomputed.astype(np.float32), reward)

    dm_env = rlpool.make_dm(task_id, num_envs=3, seed=2)
    dm_env.reset()
    ts = dm_env.step(np.zeros((3, 20), np.float32))
    expected = dm_env.compute_reward(ts.observation.achieved_goal, ts.observation.desired_goal, {})
    np.testing.assert_array_equal(ts.reward, expected.astype(np.float32))
    assert ts.observation.is_success.shape == (3,)
