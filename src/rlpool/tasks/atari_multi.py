"""Two-player Atari games (rlpool._atari_multi, GPL-2.0-only), aligned with
PettingZoo 1.27's Atari envs.

ale-py's ALE, which rlpool._atari links, has no multiplayer calls; these run
on the Multi-Agent ALE that PettingZoo uses, the ``libale_c.so`` of the
``multi-agent-ale-py`` wheel, opened at run time (``pip install
"rlpool[atari-multi]"``). ROMs are ale-py's, the files PettingZoo loads
through ``auto_rom_install_path``. Ids: ``<Game>2P-v<PettingZoo's version>``;
the game mode is PettingZoo's default, the preprocessing envpool's.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from ..packages import package_dir
from ..registry import register
from .atari import roms_dir

_REF = ("PettingZoo 1.27 pettingzoo.atari.{} (multi-agent-ale-py 0.1.12) + gymnasium AtariPreprocessing + "
        "FrameStackObservation")
_AGENTS = ["first_0", "second_0"]

# task id: (PettingZoo module, ROM, PettingZoo's default mode (-1: the first
# two-player mode), MD5 of ale-py's ROM, the file the Multi-Agent ALE knows).
GAMES = {
    "Pong2P-v3": ("pong_v3", "pong", 4, "60e0ea3cbe0913d39803477945e9e5ec"),
    "Boxing2P-v2": ("boxing_v2", "boxing", -1, "c3ef5c4653212088eda54dc91d787870"),
    "Tennis2P-v3": ("tennis_v3", "tennis", -1, "42cdd6a9e42a3639e190722b8ea3fc51"),
    "SpaceInvaders2P-v2": ("space_invaders_v2", "space_invaders", 34, "72ffbef6504b75e69ee1045af9075f66"),
    "Surround2P-v2": ("surround_v2", "surround", -1, "4d7517ae69f95cfbc053be01312b7dba"),
}
_MD5 = {rom: md5 for _, rom, _, md5 in GAMES.values()}


def ale_library() -> str:
    """multi-agent-ale-py's libale_c.so ('' when the package is not installed)."""
    base = package_dir("multi_agent_ale_py")
    return os.path.join(base, "libale_c.so") if base else ""


def _check(config: dict[str, Any]) -> None:
    """The library exists and the ROM is the file it knows: it ends the
    process on a ROM it cannot read, so a wrong file is refused here."""
    lib = config["ale_library"]
    if not lib or not os.path.exists(lib):
        raise ImportError(
            f"two-player Atari runs on the Multi-Agent ALE of multi-agent-ale-py, which was not found "
            f"(ale_library={lib!r}); pip install multi-agent-ale-py==0.1.12 (or \"rlpool[atari-multi]\")"
        )
    task = config["task"]
    if task not in _MD5:
        raise ValueError(f"task {task!r} is not a two-player game rlpool serves; one of {sorted(_MD5)}")
    rom = os.path.join(config["roms_dir"], f"{task}.bin")
    try:
        with open(rom, "rb") as f:
            md5 = hashlib.md5(f.read()).hexdigest()
    except OSError as e:
        raise ValueError(f"cannot read the ROM {rom} ({e.strerror}); roms_dir must be ale-py's ROM folder "
                         "(pip install ale-py)") from None
    if md5 != _MD5[task]:
        raise ValueError(f"{rom} is not the {task} ROM ale-py ships (MD5 {md5}, expected {_MD5[task]})")


for _task_id, (_module, _rom, _mode, _) in GAMES.items():
    register(_task_id, "atari_multi", "AtariMulti", reference=_REF.format(_module), task=_rom, mode=_mode,
             roms_dir=roms_dir(), ale_library=ale_library(), max_episode_steps=27000, max_num_players=0,
             prepare=_check, methods={"agent_names": lambda c: list(_AGENTS)})
