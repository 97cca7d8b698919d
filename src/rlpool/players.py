"""The gymnasium face of a multi-agent task: envpool's flat player layout.

A multi-agent env writes each per-player field with a leading player
dimension inside its own row (the engine steps it as one env). This face
splits those rows per player, as envpool's multi-player envs return them:
``k`` envs of ``P`` agents give ``k * P`` rows, env-major (env 0's agents,
then env 1's), with ``info["players"]["env_id"]`` and
``info["players"]["agent_id"]`` saying whose row is whose. ``reward`` is each
agent's own; ``terminated`` / ``truncated`` are the env's, repeated per agent,
and a row is also terminated while its agent is out of a game that goes on
(an env that has per-agent ends declares them as the info field
``agent_terminated``, ``(players,)`` bools); ``info["env_id"]`` and the other
info fields stay one per env. Actions come the
same way (``k * P`` rows), or as ``(k, P, ...)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .envs import GymnasiumEnvPool


def player_space(space: spaces.Space) -> spaces.Space:
    """One player's part of a (players, ...) space."""
    if isinstance(space, spaces.Box):
        # The widest player's: each player's own bounds are checked by the env.
        low, high = space.low.min(axis=0), space.high.max(axis=0)
        if space.shape[1:] == () and np.issubdtype(space.dtype, np.integer) and low == 0:
            return spaces.Discrete(int(high) + 1)
        return spaces.Box(low, high, dtype=space.dtype)
    raise TypeError(f"multi-agent observations and actions are Box spaces, got {space}")


class PlayersGymnasiumEnvPool(GymnasiumEnvPool):
    """envpool's multi-player layout over a pool whose envs hold ``num_players`` agents (a row each)."""

    _native_calls = ()  # every call reshapes, none goes straight to the native pool

    def __init__(self, spec) -> None:
        super().__init__(spec)
        self.num_players = int(spec.fields["num_players"])
        self._agent_id_cache: dict[int, np.ndarray] = {}
        self.single_observation_space = self.observation_space = player_space(spec.observation_space)
        self.single_action_space = self.action_space = player_space(spec.action_space)

    def _actions(self, action: Any, env_id: Any) -> np.ndarray:
        a = np.asarray(action)
        k = self._num_envs if env_id is None else np.asarray(env_id).size
        per_player = self.spec.action_space.shape[1:]
        p = self.num_players
        if a.shape == (k, p) + per_player:
            return a
        if a.shape == (k * p,) + per_player:
            return a.reshape((k, p) + per_player)
        raise ValueError(
            f"actions must have shape ({k * p},{''.join(f' {d},' for d in per_player)}) (envs x {p} players, "
            f"env-major) or ({k}, {p}{''.join(f', {d}' for d in per_player)}), got {a.shape}"
        )

    def _flat(self, result: tuple) -> tuple:
        obs, _reward, terminated, truncated, info = result
        p = self.num_players
        k = obs.shape[0]
        env_id = info["env_id"]
        info = dict(info)
        rewards = info.pop("rewards")
        info["players"] = {"env_id": env_id.repeat(p), "agent_id": self._agent_ids(k)}
        terminated = terminated.repeat(p)
        ended = info.get("agent_terminated")
        if ended is not None:  # only envs whose agents can end alone pay for this
            terminated |= ended.reshape(k * p)
        return obs.reshape((k * p,) + obs.shape[2:]), rewards.reshape(k * p), terminated, truncated.repeat(p), info

    def _agent_ids(self, k: int) -> np.ndarray:
        """0..P-1 repeated for k envs, a new array each call (results never
        share memory); copied from one made per k, since np.tile costs more
        than the rest of a step's reshaping."""
        ids = self._agent_id_cache.get(k)
        if ids is None:
            ids = self._agent_id_cache[k] = np.tile(np.arange(self.num_players, dtype=np.int32), k)
        return ids.copy()

    def send(self, action: Any, env_id: Any = None) -> None:
        self._pool.send(self._actions(action, env_id), env_id)

    def step(self, action: Any, env_id: Any = None):
        return self._flat(self._pool.step(self._actions(action, env_id), env_id))

    def recv(self, reset: bool = False, return_info: bool = True):
        return self._flat(self._pool.recv(reset, True))

    def reset(self, env_id: Any = None, *, seed: Any = None, options: dict | None = None):
        obs, info = super().reset(env_id, seed=seed, options=options)
        obs, _, _, _, info = self._flat((obs, None, np.zeros(len(obs), bool), np.zeros(len(obs), bool), info))
        return obs, info
