"""MPE options: mpe2's names and checks, the one episode-length option under
two names, and clear errors for what is not supported."""

import numpy as np
import pytest

import rlpool


def test_max_cycles_and_max_episode_steps_are_one_option():
    assert rlpool.make_spec("simple_tag_v3", max_cycles=7).config.max_episode_steps == 7
    assert rlpool.make_spec("simple_tag_v3", max_episode_steps=9).config.max_cycles == 9
    with pytest.raises(ValueError, match=r"max_cycles=7 and max_episode_steps=9 disagree"):
        rlpool.make_spec("simple_tag_v3", max_cycles=7, max_episode_steps=9)
    env = rlpool.make("simple_v3", max_cycles=3)
    env.reset()
    truncated = [env.step(np.zeros(1, np.int64))[3][0] for _ in range(3)]
    assert truncated == [False, False, True]


@pytest.mark.parametrize(
    "task_id,options,match",
    [
        ("simple_spread_v3", {"N": 0}, r"N must be in \[1, 64\], got 0"),
        ("simple_spread_v3", {"local_ratio": 1.5}, r"local_ratio must be in \[0, 1\], got 1.5"),
        ("simple_reference_v3", {"local_ratio": -0.1}, r"local_ratio must be in \[0, 1\]"),
        ("simple_tag_v3", {"num_good": 0}, r"num_good must be in \[1, 64\], got 0"),
        ("simple_world_comm_v3", {"num_food": 0}, r"num_food must be in \[1, 64\], got 0"),
    ],
)
def test_bad_option_values_say_what_is_allowed(task_id, options, match):
    with pytest.raises(ValueError, match=match):
        rlpool.make(task_id, **options)


@pytest.mark.parametrize("option", ["curriculum", "num_agent_neighbors", "benchmark_data"])
def test_unsupported_mpe2_options_are_unknown_options(option):
    with pytest.raises(TypeError, match=f"unexpected option\\(s\\) {option}; valid options are"):
        rlpool.make("simple_spread_v3", **{option: 1})


def test_agent_counts_follow_the_options():
    spec = rlpool.make_spec("simple_world_comm_v3", num_good=3, num_adversaries=2)
    assert spec.fields["num_players"] == 5 and spec.config.max_num_players == 5
    env = rlpool.make_pettingzoo("simple_world_comm_v3", num_good=3, num_adversaries=2)
    assert env.possible_agents == ["leadadversary_0", "adversary_0", "agent_0", "agent_1", "agent_2"]
    env.close()
