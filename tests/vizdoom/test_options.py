"""The ViZDoom ids' options, seeding and bad input."""

import os

import numpy as np
import pytest
import rlpool


def test_every_envpool_id_is_registered():
    # envpool 1.2.5's vizdoom ids: 16 scenarios, D1-D4 (maps from envpool-assets) and the custom id.
    expected = {
        "Basic-v1", "BasicAudio-v1", "BasicNotifications-v1", "Cig-v1", "DeadlyCorridor-v1", "Deathmatch-v1",
        "DefendTheCenter-v1", "DefendTheLine-v1", "HealthGathering-v1", "HealthGatheringSupreme-v1", "MultiDuel-v1",
        "MyWayHome-v1", "PredictPosition-v1", "RocketBasic-v1", "SimplerBasic-v1", "TakeCover-v1",
        "D1Basic-v1", "D2Navigation-v1", "D3Battle-v1", "D4Battle2-v1", "VizdoomCustom-v1",
    }
    assert expected <= set(rlpool.list_all_envs())
    for task_id in expected - {"VizdoomCustom-v1"}:
        spec = rlpool.make_spec(task_id)
        assert spec.config.max_episode_steps == 525
        assert spec.observation_space.shape[1:] == (84, 84)


def rollout(task_id, steps=40, **kwargs):
    env = rlpool.make(task_id, **kwargs)
    n = env.config["num_envs"]
    rng = np.random.default_rng(0)
    obs, _ = env.reset()
    out = [obs.copy()]
    for _ in range(steps):
        # The same action for every env, so env i's run depends only on its seed.
        if env.config["use_combined_action"]:
            a = np.full(n, rng.integers(0, env.action_space.n))
        else:
            a = np.tile(rng.integers(0, 2, env.action_space.shape).astype(np.float64), (n, 1))
        obs, rew, term, trunc, info = env.step(a)
        out += [obs.copy(), rew.copy(), term.copy(), info["HEALTH"].copy()]
    env.close()
    return out


def test_env_i_is_seeded_with_seed_plus_i():
    a = rollout("DefendTheCenter-v1", num_envs=2, seed=5)
    b = rollout("DefendTheCenter-v1", num_envs=1, seed=6)
    assert all(np.array_equal(x[1], y[0]) for x, y in zip(a, b))
    assert not all(np.array_equal(x[0], x[1]) for x in a)


def test_default_threads_are_one_per_env():
    # ViZDoom declares its own rule for num_threads=0: a thread per env, each
    # mostly waiting for its engine process (docs/vizdoom.md, "Speed").
    env = rlpool.make("Basic-v1", num_envs=3, batch_size=2)
    assert env.config["num_threads"] == 3
    env.close()
    env = rlpool.make("Basic-v1", num_envs=3, num_threads=1)
    assert env.config["num_threads"] == 1
    env.close()


def test_combined_actions_gray_frames_and_options():
    # Basic has ATTACK, MOVE_RIGHT, MOVE_LEFT: envpool's combined set is
    # 2 (attack) x 3 (none / right / left) = 6 actions.
    env = rlpool.make("Basic-v1", use_combined_action=True, stack_num=2, img_height=60, img_width=80, frame_skip=2)
    assert env.action_space.n == 6
    assert env.observation_space.shape == (6, 60, 80)  # 2 frames x RGB planes
    obs, _ = env.reset()
    for a in range(6):
        obs, *_ = env.step(np.array([a]))
    assert obs.shape == (1, 6, 60, 80)
    env.close()
    speed = rlpool.make_spec("D3Battle-v1", use_combined_action=True)
    forced = rlpool.make_spec("D3Battle-v1", use_combined_action=True, force_speed=True)
    assert forced.action_space.n < speed.action_space.n  # SPEED only "on" when forced


