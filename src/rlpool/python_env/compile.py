"""Compiles a Python-written env's reset and step with Numba into C functions
of fixed signatures, the ones csrc/envs/python/layout.h calls:

    int32 reset(void* state, uint32* rng, obs* obs_out, info* info_out)
    int32 step(void* state, uint32* rng, action* action, obs* obs_out,
               float64* reward_out, bool* terminated_out, info* info_out)

The author's functions are compiled with njit(nogil=True,
error_model="numpy") for the argument types the layout gives them; a small
generated body turns the pointers into arrays (numba.carray, no copy) and
calls them, inlined; the cfunc calls the body inside try/except and returns
its status. Catching every exception keeps the cfunc from ever taking the
GIL (Numba would take it to print an uncaught one), so a worker thread never
waits on the interpreter.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Callable

import numba
import numpy as np
from numba import carray, cfunc, types
from numba.core.registry import CPUDispatcher

from .layout import Layout
from .random import RNG_WORDS

RAISED = -(2**31)  # status of a call whose Python code raised (kRaisedStatus in layout.h)

_JIT_OPTIONS = dict(nogil=True, error_model="numpy")


class CompileError(TypeError):
    """Numba could not compile one of a Python-written env's functions."""


@dataclasses.dataclass
class Compiled:
    """The cfuncs of one env. Holding this object keeps their machine code alive."""

    reset: object  # numba CFunc
    step: object
    step_takes_rng: bool

    @property
    def addresses(self) -> dict[str, int]:
        return {"python_reset_fn": self.reset.address, "python_step_fn": self.step.address}


def _nb_dtype(dtype):
    return numba.from_dtype(np.dtype(dtype))


def _array(dtype, ndim: int):
    return types.Array(_nb_dtype(dtype), ndim, "C")


def _jit(task_id: str, fn: Callable, what: str):
    if not callable(fn):
        raise CompileError(f"{task_id}: {what} must be a function, got {fn!r}")
    py_func = fn.py_func if isinstance(fn, CPUDispatcher) else fn
    # Inlined into the generated body at Numba's IR level: called across
    # modules it would get ~30 arguments and a reference-count call per array
    # each step, which cost CartPole ~10-20% of its speed.
    return numba.njit(inline="always", **_JIT_OPTIONS)(py_func)


def _compile_user(task_id: str, jitted, what: str, arg_types: tuple) -> None:
    """Compiles the author's function for its exact argument types, so that an
    error names the function (not the wrapper) and comes with Numba's message."""
    name = getattr(jitted.py_func, "__qualname__", what)
    try:
        jitted.compile(arg_types)
    except Exception as e:  # numba raises TypingError, LoweringError, UnsupportedError, ...
        raise CompileError(
            f"{task_id}: Numba could not compile {what} function {name!r} "
            f"(nopython=True, nogil=True, error_model='numpy'):\n{e}"
        ) from e
    ret = jitted.overloads[arg_types].signature.return_type
    if not (ret == types.none or isinstance(ret, types.Integer) or isinstance(ret, types.Boolean)):
        raise CompileError(
            f"{task_id}: {what} function {name!r} returns {ret}; it must return nothing (success) or an "
            "int status on every path (0 = success, any other value becomes a RuntimeError)"
        )
    return ret != types.none


def _arity(task_id: str, fn: Callable, what: str, allowed: tuple[int, ...]) -> int:
    py_func = fn.py_func if isinstance(fn, CPUDispatcher) else fn
    try:
        params = inspect.signature(py_func).parameters.values()
    except (TypeError, ValueError):
        raise CompileError(f"{task_id}: cannot read the parameters of {what} function {fn!r}") from None
    n = sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
    if n not in allowed:
        raise CompileError(
            f"{task_id}: {what} function {py_func.__qualname__!r} takes {n} parameters, expected "
            f"{' or '.join(map(str, allowed))} (see rlpool.python_env.register)"
        )
    return n


def _cfunc(fn: Callable, signature, task_id: str):
    try:
        return cfunc(signature, nopython=True, nogil=True, error_model="numpy")(fn)
    except Exception as e:
        raise CompileError(f"{task_id}: Numba could not compile the {fn.__name__} wrapper:\n{e}") from e


