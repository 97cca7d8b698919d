"""render_mode="rgb_array" on the robotics family: the MuJoCo family's
offscreen renderer (EGL here, MUJOCO_GL=egl on both sides) against
gymnasium-robotics' own render() of the same seeded episode.

Every channel of every pixel within 2 of the reference's (measured: 0), for
frames before and after steps. Fetch: the target site drawn at the goal as
_render_callback puts it, from gymnasium-robotics' DEFAULT_CAMERA_CONFIG.
PointMaze: the target site where the last forward pass put it, the free camera
aimed at the first frame drawn (the median geom, so on an asymmetric map it
depends on where the ball starts: the first frame must be the user's).
Adroit: each task's DEFAULT_CAMERA_CONFIG (distance, azimuth) on the free
camera aimed at the median geom of the first frame drawn, where this
episode's draw put the door, board, target or ball.
Shadow Hand: DEFAULT_CAMERA_CONFIG (distance, azimuth, elevation, lookat);
Reach's target and finger markers moved as its _render_callback moves them;
Manipulate's ghost object posed at the goal (0.15 m aside for the Rotate
ids) and its hidden inner geom opaque; with touch sensors each touch site
red or green by its reading (without that recolouring the pen's frames
differ by up to 211, measured). The frames after steps also show that the
render's changes to the state (the ghost's pose) are the reference's.
"""

import os

os.environ.setdefault("MUJOCO_GL", "egl")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
import rlpool  # noqa: E402

from .reference import make_reference  # noqa: E402

TOLERANCE = 2


def _frames(task_id, steps=3):
    env = rlpool.make(task_id, num_envs=1, seed=3, render_mode="rgb_array")
    ref = make_reference(task_id, render_mode="rgb_array")
    env.reset()
    ref.reset(seed=3)
    rng = np.random.default_rng(0)
    pairs = []
    for _ in range(steps):
        pairs.append((env.render()[0], ref.render()))
        action = rng.uniform(-1, 1, size=env.single_action_space.shape).astype(np.float32)
        env.step(action[None])
        ref.step(action)
    env.close()
    ref.close()
    return pairs


@pytest.mark.parametrize("task_id", ["FetchPickAndPlace-v4", "FetchReach-v4", "PointMaze_Medium-v3",
                                     "PointMaze_Large_Diverse_GRDense-v3", "AdroitHandDoor-v1",
                                     "AdroitHandHammerSparse-v1", "AdroitHandPen-v1", "AdroitHandRelocate-v1",
                                     "HandReach-v3", "HandManipulateBlockRotateZ-v1", "HandManipulateEggFull-v0",
                                     "HandManipulatePen_BooleanTouchSensors-v1"])
def test_frames_match_gymnasium_robotics(task_id):
    for frame, expected in _frames(task_id):
        assert frame.shape == expected.shape == (480, 480, 3)
        assert frame.std() > 0
        assert int(np.abs(frame.astype(int) - expected.astype(int)).max()) <= TOLERANCE


def test_point_maze_renders_a_moving_picture():
    env = rlpool.make("PointMaze_Open-v3", num_envs=1, seed=3, render_mode="rgb_array")
    env.reset()
    first = env.render()[0]
    for _ in range(10):
        env.step(np.ones((1, 2), np.float32))
    later = env.render()[0]
    assert first.shape == later.shape == (480, 480, 3) and first.std() > 0
    assert not np.array_equal(first, later)
