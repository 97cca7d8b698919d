"""Task ids: which family module and env class serve them, with what defaults.

A family registers its tasks in ``rlpool/tasks/<family>.py``, one
``register(...)`` line per task id. Nothing is imported until a task is made.
"""

from __future__ import annotations

import collections
import collections.abc
import copy
import dataclasses
import difflib
import importlib
import logging
import numbers
import sys
import warnings
from typing import Any, Callable

import numpy as np

_log = logging.getLogger("rlpool")

# Options every pool takes, with envpool's names and defaults, and what each
# means (`rlpool info`). Their values are checked, and their 0 defaults
# resolved, in one place: the engine's PoolOptions (csrc/core/pool_options.h),
# through the env class's resolve(); env.config shows the resolved values. An
# env's own options are declared, described and checked in its C++
# DefaultConfig / Spec.
COMMON_OPTIONS: dict[str, tuple[Any, str]] = {
    "num_envs": (1, "envs in the pool"),
    "batch_size": (0, "results per recv(); 0 = num_envs (sync), less = async"),
    # The rule for 0 is the engine's (PoolOptions::kDefaultThreadsRule), not restated here.
    "num_threads": (0, "worker threads; 0 = the engine's default for the batch size and this machine "
                       "(env.config shows the count chosen)"),
    "seed": (42, "env i is seeded with seed + i"),
    "env_seed": ([], "explicit per-env seeds (num_envs entries); overrides seed"),
    "max_episode_steps": (2**31 - 1, "agent steps before an episode is truncated"),
    "thread_affinity_offset": (-1, "pin worker i to CPU offset + i; -1 = no pinning"),
    "max_num_players": (1, "most agents per env; below a task's agent count is an error (0: the task's count)"),
    "autoreset_mode": (
        "next_step",
        "next_step: the step after an episode ends resets it; same_step: reset in the ending step",
    ),
    "gym_reset_return_info": (False, "gym face: reset() returns (obs, info) instead of obs"),
}
COMMON_DEFAULTS: dict[str, Any] = {name: default for name, (default, _) in COMMON_OPTIONS.items()}


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
    # What the native env is given for a config, where it differs from what
    # the user passed and sees in `config` (envpool's model names as the
    # files they name); returns a new dict.
    native: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # Extra methods every face of a pool of this task has (gymnasium-robotics'
    # compute_reward): name -> function(config, *args), bound to the pool's
    # resolved config.
    methods: dict[str, Callable[..., Any]] = dataclasses.field(default_factory=dict)

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

    def option_meanings(self) -> dict[str, str]:
        """What each option of this task means: the common ones, then what
        the env class declares next to its defaults (option_meanings())."""
        meanings = {name: meaning for name, (_, meaning) in COMMON_OPTIONS.items()}
        declared = getattr(self.env_class(), "option_meanings", None)
        if declared is not None:
            meanings.update(declared())
        return meanings


_TASKS: dict[str, Task] = {}


def register(
    task_id: str,
    family: str,
    env: str,
    *,
    reward_threshold: float | None = None,
    reference: str = "",
    prepare: Callable[[dict[str, Any]], None] | None = None,
    native: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    methods: dict[str, Callable[..., Any]] | None = None,
    **defaults: Any,
) -> None:
    """Registers ``task_id`` as env class ``env`` of module ``rlpool._<family>``."""
    if task_id in _TASKS:
        raise ValueError(f"task id {task_id!r} is already registered")
    add_task(Task(task_id, family, env, dict(defaults), reward_threshold, reference, prepare, native, dict(methods or {})))


def add_task(task: Task) -> None:
    """Registers a ready-made Task (a subclass may serve its env class itself,
    as rlpool.python_env's tasks do)."""
    if task.task_id in _TASKS:
        raise ValueError(f"task id {task.task_id!r} is already registered")
    _TASKS[task.task_id] = task
    from . import gymnasium_registry  # every task is also gymnasium's rlpool/<id>

    gymnasium_registry.register_task(task.task_id, task.reward_threshold)


def _load_builtin_tasks() -> None:
    from . import tasks  # noqa: F401  (each tasks/<family>.py calls register)


def list_all_envs(family: str | None = None) -> list[str]:
    """Every registered task id (optionally of one family), sorted."""
    return sorted(t for t, task in _TASKS.items() if family is None or task.family == family)


def flush_native_warnings(task: Task) -> None:
    """Reports what native code collected as warnings (MuJoCo's model
    compiler, for one), each message once per process: one that matters to
    the user through Python's warnings module, one the family knows to be
    harmless (a deprecation in a reference model rlpool ships) to the
    "rlpool" logger at DEBUG level. Every loaded native module is asked, not
    only the task's: MuJoCo has one warning handler per process, which the
    first MuJoCo module imported installs."""
    for name, module in list(sys.modules.items()):
        take = getattr(module, "take_warnings", None) if name.startswith("rlpool._") else None
        if take is None:
            continue
        for message, matters in take():
            text = f"{task.task_id}: {message.strip()}"
            if matters:
                warnings.warn(text, RuntimeWarning, stacklevel=4)
            else:
                _log.debug("%s", text)