def compile_env(layout: Layout, reset: Callable, step: Callable) -> Compiled:
    task_id = layout.task_id
    _arity(task_id, reset, "reset", (4,))
    step_arity = _arity(task_id, step, "step", (6, 7))
    user_reset = _jit(task_id, reset, "reset")
    user_step = _jit(task_id, step, "step")

    # Argument types as the author's code sees them.
    if layout.state_is_record:
        state_ptr = types.CPointer(_nb_dtype(layout.state_dtype))
        state_arg = _nb_dtype(layout.state_dtype)
        state_expr = "carray(state_p, (1,))[0]"
    else:
        state_ptr = types.CPointer(_nb_dtype(layout.state_dtype))
        state_arg = _array(layout.state_dtype, 1)
        state_expr = f"carray(state_p, ({layout.state_size},))"
    rng_ptr, rng_arg = types.CPointer(types.uint32), _array("uint32", 1)
    obs_ptr = types.CPointer(_nb_dtype(layout.obs_dtype))
    obs_arg = _array(layout.obs_dtype, len(layout.obs_view_shape))
    info_ptr, info_arg = types.CPointer(_nb_dtype(layout.info_dtype)), _nb_dtype(layout.info_dtype)
    action_ptr = types.CPointer(_nb_dtype(layout.action_dtype))
    if layout.action_shape is None:
        action_arg, action_expr = types.int32, "action_p[0]"
    else:
        action_arg = _array(layout.action_dtype, len(layout.action_shape))
        action_expr = f"carray(action_p, {layout.action_shape!r})"
    reward_ptr, reward_arg = types.CPointer(types.float64), _array("float64", 1)
    term_ptr, term_arg = types.CPointer(types.boolean), types.Array(types.boolean, 1, "C")

    reset_returns = _compile_user(task_id, user_reset, "reset", (state_arg, rng_arg, obs_arg, info_arg))
    step_args = (state_arg, action_arg, obs_arg, reward_arg, term_arg, info_arg)
    if step_arity == 7:
        step_args = (state_arg, rng_arg) + step_args[1:]
    step_returns = _compile_user(task_id, user_step, "step", step_args)

    ns = {"carray": carray, "njit": numba.njit, "user_reset": user_reset, "user_step": user_step, "RAISED": RAISED}
    rng_expr = f"carray(rng_p, ({RNG_WORDS},))"
    obs_expr = f"carray(obs_p, {layout.obs_view_shape!r})"
    info_expr = "carray(info_p, (1,))[0]"
    step_call_args = [state_expr, action_expr, obs_expr, "carray(reward_p, (1,))", "carray(term_p, (1,))", info_expr]
    if step_arity == 7:
        step_call_args.insert(1, rng_expr)
    # Two levels: the body makes the arrays and inlines the author's function;
    # the cfunc catches what the body raises. (Numba's try/except does not
    # catch a raise inlined into the same function, so they stay apart.)
    source = f"""
@njit(nogil=True, error_model="numpy")
def reset_body(state_p, rng_p, obs_p, info_p):
    status = user_reset({state_expr}, {rng_expr}, {obs_expr}, {info_expr})
    return {"status" if reset_returns else "0"}

@njit(nogil=True, error_model="numpy")
def step_body(state_p, rng_p, action_p, obs_p, reward_p, term_p, info_p):
    status = user_step({", ".join(step_call_args)})
    return {"status" if step_returns else "0"}

def reset(state_p, rng_p, obs_p, info_p):
    status = RAISED
    try:
        status = reset_body(state_p, rng_p, obs_p, info_p)
    except Exception:
        status = RAISED
    return status

def step(state_p, rng_p, action_p, obs_p, reward_p, term_p, info_p):
    status = RAISED
    try:
        status = step_body(state_p, rng_p, action_p, obs_p, reward_p, term_p, info_p)
    except Exception:
        status = RAISED
    return status
"""
    exec(compile(source, f"<rlpool.python_env {task_id} wrappers>", "exec"), ns)
    reset_cf = _cfunc(ns["reset"], types.int32(state_ptr, rng_ptr, obs_ptr, info_ptr), task_id)
    step_sig = types.int32(state_ptr, rng_ptr, action_ptr, obs_ptr, reward_ptr, term_ptr, info_ptr)
    step_cf = _cfunc(ns["step"], step_sig, task_id)
    return Compiled(reset=reset_cf, step=step_cf, step_takes_rng=step_arity == 7)
