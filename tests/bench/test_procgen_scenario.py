"""The procgen bench scenario's variants run (tiny sizes; no timing is checked)."""

import numpy as np

from rlpool.bench import scenarios
from rlpool.bench.runners import runners_for
from rlpool.bench.scenarios import Point

from .variants import assert_each_variant_steps


def test_scenario_is_registered_with_procgen_points():
    scenario = scenarios.SCENARIOS["procgen"]
    assert scenario.points and all(p.family == "procgen" for p in scenario.points)


def test_rlpool_procgen_and_bare_variants_step():
    point = Point("CoinrunHard-v0", batch_size=2, num_threads=1, async_num_envs=4, family="procgen")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "procgen", "bare"))}
    assert {"rlpool sync", "rlpool async", "procgen", "bare"} <= set(runners)
    actions = np.random.default_rng(0).integers(0, 15, size=(8, 2))
    assert_each_variant_steps(runners, actions)
