"""rlpool's and envpool's ``xla()``: a jitted ``lax.fori_loop`` of recv then
send, in async mode, the way CleanRL's and Cleanba's JAX scripts step envs.
JAX is imported only when one of these runners opens."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip, as_batches
from .pools import _make


class XlaAsync(Runner):
    mode = "async"
    has_modes = True

    def __init__(self, point, num_envs: int, library: str) -> None:
        super().__init__(point, num_envs)
        self.library = library  # "rlpool-xla" or "envpool-xla"

    def open(self, actions: np.ndarray) -> None:
        try:
            import jax
            import jax.numpy as jnp
        except ImportError:
            raise Skip("jax is not installed (pip install 'rlpool[jax]')") from None
        self.env = _make(self.library.removesuffix("-xla"), self.point, self.num_envs)
        try:
            handle, recv, send, _ = self.env.xla()
        except Exception as e:  # e.g. an envpool whose xla() does not run with this jax
            raise Skip(f"{self.library}: xla() failed: {type(e).__name__}: {e}") from None
        batches = jnp.asarray(np.stack(as_batches(actions, self.env.single_action_space.dtype)))

        def loop(handle, n):
            def body(i, h):
                h, (_, _, _, _, info) = recv(h)
                return send(h, batches[i % batches.shape[0]], info["env_id"])

            return jax.lax.fori_loop(0, n, body, handle)

        self._loop = jax.jit(loop)  # n is traced: one compilation for every window length
        self._block = jax.block_until_ready
        self.env.async_reset()
        self.handle = self._block(self._loop(handle, 1))  # compile outside the timed windows

    def run(self, iterations: int) -> int:
        self.handle = self._block(self._loop(self.handle, iterations))
        return iterations * self.batch_size


def runners(point):
    if point.async_num_envs:
        yield XlaAsync(point, point.async_num_envs, "rlpool-xla")
        yield XlaAsync(point, point.async_num_envs, "envpool-xla")
