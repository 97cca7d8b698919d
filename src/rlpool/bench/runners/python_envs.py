"""Python-written envs (rlpool.python_env) that benchmarks use: registered
(compiled by Numba) on first use, so that nothing imports Numba unless a
benchmark asks for one of them."""

from __future__ import annotations

import importlib

from .base import Skip

# task id -> module whose register(task_id) registers it
BENCH_TASKS = {"PyCartPole-v1": "rlpool.python_env.cartpole"}
# task id -> the C++ task it reproduces exactly, measured beside it: as
# rlpool's ("cpp-twin") and as envpool's (which has no Python-written envs)
TWINS = {"PyCartPole-v1": "CartPole-v1"}


def ensure_registered(task_id: str) -> None:
    module_name = BENCH_TASKS.get(task_id)
    if module_name is None:
        return
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise Skip(f"{task_id} is written in Python and needs Numba (pip install 'rlpool[numba]'): {e}") from None
    module.register(task_id)


def is_python_env(task_id: str) -> bool:
    from rlpool import registry

    ensure_registered(task_id)
    try:
        return registry.get_task(task_id).family == "python"
    except ValueError:
        return False


def make_plain(task_id: str):
    """The same env as one gymnasium.Env running its functions as plain
    Python: what gymnasium's vector envs step."""
    from rlpool.python_env import make_gymnasium_env

    return make_gymnasium_env(task_id, seed=0)
