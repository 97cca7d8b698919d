"""MiniGrid, seed-exact against ``minigrid==3.2.0``: env i seeded with ``seed + i``
builds what ``gymnasium.make(id).reset(seed=seed + i)`` builds, and each autoreset
continues the same generator (a reset without a seed).

Options beyond the level's own: ``full_obs=True`` (the image is the whole grid
with the agent drawn in, as ``FullyObsWrapper``), ``img_only=True`` (the
observation is the image alone, as ``ImgObsWrapper``), ``debug_grid=True``
(``info["grid"]`` is the world's ``Grid.encode()``), ``mission_bytes`` (96, as
envpool). The time limit is each level's own ``max_steps``.
"""

from ..registry import register


def babyai_mission(mission_id) -> str:
    """The mission text a BabyAI ``info["mission_id"]`` row stands for.

    A BabyAI mission is generated from a grammar, and the seq levels (BossLevel,
    ...) can state about 2.5e19 of them, more than an int64 can index; so the id
    is five int32 parts, ``[form, clause_0, clause_1, clause_2, clause_3]``:
    ``form`` (0..9) says how the clauses join (" and ", ", then ", " after you "),
    each clause (0..123549) indexes the enumeration of "go to / open / pick up
    D" and "put D next to D" over descriptions D (article, colour, type,
    location), and unused slots hold -1. Equal missions have equal ids.
    csrc/envs/minigrid/babyai_mission.h defines the enumeration.
    """
    from .._minigrid import babyai_mission as decode

    return decode([int(v) for v in mission_id])

_REF = "minigrid 3.2.0"


def _minigrid(task_id: str, env_name: str, max_steps: int, **options) -> None:
    register(task_id, "minigrid", "MiniGrid", env_name=env_name, max_steps=max_steps, max_episode_steps=max_steps,
             reference=_REF, **options)


for _n in (5, 6, 8, 16):
    _minigrid(f"MiniGrid-Empty-{_n}x{_n}-v0", "empty", 4 * _n * _n, size=_n)
    _minigrid(f"MiniGrid-DoorKey-{_n}x{_n}-v0", "doorkey", 10 * _n * _n, size=_n)
for _n in (5, 6):
    _minigrid(f"MiniGrid-Empty-Random-{_n}x{_n}-v0", "empty", 4 * _n * _n, size=_n, random_start=True)
_minigrid("MiniGrid-FourRooms-v0", "fourrooms", 100)
for _n in (5, 6, 7):
    _minigrid(f"MiniGrid-LavaGapS{_n}-v0", "lavagap", 4 * _n * _n, size=_n)
for _s, _k in ((9, 1), (9, 2), (9, 3), (11, 5)):
    _minigrid(f"MiniGrid-LavaCrossingS{_s}N{_k}-v0", "crossing", 4 * _s * _s, size=_s, num_crossings=_k)
    _minigrid(f"MiniGrid-SimpleCrossingS{_s}N{_k}-v0", "crossing", 4 * _s * _s, size=_s, num_crossings=_k,
              obstacle_type="wall")
_minigrid("MiniGrid-DistShift1-v0", "distshift", 4 * 9 * 7, strip2_row=2)
_minigrid("MiniGrid-DistShift2-v0", "distshift", 4 * 9 * 7, strip2_row=5)
for _n, _k in ((5, 2), (6, 3), (8, 4), (16, 8)):
    _minigrid(f"MiniGrid-Dynamic-Obstacles-{_n}x{_n}-v0", "dynamic_obstacles", 4 * _n * _n, size=_n, n_obstacles=_k)
for _n, _k in ((5, 2), (6, 3)):
    _minigrid(f"MiniGrid-Dynamic-Obstacles-Random-{_n}x{_n}-v0", "dynamic_obstacles", 4 * _n * _n, size=_n,
              n_obstacles=_k, random_start=True)
for _n, _k in ((5, 2), (6, 2), (8, 3)):
    _minigrid(f"MiniGrid-Fetch-{_n}x{_n}-N{_k}-v0", "fetch", 5 * _n * _n, size=_n, num_objs=_k)
for _n in (5, 6, 8):
    _minigrid(f"MiniGrid-GoToDoor-{_n}x{_n}-v0", "gotodoor", 4 * _n * _n, size=_n)
for _n in (6, 8):
    _minigrid(f"MiniGrid-GoToObject-{_n}x{_n}-N2-v0", "gotoobject", 5 * _n * _n, size=_n, num_objs=2)
_minigrid("MiniGrid-PutNear-6x6-N2-v0", "putnear", 5 * 6, size=6, num_objs=2)
_minigrid("MiniGrid-PutNear-8x8-N3-v0", "putnear", 5 * 8, size=8, num_objs=3)
for _n in (6, 8):
    _minigrid(f"MiniGrid-RedBlueDoors-{_n}x{_n}-v0", "redbluedoors", 20 * _n * _n, size=_n)
