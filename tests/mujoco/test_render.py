"""render_mode="rgb_array" on MuJoCo tasks: MuJoCo's offscreen renderer on a
headless EGL or OSMesa context, against gymnasium's MujocoRenderer of the
same state on the same backend: same libmujoco, same camera set-up (a free
camera aimed at the first rendered frame, then the task's
DEFAULT_CAMERA_CONFIG), 480 x 480.
Tolerance: every channel of every pixel within 2 of gymnasium's, on EGL and
on OSMesa alike (measured: 0 on both; both draw with Mesa's llvmpipe here).

EGL runs in this process (MUJOCO_GL=egl); without EGL rlpool's render raises
"needs EGL ..." and those comparisons skip saying so. OSMesa runs in
subprocesses with MUJOCO_GL=osmesa, as the backend is chosen once per process
(PyOpenGL and MuJoCo's GL loader settle on one too): with libOSMesa the frames
are compared, without it the test asserts the error that says how to install
it. The test-only variables RLPOOL_TEST_LIBEGL / RLPOOL_TEST_LIBOSMESA point
rlpool's dlopen at a library name that does not exist, to check the errors
for a missing backend on any machine."""

import ctypes
import json
import os
import subprocess
import sys

os.environ.setdefault("MUJOCO_GL", "egl")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
import rlpool  # noqa: E402
from rlpool.tasks.mujoco import gl_backend  # noqa: E402

from .reference import make_reference, sync  # noqa: E402

TOLERANCE = 2
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MISSING = "librlpool-test-missing.so"


def _make(task_id, **kwargs):
    env = rlpool.make(task_id, num_envs=2, seed=3, debug_state=True, render_mode="rgb_array", **kwargs)
    env.reset()
    try:
        env.render()
    except RuntimeError as e:
        if "needs EGL" in str(e):
            pytest.skip(str(e))
        raise
    return env


def max_differences(task_id, steps=4):
    """rlpool's frame of env 1 against gymnasium's render() of the same state,
    for up to `steps` steps of random actions: the largest channel difference
    of each frame. Neither side makes its context current for the other:
    rlpool's render leaves the thread's current context (gymnasium's) as it
    found it."""
    env = rlpool.make(task_id, num_envs=2, seed=3, debug_state=True, render_mode="rgb_array")
    ref = make_reference(task_id, render_mode="rgb_array")
    obs, info = env.reset()
    sync(ref, info, row=1)
    rng = np.random.default_rng(0)
    low, high = env.action_space.low, env.action_space.high
    diffs = []
    for _ in range(steps):
        frame = env.render(env_ids=[1])[0]
        expected = ref.render()
        assert frame.shape == expected.shape == (480, 480, 3)
        assert frame.std() > 0  # a picture, not a blank
        diffs.append(int(np.abs(frame.astype(int) - expected.astype(int)).max()))
        actions = rng.uniform(low, high, size=(2, *low.shape)).astype(np.float32)
        obs, _, term, trunc, info = env.step(actions)
        ref.step(actions[1])
        if term[1] or trunc[1]:
            break
    return diffs


@pytest.mark.parametrize("task_id", ["Hopper-v4", "Ant-v5", "InvertedPendulum-v4", "InvertedDoublePendulum-v5",
                                     "Swimmer-v4", "Walker2d-v5"])
def test_frames_match_gymnasium(task_id):
    _make(task_id)  # skips without EGL
    assert gl_backend() == "egl"
    diffs = max_differences(task_id)
    assert max(diffs) <= TOLERANCE, f"{task_id} max channel difference per step: {diffs}"


def test_size_and_camera_options():
    env = _make("Hopper-v4", render_width=64, render_height=48)
    assert env.render(env_ids=[0, 1]).shape == (2, 48, 64, 3)
    with pytest.raises(ValueError, match="camera_id"):
        env.render(camera_id=99)
    big = rlpool.make("Hopper-v4", render_mode="rgb_array", render_width=5000)
    big.reset()
    with pytest.raises(ValueError, match="offscreen buffer"):
        big.render()


# ---------------------------------------------------------------- OSMesa and the choice

