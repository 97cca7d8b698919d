"""Draws for Python-written envs, from the per-env generator the engine seeds.

Every env of a pool owns one generator, seeded with ``seed + i`` (or
``env_seed[i]``) when the pool is made. It reaches the author's ``reset`` (and
``step``, when it asks for it) as ``rng``, a uint32 array of 625 words: the
state of an MT19937 generator (words 0..623) and its position (word 624).
Pass it to these functions, never change it by hand. They are Numba ``njit``
functions, callable from the compiled env code (and from plain Python too).

- ``next_uint32(rng)``          the next raw 32-bit output, as int64
- ``random(rng)``               a float64 in [0, 1)
- ``uniform(rng, low, high)``   a float64 in [low, high)
- ``integers(rng, low, high)``  an int64 in [low, high), unbiased; needs 0 < high - low <= 2**32
                                 (returns low otherwise)
- ``normal(rng, mean, std)``    a float64 from N(mean, std**2) (Box-Muller, two uniforms a draw)
- ``seed(rng, s)``              reseed, as the engine does (for testing draws outside a pool)

The generator is the one ``std::mt19937`` implements, seeded the same way, and
``uniform`` is ``std::uniform_real_distribution<double>`` as libstdc++ (GCC)
computes it. It is not numpy's generator: rlpool's C++ envs draw as
gymnasium's ``np_random`` does (docs/seeding.md), a Python-written env from
this one, so its episodes for a seed are its own (the CartPole example's test
hands gymnasium this generator to compare them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

STATE_WORDS = 624
RNG_WORDS = STATE_WORDS + 1
_M = 397
_TWO_32 = 4294967296.0
_TWO_64 = 18446744073709551616.0
_ONE_BELOW_ONE = 1.0 - 2.0**-53  # nextafter(1, 0)

_jit = njit(nogil=True, error_model="numpy", cache=False)


@_jit
def seed(rng, s):
    x = np.int64(s) & 0xFFFFFFFF
    rng[0] = x
    for i in range(1, STATE_WORDS):
        x = (1812433253 * (x ^ (x >> 30)) + i) & 0xFFFFFFFF
        rng[i] = x
    rng[STATE_WORDS] = STATE_WORDS


@_jit
def _twist(rng):
    # In place and in order, as the reference generator: entries past 227
    # already see the new values of the first ones.
    for k in range(STATE_WORDS):
        y = (np.int64(rng[k]) & 0x80000000) | (np.int64(rng[(k + 1) % STATE_WORDS]) & 0x7FFFFFFF)
        v = np.int64(rng[(k + _M) % STATE_WORDS]) ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        rng[k] = v


@_jit
def next_uint32(rng):
    i = np.int64(rng[STATE_WORDS])
    if i >= STATE_WORDS:
        _twist(rng)
        i = 0
    y = np.int64(rng[i])
    rng[STATE_WORDS] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@_jit
def random(rng):
    # libstdc++'s generate_canonical<double, 53>: two 32-bit outputs, low word first.
    low = np.float64(next_uint32(rng))
    high = np.float64(next_uint32(rng))
    u = (low + high * _TWO_32) / _TWO_64
    if u >= 1.0:
        u = _ONE_BELOW_ONE
    return u


@_jit
def uniform(rng, low, high):
    return random(rng) * (high - low) + low


@_jit
def integers(rng, low, high):
    span = np.int64(high) - np.int64(low)
    if span <= 0 or span > 4294967296:
        return np.int64(low)
    # Reject the top partial copy of [0, span) so every value is equally likely.
    limit = (4294967296 // span) * span
    while True:
        x = next_uint32(rng)
        if x < limit:
            return np.int64(low) + x % span


@_jit
def normal(rng, mean, std):
    u1 = 1.0 - random(rng)  # in (0, 1]: log is finite
    u2 = random(rng)
    return mean + std * np.sqrt(-2.0 * np.log(u1)) * np.cos(2.0 * np.pi * u2)


def new_state(s: int = 0) -> np.ndarray:
    """A fresh generator array seeded with ``s`` (for tests and plain-Python runs)."""
    rng = np.zeros(RNG_WORDS, dtype=np.uint32)
    seed(rng, s)
    return rng