for _n, _random in ((17, True), (13, True), (13, False), (11, False), (9, False), (7, False)):
    _minigrid(f"MiniGrid-MemoryS{_n}{'Random' if _random else ''}-v0", "memory", 5 * _n * _n, size=_n,
              random_length=_random)
_minigrid("MiniGrid-Unlock-v0", "unlock", 8 * 36)
_minigrid("MiniGrid-UnlockPickup-v0", "unlockpickup", 8 * 36)
_minigrid("MiniGrid-BlockedUnlockPickup-v0", "blockedunlockpickup", 16 * 36)
for _s, _r in ((3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (6, 3)):
    _minigrid(f"MiniGrid-KeyCorridorS{_s}R{_r}-v0", "keycorridor", 30 * _s * _s, room_size=_s, num_rows=_r)
for _name, _lo, _hi, _sz in (("N2-S4-v0", 2, 2, 4), ("N4-S5-v0", 6, 6, 5), ("N4-S5-v1", 4, 4, 5), ("N6-v0", 6, 6, 10)):
    _minigrid(f"MiniGrid-MultiRoom-{_name}", "multiroom", 20 * _hi, size=25, min_num_rooms=_lo, max_num_rooms=_hi,
              max_room_size=_sz)
_minigrid("MiniGrid-LockedRoom-v0", "lockedroom", 10 * 19, size=19)
_minigrid("MiniGrid-Playground-v0", "playground", 100)
for _name, _box, _blocked in (("1Dl", False, False), ("1Dlh", True, False), ("1Dlhb", True, True)):
    _minigrid(f"MiniGrid-ObstructedMaze-{_name}-v0", "obstructedmaze_1", 4 * 2 * 36, key_in_box=_box, blocked=_blocked)
# (name, agent_room, key_in_box, blocked, num_quarters, num_rooms_visited, versions)
for _name, _room, _box, _blocked, _quarters, _visited, _versions in (
    ("2Dl", (2, 1), False, False, 1, 4, ("v0",)),
    ("2Dlh", (2, 1), True, False, 1, 4, ("v0",)),
    ("2Dlhb", (2, 1), True, True, 1, 4, ("v0", "v1")),
    ("1Q", (1, 1), True, True, 1, 5, ("v0", "v1")),
    ("2Q", (2, 1), True, True, 2, 11, ("v0", "v1")),
    ("Full", (1, 1), True, True, 4, 25, ("v0", "v1")),
):
    for _v in _versions:
        _minigrid(f"MiniGrid-ObstructedMaze-{_name}-{_v}", "obstructedmaze_full" + ("_v1" if _v == "v1" else ""),
                  4 * _visited * 36, agent_room=[float(_room[0]), float(_room[1])], key_in_box=_box, blocked=_blocked,
                  num_quarters=_quarters)

# WaveFunctionCollapse levels (minigrid's WFC_PRESETS; WFCEnv's size 25 and
# max_steps = 20 * size). csrc/envs/minigrid/wfc_patterns.h says where the
# sample pictures come from.
for _preset in ("MazeSimple", "DungeonMazeScaled", "RoomsFabric", "ObstaclesBlackdots", "ObstaclesAngular",
                "ObstaclesHogs3"):
    _minigrid(f"MiniGrid-WFC-{_preset}-v0", "wfc", 20 * 25, size=25, wfc_preset=_preset)


# ---- BabyAI (minigrid 3.2.0 babyai): the mission is generated text, 512 bytes
# as envpool; info["mission_id"] is built from its parts (babyai_mission above;
# envpool gives -1). The time limit is room_size**2 * num_rows * num_cols per
# navigation the instruction needs.
def _babyai(task_id: str, env_name: str, room_size: int = 8, num_rows: int = 3, num_cols: int = 3, navs: int = 1,
            fixed_max_steps: int = 0, **options) -> None:
    steps = fixed_max_steps or navs * room_size * room_size * num_rows * num_cols
    _minigrid(task_id, env_name, steps, room_size=room_size, num_rows=num_rows, num_cols=num_cols, mission_bytes=512,
              fixed_max_steps=bool(fixed_max_steps), **options)


_babyai("BabyAI-GoToRedBallGrey-v0", "babyai_gotoredballgrey", num_rows=1, num_cols=1, num_dists=7)
_babyai("BabyAI-GoToRedBall-v0", "babyai_gotoredball", num_rows=1, num_cols=1, num_dists=7)
_babyai("BabyAI-GoToRedBallNoDists-v0", "babyai_gotoredball", num_rows=1, num_cols=1, num_dists=0)
_babyai("BabyAI-GoToObj-v0", "babyai_gotoobj", num_rows=1, num_cols=1)
_babyai("BabyAI-GoToObjS4-v0", "babyai_gotoobj", room_size=4, num_rows=1, num_cols=1)
_babyai("BabyAI-GoToObjS6-v1", "babyai_gotoobj", room_size=6, num_rows=1, num_cols=1)
_babyai("BabyAI-GoToLocal-v0", "babyai_gotolocal", num_rows=1, num_cols=1, num_dists=8)
for _s, _n in ((5, 2), (6, 2), (6, 3), (6, 4), (7, 4), (7, 5), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7)):
    _babyai(f"BabyAI-GoToLocalS{_s}N{_n}-v0", "babyai_gotolocal", room_size=_s, num_rows=1, num_cols=1, num_dists=_n)
