"""Randomised call sequences against the pool: one Python thread, several
Python threads sharing a pool, and forked children.

Each sequence makes a small pool with random options and issues random
calls: good ones (step, send, recv, reset of random id subsets, actions of
varied dtypes, byte orders and layouts) and bad ones (wrong dtype or shape,
duplicate / unknown / in-flight ids, NaN, recv with nothing in flight, calls
after close). A model of which envs are in flight predicts what each call must
do; every result is checked against it: the right number of rows, the ids
sent (sync) or ids that were in flight (async), and a clear exception for
every bad call. No call may crash, hang or return wrong rows.

The number of sequences is RLPOOL_FUZZ_SEQUENCES (CI: 300 in all; the
sanitizer run, tools/sanitize.sh: 10,000). Everything runs in child
interpreters with a timeout, so a crash or hang fails the test instead of
taking pytest down.
"""

import os
import subprocess
import sys
import textwrap

import pytest

SEQUENCES = int(os.environ.get("RLPOOL_FUZZ_SEQUENCES", "300"))

FUZZ = r'''
import os, sys, threading, time
import numpy as np, rlpool

TASKS = {"CartPole-v1": (True, ()), "Pendulum-v1": (False, (1,)), "MountainCarContinuous-v0": (False, (1,))}
ACCEPTED = (TypeError, ValueError, IndexError, RuntimeError)


def actions_for(rng, task, k, bad=None):
    discrete, shape = TASKS[task]
    if discrete:
        a = rng.integers(0, 2, k)
        dtype = rng.choice(["<i4", "<i8", ">i4", "<u2", ">i8", "<i1"])
    else:
        a = rng.uniform(-1, 1, (k,) + shape)
        dtype = rng.choice(["<f4", "<f8", ">f4", ">f8"])
    a = a.astype(dtype)
    layout = rng.integers(0, 3)
    if layout == 1:  # non-contiguous
        b = np.zeros((2 * k,) + a.shape[1:], a.dtype); b[::2] = a; a = b[::2]
    elif layout == 2:  # unaligned
        raw = np.zeros(a.nbytes + 1, np.uint8)
        u = raw[1:].view(a.dtype).reshape(a.shape); u[...] = a; a = u
    if bad == "dtype":
        a = a.astype(np.float64) if discrete else a.astype(np.int64)
    elif bad == "shape":
        a = np.concatenate([a, a[:1]]) if k else np.zeros((3,) + shape)
    elif bad == "value":
        a = np.array(a, dtype=np.float64 if not discrete else np.int64)
        if discrete: a[0] = 7
        else: a[0] = np.nan
    return a


def one_sequence(seed, shared=None, fork_rate=0.0):
    rng = np.random.default_rng(seed)
    task = str(rng.choice(list(TASKS)))
    n = int(rng.integers(1, 9))
    batch = int(rng.integers(1, n + 1)) if rng.random() < 0.4 else n
    env = shared or rlpool.make(task, num_envs=n, batch_size=batch, num_threads=int(rng.integers(1, 4)),
                                max_episode_steps=int(rng.integers(1, 30)),
                                autoreset_mode=str(rng.choice(["next_step", "same_step"])))
    n, batch = len(env), env._batch_size
    task = env.spec.id
    in_flight = set()
    closed = False
    for _ in range(int(rng.integers(5, 25))):
        op = rng.choice(["step", "step", "send", "recv", "reset", "bad", "close", "fork"],
                        p=[0.25, 0.15, 0.2, 0.2, 0.1, 0.07, 0.01, 0.02])
        idle = [i for i in range(n) if i not in in_flight]
        try:
            if op == "fork" and fork_rate > 0 and rng.random() < fork_rate:
                pid = os.fork()
                if pid == 0:
                    try:
                        env.step(actions_for(rng, task, 1), np.array([0]))
                        os._exit(3)
                    except RuntimeError as e:
                        os._exit(0 if "created in process" in str(e) else 4)
                    except BaseException:
                        os._exit(5)
                _, status = os.waitpid(pid, 0)
                assert status == 0, f"fork child exit status {status}"
                continue
            if op in ("step", "send", "reset"):
                if batch < n and op != "send":
                    op = "send"  # async: step/reset of a subset are send + recv of whatever finishes
                k = int(rng.integers(1, len(idle) + 1)) if idle else 1
                ids = np.array(rng.permutation(idle)[:k] if idle else [0], np.int32)
                if rng.random() < 0.3:
                    ids = ids.astype(rng.choice(["<i8", ">i4", "<u2"]))
                expect_error = closed or not idle
                if op == "reset":
                    try:
                        obs, rew, term, trunc, info = env._pool.reset(ids)
                    except ACCEPTED:
                        assert expect_error, "reset raised on good input"
                        continue
                    assert not expect_error, "reset of bad input did not raise"
                    assert list(info["env_id"]) == list(ids) and (info["elapsed_step"] == 0).all()
                elif op == "step":
                    try:
                        obs, rew, term, trunc, info = env._pool.step(actions_for(rng, task, len(ids)), ids)
                    except ACCEPTED:
                        assert expect_error, "step raised on good input"
                        continue
                    assert not expect_error, "step of bad input did not raise"
                    assert list(info["env_id"]) == list(ids), (list(info["env_id"]), list(ids))
                    assert obs.shape[0] == len(ids) == rew.shape[0]
                else:
                    try:
                        env._pool.send(actions_for(rng, task, len(ids)), ids)
                    except ACCEPTED:
                        assert expect_error, "send raised on good input"
                        continue
                    assert not expect_error, "send of bad input did not raise"
                    in_flight |= set(ids.tolist())
            elif op == "recv":
                expect_error = closed or (len(in_flight) < batch if batch < n else not in_flight)
                try:
                    obs, rew, term, trunc, info = env._pool.recv()
                except ACCEPTED:
                    assert expect_error or shared is not None, "recv raised with enough in flight"
                    continue
                assert not expect_error, "recv that must fail returned"
                got = info["env_id"].tolist()
                assert set(got) <= in_flight and len(set(got)) == len(got), (got, in_flight)
                if batch < n:
                    assert len(got) == batch
                in_flight -= set(got)
            elif op == "bad":
                kind = rng.choice(["dtype", "shape", "value", "dup", "unknown", "inflight"])
                ids = np.array(idle[:1] or [0], np.int32)
                if kind in ("dtype", "shape", "value"):
                    call = lambda: env._pool.send(actions_for(rng, task, len(ids), bad=kind), ids)
                elif kind == "dup":
                    call = lambda: env._pool.send(actions_for(rng, task, 2), np.array([ids[0], ids[0]]))
                elif kind == "unknown":
                    call = lambda: env._pool.send(actions_for(rng, task, 1), np.array([n + int(rng.integers(0, 5))]))
                else:
                    if not in_flight: continue
                    call = lambda: env._pool.send(actions_for(rng, task, 1), np.array([min(in_flight)]))
                try:
                    call()
                except ACCEPTED:
                    pass
                else:
                    raise AssertionError(f"bad input {kind} did not raise")
            elif op == "close" and shared is None:
                env.close(); closed = True
        except AssertionError:
            raise
    if shared is None:
        env.close()


def threads_on_one_pool(seed, num_threads):
    """Each Python thread owns a disjoint slice of a sync pool's ids and steps
    random subsets of it; every result must be that thread's own rows."""
    rng = np.random.default_rng(seed)
    task = str(rng.choice(list(TASKS)))
    n = num_threads * int(rng.integers(1, 4))
    env = rlpool.make(task, num_envs=n, num_threads=int(rng.integers(1, 4)), max_episode_steps=int(rng.integers(2, 30)))
    env.reset()
    errors = []
    def worker(t):
        r = np.random.default_rng(seed * 100 + t)
        own = np.arange(t, n, num_threads, dtype=np.int32)
        try:
            for _ in range(int(r.integers(5, 30))):
                ids = r.permutation(own)[: int(r.integers(1, len(own) + 1))].astype(np.int32)
                if r.random() < 0.1:  # bad input in the middle of others' good calls
                    try:
                        env._pool.step(actions_for(r, task, len(ids), bad="shape"), ids)
                        errors.append("bad shape did not raise")
                    except ACCEPTED:
                        pass
                    continue
                obs, rew, term, trunc, info = env._pool.step(actions_for(r, task, len(ids)), ids)
                if list(info["env_id"]) != list(ids) or obs.shape[0] != len(ids):
                    errors.append((t, list(ids), list(info["env_id"])))
        except Exception as e:
            errors.append(repr(e))
    ts = [threading.Thread(target=worker, args=(t,)) for t in range(num_threads)]
    for t in ts: t.start()
    for t in ts: t.join()
    env.close()
    assert not errors, errors[:3]


mode, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for s in range(first, first + count):
    try:
        if mode == "single":
            one_sequence(s)
        elif mode == "fork":
            one_sequence(s, fork_rate=1.0)
        else:
            threads_on_one_pool(s, 2 + s % 3)
    except Exception as e:
        print("SEQUENCE", s, "FAILED", repr(e), flush=True)
        raise
print("OK", count, flush=True)
'''


def run_fuzz(mode: str, count: int):
    chunk = 500  # a fresh interpreter every 500 sequences bounds each one's run time
    for first in range(0, count, chunk):
        n = min(chunk, count - first)
        proc = subprocess.run([sys.executable, "-c", FUZZ, mode, str(first), str(n)],
                              capture_output=True, text=True, timeout=120 + 5 * n)
        assert proc.returncode == 0 and f"OK {n}" in proc.stdout, (
            f"rc={proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")


def test_fuzz_one_thread():
    run_fuzz("single", max(1, SEQUENCES // 2))


def test_fuzz_several_threads_share_one_pool():
    run_fuzz("threads", max(1, SEQUENCES // 4))


def test_fuzz_with_forked_children():
    run_fuzz("fork", max(1, SEQUENCES // 4))
