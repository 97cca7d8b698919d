"""docs/adding-an-environment.md's rebuild loop, run as written.

The doc's shell block is run line by line in a scratch copy of the tracked
files and a scratch virtual environment (which sees this interpreter's
packages, as a developer's environment would), so the commands a new author
types are proven on every CI run. About a minute on 2 cores: it compiles
nanobind and the classic-control family once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.docs.test_docs import blocks

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-an-environment.md"


def _rebuild_block() -> list[str]:
    for lang, body, _ in blocks(DOC):
        if lang == "bash" and "pip install -e ." in body:
            return [l.split("  #")[0].strip() for l in body.splitlines() if l.strip()]
    raise AssertionError("docs/adding-an-environment.md has no bash block with the rebuild command")


@pytest.mark.slow  # builds rlpool in a scratch venv
@pytest.mark.timeout(1500)  # a minute on a quiet 2-core machine; allow for a loaded one
def test_the_rebuild_loop_runs_as_written(tmp_path):
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    repo = tmp_path / "rlpool"
    for name in filter(None, files):
        src = ROOT / name.decode()
        if src.is_file():
            dst = repo / name.decode()
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=False)
    # Same interpreter, same pip: the scratch environment only gets its own site-packages.
    (env_dir / "bin" / "pip").write_text(f'#!/bin/sh\nexec "{env_dir}/bin/python" -m pip "$@"\n')
    (env_dir / "bin" / "pip").chmod(0o755)
    env = dict(os.environ, PATH=f"{env_dir}/bin:{os.environ['PATH']}", VIRTUAL_ENV=str(env_dir),
               CMAKE_BUILD_PARALLEL_LEVEL="2", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    for cmd in _rebuild_block():
        out = subprocess.run(["bash", "-c", cmd], cwd=repo, env=env, capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, f"{cmd!r} exited {out.returncode}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    # The scratch build really is the one the tests ran against.
    where = subprocess.run([f"{env_dir}/bin/python", "-c", "import rlpool._classic_control as m; print(m.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in where or str(repo) in where, where
