"""The Procgen ids' spaces on every face, options and defaults, seeding and bad input."""

import glob
import os
import shutil
import subprocess
import sys
import textwrap

import gymnasium
import numpy as np
import pytest

import rlpool

# envpool 1.2.5's ProcgenEnvFns::DefaultConfig (its procgen module cannot be
# imported on this machine kind: it needs the system's Qt 5).
ENVPOOL_DEFAULTS = dict(num_levels=0, start_level=0, use_sequential_levels=False, center_agent=True,
                        use_backgrounds=True, use_monochrome_assets=False, restrict_themes=False,
                        use_generated_assets=False, paint_vel_info=False, use_easy_jump=False, channel_first=True)


def test_defaults_and_timeouts_are_envpools():
    from rlpool.tasks.procgen import GAMES, task_id

    for game, timeout, modes in GAMES:
        for mode in modes:
            config = rlpool.make_spec(task_id(game, mode)).config
            assert config.env_name == game and config.distribution_mode == mode
            assert config.max_episode_steps == timeout
            for key, value in ENVPOOL_DEFAULTS.items():
                assert getattr(config, key) == value, (game, key)


@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_spaces_on_every_face(env_type):
    env = rlpool.make("CoinrunHard-v0", env_type=env_type, num_envs=3, seed=1)
    if env_type == "dm":
        spec = env.observation_spec().obs
        assert spec.shape == (3, 64, 64) and spec.dtype == np.uint8
        assert env.action_spec().maximum == 14
        ts = env.reset()
        obs = ts.observation.obs
        ts = env.step(np.array([1, 2, 3]))
        assert ts.observation.obs.shape == (3, 3, 64, 64)
    else:
        assert env.observation_space.shape == (3, 64, 64) and env.observation_space.dtype == np.uint8
        assert env.action_space == gymnasium.spaces.Discrete(15)
        obs = env.reset()
        obs = obs[0] if isinstance(obs, tuple) else obs
        out = env.step(np.array([1, 2, 3]))
        assert out[0].shape == (3, 3, 64, 64) and out[1].dtype == np.float32
    assert obs.shape == (3, 3, 64, 64) and obs.dtype == np.uint8
    env.close()


def test_channel_last_layout():
    env = rlpool.make("MazeEasy-v0", num_envs=1, channel_first=False)
    assert env.observation_space.shape == (64, 64, 3)
    a, _ = env.reset()
    b, _ = rlpool.make("MazeEasy-v0", num_envs=1).reset()
    np.testing.assert_array_equal(a[0], b[0].transpose(1, 2, 0))


def rollout(task_id, steps=60, **kwargs):
    env = rlpool.make(task_id, **kwargs)
    n = env.config["num_envs"]
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    out = [obs.copy(), info["level_seed"].copy()]
    for _ in range(steps):
        obs, rew, term, trunc, info = env.step(np.full(n, rng.integers(0, 15)))  # one action for all envs
        out += [obs.copy(), rew.copy(), term.copy(), info["level_seed"].copy()]
    env.close()
    return out


def test_env_i_is_seeded_with_seed_plus_i_whatever_the_threads():
    a = rollout("StarpilotHard-v0", num_envs=3, num_threads=1, seed=5)
    b = rollout("StarpilotHard-v0", num_envs=1, seed=7)
    c = rollout("StarpilotHard-v0", num_envs=3, num_threads=3, seed=5)
    assert all(np.array_equal(x[2], y[0]) for x, y in zip(a, b))
    assert all(np.array_equal(x, y) for x, y in zip(a, c))
    assert not np.array_equal(a[0][0], a[0][1])


def test_render_is_the_frame():
    env = rlpool.make("BossfightEasy-v0", num_envs=2, render_mode="rgb_array")
    obs, _ = env.reset()
    frames = env.render()
    assert frames.shape[-3:] == (64, 64, 3)
    np.testing.assert_array_equal(np.asarray(frames).reshape(-1, 64, 64, 3)[0], obs[0].transpose(1, 2, 0))


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(env_name="pong"), ValueError, "valid: bigfish, bossfight"),
    (dict(num_levels=-1), ValueError, "num_levels must be in [0, 2^31)"),
    (dict(start_level=-5), ValueError, "start_level must be in [0, 2^31)"),
    (dict(num_levels=2**31), ValueError, "num_levels must be in [0, 2^31)"),
    (dict(distribution_mode=20), ValueError, "valid: 0 (easy), 1 (hard)"),  # bigfish has no exploration
    (dict(distribution_mode=3), ValueError, "is not a mode of bigfish"),
    (dict(distribution_mode="easy"), TypeError, "must be an int"),
    (dict(use_backgrounds=1), TypeError, "must be a bool"),
    (dict(level=3), TypeError, "valid options are"),
])
def test_bad_options(kwargs, error, words):
    with pytest.raises(error, match=None) as e:
        rlpool.make("BigfishHard-v0", **kwargs)
    assert words in str(e.value)


@pytest.mark.parametrize("action", [15, -1])
def test_out_of_range_action(action):
    env = rlpool.make("CoinrunEasy-v0", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="out of range"):
        env.step(np.array([0, action]))
    env.step(np.array([0, 14]))  # the pool is still usable
    env.close()


def test_float_action_is_bad_input():
    env = rlpool.make("CoinrunEasy-v0", num_envs=1)
    env.reset()
    with pytest.raises((TypeError, ValueError)):
        env.step(np.array([1.0]))


def _import_copy(tmp_path, make_data):
    """Imports a copy of rlpool._procgen from a folder whose _procgen_data make_data(folder) prepares."""
    import rlpool._procgen as module

    package = tmp_path / "procgen_copy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    shutil.copy(module.__file__, package / os.path.basename(module.__file__))
    make_data(package / "_procgen_data")
    code = textwrap.dedent("""
        import sys
        sys.path.insert(0, sys.argv[1])
        try:
            import procgen_copy._procgen
        except ImportError as e:
            print("ImportError:", e)
    """)
    return subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120)


def test_missing_libenv_says_how_to_rebuild(tmp_path):
    result = _import_copy(tmp_path, lambda data: None)
    assert "ImportError:" in result.stdout and "is missing" in result.stdout, result
    assert "RLPOOL_FAMILIES" in result.stdout


def test_a_library_that_is_not_libenv(tmp_path):
    def fake(data):
        (data / "prebuilt").mkdir(parents=True)
        libz = sorted(glob.glob("/lib/x86_64-linux-gnu/libz.so*") + glob.glob("/usr/lib/x86_64-linux-gnu/libz.so*"))
        shutil.copy(libz[0], data / "prebuilt" / "libenv.so")

    result = _import_copy(tmp_path, fake)
    assert "ImportError:" in result.stdout and "lacks libenv_version" in result.stdout, result


def test_same_step_autoreset_final_obs_is_the_next_first_frame():
    # libenv draws the next episode's first frame in the ending step (docs/procgen.md), so
    # under same_step the final observation and the returned one are that frame.
    env = rlpool.make("ChaserEasy-v0", num_envs=1, seed=3, autoreset_mode="same_step")
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(2000):
        obs, _, terminated, truncated, info = env.step(rng.integers(0, 15, size=1))
        if terminated[0] or truncated[0]:
            np.testing.assert_array_equal(info["final_obs"][0], obs[0])
            assert info["elapsed_step"][0] == 0
            break
    else:
        pytest.fail("no episode ended in 2000 steps")
