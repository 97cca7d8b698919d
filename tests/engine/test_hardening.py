"""Hardening (issue 11): threads, fork, odd configurations and odd input.

Anything that could crash or hang runs in its own interpreter with a
timeout, so a regression fails one test instead of the whole run.
"""

import copy
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import rlpool


def run(code: str, timeout: float = 120) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", "import numpy as np, rlpool\n" + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=timeout,
    )
    assert proc.returncode == 0, f"process died (rc={proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


# -- 1. sync step() from several threads returns each caller's own rows ------

def test_threads_stepping_disjoint_ids_each_get_their_own_rows():
    out = run(
        """
        import threading
        env = rlpool.make("CartPole-v1", num_envs=16, num_threads=2)
        env.reset()
        bad, done = [], []
        def hammer(ids):
            ids = np.array(ids, np.int32)
            a = np.zeros(len(ids), np.int32)
            for _ in range(3000):
                obs, rew, term, trunc, info = env.step(a, ids)
                if obs.shape[0] != len(ids) or not np.array_equal(info["env_id"], ids):
                    bad.append((ids.tolist(), info["env_id"].tolist()))
            done.append(1)
        groups = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10], [11, 12, 13, 14, 15]]
        threads = [threading.Thread(target=hammer, args=(g,)) for g in groups]
        for t in threads: t.start()
        for t in threads: t.join()
        print("DONE", len(done), "BAD", len(bad), bad[:2])
        """
    )
    assert "DONE 4 BAD 0" in out, out


def test_plain_recv_never_takes_another_threads_step_result():
    """A step's block is kept for it: a plain recv() in another thread with
    no plain send() in flight says so instead of taking the step's rows."""
    out = run(
        """
        import threading
        env = rlpool.make("Ant-v5", num_envs=2, num_threads=1) if False else rlpool.make("Acrobot-v1", num_envs=20000, num_threads=1)
        env.reset()
        a = np.zeros(20000, np.int32)
        got = []
        t = threading.Thread(target=lambda: got.append(env.step(a)[4]["env_id"].shape))
        t.start()
        errors = []
        while t.is_alive():
            try:
                env.recv()
                errors.append("STOLE")
            except RuntimeError as e:
                errors.append("nothing in flight" in str(e))
        t.join()
        print("STEP", got, "STOLE" in errors)
        """
    )
    assert "STEP [(20000,)] False" in out, out


# -- 2. fork: a child's every call raises, and exiting never hangs ------------

FORK_CHILD_STEPS = """
import os, sys
env = rlpool.make({task!r}, num_envs=4)
env.reset()
a = np.stack([env.action_space.sample() for _ in range(4)])
pid = os.fork()
if pid == 0:
    try:
        env.step(a)
        print("CHILD STEPPED", flush=True)
    except RuntimeError as e:
        print("CHILD RAISED", str(e), flush=True)
    sys.exit(0)  # a normal exit: runs the pool's __del__ / close in the child
_, status = os.waitpid(pid, 0)
print("CHILD STATUS", status, flush=True)
print("PARENT STILL OK", env.step(a)[0].shape, flush=True)
"""

FORK_CHILD_EXITS = """
import os, sys
env = rlpool.make({task!r}, num_envs=4, batch_size=2)
env.async_reset()  # the workers are busy (or asleep on their queue) at the fork
pid = os.fork()
if pid == 0:
    sys.exit(0)
_, status = os.waitpid(pid, 0)
print("CHILD STATUS", status, flush=True)
env.recv()
env.close()
print("PARENT CLOSED", flush=True)
"""

MP_FORK_CHILD = """
import multiprocessing as mp
env = rlpool.make({task!r}, num_envs=4)
env.reset()
def child(q):
    try:
        env.step(np.stack([env.action_space.sample() for _ in range(4)]))
        q.put("STEPPED")
    except RuntimeError as e:
        q.put("RAISED " + str(e))
ctx = mp.get_context("fork")
q = ctx.Queue()
p = ctx.Process(target=child, args=(q,))
p.start()
print("CHILD SAID", q.get(timeout=60), flush=True)
p.join(60)
print("EXITCODE", p.exitcode, flush=True)
"""


