"""gymnasium-robotics 1.4.2 made runnable under mujoco 4.0.0, for the robotics
bench's gymnasium peer and the robotics alignment tests (never loaded by
``import rlpool``; rlpool's own envs do not use gymnasium-robotics' code).

The shim: gymnasium-robotics' mujoco_utils checks a joint's type with
``model.jnt_type[j] in (mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE)``.
Under mujoco 4 the model array holds numpy.int32 and the enum members no
longer match inside a tuple's ``in`` (``==`` still holds), so every Fetch and
Hand env fails an assert on its first reset. The shim hands mujoco_utils a
view of the mujoco module whose mjtJoint members are the plain ints (the same
values); nothing else of gymnasium-robotics changes. It is one copy, here,
because the bench's AsyncVectorEnv workers need it as much as the tests.
"""

from __future__ import annotations

import types


def install_mujoco4_shim() -> None:
    """Applies the shim (idempotent) and registers gymnasium-robotics' ids."""
    import gymnasium
    import gymnasium_robotics
    import mujoco
    from gymnasium_robotics.utils import mujoco_utils

    if not getattr(mujoco_utils.mujoco, "_rlpool_shim", False):
        view = types.SimpleNamespace(
            **{name: getattr(mujoco, name) for name in dir(mujoco) if not name.startswith("__")}
        )
        view.mjtJoint = types.SimpleNamespace(
            **{name: int(getattr(mujoco.mjtJoint, name)) for name in dir(mujoco.mjtJoint) if name.startswith("mjJNT_")}
        )
        view._rlpool_shim = True
        mujoco_utils.mujoco = view
    if "FetchReach-v4" not in gymnasium.registry:
        gymnasium.register_envs(gymnasium_robotics)


def reference_id(task_id: str) -> str:
    """rlpool's Fetch -v1 ids run gymnasium-robotics' -v4 classes, and the
    Shadow Hand -v0 ids its -v3 (HandReach) and -v1 (HandManipulate) ones
    (envpool's routing; the mujoco-py classes no longer install)."""
    name, version = task_id.rsplit("-", 1)
    if name.startswith("Fetch") and version == "v1":
        return f"{name}-v4"
    if name.startswith("Hand") and version == "v0":
        return f"{name}-v3" if name.startswith("HandReach") else f"{name}-v1"
    return task_id
