"""Multiplayer Atari through every face: PettingZoo 1.27's own API and seed
tests, the vectorised PettingZoo layout, gymnasium's check_env, thread-count
independence, the options, and bad input (clear errors, never a dead
process: the Multi-Agent ALE exits on a ROM it cannot read)."""

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import rlpool
from rlpool.tasks.atari_multi import GAMES

TASK = "Pong2P-v3"


# Seeding is the same code for every game: the seed test runs on a few, 2
# and 4 players, with and without per-agent ends.
SEED_TESTED = {"Pong2P-v3", "Boxing2P-v2", "SpaceInvaders2P-v2", "Joust2P-v3", "Warlords4P-v3"}


@pytest.mark.parametrize("task_id", sorted(GAMES))
def test_parallel_api_and_seed_tests_pass(task_id):
    env = rlpool.make_pettingzoo(task_id)
    parallel_api_test(env, num_cycles=40)
    env.close()
    if task_id in SEED_TESTED:
        parallel_seed_test(lambda: rlpool.make_pettingzoo(task_id), num_cycles=20)


def test_parallel_api_test_across_an_agent_leaving():
    """PettingZoo's API test through a player's end: Warlords from seed 1,
    with the test's random actions seeded, loses first_0 at step ~540 of
    1200 while the other three play on."""
    env = rlpool.make_pettingzoo("Warlords4P-v3", seed=1)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(10 + i)
    ended, step = [], env.step

    def counting_step(actions):
        out = step(actions)
        ended.extend(a for a, done in out[2].items() if done and len(out[2]) > 1 and not all(out[2].values()))
        return out

    env.step = counting_step
    parallel_api_test(env, num_cycles=600)
    assert ended, "no agent ended alone: the API test did not cross a removal"
    env.close()


def test_vectorised_layout_and_seeds():
    env = rlpool.make_pettingzoo(TASK, num_envs=3, seed=7)
    obs, _ = env.reset()
    assert env.agents == ["first_0", "second_0"] and obs["second_0"].shape == (3, 4, 84, 84)
    single = rlpool.make_pettingzoo(TASK, seed=9)  # env 2 of the vector is seeded 7 + 2
    sobs, _ = single.reset()
    rng = np.random.default_rng(0)
    for _ in range(20):
        a = rng.integers(6, size=(3, 2))
        obs, rew, term, trunc, _ = env.step({"first_0": a[:, 0], "second_0": a[:, 1]})
        sobs, srew, *_ = single.step({"first_0": int(a[2, 0]), "second_0": int(a[2, 1])})
        np.testing.assert_array_equal(obs["first_0"][2], sobs["first_0"])
        assert rew["second_0"].shape == (3,) and rew["second_0"][2] == srew["second_0"]
    with pytest.raises(NotImplementedError, match="no state"):
        env.state()
    env.close()
    single.close()


def test_an_agent_out_in_every_face():
    """Warlords from seed 1: one of the four players is out by ~180 steps
    while the game goes on. Its gymnasium row, its batched PettingZoo
    termination and info["agent_terminated"] say so from then to the
    episode's end; the others play on (tests/atari_multi/test_align.py aligns
    the steps themselves with PettingZoo)."""
    task = "Warlords4P-v3"
    flat = rlpool.make(task, num_envs=2, seed=1)
    pz = rlpool.make_pettingzoo(task, num_envs=2, seed=1)
    flat.reset()
    pz.reset()
    assert pz.agents == ["first_0", "second_0", "third_0", "fourth_0"]
    rng = np.random.default_rng(1)
    ended_at = None
    for t in range(200):
        a = rng.integers(6, size=(2, 4))
        _, _, term, trunc, info = flat.step(a.reshape(8))
        _, _, pterm, _, _ = pz.step({name: a[:, i] for i, name in enumerate(pz.agents)})
        np.testing.assert_array_equal(term, info["agent_terminated"].reshape(8))
        np.testing.assert_array_equal(np.stack([pterm[name] for name in pz.agents], axis=1), info["agent_terminated"])
        if ended_at is None and term.any():
            ended_at = t
            out = term.copy()
        if ended_at is not None:
            assert not trunc.any() and (term >= out).all() and not term.all(), t  # once out, out till the end
    assert ended_at is not None and pz.agents == ["first_0", "second_0", "third_0", "fourth_0"]
    flat.close()
    pz.close()


