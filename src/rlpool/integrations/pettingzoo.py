"""PettingZoo face of a multi-agent task: ``make_pettingzoo(task_id, num_envs=1, **options)``.

``num_envs=1`` is a plain ``pettingzoo.ParallelEnv``: dicts keyed by agent
name of one agent's observation, reward (a float), termination, truncation
and info; ``agents`` empties when the episode ends and ``reset()`` starts the
next. An agent whose game ends while the others play on (the env's
``agent_terminated`` info field, as PettingZoo's Atari games have it) is
terminated in that step and then leaves ``agents``, as in PettingZoo.
``reset(seed=s)`` re-seeds as the reference's ``reset(seed=s)`` does (it makes
the pool again with ``seed=s``), so the episodes equal mpe2's.

``num_envs > 1`` is a vectorised ParallelEnv, the layout of vectorised
PettingZoo for MARL trainers: each dict value is batched over the envs
(observations ``(num_envs, obs_size)``, rewards ``(num_envs,)``,
terminations and truncations ``(num_envs,)`` bools; an agent's termination is
also true while it is out of a game that goes on, and its actions are then
ignored), actions are given the same way (``{agent: (num_envs,) ints}`` or
``(num_envs, size)`` floats), and ``agents`` stays every agent: an env whose
episode ended is reset by its next step, which ignores its actions and
returns reward 0 (the pool's
``autoreset_mode="next_step"``; pass ``autoreset_mode="same_step"`` for
gymnasium's other rule). Env i is seeded ``seed + i``.

``render_mode="rgb_array"`` makes ``render()`` return the frame of the env
(``(H, W, 3)`` uint8), or of every env with ``num_envs > 1``
(``(num_envs, H, W, 3)``), as the pool's ``render()`` draws it.

Agents are named by the task (mpe2's names for MPE, PettingZoo's ``first_0``,
``second_0``, ... for multiplayer Atari), else ``player_<i>``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..envs import EnvSpec, GymnasiumEnvPool


def make_pettingzoo(task_id: str, num_envs: int = 1, **options: Any) -> "RlpoolParallelEnv":
    """A PettingZoo ParallelEnv of ``num_envs`` envs of a multi-agent task (see the module's doc)."""
    return RlpoolParallelEnv(task_id, num_envs=num_envs, **options)


class RlpoolParallelEnv(ParallelEnv):
    metadata = {"render_modes": [], "is_parallelizable": True}
    render_mode = None

    def __init__(self, task_id: str, num_envs: int = 1, **options: Any) -> None:
        if "env_type" in options:
            raise TypeError("make_pettingzoo() takes no env_type: it is the PettingZoo face")
        self._task_id = task_id
        self.render_mode = options.pop("render_mode", None)
        if self.render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array' (frames as arrays), got {self.render_mode!r}")
        self._options = dict(options, num_envs=num_envs)
        self._pool = GymnasiumEnvPool(EnvSpec(task_id, **self._options))
        try:
            self._pool._init_render({"render_mode": self.render_mode})
        except ValueError:
            self._pool.close()
            raise
        spec = self._pool.spec
        self.num_envs = self._pool._num_envs
        self._batched = self.num_envs > 1
        self.metadata = dict(self.metadata, name=task_id,
                             render_modes=["rgb_array"] if hasattr(self._pool._pool, "render") else [])
        players = int(spec.fields.get("num_players", 0))
        if players < 1:
            self._pool.close()
            raise ValueError(f"{task_id} is a single-agent task; the PettingZoo face is for multi-agent tasks "
                             "(rlpool.make() serves this one)")
        named = getattr(self._pool, "agent_names", None)
        self.possible_agents = named() if named is not None else [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._index = {name: i for i, name in enumerate(self.possible_agents)}
        # Each agent's observation: its row of the (players, ...) space; a
        # vector one (MPE) less the padding, whose bounds are [0, 0].
        obs, act = spec.observation_space, spec.action_space
        self._vector_obs = len(obs.shape) == 2
        if self._vector_obs:
            self._obs_size = {a: int(np.sum(obs.low[i] != obs.high[i])) for a, i in self._index.items()}
            self._obs_spaces = {
                a: spaces.Box(obs.low[i, : self._obs_size[a]], obs.high[i, : self._obs_size[a]], dtype=obs.dtype)
                for a, i in self._index.items()
            }
            self.state_space = spaces.Box(-np.inf, np.inf, (sum(self._obs_size.values()),), np.float32)
        else:  # images (multiplayer Atari): every agent's whole row, no state()
            self._obs_spaces = {a: spaces.Box(obs.low[i], obs.high[i], dtype=obs.dtype) for a, i in self._index.items()}
        self._discrete = np.issubdtype(act.dtype, np.integer)
        if self._discrete:
            self._act_spaces = {a: spaces.Discrete(int(act.high[i]) + 1) for a, i in self._index.items()}
        else:
            self._act_spaces = {
                a: spaces.Box(0.0, 1.0, (int(np.sum(act.high[i] > 0)),), np.float32) for a, i in self._index.items()
            }
        # The actions of one step, written in place and handed to the pool.
        self._actions = np.zeros((self.num_envs,) + act.shape, act.dtype)
        self._last_obs: np.ndarray | None = None

    # -- spaces (the same object on every call, as PettingZoo's tests ask) ----
    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self._index:
            raise KeyError(f"unknown agent {agent!r}; this task's agents are {self.possible_agents}")
        return agent

    # -- the episode -----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:  # the reference re-seeds its generator: make the pool again from that seed
            self._pool.close()
            self._pool = GymnasiumEnvPool(EnvSpec(self._task_id, **dict(self._options, seed=int(seed))))
            self._pool._init_render({"render_mode": self.render_mode})
        obs, _ = self._pool.reset()
        self._last_obs = obs
        self.agents = self.possible_agents[:]
        return self._per_agent(obs), {name: {} for name in self.agents}

    def step(self, actions: dict[str, Any]):
        if not self.agents:
            raise RuntimeError("step() with no live agents: the episode has ended (or reset() was never called); "
                               "call reset() first")
        self._write_actions(actions)
        obs, _, terminated, truncated, info = self._pool.step(self._actions)
        self._last_obs = obs
        rewards = info["rewards"]
        names = self.agents
        ended = info.get("agent_terminated")  # (num_envs, players): agents out of a game that goes on
        if self._batched:
            rew = {a: rewards[:, self._index[a]] for a in names}
            if ended is None:
                term = {a: terminated for a in names}
            else:
                term = {a: terminated | ended[:, self._index[a]] for a in names}
            trunc = {a: truncated for a in names}
        else:
            rew = {a: float(rewards[0, self._index[a]]) for a in names}
            term = {a: bool(terminated[0] or (ended is not None and ended[0, self._index[a]])) for a in names}
            trunc = {a: bool(truncated[0]) for a in names}
        out = self._per_agent(obs), rew, term, trunc, {a: {} for a in names}
        if not self._batched:
            # PettingZoo removes every agent that ended; all of them at the episode's end.
            self.agents = [] if truncated[0] else [a for a in names if not term[a]]
        return out

    def state(self) -> np.ndarray:
        """Every agent's observation, concatenated in agent order (mpe2's state());
        tasks with image observations have none, as PettingZoo's Atari envs."""
        if not self._vector_obs:
            raise NotImplementedError(f"{self._task_id} has no state(): its agents observe the same screen")
        if self._last_obs is None:
            raise RuntimeError("state() before reset(); call reset() first")
        parts = [self._last_obs[:, self._index[a], : self._obs_size[a]] for a in self.possible_agents]
        state = np.concatenate(parts, axis=1)
        return state if self._batched else state[0]

    def render(self) -> np.ndarray:
        """The frame of the env, (H, W, 3) uint8; with num_envs > 1 every env's, (num_envs, H, W, 3)."""
        if self.render_mode is None:
            raise RuntimeError("render() needs make_pettingzoo(..., render_mode='rgb_array')")
        frames = self._pool.render(self._pool.all_env_ids)
        return frames if self._batched else frames[0]

    def close(self) -> None:
        self._pool.close()

    # -- helpers ---------------------------------------------------------------
    def _per_agent(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        out = {}
        for a in self.agents if self.agents else self.possible_agents:
            o = obs[:, self._index[a], : self._obs_size[a]] if self._vector_obs else obs[:, self._index[a]]
            out[a] = o if self._batched else o[0]
        return out

    def _write_actions(self, actions: dict[str, Any]) -> None:
        if not isinstance(actions, dict):
            raise TypeError(f"step() takes a dict of actions keyed by agent name, got {type(actions).__name__}")
        missing = [a for a in self.agents if a not in actions]
        unknown = [a for a in actions if a not in self._index]
        if unknown or missing:
            raise ValueError(
                f"actions must hold exactly one action per live agent {self.agents}; "
                + (f"unknown agent(s) {unknown}" if unknown else "")
                + ("; " if unknown and missing else "")
                + (f"missing agent(s) {missing}" if missing else "")
            )
        n = self.num_envs
        for agent, action in actions.items():
            i = self._index[agent]
            space = self._act_spaces[agent]
            a = np.asarray(action)
            if self._discrete:
                want = (n,) if self._batched else ()
                if a.shape != want or not (np.issubdtype(a.dtype, np.integer)):
                    raise ValueError(f"{agent}'s action must be an integer array of shape {want} (one per env), "
                                     f"got {a.dtype} {a.shape}")
                if np.any(a < 0) or np.any(a >= space.n):
                    raise ValueError(f"{agent}'s action must be in [0, {space.n - 1}] (its {space}), got {a}")
                self._actions[:, i] = a
            else:
                size = space.shape[0]
                want = (n, size) if self._batched else (size,)
                if a.shape != want or not np.issubdtype(a.dtype, np.floating):
                    raise ValueError(f"{agent}'s action must be a float array of shape {want}, got {a.dtype} {a.shape}")
                self._actions[:, i, :size] = a.reshape(n, size)
