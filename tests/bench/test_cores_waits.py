"""`rlpool bench cores` and `rlpool bench waits`: fresh default pools against
the bare-loop ceiling, on tiny sizes (never timed against a threshold)."""

from __future__ import annotations

import json

import numpy as np
import pytest


def test_sync_bound_deals_each_round_of_steps_through_the_barrier():
    from rlpool.bench.cores import sync_bound

    assert sync_bound(np.full((2, 40), 2.0), envs_per_core=4) == 1.0  # equal costs: nobody waits
    # Batch r is round r of every core, (1, 3) twice, each lasting its dearer step: 8 / (2 x 6).
    # One core's rounds taken together, (1, 1) then (3, 3), would waste nothing.
    assert sync_bound(np.array([[1.0, 1.0], [3.0, 3.0]]), envs_per_core=1) == 8 / (2 * 6)
    with pytest.raises(ValueError, match="at least 4 steps per core, got 3"):
        sync_bound(np.ones((2, 3)), envs_per_core=4)


@pytest.mark.slow
def test_cores_scenario_measures_fresh_default_pools(monkeypatch):
    from rlpool.bench import cores

    monkeypatch.setattr(cores, "WORKLOADS", (("CartPole-v1", "CartPole-v1", {}), ("Acrobot", "Acrobot-v1", {})))
    monkeypatch.setattr(cores, "SHAPES", ((4, 4), (4, 2)))
    monkeypatch.setattr(cores, "SHAPES_OF", {"Acrobot": ((6, 6),)})
    monkeypatch.setattr(cores, "WINDOW_S", 0.02)
    monkeypatch.setattr(cores, "BARE_S", 0.02)
    monkeypatch.setattr(cores.os, "cpu_count", lambda: 2)
    bare_env_counts = []
    real_open = cores.BareLoop.open

    def counting_open(self, actions):
        bare_env_counts.append((self.num_envs, self.loops_at_once))
        real_open(self, actions)

    monkeypatch.setattr(cores.BareLoop, "open", counting_open)
    results = cores.run(show_progress=False, pools=3)
    # A workload with shapes of its own is measured at those only; each
    # workload ends with its control, bare loops measured as a pool is.
    assert [(r.workload, r.num_envs, r.batch_size, r.control, len(r.pools)) for r in results] == [
        ("CartPole-v1", 4, 4, False, 3), ("CartPole-v1", 4, 2, False, 3), ("CartPole-v1", 4, 0, True, 3),
        ("Acrobot", 6, 6, False, 3), ("Acrobot", 6, 0, True, 3)]
    # One ceiling per env count (a loop per core at once, each over num_envs /
    # 2 cores round-robin), then a fresh twin of it per control.
    assert bare_env_counts == [(2, 2)] + [(2, 2)] * 3 + [(3, 2)] + [(3, 2)] * 3
    for r in results:
        assert r.ceiling > 0 and all(p.steps_per_s > 0 and (r.control or p.cores_busy > 0) for p in r.pools)
        # Only a sync pool waits for its last env at every step().
        assert (r.sync_bound is None) == (r.control or r.batch_size < r.num_envs)
        assert r.sync_bound is None or 0 < r.sync_bound <= 1
    # Same work on both sides: the control reads near 1 (drift aside), far
    # from what a wrong pairing of rates and ceilings would give.
    for r in (r for r in results if r.control):
        assert all(0.3 < f < 3 for f in r.fractions)
    table = cores.format_table(results)
    assert "CartPole-v1" in table and "pools:" in table and "sync bound" in table
    assert "    4  bare" in table and "bare (the control)" in table and "twins:" in table
    as_json = cores.to_json(results)
    assert [r["control"] for r in as_json] == [False, False, True, False, True]
    assert json.loads(json.dumps(as_json)) == as_json  # strict JSON: the control's unmeasured CPU is null, not NaN


@pytest.mark.slow
def test_waits_scenario_compares_every_variant_on_fresh_pools(monkeypatch, capsys, tmp_path):
    import os

    from rlpool.bench import cores, wait_choices

    monkeypatch.setattr(wait_choices, "WORKLOADS", (("CartPole-v1", "CartPole-v1", {}),))
    monkeypatch.setattr(wait_choices, "SHAPES", ((4, 4),))
    monkeypatch.setattr(cores, "WINDOW_S", 0.02)
    monkeypatch.setenv("RLPOOL_CALLER_HELPS", "1")
    samples = wait_choices.run(show_progress=False, rounds=2)
    names = list(wait_choices.variants(os.cpu_count() or 1))
    assert sorted(k[3] for k in samples) == sorted(names)
    assert all(len(v) == 2 and all(p.steps_per_s > 0 and p.ceiling > 0 for p in v) for v in samples.values())
    assert os.environ["RLPOOL_CALLER_HELPS"] == "1"  # the caller's environment is restored
    table = wait_choices.format_table(samples)
    assert all(name in table for name in names) and "x default" in table and "frac" in table
