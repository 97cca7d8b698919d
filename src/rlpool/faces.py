"""What each face returns, defined once from the gymnasium tuple.

The engine builds one result form, gymnasium's ``(obs, reward, terminated,
truncated, info)``. Every other face is a function of that tuple, written here
once and used by both paths that produce results: the numpy one
(``envs.py``'s faces) and the JAX one (``xla.py``, inside ``jax.jit``). So the
functions use only operations numpy and jax arrays share (operators, and the
array-API namespace an array names itself), never ``np.`` directly.

- gymnasium (rlpool's default, envpool 1.x's gymnasium and gym faces, which
  ``rlpool.envpool_v1`` serves): the tuple unchanged.
- gym (envpool 0.8, CleanRL's scripts): ``(obs, reward, done, info)`` with
  ``info["TimeLimit.truncated"]``.
- dm_env: a batched ``dm_env.TimeStep``; see :class:`DMShape`.

A shape that needs to know whether an env's previous result was LAST
(``tracks_last``) is handed that per row: the numpy face keeps it in an array,
the XLA handler reads the same array and passes it in.
"""

from __future__ import annotations

import collections
from typing import Any

import dm_env

from . import obs_layout

# envpool's nested ``players`` field of a dm State (its class is named players too).
Players = collections.namedtuple("players", ["env_id"])

# dm_env.StepType's values, as plain ints so they broadcast into any array type.
_FIRST, _MID, _LAST = int(dm_env.StepType.FIRST), int(dm_env.StepType.MID), int(dm_env.StepType.LAST)


def _namespace(array: Any):
    """numpy for numpy arrays, jax.numpy for jax arrays (both implement the
    array API's ``__array_namespace__``)."""
    return array.__array_namespace__()


class GymnasiumShape:
    """gymnasium's 5-tuple, as the engine builds it."""

    tracks_last = False

    def __call__(self, result: tuple, after_last: Any = None) -> tuple:
        return result


class GymShape:
    """envpool 0.8's gym step: ``done = terminated | truncated``, and
    ``info["TimeLimit.truncated"]`` marks the rows that ended by the time limit
    alone (an episode that terminated on its last allowed step is not a
    truncation, as gym's TimeLimit wrapper had it)."""

    tracks_last = False

    def __call__(self, result: tuple, after_last: Any = None) -> tuple:
        obs, reward, terminated, truncated, info = result
        info["TimeLimit.truncated"] = truncated & ~terminated
        return obs, reward, terminated | truncated, info


class DMShape:
    """dm_env's batched ``TimeStep(step_type, reward, discount, observation)``.

    - step_type: LAST where the episode ended (terminated or truncated); FIRST
      where the env's previous result was LAST or its step count is 0 (an
      Atari life lost under episodic life starts a new episode that keeps the
      step count); MID otherwise.
    - discount: 0 only where the episode terminated (truncation keeps 1, as
      dm_env and dm_control do), unless the env reports its own
      (``info["discount"]``: Atari's zero_discount_on_life_loss).
    - observation: the ``State`` namedtuple of the obs fields, env_id,
      players, elapsed_step and the info fields (and, in same_step autoreset
      mode, final_obs / final_info / final_mask).
    """

    tracks_last = True

    def __init__(self, spec: Any) -> None:
        from . import spaces as rl_spaces

        obs = [f["name"] for f in spec.fields["obs"]]
        # One field is a plain array in the results; the dm observation names
        # it by its key ("obs", or "pixels" for dm_control's from_pixels).
        self._single_key = rl_spaces.obs_key(obs[0]) if len(obs) == 1 else None
        # A dict inside the observation dict becomes envpool's namedtuple.
        paths = obs_layout.obs_paths(obs)
        tree = obs_layout.nest(paths, obs) if paths else {}
        self._nested = {k: obs_layout.namedtuple_maker(v, k) for k, v in tree.items() if isinstance(v, dict)}
        self._State = spec.State
        self._same_step = spec.config.autoreset_mode == "same_step"

    def __call__(self, result: tuple, after_last: Any = None) -> dm_env.TimeStep:
        obs, reward, terminated, truncated, info = result
        xp = _namespace(reward)
        done = terminated | truncated
        first = after_last | (info["elapsed_step"] == 0)
        step_type = xp.astype(xp.where(done, _LAST, xp.where(first, _FIRST, _MID)), xp.int32)
        discount = info["discount"] if "discount" in info else xp.astype(~terminated, xp.float32)
        return dm_env.TimeStep(step_type, reward, discount, self.observation(obs, info))

    def observation(self, obs: Any, info: dict[str, Any]):
        values = {self._single_key: obs} if self._single_key else dict(obs)
        for key, make in self._nested.items():
            values[key] = make(values[key])
        for key, value in info.items():
            if not key.startswith("_"):
                values.setdefault(key, value)
        if self._same_step:
            # namedtuple fields cannot start with "_": gymnasium's _final_obs mask is final_mask
            values["final_mask"] = info["_final_obs"]
        values["players"] = Players(env_id=info["env_id"])
        return self._State(**values)
