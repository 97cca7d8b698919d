"""render_mode="rgb_array" on MiniGrid/BabyAI: render() against minigrid
3.2.0's own render() (get_full_render: 32-pixel tiles, the agent's view
highlighted) of the same level, seed and actions, compared exactly
(tolerance 0), after reset and after each of tens of random steps, across
autoresets."""

import gymnasium as gym
import minigrid  # noqa: F401  (registers the reference ids)
import numpy as np
import pytest
import rlpool

# Together these draw every object minigrid draws: walls, goal, locked and
# closed doors, keys (DoorKey), lava (LavaGap), balls (Dynamic-Obstacles),
# boxes and doors that random toggles open (BabyAI Open/Unlock levels,
# GoToLocal), with and without see-through walls (FourRooms sweeps).
IDS = ["MiniGrid-DoorKey-8x8-v0", "MiniGrid-LavaGapS7-v0", "MiniGrid-Dynamic-Obstacles-6x6-v0",
       "MiniGrid-FourRooms-v0", "BabyAI-GoToLocal-v0", "BabyAI-OpenDoor-v0", "BabyAI-UnlockPickup-v0"]
STEPS = 40


@pytest.mark.parametrize("task_id", IDS)
def test_render_is_minigrids_render(task_id):
    seed = 11
    env = rlpool.make(task_id, num_envs=1, seed=seed, render_mode="rgb_array")
    ref = gym.make(task_id, render_mode="rgb_array")
    env.reset()
    ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    # Mostly turns, forward moves and toggles, so doors open and the view changes.
    actions = rng.choice([0, 1, 2, 2, 3, 5], size=STEPS)
    done = False
    for action in actions:
        np.testing.assert_array_equal(env.render()[0], ref.render())
        _, _, term, trunc, _ = env.step(np.array([action]))
        if done:  # rlpool's next-step autoreset: this step reset the env
            ref.reset()
        else:
            ref.step(int(action))
        done = bool(term[0] or trunc[0])
    np.testing.assert_array_equal(env.render()[0], ref.render())


def test_render_size_picks_the_tile_size():
    env = rlpool.make("MiniGrid-DoorKey-5x5-v0", num_envs=2, seed=3, render_mode="rgb_array",
                      render_width=5 * 12, render_height=5 * 12)
    ref = gym.make("MiniGrid-DoorKey-5x5-v0")
    env.reset()
    ref.reset(seed=3)
    frames = env.render(env_ids=[0, 1])
    assert frames.shape == (2, 60, 60, 3) and frames.dtype == np.uint8
    np.testing.assert_array_equal(frames[0], ref.unwrapped.get_frame(highlight=True, tile_size=12))


def test_render_errors_are_clear():
    with pytest.raises(ValueError, match="whole tiles"):
        rlpool.make("MiniGrid-Empty-5x5-v0", render_mode="rgb_array", render_width=33, render_height=33)
    with pytest.raises(ValueError, match="whole tiles"):
        rlpool.make("MiniGrid-Empty-5x5-v0", render_mode="rgb_array", render_width=50, render_height=60)
    with pytest.raises(RuntimeError, match="render_mode"):
        rlpool.make("MiniGrid-Empty-5x5-v0").render()
