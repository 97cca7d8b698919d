"""rlpool's in-worker resize against OpenCV (what gymnasium's
AtariPreprocessing calls). INTER_AREA must match cv2 pixel for pixel;
bilinear follows INTER_LINEAR within one grey level."""

import cv2
import numpy as np
import pytest

from rlpool import _atari

SIZES = [((210, 160), (84, 84)), ((210, 160), (64, 64)), ((210, 160), (100, 120)), ((210, 160), (105, 80)),
         ((210, 160), (42, 40)), ((250, 160), (84, 84)), ((97, 61), (13, 29)), ((210, 160), (210, 160))]


def _images(shape, rng):
    # Random noise, plus the kind of flat areas with sharp edges Atari frames have.
    noise = rng.integers(0, 256, size=shape, dtype=np.uint8)
    blocky = np.kron(rng.integers(0, 256, size=(shape[0] // 7 + 1, shape[1] // 5 + 1) + shape[2:], dtype=np.uint8),
                     np.ones((7, 5) + (1,) * (len(shape) - 2), dtype=np.uint8))[: shape[0], : shape[1]]
    return [noise, blocky, np.full(shape, 255, np.uint8), np.zeros(shape, np.uint8)]


@pytest.mark.parametrize("src,dst", SIZES)
@pytest.mark.parametrize("channels", [1, 3])
def test_area_resize_is_bit_exact_with_cv2(src, dst, channels):
    rng = np.random.default_rng(0)
    shape = src if channels == 1 else src + (3,)
    for img in _images(shape, rng):
        want = cv2.resize(img, (dst[1], dst[0]), interpolation=cv2.INTER_AREA)
        got = _atari.resize(img, dst[0], dst[1], area=True)
        assert got.shape == want.shape
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("src,dst", SIZES)
@pytest.mark.parametrize("channels", [1, 3])
def test_bilinear_resize_is_within_one_level_of_cv2(src, dst, channels):
    rng = np.random.default_rng(1)
    shape = src if channels == 1 else src + (3,)
    for img in _images(shape, rng):
        want = cv2.resize(img, (dst[1], dst[0]), interpolation=cv2.INTER_LINEAR).astype(int)
        got = _atari.resize(img, dst[0], dst[1], area=False).astype(int)
        assert got.shape == want.shape
        assert np.abs(got - want).max() <= 1


def test_resize_rejects_bad_shapes():
    with pytest.raises(ValueError, match=r"\(H, W\) or \(H, W, 3\)"):
        _atari.resize(np.zeros((4, 4, 2), np.uint8), 2, 2)
