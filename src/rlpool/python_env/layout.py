"""Checks a Python-written env's declaration (spaces, state, info) and turns it
into the numpy layouts the compiled code sees and the native config the
engine reads (csrc/envs/python/layout.h). Imports no Numba."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from gymnasium import spaces

# dtypes the engine can hand back to Python (csrc/core/spec.h).
FIELD_DTYPES = tuple(np.dtype(n) for n in ("bool", "uint8", "int32", "int64", "float32", "float64"))
STATE_FLAT_DTYPES = (np.dtype("float64"), np.dtype("int64"))
# Names the engine already puts into info (or uses for same_step autoreset).
RESERVED_INFO = {"env_id", "players", "elapsed_step", "final_obs", "final_info", "_final_obs", "_final_info"}


class DeclarationError(ValueError):
    """A Python-written env's spaces, state or info fields are not ones rlpool can lay out."""


@dataclasses.dataclass(frozen=True)
class Layout:
    task_id: str
    obs_space: spaces.Space
    action_space: spaces.Space
    obs_dtype: np.dtype
    obs_view_shape: tuple[int, ...]  # shape of obs_out in the compiled code (a scalar is (1,))
    action_dtype: np.dtype
    action_shape: tuple[int, ...] | None  # None: Discrete, passed as an int
    state_dtype: np.dtype  # a structured dtype (state is one record) or float64/int64
    state_size: int  # elements of a flat state; 1 for a structured one
    info_dtype: np.dtype  # structured; info_out is one record of it

    @property
    def state_is_record(self) -> bool:
        return self.state_dtype.names is not None

    @property
    def state_bytes(self) -> int:
        return self.state_dtype.itemsize * self.state_size

    def native_config(self) -> dict[str, Any]:
        """The python_* keys of layout.h, less the two function addresses."""
        config: dict[str, Any] = {"python_task_id": self.task_id, "python_state_bytes": self.state_bytes}
        config.update(_field_config("obs", self.obs_space))
        config.update(_field_config("action", self.action_space))
        names = [n for n in self.info_dtype.names if n != _NO_INFO]
        ndims, dims, offsets, dtypes = [], [], [], []
        for name in names:
            sub, offset = self.info_dtype.fields[name][:2]
            base, shape = (sub.base, sub.shape) if sub.subdtype else (sub, ())
            dtypes.append(base.name)
            ndims.append(float(len(shape)))
            dims.extend(float(d) for d in shape)
            offsets.append(float(offset))
        config.update(
            python_info_names=",".join(names),
            python_info_dtypes=",".join(dtypes),
            python_info_ndims=ndims,
            python_info_dims=dims,
            python_info_offsets=offsets,
            python_info_record_bytes=self.info_dtype.itemsize,
        )
        return config


# The info record must have a field for Numba even when the env declares none.
_NO_INFO = "_no_info"


def _field_config(prefix: str, space: spaces.Space) -> dict[str, Any]:
    if isinstance(space, spaces.Discrete):
        return {
            f"python_{prefix}_dtype": "int32",
            f"python_{prefix}_shape": [],
            f"python_{prefix}_low": [float(space.start)],
            f"python_{prefix}_high": [float(space.start + space.n - 1)],
            f"python_{prefix}_discrete": True,
        }
    return {
        f"python_{prefix}_dtype": np.dtype(space.dtype).name,
        f"python_{prefix}_shape": [float(d) for d in space.shape],
        f"python_{prefix}_low": [float(v) for v in np.asarray(space.low, dtype=np.float64).ravel()],
        f"python_{prefix}_high": [float(v) for v in np.asarray(space.high, dtype=np.float64).ravel()],
        f"python_{prefix}_discrete": False,
    }


def _obs(task_id: str, space: Any) -> tuple[np.dtype, tuple[int, ...]]:
    if isinstance(space, spaces.Discrete):
        return np.dtype("int32"), (1,)
    if isinstance(space, spaces.Box):
        dtype = np.dtype(space.dtype)
        if dtype not in FIELD_DTYPES:
            raise DeclarationError(
                f"{task_id}: observation Box dtype {dtype} is not supported; use one of "
                f"{', '.join(d.name for d in FIELD_DTYPES)}"
            )
        return dtype, tuple(int(d) for d in space.shape) or (1,)
    raise DeclarationError(
        f"{task_id}: observation_space must be a gymnasium.spaces.Box or Discrete, got {space!r}"
    )


