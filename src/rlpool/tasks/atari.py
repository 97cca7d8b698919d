"""Atari 2600 games on ALE (rlpool._atari, GPL-2.0-only), one ``<Game>-v5``
id per ROM the installed ale-py ships, with envpool's options and defaults.

The ROM list and folder are read from the ale-py package without importing
it (importing ale_py loads its own copy of ALE and registers gymnasium ids).
"""

from __future__ import annotations

import importlib.util
import json
import os

from ..registry import register

_REF = "ale-py ALE/<Game>-v5 (frameskip=1) + gymnasium AtariPreprocessing + FrameStackObservation"
# ROMs with no single-player game; ale-py registers no v5 id for them either.
_MULTIPLAYER_ONLY = {"combat", "joust", "maze_craze", "warlords"}
# Where envpool spells a game's id differently from ale-py, both are accepted.
_ENVPOOL_SPELLING = {"tic_tac_toe_3d": "TicTacToe3d-v5"}


def roms_dir() -> str:
    """The folder holding ale-py's ROMs (ALE_ROMS_DIR overrides it, as in ale-py)."""
    override = os.environ.get("ALE_ROMS_DIR")
    if override:
        return override
    spec = importlib.util.find_spec("ale_py")
    if spec is None or not spec.submodule_search_locations:
        return ""
    return os.path.join(list(spec.submodule_search_locations)[0], "roms")


def rom_ids(folder: str) -> list[str]:
    """ROM ids (snake_case) that ale-py ships in ``folder``."""
    try:
        with open(os.path.join(folder, "md5.json")) as f:
            names = json.load(f)
    except OSError:
        return []
    return sorted(name[: -len(".bin")] for name in names if name.endswith(".bin"))


def task_name(rom: str) -> str:
    """ale-py's CamelCase game name: ``space_invaders`` -> ``SpaceInvaders``."""
    return rom.title().replace("_", "")


def _register_all() -> None:
    folder = roms_dir()
    for rom in rom_ids(folder):
        if rom in _MULTIPLAYER_ONLY:
            continue
        ids = [f"{task_name(rom)}-v5"]
        if rom in _ENVPOOL_SPELLING:
            ids.append(_ENVPOOL_SPELLING[rom])
        for task_id in ids:
            _register_rom(task_id, rom, folder)


def _register_rom(task_id: str, rom: str, folder: str) -> None:
    register(task_id, "atari", "Atari", reference=_REF, task=rom, roms_dir=folder, max_episode_steps=27000)


_register_all()
