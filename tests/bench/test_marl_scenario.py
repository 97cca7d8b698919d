"""The marl bench scenario's variants run: rlpool's MPE pools (flat player
rows), mpe2's own ParallelEnvs in a Python loop and the bare loop, and
two-player Pong against PettingZoo's own Atari envs (tiny sizes; no timing is
checked)."""

import pytest

from rlpool.bench import scenarios
from rlpool.bench.actions import action_batches
from rlpool.bench.runners import runners_for
from rlpool.bench.scenarios import Point

import rlpool

from .variants import assert_each_variant_steps


def test_scenario_is_registered_with_mpe_and_two_player_atari_points():
    scenario = scenarios.SCENARIOS["marl"]
    assert {p.family for p in scenario.points} == {"mpe", "atari_multi"}
    assert set(scenario.libraries) == {"rlpool", "mpe2", "supersuit", "supersuit-procs", "pettingzoo", "jaxmarl", "bare"}


def test_two_player_pong_steps_against_pettingzoo():
    pytest.importorskip("multi_agent_ale_py", reason="the atari-multi extra: pip install '.[atari-multi]'")
    point = Point("Pong2P-v3", batch_size=2, num_threads=1, async_num_envs=4, family="atari_multi",
                  options=scenarios.RAW_TWO_PLAYER)
    runners = {r.label: r for r in runners_for(point, ("rlpool", "pettingzoo"))}
    assert {"rlpool sync", "rlpool async", "pettingzoo"} <= set(runners)
    actions = action_batches(rlpool.make_spec("Pong2P-v3", **dict(point.options)).action_space, 2)[:4]
    assert_each_variant_steps(runners, actions, steps=10)


def test_rlpool_mpe2_supersuit_and_bare_variants_step():
    pytest.importorskip("supersuit", reason="the bench extra's peer: pip install '.[bench]'")
    for task, options in (("simple_world_comm_v3", ()), ("simple_speaker_listener_v4", (("continuous_actions", True),))):
        point = Point(task, batch_size=2, num_threads=1, async_num_envs=4, family="mpe", options=options)
        runners = {r.label: r for r in runners_for(point, ("rlpool", "mpe2", "supersuit", "bare"))}
        assert {"rlpool sync", "rlpool async", "mpe2", "supersuit", "bare"} <= set(runners)
        actions = action_batches(rlpool.make_spec(task, **dict(options)).action_space, 2)[:4]
        assert_each_variant_steps(runners, actions, steps=30)  # past an episode end (25 steps)
