"""episodic_life, reward_clip and zero_discount_on_life_loss as envpool
documents them, checked against the plain pipeline (itself aligned with the
reference in test_align) driven by the same actions:

- episodic_life: a lost life (lives drop and some remain) ends the episode
  (terminated=True) but not the game: info["terminated"] stays 0 until the
  game is over, and the next episode continues the same game;
- reward_clip: the reward is sign(raw reward), info["reward"] the raw one;
- zero_discount_on_life_loss: info["discount"] is 0 on a life-losing step.
"""

import numpy as np
import pytest

import rlpool

GAMES = ["Breakout", "SpaceInvaders", "Seaquest", "MontezumaRevenge", "Pong"]
OPTS = dict(num_envs=1, seed=7, noop_max=0, use_fire_reset=False)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_episodic_life_continues_the_game(game):
    plain = rlpool.make(f"{game}-v5", **OPTS)
    life = rlpool.make(f"{game}-v5", episodic_life=True, reward_clip=True, zero_discount_on_life_loss=True, **OPTS)
    rng = np.random.default_rng(0)
    obs_a, info_a = plain.reset()
    obs_b, info_b = life.reset()
    np.testing.assert_array_equal(obs_a, obs_b)
    lives = int(info_a["lives"][0])
    life_ends = game_overs = 0
    for t in range(1500):
        a = np.array([rng.integers(plain.single_action_space.n)])
        obs_a, rew_a, term_a, _, info_a = plain.step(a)
        obs_b, rew_b, term_b, _, info_b = life.step(a)
        where = f"{game} step {t}"
        # Same game state: the newest frame, lives, RAM and raw reward agree.
        np.testing.assert_array_equal(obs_a[0, -1], obs_b[0, -1], err_msg=where)
        np.testing.assert_array_equal(info_a["ram"], info_b["ram"], err_msg=where)
        assert info_a["lives"][0] == info_b["lives"][0], where
        assert info_b["reward"][0] == rew_a[0], where
        assert rew_b[0] == np.sign(rew_a[0]), where
        assert info_b["terminated"][0] == int(term_a[0]), where
        new_lives = int(info_a["lives"][0])
        lost_life = 0 < new_lives < lives
        assert bool(term_b[0]) == (bool(term_a[0]) or lost_life), where
        assert info_b["discount"][0] == (0.0 if (lost_life or term_a[0]) else 1.0), where
        lives = new_lives
        if term_a[0]:
            game_overs += 1
            obs_a, *_ = plain.step(np.array([0]))
            obs_b, _, _, _, info_b = life.step(np.array([0]))
            np.testing.assert_array_equal(obs_a, obs_b, err_msg=where + " new game")
            lives = int(info_b["lives"][0])
        elif term_b[0]:
            life_ends += 1
            before = obs_b[0].copy()
            elapsed = info_b["elapsed_step"][0]
            obs_b, rew_b, term_b, _, info_b = life.step(np.array([0]))  # continues, no new game
            # The step count goes on across lives (envpool #179/#181): the time limit is per game.
            assert info_b["elapsed_step"][0] == elapsed > 0 and rew_b[0] == 0
            assert info_b["lives"][0] == lives, where
            np.testing.assert_array_equal(info_b["ram"], info_a["ram"], err_msg=where)  # no emulation happened
            # One frame pushed onto the stack, which is not refilled as after a new game.
            np.testing.assert_array_equal(obs_b[0, :-1], before[1:], err_msg=where)
    if game != "Pong":  # Pong has no lives
        assert life_ends > 0, f"{game}: no life was lost in 1500 random steps; the test proved nothing"


def test_noop_resets_are_seeded():
    ram = lambda env: env.reset()[1]["ram"]
    a, b, c = (rlpool.make("Pong-v5", num_envs=4, seed=s) for s in (1, 1, 2))
    np.testing.assert_array_equal(ram(a), ram(b))
    # 1..30 no-ops drawn per env: different seeds start at other frames.
    assert not np.array_equal(ram(a), ram(c))
    still = rlpool.make("Pong-v5", num_envs=4, seed=1, noop_max=0)
    np.testing.assert_array_equal(ram(still)[0], ram(still)[3])


