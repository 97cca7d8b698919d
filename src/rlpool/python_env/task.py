"""A registered Python-written env as the registry sees it: a Task whose env
class is served from its compiled functions instead of a family module."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from ..registry import Task
from .compile import Compiled
from .layout import Layout


def _native_class():
    try:
        return importlib.import_module("rlpool._python").PythonEnv
    except ModuleNotFoundError as e:
        if e.name != "rlpool._python":
            raise
        raise ImportError(
            "Python-written envs need the native module rlpool._python, which this rlpool build does not "
            "have: it was built with RLPOOL_FAMILIES excluding 'python'. Rebuild with it, e.g. "
            "RLPOOL_FAMILIES=classic_control,python pip install . (or with RLPOOL_FAMILIES unset for all)"
        ) from None


class EnvClass:
    """Stands where a family module's env class stands (Task.env_class()):
    default_config(), resolve(config) and construction. The configs they get
    have already been through native_config() (the task's ``native``, which
    registry.resolve, the pool and the bench's bare loop all apply), so they
    carry the compiled functions' addresses and the layout."""

    def __init__(self, layout: Layout, compiled: Compiled, py_reset, py_step) -> None:
        self.layout = layout
        self.compiled = compiled
        self.py_reset, self.py_step = py_reset, py_step  # the author's plain Python functions
        self._native_config = {**layout.native_config(), **compiled.addresses}

    def default_config(self) -> dict[str, Any]:
        return {}  # a Python-written env takes the common options only

    def native_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """config with the layout and the compiled functions' addresses."""
        return {**config, **self._native_config}

    def resolve(self, config: dict[str, Any], label: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
        return _native_class().resolve(config, label)

    def __call__(self, config: dict[str, Any]):
        pool = _pool_type()(config)
        # The pool's workers call the cfuncs by address: the pool holds the
        # Numba objects, so their code lives as long as it does (the registry
        # holds them too, for as long as the process runs).
        pool._rlpool_compiled = self.compiled
        return pool


_POOL_TYPE = None


def _pool_type():
    """PythonEnv with an instance dict, so a pool can hold its cfuncs."""
    global _POOL_TYPE
    if _POOL_TYPE is None:
        _POOL_TYPE = type("PythonEnvPool", (_native_class(),), {})
    return _POOL_TYPE


@dataclasses.dataclass(frozen=True)
class PythonTask(Task):
    env_class_obj: EnvClass | None = None

    def env_class(self):
        return self.env_class_obj
