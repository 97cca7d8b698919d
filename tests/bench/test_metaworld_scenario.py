"""The metaworld bench scenario's variants run (tiny sizes; no timing is checked)."""

import numpy as np
import pytest

from rlpool.bench import scenarios
from rlpool.bench.runners import runners_for
from rlpool.bench.scenarios import Point

from .variants import assert_each_variant_steps

pytest.importorskip("rlpool._metaworld", reason="the metaworld family is not built")


def test_scenario_is_registered_with_metaworld_points():
    scenario = scenarios.SCENARIOS["metaworld"]
    assert scenario.points and all(p.family == "metaworld" for p in scenario.points)


def test_rlpool_gymnasium_and_bare_variants_step():
    point = Point("MetaWorld/Reach-v3", batch_size=2, num_threads=1, async_num_envs=4, family="metaworld")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "rlpool async", "bare", "gymnasium-sync"} <= set(runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 4)).astype(np.float32)
    assert_each_variant_steps(runners, actions)


def test_envpool_variants_step_where_envpool_is_installed():
    """envpool 1.2.5 registers the 50 MetaWorld/<Task>-v3 ids (not MT10/MT50): the scenario's envpool rows."""
    envpool = pytest.importorskip("envpool", reason="envpool is the bench extra's, not the test extra's")
    assert "MetaWorld/Reach-v3" in envpool.list_all_envs()
    point = Point("MetaWorld/Reach-v3", batch_size=2, num_threads=1, async_num_envs=4, family="metaworld")
    runners = {r.label: r for r in runners_for(point, ("envpool",))}
    assert set(runners) == {"envpool sync", "envpool async"}
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 4)).astype(np.float32)
    assert_each_variant_steps(runners, actions)
