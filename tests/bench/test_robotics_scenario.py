"""The robotics bench scenario's variants run (tiny sizes; no timing is checked)."""

import numpy as np

from rlpool.bench import scenarios
from rlpool.bench.runners import runners_for
from rlpool.bench.scenarios import Point

from .variants import assert_each_variant_steps


def test_scenario_is_registered_with_robotics_points():
    scenario = scenarios.SCENARIOS["robotics"]
    assert scenario.points and all(p.family == "robotics" for p in scenario.points)


def test_rlpool_gymnasium_and_bare_variants_step():
    point = Point("FetchPush-v1", batch_size=2, num_threads=1, async_num_envs=4, family="robotics")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "rlpool async", "bare"} <= set(runners)
    assert any(label.startswith("gymnasium") for label in runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 4)).astype(np.float32)
    assert_each_variant_steps(runners, actions)


def test_point_maze_variants_step():
    point = Point("PointMaze_Medium-v3", batch_size=2, num_threads=1, async_num_envs=4, family="robotics")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "bare"} <= set(runners) and any(label.startswith("gymnasium") for label in runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 2)).astype(np.float32)
    assert_each_variant_steps(runners, actions)


def test_adroit_variants_step():
    point = Point("AdroitHandDoor-v1", batch_size=2, num_threads=1, async_num_envs=4, family="robotics")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "bare"} <= set(runners) and any(label.startswith("gymnasium") for label in runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 28)).astype(np.float32)
    assert_each_variant_steps(runners, actions)


def test_hand_variants_step():
    point = Point("HandManipulateBlock-v0", batch_size=2, num_threads=1, async_num_envs=4, family="robotics")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "bare"} <= set(runners) and any(label.startswith("gymnasium") for label in runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 20)).astype(np.float32)
    assert_each_variant_steps(runners, actions)
