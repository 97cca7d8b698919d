"""Task ids: which family module and env class serve them, with what defaults.

A family registers its tasks in ``rlpool/tasks/<family>.py``, one
``register(...)`` line per task id. Nothing is imported until a task is made.
"""

from __future__ import annotations

import collections
import dataclasses
import importlib
import numbers
from typing import Any, Callable

import numpy as np

# Options every pool takes, with envpool's names and defaults.
COMMON_DEFAULTS: dict[str, Any] = {
    "num_envs": 1,
    "batch_size": 0,
    "num_threads": 0,
    "seed": 42,
    "env_seed": [],
    "max_episode_steps": 2**31 - 1,
    "thread_affinity_offset": -1,
    "max_num_players": 1,
    "autoreset_mode": "next_step",
    "gym_reset_return_info": False,
}

AUTORESET_MODES = ("next_step", "same_step")
_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


@dataclasses.dataclass(frozen=True)
class Task:
    task_id: str
    family: str
    env: str  # class name inside rlpool._<family>
    defaults: dict[str, Any]
    reward_threshold: float | None = None
    reference: str = ""  # the implementation it is aligned with
    # The family's last word on a config (checks and envpool spellings of
    # option values); called with the full config dict, changes it in place.
    prepare: Callable[[dict[str, Any]], None] | None = None

    def env_class(self):
        name = f"rlpool._{self.family}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            raise ImportError(
                f"{self.task_id} needs the native module {name}, which this rlpool build does not have: "
                f"it was built with RLPOOL_FAMILIES excluding {self.family!r}. Rebuild with that family, "
                f"e.g. RLPOOL_FAMILIES={self.family} pip install . (or with RLPOOL_FAMILIES unset for all)"
            ) from None
        return getattr(module, self.env)


_TASKS: dict[str, Task] = {}


def register(
    task_id: str,
    family: str,
    env: str,
    *,
    reward_threshold: float | None = None,
    reference: str = "",
    prepare: Callable[[dict[str, Any]], None] | None = None,
    **defaults: Any,
) -> None:
    """Registers ``task_id`` as env class ``env`` of module ``rlpool._<family>``."""
    if task_id in _TASKS:
        raise ValueError(f"task id {task_id!r} is already registered")
    _TASKS[task_id] = Task(task_id, family, env, dict(defaults), reward_threshold, reference, prepare)


def _load_builtin_tasks() -> None:
    from . import tasks  # noqa: F401  (each tasks/<family>.py calls register)


def list_all_envs(family: str | None = None) -> list[str]:
    """Every registered task id (optionally of one family), sorted."""
    return sorted(t for t, task in _TASKS.items() if family is None or task.family == family)


def get_task(task_id: str) -> Task:
    try:
        return _TASKS[task_id]
    except KeyError:
        close = [t for t in _TASKS if t.lower().split("-")[0] == task_id.lower().split("-")[0]]
        hint = f"; did you mean {', '.join(close)}?" if close else "; see rlpool.list_all_envs()"
        raise ValueError(f"unknown task id {task_id!r}{hint}") from None


def _is_int(v: Any) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def _coerce(task_id: str, key: str, value: Any, default: Any) -> Any:
    """Checks an option's type against its default and converts it to the
    plain Python type the native config expects."""
    what = f"{task_id}: option {key}={value!r}"
    if isinstance(default, bool):
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{what} must be a bool (True or False)")
        return bool(value)
    if isinstance(default, int):
        if not _is_int(value):
            raise TypeError(f"{what} must be an int")
        return int(value)
    if isinstance(default, float):
        if not (isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))):
            raise TypeError(f"{what} must be a number")
        return float(value)
    if isinstance(default, str):
        if not isinstance(value, str):
            raise TypeError(f"{what} must be a str")
        return value
    if isinstance(default, (list, tuple)):
        try:
            items = [float(v) for v in value]
        except (TypeError, ValueError):
            raise TypeError(f"{what} must be a sequence of numbers") from None
        return items
    return value


def build_config(task: Task, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Defaults (common, the env's own, the task's) overlaid with the user's
    kwargs; unknown names raise TypeError listing the valid ones."""
    env_defaults = dict(task.env_class().default_config())
    defaults = {**COMMON_DEFAULTS, **env_defaults, **task.defaults}
    kwargs = dict(kwargs)
    seed = kwargs.get("seed")
    if seed is not None and not _is_int(seed) and not isinstance(seed, (bool, np.bool_)):
        # envpool accepts a sequence seed as the per-env seed list.
        kwargs["env_seed"] = list(seed)
        kwargs["seed"] = defaults["seed"]
    unknown = sorted(set(kwargs) - set(defaults))
    if unknown:
        raise TypeError(
            f"{task.task_id}: unexpected option(s) {', '.join(unknown)}; "
            f"valid options are: {', '.join(sorted(defaults))}"
        )
    config = dict(defaults)
    for key, value in kwargs.items():
        config[key] = _coerce(task.task_id, key, value, defaults[key])
    _check_common(task.task_id, config)
    if task.prepare is not None:
        task.prepare(config)
    return config


def _check_common(task_id: str, c: dict[str, Any]) -> None:
    def bad(msg: str) -> ValueError:
        return ValueError(f"{task_id}: {msg}")

    if c["num_envs"] < 1:
        raise bad(f"num_envs must be >= 1, got {c['num_envs']}")
    if not 0 <= c["batch_size"] <= c["num_envs"]:
        raise bad(f"batch_size must be in [0, num_envs={c['num_envs']}] (0 means num_envs), got {c['batch_size']}")
    if c["num_threads"] < 0:
        raise bad(f"num_threads must be >= 0 (0 means min(batch_size, cores)), got {c['num_threads']}")
    if c["max_episode_steps"] < 1:
        raise bad(f"max_episode_steps must be >= 1, got {c['max_episode_steps']}")
    if c["max_num_players"] != 1:
        raise bad(f"max_num_players must be 1 (these envs are single-player), got {c['max_num_players']}")
    if c["thread_affinity_offset"] < -1:
        raise bad(f"thread_affinity_offset must be -1 (no pinning) or a CPU index >= 0, got {c['thread_affinity_offset']}")
    if c["autoreset_mode"] not in AUTORESET_MODES:
        raise bad(f"autoreset_mode must be one of {AUTORESET_MODES}, got {c['autoreset_mode']!r}")
    env_seed = c["env_seed"]
    if env_seed:
        if len(env_seed) != c["num_envs"]:
            raise bad(f"env_seed must have num_envs={c['num_envs']} entries, got {len(env_seed)}")
        if any(s != int(s) or not _INT32_MIN <= s <= _INT32_MAX for s in env_seed):
            raise bad("env_seed entries must be integers in the int32 range")
    elif not _INT32_MIN <= c["seed"] <= _INT32_MAX - (c["num_envs"] - 1):
        raise bad(f"seed must keep seed + env index in the int32 range, got {c['seed']}")


def config_namedtuple(task_id: str, config: dict[str, Any]):
    name = "".join(ch for ch in task_id.split("-")[0] if ch.isalnum()) + "Config"
    cls = collections.namedtuple(name, sorted(config))
    return cls(**config)
