"""Asks this machine's numpy how it rounds a short dot product (BLAS ddot,
whose kernel OpenBLAS picks per CPU), independently of rlpool's own probe
at import (csrc/bind/numpy_dot_rounding.h), on other vectors."""

from __future__ import annotations

import numpy as np


def numpy_rounds_each_product(seed: int) -> bool:
    """True when x.dot(x) of 400 random 3- and 4-vectors equals the left-to-
    right sum with each product rounded first (no fused multiply-add)."""
    rng = np.random.default_rng(seed)
    vectors = [rng.standard_normal(n) for n in (3, 4) * 200]

    def left_to_right(x):  # Python floats: each product rounded, then added
        s = 0.0
        for v in x.tolist():
            s += v * v
        return s

    return all(x.dot(x) == left_to_right(x) for x in vectors)
