"""gymnasium-robotics 1.4.2 itself, the reference the robotics tests align with.

The MuJoCo-4 shim (tests only, never in rlpool): gymnasium-robotics'
mujoco_utils checks a joint's type with ``model.jnt_type[j] in
(mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE)``. Under mujoco
4.0.0 the model array holds numpy.int32 and the enum members no longer compare
equal inside a tuple's ``in`` (the == still works), so every Fetch and Hand env
fails an assert on its first reset. The shim hands mujoco_utils a view of the
mujoco module whose mjtJoint members are the plain ints (same values); nothing
else of the reference changes.
"""

from __future__ import annotations

import types

import gymnasium as gym
import gymnasium_robotics  # the test extra pins gymnasium-robotics==1.4.2
import mujoco
from gymnasium_robotics.utils import mujoco_utils


def _install_mujoco4_shim() -> None:
    if getattr(mujoco_utils.mujoco, "_rlpool_shim", False):
        return
    view = types.SimpleNamespace(**{name: getattr(mujoco, name) for name in dir(mujoco) if not name.startswith("__")})
    view.mjtJoint = types.SimpleNamespace(
        **{name: int(getattr(mujoco.mjtJoint, name)) for name in dir(mujoco.mjtJoint) if name.startswith("mjJNT_")}
    )
    view._rlpool_shim = True
    mujoco_utils.mujoco = view


_install_mujoco4_shim()
gym.register_envs(gymnasium_robotics)


def reference_id(task_id: str) -> str:
    """rlpool's -v1 ids run gymnasium-robotics' -v4 classes (envpool's routing;
    the mujoco-py -v1 classes no longer install)."""
    return task_id.rsplit("-", 1)[0] + "-v4"


def make_reference(task_id: str, **kwargs) -> gym.Env:
    return gym.make(reference_id(task_id), **kwargs)
