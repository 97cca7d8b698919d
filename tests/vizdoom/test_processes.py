"""Engine processes: one per env, started in parallel, always ended
(close, interpreter exit, the parent killed by a signal), /dev/shm left
clean, and a dead engine reported as an error naming its env."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
import rlpool
from rlpool import _vizdoom

from .reference import engine_processes, guards_of, shm_objects


def wait_until(predicate, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_make_close_8_envs_20_times_leaves_nothing():
    engines_before, shm_before = engine_processes(_vizdoom.ENGINE_PATH), shm_objects()
    for _ in range(20):
        env = rlpool.make("Basic-v1", num_envs=8)
        # one engine (behind its guard) per env, launched in the background at make
        assert wait_until(lambda: len(guards_of(os.getpid())) == 8)
        env.close()
        assert engine_processes(_vizdoom.ENGINE_PATH) - engines_before == set()
        assert guards_of(os.getpid()) == []
        assert shm_objects() - shm_before == set()


def _child(code):
    script = textwrap.dedent(
        """
        import os, sys, numpy as np, rlpool
        env = rlpool.make("Basic-v1", num_envs=3)
        env.reset()
        env.step(np.zeros((3, 3)))
        print(os.getpid(), flush=True)
        """
    ) + textwrap.dedent(code)
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize(
    "how, code",
    [
        ("SIGKILL", "import time; time.sleep(600)"),
        ("SIGTERM", "import time; time.sleep(600)"),
        ("exit without close", ""),
        ("os._exit", "os._exit(3)"),
    ],
)
def test_engines_end_with_their_process(how, code):
    engines_before, shm_before = engine_processes(_vizdoom.ENGINE_PATH), shm_objects()
    child = _child(code)
    pid = int(child.stdout.readline())
    if how.startswith("SIG"):
        assert len(guards_of(pid)) == 3
        assert len(engine_processes(_vizdoom.ENGINE_PATH) - engines_before) == 6  # 3 guards + 3 engines
        child.send_signal(getattr(signal, how))
    child.wait(timeout=60)
    assert wait_until(lambda: engine_processes(_vizdoom.ENGINE_PATH) - engines_before == set())
    assert wait_until(lambda: shm_objects() - shm_before == set())


def _engine_of(guard):
    with open(f"/proc/{guard}/task/{guard}/children") as f:
        return int(f.read().split()[0])


def test_dead_engine_is_an_error_naming_the_env_not_a_hang():
    env = rlpool.make("Basic-v1", num_envs=3, seed=1)
    try:
        env.reset()
        guards = sorted(guards_of(os.getpid()))
        assert len(guards) == 3
        # Which env owns which engine is not visible from here: kill one
        # engine and expect exactly one env to report the failure.
        os.kill(_engine_of(guards[1]), signal.SIGKILL)
        with pytest.raises(RuntimeError, match=r"env \d failed: .*ViZDoom") as err:
            for _ in range(50):
                env.step(np.zeros((3, 3)))
        failed = int(err.value.args[0].split("env ")[1].split()[0])
        assert failed in (0, 1, 2)
    finally:
        env.close()
    assert guards_of(os.getpid()) == []


def test_engines_start_in_parallel():
    # Every env's engine is launched at make(), on a starter thread of its
    # own, whatever the pool's num_threads (1 here); the first reset waits
    # for them. (That the starts overlap is a timing fact, measured in the
    # report, not asserted here.)
    env = rlpool.make("Basic-v1", num_envs=4, num_threads=1)
    try:
        assert wait_until(lambda: len(guards_of(os.getpid())) == 4)  # all four launched before any reset
        obs, _ = env.reset()
        assert obs.shape[0] == 4
    finally:
        env.close()
