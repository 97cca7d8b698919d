"""MuJoCo tasks, aligned with gymnasium 1.x ``gymnasium.envs.mujoco`` (v4 and v5).

Models are the XML files of the installed gymnasium (``base_path`` points at
its ``envs/mujoco/assets``; ``xml_file`` takes gymnasium's names and paths).
Options are gymnasium's constructor arguments with its names and defaults,
less the rendering ones (rlpool does not render); v4 tasks also take
``xml_file`` and ``frame_skip`` (InvertedPendulum-v4 ``reset_noise_scale``)
as envpool does. ``main_body`` (Ant-v5) is a body id; names are not accepted.
Every task takes ``debug_state`` (test-only): info then also holds ``qpos0``
and ``qvel0`` (the state the episode started from) and ``reward64`` (the
float64 reward before the engine's float32 reward array).
"""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import os

from ..registry import register

_REF = "gymnasium 1.x envs.mujoco"


def _package_dir(name: str) -> str | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)[0]


def _preload_libmujoco() -> None:
    """rlpool._mujoco finds libmujoco through the rpath ``$ORIGIN/../mujoco``,
    which holds when rlpool and mujoco-core sit in the same site-packages.
    Where they do not (an editable build loaded from build/, or rlpool and
    mujoco-core in different site-packages), load the library from the
    mujoco package first: the dynamic loader then reuses it by SONAME."""
    ext = importlib.util.find_spec("rlpool._mujoco")
    if ext is None or not ext.origin:
        return
    if glob.glob(os.path.join(os.path.dirname(ext.origin), "..", "mujoco", "libmujoco.so.*")):
        return
    mujoco_dir = _package_dir("mujoco")
    libs = sorted(glob.glob(os.path.join(mujoco_dir, "libmujoco.so.*"))) if mujoco_dir else []
    if libs:
        ctypes.CDLL(libs[0], mode=ctypes.RTLD_GLOBAL)


def _assets_dir() -> str:
    gymnasium_dir = _package_dir("gymnasium")
    return os.path.join(gymnasium_dir, "envs", "mujoco", "assets") if gymnasium_dir else ""


_preload_libmujoco()
_ASSETS = _assets_dir()


def _mujoco(task_id: str, env: str, max_episode_steps: int, reward_threshold: float | None = None) -> None:
    register(task_id, "mujoco", env, max_episode_steps=max_episode_steps, reward_threshold=reward_threshold,
             reference=_REF, base_path=_ASSETS)


for _v in ("v4", "v5"):
    _V = _v.upper()
    _mujoco(f"Ant-{_v}", f"Ant{_V}", 1000, 6000.0)
    _mujoco(f"HalfCheetah-{_v}", f"HalfCheetah{_V}", 1000, 4800.0)
    _mujoco(f"Hopper-{_v}", f"Hopper{_V}", 1000, 3800.0)
    _mujoco(f"Humanoid-{_v}", f"Humanoid{_V}", 1000)
    _mujoco(f"HumanoidStandup-{_v}", f"HumanoidStandup{_V}", 1000)
    _mujoco(f"InvertedPendulum-{_v}", f"InvertedPendulum{_V}", 1000, 950.0)
    _mujoco(f"InvertedDoublePendulum-{_v}", f"InvertedDoublePendulum{_V}", 1000, 9100.0)
    _mujoco(f"Pusher-{_v}", f"Pusher{_V}", 100, 0.0)
    _mujoco(f"Reacher-{_v}", f"Reacher{_V}", 50, -3.75)
    _mujoco(f"Swimmer-{_v}", f"Swimmer{_V}", 1000, 360.0)
    _mujoco(f"Walker2d-{_v}", f"Walker2d{_V}", 1000)