_babyai("BabyAI-GoTo-v0", "babyai_goto", num_dists=18)
_babyai("BabyAI-GoToOpen-v0", "babyai_goto", num_dists=18, doors_open=True)
_babyai("BabyAI-GoToObjMaze-v0", "babyai_goto", num_dists=1)
_babyai("BabyAI-GoToObjMazeOpen-v0", "babyai_goto", num_dists=1, doors_open=True)
_babyai("BabyAI-GoToObjMazeS4R2-v0", "babyai_goto", room_size=4, num_rows=2, num_cols=2, num_dists=1)
for _s in (4, 5, 6, 7):
    _babyai(f"BabyAI-GoToObjMazeS{_s}-v0", "babyai_goto", room_size=_s, num_dists=1)
_babyai("BabyAI-GoToImpUnlock-v0", "babyai_gotoimpunlock")
_babyai("BabyAI-GoToRedBlueBall-v0", "babyai_gotoredblueball", num_rows=1, num_cols=1, num_dists=7)
_babyai("BabyAI-GoToDoor-v0", "babyai_gotodoor", room_size=7)
_babyai("BabyAI-GoToObjDoor-v0", "babyai_gotoobjdoor")
_babyai("BabyAI-Pickup-v0", "babyai_pickup")
_babyai("BabyAI-UnblockPickup-v0", "babyai_unblockpickup")
_babyai("BabyAI-PickupDist-v0", "babyai_pickupdist", room_size=7, num_rows=1, num_cols=1)
_babyai("BabyAI-PickupDistDebug-v0", "babyai_pickupdist", room_size=7, num_rows=1, num_cols=1, debug=True)
_babyai("BabyAI-PickupAbove-v0", "babyai_pickupabove", room_size=6, fixed_max_steps=8 * 36)
_babyai("BabyAI-Open-v0", "babyai_open")
_babyai("BabyAI-OpenRedDoor-v0", "babyai_openreddoor", room_size=5, num_rows=1, num_cols=2)
_babyai("BabyAI-OpenDoor-v0", "babyai_opendoor")
_babyai("BabyAI-OpenDoorDebug-v0", "babyai_opendoor", debug=True)
_babyai("BabyAI-OpenDoorColor-v0", "babyai_opendoor", select_by="color")
_babyai("BabyAI-OpenDoorLoc-v0", "babyai_opendoor", select_by="loc")
_babyai("BabyAI-OpenTwoDoors-v0", "babyai_opentwodoors", room_size=6, fixed_max_steps=20 * 36)
_babyai("BabyAI-OpenRedBlueDoors-v0", "babyai_opentwodoors", room_size=6, fixed_max_steps=20 * 36,
        first_color="red", second_color="blue")
_babyai("BabyAI-OpenRedBlueDoorsDebug-v0", "babyai_opentwodoors", room_size=6, fixed_max_steps=20 * 36,
        first_color="red", second_color="blue", debug=True)
for _n in (2, 4):
    _babyai(f"BabyAI-OpenDoorsOrderN{_n}-v0", "babyai_opendoorsorder", room_size=6, fixed_max_steps=20 * 36, num_doors=_n)
    _babyai(f"BabyAI-OpenDoorsOrderN{_n}Debug-v0", "babyai_opendoorsorder", room_size=6, fixed_max_steps=20 * 36,
            num_doors=_n, debug=True)
_babyai("BabyAI-PutNextLocal-v0", "babyai_putnextlocal", num_rows=1, num_cols=1, navs=2, num_objs=8)
for _s, _n in ((5, 3), (6, 4)):
    _babyai(f"BabyAI-PutNextLocalS{_s}N{_n}-v0", "babyai_putnextlocal", room_size=_s, num_rows=1, num_cols=1, navs=2,
            num_objs=_n)