def _base_name(task_id: str) -> str:
    """The game or env name without namespace, version or gymnasium/ale-py's
    frame-skip spellings: 'ALE/Pong-v5', 'PongNoFrameskip-v4' -> 'pong'."""
    name = task_id.rsplit("/", 1)[-1].split("-")[0]
    for suffix in ("NoFrameskip", "Deterministic"):
        name = name.removesuffix(suffix)
    return name.lower()


def _spelled_alike(task_id: str) -> list[str]:
    """The registered ids closest in spelling to a typo'd one ('CartPol-v1'),
    ignoring case; 0.75 keeps one wrong or missing letter in a short name
    and drops unrelated ids that merely share a '-v1'."""
    lowered = {t.lower(): t for t in _TASKS}
    return [lowered[t] for t in difflib.get_close_matches(task_id.lower(), lowered, n=3, cutoff=0.75)]


def get_task(task_id: str) -> Task:
    try:
        return _TASKS[task_id]
    except KeyError:
        base = _base_name(task_id)
        close = [t for t in _TASKS if _base_name(t) == base] or _spelled_alike(task_id)
        hint = f"; did you mean {', '.join(close)}?" if close else "; see rlpool.list_all_envs()"
        if close and ("/" in task_id or "Frameskip" in task_id or "Deterministic" in task_id):
            hint += (
                " (rlpool spells tasks as envpool does, without gymnasium's namespace or frame-skip "
                "variants: frame skip, sticky actions and the rest are options of make())"
            )
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
        if not -(2**63) <= value < 2**63:  # the native config holds int64
            raise ValueError(f"{what} is out of range; the engine checks ranges, but this does not fit 64 bits")
        return int(value)
    if isinstance(default, float):
        if not (isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))):
            raise TypeError(f"{what} must be a number")
        return float(value)
    if isinstance(default, str):
        if isinstance(value, collections.abc.Mapping) and key.endswith("_config"):
            return encode_mapping(task_id, key, value)
        if not isinstance(value, str):
            raise TypeError(f"{what} must be a str")
        return value
    if isinstance(default, (list, tuple)) and default and all(isinstance(v, str) for v in default):
        # a list of names (FrankaKitchen's tasks_to_complete); a bare str would be a list of letters
        if isinstance(value, str) or not all(isinstance(v, str) for v in value):
            raise TypeError(f"{what} must be a list of str")
        return list(value)
    if isinstance(default, (list, tuple)):
        try:
            items = [float(v) for v in value]
        except (TypeError, ValueError):
            raise TypeError(f"{what} must be a sequence of numbers") from None
        return items
    return value


def encode_mapping(task_id: str, key: str, value: Any) -> str:
    """A dict option (envpool's ``reward_config={"HEALTH": (0.005, -0.003)}``
    and the like) in the text form native configs read: ``k=v1,v2;k2=...``."""
    entries = []
    for k, v in value.items():
        items = list(v) if isinstance(v, (list, tuple, np.ndarray)) else [v]
        try:
            numbers_ = [float(x) for x in items]
        except (TypeError, ValueError):
            raise TypeError(f"{task_id}: option {key}: entry {k!r} must map to a number or a tuple of numbers, "
                            f"got {v!r}") from None
        name = str(k)
        if not name or any(c in name for c in "=;,"):
            raise TypeError(f"{task_id}: option {key}: key {k!r} is not a valid name")
        entries.append(f"{name}=" + ",".join(repr(x) for x in numbers_))
    return ";".join(entries)


# default_config() per env class: it is static, and asking it again would be
# another crossing into C++ for every make().
_DEFAULT_CONFIGS: dict[Any, dict[str, Any]] = {}


def default_config(task: Task) -> dict[str, Any]:
    """The env class's own options and defaults (a copy)."""
    env_class = task.env_class()
    if env_class not in _DEFAULT_CONFIGS:
        _DEFAULT_CONFIGS[env_class] = dict(env_class.default_config())
    return copy.deepcopy(_DEFAULT_CONFIGS[env_class])  # a caller may change a list default in place


def build_config(task: Task, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Defaults (common, the env's own, the task's) overlaid with the user's
    kwargs, each of the type its default has, after the family's prepare();
    unknown names raise TypeError listing the valid ones. Values are checked
    and defaults resolved by resolve()."""
    defaults = {**COMMON_DEFAULTS, **default_config(task), **task.defaults}
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
    if task.prepare is not None:
        task.prepare(config)
    return config


def resolve(task: Task, config: dict[str, Any]) -> dict[str, Any]:
    """The engine's check of ``config`` (one call into C++): raises ValueError
    naming a bad option, replaces the defaults it resolves (batch_size and
    num_threads 0) by their values in place, and returns the env's spec (its
    fields) for that config. The env is described from what it will be given
    (a task's ``native`` view of the config, where it has one)."""
    native = getattr(task, "native", None)
    resolved, fields = task.env_class().resolve(native(config) if native is not None else config, task.task_id)
    config.update(resolved)
    return fields


def config_namedtuple(task_id: str, config: dict[str, Any]):
    name = "".join(ch for ch in task_id.split("-")[0] if ch.isalnum()) + "Config"
    cls = collections.namedtuple(name, sorted(config))
    return cls(**config)
