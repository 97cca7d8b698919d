"""No pause when the GIL is taken: a Python-written pool stepping async in a
background thread and pure-Python code in the main thread both make progress.

The workers call compiled code that never needs the GIL, and recv/send
release it while they wait or step. If the workers needed it, the pool would
stall whenever the main thread holds it. The background loop itself is Python
and must win the GIL back after each recv, so the switch interval is made
short for the test (that hand-off is the interpreter's, not rlpool's).
No timing assertion: progress is counted.
"""

import sys
import threading
import time

import numpy as np
import pytest

import rlpool


@pytest.fixture
def short_switch_interval():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    yield
    sys.setswitchinterval(old)


def run_pool_while(cartpole_id, main_thread_work, windows=10, window_s=0.2):
    """Steps an async pool in a thread while the main thread calls
    main_thread_work() repeatedly; returns the pool's steps per window and
    the main thread's calls."""
    env = rlpool.make(cartpole_id, num_envs=64, batch_size=16, num_threads=2, seed=0)
    stop = threading.Event()
    steps = [0]
    errors = []

    def step_in_background():
        try:
            env.async_reset()
            while not stop.is_set():
                obs, reward, terminated, truncated, info = env.recv()
                env.send(np.zeros(len(info["env_id"]), dtype=np.int32), info["env_id"])
                steps[0] += len(info["env_id"])
        except Exception as e:  # pragma: no cover - reported by the caller
            errors.append(e)

    worker = threading.Thread(target=step_in_background, daemon=True)
    worker.start()
    per_window, calls = [], 0
    for _ in range(windows):
        start_steps, end = steps[0], time.monotonic() + window_s
        while time.monotonic() < end:
            main_thread_work()
            calls += 1
        per_window.append(steps[0] - start_steps)
    stop.set()
    worker.join(timeout=60)
    assert not worker.is_alive(), "the stepping thread deadlocked"
    assert not errors, errors
    env.close()
    return per_window, calls


def spin():
    total = 0
    for i in range(2000):
        total += i * i
    return total


def test_pool_and_main_thread_both_progress(cartpole_id, short_switch_interval):
    busy, calls = run_pool_while(cartpole_id, spin)
    assert calls > 100  # the main thread ran its Python code throughout
    # The pool advanced in (nearly) every window while the main thread held
    # the GIL most of the time: progress is counted, not timed (a rate bound
    # failed by chance on a loaded CI machine).
    assert sum(w > 0 for w in busy) >= 8, busy
