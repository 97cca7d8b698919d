"""The Shadow Hand normalises quaternions and axes with np.linalg.norm, a BLAS
dot whose rounding OpenBLAS picks per CPU (fused multiply-adds on some hosts,
each product rounded on others; common/numpy_dot.h). rlpool._robotics asks
numpy at import; here numpy is asked again, on other vectors, and the answers
must agree: a wrong one made HandManipulateEgg episodes drift by 1e-8 within
200 steps on an Intel host whose numpy fuses."""

from rlpool import _robotics

from ..numpy_dot import numpy_rounds_each_product


def test_the_hand_rounds_short_dots_as_this_machines_numpy():
    assert _robotics.numpy_dot_fuses() is (not numpy_rounds_each_product(seed=11))