@pytest.mark.parametrize("task", ["CartPole-v1", "Ant-v5"])
def test_fork_child_that_steps_an_inherited_pool_raises_and_exits(task):
    if task == "Ant-v5":
        pytest.importorskip("rlpool._mujoco", reason="the mujoco family is not built")
    out = run(FORK_CHILD_STEPS.format(task=task), timeout=90)
    assert "CHILD RAISED this pool was created in process" in out, out
    assert "make a new pool in this process" in out
    assert "CHILD STATUS 0" in out and "PARENT STILL OK (4," in out, out


@pytest.mark.parametrize("task", ["CartPole-v1", "Ant-v5"])
def test_fork_child_that_just_exits_does_not_hang(task):
    if task == "Ant-v5":
        pytest.importorskip("rlpool._mujoco", reason="the mujoco family is not built")
    out = run(FORK_CHILD_EXITS.format(task=task), timeout=90)
    assert "CHILD STATUS 0" in out and "PARENT CLOSED" in out, out


@pytest.mark.parametrize("task", ["CartPole-v1", "Ant-v5"])
def test_multiprocessing_fork_child_gets_a_clear_error(task):
    if task == "Ant-v5":
        pytest.importorskip("rlpool._mujoco", reason="the mujoco family is not built")
    out = run(MP_FORK_CHILD.format(task=task), timeout=120)
    assert "CHILD SAID RAISED this pool was created in process" in out and "EXITCODE 0" in out, out


def test_every_pool_call_raises_in_a_fork_child_and_close_is_quiet():
    out = run(
        """
        import os
        env = rlpool.make("CartPole-v1", num_envs=4, batch_size=2)
        env.async_reset()
        pid = os.fork()
        if pid == 0:
            calls = {
                "step": lambda: env.step(np.zeros(2, np.int32), np.array([0, 1])),
                "send": lambda: env.send(np.zeros(2, np.int32), np.array([0, 1])),
                "recv": lambda: env.recv(),
                "reset": lambda: env.reset(np.array([0])),
                "async_reset": lambda: env.async_reset(),
            }
            for name, call in calls.items():
                try:
                    call()
                    print("NO ERROR", name, flush=True)
                except RuntimeError as e:
                    print("RAISED", name, "created in process %d" % os.getppid() in str(e), flush=True)
            env.close()
            del env
            print("CHILD CLOSED", flush=True)
            os._exit(0)
        os.waitpid(pid, 0)
        """,
        timeout=60,
    )
    for name in ("step", "send", "recv", "reset", "async_reset"):
        assert f"RAISED {name} True" in out, out
    assert "NO ERROR" not in out and "CHILD CLOSED" in out, out


# -- 3, 4. thread limits -------------------------------------------------------

def test_thread_creation_failure_raises_and_leaves_nothing_running():
    """Thread stacks are reserved address space: a low RLIMIT_AS makes thread
    creation fail part-way (num_threads is within the allowed range)."""
    out = run(
        """
        import resource
        import rlpool._classic_control
        def status(key):
            with open("/proc/self/status") as f:
                return next(int(l.split()[1]) for l in f if l.startswith(key))
        print("BEFORE", status("Threads"))
        vm = status("VmSize") * 1024
        resource.setrlimit(resource.RLIMIT_AS, (vm + 512 * 2**20, resource.RLIM_INFINITY))
        try:
            rlpool.make("CartPole-v1", num_envs=4, num_threads=1024)
            print("NO ERROR")
        except RuntimeError as e:
            print("RAISED", e)
        print("AFTER", status("Threads"))
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        print("STILL OK", rlpool.make("CartPole-v1", num_envs=4).reset()[0].shape)
        """
    )
    assert "RAISED could create only" in out and "of num_threads=1024 worker threads" in out, out
    before, after = (out.split(w)[1].split()[0] for w in ("BEFORE", "AFTER"))
    assert before == after and "STILL OK (4, 4)" in out, out


@pytest.mark.parametrize("value", [1025, 2**31, 2**32, 2**32 + 2, 2**63 - 1])
def test_num_threads_out_of_range_is_refused(value):
    with pytest.raises(ValueError, match=r"num_threads must be in \[0, 1024\]"):
        rlpool.make("CartPole-v1", num_threads=value)
    with pytest.raises(ValueError, match=r"num_threads must be in \[0, 1024\]"):
        rlpool.make_spec("CartPole-v1", num_threads=value)


