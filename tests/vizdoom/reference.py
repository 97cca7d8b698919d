"""The alignment reference: Python's vizdoom.DoomGame, configured as
rlpool's Vizdoom env configures its own (same cfg, wad, seed, mode, episode
timeout and added game variables), plus envpool's reward shaping written
out in plain Python, and helpers that find engine processes and /dev/shm
objects."""

from __future__ import annotations

import os

import numpy as np

INFO_VARIABLES = ("AMMO2", "AMMO3", "AMMO4", "AMMO5", "AMMO6", "AMMO7", "ARMOR", "DAMAGECOUNT", "DEATHCOUNT",
                  "FRAGCOUNT", "HEALTH", "HITCOUNT", "KILLCOUNT", "SELECTED_WEAPON", "SELECTED_WEAPON_AMMO", "USER2")
COUNTED_FROM_EPISODE_START = ("HITCOUNT", "DAMAGECOUNT", "DEATHCOUNT")


def reference_game(cfg_path: str, wad_path: str, seed: int, frame_skip: int = 4, max_episode_steps: int = 525):
    import vizdoom as vzd

    game = vzd.DoomGame()
    game.load_config(cfg_path)
    game.set_window_visible(False)
    game.set_mode(vzd.Mode.PLAYER)
    game.set_episode_timeout((max_episode_steps + 1) * frame_skip)
    game.set_doom_scenario_path(wad_path)
    game.set_seed(seed)
    game.set_doom_map("map01")
    for name in INFO_VARIABLES:
        game.add_available_game_variable(getattr(vzd.GameVariable, name))
    game.init()
    return game


# envpool 1.2.5's default reward_config / selected_weapon_reward_config.
REWARD_CONFIG = {
    "FRAGCOUNT": (1, -1.5), "KILLCOUNT": (1, 0), "DEATHCOUNT": (-0.75, 0.75), "HITCOUNT": (0.01, -0.01),
    "DAMAGECOUNT": (0.003, -0.003), "HEALTH": (0.005, -0.003), "ARMOR": (0.005, -0.001),
    **{f"WEAPON{i}": w for i, w in enumerate([(0.02, -0.01)] * 3 + [(0.1, -0.05)] * 3 + [(0.2, -0.1)] * 2)},
    **{f"AMMO{i}": w for i, w in enumerate([(0.0002, -0.0001)] * 3 + [(0.001, -0.0005)] * 3 + [(0.002, -0.001)] * 2)},
}
WEAPON_REWARD = {0: 0.0002, 1: 0.0002, 2: 0.0002, 3: 0.001, 4: 0.001, 5: 0.001, 6: 0.002, 7: 0.002}


class ReferenceInfo:
    """The reference's game variables as rlpool (and envpool) report them in
    info: HIT/DAMAGE/DEATHCOUNT counted from the episode's first state, a
    negative HEALTH replaced by the last sane one; and envpool's shaped
    reward from their changes (float32 sums, as envpool)."""

    def __init__(self, game, weapon_duration: int = 5):
        self.vars = list(game.get_available_game_variables())
        self.names = [v.name for v in self.vars]
        self.weapon_duration = weapon_duration
        self.base: dict[str, float] = {}
        self.last: list[float] = []
        self.held, self.held_steps = -1, 0

    def read(self, game, new_episode: bool) -> tuple[dict[str, float], float]:
        values = [game.get_game_variable(v) for v in self.vars]
        if new_episode:
            self.last = list(values)
            self.held, self.held_steps = -1, 0
            self.base = {n: values[i] for i, n in enumerate(self.names) if n in COUNTED_FROM_EPISODE_START}
            for i, n in enumerate(self.names):
                if n in self.base:
                    self.last[i] = 0.0
        for i, n in enumerate(self.names):
            if n in self.base:
                values[i] -= self.base[n]
        reward = np.float32(0.0)
        weapon, ammo = -1, 0
        for i, n in enumerate(self.names):
            delta = values[i] - self.last[i]
            if n == "DAMAGECOUNT":
                delta = min(delta, 200.0)
            elif n == "HITCOUNT":
                delta = min(delta, 5.0)
            elif n == "SELECTED_WEAPON":
                weapon = int(values[i])
            elif n == "SELECTED_WEAPON_AMMO":
                ammo = int(values[i])
            elif n == "HEALTH":
                if self.last[i] < 0 and values[i] < 0:
                    self.last[i] = values[i] = 100.0
                elif values[i] < 0:
                    values[i] = self.last[i]
                elif self.last[i] < 0:
                    self.last[i] = values[i]
                delta = values[i] - self.last[i]
            up, down = (float(np.float32(w)) for w in REWARD_CONFIG.get(n, (0.0, 0.0)))
            if delta >= 0:
                reward = np.float32(reward + np.float32(delta * up))
            else:
                reward = np.float32(reward - np.float32(delta * down))
        if weapon == self.held:
            self.held_steps += 1
        else:
            self.held, self.held_steps = weapon, 1
        if 0 <= weapon < 10 and self.held_steps >= self.weapon_duration and ammo > 0:
            reward = np.float32(float(reward) + float(np.float32(WEAPON_REWARD.get(weapon, 0.0))))
        self.last = values
        info = dict(zip(self.names, values))
        return {n: info.get(n, 0.0) for n in INFO_VARIABLES}, float(reward)


def screen(game) -> np.ndarray:
    """The reference's screen as (C, H, W), the layout rlpool's obs uses."""
    buf = game.get_state().screen_buffer
    return buf[None] if buf.ndim == 2 else buf


# --- processes and /dev/shm ---------------------------------------------------------------

def _cmdline(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def engine_processes(engine_path: str) -> set[int]:
    """Pids of every running ViZDoom engine started from `engine_path` or through rlpool's guard."""
    found = set()
    real = os.path.realpath(engine_path)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        args = _cmdline(int(entry))
        if args and (os.path.realpath(args[0]) == real or args[0].endswith("/vizdoom_guard")):
            with open(f"/proc/{entry}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue  # a zombie is dead, only not yet reaped
            found.add(int(entry))
    return found


def guards_of(parent: int) -> list[int]:
    """rlpool guard processes started for process `parent`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            args = _cmdline(int(entry))
            if args and args[0].endswith("/vizdoom_guard") and "-rlpool_parent" in args:
                if args[args.index("-rlpool_parent") + 1] == str(parent):
                    found.append(int(entry))
    return found


def shm_objects() -> set[str]:
    return {n for n in os.listdir("/dev/shm") if n.startswith("ViZDoom")}
