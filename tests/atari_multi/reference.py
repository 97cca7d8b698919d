"""The alignment reference: PettingZoo 1.27's own Atari ParallelEnv (on
multi-agent-ale-py 0.1.12, ROMs from ale-py) and, for envpool's
preprocessing, gymnasium's own AtariPreprocessing and FrameStackObservation
around it, as tests/atari/ uses them around ale-py."""

from __future__ import annotations

import importlib
import warnings

import gymnasium as gym
import numpy as np

from rlpool.tasks.atari import roms_dir
from rlpool.tasks.atari_multi import GAMES

# The options that make rlpool's pipeline PettingZoo's bare frames.
RAW = dict(frame_skip=1, stack_num=1, img_height=210, img_width=160, gray_scale=False, noop_max=0)


def pettingzoo_env(task_id: str, sticky: float = 0.0, **kwargs):
    """PettingZoo's parallel_env of a task, on ale-py's ROMs. PettingZoo fixes
    repeat_action_probability at 0; another value is set on its ALE before
    the seeded reset, which reloads the ROM with it."""
    module = GAMES[task_id][0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        env = importlib.import_module(f"pettingzoo.atari.{module}").parallel_env(
            auto_rom_install_path=roms_dir(), **kwargs)
    if sticky:
        inner(env).ale.setFloat(b"repeat_action_probability", sticky)
    return env


def inner(env):
    """The ParallelAtariEnv under PettingZoo's parallel -> AEC -> parallel wrappers."""
    while not hasattr(env, "ale"):
        env = env.aec_env if hasattr(env, "aec_env") else env.env
    return env


class PlayersAsGym(gym.Env):
    """A PettingZoo Atari ParallelEnv as the gymnasium Env that gymnasium's
    Atari wrappers expect: an action is one per player (a scalar is the
    no-op of AtariPreprocessing's resets: ALE's NOOP for all), the reward the
    players' array (0 for an agent no longer in ``agents``), ``ale`` the env's
    own emulator. Only the live agents' actions reach PettingZoo, and the
    episode ends when no agent is left (game over ends every agent).
    ``terminations`` holds every agent that ended since the reset, over every
    emulator frame of a skip. The no-op counts are drawn from ``np_random``,
    seeded by ``reset(seed=s)`` (numpy's default_rng(s)) and continued by
    later resets."""

    _frameskip = 1

    def __init__(self, env) -> None:
        self.pz = env
        self.ale = inner(env).ale
        self.agents = list(env.possible_agents)
        self.observation_space = env.observation_space(self.agents[0])
        self.action_space = gym.spaces.MultiDiscrete([env.action_space(a).n for a in self.agents])
        self.terminations = dict.fromkeys(self.agents, False)

    def get_action_meanings(self):
        return ["NOOP"]  # what step() plays for AtariPreprocessing's scalar no-op

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        obs, _ = self.pz.reset(seed=seed)
        self.terminations = dict.fromkeys(self.agents, False)
        return obs[self.agents[0]], {}

    def step(self, action):
        if np.isscalar(action):
            # AtariPreprocessing's no-op: ALE's NOOP for every player, even
            # where the minimal set's index 0 is another action (Video
            # Checkers, Wizard of Wor), as rlpool's no-op resets play it.
            base = inner(self.pz)
            mapping = base.action_mapping
            base.action_mapping = np.zeros_like(mapping)
            try:
                return self._step([0] * len(self.agents))
            finally:
                base.action_mapping = mapping
        return self._step(action)

    def _step(self, actions):
        obs, rew, term, trunc, _ = self.pz.step({a: int(x) for a, x in zip(self.agents, actions) if a in self.pz.agents})
        for a, ended in term.items():
            self.terminations[a] |= ended
        reward = np.array([rew.get(a, 0) for a in self.agents], dtype=np.float64)
        # Every agent gets the same screen; PettingZoo returns none when none is live.
        frame = next(iter(obs.values()))
        return frame, reward, not self.pz.agents, any(trunc.values()), {}


def preprocessed_reference(task_id: str, *, gray: bool = True, sticky: float = 0.0, stack: int = 4,
                           size: tuple[int, int] = (84, 84), noop_max: int = 30, frame_skip: int = 4):
    env = PlayersAsGym(pettingzoo_env(task_id, sticky))
    env = gym.wrappers.AtariPreprocessing(env, noop_max=noop_max, frame_skip=frame_skip, screen_size=size,
                                          grayscale_obs=gray)
    return gym.wrappers.FrameStackObservation(env, stack)


def as_reference_layout(obs: np.ndarray, gray: bool) -> np.ndarray:
    """rlpool's (stack*C, H, W) as the reference's (stack, H, W[, 3])."""
    if gray:
        return obs
    s, h, w = obs.shape
    return obs.reshape(s // 3, 3, h, w).transpose(0, 2, 3, 1)