def test_fire_reset_presses_fire_when_the_game_has_it():
    ram = lambda **kw: rlpool.make("Breakout-v5", noop_max=0, **kw).reset()[1]["ram"]
    assert not np.array_equal(ram(use_fire_reset=True), ram(use_fire_reset=False))
    # Pong's minimal action set has FIRE too; Freeway's has none, so no FIRE reset.
    np.testing.assert_array_equal(
        rlpool.make("Freeway-v5", noop_max=0, use_fire_reset=True).reset()[1]["ram"],
        rlpool.make("Freeway-v5", noop_max=0, use_fire_reset=False).reset()[1]["ram"])


def test_spaces_and_options_like_envpool():
    env = rlpool.make("Pong-v5")
    assert env.single_observation_space.shape == (4, 84, 84)
    assert env.single_observation_space.dtype == np.uint8
    assert env.single_action_space.n == 6
    assert env.config["max_episode_steps"] == 27000
    for key, value in dict(stack_num=4, frame_skip=4, noop_max=30, img_height=84, img_width=84, gray_scale=True,
                           use_inter_area_resize=True, use_fire_reset=True, episodic_life=False,
                           zero_discount_on_life_loss=False, reward_clip=False, repeat_action_probability=0.0,
                           full_action_space=False, mode=-1, difficulty=-1).items():
        assert env.config[key] == value, key
    rgb = rlpool.make("Pong-v5", gray_scale=False, stack_num=2, img_height=64, img_width=48, full_action_space=True)
    assert rgb.single_observation_space.shape == (6, 64, 48)
    assert rgb.single_action_space.n == 18
    obs, info = rgb.reset()
    assert obs.shape == (1, 6, 64, 48)
    assert set(info) >= {"lives", "reward", "terminated", "ram", "discount", "env_id", "elapsed_step"}
    assert info["ram"].shape == (1, 128) and info["ram"].dtype == np.uint8


def test_bilinear_and_frame_skip_one_run():
    env = rlpool.make("Breakout-v5", num_envs=2, use_inter_area_resize=False, frame_skip=1)
    env.reset()
    for _ in range(20):
        obs, *_ = env.step(np.ones(2, np.int32))
    assert obs.shape == (2, 4, 84, 84)


def test_modes_and_difficulties():
    env = rlpool.make("Breakout-v5", mode=4, difficulty=1)
    env.reset()
    env.step(np.zeros(1, np.int32))
    with pytest.raises(ValueError, match="mode 3 is not available for 'breakout'"):
        rlpool.make("Breakout-v5", mode=3)


def test_bad_options_say_what_is_allowed():
    with pytest.raises(ValueError, match="stack_num must be >= 1"):
        rlpool.make("Pong-v5", stack_num=0)
    with pytest.raises(ValueError, match=r"repeat_action_probability must be in \[0, 1\]"):
        rlpool.make("Pong-v5", repeat_action_probability=1.5)
    with pytest.raises(ValueError, match="no ROM for task 'nosuchgame'"):
        rlpool.make("Pong-v5", task="nosuchgame")
    with pytest.raises(TypeError, match="unexpected option"):
        rlpool.make("Pong-v5", frameskip=4)


def test_dm_face_starts_a_new_episode_after_a_lost_life():
    env = rlpool.make_dm("Breakout-v5", episodic_life=True, zero_discount_on_life_loss=True, seed=3)
    ts = env.reset()
    assert ts.step_type[0] == 0
    rng = np.random.default_rng(0)
    for _ in range(2000):
        ts = env.step(np.array([rng.integers(4)]))
        if ts.step_type[0] == 2:
            break
    assert ts.step_type[0] == 2 and ts.discount[0] == 0.0 and ts.observation.terminated[0] == 0  # a life, not the game
    ts = env.step(np.array([0]))
    assert ts.step_type[0] == 0 and ts.observation.elapsed_step[0] > 0
    assert env.step(np.array([0])).step_type[0] == 1
