// What a MiniGrid level is made of: which generator (Kind), its options
// (Params, fixed per task) and what its step rules remember about the
// episode (TaskState, rewritten by every reset).
#pragma once

#include <cstdint>

#include "grid.h"

namespace rlpool::minigrid {

enum class Kind {
  kEmpty,
  kDoorKey,
  kFourRooms,
  kLavaGap,
  kCrossing,
  kDistShift,
  kDynamicObstacles,
  kFetch,
  kGoToDoor,
  kGoToObject,
  kPutNear,
  kRedBlueDoors,
  kMemory,
  kUnlock,
  kUnlockPickup,
  kBlockedUnlockPickup,
  kKeyCorridor,
  kMultiRoom,
  kLockedRoom,
  kPlayground,
  kObstructedMaze1,
  kObstructedMazeFull,
  kObstructedMazeFullV1,
  kWFC,
  // BabyAI (first in this list: IsBabyAI)
  kGoToRedBallGrey,
  kGoToRedBall,
  kGoToObj,
  kGoToLocal,
  kGoTo,
  kGoToImpUnlock,
  kGoToRedBlueBall,
  kGoToDoorLevel,
  kGoToObjDoor,
  kPickup,
  kUnblockPickup,
  kPickupDist,
  kPickupAbove,
  kOpen,
  kOpenRedDoor,
  kOpenDoor,
  kOpenTwoDoors,
  kOpenDoorsOrder,
  kPutNextLocal,
  kPutNext,
  kBabyUnlock,
  kUnlockLocal,
  kKeyInBox,
  kBabyUnlockPickup,
  kBabyBlockedUnlockPickup,
  kUnlockToUnlock,
  kActionObjDoor,
  kFindObj,
  kBabyKeyCorridor,
  kOneRoom,
  kMoveTwoAcross,
  kLevelGen,
};

inline bool IsBabyAI(Kind k) { return k >= Kind::kGoToRedBallGrey; }

struct Params {
  Kind kind = Kind::kEmpty;
  int size = 8;
  bool random_start = false;   // Empty / DynamicObstacles: agent_start_pos=None
  int num_objs = 2;            // Fetch, GoToObject, PutNear
  int wfc_preset = 0;          // WFC: index into wfc::kPresets
  bool ensure_connected = true;  // WFC: keep only the largest floor area
  int num_crossings = 1;       // Crossing
  bool lava = true;            // Crossing: lava (true) or wall obstacles
  int strip2_row = 2;          // DistShift
  int n_obstacles = 4;         // DynamicObstacles
  bool random_length = false;  // Memory
  int room_size = 6;           // KeyCorridor
  int num_rows = 3;            // KeyCorridor
  uint8_t obj_type = kBall;    // KeyCorridor
  int min_rooms = 1, max_rooms = 1, max_room_size = 10;  // MultiRoom
  bool key_in_box = true, blocked = true;                // ObstructedMaze
  int num_quarters = 4, agent_room_i = 1, agent_room_j = 1;
  int num_cols = 3, num_dists = 8;  // BabyAI (room_size, num_rows above)
  bool doors_open = false;
  bool debug = false;            // strict verification (the *Debug levels)
  int select_by = -1;            // OpenDoor: -1 drawn, 0 colour, 1 location
  int first_color = -1, second_color = -1;  // OpenTwoDoors
  int num_doors = 2;             // OpenDoorsOrder
  int objs_per_room = 1;         // PutNext
  bool start_carrying = false;   // PutNext
  bool distractors = false;      // UnlockLocal, UnlockPickup
  bool fixed_max_steps = false;  // levels with a fixed max_steps (else from the instructions)
  // LevelGen
  double locked_room_prob = 0.5;
  bool locations = true, unblocking = true, implicit_unlock = true;
  uint8_t action_kinds[4] = {0, 1, 2, 3};  // 0 goto, 1 pickup, 2 open, 3 putnext
  int num_action_kinds = 4;
  uint8_t instr_kinds[3] = {0, 1, 2};      // 0 action, 1 and, 2 seq
  int num_instr_kinds = 3;
};

constexpr int kMaxObstacles = 16;

struct TaskState {
  int target_x = 0, target_y = 0;
  uint8_t target_type = 0, target_color = 0;
  uint8_t move_type = 0, move_color = 0;
  uint16_t target_id = 0;
  int success_x = 0, success_y = 0, failure_x = 0, failure_y = 0;
  int door_x = 0, door_y = 0;        // Unlock's door; RedBlueDoors' red door
  int door2_x = 0, door2_y = 0;      // RedBlueDoors' blue door
  int num_obstacles = 0;
  int obst_x[kMaxObstacles] = {}, obst_y[kMaxObstacles] = {};
};

}  // namespace rlpool::minigrid
