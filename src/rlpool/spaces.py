"""Gymnasium spaces and dm_env specs built from the native field specs.

A field spec is a dict: name, dtype, shape, low, high (one value or one per
element) and discrete.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

_DISCRETE_MAX = 2**20  # beyond this an int field is a Box, as in envpool


def _bounds(field: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    dtype = np.dtype(field["dtype"])
    shape = tuple(field["shape"])
    low = np.asarray(field["low"], dtype=np.float64)
    high = np.asarray(field["high"], dtype=np.float64)
    if low.size == 1:
        low = np.full(shape, low.item())
    if high.size == 1:
        high = np.full(shape, high.item())
    low, high = low.reshape(shape), high.reshape(shape)
    if np.issubdtype(dtype, np.integer):
        return _saturate(low, dtype), _saturate(high, dtype)
    return low.astype(dtype), high.astype(dtype)


def _saturate(bound: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Float bounds as an integer dtype, ±inf and anything beyond its range
    clamped to its extremes. Clamping in float64 is not enough: int64's and
    uint64's largest values round up to 2**63 / 2**64 there, which wrap on
    the cast (an unbounded int64 field would get high = -2**63)."""
    info = np.iinfo(dtype)
    above = bound >= float(info.max)
    below = bound <= float(info.min)
    inside = np.where(above | below, 0.0, np.nan_to_num(bound)).astype(dtype)
    return np.where(above, dtype.type(info.max), np.where(below, dtype.type(info.min), inside)).astype(dtype)


def field_space(field: dict[str, Any]) -> spaces.Space:
    dtype = np.dtype(field["dtype"])
    shape = tuple(field["shape"])
    if dtype == np.bool_:
        return spaces.MultiBinary(list(shape) if shape else 1)
    low, high = _bounds(field)
    if field["discrete"] and shape == () and int(high) - int(low) < _DISCRETE_MAX:
        return spaces.Discrete(int(high) - int(low) + 1, start=int(low))
    return spaces.Box(low=low, high=high, shape=shape, dtype=dtype)


def obs_key(name: str) -> str:
    """'obs' -> 'obs'; 'obs:pos' -> 'pos'."""
    return name.split(":", 1)[1] if ":" in name else name


def observation_space(obs_fields: list[dict[str, Any]]) -> spaces.Space:
    if len(obs_fields) == 1 and obs_fields[0]["name"] == "obs":
        return field_space(obs_fields[0])
    return spaces.Dict({obs_key(f["name"]): field_space(f) for f in obs_fields})


def dm_spec(field: dict[str, Any], name: str | None = None):
    from dm_env import specs

    dtype = np.dtype(field["dtype"])
    shape = tuple(field["shape"])
    name = name or obs_key(field["name"])
    if field["discrete"] and shape == () and field["low"][0] == 0:
        return specs.DiscreteArray(int(field["high"][0]) + 1, dtype=dtype, name=name)
    if dtype == np.bool_:
        return specs.Array(shape, dtype, name=name)
    low, high = _bounds(field)
    if np.all(np.isinf(low.astype(np.float64))) and np.all(np.isinf(high.astype(np.float64))):
        return specs.Array(shape, dtype, name=name)
    return specs.BoundedArray(shape, dtype, low, high, name=name)


def to_legacy_gym(space: spaces.Space):
    """The same space as an old ``gym.spaces`` object when the legacy ``gym``
    package is installed (CleanRL's envpool scripts check isinstance against
    it); otherwise the gymnasium space unchanged."""
    try:
        import gym  # noqa: F401
        from gym import spaces as gym_spaces
    except Exception:
        return space
    if isinstance(space, spaces.Discrete):
        return gym_spaces.Discrete(int(space.n))
    if isinstance(space, spaces.Box):
        return gym_spaces.Box(low=space.low, high=space.high, shape=space.shape, dtype=space.dtype)
    if isinstance(space, spaces.MultiBinary):
        return gym_spaces.MultiBinary(space.n)
    if isinstance(space, spaces.Dict):
        return gym_spaces.Dict({k: to_legacy_gym(v) for k, v in space.spaces.items()})
    return space
