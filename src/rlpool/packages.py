"""Where installed packages' files are, found without importing the packages
(the task modules look up models, scenarios and libmujoco this way at import
of rlpool, which must stay cheap)."""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import os


def package_dir(name: str) -> str | None:
    """The folder of installed package ``name``, or None when it is not installed."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)[0]


def preload_libmujoco(extension: str) -> None:
    """A MuJoCo-linked module (``rlpool._mujoco``, ``rlpool._dm_control``) finds
    libmujoco through the rpath ``$ORIGIN/../mujoco``, which holds when rlpool
    and mujoco-core sit in the same site-packages. Where they do not (an
    editable build loaded from build/, or the two in different site-packages),
    this loads the library from the mujoco package first: the dynamic loader
    then reuses it by SONAME."""
    ext = importlib.util.find_spec(extension)
    if ext is None or not ext.origin:
        return
    if glob.glob(os.path.join(os.path.dirname(ext.origin), "..", "mujoco", "libmujoco.so.*")):
        return
    mujoco_dir = package_dir("mujoco")
    libs = sorted(glob.glob(os.path.join(mujoco_dir, "libmujoco.so.*"))) if mujoco_dir else []
    if libs:
        ctypes.CDLL(libs[0], mode=ctypes.RTLD_GLOBAL)
