"""FrankaKitchen's points of the robotics bench scenario run on every variant
(tiny sizes; no timing is checked): rlpool sync and async, gymnasium-robotics
in gymnasium's vector env (a Dict of Dicts observation), the bare loop."""

import numpy as np

from rlpool.bench.runners import runners_for
from rlpool.bench.scenarios import SCENARIOS, Point

from .variants import assert_each_variant_steps


def test_kitchen_variants_step():
    assert any(p.task == "FrankaKitchen-v1" for p in SCENARIOS["robotics"].points)
    point = Point("FrankaKitchen-v1", batch_size=2, num_threads=1, async_num_envs=4, family="robotics")
    runners = {r.label: r for r in runners_for(point, ("rlpool", "gymnasium-sync", "bare"))}
    assert {"rlpool sync", "rlpool async", "bare"} <= set(runners)
    assert any(label.startswith("gymnasium") for label in runners)
    actions = np.random.default_rng(0).uniform(-1, 1, size=(8, 2, 9))
    assert_each_variant_steps(runners, actions)
