"""Multiplayer Atari games (rlpool._atari_multi, GPL-2.0-only): PettingZoo
1.27's Atari envs, two and four players, aligned with them.

ale-py's ALE, which rlpool._atari links, has no multiplayer calls; these run
on the Multi-Agent ALE that PettingZoo uses, the ``libale_c.so`` of the
``multi-agent-ale-py`` wheel, opened at run time (``pip install
"rlpool[atari-multi]"``). ROMs are ale-py's, the files PettingZoo loads
through ``auto_rom_install_path``. Ids: ``<Game><players>P-v<PettingZoo's version>``;
the game mode and player count are PettingZoo's defaults, the preprocessing
envpool's.
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
# PettingZoo's agent names, in the Multi-Agent ALE's player order.
_AGENTS = ["first_0", "second_0", "third_0", "fourth_0"]

# task id: (PettingZoo module, ROM, PettingZoo's default mode (-1: the first
# mode of that many players), MD5 of ale-py's ROM (the file the Multi-Agent
# ALE knows), PettingZoo's default number of players).
_MD5_PONG = "60e0ea3cbe0913d39803477945e9e5ec"
_MD5_COMBAT = "0ef64cdbecccb7049752a3de0b7ade14"
_MD5_ENTOMBED = "6b683be69f92958abe0e2a9945157ad5"
GAMES = {
    "Pong2P-v3": ("pong_v3", "pong", 4, _MD5_PONG, 2),
    "Boxing2P-v2": ("boxing_v2", "boxing", -1, "c3ef5c4653212088eda54dc91d787870", 2),
    "Tennis2P-v3": ("tennis_v3", "tennis", -1, "42cdd6a9e42a3639e190722b8ea3fc51", 2),
    "SpaceInvaders2P-v2": ("space_invaders_v2", "space_invaders", 34, "72ffbef6504b75e69ee1045af9075f66", 2),
    "Surround2P-v2": ("surround_v2", "surround", -1, "4d7517ae69f95cfbc053be01312b7dba", 2),
    "BasketballPong2P-v3": ("basketball_pong_v3", "pong", 45, _MD5_PONG, 2),
    # combat_plane: bi-plane with guided missiles; combat_tank: maze, visible, billiard hits.
    "CombatPlane2P-v2": ("combat_plane_v2", "combat", 15, _MD5_COMBAT, 2),
    "CombatTank2P-v2": ("combat_tank_v2", "combat", 9, _MD5_COMBAT, 2),
    "DoubleDunk2P-v3": ("double_dunk_v3", "double_dunk", -1, "368d88a6c071caba60b4f778615aae94", 2),
    "EntombedCompetitive2P-v3": ("entombed_competitive_v3", "entombed", 2, _MD5_ENTOMBED, 2),
    "EntombedCooperative2P-v3": ("entombed_cooperative_v3", "entombed", 3, _MD5_ENTOMBED, 2),
    "FlagCapture2P-v2": ("flag_capture_v2", "flag_capture", -1, "30512e0e83903fc05541d2f6a6a62654", 2),
    "Foozpong4P-v3": ("foozpong_v3", "pong", 21, _MD5_PONG, 4),
    "IceHockey2P-v2": ("ice_hockey_v2", "ice_hockey", -1, "a4c08c4994eb9d24fb78be1793e82e26", 2),
    "Joust2P-v3": ("joust_v3", "joust", -1, "3276c777cbe97cdd2b4a63ffc16b7151", 2),
    "MarioBros2P-v3": ("mario_bros_v3", "mario_bros", -1, "e908611d99890733be31733a979c62d8", 2),
    # maze_craze: "robbers", full visibility.
    "MazeCraze2P-v3": ("maze_craze_v3", "maze_craze", 4, "ed2218b3075d15eaa34e3356025ccca3", 2),
    "Othello2P-v3": ("othello_v3", "othello", -1, "113cd09c9771ac278544b7e90efe7df2", 2),
    "Quadrapong4P-v4": ("quadrapong_v4", "pong", 33, _MD5_PONG, 4),
    "SpaceWar2P-v2": ("space_war_v2", "space_war", -1, "b702641d698c60bcdc922dbd8c9dd49c", 2),
    "VideoCheckers2P-v4": ("video_checkers_v4", "video_checkers", -1, "539d26b6e9df0da8e7465f0f5ad863b7", 2),
    "VolleyballPong4P-v3": ("volleyball_pong_v3", "pong", 41, _MD5_PONG, 4),
    "Warlords4P-v3": ("warlords_v3", "warlords", -1, "cbe5a166550a8129a5e6d374901dffad", 4),
    "WizardOfWor2P-v3": ("wizard_of_wor_v3", "wizard_of_wor", -1, "7e8aa18bc9502eb57daaf5e7c1e94da7", 2),
}
_MD5 = {rom: md5 for _, rom, _, md5, _ in GAMES.values()}


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
            f"multiplayer Atari runs on the Multi-Agent ALE of multi-agent-ale-py, which was not found "
            f"(ale_library={lib!r}); pip install multi-agent-ale-py==0.1.12 (or \"rlpool[atari-multi]\")"
        )
    task = config["task"]
    if task not in _MD5:
        raise ValueError(f"task {task!r} is not a multiplayer Atari game rlpool serves; one of {sorted(_MD5)}")
    rom = os.path.join(config["roms_dir"], f"{task}.bin")
    try:
        with open(rom, "rb") as f:
            md5 = hashlib.md5(f.read()).hexdigest()
    except OSError as e:
        raise ValueError(f"cannot read the ROM {rom} ({e.strerror}); roms_dir must be ale-py's ROM folder "
                         "(pip install ale-py)") from None
    if md5 != _MD5[task]:
        raise ValueError(f"{rom} is not the {task} ROM ale-py ships (MD5 {md5}, expected {_MD5[task]})")


def _agent_names(config: dict[str, Any]) -> list[str]:
    return _AGENTS[: config["num_players"]]


for _task_id, (_module, _rom, _mode, _, _players) in GAMES.items():
    register(_task_id, "atari_multi", "AtariMulti", reference=_REF.format(_module), task=_rom, mode=_mode,
             num_players=_players, roms_dir=roms_dir(), ale_library=ale_library(), max_episode_steps=27000,
             max_num_players=0, prepare=_check, methods={"agent_names": _agent_names})
