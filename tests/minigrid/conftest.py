import minigrid  # noqa: F401  (registers its ids with gymnasium)
import numpy as np
import pytest

import rlpool
from rlpool.tasks.minigrid import babyai_mission

EXTRA_STEPS = 10  # steps compared into the episode after the first one


def mission_text(row):
    return bytes(row).rstrip(b"\0").decode()


def encode_grid(grid):
    """minigrid's ``Grid.encode()`` in one pass over its cells (row-major), about
    10x faster than its per-cell numpy writes; test_encode_grid_is_minigrids
    checks the two agree."""
    cells = [(1, 0, 0) if o is None else o.encode() for o in grid.grid]
    return np.array(cells, np.uint8).reshape(grid.height, grid.width, 3).transpose(1, 0, 2)


def _equal(where, what, ours, ref):
    if not np.array_equal(ours, ref):  # (the fast check first; the detailed report only on a mismatch)
        np.testing.assert_array_equal(ours, ref, err_msg=f"{where}: {what}")


def compare_state(where, ref, ref_obs, obs, info, i):
    """One env's rlpool output row against minigrid's env `ref` and its last
    observation `ref_obs` (exact, integers)."""
    _equal(where, "grid", info["grid"][i], encode_grid(ref.grid))
    assert tuple(info["agent_pos"][i]) == tuple(int(v) for v in ref.agent_pos), f"{where}: agent_pos"
    assert int(obs["direction"][i]) == ref.agent_dir, f"{where}: direction"
    assert mission_text(obs["mission"][i]) == ref.mission, f"{where}: mission"
    if info["mission_id"].ndim == 2:  # BabyAI: the id spells the mission out
        assert babyai_mission(info["mission_id"][i]) == ref.mission, f"{where}: mission_id"
    _equal(where, "image", obs["image"][i], ref_obs["image"])


def run_lockstep(task_id, seeds, max_first_episode=300, extra_steps=EXTRA_STEPS):
    """Steps `gymnasium.make(task_id)` (minigrid 3.2.0) and a pool of len(seeds)
    rlpool envs side by side, same seeds, same random actions: the first episode
    to its end (or `max_first_episode` steps, then a reset without a seed on both
    sides), then `extra_steps` into the next one (rlpool's next_step autoreset vs
    minigrid's reset() without a seed: both continue the same generator). After
    the reset and every step: grid, agent pose, mission, image, reward
    (float32, atol 1e-6), terminated and truncated equal. Returns steps compared."""
    import gymnasium as gym

    n = len(seeds)
    refs = [gym.make(task_id).unwrapped for _ in seeds]
    env = rlpool.make(task_id, num_envs=n, env_seed=list(seeds), debug_grid=True)
    obs, info = env.reset()
    for i, (ref, seed) in enumerate(zip(refs, seeds)):
        ref_obs, _ = ref.reset(seed=seed)
        compare_state(f"{task_id} seed {seed} reset", ref, ref_obs, obs, info, i)
    rng = np.random.default_rng(seeds[0])
    # phase 0: first episode; 1: waiting for the autoreset; 2: next episode; 3: done
    phase = [0] * n
    steps = [0] * n
    compared = 0
    while min(phase) < 3:
        actions = rng.integers(0, 7, size=n)
        obs, rew, term, trunc, info = env.step(actions)
        for i, (ref, seed) in enumerate(zip(refs, seeds)):
            where = f"{task_id} seed {seed} phase {phase[i]} step {steps[i]} action {actions[i]}"
            if phase[i] == 3:
                continue
            if phase[i] == 1:  # rlpool's autoreset step: minigrid's reset()
                ref_obs, _ = ref.reset()
                compare_state(where + " (autoreset)", ref, ref_obs, obs, info, i)
                phase[i], steps[i] = 2, 0
                continue
            ref_obs, ref_rew, ref_term, ref_trunc, _ = ref.step(int(actions[i]))
            steps[i] += 1
            compared += 1
            compare_state(where, ref, ref_obs, obs, info, i)
            assert abs(float(rew[i]) - float(ref_rew)) <= 1e-6, f"{where}: reward {rew[i]} vs {ref_rew}"
            assert bool(term[i]) == bool(ref_term), f"{where}: terminated {term[i]} vs {ref_term}"
            assert bool(trunc[i]) == bool(ref_trunc), f"{where}: truncated {trunc[i]} vs {ref_trunc}"
            if phase[i] == 0 and (ref_term or ref_trunc):
                phase[i] = 1
            elif phase[i] == 0 and steps[i] >= max_first_episode:
                # cut a long episode: a reset without a seed on both sides
                ref_obs, _ = ref.reset()
                o, inf = env.reset(np.array([i]))
                compare_state(where + " (cut)", ref, ref_obs, o, inf, 0)
                phase[i], steps[i] = 2, 0
            elif phase[i] == 2 and (steps[i] >= extra_steps or ref_term or ref_trunc):
                phase[i] = 3
    env.close()
    return compared


@pytest.fixture
def lockstep():
    return run_lockstep
