"""Procgen (rlpool._procgen, MIT): envpool 1.2.5's 50 ids, 16 games in their
distribution modes, stepped through procgen 0.10.7's own libenv.so.

Ids are ``<Game><Mode>-v0`` (``CoinrunEasy-v0``, ``MazeMemory-v0``, ...), each with
envpool's options and defaults and the game's own timeout as ``max_episode_steps``.
Env i is procgen's ``ProcgenGym3Env(num=1, rand_seed=seed + i)``; see
docs/procgen.md for how this differs from envpool's seeding and auto-reset.
"""

from ..registry import register

_REF = "procgen 0.10.7 ProcgenGym3Env(num=1, rand_seed=seed + i) (the same libenv.so)"

# procgen's DistributionMode values and envpool's id suffixes.
MODES = {0: "Easy", 1: "Hard", 2: "Extreme", 10: "Memory", 20: "Exploration"}

# (game, its own timeout = envpool's max_episode_steps, its modes), as envpool 1.2.5
# registers them; csrc/envs/procgen/games.h holds the same table for the checks.
GAMES = (
    ("bigfish", 6000, (0, 1)),
    ("bossfight", 4000, (0, 1)),
    ("caveflyer", 1000, (0, 1, 10, 20)),
    ("chaser", 1000, (0, 1, 2)),
    ("climber", 1000, (0, 1, 20)),
    ("coinrun", 1000, (0, 1, 20)),
    ("dodgeball", 1000, (0, 1, 2, 10)),
    ("fruitbot", 1000, (0, 1)),
    ("heist", 1000, (0, 1, 10, 20)),
    ("jumper", 1000, (0, 1, 10, 20)),
    ("leaper", 500, (0, 1, 2, 20)),
    ("maze", 500, (0, 1, 10, 20)),
    ("miner", 1000, (0, 1, 10)),
    ("ninja", 1000, (0, 1, 20)),
    ("plunder", 4000, (0, 1)),
    ("starpilot", 1000, (0, 1, 2)),
)


def task_id(game: str, mode: int) -> str:
    return f"{game.capitalize()}{MODES[mode]}-v0"


for _game, _timeout, _modes in GAMES:
    for _mode in _modes:
        register(task_id(_game, _mode), "procgen", "Procgen", reference=_REF, env_name=_game,
                 distribution_mode=_mode, max_episode_steps=_timeout)
