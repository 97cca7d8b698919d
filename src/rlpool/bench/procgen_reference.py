"""procgen itself (the alignment tests' reference and the procgen scenario's
peer), made importable on any Python.

procgen 0.10.7 has wheels for cp36-cp310 only and no sdist, so it cannot be
pip-installed on the Python rlpool's CI uses. Its Python layer is plain Python
over the same kind of libenv.so, though: the official cp310 wheel and gym3 (its
only Python dependency that matters, taken with --no-deps; gym3 needs cffi) are
fetched with pip into a cache folder and unzipped there, and the old ``gym``
package that procgen's gym registration imports is replaced by a stub (the
gym3 interface, ProcgenGym3Env, never uses it).

The cache folder is $RLPOOL_TEST_CACHE (default ~/.cache/rlpool-tests); the
first run downloads about 36 MB.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import types
import zipfile

from . import download_cache

PROCGEN_VERSION = "0.10.7"
GYM3_VERSION = "0.3.3"


def _cache_root() -> pathlib.Path:
    return download_cache.folder(f"procgen-{PROCGEN_VERSION}-gym3-{GYM3_VERSION}")


def _pip_download(requirement: str, into: str, *platform_args: str) -> pathlib.Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--disable-pip-version-check",
         "-q", *platform_args, requirement, "-d", into],
        check=True,
    )
    name = requirement.split("==")[0]
    (wheel,) = pathlib.Path(into).glob(f"{name}-*.whl")
    return wheel


def reference_dir() -> pathlib.Path:
    """The folder holding the unzipped procgen and gym3 packages (made once)."""
    root = _cache_root()
    if (root / "procgen" / "data" / "prebuilt" / "libenv.so").exists() and (root / "gym3" / "libenv.py").exists():
        return root
    root.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root.parent) as tmp:
        wheels = os.path.join(tmp, "wheels")
        procgen = _pip_download(f"procgen=={PROCGEN_VERSION}", wheels, "--python-version", "3.10", "--implementation",
                                "cp", "--abi", "cp310", "--platform", "manylinux2014_x86_64")
        gym3 = _pip_download(f"gym3=={GYM3_VERSION}", wheels)
        unpacked = os.path.join(tmp, "unpacked")
        for wheel, package in ((procgen, "procgen/"), (gym3, "gym3/")):
            with zipfile.ZipFile(wheel) as z:
                z.extractall(unpacked, [n for n in z.namelist() if n.startswith(package)])
        os.chmod(os.path.join(unpacked, "procgen", "data", "prebuilt", "libenv.so"), 0o755)
        shutil.rmtree(root, ignore_errors=True)
        os.rename(unpacked, root)  # atomic: a half-made folder is never seen
    return root


def _stub_old_gym() -> None:
    if "gym" in sys.modules:
        return
    gym = types.ModuleType("gym")
    envs = types.ModuleType("gym.envs")
    registration = types.ModuleType("gym.envs.registration")
    registration.register = lambda *args, **kwargs: None
    gym.envs, envs.registration = envs, registration
    sys.modules.update({"gym": gym, "gym.envs": envs, "gym.envs.registration": registration})


def procgen_module():
    """The reference ``procgen`` package (ProcgenGym3Env, ENV_NAMES, ...)."""
    root = str(reference_dir())
    if root not in sys.path:
        sys.path.insert(0, root)
    _stub_old_gym()
    import procgen

    assert procgen.__version__.strip() == PROCGEN_VERSION, procgen.__version__
    return procgen
