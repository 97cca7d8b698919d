"""Environments written in Python, compiled by Numba, stepped by the native pool.

An author declares the spaces, a per-env state layout and optional info
fields, and writes two plain Python functions against arrays::

    def reset(state, rng, obs_out, info_out): ...
    def step(state, action, obs_out, reward_out, terminated_out, info_out): ...
    # or, when step needs randomness:
    def step(state, rng, action, obs_out, reward_out, terminated_out, info_out): ...

``register`` compiles both with Numba (``nopython=True, nogil=True,
error_model="numpy"``) into C functions and registers the task id; from then
on ``rlpool.make(task_id, ...)`` makes pools of it on every face (gymnasium,
gym, dm_env), sync and async, like any C++ env. The engine owns the time
limit, autoreset, seeding and ``elapsed_step``; the functions hold only the
env's own logic. The workers call them with the GIL released.

What the functions receive (views of engine memory, no copies):

- ``state``: this env's state, allocated and zeroed by the engine. With
  ``state=n`` or ``state=(np.float64 | np.int64, n)`` a 1-d array of n
  elements; with a numpy structured dtype one record (``state.x``,
  ``state.grid[i, j]`` for array fields). It persists across episodes.
- ``rng``: this env's generator, seeded with ``seed + i`` (or ``env_seed[i]``);
  draw from it with ``rlpool.python_env.random`` (``uniform``, ``integers``,
  ``normal``, ...).
- ``action``: an int for a Discrete action space, else an array of the Box's
  shape and dtype (a scalar Box is shape (1,)).
- ``obs_out``: the observation to write, an array of the observation space's
  shape and dtype (a Discrete observation or a scalar Box is shape (1,), int32
  for Discrete). Write every element on every call.
- ``reward_out``, ``terminated_out``: float64 and bool arrays of shape (1,);
  both start at 0 / False on every step. The engine hands rewards back as
  float32, as for every env.
- ``info_out``: one record with the declared info fields. It is kept per env:
  a field not written keeps its last value.

A function may return nothing (success) or an int status: nonzero makes the
next ``recv()`` raise ``RuntimeError("env <id> failed: <task>: step returned
error status <n>")``; that env is reset at its next step and the others go on
(in async mode the other results of that recv's batch are dropped with it).
An exception raised inside compiled code is caught and reported the same way
(status ``RAISED``). Under ``error_model="numpy"`` a division by zero gives
inf or nan, as numpy does, not an exception.

Helpers called from ``reset``/``step`` must be compiled too: decorate them
with ``@rlpool.python_env.jit`` (``numba.njit`` with the same options).
Importing this module imports Numba (``pip install rlpool[numba]``);
``import rlpool`` alone does not.
"""

from __future__ import annotations

from typing import Any, Callable

from .. import registry
from . import random
from .compile import RAISED, CompileError, compile_env
from .layout import DeclarationError, make_layout
from .gymnasium_env import make_gymnasium_env
from .task import EnvClass, PythonTask

FAMILY = "python"


def jit(fn: Callable) -> Callable:
    """Compiles a helper that reset/step call, with the options they get:
    ``numba.njit(nogil=True, error_model="numpy")``."""
    import numba

    return numba.njit(nogil=True, error_model="numpy")(fn)


def register(
    task_id: str,
    *,
    observation_space: Any,
    action_space: Any,
    state: Any,
    reset: Callable,
    step: Callable,
    info: dict[str, Any] | None = None,
    reward_threshold: float | None = None,
    **defaults: Any,
) -> None:
    """Compiles ``reset`` and ``step`` and registers ``task_id`` for ``rlpool.make``.

    observation_space: gymnasium ``Box`` (bool, uint8, int32, int64, float32 or
        float64) or ``Discrete``.
    action_space: gymnasium ``Discrete`` or ``Box`` (float32 or float64).
    state: ``n`` (float64[n]), ``(np.float64 or np.int64, n)``, or a numpy
        structured dtype (a list of fields is laid out with align=True).
    info: extra info fields, ``{"name": dtype or (dtype, shape)}``.
    defaults: defaults of the common options for this task, e.g.
        ``max_episode_steps=500``.

    Raises ``CompileError`` (a TypeError) with Numba's message and the
    function's name when a function does not compile, and
    ``DeclarationError`` (a ValueError) for spaces or layouts rlpool cannot
    hold; nothing is registered then.
    """
    unknown = sorted(set(defaults) - set(registry.COMMON_DEFAULTS))
    if unknown:
        raise TypeError(
            f"{task_id}: register() got unknown option(s) {', '.join(unknown)}; a Python-written env takes the "
            f"common options only: {', '.join(sorted(registry.COMMON_DEFAULTS))}"
        )
    if task_id in registry.list_all_envs():
        raise ValueError(f"task id {task_id!r} is already registered")
    layout = make_layout(task_id, observation_space, action_space, state, info)
    compiled = compile_env(layout, reset, step)
    env_class = EnvClass(layout, compiled, getattr(reset, "py_func", reset), getattr(step, "py_func", step))
    registry.add_task(
        PythonTask(
            task_id,
            FAMILY,
            "PythonEnv",
            dict(defaults),
            reward_threshold,
            f"Python ({getattr(step, '__module__', '?')})",
            native=env_class.native_config,  # the one place the addresses join a config
            env_class_obj=env_class,
        )
    )


__all__ = ["register", "jit", "make_gymnasium_env", "random", "RAISED", "CompileError", "DeclarationError", "EnvClass"]
