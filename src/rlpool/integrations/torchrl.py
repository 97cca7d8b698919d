"""TorchRL ``EnvBase`` over an rlpool pool.

    from rlpool.integrations.torchrl import RlpoolEnv
    env = RlpoolEnv("CartPole-v1", num_envs=8, seed=0)     # batch_size [8]
    rollout = env.rollout(100)                               # TensorDict [8, 100]

TorchRL's own envpool classes (``MultiThreadedEnv`` / ``MultiThreadedEnvWrapper``)
check for envpool's classes and convert its treevalue outputs, so rlpool
cannot be handed to them; this class takes their place with the same shape of
use: one env object, ``batch_size=[num_envs]``, specs from the pool's spaces.

Episode ends follow TorchRL's rule rather than envpool's: when an env is done,
``step_and_maybe_reset`` (what ``rollout`` and the collectors call) resets that
env explicitly through the ``"_reset"`` mask, so the next transition is a real
step of the new episode. (TorchRL's envpool wrapper instead lets the pool's
next-step autoreset happen, which records one transition whose action was
ignored.) Observations are zero-copy views of the pool's arrays, which a pool
never reuses. Sync pools only: TorchRL steps every env of the batch each call.

This module imports torch and torchrl and is only imported when used
(``pip install "rlpool[torchrl]"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from tensordict import TensorDict, TensorDictBase
from torchrl.data import Binary, Bounded, Categorical, Composite, Unbounded
from torchrl.envs import EnvBase

from .. import envs as rl_envs, spaces as rl_spaces


def _torch_dtype(dtype: Any) -> torch.dtype:
    return torch.from_numpy(np.zeros(0, dtype=dtype)).dtype


def _spec(space: spaces.Space, batch: torch.Size, device: torch.device, dtypes: dict[str, Any] | None = None,
          name: str = "obs"):
    """A TorchRL spec of ``batch`` copies of a gymnasium space. ``dtypes``
    (field name -> dtype) are the arrays' real dtypes where the space's
    differ: a Discrete space says int64, the pool's observation is int32."""
    if isinstance(space, spaces.Discrete):
        if space.start != 0:
            raise NotImplementedError(f"a Discrete space starting at {space.start} (TorchRL's Categorical starts at 0)")
        dtype = (dtypes or {}).get(name, space.dtype)
        return Categorical(int(space.n), shape=batch, dtype=_torch_dtype(dtype), device=device)
    if isinstance(space, spaces.MultiBinary):
        return Binary(shape=batch + torch.Size(space.shape), dtype=torch.bool, device=device)
    if isinstance(space, spaces.Box):
        shape = batch + torch.Size(space.shape)
        dtype = _torch_dtype(space.dtype)
        if np.isfinite(space.low).all() and np.isfinite(space.high).all():
            # torch.tensor copies: the broadcast views are read-only, which as_tensor warns about
            low = torch.tensor(np.broadcast_to(space.low, shape), dtype=dtype)
            high = torch.tensor(np.broadcast_to(space.high, shape), dtype=dtype)
            return Bounded(low, high, shape=shape, dtype=dtype, device=device)
        return Unbounded(shape=shape, dtype=dtype, device=device)
    if isinstance(space, spaces.Dict):
        return Composite({k: _spec(s, batch, device, dtypes, k) for k, s in space.spaces.items()}, shape=batch,
                         device=device)
    raise NotImplementedError(f"no TorchRL spec for a {type(space).__name__} space yet")


