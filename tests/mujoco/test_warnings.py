"""MuJoCo's messages stay inside rlpool: nothing is written into the user's
working directory or printed to stderr. A known-harmless message about a
shipped reference model (gymnasium's settotalmass under MuJoCo 4) goes to the
"rlpool" logger at DEBUG level, once; any other message becomes a Python
RuntimeWarning, once.

Each case runs in a fresh interpreter in an empty temporary cwd, because
MuJoCo's default handler (what rlpool replaces) writes MUJOCO_LOG.TXT there
and prints to the process's stderr.
"""

import os
import subprocess
import sys

import pytest

CAPTURE = """
import logging
import warnings
import numpy as np
import rlpool
logged = []
handler = logging.Handler(logging.DEBUG)
handler.emit = lambda record: logged.append(record.getMessage())
logging.getLogger("rlpool").addHandler(handler)
logging.getLogger("rlpool").setLevel(logging.DEBUG)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    MAKE
for w in caught:
    print("warning", w.category.__name__, w.message)
for message in logged:
    print("debug", message)
"""


def run_in_empty_cwd(tmp_path, make_lines):
    script = CAPTURE.replace("MAKE", "\n    ".join(make_lines))
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert list(tmp_path.iterdir()) == [], "MuJoCo wrote into the working directory"
    assert out.stderr == "", out.stderr
    return out.stdout.splitlines()


def test_gymnasium_half_cheetah_shows_nothing_and_logs_the_deprecation_once(tmp_path):
    lines = run_in_empty_cwd(
        tmp_path,
        [
            "for _ in range(2):  # a second pool of the same model repeats nothing",
            "    env = rlpool.make('HalfCheetah-v5', num_envs=2)",
            "    env.reset()",
            "    env.step(np.zeros((2, 6)))",
            "    env.close()",
            "rlpool.make_spec('HalfCheetah-v5')",
        ],
    )
    assert [l for l in lines if l.startswith("warning")] == [], lines
    debug = [l for l in lines if l.startswith("debug")]
    assert len(debug) == 1, lines
    assert debug[0].startswith("debug HalfCheetah-v5:") and "settotalmass" in debug[0], lines


def test_dm_control_cheetah_shows_nothing(tmp_path):
    pytest.importorskip("dm_control")
    lines = run_in_empty_cwd(
        tmp_path,
        [
            "env = rlpool.make('CheetahRun-v1', num_envs=2)",
            "env.reset()",
            "env.step(np.zeros((2, 6)))",
            "env.close()",
        ],
    )
    assert [l for l in lines if l.startswith("warning")] == [], lines


def test_both_mujoco_modules_in_one_process_show_nothing(tmp_path):
    # libmujoco's handlers are process-wide: whichever module is imported
    # first owns the warning handler, and the other's models are still caught.
    pytest.importorskip("dm_control")
    lines = run_in_empty_cwd(
        tmp_path,
        [
            "rlpool.make('CheetahRun-v1', num_envs=1).close()",
            "rlpool.make('HalfCheetah-v5', num_envs=1).close()",
        ],
    )
    assert [l for l in lines if l.startswith("warning")] == [], lines
    assert len([l for l in lines if "settotalmass" in l]) == 1, lines


def test_a_warning_about_the_users_own_model_is_a_runtime_warning_once(tmp_path):
    # A user's XML with a deprecation MuJoCo warns about (statistic
    # meaninertia) is the user's to fix: it must reach them.
    import gymnasium

    assets = os.path.join(os.path.dirname(gymnasium.__file__), "envs", "mujoco", "assets")
    with open(os.path.join(assets, "half_cheetah.xml")) as f:
        xml = f.read()
    assert "<mujoco" in xml
    model_dir = tmp_path / "model"
    model_dir.mkdir()
    own = model_dir / "own_cheetah.xml"
    own.write_text(xml.replace("</mujoco>", '  <statistic meaninertia="1"/>\n</mujoco>', 1))
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    lines = run_in_empty_cwd(
        cwd,
        [
            "for _ in range(2):",
            f"    rlpool.make('HalfCheetah-v5', num_envs=1, xml_file={str(own)!r}).close()",
        ],
    )
    warned = [l for l in lines if l.startswith("warning")]
    assert len(warned) == 1, lines
    assert warned[0].startswith("warning RuntimeWarning HalfCheetah-v5:") and "meaninertia" in warned[0], lines
