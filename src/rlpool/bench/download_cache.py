"""Where the bench and the tests keep what they fetch from the package index
and build once (procgen's prebuilt library, PufferLib's Ocean CartPole):
$RLPOOL_TEST_CACHE, default ~/.cache/rlpool-tests."""

from __future__ import annotations

import os
import pathlib


def folder(name: str) -> pathlib.Path:
    base = os.environ.get("RLPOOL_TEST_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "rlpool-tests")
    return pathlib.Path(base) / name
