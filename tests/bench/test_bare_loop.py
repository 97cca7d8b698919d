"""The bare loop, the ceiling every pool is measured against: built from the
lab modules (rlpool._lab_<family>), run on every core at once."""

from __future__ import annotations

import numpy as np
import pytest

import rlpool
from rlpool.bench.native import bare_loop, lab_module


def test_every_env_class_has_a_bare_loop():
    for task in ["CartPole-v1", "Pendulum-v1", "FrozenLake-v1"]:
        spec = rlpool.make_spec(task)
        loop = bare_loop(spec, 3)
        assert 0 < loop.run(1000) < 10
        seconds = loop.step_seconds(300)
        assert len(seconds) == 300 and all(0 < s < 1 for s in seconds)
        for steps in (0, -1):
            with pytest.raises(ValueError, match=f"1 <= steps <= 2\\*\\*24, got {steps}"):
                loop.step_seconds(steps)


def test_bare_loops_at_once_report_a_failed_loop_instead_of_a_short_time():
    from rlpool.bench.runners.bare import at_once

    def broken() -> float:
        raise RuntimeError("env failed")

    assert at_once([lambda: 1.0, lambda: 3.0]) == 2.0  # the mean of the loops' own clocks
    with pytest.raises(RuntimeError, match="env failed"):
        at_once([lambda: 1.0, broken])


def test_a_bare_loop_refuses_a_senseless_env_count():
    spec = rlpool.make_spec("CartPole-v1")
    for n in (0, -1, 12289):
        with pytest.raises(ValueError, match=f"1 <= num_envs <= 12288, got {n}"):
            bare_loop(spec, n)
    assert bare_loop(spec, 12288).run(1) >= 0  # an async pool of 3 x 8,192 envs on 2 cores: one core's share


def test_a_python_written_env_has_a_bare_loop_so_scale_can_measure_its_ceiling():
    pytest.importorskip("numba", reason="Python-written envs need Numba (the test extra has it)")
    from rlpool.bench.runners.python_envs import ensure_registered

    ensure_registered("PyCartPole-v1")
    # Built from the spec alone, the loop must still reach the compiled functions.
    loop = bare_loop(rlpool.make_spec("PyCartPole-v1", seed=3), 5)
    assert 0 < loop.run(2000) < 10
    assert len(loop.step_seconds(100)) == 100


def test_a_bare_loop_steps_the_actions_it_is_given_and_refuses_a_table_of_part_actions():
    spec = rlpool.make_spec("Taxi-v3")
    # The pools' stream, any shape: flattened in C order and cycled.
    loop = bare_loop(spec, 4, np.arange(6 * 7).reshape(7, 6) % 6)
    assert 0 < loop.run(500) < 10
    # Converted to the action field's dtype (Pendulum: float32) before it goes in.
    assert 0 < bare_loop(rlpool.make_spec("Pendulum-v1"), 2, np.array([-2.0, 0.0, 2.0])).run(100) < 10
    for actions, why in ((np.array([0, 6]), "some are outside it"), (np.array([], dtype=np.int64), "got 0 values")):
        with pytest.raises(ValueError, match=why):
            bare_loop(spec, 4, actions)
    module = lab_module(spec.family)
    for table, got in ((b"\x01\x00\x00", 3), (b"", 0)):
        with pytest.raises(ValueError, match=f"a table of whole actions of 4 bytes each, got {got} bytes"):
            module.TaxiBareLoop(spec._native_config(), 4, table)