def test_results_do_not_depend_on_the_thread_count():
    """Emulators built and stepped on any threads, sticky actions on (ALE's
    generator): the same results as one thread, and env 3 as a one-env pool
    seeded 1 + 3."""
    actions = np.random.default_rng(2).integers(6, size=(60, 4, 2))

    def run(threads, envs=slice(0, 4), seed=1):
        num_envs = envs.stop - envs.start
        env = rlpool.make(TASK, num_envs=num_envs, num_threads=threads, seed=seed, repeat_action_probability=0.25)
        out = [env.reset()[0].reshape(2 * num_envs, -1)]
        for a in actions[:, envs]:
            obs, rew, *_ = env.step(a)
            out.append(np.concatenate([obs.reshape(len(rew), -1), rew[:, None]], axis=1))
        env.close()
        return out

    one, three, alone = run(1), run(3), run(1, envs=slice(3, 4), seed=4)
    for a, b, c in zip(one, three, alone):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(a[-2:], c)  # env 3's two player rows


def test_gymnasium_make_is_one_env_of_both_players():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(f"rlpool/{TASK}")
    obs, _ = env.reset(seed=3)
    assert obs.shape == (2, 4, 84, 84) and env.action_space.shape == (2,)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_options_shape_the_observation_and_actions():
    env = rlpool.make("Tennis2P-v3", frame_skip=1, stack_num=1, img_height=210, img_width=160, gray_scale=False,
                      full_action_space=True, num_envs=2)
    obs, info = env.reset()
    assert obs.shape == (4, 3, 210, 160) and env.single_action_space.n == 18
    assert info["players"]["agent_id"].tolist() == [0, 1, 0, 1]
    assert env.config["mode"] == -1 and rlpool.make_spec(TASK).config.mode == 4  # PettingZoo's modes
    env.close()


@pytest.mark.parametrize(
    "options,error,match",
    [
        ({"mode": 1}, ValueError, r"mode 1 is not a 2-player mode of 'pong'; use -1 \(the game's first\) or one of: 3, 4"),
        ({"max_num_players": 1}, ValueError, r"max_num_players=1 is below this task's 2 agents"),
        ({"task": "breakout"}, ValueError, r"task 'breakout' is not a multiplayer Atari game rlpool serves"),
        ({"ale_library": ""}, ImportError, r"pip install multi-agent-ale-py==0\.1\.12"),
        ({"frame_skip": 0}, ValueError, r"frame_skip must be >= 1, got 0"),
        ({"num_players": 3}, ValueError, r"num_players must be 2 or 4 \(the Multi-Agent ALE's multiplayer modes\), got 3"),
        ({"task": "joust", "num_players": 4}, ValueError, r"'joust' has no 4-player mode in the Multi-Agent ALE"),
    ],
)
def test_bad_options_say_what_is_wrong(options, error, match):
    with pytest.raises(error, match=match):
        rlpool.make(TASK, **options)


def test_a_wrong_rom_file_is_refused_before_the_emulator_sees_it(tmp_path):
    (tmp_path / "pong.bin").write_bytes(b"not a cartridge")
    with pytest.raises(ValueError, match=r"pong.bin is not the pong ROM ale-py ships \(MD5"):
        rlpool.make(TASK, roms_dir=str(tmp_path))
    with pytest.raises(ValueError, match=r"cannot read the ROM .*roms_dir must be ale-py's ROM folder"):
        rlpool.make(TASK, roms_dir=str(tmp_path / "nothing"))


def test_a_library_that_is_not_multi_agent_ale_is_refused(tmp_path):
    lib = tmp_path / "libale_c.so"
    lib.write_bytes(b"\x7fELF broken")
    with pytest.raises(ValueError, match=r"cannot load the Multi-Agent ALE library"):
        rlpool.make(TASK, ale_library=str(lib))


def test_out_of_range_actions_are_refused():
    env = rlpool.make(TASK)
    env.reset()
    with pytest.raises(ValueError, match=r"action 6 for env 0 at index 1 is out of range; valid actions are 0..5"):
        env.step(np.array([0, 6]))
    pz = rlpool.make_pettingzoo(TASK)
    pz.reset()
    with pytest.raises(ValueError, match=r"missing agent\(s\) \['second_0'\]"):
        pz.step({"first_0": 0})
    env.close()
    pz.close()