class RlpoolEnv(EnvBase):
    """``num_envs`` copies of ``task_id`` in one rlpool pool, as one batched
    TorchRL env. ``make_kwargs`` go to ``rlpool.make`` (num_envs, seed,
    num_threads, family options)."""

    def __init__(self, task_id: str, device: Any = "cpu", **make_kwargs: Any) -> None:
        num_envs = make_kwargs.get("num_envs", 1)
        if make_kwargs.get("batch_size", 0) not in (0, num_envs):
            raise ValueError(
                f"RlpoolEnv steps every env each call (a sync pool): batch_size must be 0 or num_envs={num_envs}, "
                f"got {make_kwargs['batch_size']}"
            )
        if make_kwargs.get("autoreset_mode", "next_step") != "next_step":
            raise ValueError("RlpoolEnv resets ended envs through TorchRL's _reset mask: autoreset_mode must be next_step")
        self._task_id = task_id
        self._make_kwargs = dict(make_kwargs)
        self._pool = rl_envs.make_gymnasium(task_id, **self._make_kwargs)
        super().__init__(device=device, batch_size=torch.Size([self._pool.num_envs]))
        self._make_specs()

    def _make_specs(self) -> None:
        batch, device = self.batch_size, self.device
        obs_space = self._pool.single_observation_space
        dtypes = {rl_spaces.obs_key(f["name"]): f["dtype"] for f in self._pool.spec.fields["obs"]}
        obs = _spec(obs_space, batch, device, dtypes)
        self.observation_spec = obs if isinstance(obs, Composite) else Composite(observation=obs, shape=batch, device=device)
        self._dict_obs = isinstance(obs_space, spaces.Dict)
        self.action_spec = _spec(self._pool.single_action_space, batch, device)
        self.reward_spec = Unbounded(shape=batch + torch.Size([1]), dtype=torch.float32, device=device)
        flag = Categorical(2, shape=batch + torch.Size([1]), dtype=torch.bool, device=device)
        self.done_spec = Composite(done=flag, terminated=flag.clone(), truncated=flag.clone(), shape=batch, device=device)

    @property
    def pool(self):
        """The rlpool pool underneath (its config, spec, ...)."""
        return self._pool

    def _observation(self, obs: Any) -> dict[str, torch.Tensor]:
        if self._dict_obs:
            return {k: torch.as_tensor(v, device=self.device) for k, v in obs.items()}
        return {"observation": torch.as_tensor(obs, device=self.device)}

    def _flags(self, terminated: np.ndarray, truncated: np.ndarray) -> dict[str, torch.Tensor]:
        term = torch.as_tensor(terminated, device=self.device).reshape(-1, 1)
        trunc = torch.as_tensor(truncated, device=self.device).reshape(-1, 1)
        return {"done": term | trunc, "terminated": term, "truncated": trunc}

    def _reset(self, tensordict: TensorDictBase | None = None, **kwargs: Any) -> TensorDictBase:
        mask = None if tensordict is None else tensordict.get("_reset", None)
        if mask is None or bool(mask.all()):
            obs, _ = self._pool.reset()
        else:
            ids = torch.nonzero(mask.reshape(-1).cpu()).reshape(-1).numpy().astype(np.int32)
            part, _ = self._pool.reset(ids)  # rows in the order of ids (a sync pool keeps it)
            # TorchRL keeps its own data for the envs not reset and reads only
            # the masked rows, so the others may hold any valid row: a reset one.
            index = np.zeros(self._pool.num_envs, dtype=np.int64)
            index[ids] = np.arange(len(ids))
            obs = {k: v[index] for k, v in part.items()} if isinstance(part, dict) else part[index]
        n = self._pool.num_envs
        zeros = np.zeros(n, dtype=bool)
        return TensorDict({**self._observation(obs), **self._flags(zeros, zeros)}, batch_size=self.batch_size,
                          device=self.device)

    def _step(self, tensordict: TensorDictBase) -> TensorDictBase:
        obs, reward, terminated, truncated, _ = self._pool.step(self._action(tensordict))
        out = {
            **self._observation(obs),
            "reward": torch.as_tensor(reward, device=self.device).reshape(-1, 1),
            **self._flags(terminated, truncated),
        }
        return TensorDict(out, batch_size=self.batch_size, device=self.device)

    def _action(self, tensordict: TensorDictBase) -> np.ndarray:
        """The pool's action array from the step's TensorDict; wrong input is
        reported in TorchRL's terms (the ``"action"`` entry, ``action_spec``)."""
        action = tensordict.get("action", None)
        if action is None:
            raise KeyError(
                f"the TensorDict passed to step() has no 'action' entry (its keys: "
                f"{sorted(map(str, tensordict.keys(include_nested=True)))}); put the action, shaped as "
                f"env.action_spec {tuple(self.action_spec.shape)}, under 'action'"
            )
        if not isinstance(action, torch.Tensor):
            raise TypeError(
                f"the 'action' entry must be a tensor shaped as env.action_spec {tuple(self.action_spec.shape)}, "
                f"got a {type(action).__name__}"
            )
        if action.shape != self.action_spec.shape:
            raise ValueError(
                f"the 'action' entry has shape {tuple(action.shape)}, expected env.action_spec's "
                f"{tuple(self.action_spec.shape)} (num_envs={self._pool.num_envs}, then one env's action)"
            )
        return action.detach().cpu().numpy()

    def _set_seed(self, seed: int | None) -> None:
        """Re-makes the pool with env i seeded ``seed + i`` (a pool's seeds
        are fixed when it is made)."""
        if seed is None:
            return
        self._pool.close()
        self._make_kwargs.update(seed=int(seed))
        self._make_kwargs.pop("env_seed", None)
        self._pool = rl_envs.make_gymnasium(self._task_id, **self._make_kwargs)

    def close(self, *, raise_if_closed: bool = True) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.close()
        self.is_closed = True

    def __repr__(self) -> str:
        return f"RlpoolEnv({self._task_id!r}, num_envs={self._pool.num_envs}, device={self.device})"
