"""A process that used env.xla() exits silently, closed or not (issue #40, item 5).

The reported symptoms were nanobind's "leaked 1 instances ... rlpool._atari.Atari"
(and leaked functions) at interpreter exit, and, when the script died with an
exception, JAX's exit hook printing "FAILED_PRECONDITION: rlpool: the pool
behind this xla() handle ... is closed". Each script below ends without
closing its env, in the ways a training script ends; its stderr must carry
neither message. Run in a subprocess: exit is what is tested.
"""

import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import sys
import rlpool
import jax, jax.numpy as jnp

env = rlpool.make("Pong-v5", env_type="gym", num_envs=2, batch_size=2)
env.reset()
handle, recv, send, step = env.xla()

def body(h, _):
    h, (obs, reward, done, info) = step(h, jnp.zeros(2, jnp.int32))
    return h, reward

@jax.jit
def rollout(h):
    return jax.lax.scan(body, h, None, length=8)
"""

ENDINGS = {
    # CleanRL's scan script, minus its final envs.close()
    "jitted_scan_then_return": "handle, rewards = rollout(handle)\nprint(float(rewards.sum()))",
    # the same, dying with an exception after the rollout
    "jitted_scan_then_raise": "handle, rewards = rollout(handle)\nraise RuntimeError('user error')",
    # lax.scan outside jit, as CleanRL's rollout() calls it
    "eager_scan_then_raise": "handle, rewards = jax.lax.scan(body, handle, None, length=8)\nraise RuntimeError('user error')",
    # Not here: a daemon actor thread still inside a jitted rollout when the
    # main thread dies. JAX alone aborts the process then ("terminate called
    # after throwing an instance of ''", status 134), with no rlpool in it: a
    # daemon thread looping over a jitted fori_loop does the same on jax
    # 0.10.2, because the thread is unwound while jaxlib re-takes the GIL.
}


@pytest.mark.parametrize("ending", sorted(ENDINGS))
@pytest.mark.slow
def test_exit_after_xla_is_silent(ending):
    code = textwrap.dedent(PRELUDE) + ENDINGS[ending] + "\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240)
    expect_error = ending.endswith("raise")
    assert out.returncode == (1 if expect_error else 0), out.stderr
    if expect_error:  # the user's own traceback is all there is
        assert "RuntimeError: user error" in out.stderr
    for symptom in ("leaked", "FAILED_PRECONDITION", "is closed", "Exception ignored"):
        assert symptom not in out.stderr, f"{symptom!r} at exit:\n{out.stderr}"
