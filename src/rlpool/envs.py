"""The Python faces of a pool: gymnasium (default), classic gym and dm_env.

All three wrap one native pool object (``rlpool._<family>.<Env>``) whose
``step`` / ``recv`` / ``reset`` return a tuple of numpy arrays, one per output
field, in the order of ``field_names()``: env_id, elapsed_step, reward,
terminated, truncated, the observation fields, the info fields and, in
same_step autoreset mode, the final:* fields.
"""

from __future__ import annotations

import collections
import functools
import warnings
from typing import Any

import dm_env
import gymnasium
import numpy as np
from dm_env import specs as dm_specs
from gymnasium.vector import AutoresetMode, VectorEnv

from . import faces, obs_layout, registry, spaces as rl_spaces
from .faces import Players


class EnvSpec:
    """What a task makes for a config: options, spaces and specs, no threads."""

    def __init__(self, task_id: str, **kwargs: Any) -> None:
        self._task = registry.get_task(task_id)
        self.id = task_id
        self._config_dict = registry.build_config(self._task, kwargs)
        # What was asked, before the engine resolved its defaults: a pickled
        # spec carries this, so another process (or machine) resolves for itself.
        self._requested = dict(self._config_dict)
        self.fields = registry.resolve(self._task, self._config_dict)
        registry.flush_native_warnings(self._task)
        self.config = registry.config_namedtuple(task_id, self._config_dict)
        # A task with a reward_threshold option (envpool's MetaWorld) shows the value it was made with.
        self.reward_threshold = self._config_dict.get("reward_threshold", self._task.reward_threshold)
        self.reference = self._task.reference
        self.observation_space = rl_spaces.observation_space(self.fields["obs"])
        self.action_space = rl_spaces.field_space(self.fields["action"])
        self.gymnasium_observation_space = self.observation_space
        self.gymnasium_action_space = self.action_space

    @property
    def family(self) -> str:
        return self._task.family

    def _native_config(self) -> dict[str, Any]:
        native = getattr(self._task, "native", None)
        return native(self._config_dict) if native is not None else dict(self._config_dict)

    def _obs_spec_tree(self) -> dict[str, Any]:
        """The obs fields' dm specs by key, nested as the observation is
        (rlpool.obs_layout); one field is keyed by its name's last part."""
        obs = self.fields["obs"]
        specs = [rl_spaces.dm_spec(f) for f in obs]
        paths = obs_layout.obs_paths([f["name"] for f in obs])
        return obs_layout.nest(paths, specs) if paths else {rl_spaces.obs_key(obs[0]["name"]): specs[0]}

    def _obs_specs(self) -> dict[str, Any]:
        """The dm State's obs entries: a nested dict of specs becomes
        envpool's nested namedtuple."""
        tree = self._obs_spec_tree()
        return {k: obs_layout.namedtuple_maker(v, k)(v) if isinstance(v, dict) else v for k, v in tree.items()}

    def _info_specs(self) -> dict[str, Any]:
        return {f["name"]: rl_spaces.dm_spec(f, name=f["name"]) for f in self.fields["info"]}

    def state_keys(self) -> list[str]:
        """The dm face's observation fields, in order: the obs fields, env_id,
        players, elapsed_step, the info fields (and, in same_step autoreset
        mode, final_obs / final_info / final_mask)."""
        keys = list(self._obs_specs())
        keys += [k for k in ("env_id", "players", "elapsed_step") if k not in keys]
        keys += [k for k in self._info_specs() if k not in keys]
        if self._config_dict["autoreset_mode"] == "same_step":
            # namedtuple fields cannot start with "_": gymnasium's _final_obs mask is final_mask
            keys += ["final_obs", "final_info", "final_mask"]
        return keys

    @property
    def State(self):
        """The dm face's observation namedtuple class (envpool's ``State``)."""
        if not hasattr(self, "_state_cls"):
            self._state_cls = collections.namedtuple("State", self.state_keys())
        return self._state_cls

    def observation_spec(self):
        """envpool's structure: a ``State`` namedtuple of dm_env specs with the
        same fields as the dm face's observations (``players`` is a
        ``players(env_id=...)`` namedtuple)."""
        n = self._config_dict["num_envs"]
        env_id = dm_specs.BoundedArray((), np.int32, 0, n - 1, name="env_id")
        values: dict[str, Any] = dict(self._obs_specs())
        values["env_id"] = env_id
        values["players"] = Players(env_id=env_id)
        values["elapsed_step"] = dm_specs.BoundedArray(
            (), np.int32, 0, self._config_dict["max_episode_steps"], name="elapsed_step"
        )
        for key, spec in self._info_specs().items():
            values.setdefault(key, spec)
        if self._config_dict["autoreset_mode"] == "same_step":
            obs = self._obs_spec_tree()  # final_obs is the gymnasium tuple's, plain dicts
            values["final_obs"] = next(iter(obs.values())) if len(obs) == 1 else obs
            values["final_info"] = self._info_specs()
            values["final_mask"] = dm_specs.Array((), np.bool_, name="final_mask")
        return self.State(**values)

    def action_spec(self):
        return rl_spaces.dm_spec(self.fields["action"], name="action")

    @property
    def action_array_spec(self) -> dict[str, Any]:
        """envpool's per-key specs of the low-level dict action."""
        return rl_spaces.action_array_specs(self.fields["action"])

    def __repr__(self) -> str:
        return f"EnvSpec({self.id!r}, num_envs={self.config.num_envs})"

    def __reduce__(self):
        # A spec pickles as its task id and options (what another process
        # needs to make the same pool); its config namedtuple class is made
        # per task at run time and could not be pickled itself.
        return (_spec_from_config, (self.id, dict(self._requested)))


