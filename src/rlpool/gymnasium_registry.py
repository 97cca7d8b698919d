"""Every rlpool task id in gymnasium's registry, as ``rlpool/<id>``.

    import gymnasium, rlpool
    env = gymnasium.make("rlpool/CartPole-v1")                 # one env (a 1-env pool)
    envs = gymnasium.make_vec("rlpool/Pong-v5", num_envs=8,    # the gymnasium face
                              vectorization_mode="vector_entry_point", frame_skip=4)

Each id gets two entry points: ``entry_point`` makes a single
``gymnasium.Env`` (so ``make_vec``'s ``sync`` and ``async`` modes work as for
any env), ``vector_entry_point`` makes one pool of ``num_envs`` envs. Options
pass through to ``rlpool.make`` unchanged, so an unknown one raises its
TypeError. gymnasium's own TimeLimit is not used (no ``max_episode_steps`` in
the spec): the pool truncates episodes itself, with the task's default or the
``max_episode_steps`` option.

gymnasium 1.x has no plugin entry points any more, so the ids are registered
when rlpool is imported (registry.add_task calls ``register_task``), in a
few milliseconds for all of them.
"""

from __future__ import annotations

from typing import Any

import gymnasium
from gymnasium.envs.registration import EnvSpec, get_env_id

NAMESPACE = "rlpool"


def gymnasium_id(task_id: str) -> str:
    """``CartPole-v1`` -> ``rlpool/CartPole-v1``. gymnasium allows one
    namespace, so a task id that has one already (``phys2d/CartPole-v1``)
    keeps it as a dotted prefix: ``rlpool/phys2d.CartPole-v1``."""
    return f"{NAMESPACE}/{task_id.replace('/', '.')}"


def task_id_of(gymnasium_or_task_id: str) -> str:
    """The rlpool task id of ``rlpool/<id>``; anything else is returned as it is."""
    return _TASK_OF.get(gymnasium_or_task_id, gymnasium_or_task_id)


_TASK_OF: dict[str, str] = {}  # gymnasium id -> rlpool task id


def register_task(task_id: str, reward_threshold: float | None = None) -> None:
    spec = EnvSpec(
        id=gymnasium_id(task_id),
        entry_point="rlpool.gymnasium_env:RlpoolEnv",
        vector_entry_point="rlpool.gymnasium_registry:make_vector",
        reward_threshold=reward_threshold,
        kwargs={"task_id": task_id},
    )
    _TASK_OF[spec.id] = task_id
    # gymnasium.register checks a new id against every registered one (a
    # versioned id must not meet the same name unversioned): 0.35 ms a call
    # at rlpool's size, 150 ms for all of rlpool's ids, more than the rest of
    # `import rlpool`. For a versioned id that check is one lookup, done here.
    if spec.version is None or get_env_id(spec.namespace, spec.name, None) in gymnasium.registry:
        gymnasium.register(**{f: getattr(spec, f) for f in ("id", "entry_point", "vector_entry_point",
                                                            "reward_threshold", "kwargs")})
    else:
        gymnasium.registry[spec.id] = spec


def make_vector(task_id: str, num_envs: int = 1, **options: Any):
    """``make_vec``'s vector entry point: one pool of ``num_envs`` envs, held
    to gymnasium's VectorEnv contract (see gymnasium_vector.py)."""
    from .gymnasium_vector import GymnasiumVectorPool

    return GymnasiumVectorPool(task_id, num_envs=num_envs, **options)
