"""``env.xla()``: step a pool from inside ``jax.jit``, as envpool's ``xla()`` does.

``handle, recv, send, step = env.xla()``:

- ``handle`` threads the pool through a computation: every call takes it and
  returns a new one, so XLA keeps the calls in order.
- ``recv(handle) -> (handle, results)``, ``send(handle, action, env_id=None)
  -> handle`` and ``step(handle, action, env_id=None) -> (handle, results)``,
  where ``results`` is what ``env.recv()`` returns on that face, with jax
  arrays.

The calls are XLA FFI custom calls (``rlpool._xla``, built against jaxlib's
FFI headers; see csrc/xla/CMakeLists.txt), registered with
``jax.ffi.register_ffi_target`` here, on the first ``xla()`` call: nothing
imports JAX before that. Actions are checked by the same native code as on
the numpy path; a bad one stops the computation with a ``jax.ffi`` error
carrying that message, and the pool is left as it was.

Dtypes follow JAX's settings: with x64 off (JAX's default), float64 fields
(MuJoCo observations) arrive as float32 and int64 as int32; with
``jax_enable_x64`` they arrive as on the numpy path. Actions may be any int
dtype (discrete) or float32/float64 (continuous) either way.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

_TARGETS = ("send", "recv", "step")
_registered = False


def _native():
    try:
        import jax  # noqa: F401
    except ImportError:
        raise ImportError(
            "env.xla() needs JAX, which is not installed: pip install 'rlpool[jax]' (or pip install jax)"
        ) from None
    try:
        from . import _xla
    except ImportError:
        raise ImportError(
            "env.xla() needs rlpool._xla, which this rlpool build does not have: the build found no XLA FFI "
            "headers (jaxlib was not installed in the build environment and 'pip download jaxlib' failed, or "
            "RLPOOL_XLA=0 was set). Rebuild rlpool with network access or with jax installed, e.g. "
            "pip install jax && pip install --force-reinstall --no-deps --no-build-isolation ."
        ) from None
    return _xla


def _register_targets(native) -> None:
    """Registers the handlers with XLA, once per process."""
    global _registered
    if _registered:
        return
    import jax

    for platform, capsules in native.targets().items():
        for name in _TARGETS:
            try:
                jax.ffi.register_ffi_target(f"rlpool_{name}", capsules[name], platform=platform)
            except Exception:
                # A JAX without that platform's plugin may refuse its targets;
                # the CPU ones are what every install needs.
                if platform == "cpu":
                    raise
    _registered = True


def close(pool_id: int) -> None:
    """Cuts the jitted path to a pool; its handles then give a clear error.
    Idempotent; also run when the last of recv/send/step is collected."""
    from . import _xla

    _xla.unregister(pool_id)


class _Port:
    """Held by recv, send and step of one xla() call. The registry keeps the
    native pool alive while they exist (a pool made only to call xla() on
    stays usable); when the last of them goes, so does the registration."""

    def __init__(self, pool_id: int) -> None:
        self.attrs = {"pool": np.uint64(pool_id)}
        weakref.finalize(self, close, pool_id)


class _Layout:
    """Where each output field sits in the flat list of results: the engine's
    common fields, then the observation fields, the info fields and, with
    same_step autoreset, final:mask, final:elapsed_step and the final copies
    of the observation and info fields. Positions, not names: an env's info
    field may share a common field's name (Atari's int "terminated")."""

    def __init__(self, fields: list[tuple[str, str, tuple]], num_obs: int, num_info: int):
        names = [name for name, _, _ in fields]
        self.common = {name: i for i, name in enumerate(names[:5])}
        self.obs = 5
        self.info = 5 + num_obs
        self.final = names.index("final:mask") if "final:mask" in names else None


def make(face) -> tuple[Any, Any, Any, Any]:
    """Builds ``(handle, recv, send, step)`` for one pool face (see module doc)."""
    native = _native()
    _register_targets(native)
    import jax
    import jax.numpy as jnp

    shape_result = face._shape  # the face's result from the gymnasium tuple (rlpool.faces)
    tracks_last = shape_result.tracks_last
    pool_id, fields, num_envs, batch_size, is_async = native.register(
        face._pool, face._last_done if tracks_last else None
    )
    face.__dict__.setdefault("_xla_ids", []).append(pool_id)  # face.close() cuts them
    port = _Port(pool_id)

    handle_type = jax.ShapeDtypeStruct((2,), np.uint32)

    def call(name):
        # Result types as JAX gives them now (float64 -> float32 with x64
        # off), read at trace time so the x64 setting of the caller applies.
        canonical = jax.dtypes.canonicalize_dtype
        types = [jax.ShapeDtypeStruct((batch_size, *shape), canonical(np.dtype(dt))) for _, dt, shape in fields]
        if tracks_last:  # the handler appends whether each row's previous result was LAST
            types.append(jax.ShapeDtypeStruct((batch_size,), np.bool_))
        return jax.ffi.ffi_call(
            f"rlpool_{name}",
            handle_type if name == "send" else (handle_type, *types),
            has_side_effect=True,  # else XLA may hoist the call out of a loop or drop it
            input_output_aliases={0: 0},
        )

    gymnasium = _gymnasium_builder(face.spec, _Layout(fields, len(face.spec.fields["obs"]), len(face.spec.fields["info"])))

    def pack(arrays):
        if tracks_last:
            return shape_result(gymnasium(arrays[:-1]), arrays[-1])
        return shape_result(gymnasium(arrays))

    all_ids = np.arange(num_envs, dtype=np.int32)

    def ids_of(env_id):
        if env_id is None:
            env_id = all_ids
        env_id = jnp.asarray(env_id)
        if env_id.ndim != 1 or not jnp.issubdtype(env_id.dtype, jnp.integer):
            raise TypeError(f"env_id must be a 1-d array of integer env ids, got {env_id.dtype} {env_id.shape}")
        if not is_async and env_id.shape[0] != num_envs:
            raise ValueError(
                f"in sync mode a jitted send() needs actions for all {num_envs} envs (its recv() returns "
                f"batch_size={batch_size} rows), got {env_id.shape[0]} env ids"
            )
        if env_id.shape[0] > num_envs:
            raise ValueError(f"env_id has {env_id.shape[0]} entries but the pool has only {num_envs} envs")
        return env_id.astype(jnp.int32)

    def recv(handle):
        handle, *arrays = call("recv")(handle, **port.attrs)
        return handle, pack(arrays)

    def send(handle, action, env_id=None):
        return call("send")(handle, jnp.asarray(action), ids_of(env_id), **port.attrs)

    def step(handle, action, env_id=None):
        handle, *arrays = call("step")(handle, jnp.asarray(action), ids_of(env_id), **port.attrs)
        return handle, pack(arrays)

    handle = jnp.array([pool_id & 0xFFFFFFFF, pool_id >> 32], dtype=jnp.uint32)
    return handle, recv, send, step


def _gymnasium_builder(spec, layout: _Layout):
    """A function turning the flat result arrays into the gymnasium tuple, the
    form the numpy path's native results have; each face shapes its own result
    from it (rlpool.faces)."""
    from . import obs_layout

    obs_names = [f["name"] for f in spec.fields["obs"]]
    info_names = [f["name"] for f in spec.fields["info"]]
    obs_paths = obs_layout.obs_paths(obs_names)  # the numpy path's layout too
    common = layout.common

    def obs_at(arrays, first):
        return obs_layout.nest(obs_paths, arrays[first:first + len(obs_names)])

    def gymnasium(arrays):
        env_id = arrays[common["env_id"]]
        info = {"env_id": env_id, "players": {"env_id": env_id}, "elapsed_step": arrays[common["elapsed_step"]]}
        for j, n in enumerate(info_names):
            info[n] = arrays[layout.info + j]
        if layout.final is not None:
            base = layout.final
            mask = arrays[base]
            final_info = {"env_id": env_id, "elapsed_step": arrays[base + 1]}
            for j, n in enumerate(info_names):
                final_info[n] = arrays[base + 2 + len(obs_names) + j]
            info.update(final_obs=obs_at(arrays, base + 2), _final_obs=mask, final_info=final_info, _final_info=mask)
        return (
            obs_at(arrays, layout.obs),
            arrays[common["reward"]],
            arrays[common["terminated"]],
            arrays[common["truncated"]],
            info,
        )

    return gymnasium