def _spec_from_config(task_id: str, config: dict[str, Any]) -> EnvSpec:
    return EnvSpec(task_id, **config)


class _PoolBase:
    """Shared plumbing: owns the native pool, whose step / recv / reset return
    gymnasium's (obs, reward, terminated, truncated, info) tuple and accept
    anything numpy's asarray does as actions and env ids."""

    # Calls this face passes through unchanged. They are bound to the native
    # methods on the instance: a Python frame in between costs about as much
    # as stepping eight CartPoles. A subclass that overrides one keeps it.
    _native_calls: tuple[str, ...] = ("send",)

    def _init_pool(self, spec: EnvSpec) -> None:
        self.spec = spec
        self.config = dict(spec._config_dict)
        self._pool = spec._task.env_class()(spec._native_config())
        registry.flush_native_warnings(spec._task)
        self._num_envs = self.config["num_envs"]
        self._batch_size = self.config["batch_size"]  # resolved by the engine: never 0 here
        self._same_step = self.config["autoreset_mode"] == "same_step"
        self.all_env_ids = np.arange(self._num_envs, dtype=np.int32)
        self.is_async = self._batch_size < self._num_envs
        for name, method in spec._task.methods.items():
            setattr(self, name, functools.partial(method, dict(self.config)))
        face = next(c for c in type(self).__mro__ if "_native_calls" in vars(c))
        for name in face._native_calls:
            if getattr(type(self), name) is getattr(face, name):
                setattr(self, name, getattr(self._pool, name))

    # -- calls shared by every face -------------------------------------------
    def send(self, action: Any, env_id: Any = None) -> None:
        self._pool.send(action, env_id)

    def async_reset(self) -> None:
        in_flight = self._pool.in_flight()
        if in_flight:
            raise RuntimeError(
                f"async_reset() while {in_flight} env(s) are in flight; recv() their results first"
            )
        self._pool.send_reset(None)

    def _native_reset(self, env_id: Any) -> tuple:
        if env_id is None:
            in_flight = self._pool.in_flight()
            if in_flight:
                raise RuntimeError(
                    f"reset() of all envs while {in_flight} env(s) are in flight; recv() their results "
                    "first or pass env_id= for the envs that are idle"
                )
        return self._pool.reset(env_id)

    # -- rendering (envpool 1.x: render_mode=... at make, then render()) -------
    # Until make() sets them up (once, from its render options): no rendering.
    render_mode: str | None = None
    _render_env_id = 0
    _render_size = (0, 0)
    _render_camera_id = -1

    def _init_render(self, options: dict[str, Any]) -> None:
        self.render_mode = options.get("render_mode")
        self._render_env_id = options.get("render_env_id", 0)
        self._render_size = (options.get("render_width", 0), options.get("render_height", 0))
        self._render_camera_id = options.get("render_camera_id", -1)
        if self.render_mode is None:
            return
        if not hasattr(self._pool, "render"):
            raise ValueError(
                f"{self.spec.id} cannot render: rlpool renders {RENDERING_ENVS} so far, not yet this "
                f"{self.spec.family} env; make it without render_mode"
            )
        if not 0 <= self._render_env_id < self._num_envs:
            raise ValueError(f"render_env_id must be in [0, {self._num_envs}), got {self._render_env_id}")
        # Checks the size and camera now rather than at the first render(). Not
        # for MuJoCo (and gymnasium-robotics, on the same renderer): its free
        # camera is aimed at the scene of the first frame drawn (as gymnasium's
        # is), which must be the user's.
        if self.spec.family not in ("mujoco", "robotics"):
            self._pool.render([self._render_env_id], *self._render_size, self._render_camera_id)

    def render(self, env_ids: Any = None, camera_id: int | None = None):
        """Frames of ``env_ids`` (default: render_env_id) as uint8 (n, H, W, 3),
        as envpool's; with render_mode="human" shows the one frame instead."""
        if self.render_mode not in ("rgb_array", "human"):
            raise RuntimeError("render() needs render_mode='rgb_array' or 'human' when the env is made")
        if env_ids is None:
            ids = [self._render_env_id]
        else:
            arr = np.asarray(env_ids)
            if arr.dtype.kind not in "iu" or arr.ndim > 1:
                raise TypeError(f"env_ids must be an int or a 1-d array of ints, got {arr.dtype} with {arr.ndim} dims")
            ids = [int(i) for i in arr.reshape(-1)]
        camera = self._render_camera_id if camera_id is None else int(camera_id)
        frames = self._pool.render(ids, *self._render_size, camera)
        if self.render_mode == "human":
            if len(ids) != 1:
                raise ValueError("render_mode='human' shows one env; pass a single env id")
            _show(frames[0], f"{self.spec.id} env {ids[0]}")
            return None
        return frames

    def seed(self, seed: Any = None) -> None:
        warnings.warn("seeds are fixed when the pool is made; pass seed= to rlpool.make()", stacklevel=2)

    def xla(self):
        """``(handle, recv, send, step)`` for use inside ``jax.jit``; see ``rlpool.xla``.
        JAX is imported here, not before."""
        if self._pool.closed:
            raise RuntimeError("xla() on a closed pool; make a new one with rlpool.make()")
        from . import xla

        return xla.make(self)

    # No __del__ that closes: the native pool closes itself when its last
    # reference goes, and the native methods bound on this face (env.step)
    # hold one, so `rlpool.make(...).step(...)` and a kept `env.step` work.
    def close(self, **kwargs: Any) -> None:
        xla_ids = getattr(self, "_xla_ids", None)
        if xla_ids:  # first cut the jitted paths, then stop the pool
            from . import xla

            for pool_id in xla_ids:
                xla.close(pool_id)
            xla_ids.clear()
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.close()

    @property
    def closed(self) -> bool:
        return self._pool.closed

    def __len__(self) -> int:
        return self._num_envs

    def __enter__(self):
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id!r}, num_envs={self._num_envs}, batch_size={self._batch_size})"

    # A pool owns worker threads and every env's state: a copy would share
    # them (and closing either would close both), and another process cannot
    # receive them. Both are refused with what to do instead.
    def __copy__(self):
        raise TypeError(
            "a pool cannot be copied (it owns worker threads and its envs' state); make another with rlpool.make()"
        )

    def __deepcopy__(self, memo: Any):
        return self.__copy__()

    def __reduce_ex__(self, protocol: Any):
        raise TypeError("a pool cannot be pickled; pickle its spec or make a new pool in the other process")



