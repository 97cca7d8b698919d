"""rlpool: reinforcement-learning environments stepped in parallel on a native
thread pool, with envpool's API (``import rlpool as envpool``)."""

from importlib import metadata as _metadata

from .envs import (
    DMEnvPool,
    EnvSpec,
    GymEnvPool,
    GymnasiumEnvPool,
    make,
    make_dm,
    make_gym,
    make_gymnasium,
    make_spec,
)
from .registry import list_all_envs, register

EnvPool = GymnasiumEnvPool


def make_pettingzoo(task_id: str, num_envs: int = 1, **kwargs):
    """A PettingZoo ParallelEnv of a multi-agent task (vectorised when num_envs > 1);
    see rlpool.integrations.pettingzoo. Imports pettingzoo, so only when called."""
    from .integrations.pettingzoo import make_pettingzoo as make

    return make(task_id, num_envs=num_envs, **kwargs)


from .registry import _load_builtin_tasks  # noqa: E402

_load_builtin_tasks()

try:  # pyproject.toml is the one place the version is written
    __version__ = _metadata.version("rlpool")
except _metadata.PackageNotFoundError:
    __version__ = "unknown (not installed)"
__all__ = [
    "register",
    "make",
    "make_dm",
    "make_gym",
    "make_gymnasium",
    "make_spec",
    "make_pettingzoo",
    "list_all_envs",
    "EnvSpec",
    "EnvPool",
    "DMEnvPool",
    "GymEnvPool",
    "GymnasiumEnvPool",
]