# Prints one JSON line: the backend and each task's differences, or the
# error rlpool raised. make() and reset() come first: they need no GL.
SCRIPT = """
import json, sys
import rlpool
from rlpool.tasks.mujoco import gl_backend
env = rlpool.make("Hopper-v5", render_mode="rgb_array")
env.reset()
try:
    frame = env.render()
except RuntimeError as e:
    print(json.dumps({"error": str(e)}))
    sys.exit(0)
out = {"backend": gl_backend(), "blank": bool(frame.std() == 0)}
if sys.argv[1:]:
    from tests.mujoco.test_render import max_differences
    out["diffs"] = {task: max_differences(task) for task in sys.argv[1:]}
print(json.dumps(out))
"""


def _run(env, tasks=()):
    """SCRIPT in a fresh interpreter with `env` (None: variable unset) over
    this one's environment."""
    full = dict(os.environ)
    full.pop("PYOPENGL_PLATFORM", None)  # mujoco.egl, imported here, sets it to egl
    for key, value in env.items():
        full.pop(key, None)
        if value is not None:
            full[key] = value
    proc = subprocess.run([sys.executable, "-c", SCRIPT, *tasks], cwd=ROOT, env=full, capture_output=True,
                          text=True, timeout=240)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _loads(*names):
    for name in names:
        try:
            ctypes.CDLL(name)
            return True
        except OSError:
            pass
    return False


HAS_OSMESA = _loads("libOSMesa.so.8", "libOSMesa.so")


def _assert_osmesa_error(message, library):
    assert "needs OSMesa" in message and "apt install libosmesa6" in message, message
    assert library in message, message  # dlopen's own reason


def test_osmesa_frames_match_gymnasium():
    """MUJOCO_GL=osmesa: with libOSMesa, rlpool's frames match gymnasium's own
    OSMesa render (mujoco.osmesa through PyOpenGL); without it, render()
    raises the error naming OSMesa and its package."""
    tasks = ["Ant-v5", "Hopper-v5", "InvertedPendulum-v5", "InvertedDoublePendulum-v5"]
    out = _run({"MUJOCO_GL": "osmesa"}, tasks if HAS_OSMESA else ())
    if not HAS_OSMESA:
        _assert_osmesa_error(out.get("error", ""), "libOSMesa.so.8")
        return
    assert out.get("backend") == "osmesa", out
    for task, diffs in out["diffs"].items():
        assert diffs and max(diffs) <= TOLERANCE, f"{task} max channel difference per step: {diffs}"


def test_osmesa_missing_says_how_to_install_it():
    out = _run({"MUJOCO_GL": "osmesa", "RLPOOL_TEST_LIBOSMESA": MISSING})
    _assert_osmesa_error(out.get("error", ""), MISSING)


def test_egl_missing_falls_back_to_osmesa():
    """MUJOCO_GL unset: EGL first, then OSMesa."""
    out = _run({"MUJOCO_GL": None, "RLPOOL_TEST_LIBEGL": MISSING})
    if HAS_OSMESA:
        assert out == {"backend": "osmesa", "blank": False}, out
    else:
        assert "needs EGL or OSMesa" in out.get("error", ""), out


def test_egl_without_a_driver_falls_back_to_osmesa():
    """libEGL loads but no driver serves it (libglvnd pointed at no vendor
    file): unset MUJOCO_GL still ends on OSMesa. rlpool loads libEGL
    RTLD_LOCAL until EGL is chosen, else MuJoCo's GL loader would take its
    eglGetProcAddress for the OSMesa context too."""
    out = _run({"MUJOCO_GL": None, "__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl_vendor.json"})
    if HAS_OSMESA:
        assert out == {"backend": "osmesa", "blank": False}, out
    else:
        assert "needs EGL or OSMesa" in out.get("error", "") and "no headless EGL display" in out["error"], out


def test_neither_library_names_both():
    out = _run({"MUJOCO_GL": None, "RLPOOL_TEST_LIBEGL": MISSING + ".1", "RLPOOL_TEST_LIBOSMESA": MISSING + ".8"})
    message = out.get("error", "")
    assert "needs EGL or OSMesa, and this machine has neither" in message, message
    for part in (MISSING + ".1", "apt install libegl1 libegl-mesa0", MISSING + ".8", "apt install libosmesa6",
                 "MUJOCO_GL=egl or MUJOCO_GL=osmesa"):
        assert part in message, (part, message)


def test_unknown_mujoco_gl_names_the_two_backends():
    out = _run({"MUJOCO_GL": "glfw"})
    assert "MUJOCO_GL=glfw" in out.get("error", "") and "egl or osmesa" in out["error"], out
