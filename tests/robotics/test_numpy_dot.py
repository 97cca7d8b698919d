"""The Shadow Hand normalises quaternions and axes with np.linalg.norm, a BLAS
dot whose rounding OpenBLAS picks per CPU (fused multiply-adds on some hosts,
each product rounded on others; common/numpy_dot.h). rlpool._robotics asks
numpy at import; here numpy is asked again, on other vectors, and the answers
must agree: a wrong one made HandManipulateEgg episodes drift by 1e-8 within
200 steps on an Intel host whose numpy fuses."""

import numpy as np

from rlpool import _robotics


def test_the_hand_rounds_short_dots_as_this_machines_numpy():
    rng = np.random.default_rng(11)
    vectors = [rng.standard_normal(n) for n in (3, 4) * 200]

    def left_to_right(x):  # Python floats: each product rounded, then added
        s = 0.0
        for v in x.tolist():
            s += v * v
        return s

    rounds_each_product = all(x.dot(x) == left_to_right(x) for x in vectors)
    assert _robotics.numpy_dot_fuses() is (not rounds_each_product)
