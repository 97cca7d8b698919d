// minigrid 3.2.0's ObstructedMaze levels (v0 and v1): rooms behind locked
// doors, keys (optionally in boxes), doors blocked by balls, and a blue ball
// to pick up.
#pragma once

#include "level.h"
#include "missions.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

struct MazeColors {
  uint8_t door[6];
  // COLOR_NAMES[0], [1], [2]
  static constexpr uint8_t kBallToFind = kBlue, kBlockingBall = kGreen, kBox = kGrey;
};

// Python's a % n (never negative): the door colour of door i - 1 is door_colors[-1 % 6].
inline int PyMod(int a, int n) { return ((a % n) + n) % n; }

inline MazeColors MazeStart(World& w, RoomGrid& rg, int rows, int cols) {
  rg.room_size = 6;
  rg.num_rows = rows;
  rg.num_cols = cols;
  rg.Generate(w);
  MazeColors c;
  // _rand_subset(COLOR_NAMES, 6): draw from what is left, in order.
  uint8_t left[6];
  int n = 6;
  for (int k = 0; k < 6; ++k) left[k] = kColorNames[k];
  for (int k = 0; k < 6; ++k) {
    int pick = w.RandInt(0, n);
    c.door[k] = left[pick];
    for (int m = pick; m + 1 < n; ++m) left[m] = left[m + 1];
    --n;
  }
  return c;
}

// A ball just inside room (i, j) in front of its door `door_idx`.
inline void BlockDoor(World& w, int dx, int dy, int door_idx) {
  w.grid.Set(dx - kDirX[door_idx], dy - kDirY[door_idx], w.Make(kBall, MazeColors::kBlockingBall));
}

// The key of a locked door, in a grey box when key_in_box, placed in room (i, j).
inline void AddMazeKey(World& w, RoomGrid& rg, int i, int j, uint8_t color, bool key_in_box) {
  Obj key = w.Make(kKey, color);
  rg.PlaceInRoom(w, i, j, key_in_box ? w.MakeBox(MazeColors::kBox, key) : key);
}

// ObstructedMazeEnv.add_door: the door, then its blocking ball, then its key.
inline void AddMazeDoor(World& w, RoomGrid& rg, int i, int j, int door_idx, uint8_t color, bool locked,
                        bool key_in_box, bool blocked) {
  int dx, dy;
  rg.AddDoor(w, i, j, door_idx, color, locked ? 1 : 0, &dx, &dy);
  if (blocked) BlockDoor(w, dx, dy, door_idx);
  if (locked) AddMazeKey(w, rg, i, j, color, key_in_box);
}

inline void GenObstructedMaze1(World& w, RoomGrid& rg, const Params& p, TaskState& t) {
  MazeColors c = MazeStart(w, rg, 1, 2);
  AddMazeDoor(w, rg, 0, 0, 0, c.door[0], true, p.key_in_box, p.blocked);
  Obj ball = rg.AddObject(w, 1, 0, kBall, MazeColors::kBallToFind);
  rg.PlaceAgent(w, 0, 0);
  t.target_id = ball.id;
}

// ObstructedMaze_Full (v0) and ObstructedMaze_Full_V1: v1 places all of a
// side room's locked doors before their keys.
inline void GenObstructedMazeFull(World& w, RoomGrid& rg, const Params& p, TaskState& t, bool v1) {
  MazeColors c = MazeStart(w, rg, 3, 3);
  static constexpr int kSide[4][2] = {{2, 1}, {1, 2}, {0, 1}, {1, 0}};
  static constexpr int kCorner[4][2] = {{2, 0}, {2, 2}, {0, 2}, {0, 0}};
  for (int i = 0; i < p.num_quarters; ++i) {
    int si = kSide[i][0], sj = kSide[i][1];
    AddMazeDoor(w, rg, 1, 1, i, c.door[i], false, false, false);
    for (int k : {-1, 1}) {
      int idx = PyMod(i + k, 4);
      if (v1) {
        int dx, dy;
        rg.AddDoor(w, si, sj, idx, c.door[PyMod(i + k, 6)], 1, &dx, &dy);
        if (p.blocked) BlockDoor(w, dx, dy, idx);
      } else {
        AddMazeDoor(w, rg, si, sj, idx, c.door[PyMod(i + k, 6)], true, p.key_in_box, p.blocked);
      }
    }
    if (v1)
      for (int k : {-1, 1}) AddMazeKey(w, rg, si, sj, c.door[PyMod(i + k, 6)], p.key_in_box);
  }
  int corner = w.RandInt(0, p.num_quarters);
  Obj ball = rg.AddObject(w, kCorner[corner][0], kCorner[corner][1], kBall, MazeColors::kBallToFind);
  rg.PlaceAgent(w, p.agent_room_i, p.agent_room_j);
  t.target_id = ball.id;
}

}  // namespace rlpool::minigrid
