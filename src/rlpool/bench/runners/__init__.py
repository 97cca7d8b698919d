"""One module per library; each yields the runners (variants) it has for a point."""

from __future__ import annotations

from . import ale_vec, envpool_pool, gymnasium_vec, python_loop, rlpool_pool
from .base import Runner, Skip

# Order is the table's row order.
_MODULES = (rlpool_pool, envpool_pool, gymnasium_vec, ale_vec, python_loop)

LIBRARIES = ("rlpool", "envpool", "gymnasium-sync", "gymnasium-async", "gymnasium-vector", "ale-py", "python-loop")


def runners_for(point, libraries=LIBRARIES) -> list[Runner]:
    return [r for m in _MODULES for r in m.runners(point) if r.library in libraries]


def versions() -> dict[str, str]:
    """Versions of the installed libraries (empty string: not installed)."""
    return {
        "rlpool": rlpool_pool.version(),
        "envpool": envpool_pool.version(),
        "gymnasium": gymnasium_vec.version(),
        "ale-py": ale_vec.version(),
    }


__all__ = ["LIBRARIES", "Runner", "Skip", "runners_for", "versions"]
