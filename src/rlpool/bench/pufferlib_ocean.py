"""PufferLib 3.0's native Ocean CartPole, the peer `rlpool bench scale` measures
cheap envs against, made importable here.

PufferLib 3.0.0 is on PyPI as a source distribution only, and its setup.py
downloads Box2D from GitHub (for other Ocean envs), which machines without
general network access cannot reach, so `pip install pufferlib==3.0.0` fails
there. The CartPole it benchmarks needs none of that: it is one C extension,
`pufferlib/ocean/cartpole/binding.c` over the shared `env_binding.h`, linked
with the raylib 5.5 that the sdist carries. So the sdist is fetched from the
package index (the hash below pins it), those files are unpacked into a cache
folder, and the extension is compiled there with this Python's C compiler and
PufferLib's own release flags (-O2 -flto). Nothing of it is copied into
rlpool. PufferLib is MIT licensed; raylib is zlib licensed.

The module it builds is PufferLib's `binding`: vec_init / vec_reset /
vec_step over numpy buffers, all envs stepped in one call on one thread,
which is what PufferLib's `Cartpole.step` calls (the runner leaves out its
per-step `vec_log`, the fastest PufferLib offers).

The cache folder is $RLPOOL_TEST_CACHE (default ~/.cache/rlpool-tests).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sysconfig
import tarfile
import tempfile
import urllib.request

import numpy as np

from . import download_cache

VERSION = "3.0.0"
SDIST = f"pufferlib-{VERSION}.tar.gz"
SHA256 = "7df3a3e3f5f894d78d2a1f5374097890aec01473183e748abefe4f3faa10eaa"
INDEX = "https://pypi.org/simple"
_MEMBERS = ("pufferlib/ocean/cartpole/binding.c", "pufferlib/ocean/cartpole/cartpole.h", "pufferlib/ocean/env_binding.h",
            "raylib-5.5_linux_amd64/include/", "raylib-5.5_linux_amd64/lib/libraylib.a", "LICENSE")


def _cache_root() -> pathlib.Path:
    return download_cache.folder(f"pufferlib-{VERSION}-ocean-cartpole")


def _module_path(root: pathlib.Path) -> pathlib.Path:
    return root / ("binding" + sysconfig.get_config_var("EXT_SUFFIX"))


def _fetch_sdist(into: pathlib.Path) -> pathlib.Path:
    page = urllib.request.urlopen(f"{INDEX}/pufferlib/", timeout=60).read().decode()
    links = re.findall(r'href="([^"]*/' + re.escape(SDIST) + r')(?:#[^"]*)?"', page)
    if not links:
        raise RuntimeError(f"{SDIST} is not listed on {INDEX}/pufferlib/")
    data = urllib.request.urlopen(links[0], timeout=300).read()
    digest = hashlib.sha256(data).hexdigest()
    if not digest.startswith(SHA256):
        raise RuntimeError(f"{SDIST} has sha256 {digest}, expected one starting {SHA256}")
    path = into / SDIST
    path.write_bytes(data)
    return path


def _compile(src: pathlib.Path, out: pathlib.Path) -> None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    raylib = src / "raylib-5.5_linux_amd64"
    subprocess.run(
        [*cc, "-shared", "-fPIC", "-O2", "-flto", "-fwrapv", "-DNPY_NO_DEPRECATED_API=NPY_1_7_API_VERSION",
         "-DPLATFORM_DESKTOP", "-Wno-alloc-size-larger-than", "-Wno-implicit-function-declaration",
         f"-I{sysconfig.get_paths()['include']}", f"-I{np.get_include()}", f"-I{raylib / 'include'}",
         str(src / "pufferlib/ocean/cartpole/binding.c"), str(raylib / "lib/libraylib.a"), "-lm", "-o", str(out)],
        check=True, capture_output=True, text=True,
    )


def cartpole_binding():
    """PufferLib's compiled Ocean CartPole module (built once per cache)."""
    root = _cache_root()
    module = _module_path(root)
    if not module.exists():
        root.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=root.parent) as tmp:
            tmp_path = pathlib.Path(tmp)
            sdist = _fetch_sdist(tmp_path)
            src = tmp_path / "src"
            with tarfile.open(sdist) as tar:
                top = f"pufferlib-{VERSION}/"
                wanted = [m for m in tar.getmembers()
                          if m.name.startswith(top) and m.name[len(top):].startswith(_MEMBERS)]
                for m in wanted:
                    m.name = m.name[len(top):]
                tar.extractall(src, members=wanted, filter="data")
            _compile(src, _module_path(src))
            shutil.rmtree(root, ignore_errors=True)
            os.rename(src, root)  # atomic: a half-made folder is never seen
    spec = importlib.util.spec_from_file_location("binding", module)
    binding = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(binding)
    return binding
