"""Numba is an optional extra: importing rlpool (and making C++ envs) must not import it."""

import subprocess
import sys


def test_import_rlpool_does_not_import_numba():
    code = (
        "import sys, rlpool\n"
        "env = rlpool.make('CartPole-v1', num_envs=2)\n"
        "env.reset()\n"
        "assert 'numba' not in sys.modules, 'numba was imported'\n"
        "import rlpool.python_env\n"
        "assert 'numba' in sys.modules\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
