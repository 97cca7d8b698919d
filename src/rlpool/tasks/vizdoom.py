"""ViZDoom scenarios (rlpool._vizdoom, GPL-2.0): envpool 1.2.5's 21 ids with
its options and defaults.

The 16 standard scenarios (``Basic-v1`` ... ``TakeCover-v1``) use the .cfg and
.wad files the pinned vizdoom wheel ships; the four Direct Future Prediction
maps (``D1Basic-v1`` ... ``D4Battle2-v1``) exist only in PyPI's
``envpool-assets`` and are registered when that package is installed;
``VizdoomCustom-v1`` takes ``cfg_path``/``wad_path``. Packages are located
without being imported.
"""

from __future__ import annotations

import os

from ..packages import package_dir
from ..registry import register

_REF = "vizdoom.DoomGame (the same cfg, seed, frame_skip and actions) + envpool's reward shaping"


def scenarios_dir() -> str:
    """The vizdoom wheel's scenario folder ('' when vizdoom is not installed)."""
    base = package_dir("vizdoom")
    return os.path.join(base, "scenarios") if base else ""


def dfp_maps_dir() -> str:
    """envpool-assets' ViZDoom map folder, home of the D1-D4 maps ('' if absent)."""
    base = package_dir("envpool_assets")
    return os.path.join(base, "vizdoom", "maps") if base else ""


def task_name(scenario: str) -> str:
    """envpool's id stem: ``defend_the_center`` -> ``DefendTheCenter``, ``D1_basic`` -> ``D1Basic``."""
    return "".join(part.capitalize() for part in scenario.split("_"))


# envpool 1.2.5's scenario list (every .cfg with a .wad of the same name).
SCENARIOS = (
    "basic", "basic_audio", "basic_notifications", "cig", "deadly_corridor", "deathmatch",
    "defend_the_center", "defend_the_line", "health_gathering", "health_gathering_supreme",
    "multi_duel", "my_way_home", "predict_position", "rocket_basic", "simpler_basic", "take_cover",
)
DFP_SCENARIOS = ("D1_basic", "D2_navigation", "D3_battle", "D4_battle2")


def _register_all() -> None:
    for folder, names in ((scenarios_dir(), SCENARIOS), (dfp_maps_dir(), DFP_SCENARIOS)):
        if not folder:
            continue
        for scenario in names:
            cfg = os.path.join(folder, f"{scenario}.cfg")
            wad = os.path.join(folder, f"{scenario}.wad")
            if os.path.exists(cfg) and os.path.exists(wad):
                register(f"{task_name(scenario)}-v1", "vizdoom", "Vizdoom", reference=_REF,
                         cfg_path=cfg, wad_path=wad, max_episode_steps=525)
    register("VizdoomCustom-v1", "vizdoom", "Vizdoom", reference=_REF, max_episode_steps=525)


_register_all()