class GymnasiumEnvPool(_PoolBase, VectorEnv, gymnasium.Env):
    """gymnasium face: reset() -> (obs, info); step() -> (obs, reward,
    terminated, truncated, info). ``observation_space`` / ``action_space`` are
    the single-env spaces, as in envpool. Like envpool's, it is both a
    ``gymnasium.vector.VectorEnv`` and a ``gymnasium.Env``, so
    ``gymnasium.Wrapper`` subclasses can wrap it. Unlike envpool 1.x, its
    attributes (num_envs, single_*_space, is_vector_env) stay settable, as
    CleanRL-style scripts set them."""

    _native_calls = ("send", "recv", "step")
    _shape = faces.GymnasiumShape()

    def __init__(self, spec: EnvSpec) -> None:
        self._init_pool(spec)
        self.num_envs = self._num_envs
        self.single_observation_space = spec.observation_space
        self.single_action_space = spec.action_space
        self.observation_space = spec.observation_space
        self.action_space = spec.action_space
        mode = AutoresetMode.SAME_STEP if self._same_step else AutoresetMode.NEXT_STEP
        self.metadata = {"autoreset_mode": mode, "render_modes": ["rgb_array", "human"]}
        self.is_vector_env = True

    def reset(self, env_id: Any = None, *, seed: Any = None, options: dict | None = None):
        if seed is not None:
            warnings.warn("reset(seed=...) is ignored: seeds are fixed when the pool is made", stacklevel=2)
        if options:
            unknown = set(options) - {"reset_mask"}
            if unknown:
                raise ValueError(f"reset options {sorted(unknown)} are not supported; only 'reset_mask' is")
            if env_id is not None:
                raise ValueError("pass either env_id or options['reset_mask'], not both")
            mask = np.asarray(options["reset_mask"], dtype=bool)
            if mask.shape != (self._num_envs,):
                raise ValueError(f"reset_mask must have shape ({self._num_envs},), got {mask.shape}")
            if not mask.any():
                raise ValueError("reset_mask must select at least one env")
            env_id = np.flatnonzero(mask).astype(np.int32)
        obs, _, _, _, info = self._native_reset(env_id)
        return obs, info

    def step(self, action: Any, env_id: Any = None):
        return self._pool.step(action, env_id)

    def recv(self, reset: bool = False, return_info: bool = True):
        return self._pool.recv(reset, return_info)


