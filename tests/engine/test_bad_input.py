"""Bad input raises a clear Python exception; it never crashes or hangs the
process, and the pool stays usable afterwards (or says it is closed).

Each case runs in its own interpreter, so a crash (abort, segfault) fails
only that case instead of taking the test run down.
"""

import signal
import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import numpy as np, rlpool
def attempt(f):
    try:
        f()
    except Exception as e:
        print("RAISED", type(e).__name__, str(e).replace("\\n", " "))
    else:
        print("NO ERROR")
"""


def run_isolated(body: str, timeout: float = 60, sigint_ignored: bool = False) -> str:
    code = PRELUDE + textwrap.dedent(body)
    argv = [sys.executable, "-c", code]
    # As a background job of a non-interactive shell starts (CI runners,
    # `cmd &`, nohup): SIGINT ignored, which exec passes on. Set in the child
    # before exec rather than by a shell's trap: a shell would run with the
    # sanitizer runtime tools/sanitize.sh preloads, and TSan's crashes it.
    ignore_sigint = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if sigint_ignored else None
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, preexec_fn=ignore_sigint)
    assert proc.returncode == 0, f"process died (rc={proc.returncode}):\n{proc.stderr[-2000:]}"
    return proc.stdout


# (setup, bad call, exception type, words the message must contain)
SYNC4 = "env = rlpool.make('CartPole-v1', num_envs=4); env.reset()"
PEND4 = "env = rlpool.make('Pendulum-v1', num_envs=4); env.reset()"
ASYNC = "env = rlpool.make('CartPole-v1', num_envs=4, batch_size=2); env.async_reset(); ids = env.recv()[4]['env_id']"
# What must still work after the error, per setup.
AFTER = {
    SYNC4: "print('STILL OK', env.step(np.zeros(4, np.int32))[0].shape)",
    PEND4: "print('STILL OK', env.step(np.zeros((4, 1), np.float32))[0].shape)",
    ASYNC: "env.send(np.zeros(2, np.int32), ids); print('STILL OK', env.recv()[0].shape)",
}
CASES = {
    "float action for discrete": (SYNC4, "env.step(np.zeros(4))", "TypeError", "integer actions"),
    "bool action": (SYNC4, "env.step(np.zeros(4, bool))", "TypeError", "integer actions"),
    "object action": (SYNC4, "env.step(np.array([None] * 4))", "TypeError", "object"),
    "string action": (SYNC4, "env.step(np.array(['a'] * 4))", "TypeError", "not accepted"),
    "int action for continuous": (PEND4, "env.step(np.zeros((4, 1), np.int64))", "TypeError", "float actions"),
    "too few actions": (SYNC4, "env.step(np.zeros(3, np.int32))", "ValueError", "expected (4,)"),
    "bad shape on a later call": (
        SYNC4 + "; env.step(np.zeros(4, np.int32))", "env.step(np.zeros((4, 1), np.int32))", "ValueError", "shape"),
    "continuous action without its axis": (PEND4, "env.step(np.zeros(4, np.float32))", "ValueError", "(4, 1)"),
    "env_id out of range": (SYNC4, "env.step(np.zeros(1, np.int32), np.array([4]))", "IndexError", "valid ids are 0..3"),
    "negative env_id": (SYNC4, "env.step(np.zeros(1, np.int32), np.array([-1]))", "IndexError", "out of range"),
    "duplicate env_id": (SYNC4, "env.step(np.zeros(2, np.int32), np.array([1, 1]))", "ValueError", "appears twice"),
    # Consecutive ids take a quicker check (csrc/core/pool.h, CheckIds), with the same errors.
    "consecutive env_ids past the end": (
        SYNC4, "env.step(np.zeros(2, np.int32), np.array([3, 4]))", "IndexError", "valid ids are 0..3"),
    "consecutive env_ids past the largest int32": (
        SYNC4, "env.step(np.zeros(3, np.int32), np.array([2**31 - 2, 2**31 - 1, -2**31], np.int32))",
        "IndexError", "valid ids are 0..3"),
    "consecutive env_ids from a negative one": (
        SYNC4, "env.step(np.zeros(2, np.int32), np.array([-1, 0]))", "IndexError", "out of range"),
    "float env_id": (SYNC4, "env.step(np.zeros(1, np.int32), np.array([1.0]))", "TypeError", "integer env ids"),
    "ragged list action": (SYNC4, "env.step([[0], [0, 1], [1], [0]])", "ValueError", "inhomogeneous"),
    "list env_id out of range": (SYNC4, "env.step([0], [7])", "IndexError", "valid ids are 0..3"),
    "too many env_ids": (SYNC4, "env.step(np.zeros(5, np.int32), np.arange(5))", "ValueError", "only 4 envs"),
    "discrete action too big": (SYNC4, "env.step(np.array([0, 1, 2, 0]))", "ValueError", "valid actions are 0..1"),
    "discrete action negative": (SYNC4, "env.step(np.array([0, -1, 0, 0]))", "ValueError", "out of range"),
    "NaN action": (PEND4, "env.step(np.full((4, 1), np.nan))", "ValueError", "not finite"),
    "inf action": (PEND4, "env.step(np.full((4, 1), np.inf, np.float32))", "ValueError", "not finite"),
    "recv with nothing in flight": (SYNC4, "env.recv()", "RuntimeError", "nothing in flight"),
    "async recv that would wait forever": (ASYNC + "; env.recv()", "env.recv()", "RuntimeError", "wait forever"),
    "sync send of an id already sent": (
        SYNC4 + "; env.send(np.zeros(1, np.int32), np.array([2]))",
        "env.send(np.zeros(1, np.int32), np.array([2]))", "ValueError", "still in flight"),
    "async_reset twice": (
        "env = rlpool.make('CartPole-v1', num_envs=4, batch_size=2); env.async_reset()",
        "env.async_reset()", "RuntimeError", "in flight"),
    "reset all while steps are in flight": (ASYNC, "env.reset()", "RuntimeError", "in flight"),
    "consecutive env_ids, some still in flight": (
        ASYNC, "env.send(np.zeros(4, np.int32), np.arange(4))", "ValueError", "still in flight"),
    "send to an env still in flight": (
        ASYNC, "env.send(np.zeros(1, np.int32), np.setdiff1d(np.arange(4), ids)[:1])", "ValueError", "still in flight"),
    "unknown kwarg": ("", "rlpool.make('CartPole-v1', num_env=4)", "TypeError", "valid options are"),
    "num_envs=0": ("", "rlpool.make('CartPole-v1', num_envs=0)", "ValueError", "num_envs must be >= 1"),
    "batch_size > num_envs": ("", "rlpool.make('CartPole-v1', num_envs=2, batch_size=3)", "ValueError", "batch_size"),
    "negative num_threads": ("", "rlpool.make('CartPole-v1', num_threads=-1)", "ValueError", "num_threads"),
    "max_episode_steps=0": ("", "rlpool.make('CartPole-v1', max_episode_steps=0)", "ValueError", "max_episode_steps"),
    "seed of the wrong type": ("", "rlpool.make('CartPole-v1', seed='x')", "TypeError", "seed"),
    "bool for an int option": ("", "rlpool.make('CartPole-v1', num_envs=True)", "TypeError", "must be an int"),
    "bad autoreset_mode": ("", "rlpool.make('CartPole-v1', autoreset_mode='never')", "ValueError", "next_step"),
    "env_seed of the wrong length": ("", "rlpool.make('CartPole-v1', num_envs=2, env_seed=[1])", "ValueError", "env_seed"),
    "bad Acrobot option value": ("", "rlpool.make('Acrobot-v1', book_or_nips='x')", "ValueError", "'book' or 'nips'"),
    "unknown task": ("", "rlpool.make('CartPole-v7')", "ValueError", "CartPole-v1"),
    "unknown env_type": ("", "rlpool.make('CartPole-v1', env_type='torch')", "ValueError", "env_type"),
    "bad reset option": (SYNC4, "env.reset(options={'foo': 1})", "ValueError", "reset_mask"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_raises_and_pool_survives(name):
    setup, call, exc, words = CASES[name]
    after = AFTER.get(setup, "")
    out = run_isolated(f"{setup}\nattempt(lambda: {call})\n{after}\n")
    line = next(l for l in out.splitlines() if l.startswith(("RAISED", "NO ERROR")))
    assert line.startswith(f"RAISED {exc} "), line
    assert words in line, line
    if after:
        assert "STILL OK" in out, out


def test_use_after_close_says_closed():
    out = run_isolated(
        """
        env = rlpool.make('CartPole-v1', num_envs=2)
        env.reset()
        env.close()
        env.close()  # twice is fine
        for f in [lambda: env.step(np.zeros(2, np.int32)), env.recv, env.reset, env.async_reset,
                  lambda: env.send(np.zeros(2, np.int32))]:
            attempt(f)
        """
    )
    lines = [l for l in out.splitlines() if l.startswith(("RAISED", "NO ERROR"))]
    assert len(lines) == 5
    assert all(l.startswith("RAISED RuntimeError") and "closed" in l for l in lines), lines


def test_lists_and_scalars_are_converted():
    out = run_isolated(
        """
        env = rlpool.make('CartPole-v1', num_envs=2)
        env.reset()
        print('OBS', env.step([0, 1], [1, 0])[0].shape)
        print('OBS', env.step(np.array([1]), 1)[0].shape)
        """
    )
    assert out.count("OBS (2, 4)") == 1 and out.count("OBS (1, 4)") == 1, out


def test_ctrl_c_interrupts_a_long_step_and_the_pool_recovers():
    out = run_isolated(
        """
        import os, signal, threading, time
        # A Python that inherits SIGINT ignored installs no KeyboardInterrupt
        # handler, so the kernel drops the signal before rlpool can see it:
        # that, not rlpool, lost the Ctrl-C of issue 11 (defect 9) whenever
        # the tests ran in the background. The child starts that way on
        # purpose, checks it, and installs the handler an interactive Python
        # has, so what is tested is rlpool's part alone, wherever it runs.
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN, signal.getsignal(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        n = 100_000  # one step of all of them takes ~0.1 s on one thread
        env = rlpool.make('Acrobot-v1', num_envs=n, num_threads=1)
        env.reset()
        actions = np.ones(n, np.int32)
        fired = []
        def interrupt():
            fired.append(time.time())
            os.kill(os.getpid(), signal.SIGINT)
        threading.Timer(0.3, interrupt).start()
        try:
            for _ in range(200):
                env.step(actions)
            print('NOT INTERRUPTED')
        except KeyboardInterrupt:
            print('INTERRUPTED after', round(time.time() - fired[0], 3))
        if env._pool.in_flight():
            env.recv()  # the interrupted step's results are still there to collect
        print('RECOVERED', env.step(actions)[0].shape)
        """,
        # Making 100,000 envs takes a minute on a machine loaded 15-30 deep
        # (measured while eight builds ran): the limit is for hangs only.
        timeout=600,
        sigint_ignored=True,
    )
    assert "INTERRUPTED after" in out and "RECOVERED (100000, 6)" in out, out
    delay = float(out.split("INTERRUPTED after")[1].split()[0])
    assert delay < 5.0, out
