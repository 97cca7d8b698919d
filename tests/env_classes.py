"""One task id per (family, env class) of the registered tasks: the tests
that check something of every env class parametrize over these."""

from __future__ import annotations

import rlpool
from rlpool.registry import get_task


def one_task_per_env_class() -> dict[tuple[str, str], str]:
    """{(family, env class name): the first task id registered for it}."""
    seen: dict[tuple[str, str], str] = {}
    for task_id in rlpool.list_all_envs():
        task = get_task(task_id)
        seen.setdefault((task.family, task.env), task_id)
    return seen
