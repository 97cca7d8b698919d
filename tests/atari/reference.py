"""The alignment reference: ale-py's gymnasium env with gymnasium's own
Atari wrappers, set up as envpool's defaults describe, and the matching
rlpool pool."""

from __future__ import annotations

import ale_py
import gymnasium as gym
import numpy as np

import rlpool

gym.register_envs(ale_py)


def make_reference(game: str, *, gray: bool = True, sticky: float = 0.0, stack: int = 4, size: int = 84,
                   noop_max: int = 0):
    env = gym.make(f"ALE/{game}-v5", frameskip=1, repeat_action_probability=sticky)
    env = gym.wrappers.AtariPreprocessing(env, noop_max=noop_max, frame_skip=4, screen_size=size, grayscale_obs=gray)
    return gym.wrappers.FrameStackObservation(env, stack)


def make_rlpool(game: str, seed: int, *, gray: bool = True, sticky: float = 0.0, noop_max: int = 0, **kwargs):
    """The pool that plays what make_reference(...).reset(seed=seed) plays: rlpool
    derives the env's no-op generator and ALE's random_seed from the seed as
    ale-py's AtariEnv.seed_game does."""
    return rlpool.make(f"{game}-v5", env_type="gymnasium", num_envs=1, seed=seed, noop_max=noop_max,
                       use_fire_reset=False, gray_scale=gray, repeat_action_probability=sticky, **kwargs)


def as_reference_layout(obs: np.ndarray, gray: bool) -> np.ndarray:
    """rlpool's (stack*C, H, W) as the reference's (stack, H, W[, 3])."""
    if gray:
        return obs
    s, h, w = obs.shape
    return obs.reshape(s // 3, 3, h, w).transpose(0, 2, 3, 1)
