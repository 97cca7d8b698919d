// Generators and step rules of the MiniGrid levels built on RoomGrid
// (minigrid 3.2.0's Unlock, UnlockPickup, BlockedUnlockPickup, KeyCorridor).
#pragma once

#include "level.h"
#include "missions.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

// Unlock / UnlockPickup / BlockedUnlockPickup: two 6-wide rooms side by side.
inline void SetTwoRooms(RoomGrid& rg) {
  rg.room_size = 6;
  rg.num_rows = 1;
  rg.num_cols = 2;
}

inline void GenUnlock(World& w, RoomGrid& rg, TaskState& t) {
  SetTwoRooms(rg);
  rg.Generate(w);
  Obj door = rg.AddDoor(w, 0, 0, 0, -1, 1, &t.door_x, &t.door_y);
  rg.AddObject(w, 0, 0, kKey, door.color);
  rg.PlaceAgent(w, 0, 0);
}

// UnlockEnv.step: toggling the door open wins.
inline World::Outcome StepUnlock(World& w, const TaskState& t, int action) {
  World::Outcome r = w.BaseStep(action);
  if (action == kToggle && w.grid.Get(t.door_x, t.door_y).state == kOpen) {
    r.reward = w.SuccessReward();
    r.terminated = true;
  }
  return r;
}

inline void GenUnlockPickup(World& w, RoomGrid& rg, TaskState& t, bool blocked) {
  SetTwoRooms(rg);
  rg.Generate(w);
  Obj box = rg.AddObject(w, 1, 0, kBox);
  int dx, dy;
  Obj door = rg.AddDoor(w, 0, 0, 0, -1, 1, &dx, &dy);
  if (blocked) w.grid.Set(dx - 1, dy, w.Make(kBall, w.RandColor()));
  rg.AddObject(w, 0, 0, kKey, door.color);
  rg.PlaceAgent(w, 0, 0);
  t.target_id = box.id;
  w.mission_id = ObjectMission(box.color, box.type);
}

// Picking up the target object (that very object) wins.
inline World::Outcome StepPickupTarget(World& w, const TaskState& t, int action) {
  World::Outcome r = w.BaseStep(action);
  if (action == kPickup && !w.carrying.None() && w.carrying.id == t.target_id) {
    r.reward = w.SuccessReward();
    r.terminated = true;
  }
  return r;
}

inline void GenKeyCorridor(World& w, RoomGrid& rg, const Params& p, TaskState& t) {
  rg.room_size = p.room_size;
  rg.num_rows = p.num_rows;
  rg.num_cols = 3;
  rg.Generate(w);
  for (int j = 1; j < rg.num_rows; ++j) rg.RemoveWall(w, 1, j, 3);
  int room = w.RandInt(0, rg.num_rows);
  Obj door = rg.AddDoor(w, 2, room, 2, -1, 1);
  Obj obj = rg.AddObject(w, 2, room, p.obj_type);
  int key_room = w.RandInt(0, rg.num_rows);
  rg.AddObject(w, 0, key_room, kKey, door.color);
  rg.PlaceAgent(w, 1, rg.num_rows / 2);
  rg.ConnectAll(w);
  t.target_id = obj.id;
  w.mission_id = ObjectMission(obj.color, obj.type);
}

}  // namespace rlpool::minigrid
