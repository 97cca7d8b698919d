"""Multi-agent particle environments, aligned with ``mpe2`` 1.1.1 (seed-exact).

Each task id is mpe2's module name. ``max_cycles`` is mpe2's name for the
episode length and the same option as ``max_episode_steps``: the value given
wins (both given and different is an error)."""

from __future__ import annotations

from typing import Any

from ..registry import register

_REF = "mpe2 1.1.1 {} (PettingZoo ParallelEnv), seed-exact"
_CYCLES = 25


def _max_cycles(config: dict[str, Any]) -> None:
    cycles, steps = config["max_cycles"], config["max_episode_steps"]
    if cycles != _CYCLES and steps != _CYCLES and cycles != steps:
        raise ValueError(
            f"max_cycles={cycles} and max_episode_steps={steps} disagree; they are one option "
            "(mpe2's and envpool's names), pass one of them"
        )
    length = cycles if cycles != _CYCLES else steps
    config["max_cycles"] = config["max_episode_steps"] = length


# Each task's agents in the order of the player dimension (mpe2's
# possible_agents): (name, observation size, action size: Discrete n or Box
# dimension), for the PettingZoo face, as a method every face of the pool has.
def _spread_agents(config: dict[str, Any]) -> list[tuple[str, int, int]]:
    n = config["N"]
    return [(f"agent_{i}", 6 * n, 5) for i in range(n)]


def _mpe(task_id: str, env: str, agents) -> None:
    register(task_id, "mpe", env, max_episode_steps=_CYCLES, prepare=_max_cycles, methods={"agent_specs": agents},
             reference=_REF.format(task_id))


_mpe("simple_spread_v3", "SimpleSpread", _spread_agents)
