"""The PettingZoo face (rlpool.make_pettingzoo) with PettingZoo 1.27's own tests,
its vectorised layout, and its bad-input errors; and the players options."""

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import rlpool

TASK = "simple_spread_v3"
MPE = sorted(rlpool.list_all_envs("mpe"))
CASES = [(t, c) for t in MPE for c in (False, True)]


@pytest.mark.parametrize("task_id,continuous", CASES)
def test_parallel_api_and_seed_tests_pass(task_id, continuous):
    env = rlpool.make_pettingzoo(task_id, continuous_actions=continuous)
    parallel_api_test(env, num_cycles=60)
    env.close()
    parallel_seed_test(lambda: rlpool.make_pettingzoo(task_id, continuous_actions=continuous), num_cycles=30)


@pytest.mark.parametrize("task_id,continuous", CASES)
def test_same_spaces_names_and_episodes_as_mpe2(task_id, continuous):
    """Against mpe2's own ParallelEnv: the same agents and spaces, and
    reset(seed=s) then reset() play the same episodes (observations bit for
    bit, rewards equal to mpe2's cast to float32, the same episode ends)."""
    import importlib

    ref = importlib.import_module(f"mpe2.{task_id}").parallel_env(continuous_actions=continuous)
    env = rlpool.make_pettingzoo(task_id, continuous_actions=continuous)
    assert env.possible_agents == ref.possible_agents
    for a in ref.possible_agents:
        assert env.observation_space(a) == ref.observation_space(a)
        assert env.action_space(a) == ref.action_space(a)
    for seed in (5, None):  # a seeded reset, then the next episode of the same generator
        obs, _ = env.reset(seed=seed)
        robs, _ = ref.reset(seed=seed)
        for a in ref.possible_agents:
            np.testing.assert_array_equal(obs[a], robs[a])
        np.testing.assert_array_equal(env.state(), ref.state())
        for a in ref.possible_agents:
            ref.action_space(a).seed(seed or 1)
        while env.agents:
            actions = {a: ref.action_space(a).sample() for a in env.agents}
            obs, rew, term, trunc, _ = env.step(actions)
            robs, rrew, rterm, rtrunc, _ = ref.step(actions)
            for a in ref.possible_agents:
                np.testing.assert_array_equal(obs[a], robs[a])
                assert rew[a] == np.float32(rrew[a]) and trunc[a] == rtrunc[a] and term[a] == rterm[a]
        assert not ref.agents
    env.close()


def test_vectorised_layout():
    env = rlpool.make_pettingzoo(TASK, num_envs=3, seed=7, max_cycles=4)
    obs, infos = env.reset()
    assert env.agents == env.possible_agents == ["agent_0", "agent_1", "agent_2"]
    assert obs["agent_1"].shape == (3, 18) and env.state().shape == (3, 54)
    single = rlpool.make_pettingzoo(TASK, seed=8)  # env 1 of the vector is seeded 7 + 1
    sobs, _ = single.reset()
    np.testing.assert_array_equal(obs["agent_2"][1], sobs["agent_2"])
    for t in range(4):
        obs, rew, term, trunc, _ = env.step({a: np.full(3, 2) for a in env.agents})
        assert rew["agent_0"].shape == (3,) and trunc["agent_0"].dtype == bool
    assert trunc["agent_0"].all() and env.agents == env.possible_agents  # the next step autoresets
    env.close()
    single.close()


@pytest.mark.parametrize(
    "actions,match",
    [
        ({"agent_0": 0, "agent_1": 0}, r"missing agent\(s\) \['agent_2'\]"),
        ({"agent_0": 0, "agent_1": 0, "agent_2": 0, "agent_9": 0}, r"unknown agent\(s\) \['agent_9'\]"),
        ({"agent_0": 5, "agent_1": 0, "agent_2": 0}, r"agent_0's action must be in \[0, 4\]"),
        ({"agent_0": [1, 2], "agent_1": 0, "agent_2": 0}, r"agent_0's action must be an integer array of shape \(\)"),
    ],
)
def test_bad_actions_say_what_is_wrong(actions, match):
    env = rlpool.make_pettingzoo(TASK)
    env.reset()
    with pytest.raises(ValueError, match=match):
        env.step(actions)
    env.close()


def test_step_after_the_episode_asks_for_reset():
    env = rlpool.make_pettingzoo(TASK, max_cycles=1)
    env.reset()
    env.step(dict.fromkeys(env.agents, 0))
    with pytest.raises(RuntimeError, match="call reset"):
        env.step({"agent_0": 0})
    env.close()


def test_single_agent_task_is_refused():
    with pytest.raises(ValueError, match="single-agent"):
        rlpool.make_pettingzoo("CartPole-v1")


def test_max_num_players_below_the_agent_count_is_refused():
    with pytest.raises(ValueError, match=r"max_num_players=2 is below this task's 3 agents"):
        rlpool.make(TASK, max_num_players=2)
    assert rlpool.make_spec(TASK, N=5).config.max_num_players == 5  # 0, the default, is the task's count
    assert rlpool.make_spec(TASK, max_num_players=8).config.max_num_players == 8


def test_gymnasium_face_flat_player_rows():
    env = rlpool.make(TASK, num_envs=2)
    obs, info = env.reset()
    assert obs.shape == (6, 18) and env.single_action_space.n == 5
    np.testing.assert_array_equal(info["players"]["env_id"], [0, 0, 0, 1, 1, 1])
    np.testing.assert_array_equal(info["players"]["agent_id"], [0, 1, 2, 0, 1, 2])
    obs2, rew, term, trunc, info = env.step(np.zeros((2, 3), np.int64))  # (envs, players) works too
    assert rew.shape == term.shape == (6,)
    with pytest.raises(ValueError, match=r"actions must have shape \(6,\) \(envs x 3 players"):
        env.step(np.zeros(5, np.int64))
    env.close()


def test_each_players_own_discrete_bound_is_checked():
    # speaker_listener: the speaker has Discrete(3), the listener Discrete(5)
    env = rlpool.make("simple_speaker_listener_v4")
    env.reset()
    env.step(np.array([2, 4]))
    with pytest.raises(ValueError, match=r"action 3 for env 0 at index 0 is out of range; valid actions are 0..2"):
        env.step(np.array([3, 4]))
    env.close()


def test_gymnasium_make_of_a_multi_agent_task_is_all_its_agents():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("rlpool/simple_speaker_listener_v4")
    obs, info = env.reset(seed=3)
    assert obs.shape == (2, 11) and env.action_space.shape == (2,)
    obs, reward, terminated, truncated, info = env.step(np.array([1, 4]))
    assert reward == pytest.approx(float(info["rewards"].sum())) and info["players"]["agent_id"].tolist() == [0, 1]
    check_env(env.unwrapped, skip_render_check=True)
    env.close()
