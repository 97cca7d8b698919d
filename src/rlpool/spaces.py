"""Gymnasium spaces and dm_env specs built from the native field specs.

A field spec is a dict: name, dtype, shape, low, high (one value or one per
element) and discrete.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from . import obs_layout

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
    """'obs' -> 'obs'; 'obs:pos' -> 'pos': a single field's dm name."""
    return name.split(":", 1)[1] if ":" in name else name


def observation_space(obs_fields: list[dict[str, Any]]) -> spaces.Space:
    """One field is a plain space, whatever its name, as in envpool (a
    dm_control pool with from_pixels has the one field "obs:pixels"); more
    are a Dict, with a Dict per inner key (rlpool.obs_layout)."""
    paths = obs_layout.obs_paths([f["name"] for f in obs_fields])
    tree = obs_layout.nest(paths, [field_space(f) for f in obs_fields])
    return obs_layout.map_dicts(tree, spaces.Dict)


def dm_spec(field: dict[str, Any], name: str | None = None):
    from dm_env import specs

    dtype = np.dtype(field["dtype"])
    shape = tuple(field["shape"])
    name = name or obs_layout.obs_path(field["name"])[-1]
    if field["discrete"] and shape == () and field["low"][0] == 0:
        return specs.DiscreteArray(int(field["high"][0]) + 1, dtype=dtype, name=name)
    if dtype == np.bool_:
        return specs.Array(shape, dtype, name=name)
    low, high = _bounds(field)
    if np.all(np.isinf(low.astype(np.float64))) and np.all(np.isinf(high.astype(np.float64))):
        return specs.Array(shape, dtype, name=name)
    # A bound the native spec gives as one value stays one value, as envpool
    # reports it (Atari's maximum is 255, not a (4, 84, 84) array of 255).
    low_or_scalar, high_or_scalar = _scalar_if_uniform(field["low"], low), _scalar_if_uniform(field["high"], high)
    return specs.BoundedArray(shape, dtype, low_or_scalar, high_or_scalar, name=name)


def _scalar_if_uniform(raw: Any, bound: np.ndarray):
    return bound.reshape(-1)[0] if np.size(raw) == 1 and bound.size > 0 else bound


class ArraySpec:
    """envpool's ``EnvSpec.action_array_spec`` values: dtype, shape (-1 for
    the batch axis), minimum, maximum (one value unless the bounds differ
    per element) and is_discrete."""

    def __init__(self, dtype: Any, shape: list[int], minimum: Any, maximum: Any, is_discrete: bool) -> None:
        self.dtype, self.shape = np.dtype(dtype), shape
        self.minimum, self.maximum, self.is_discrete = minimum, maximum, is_discrete

    def __repr__(self) -> str:
        return f"ArraySpec(shape={self.shape}, dtype={self.dtype}, minimum={self.minimum}, maximum={self.maximum})"


def action_array_specs(action_field: dict[str, Any]) -> dict[str, ArraySpec]:
    """The keys of envpool's low-level dict action (see dict_action.py),
    each with its spec: env_id, players.env_id and the action itself."""
    int32 = np.iinfo(np.int32)
    low, high = _bounds(action_field)
    action = ArraySpec(
        action_field["dtype"],
        [-1, *action_field["shape"]],
        _scalar_if_uniform(action_field["low"], low),
        _scalar_if_uniform(action_field["high"], high),
        bool(action_field["discrete"]),
    )
    return {
        "env_id": ArraySpec(np.int32, [], int32.min, int32.max, False),
        "players.env_id": ArraySpec(np.int32, [-1], int32.min, int32.max, False),
        "action": action,
    }


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