def test_reward_config_dict_and_scenario_reward():
    # Only KILLCOUNT counts: Basic's shaped reward is then 1 per kill, 0 otherwise.
    kill_only = rollout("Basic-v1", steps=60, reward_config={"KILLCOUNT": (1.0, 0.0)},
                        selected_weapon_reward_config={})
    rewards = np.concatenate([x for i, x in enumerate(kill_only[1:]) if i % 4 == 1])
    assert set(np.unique(rewards)) <= {0.0, 1.0}
    scenario = rollout("Basic-v1", steps=10, scenario_reward=True)
    assert scenario[2][0] in (-4.0, -5.0) or scenario[2][0] > 0  # living reward -1 per tic, frame_skip 4


def test_custom_id_needs_a_cfg_and_takes_one():
    with pytest.raises(ValueError, match="cfg_path"):
        rlpool.make("VizdoomCustom-v1")
    basic = rlpool.make_spec("Basic-v1").config
    env = rlpool.make("VizdoomCustom-v1", cfg_path=basic.cfg_path, wad_path=basic.wad_path)
    obs, _ = env.reset()
    assert obs.shape == (1, 12, 84, 84)
    env.close()


def test_lmp_save_dir_records_demos(tmp_path):
    env = rlpool.make("Basic-v1", lmp_save_dir=str(tmp_path), max_episode_steps=5)
    env.reset()
    for _ in range(12):
        env.step(np.zeros((1, 3)))
    env.close()
    assert any(name.endswith(".lmp") for name in os.listdir(tmp_path))


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"reward_config": {"NOT_A_VARIABLE": (1, 0)}}, "not a ViZDoom game variable"),
        ({"reward_config": {"HEALTH": "lots"}}, "number"),
        ({"delta_button_config": {"ATTACK": (3, -1, 1)}}, "delta button"),
        ({"selected_weapon_reward_config": {12: 0.1}}, "weapon slot"),
        ({"cfg_path": "/nonexistent.cfg"}, "does not exist"),
        ({"img_height": 0}, "img_height"),
        ({"img_height": 500}, "must not exceed the screen"),
    ],
)
def test_bad_options_raise(kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        rlpool.make("Basic-v1", **kwargs)


def test_bad_actions_raise_and_the_pool_survives():
    env = rlpool.make("Basic-v1", num_envs=2)
    combined = rlpool.make("Basic-v1", num_envs=2, use_combined_action=True)
    try:
        env.reset()
        combined.reset()
        for bad in (np.zeros((2, 4)), np.zeros((3, 3)), np.zeros(2), np.array([[0, 0, np.nan]] * 2)):
            with pytest.raises((ValueError, TypeError)):
                env.step(bad)
        for bad in (np.array([6, 0]), np.array([-1, 0]), np.array([0.5, 1.0])):
            with pytest.raises((ValueError, TypeError)):
                combined.step(bad)
        obs, rew, *_ = env.step(np.zeros((2, 3)))
        assert obs.shape == (2, 12, 84, 84)
        obs, rew, *_ = combined.step(np.array([5, 0]))
        assert obs.shape == (2, 12, 84, 84)
    finally:
        env.close()
        combined.close()


def test_module_links_the_wheel_without_importing_vizdoom():
    # rlpool._vizdoom loads the wheel's extension as a plain shared library:
    # the Python module is not imported (its PyInit_vizdoom never runs) and
    # the extension's bundled Boost/SDL2 come from vizdoom.libs/.
    import subprocess
    import sys

    code = (
        "import sys, rlpool._vizdoom as m\n"
        "assert 'vizdoom' not in sys.modules, 'imported the Python module'\n"
        "maps = open('/proc/self/maps').read()\n"
        "assert 'vizdoom.libs/libboost_thread' in maps, 'no bundled Boost'\n"
        "print(m.ENGINE_PATH)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("vizdoom/vizdoom")


def test_engines_leave_the_working_directory_alone():
    # (conftest runs each test in its own empty tmp_path.)
    env = rlpool.make("Basic-v1")
    env.reset()
    env.close()
    assert os.listdir(".") == []
