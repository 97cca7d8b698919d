"""MPE vs mpe2 1.1.1 itself, from the same seed, stepped side by side.

rlpool env i of a pool seeded s plays mpe2's ``parallel_env(...).reset(seed=s + i)``
episode: both draw the same numbers from numpy's PCG64, and autoresets
continue the generator as mpe2's ``reset()`` without a seed does. Both take the
same random actions (continuous ones also outside [0, 1], which both clip) for
several whole episodes, through rlpool's gymnasium face (envpool's flat player
rows) so that its layout is checked too.

Tolerance: none. Observations equal mpe2's float32 observations bit for bit;
rewards equal mpe2's float64 rewards cast to float32 (rlpool's reward dtype)
bit for bit; truncation and termination equal, step for step.
"""

import importlib

import numpy as np
import pytest

import rlpool

# (rlpool task id, mpe2 module, options given to both)
TASKS = ["simple_v3", "simple_adversary_v3", "simple_crypto_v3", "simple_push_v3", "simple_reference_v3",
         "simple_speaker_listener_v4", "simple_spread_v3", "simple_tag_v3", "simple_world_comm_v3"]
CASES = (
    [(t, {}) for t in TASKS]
    + [(t, {"continuous_actions": True}) for t in TASKS]
    + [
        ("simple_spread_v3", {"N": 5, "local_ratio": 0.2, "max_cycles": 10}),
        ("simple_spread_v3", {"terminate_on_success": True, "N": 1}),
        ("simple_adversary_v3", {"N": 4}),
        ("simple_reference_v3", {"local_ratio": 0.9}),
        ("simple_tag_v3", {"num_good": 2, "num_adversaries": 4, "num_obstacles": 3, "terminate_on_success": True}),
        ("simple_world_comm_v3", {"num_good": 3, "num_adversaries": 2, "num_obstacles": 2, "num_food": 3,
                                  "num_forests": 1}),
    ]
)
SEED = 11
EPISODES = 3


def reference(task_id: str, options: dict, seed: int):
    env = importlib.import_module(f"mpe2.{task_id}").parallel_env(**options)
    obs, _ = env.reset(seed=seed)
    return env, obs


def actions_for(ref, rng: np.random.Generator) -> dict:
    out = {}
    for agent in ref.possible_agents:
        space = ref.action_space(agent)
        if hasattr(space, "n"):
            out[agent] = int(rng.integers(space.n))
        else:
            out[agent] = rng.uniform(-0.2, 1.2, space.shape).astype(np.float32)
    return out


def stacked(per_agent: dict, agents: list, width: int) -> np.ndarray:
    rows = np.zeros((len(agents), width), np.float32)
    for i, a in enumerate(agents):
        rows[i, : len(per_agent[a])] = per_agent[a]
    return rows


@pytest.mark.parametrize("task_id,options", CASES, ids=[f"{t}-{o}" for t, o in CASES])
def test_same_seed_same_episodes(task_id, options):
    num_envs = 2
    env = rlpool.make(task_id, num_envs=num_envs, seed=SEED, **options)
    players = env.spec.fields["num_players"]
    refs = [reference(task_id, options, SEED + i) for i in range(num_envs)]
    agents = refs[0][0].possible_agents
    assert len(agents) == players
    width = env.single_observation_space.shape[0]
    obs, info = env.reset()
    for i, (_, robs) in enumerate(refs):
        np.testing.assert_array_equal(obs[i * players : (i + 1) * players], stacked(robs, agents, width))
    rng = np.random.default_rng(0)
    cycles = options.get("max_cycles", 25)
    for _ in range(EPISODES):
        for t in range(cycles):
            acts = [actions_for(ref, rng) for ref, _ in refs]
            if isinstance(acts[0][agents[0]], int):
                flat = np.array([a[ag] for a in acts for ag in agents])
            else:  # each agent's Box action, zero-padded to the pool's width
                flat = np.zeros((num_envs * players,) + env.single_action_space.shape, np.float32)
                for row, (a, ag) in enumerate((a, ag) for a in acts for ag in agents):
                    flat[row, : len(a[ag])] = a[ag]
            obs, reward, terminated, truncated, info = env.step(flat)
            for i, (ref, _) in enumerate(refs):
                robs, rrew, rterm, rtrunc, _ = ref.step(acts[i])
                rows = slice(i * players, (i + 1) * players)
                np.testing.assert_array_equal(obs[rows], stacked(robs, agents, width), err_msg=f"step {t}, env {i}")
                np.testing.assert_array_equal(reward[rows], np.array([rrew[a] for a in agents], np.float32))
                np.testing.assert_array_equal(truncated[rows], [rtrunc[a] for a in agents])
                np.testing.assert_array_equal(terminated[rows], [rterm[a] for a in agents])
        assert truncated.all()
        # rlpool's next step starts the next episode; mpe2's reset() without a seed does.
        obs, reward, _, _, info = env.step(flat)
        assert (info["elapsed_step"] == 0).all() and (reward == 0).all()
        for i, (ref, _) in enumerate(refs):
            robs, _ = ref.reset()
            np.testing.assert_array_equal(obs[i * players : (i + 1) * players], stacked(robs, agents, width))
    env.close()
