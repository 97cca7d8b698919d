"""rlpool's Atari envs step for step against the reference (ale-py
``ALE/<Game>-v5`` with frameskip=1 and sticky actions off, wrapped in
gymnasium's ``AtariPreprocessing(noop_max=0, frame_skip=4)`` and
``FrameStackObservation(4)``), from the same seed (rlpool seeds ALE and the
no-op draws as ale-py's ``reset(seed)`` does) with the same random actions. Tolerance: none; observations must be equal bit for bit, rewards,
lives and terminations exactly."""

import numpy as np
import pytest

from .reference import as_reference_layout, make_reference, make_rlpool

GAMES = ["Pong", "Breakout", "SpaceInvaders", "Seaquest", "MontezumaRevenge"]
STEPS = 2000


def run_side_by_side(game, steps, *, seed=3, gray=True, sticky=0.0, stack=4, height=84, width=84, noop_max=0):
    ref = make_reference(game, gray=gray, sticky=sticky, stack=stack, size=(width, height), noop_max=noop_max)
    pool = make_rlpool(game, seed, gray=gray, sticky=sticky, stack_num=stack, img_height=height, img_width=width,
                       noop_max=noop_max)
    assert pool.single_action_space.n == ref.action_space.n
    rng = np.random.default_rng(seed)
    obs_r, info_r = ref.reset(seed=seed)
    obs_p, info_p = pool.reset()
    np.testing.assert_array_equal(as_reference_layout(obs_p[0], gray), obs_r)
    assert info_p["lives"][0] == info_r["lives"]
    episodes = 0
    for t in range(steps):
        a = int(rng.integers(ref.action_space.n))
        obs_r, rew_r, term_r, trunc_r, info_r = ref.step(a)
        obs_p, rew_p, term_p, trunc_p, info_p = pool.step(np.array([a]))
        where = f"{game} step {t} (episode {episodes})"
        np.testing.assert_array_equal(as_reference_layout(obs_p[0], gray), obs_r, err_msg=where)
        assert rew_p[0] == rew_r and info_p["reward"][0] == rew_r, where
        assert info_p["lives"][0] == info_r["lives"], where
        assert bool(term_p[0]) == term_r and bool(info_p["terminated"][0]) == term_r, where
        assert not trunc_p[0] and not trunc_r, where
        if term_r:
            episodes += 1
            obs_r, info_r = ref.reset()
            obs_p, rew_p, term_p, trunc_p, info_p = pool.step(np.array([0]))  # next-step autoreset
            np.testing.assert_array_equal(as_reference_layout(obs_p[0], gray), obs_r, err_msg=where + " reset")
            assert rew_p[0] == 0 and info_p["elapsed_step"][0] == 0
    pool.close()
    ref.close()
    return episodes


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_grayscale_default_pipeline_is_bit_exact(game):
    # With this seed's actions every game ends at least once within STEPS
    # (Pong 21:0 at step 1018), so whole episodes and the resets after
    # them are compared too.
    assert run_side_by_side(game, STEPS) >= 1


@pytest.mark.parametrize("game", ["Breakout", "SpaceInvaders"])
def test_rgb_pipeline_is_bit_exact(game):
    run_side_by_side(game, 300, gray=False)


@pytest.mark.parametrize("game", ["Pong", "Seaquest"])
def test_sticky_actions_match_from_the_same_seed(game):
    run_side_by_side(game, 500, seed=5, sticky=0.25)


@pytest.mark.parametrize("seed", [5, 11])
def test_noop_resets_and_sticky_actions_play_from_the_seed_alone(seed):
    """envpool's defaults noop_max=30 and sticky actions: the no-op counts come
    from the env's np_random and the sticky repeats from ALE's RNG, both seeded
    from the pool's seed as ale-py's reset(seed) seeds them, across game overs."""
    assert run_side_by_side("Breakout", 700, seed=seed, sticky=0.25, noop_max=30) >= 1


@pytest.mark.parametrize("gray,stack", [(True, 1), (False, 1), (True, 4)])
def test_full_size_frames_are_bit_exact(gray, stack):
    # 210x160 is the screen's own size: rlpool skips the resizer (cv2 copies)
    # and, in RGB, pools straight into the observation's CHW layout. Breakout
    # ends its game within these steps, so a game over mid frame skip and the
    # reset after it are compared too.
    assert run_side_by_side("Breakout", 600, gray=gray, stack=stack, height=210, width=160) >= 1
