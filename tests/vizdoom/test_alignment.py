"""rlpool's ViZDoom envs against Python's vizdoom.DoomGame (the same wheel's
engine), configured and seeded identically and sent the same actions.

Exact equality (tolerance 0): the raw screen (an env at the screen's own size,
stack_num=1, whose area resize is the identity), the scenario reward, the
game variables in info, termination, and envpool's shaped reward recomputed
in Python (float32 sums). Then the default preprocessing (84x84 INTER_AREA,
4-frame stack) against cv2.resize(INTER_AREA) of the reference's screens.
"""

import collections

import cv2
import numpy as np
import pytest
import rlpool

from .reference import INFO_VARIABLES, ReferenceInfo, reference_game, screen

STEPS = 300
FRAME_SKIP = 4


def resized_stack(frames, h=84, w=84):
    planes = [cv2.resize(p, (w, h), interpolation=cv2.INTER_AREA) for f in frames for p in f]
    return np.stack(planes)


@pytest.mark.parametrize(
    "task_id, check_preprocessing",
    [("Basic-v1", False), ("DeadlyCorridor-v1", False), ("DefendTheCenter-v1", False),
     ("HealthGathering-v1", True), ("D1Basic-v1", True)],
)
@pytest.mark.slow
def test_matches_python_vizdoom(task_id, check_preprocessing):
    seed = 123
    spec = rlpool.make_spec(task_id)
    cfg, wad = spec.config.cfg_path, spec.config.wad_path
    game = reference_game(cfg, wad, seed, FRAME_SKIP)
    h, w = game.get_screen_height(), game.get_screen_width()
    raw = rlpool.make(task_id, num_envs=1, seed=seed, img_height=h, img_width=w, stack_num=1)
    pre = rlpool.make(task_id, num_envs=1, seed=seed) if check_preprocessing else None
    ref = ReferenceInfo(game)
    rng = np.random.default_rng(seed)
    n_buttons = raw.action_space.shape[0]
    assert n_buttons == game.get_available_buttons_size()
    try:
        obs, info = raw.reset()
        if pre is not None:
            pre_obs, _ = pre.reset()
        ref_info, _ = ref.read(game, new_episode=True)
        frames = collections.deque([screen(game)] * 4, maxlen=4)
        np.testing.assert_array_equal(obs[0], screen(game))
        done, episodes, nonzero_rewards = False, 1, 0
        for t in range(STEPS):
            action = rng.integers(0, 2, n_buttons).astype(np.float64)
            obs, rew, term, trunc, info = raw.step(action[None])
            if pre is not None:
                pre_obs, *_ = pre.step(action[None])
            if done:  # rlpool's next-step autoreset: this step started a new episode
                game.new_episode()
                ref_info, _ = ref.read(game, new_episode=True)
                frames.extend([screen(game)] * 4)
                episodes += 1
                assert rew[0] == 0 and info["elapsed_step"][0] == 0
            else:
                game.set_action(list(action))
                game.advance_action(FRAME_SKIP, True)
                finished = game.is_episode_finished()
                ref_info, shaped = ref.read(game, new_episode=False)
                assert info["scenario_reward"][0] == game.get_last_reward(), t
                assert rew[0] == np.float32(shaped), t
                assert term[0] == finished, t
                nonzero_rewards += rew[0] != 0
                if not finished:
                    frames.append(screen(game))
            if not term[0]:
                np.testing.assert_array_equal(obs[0], screen(game), err_msg=f"step {t}")
            for name in INFO_VARIABLES:
                assert info[name][0] == ref_info[name], (t, name)
            if pre is not None:
                np.testing.assert_array_equal(pre_obs[0], resized_stack(frames), err_msg=f"step {t}")
            done = bool(term[0] or trunc[0])
        assert nonzero_rewards > 0  # the comparison saw the shaping at work
    finally:
        raw.close()
        if pre is not None:
            pre.close()
        game.close()


@pytest.mark.parametrize("shape", [(240, 320), (120, 160)])
def test_resize_matches_cv2_inter_area(shape):
    from rlpool import _vizdoom

    rng = np.random.default_rng(0)
    plane = rng.integers(0, 256, shape, dtype=np.uint8)
    rgb = rng.integers(0, 256, shape + (3,), dtype=np.uint8)
    for img in (plane, rgb):
        for size in [(84, 84), (64, 48), (shape[0] // 2, shape[1] // 2)]:
            expected = cv2.resize(img, (size[1], size[0]), interpolation=cv2.INTER_AREA)
            np.testing.assert_array_equal(_vizdoom.resize(img, *size), expected)
