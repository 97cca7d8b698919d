"""The gymnasium env the benchmark runs for a ViZDoom task in gymnasium's
vector envs: Python's vizdoom.DoomGame doing the work rlpool's Vizdoom env
does (the same scenario and seed, frame_skip 4, the 84x84 INTER_AREA screen
through cv2 and a 4-frame stack, one value per button), so a subprocess per
env (AsyncVectorEnv) is compared with rlpool's and envpool's pools."""

from __future__ import annotations

import collections

import gymnasium
import numpy as np

ENV_ID_PREFIX = "rlpool-bench/"


class VizdoomReference(gymnasium.Env):
    def __init__(self, cfg_path: str, wad_path: str, frame_skip: int = 4, stack_num: int = 4, size: int = 84,
                 max_episode_steps: int = 525):
        import vizdoom as vzd

        self.game = vzd.DoomGame()
        self.game.load_config(cfg_path)
        self.game.set_doom_scenario_path(wad_path)
        self.game.set_window_visible(False)
        self.game.set_mode(vzd.Mode.PLAYER)
        self.game.set_episode_timeout((max_episode_steps + 1) * frame_skip)
        self.frame_skip, self.size = frame_skip, size
        channels = self.game.get_screen_channels()
        self.frames = collections.deque(maxlen=stack_num)
        self.observation_space = gymnasium.spaces.Box(0, 255, (stack_num * channels, size, size), np.uint8)
        n = self.game.get_available_buttons_size()
        self.action_space = gymnasium.spaces.Box(-np.inf, np.inf, (n,), np.float64)
        self.started = False

    def _frame(self) -> np.ndarray:
        import cv2

        buf = self.game.get_state().screen_buffer
        planes = buf[None] if buf.ndim == 2 else buf
        return np.stack([cv2.resize(p, (self.size, self.size), interpolation=cv2.INTER_AREA) for p in planes])

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if not self.started:
            if seed is not None:
                self.game.set_seed(int(seed))
            self.game.init()
            self.started = True
        else:
            self.game.new_episode()
        frame = self._frame()
        self.frames.extend([frame] * self.frames.maxlen)
        return np.concatenate(self.frames), {}

    def step(self, action):
        self.game.set_action(np.asarray(action, dtype=np.float64).tolist())
        self.game.advance_action(self.frame_skip, True)
        reward = self.game.get_last_reward()
        terminated = self.game.is_episode_finished()
        if not terminated:
            self.frames.append(self._frame())
        return np.concatenate(self.frames), reward, terminated, False, {}

    def close(self):
        self.game.close()


def register(task_id: str, cfg_path: str, wad_path: str, max_episode_steps: int) -> str:
    """Registers (once) and returns the gymnasium id of the reference for `task_id`."""
    gym_id = ENV_ID_PREFIX + task_id
    if gym_id not in gymnasium.registry:
        gymnasium.register(
            gym_id,
            entry_point=f"{__name__}:VizdoomReference",
            kwargs={"cfg_path": cfg_path, "wad_path": wad_path, "max_episode_steps": max_episode_steps},
            max_episode_steps=max_episode_steps,
            disable_env_checker=True,
        )
    return gym_id
