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


# Each task's agent names in the order of the player dimension (mpe2's
# possible_agents), for the PettingZoo face: a method every face of the pool has.
def _numbered(name: str, n: int) -> list[str]:
    return [f"{name}_{i}" for i in range(n)]


def _tag_agents(c: dict[str, Any]) -> list[str]:
    return _numbered("adversary", c["num_adversaries"]) + _numbered("agent", c["num_good"])


def _world_comm_agents(c: dict[str, Any]) -> list[str]:
    return ["leadadversary_0"] + _numbered("adversary", c["num_adversaries"] - 1) + _numbered("agent", c["num_good"])


TASKS = {
    # task id: (env class, agent names for a config)
    "simple_v3": ("Simple", lambda c: ["agent_0"]),
    "simple_adversary_v3": ("SimpleAdversary", lambda c: ["adversary_0"] + _numbered("agent", c["N"])),
    "simple_crypto_v3": ("SimpleCrypto", lambda c: ["eve_0", "bob_0", "alice_0"]),
    "simple_push_v3": ("SimplePush", lambda c: ["adversary_0", "agent_0"]),
    "simple_reference_v3": ("SimpleReference", lambda c: ["agent_0", "agent_1"]),
    "simple_speaker_listener_v4": ("SimpleSpeakerListener", lambda c: ["speaker_0", "listener_0"]),
    "simple_spread_v3": ("SimpleSpread", lambda c: _numbered("agent", c["N"])),
    "simple_tag_v3": ("SimpleTag", _tag_agents),
    "simple_world_comm_v3": ("SimpleWorldComm", _world_comm_agents),
}

for _task_id, (_env, _agents) in TASKS.items():
    # max_num_players=0: as many players as the task's options give it agents
    register(_task_id, "mpe", _env, max_episode_steps=_CYCLES, max_num_players=0, prepare=_max_cycles,
             methods={"agent_names": _agents}, reference=_REF.format(_task_id))
