"""One module per library; each yields the runners (variants) it has for a point."""

from __future__ import annotations

import functools

from . import (ale_vec, bare, dm_control_loop, gymnasium_vec, jaxmarl_vec, mpe2_loop, pools, procgen_vec,
               pufferlib_vec, python_loop, xla)
from .base import Runner, Skip

# Order is the table's row order.
_RUNNERS = (
    functools.partial(pools.runners, library="rlpool"),
    functools.partial(pools.runners, library="cpp-twin"),
    functools.partial(pools.runners, library="envpool"),
    gymnasium_vec.runners,
    ale_vec.runners,
    procgen_vec.runners,
    mpe2_loop.runners,
    jaxmarl_vec.runners,
    pufferlib_vec.runners,
    python_loop.runners,
    dm_control_loop.runners,
    bare.runners,
    xla.runners,
)

LIBRARIES = (
    "rlpool", "cpp-twin", "envpool", "gymnasium-sync", "gymnasium-async", "gymnasium-vector", "ale-py", "procgen",
    "mpe2", "supersuit", "supersuit-procs", "pettingzoo", "pufferlib", "python-loop", "bare", "bare-async", "bare-physics",
)
# Run only when asked for (--libraries or a scenario that names them): they import JAX.
XLA_LIBRARIES = ("rlpool-xla", "envpool-xla", "jaxmarl")
ALL_LIBRARIES = LIBRARIES + XLA_LIBRARIES


def runners_for(point, libraries=LIBRARIES) -> list[Runner]:
    return [r for runners in _RUNNERS for r in runners(point) if r.library in libraries]


def versions() -> dict[str, str]:
    """Versions of the installed libraries (empty string: not installed)."""
    return {
        "rlpool": pools.version("rlpool"),
        "envpool": pools.version("envpool"),
        "gymnasium": gymnasium_vec.version(),
        "ale-py": ale_vec.version(),
    }


__all__ = ["ALL_LIBRARIES", "LIBRARIES", "XLA_LIBRARIES", "Runner", "Skip", "runners_for", "versions"]
