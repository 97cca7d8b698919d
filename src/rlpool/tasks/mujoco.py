"""MuJoCo tasks, aligned with gymnasium 1.x ``gymnasium.envs.mujoco`` (v4 and v5).

Models are the XML files of the installed gymnasium (``base_path`` points at
its ``envs/mujoco/assets``; ``xml_file`` takes gymnasium's names and paths,
and envpool's bundled names ``<model>_envpool.xml`` for the same files; an
unknown name is a ValueError listing the names that exist). Every task also
takes envpool's ``frame_stack`` (default 1): k > 1 makes the observation
(k, n), the last k observations, oldest first.
Options are gymnasium's constructor arguments with its names and defaults,
less the rendering ones (rendering takes envpool's render_* make() options
instead); v4 tasks also take ``xml_file`` and ``frame_skip``
(InvertedPendulum-v4 ``reset_noise_scale``) as envpool does. ``main_body``
(Ant-v5) is a body id; names are not accepted.
Every task takes ``debug_state`` (test-only): info then also holds ``qpos0``
and ``qvel0`` (the state the episode started from) and ``reward64`` (the
float64 reward before the engine's float32 reward array).
"""

from __future__ import annotations

import os

from ..packages import package_dir, preload_libmujoco
from ..registry import register

_REF = "gymnasium 1.x envs.mujoco"


def _assets_dir() -> str:
    gymnasium_dir = package_dir("gymnasium")
    return os.path.join(gymnasium_dir, "envs", "mujoco", "assets") if gymnasium_dir else ""


preload_libmujoco("rlpool._mujoco")
_ASSETS = _assets_dir()
_ENVPOOL_SUFFIX = "_envpool.xml"


def gl_backend() -> str:
    """``"egl"`` or ``"osmesa"``: the GL context MuJoCo tasks render on in this
    process. The choice is made once, on the first render (or this call):
    ``MUJOCO_GL=egl`` or ``MUJOCO_GL=osmesa`` when set, else EGL when its library
    loads and a headless display initialises, else OSMesa. Raises RuntimeError
    saying which libraries are missing, why, and how to install them."""
    from .. import _mujoco

    return _mujoco.gl_backend()


def model_names(base_path: str = _ASSETS) -> list[str]:
    """The model names xml_file takes: the XML files in base_path, and
    envpool's spelling of each (envpool bundles gymnasium's models as
    ``<model>_envpool.xml``)."""
    try:
        files = sorted(f for f in os.listdir(base_path) if f.endswith(".xml"))
    except OSError:
        return []
    return files + [f[: -len(".xml")] + _ENVPOOL_SUFFIX for f in files]


def _model_file(name: str) -> str:
    """The bundled file an xml_file name means: envpool's <model>_envpool.xml
    is gymnasium's <model>.xml; a path or a gymnasium name is itself."""
    if name and name[0] not in "./~" and name.endswith(_ENVPOOL_SUFFIX):
        return name[: -len(_ENVPOOL_SUFFIX)] + ".xml"
    return name


def _prepare_xml_file(config: dict) -> None:
    """Names the models that exist when a bare name matches none. The name
    stays as passed in `config` (as envpool reports it); _native_xml_file
    gives the native loader the file it means."""
    name, base = config["xml_file"], config["base_path"]
    if not name or name[0] in "./~":
        return  # a path: the native loader checks it and says which file is missing
    if not os.path.isfile(os.path.join(base, _model_file(name))):
        raise ValueError(
            f"xml_file={name!r} is not a bundled MuJoCo model; the names that exist are "
            f"{', '.join(model_names(base))} (in {base}); or pass a path starting with '/', './' or '~'"
        )


def _native_xml_file(config: dict) -> dict:
    return {**config, "xml_file": _model_file(config["xml_file"])}


def _mujoco(task_id: str, env: str, max_episode_steps: int, reward_threshold: float | None = None,
            reference: str = _REF) -> None:
    register(task_id, "mujoco", env, max_episode_steps=max_episode_steps, reward_threshold=reward_threshold,
             reference=reference, base_path=_ASSETS, prepare=_prepare_xml_file,
             native=_native_xml_file)


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

# The older ids envpool 1.x also has (gym 0.21's mujoco-py envs; gymnasium 1.x
# no longer ships them, so no reference is installed to align with). Per
# gymnasium's version notes, v4 changed only the binding (mujoco-py ->
# mujoco) for all of them but two: Ant-v4 took the contact forces out of the
# default observation, and Humanoid-v4 dropped the contact cost. Those two
# have their own v3 classes; the rest run v4's equations, whose options
# already include v3's (xml_file, cost weights, ranges, reset noise).
_OLD = "gym 0.21 {} (mujoco-py), per gymnasium's version notes: {}"
_mujoco("Ant-v3", "AntV3", 1000, 6000.0, _OLD.format("ant_v3", "v4's equations with contact forces in obs and reward"))
_mujoco("Humanoid-v3", "HumanoidV3", 1000, None, _OLD.format("humanoid_v3", "v4's equations plus the contact cost"))
for _name, _env, _steps, _threshold, _version in (
    ("HalfCheetah", "HalfCheetahV4", 1000, 4800.0, "v3"),
    ("Hopper", "HopperV4", 1000, 3800.0, "v3"),
    ("Walker2d", "Walker2dV4", 1000, None, "v3"),
    ("Swimmer", "SwimmerV4", 1000, 360.0, "v3"),
    ("HumanoidStandup", "HumanoidStandupV4", 1000, None, "v2"),
    ("InvertedPendulum", "InvertedPendulumV4", 1000, 950.0, "v2"),
    ("InvertedDoublePendulum", "InvertedDoublePendulumV4", 1000, 9100.0, "v2"),
    ("Pusher", "PusherV4", 100, 0.0, "v2"),
    ("Reacher", "ReacherV4", 50, -3.75, "v2"),
):
    _mujoco(f"{_name}-{_version}", _env, _steps, _threshold,
            _OLD.format(f"{_name}-{_version}", "same equations as v4 (only the binding changed)"))
