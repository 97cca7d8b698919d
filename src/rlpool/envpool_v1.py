"""envpool 1.x semantics: ``import rlpool.envpool_v1 as envpool``.

rlpool's top-level ``make`` keeps envpool 0.8's ``gym`` face, which CleanRL's
envpool scripts need: ``reset() -> obs``, ``step() -> (obs, reward, done,
info)``. envpool 1.x changed that face: its ``env_type="gym"`` and
``make_gym`` give the gymnasium class (``reset() -> (obs, info)``, 5-tuple
``step``) and refuse ``gym_reset_return_info=False``. Code written for
envpool 1.x imports this module instead; nothing else changes. The era is
chosen by which module the caller imports, never guessed from the caller or
from which packages are installed.
"""

from __future__ import annotations

from typing import Any

import rlpool as _rlpool

from . import envs
from .envs import DMEnvPool, EnvSpec, GymEnvPool, GymnasiumEnvPool, make_dm, make_gymnasium, make_spec
from .registry import list_all_envs, register

EnvPool = GymnasiumEnvPool


def make(task_id: str, env_type: str = "gymnasium", **kwargs: Any):
    """As envpool 1.x's ``make``: ``env_type="gym"`` is the gymnasium face."""
    if env_type not in ("dm", "gym", "gymnasium"):
        raise ValueError(f"env_type must be one of ['dm', 'gym', 'gymnasium'], got {env_type!r}")
    # envpool 1.x sets this for every face and refuses False for every face.
    if not kwargs.setdefault("gym_reset_return_info", True):
        raise ValueError(
            "gym_reset_return_info=False is the envpool 0.8 gym API; envpool 1.x's gym face always returns "
            "(obs, info) from reset(). Use `import rlpool` (not rlpool.envpool_v1) for the 0.8 API."
        )
    return envs.make(task_id, "dm" if env_type == "dm" else "gymnasium", **kwargs)


def make_gym(task_id: str, **kwargs: Any) -> GymnasiumEnvPool:
    """envpool 1.x's ``make_gym``: the gymnasium face."""
    return make(task_id, "gym", **kwargs)


# The same names as rlpool's top level; make, make_gym and EnvPool are the ones above.
__all__ = list(_rlpool.__all__)