class GymEnvPool(_PoolBase):
    """Classic gym face (envpool 0.8, what CleanRL's envpool scripts use):
    reset() -> obs (or (obs, info) with gym_reset_return_info=True);
    step() -> (obs, reward, done, info) with info["TimeLimit.truncated"].
    Any attribute may be set on it (CleanRL assigns num_envs, spaces, ...)."""

    metadata: dict[str, Any] = {"render_modes": ["rgb_array", "human"]}
    reward_range = (-float("inf"), float("inf"))
    _shape = faces.GymShape()

    def __init__(self, spec: EnvSpec) -> None:
        self._init_pool(spec)
        self.num_envs = self._num_envs
        self.observation_space = rl_spaces.to_legacy_gym(spec.observation_space)
        self.action_space = rl_spaces.to_legacy_gym(spec.action_space)
        self.single_observation_space = self.observation_space
        self.single_action_space = self.action_space
        self.is_vector_env = True
        self._return_info = bool(self.config["gym_reset_return_info"])

    def reset(self, env_id: Any = None):
        obs, _, _, _, info = self._native_reset(env_id)
        return (obs, info) if self._return_info else obs

    def step(self, action: Any, env_id: Any = None):
        return self._shape(self._pool.step(action, env_id))

    def recv(self, reset: bool = False, return_info: bool = True):
        return self._shape(self._pool.recv())


class DMEnvPool(_PoolBase, dm_env.Environment):
    """dm_env face: batched ``dm_env.TimeStep(step_type, reward, discount,
    observation)``, defined by ``rlpool.faces.DMShape``."""

    def __init__(self, spec: EnvSpec) -> None:
        self._init_pool(spec)
        self._shape = faces.DMShape(spec)
        # Whether each env's previous result was LAST (its next one is FIRST).
        # The xla() path reads and updates this same array, so numpy and
        # jitted calls on one pool agree.
        self._last_done = np.ones(self._num_envs, dtype=bool)

    def _timestep(self, t: tuple) -> dm_env.TimeStep:
        env_id = t[4]["env_id"]
        timestep = self._shape(t, self._last_done[env_id])
        self._last_done[env_id] = t[2] | t[3]
        return timestep

    def observation_spec(self):
        return self.spec.observation_spec()

    def action_spec(self):
        return self.spec.action_spec()

    def reset(self, env_id: Any = None):
        return self._timestep(self._native_reset(env_id))

    def step(self, action: Any, env_id: Any = None):
        return self._timestep(self._pool.step(action, env_id))

    def recv(self, reset: bool = False, return_info: bool = True):
        return self._timestep(self._pool.recv())


