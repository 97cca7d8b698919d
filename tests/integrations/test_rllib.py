"""RLlib on Ray with rlpool pools, against the real ray[rllib] 2.60.0.

ray[rllib] 2.60.0 pins gymnasium==1.2.2 while the test extra asks for
gymnasium>=1.3 (the reference envs of the alignment tests), so Ray cannot share
the test environment. This test makes a second virtual environment beside it
(once; it is kept under ~/.cache, or RLPOOL_RAY_VENV): gymnasium 1.2.2 and
Ray installed there, everything else, the rlpool under test included, seen
from the test environment through a .pth file. That is also what a user gets
from ``pip install "rlpool[ray]"``: rlpool on gymnasium 1.2.2, so this test
covers rlpool on both gymnasium lines.

In it, rllib_probe.py builds examples/rllib_ppo.py's PPO on a local Ray
(``ray.init(num_cpus=2)``): 2 EnvRunners, each must hold one rlpool pool
(made through gymnasium.make_vec's vector entry point) and sample from it,
then 3 training iterations run. Measured 2026-12-02 on the shared 2-core
machine under heavy load: the venv took 2 min 20 s to make (143 MB of wheels,
530 MB installed); the probe about 3 minutes.
"""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

import rlpool

RAY = "ray[rllib]==2.60.0"
PROBE = Path(__file__).with_name("rllib_probe.py")


def _ray_venv() -> Path:
    venv = Path(os.environ.get("RLPOOL_RAY_VENV", Path.home() / ".cache" / "rlpool" / "ray-2.60.0-venv"))
    python = venv / "bin" / "python"
    done = venv / ".installed"
    if not done.exists():
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--clear", str(venv)], check=True)
    # The test environment's packages (rlpool under test, numpy, torch, ...) come after the
    # venv's own, so the venv's gymnasium 1.2.2 shadows the test environment's. Written on
    # every run: a kept venv must see the rlpool of this run, wherever it is installed; the
    # rlpool under test first, as another rlpool may be installed in the base interpreter.
    here = dict.fromkeys([str(Path(rlpool.__file__).parent.parent), *site.getsitepackages()])
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "zz_rlpool_test_env.pth").write_text("\n".join(here) + "\n")
    if not done.exists():
        subprocess.run([str(python), "-m", "pip", "install", "-q", RAY], check=True)
        done.write_text(RAY + "\n")
    return python


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_two_env_runners_each_step_one_rlpool_pool_and_train(tmp_path):
    python = _ray_venv()
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0", "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([str(python), str(PROBE)], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=1200)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])

    assert out["gymnasium"] == "1.2.2" and out["ray"] == "2.60.0"
    runners = out["runners"]
    assert len(runners) == 2 and len({r["pid"] for r in runners}) == 2  # two Ray worker processes
    for r in runners:  # one pool each, made by make_vec's vector entry point
        assert r["class"] == "GymnasiumVectorPool" and r["module"] == "rlpool.gymnasium_vector"
        assert r["num_envs"] == 4 and r["num_threads"] == 1  # num_threads = num_cpus_per_env_runner
    # RLlib seeds EnvRunner k with config.seed + k (the example's seed is 1) through reset(seed=)
    assert sorted(r["seed"] for r in runners) == [2, 3]
    assert all(s >= 64 for s in out["sampled"])
    steps = out["steps"]
    assert steps[0] > 0 and steps == sorted(steps) and steps[-1] > steps[0]
    assert all(r is not None and r > 0 for r in out["returns"])
