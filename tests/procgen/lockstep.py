"""Steps rlpool's Procgen pool and procgen's own ProcgenGym3Env side by side.

rlpool env i is ``ProcgenGym3Env(num=1, rand_seed=seed + i, num_threads=0)``
with the same options. Compared exactly, step for step: the observation (uint8),
the reward (float32 in both), the episode end (procgen's ``first`` flag after a
step is rlpool's ``terminated | truncated``), and the three info entries. When an
rlpool episode ends, rlpool's next step is the pool's autoreset (next_step mode):
its action is ignored, procgen is not stepped, and rlpool must return the frame
procgen already shows (libenv resets inside the ending step), reward 0,
elapsed_step 0.

envpool's max_episode_steps for a game is its usual timeout, but some modes
play longer (jumper's memory mode); rlpool truncates there, in mid-episode for
procgen. libenv cannot reset a game in mid-episode, so rlpool's env then makes a
new VecGame whose rand_seed is the next draw of MT19937(seed + i) (the first
32-bit output, top bit cleared): the reference does the same, so that path is
compared too.
"""

from __future__ import annotations

import numpy as np

import rlpool

# procgen's names for envpool's integer distribution modes.
MODE_NAMES = {0: "easy", 1: "hard", 2: "extreme", 10: "memory", 20: "exploration"}
INFO_KEYS = ("level_seed", "prev_level_seed", "prev_level_complete")


def reference_env(procgen, config: dict, rand_seed: int):
    options = {k: config[k] for k in ("center_agent", "use_backgrounds", "use_monochrome_assets", "restrict_themes",
                                      "use_generated_assets", "paint_vel_info", "use_sequential_levels")}
    mode = MODE_NAMES[config["distribution_mode"]]
    if mode != "exploration":  # procgen sets both itself there
        options.update(num_levels=config["num_levels"], start_level=config["start_level"])
    return procgen.ProcgenGym3Env(num=1, env_name=config["env_name"], distribution_mode=mode, rand_seed=rand_seed,
                                  num_threads=0, **options)


def as_hwc(obs: np.ndarray, channel_first: bool) -> np.ndarray:
    return obs.transpose(1, 2, 0) if channel_first else obs


def run(procgen, task_id: str, *, min_steps: int = 300, min_episodes: int = 1, num_envs: int = 1, seed: int = 0,
        action_seed: int = 0, **kwargs) -> dict:
    """Runs until every env has stepped min_steps procgen steps and ended
    min_episodes episodes; returns counts for the caller to check coverage."""
    env = rlpool.make(task_id, num_envs=num_envs, seed=seed, **kwargs)
    config = env.config
    channel_first = config["channel_first"]
    refs = [reference_env(procgen, config, seed + i) for i in range(num_envs)]
    # std::mt19937(seed) and legacy RandomState(seed) share MT19937's seeding and raw 32-bit outputs.
    reseeds = [np.random.RandomState(seed + i) for i in range(num_envs)]
    truncations = np.zeros(num_envs, int)
    rng = np.random.default_rng(action_seed)
    obs, info = env.reset()
    ref_frames = [ref.observe()[1]["rgb"][0] for ref in refs]
    for i in range(num_envs):
        np.testing.assert_array_equal(as_hwc(obs[i], channel_first), ref_frames[i], err_msg=f"{task_id} env {i} reset")
    steps = np.zeros(num_envs, int)
    episodes = np.zeros(num_envs, int)
    level_completions = np.zeros(num_envs, int)
    resetting = np.zeros(num_envs, bool)
    cap = config["max_episode_steps"] + min_steps + 10  # the game's timeout guarantees an end before this
    for t in range(cap * (min_episodes + 1)):
        if (steps >= min_steps).all() and (episodes >= min_episodes).all():
            break
        actions = rng.integers(0, 15, size=num_envs)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} env {i} step {t}"
            if resetting[i]:
                assert reward[i] == 0 and info["elapsed_step"][i] == 0 and not (terminated[i] or truncated[i]), where
                np.testing.assert_array_equal(as_hwc(obs[i], channel_first), ref.observe()[1]["rgb"][0], err_msg=where)
                resetting[i] = False
                continue
            ref.act(np.array([actions[i]]))
            ref_reward, ref_obs, ref_first = ref.observe()
            ref_info = ref.get_info()[0]
            steps[i] += 1
            if truncated[i] and not ref_first[0]:
                # rlpool's time limit, before procgen's own: the same step, then a fresh game.
                assert info["elapsed_step"][i] == config["max_episode_steps"] and not terminated[i], where
                assert reward[i] == ref_reward[0], where
                np.testing.assert_array_equal(as_hwc(obs[i], channel_first), ref_obs["rgb"][0], err_msg=where)
                refs[i] = reference_env(procgen, config, int(reseeds[i].randint(2**32, dtype=np.uint32)) & 0x7FFFFFFF)
                truncations[i] += 1
                episodes[i] += 1
                resetting[i] = True
                continue
            np.testing.assert_array_equal(as_hwc(obs[i], channel_first), ref_obs["rgb"][0], err_msg=where)
            assert reward[i] == ref_reward[0], (where, reward[i], ref_reward[0])
            done = bool(terminated[i] or truncated[i])
            assert done == bool(ref_first[0]), (where, terminated[i], truncated[i], ref_first[0])
            for key in INFO_KEYS:
                assert info[key][i] == int(ref_info[key]), (where, key, info[key][i], ref_info[key])
            if done:
                # procgen's timeout is envpool's max_episode_steps: truncation, not termination.
                assert truncated[i] == (info["elapsed_step"][i] >= config["max_episode_steps"]), where
                assert not (terminated[i] and truncated[i]), where
                episodes[i] += 1
                resetting[i] = True
            level_completions[i] += int(ref_info["prev_level_complete"]) if ref_first[0] else 0
    assert (steps >= min_steps).all() and (episodes >= min_episodes).all(), (task_id, steps, episodes)
    env.close()
    return {"steps": steps, "episodes": episodes, "level_completions": level_completions, "truncations": truncations}