_FACES = {"gymnasium": GymnasiumEnvPool, "gym": GymEnvPool, "dm": DMEnvPool}

# The envs that can render (the others say so at make(render_mode=...)).
RENDERING_ENVS = ("the Atari games, the MuJoCo tasks, the DeepMind Control Suite, gymnasium-robotics' Fetch and PointMaze, the classic-control "
                  "and the Box2D envs, the ViZDoom scenarios, MiniGrid and BabyAI, the MPE scenarios")

# make() options that configure the Python face's render(), not the envs.
_RENDER_OPTIONS = {"render_mode": None, "render_env_id": 0, "render_width": 0, "render_height": 0,
                   "render_camera_id": -1}


def _render_options(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Takes envpool's render options out of kwargs, checked."""
    options = {k: kwargs.pop(k) for k in list(kwargs) if k in _RENDER_OPTIONS}
    mode = options.get("render_mode")
    if mode not in (None, "rgb_array", "human"):
        raise ValueError(f"render_mode must be None, 'rgb_array' or 'human', got {mode!r}")
    for key in ("render_env_id", "render_width", "render_height", "render_camera_id"):
        if key in options:
            value = options[key]
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{key} must be an int, got {value!r}")
            options[key] = int(value)
    return options


def _pixel_options(kwargs: dict[str, Any], render: dict[str, Any]) -> None:
    """With envpool's from_pixels (dm_control), render_width / render_height /
    render_camera_id size and aim the pixel observation too, so they go to
    the envs as well as to render()."""
    if kwargs.get("from_pixels"):
        kwargs.update({k: render[k] for k in ("render_width", "render_height", "render_camera_id") if k in render})


def _show(frame: np.ndarray, title: str) -> None:
    try:
        import cv2
    except ImportError:
        raise RuntimeError("render_mode='human' needs opencv-python (pip install opencv-python)") from None
    cv2.imshow(title, np.ascontiguousarray(frame[:, :, ::-1]))
    cv2.waitKey(1)


def make(task_id: str, env_type: str = "gymnasium", **kwargs: Any):
    """Makes a pool of ``num_envs`` copies of ``task_id``; see the README for options."""
    try:
        face = _FACES[env_type]
    except KeyError:
        raise ValueError(f"env_type must be one of {sorted(_FACES)}, got {env_type!r}") from None
    render = _render_options(kwargs)
    _pixel_options(kwargs, render)
    spec = EnvSpec(task_id, **kwargs)
    if spec._config_dict.get("from_pixels"):
        # render() draws the observation's frame unless told another size (envpool's default).
        for key in ("render_width", "render_height", "render_camera_id"):
            render.setdefault(key, spec._config_dict[key])
    if face is GymnasiumEnvPool and spec.fields.get("num_players", 0) > 0:
        from .players import PlayersGymnasiumEnvPool  # envpool's flat rows, one per player

        face = PlayersGymnasiumEnvPool
    env = face(spec)
    try:
        env._init_render(render)
    except BaseException:
        env.close()
        raise
    return env


def make_gymnasium(task_id: str, **kwargs: Any) -> GymnasiumEnvPool:
    return make(task_id, "gymnasium", **kwargs)


def make_gym(task_id: str, **kwargs: Any) -> GymEnvPool:
    return make(task_id, "gym", **kwargs)


def make_dm(task_id: str, **kwargs: Any) -> DMEnvPool:
    return make(task_id, "dm", **kwargs)


def make_spec(task_id: str, **kwargs: Any) -> EnvSpec:
    # accepted (and checked) as envpool does; a spec does not render, but
    # from_pixels takes the frame's size and camera from them
    _pixel_options(kwargs, _render_options(kwargs))
    return EnvSpec(task_id, **kwargs)
