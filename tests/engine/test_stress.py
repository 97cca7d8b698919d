"""Stress: many envs on more threads than cores, random send/recv for a few
seconds. Every returned row must be exactly what its env should produce
from the action that was sent to it: CartPole's update is recomputed here in
float64 from the previous state (exposed with debug_state) and compared
bit for bit, so a row written to the wrong place, a lost or duplicated
result, or an action applied to the wrong env shows up."""

import math
import subprocess
import sys
import time

import numpy as np
import pytest

import rlpool


def cartpole_step(s, action):
    x, x_dot, theta, theta_dot = s
    force = 10.0 if action == 1 else -10.0
    # libm's cos/sin, as the C++ env calls them (numpy's SIMD ones can differ by an ulp)
    costheta, sintheta = math.cos(theta), math.sin(theta)
    # x * x, as gymnasium's np.square: Python's x**2 goes through pow() and can round differently
    temp = (force + 0.05 * (theta_dot * theta_dot) * sintheta) / 1.1
    thetaacc = (9.8 * sintheta - costheta * temp) / (0.5 * (4.0 / 3.0 - 0.1 * (costheta * costheta) / 1.1))
    xacc = temp - 0.05 * thetaacc * costheta / 1.1
    return np.array([x + 0.02 * x_dot, x_dot + 0.02 * xacc, theta + 0.02 * theta_dot, theta_dot + 0.02 * thetaacc])


class Checker:
    def __init__(self, n):
        self.state = [None] * n
        self.done = [True] * n
        self.sent = {}  # env id -> action in flight
        self.rows = 0

    def sent_to(self, ids, actions):
        for i, a in zip(ids.tolist(), actions.tolist()):
            assert i not in self.sent
            self.sent[i] = a

    def received(self, info, term, trunc, rew):
        for row, i in enumerate(info["env_id"].tolist()):
            a = self.sent.pop(i)  # KeyError: a result for an env that was not sent
            s = info["state"][row]
            if self.done[i]:
                assert info["elapsed_step"][row] == 0 and rew[row] == 0 and np.all(np.abs(s) <= 0.05)
            else:
                np.testing.assert_array_equal(s, cartpole_step(self.state[i], a), err_msg=f"env {i}")
                assert rew[row] == 1.0
            self.state[i] = s
            self.done[i] = bool(term[row] or trunc[row])
            self.rows += 1


# Small batches run on the calling thread; 2048 CartPoles (~100 us) exceed the
# inline budget and go to the workers, with the caller probing whole batches.
@pytest.mark.parametrize("n, batch", [(64, 16), (4096, 2048)])
@pytest.mark.slow
def test_async_random_send_recv(n, batch):
    env = rlpool.make("CartPole-v1", num_envs=n, batch_size=batch, num_threads=3, debug_state=True,
                      max_episode_steps=50)
    rng = np.random.default_rng(0)
    check = Checker(n)
    env.async_reset()
    for i in range(n):
        check.sent[i] = 0
    held = []
    # At least 3 s and 10 rows per env: a slow (loaded, sanitized) machine
    # runs longer rather than failing; the 120 s cap only guards a hang.
    start = time.time()
    while (time.time() < start + 3.0 or check.rows <= 10 * n) and time.time() < start + 120:
        obs, rew, term, trunc, info = env.recv()
        check.received(info, term, trunc, rew)
        held.extend(info["env_id"].tolist())
        rng.shuffle(held)
        # send a random part of the idle envs, keeping enough in flight for the next recv
        k = max(batch - len(check.sent), int(rng.integers(0, len(held) + 1)))
        ids, held = np.array(held[:k], np.int32), held[k:]
        if len(ids):
            actions = rng.integers(0, 2, len(ids))
            check.sent_to(ids, actions)
            env.send(actions, ids)
    assert check.rows > 10 * n


@pytest.mark.parametrize("n", [32, 2048])
@pytest.mark.slow
def test_sync_random_subsets(n):
    env = rlpool.make("CartPole-v1", num_envs=n, num_threads=3, debug_state=True, max_episode_steps=30)
    rng = np.random.default_rng(1)
    check = Checker(n)
    check.sent = {i: 0 for i in range(n)}
    obs, info = env.reset()
    check.received(info, np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, np.float32))
    start = time.time()
    while (time.time() < start + 2.0 or check.rows <= 10 * n) and time.time() < start + 120:
        ids = rng.permutation(n)[: rng.integers(1, n + 1)].astype(np.int32)
        actions = rng.integers(0, 2, len(ids))
        check.sent_to(ids, actions)
        obs, rew, term, trunc, info = env.step(actions, ids)
        np.testing.assert_array_equal(info["env_id"], ids)  # sync: request order
        check.received(info, term, trunc, rew)
    assert check.rows > 10 * n


def test_oversubscribed_async_cycling_never_hangs():
    """More workers than cores on a tiny queue: a worker preempted between
    claiming a queue slot and reading it must not be lapped by the producer
    (which once left it spinning forever and hung close())."""
    code = """
import time, numpy as np, rlpool
env = rlpool.make("CartPole-v1", num_envs=4, batch_size=1, num_threads=4)
env.async_reset()
a = np.zeros(1, np.int32)
deadline, n = time.time() + 3.0, 0
while time.time() < deadline:
    env.send(a, env.recv()[4]["env_id"])
    n += 1
env.close()
print("DONE", n)
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "DONE" in proc.stdout, proc.stderr[-2000:]
