"""quadruped-escape's terrain smoothing (csrc/envs/dm_control/terrain.h)
against scipy.ndimage.zoom itself, as dm_control calls it: bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import ndimage

from rlpool import _lab_dm_control


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("n,out_n", [(30, 201), (5, 17), (8, 8)])
def test_zoom_matches_scipy(seed, n, out_n):
    bumps = np.random.RandomState(seed).uniform(0.15, 1, (n, n))
    want = ndimage.zoom(bumps, out_n / float(n))
    assert want.shape == (out_n, out_n)
    got = np.array(_lab_dm_control.terrain_zoom(bumps.ravel().tolist(), n, out_n)).reshape(out_n, out_n)
    np.testing.assert_array_equal(got, want)