for _s, _n, _carry in ((4, 1, False), (5, 2, False), (5, 1, False), (6, 3, False), (7, 4, False), (5, 2, True),
                       (6, 3, True), (7, 4, True)):
    _babyai(f"BabyAI-PutNextS{_s}N{_n}{'Carrying' if _carry else ''}-v0", "babyai_putnext", room_size=_s, num_rows=1,
            num_cols=2, fixed_max_steps=8 * _s * _s, objs_per_room=_n, start_carrying=_carry)
_babyai("BabyAI-Unlock-v0", "babyai_unlock")
_babyai("BabyAI-UnlockLocal-v0", "babyai_unlocklocal")
_babyai("BabyAI-UnlockLocalDist-v0", "babyai_unlocklocal", distractors=True)
_babyai("BabyAI-KeyInBox-v0", "babyai_keyinbox")
# minigrid's BabyAI UnlockPickup tests `max is None` (never true): its limit comes from the instruction.
_babyai("BabyAI-UnlockPickup-v0", "babyai_unlockpickup", room_size=6, num_rows=1, num_cols=2)
_babyai("BabyAI-UnlockPickupDist-v0", "babyai_unlockpickup", room_size=6, num_rows=1, num_cols=2, distractors=True)
_babyai("BabyAI-BlockedUnlockPickup-v0", "babyai_blockedunlockpickup", room_size=6, num_rows=1, num_cols=2,
        fixed_max_steps=16 * 36)
_babyai("BabyAI-UnlockToUnlock-v0", "babyai_unlocktounlock", room_size=6, num_rows=1, num_cols=3,
        fixed_max_steps=30 * 36)
_babyai("BabyAI-ActionObjDoor-v0", "babyai_actionobjdoor", room_size=7)
for _s in (5, 6, 7):
    _babyai(f"BabyAI-FindObjS{_s}-v0", "babyai_findobj", room_size=_s, fixed_max_steps=20 * _s * _s)
_babyai("BabyAI-KeyCorridor-v0", "babyai_keycorridor", room_size=6, num_rows=3, fixed_max_steps=30 * 36)
for _s, _r in ((3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (6, 3)):
    _babyai(f"BabyAI-KeyCorridorS{_s}R{_r}-v0", "babyai_keycorridor", room_size=_s, num_rows=_r,
            fixed_max_steps=30 * _s * _s)
for _s in (8, 12, 16, 20):
    _babyai(f"BabyAI-OneRoomS{_s}-v0", "babyai_oneroom", room_size=_s, num_rows=1, num_cols=1)
for _s, _n in ((5, 2), (8, 9)):
    _babyai(f"BabyAI-MoveTwoAcrossS{_s}N{_n}-v0", "babyai_movetwoacross", room_size=_s, num_rows=1, num_cols=2,
            fixed_max_steps=16 * _s * _s, objs_per_room=_n)


# LevelGen levels: the limit is navs * room_size**2 * rooms, navs drawn with the
# instruction (the env reports it); the pool's cap is the largest (8 navs).
def _levelgen(task_id: str, room_size: int = 8, num_rows: int = 3, num_cols: int = 3, **options) -> None:
    _babyai(task_id, "babyai_levelgen", room_size=room_size, num_rows=num_rows, num_cols=num_cols, navs=8, **options)


_levelgen("BabyAI-GoToSeq-v0", num_dists=18, action_kinds="goto", locked_room_prob=0.0, locations=False,
          unblocking=False)
_levelgen("BabyAI-GoToSeqS5R2-v0", room_size=5, num_rows=2, num_cols=2, num_dists=4, action_kinds="goto",
          locked_room_prob=0.0, locations=False, unblocking=False)
_levelgen("BabyAI-PickupLoc-v0", num_rows=1, num_cols=1, num_dists=8, action_kinds="pickup", instr_kinds="action",
          locked_room_prob=0.0, locations=True, unblocking=False)
_levelgen("BabyAI-Synth-v0", num_dists=18, instr_kinds="action", locations=False, unblocking=True, implicit_unlock=False)
_levelgen("BabyAI-SynthS5R2-v0", room_size=5, num_rows=2, num_dists=18, instr_kinds="action", locations=False,
          unblocking=True, implicit_unlock=False)
_levelgen("BabyAI-SynthLoc-v0", num_dists=18, instr_kinds="action", locations=True, unblocking=True,
          implicit_unlock=False)
_levelgen("BabyAI-SynthSeq-v0", num_dists=18, locations=True, unblocking=True, implicit_unlock=False)
_levelgen("BabyAI-MiniBossLevel-v0", room_size=5, num_rows=2, num_cols=2, num_dists=7, locked_room_prob=0.25)
_levelgen("BabyAI-BossLevel-v0", num_dists=18)
_levelgen("BabyAI-BossLevelNoUnlock-v0", num_dists=18, locked_room_prob=0.0, implicit_unlock=False)
