"""The random actions every library is fed: drawn once per point, before any
timing, so each library steps the same action sequence."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

NUM_BATCHES = 64  # distinct action batches cycled through while timing


def sample(space: spaces.Space, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """`shape` independent samples of `space`, stacked in front of its shape."""
    if isinstance(space, spaces.Discrete):
        start = int(space.start)
        return rng.integers(start, start + int(space.n), size=shape).astype(space.dtype)
    if isinstance(space, spaces.Box):
        full = shape + space.shape
        if np.issubdtype(space.dtype, np.integer):
            return rng.integers(space.low, space.high.astype(np.int64) + 1, size=full).astype(space.dtype)
        low = np.where(np.isfinite(space.low), space.low, -1.0)
        high = np.where(np.isfinite(space.high), space.high, 1.0)
        return rng.uniform(low, high, size=full).astype(space.dtype)
    if isinstance(space, spaces.MultiDiscrete):
        return (space.start + rng.integers(0, space.nvec, size=shape + space.shape)).astype(space.dtype)
    if isinstance(space, spaces.MultiBinary):
        return rng.integers(0, 2, size=shape + space.shape).astype(space.dtype)
    raise TypeError(f"cannot draw benchmark actions for a {type(space).__name__} action space")


def action_batches(space: spaces.Space, batch_size: int, seed: int = 0) -> np.ndarray:
    """NUM_BATCHES batches of `batch_size` actions: shape (NUM_BATCHES, batch_size, *space.shape)."""
    return sample(space, (NUM_BATCHES, batch_size), np.random.default_rng(seed))