def _action(task_id: str, space: Any) -> tuple[np.dtype, tuple[int, ...] | None]:
    if isinstance(space, spaces.Discrete):
        return np.dtype("int32"), None
    if isinstance(space, spaces.Box):
        dtype = np.dtype(space.dtype)
        if dtype not in (np.dtype("float32"), np.dtype("float64")):
            raise DeclarationError(f"{task_id}: a Box action_space must be float32 or float64, got {dtype}")
        return dtype, tuple(int(d) for d in space.shape) or (1,)
    raise DeclarationError(f"{task_id}: action_space must be a gymnasium.spaces.Discrete or Box, got {space!r}")


def _state(task_id: str, state: Any) -> tuple[np.dtype, int]:
    """`state` is an int n (float64[n]), a (dtype, n) pair with dtype float64
    or int64, or a structured dtype (anything np.dtype() turns into one)."""
    if isinstance(state, (int, np.integer)) and not isinstance(state, bool):
        dtype, size = np.dtype("float64"), int(state)
    elif isinstance(state, tuple) and len(state) == 2 and isinstance(state[1], (int, np.integer)):
        try:
            dtype = np.dtype(state[0])
        except TypeError:
            raise DeclarationError(f"{task_id}: state=({state[0]!r}, n): {state[0]!r} is not a dtype") from None
        size = int(state[1])
        if dtype not in STATE_FLAT_DTYPES:
            raise DeclarationError(f"{task_id}: a flat state must be float64 or int64, got {dtype}")
    else:
        try:
            dtype = np.dtype(state, align=True) if isinstance(state, list) else np.dtype(state)
        except TypeError:
            dtype = None
        if dtype is None or dtype.names is None:
            raise DeclarationError(
                f"{task_id}: state must be an int n (float64[n]), a pair (np.float64 or np.int64, n), "
                f"or a numpy structured dtype, got {state!r}"
            )
        size = 1
    if size < 1:
        raise DeclarationError(f"{task_id}: the state needs at least one element, got {size}")
    return dtype, size


def _info(task_id: str, info: dict[str, Any] | None) -> np.dtype:
    """`info` maps each extra info field's name to a dtype or (dtype, shape)."""
    if not info:
        return np.dtype([(_NO_INFO, np.uint8)])
    if not isinstance(info, dict):
        raise DeclarationError(f"{task_id}: info must be a dict name -> dtype or (dtype, shape), got {info!r}")
    fields = []
    for name, decl in info.items():
        if not isinstance(name, str) or not name.isidentifier() or name in RESERVED_INFO or name.startswith("_"):
            raise DeclarationError(
                f"{task_id}: info field name {name!r} must be a Python identifier not starting with '_' "
                f"and not one the engine writes ({', '.join(sorted(RESERVED_INFO))})"
            )
        dtype_decl, shape = decl if isinstance(decl, tuple) else (decl, ())
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
        try:
            dtype = np.dtype(dtype_decl)
        except TypeError:
            raise DeclarationError(f"{task_id}: info field {name!r}: {dtype_decl!r} is not a dtype") from None
        if dtype not in FIELD_DTYPES:
            raise DeclarationError(
                f"{task_id}: info field {name!r} has dtype {dtype}; use one of "
                f"{', '.join(d.name for d in FIELD_DTYPES)}"
            )
        if any(d < 1 for d in shape):
            raise DeclarationError(f"{task_id}: info field {name!r} has an empty shape {shape}")
        fields.append((name, dtype, shape) if shape else (name, dtype))
    return np.dtype(fields, align=True)


def make_layout(task_id: str, observation_space: Any, action_space: Any, state: Any, info: Any) -> Layout:
    obs_dtype, obs_view = _obs(task_id, observation_space)
    action_dtype, action_shape = _action(task_id, action_space)
    state_dtype, state_size = _state(task_id, state)
    return Layout(
        task_id=task_id,
        obs_space=observation_space,
        action_space=action_space,
        obs_dtype=obs_dtype,
        obs_view_shape=obs_view,
        action_dtype=action_dtype,
        action_shape=action_shape,
        state_dtype=state_dtype,
        state_size=state_size,
        info_dtype=_info(task_id, info),
    )