def test_env_construction_failure_raises_and_leaves_nothing_running():
    out = run(
        """
        def threads():
            with open("/proc/self/status") as f:
                return next(int(l.split()[1]) for l in f if l.startswith("Threads"))
        before = threads()
        # FrozenLake's constructor refuses a bad success_rate: the error is
        # raised inside env construction, on the maker threads.
        try:
            rlpool.make("FrozenLake-v1", num_envs=16, num_threads=4, success_rate=2.0)
            print("NO ERROR")
        except Exception as e:
            print("RAISED", type(e).__name__, e)
        print("THREADS", before, threads())
        """
    )
    assert "RAISED ValueError success_rate must be in [0, 1]" in out, out
    before, after = out.split("THREADS")[1].split()
    assert before == after, out


# -- 5. byte order -------------------------------------------------------------

@pytest.mark.parametrize("dtype", [">f4", ">f8"])
def test_big_endian_float_actions_mean_the_same_values(dtype):
    a = rlpool.make("Pendulum-v1", num_envs=3, seed=1)
    b = rlpool.make("Pendulum-v1", num_envs=3, seed=1)
    a.reset(), b.reset()
    act = np.array([[1.5], [-0.25], [2.0]])
    ra, rb = a.step(act.astype("<f4")), b.step(act.astype(dtype))
    np.testing.assert_array_equal(ra[0], rb[0])
    np.testing.assert_array_equal(ra[1], rb[1])


@pytest.mark.parametrize("dtype", [">i2", ">i4", ">i8", ">u4"])
def test_big_endian_int_actions_and_ids_mean_the_same_values(dtype):
    env = rlpool.make("CartPole-v1", num_envs=4)
    env.reset()
    ids = np.array([3, 1], dtype)
    obs, rew, term, trunc, info = env.step(np.array([1, 0], dtype), ids)
    np.testing.assert_array_equal(info["env_id"], [3, 1])
    with pytest.raises(IndexError, match="env_id 4 is out of range"):
        env.step(np.array([1], dtype), np.array([4], dtype))


# -- 6. copy and pickle --------------------------------------------------------

@pytest.mark.parametrize("env_type", ["gymnasium", "gym", "dm"])
def test_copy_and_pickle_are_refused_and_the_pool_survives(env_type):
    env = rlpool.make("CartPole-v1", num_envs=2, env_type=env_type)
    env.reset()
    with pytest.raises(TypeError, match="cannot be copied"):
        copy.copy(env)
    with pytest.raises(TypeError, match="cannot be copied"):
        copy.deepcopy(env)
    with pytest.raises(TypeError, match="a pool cannot be pickled; pickle its spec or make a new pool"):
        pickle.dumps(env)
    with pytest.raises(TypeError, match="a pool cannot be pickled"):
        pickle.dumps(env._pool)
    assert not env.closed
    env.step(np.zeros(2, np.int32))


def test_a_spec_pickles_and_makes_the_same_pool():
    spec = rlpool.make_spec("CartPole-v1", num_envs=3, seed=7, max_episode_steps=20)
    again = pickle.loads(pickle.dumps(spec))
    assert again.config == spec.config
    a = rlpool.make("CartPole-v1", **again.config._asdict()).reset()[0]
    b = rlpool.make("CartPole-v1", num_envs=3, seed=7).reset()[0]
    np.testing.assert_array_equal(a, b)


# -- 8. unaligned actions ------------------------------------------------------

def test_unaligned_actions_are_read_correctly():
    buf = np.zeros(3 * 8 + 1, np.uint8)
    unaligned = buf[1:].view(np.float64).reshape(3, 1)
    assert unaligned.ctypes.data % 8 != 0
    unaligned[:] = [[1.0], [-2.0], [0.5]]
    a = rlpool.make("Pendulum-v1", num_envs=3, seed=1)
    b = rlpool.make("Pendulum-v1", num_envs=3, seed=1)
    a.reset(), b.reset()
    np.testing.assert_array_equal(a.step(unaligned)[0], b.step(np.array([[1.0], [-2.0], [0.5]]))[0])


@pytest.mark.parametrize("option", ["num_threads", "seed", "num_envs", "batch_size"])
def test_integers_beyond_64_bits_are_refused_clearly(option):
    with pytest.raises(ValueError, match=f"{option}="):
        rlpool.make_spec("CartPole-v1", **{option: 2**64 + 2})
