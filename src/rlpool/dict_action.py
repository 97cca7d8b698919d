"""envpool's low-level dict actions, unpacked into (action, env_id).

envpool's ``send`` / ``step`` also take the action as a dict of its action
keys: ``{"env_id": ids, "players.env_id": ids, "action": a}`` (the players
key may also be nested, ``{"players": {"env_id": ids}}``). The native pool
calls :func:`unpack` only when it is given a dict, so array actions never pay
for it; the unpacked action and ids then go through the same checks as any
other action.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _flatten(d: dict, prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in d.items():
        if not isinstance(key, str):
            raise TypeError(f"dict action keys must be strings, got {key!r}")
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, path + "."))
        else:
            flat[path] = value
    return flat


def _ids(value: Any, what: str) -> np.ndarray:
    ids = np.asarray(value)
    if ids.dtype.kind not in "iu" or ids.ndim > 1:
        raise TypeError(f"{what} must be an integer scalar or 1-d integer array, got {ids.dtype} with {ids.ndim} dims")
    return ids.reshape(-1)


def unpack(action: dict, env_id: Any, action_name: str, num_envs: int) -> tuple[Any, Any]:
    """(action, env_id) for the native send from envpool's dict form.

    env_id may be given in the dict or as the argument, not both. In these
    single-player envs ``players.env_id`` names each action's env, so it must
    equal env_id (all envs when env_id is not given)."""
    flat = _flatten(action)
    allowed = ("env_id", "players.env_id", action_name)
    unknown = sorted(set(flat) - set(allowed))
    if unknown:
        raise ValueError(f"dict action has unknown key(s) {unknown}; this env's action keys are {list(allowed)}")
    if action_name not in flat:
        raise ValueError(f"dict action has no {action_name!r} key; this env's action keys are {list(allowed)}")
    if "env_id" in flat:
        if env_id is not None:
            raise ValueError("env_id was given both in the dict action and as the env_id argument; give it once")
        env_id = flat["env_id"]
    if "players.env_id" in flat:
        players = _ids(flat["players.env_id"], "players.env_id")
        expected = np.arange(num_envs) if env_id is None else _ids(env_id, "env_id")
        if players.shape != expected.shape or not np.array_equal(players, expected):
            raise ValueError(
                "players.env_id must equal env_id in these single-player envs (one player per env), "
                f"got players.env_id={players.tolist()} for env_id={expected.tolist()}"
            )
    return flat[action_name], env_id
