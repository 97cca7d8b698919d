"""MuJoCo's warnings reach Python's warnings module, once per message, and
nothing is written into the user's working directory."""

import subprocess
import sys

SCRIPT = """
import warnings
import numpy as np
import rlpool
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for _ in range(2):  # a second pool of the same model repeats nothing
        env = rlpool.make("HalfCheetah-v5", num_envs=2)
        env.reset()
        env.step(np.zeros((2, 6)))
        env.close()
    rlpool.make_spec("HalfCheetah-v5")
for w in caught:
    print(w.category.__name__, w.message)
"""


def test_model_warnings_are_python_warnings_and_no_log_file(tmp_path):
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    settotalmass = [l for l in lines if "settotalmass" in l]
    assert len(settotalmass) == 1, lines
    assert settotalmass[0].startswith("RuntimeWarning HalfCheetah-v5:")
    assert list(tmp_path.iterdir()) == [], "MuJoCo wrote into the working directory"
    assert "WARNING" not in out.stderr, out.stderr
