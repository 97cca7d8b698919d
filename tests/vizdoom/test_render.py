"""render_mode="rgb_array" on ViZDoom: render(env_ids) returns the env's last
raw screen as (n, H, W, 3) RGB, compared exactly (tolerance 0) with Python's
vizdoom.DoomGame driven with the same config, seed and actions (GRAY8 repeated
in the three channels, the planar colour formats interleaved), and with the
env's own raw observation."""

import numpy as np
import pytest
import rlpool

from .reference import reference_game, screen

FRAME_SKIP = 4


def as_rgb(chw: np.ndarray) -> np.ndarray:
    """A (C, H, W) screen (C = 1 or 3, RGB order) as the (H, W, 3) RGB frame render() gives."""
    return np.repeat(chw, 3, axis=0).transpose(1, 2, 0) if chw.shape[0] == 1 else chw.transpose(1, 2, 0)


# Basic is GRAY8, HealthGathering CRCGCB: one of each screen layout.
@pytest.mark.parametrize("task_id", ["Basic-v1", "HealthGathering-v1"])
def test_render_is_the_python_vizdoom_screen(task_id):
    seed = 7
    spec = rlpool.make_spec(task_id)
    game = reference_game(spec.config.cfg_path, spec.config.wad_path, seed, FRAME_SKIP)
    h, w = game.get_screen_height(), game.get_screen_width()
    env = rlpool.make(task_id, num_envs=2, seed=seed, img_height=h, img_width=w, stack_num=1,
                      render_mode="rgb_array")
    rng = np.random.default_rng(seed)
    n_buttons = env.action_space.shape[0]
    try:
        obs, _ = env.reset()
        frames = env.render()
        assert frames.shape == (1, h, w, 3) and frames.dtype == np.uint8
        np.testing.assert_array_equal(frames[0], as_rgb(screen(game)))
        for _ in range(20):
            action = rng.integers(0, 2, n_buttons).astype(np.float64)
            obs, _, term, trunc, _ = env.step(np.stack([action, action]))
            game.set_action(action.tolist())
            game.advance_action(FRAME_SKIP, True)
            assert not (term[0] or trunc[0] or game.is_episode_finished())
            np.testing.assert_array_equal(env.render()[0], as_rgb(screen(game)))
        # The same frame as the raw observation, and env ids in the order given.
        both = env.render(env_ids=[1, 0])
        assert both.shape == (2, h, w, 3)
        np.testing.assert_array_equal(both[1], as_rgb(obs[0]))
        np.testing.assert_array_equal(both[0], as_rgb(obs[1]))
    finally:
        game.close()
        env.close()


def test_render_follows_every_step_to_the_episode_end():
    # The pool's max_episode_steps truncates the episode; every frame up to and
    # including the last step's is the screen of the raw observation.
    env = rlpool.make("Basic-v1", num_envs=1, seed=1, max_episode_steps=5, img_height=240, img_width=320,
                      stack_num=1, render_mode="rgb_array")
    try:
        obs, _ = env.reset()
        np.testing.assert_array_equal(env.render()[0], as_rgb(obs[0]))
        done = False
        while not done:
            obs, _, term, trunc, _ = env.step(np.zeros((1, env.action_space.shape[0])))
            done = bool(term[0] or trunc[0])
            frame = env.render()[0]
            assert frame.std() > 0  # a drawn screen, not a blank frame
            np.testing.assert_array_equal(frame, as_rgb(obs[0]))
    finally:
        env.close()


def test_render_after_vizdoom_ends_the_episode_shows_the_last_screen():
    # HealthGathering with long steps: the player dies within a few steps.
    # ViZDoom has no state after that step; render() keeps the last screen it
    # gave, the same one the Python reference saw last.
    seed, frame_skip = 2, 64
    spec = rlpool.make_spec("HealthGathering-v1")
    game = reference_game(spec.config.cfg_path, spec.config.wad_path, seed, frame_skip)
    env = rlpool.make("HealthGathering-v1", num_envs=1, seed=seed, frame_skip=frame_skip, stack_num=1,
                      img_height=240, img_width=320, render_mode="rgb_array")
    idle = np.zeros(env.action_space.shape[0])
    try:
        env.reset()
        last_ref = screen(game)
        for _ in range(100):
            _, _, term, trunc, _ = env.step(idle[None])
            game.set_action(idle.tolist())
            game.advance_action(frame_skip, True)
            if game.is_episode_finished():
                break
            last_ref = screen(game)
        assert game.get_state() is None and term[0] and not trunc[0]
        np.testing.assert_array_equal(env.render()[0], as_rgb(last_ref))
    finally:
        game.close()
        env.close()


def test_render_errors_are_clear():
    with pytest.raises(ValueError, match="raw screen, 320x240"):
        rlpool.make("Basic-v1", render_mode="rgb_array", render_width=84, render_height=84)
    env = rlpool.make("Basic-v1", num_envs=1)
    try:
        with pytest.raises(RuntimeError, match="render_mode"):
            env.render()
    finally:
        env.close()
