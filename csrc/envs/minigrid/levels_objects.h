// Generators and step rules of the MiniGrid levels about objects and doors
// in one area (minigrid 3.2.0's Fetch, GoToDoor, GoToObject, PutNear,
// RedBlueDoors, Memory). Mission ids index the tables in missions.h.
#pragma once

#include <cstdlib>

#include "level.h"
#include "missions.h"
#include "world.h"

namespace rlpool::minigrid {

inline void OuterWalls(World& w) {
  w.grid.HorzWall(0, 0, -1, WallObj());
  w.grid.HorzWall(0, w.height - 1, -1, WallObj());
  w.grid.VertWall(0, 0, -1, WallObj());
  w.grid.VertWall(w.width - 1, 0, -1, WallObj());
}

inline void GenFetch(World& w, const Params& p, TaskState& t) {
  static constexpr uint8_t kTypes[2] = {kKey, kBall};
  w.NewGrid(p.size, p.size);
  OuterWalls(w);
  uint8_t types[kMaxObjs], colors[kMaxObjs];
  for (int k = 0; k < p.num_objs; ++k) {
    types[k] = kTypes[w.RandInt(0, 2)];
    colors[k] = w.RandColor();
    w.PlaceObj(w.Make(types[k], colors[k]));
  }
  w.PlaceAgent();
  int target = w.RandInt(0, p.num_objs);
  t.target_type = types[target];
  t.target_color = colors[target];
  int syntax = w.RandInt(0, 5);
  w.mission_id = FetchMission(syntax, t.target_color, t.target_type);
}

inline World::Outcome StepFetch(World& w, const TaskState& t, int action) {
  World::Outcome r = w.BaseStep(action);
  if (!w.carrying.None()) {
    bool right = w.carrying.color == t.target_color && w.carrying.type == t.target_type;
    r.reward = right ? w.SuccessReward() : 0.0;
    r.terminated = true;
  }
  return r;
}

inline void GenGoToDoor(World& w, const Params& p, TaskState& t) {
  w.NewGrid(p.size, p.size);
  int width = w.RandInt(5, p.size + 1);
  int height = w.RandInt(5, p.size + 1);
  w.grid.WallRect(0, 0, width, height, WallObj());
  int dx[4], dy[4];
  dx[0] = w.RandInt(2, width - 2), dy[0] = 0;
  dx[1] = w.RandInt(2, width - 2), dy[1] = height - 1;
  dx[2] = 0, dy[2] = w.RandInt(2, height - 2);
  dx[3] = width - 1, dy[3] = w.RandInt(2, height - 2);
  uint8_t colors[4];
  for (int n = 0; n < 4;) {
    uint8_t c = w.RandColor();
    bool seen = false;
    for (int k = 0; k < n; ++k) seen |= colors[k] == c;
    if (!seen) colors[n++] = c;
  }
  for (int k = 0; k < 4; ++k) w.grid.Set(dx[k], dy[k], w.Make(kDoor, colors[k], kClosed));
  w.PlaceAgent(0, 0, width, height);
  int idx = w.RandInt(0, 4);
  t.target_x = dx[idx];
  t.target_y = dy[idx];
  t.target_color = colors[idx];
  w.mission_id = t.target_color;
}

// GoToDoor / GoToObject: toggle ends the episode; done ends it, rewarded
// when the agent stands next to the target (4-neighbourhood).
inline World::Outcome StepGoTo(World& w, const TaskState& t, int action) {
  World::Outcome r = w.BaseStep(action);
  if (action == kToggle) r.terminated = true;
  if (action == kDone) {
    bool next_to = (w.ax == t.target_x && std::abs(w.ay - t.target_y) == 1) ||
                   (w.ay == t.target_y && std::abs(w.ax - t.target_x) == 1);
    if (next_to) r.reward = w.SuccessReward();
    r.terminated = true;
  }
  return r;
}

// Distinct (type, colour) objects, each placed where `reject` allows.
template <class Reject>
inline int PlaceDistinctObjects(World& w, int count, uint8_t* types, uint8_t* colors, int* xs, int* ys, Reject reject) {
  static constexpr uint8_t kTypes[3] = {kKey, kBall, kBox};
  int n = 0;
  while (n < count) {
    uint8_t type = kTypes[w.RandInt(0, 3)];
    uint8_t color = w.RandColor();
    bool seen = false;
    for (int k = 0; k < n; ++k) seen |= types[k] == type && colors[k] == color;
    if (seen) continue;
    w.PlaceObjOrThrow(w.Make(type, color), 0, 0, w.width, w.height, [&](int x, int y) { return reject(x, y, n); }, -1,
                      &xs[n], &ys[n]);
    types[n] = type;
    colors[n] = color;
    ++n;
  }
  return n;
}

inline void GenGoToObject(World& w, const Params& p, TaskState& t) {
  w.NewGrid(p.size, p.size);
  w.grid.WallRect(0, 0, p.size, p.size, WallObj());
  uint8_t types[kMaxObjs], colors[kMaxObjs];
  int xs[kMaxObjs], ys[kMaxObjs];
  PlaceDistinctObjects(w, p.num_objs, types, colors, xs, ys, [](int, int, int) { return false; });
  w.PlaceAgent();
  int idx = w.RandInt(0, p.num_objs);
  t.target_type = types[idx];
  t.target_color = colors[idx];
  t.target_x = xs[idx];
  t.target_y = ys[idx];
  w.mission_id = ObjectMission(t.target_color, t.target_type);
}

inline void GenPutNear(World& w, const Params& p, TaskState& t) {
  w.NewGrid(p.size, p.size);
  OuterWalls(w);
  uint8_t types[kMaxObjs], colors[kMaxObjs];
  int xs[kMaxObjs], ys[kMaxObjs];
  auto near_placed = [&](int x, int y, int placed) {
    for (int k = 0; k < placed; ++k)
      if (std::abs(x - xs[k]) <= 1 && std::abs(y - ys[k]) <= 1) return true;
    return false;
  };
  PlaceDistinctObjects(w, p.num_objs, types, colors, xs, ys, near_placed);
  w.PlaceAgent();
  int move = w.RandInt(0, p.num_objs);
  int target;
  do {
    target = w.RandInt(0, p.num_objs);
  } while (target == move);
  t.move_type = types[move];
  t.move_color = colors[move];
  t.target_type = types[target];
  t.target_color = colors[target];
  t.target_x = xs[target];
  t.target_y = ys[target];
  w.mission_id = PutNearMission(t.move_color, t.move_type, t.target_color, t.target_type);
}

// PutNearEnv.step: picking up the wrong object ends the episode; any drop
// while carrying ends it, rewarded when the object landed next to the target.
inline World::Outcome StepPutNear(World& w, const TaskState& t, int action) {
  uint16_t carried = w.carrying.None() ? 0 : w.carrying.id;
  World::Outcome r = w.BaseStep(action);
  int ox = w.FrontX(), oy = w.FrontY();
  if (action == kPickup && !w.carrying.None()) {
    if (w.carrying.type != t.move_type || w.carrying.color != t.move_color) r.terminated = true;
  }
  if (action == kDrop && carried != 0) {
    const Obj& there = w.grid.Get(ox, oy);
    if (!there.None() && there.id == carried) {
      if (std::abs(ox - t.target_x) <= 1 && std::abs(oy - t.target_y) <= 1) r.reward = w.SuccessReward();
    }
    r.terminated = true;
  }
  return r;
}

inline void GenRedBlueDoors(World& w, const Params& p, TaskState& t) {
  int n = p.size;
  w.NewGrid(2 * n, n);
  w.grid.WallRect(0, 0, 2 * n, n, WallObj());
  w.grid.WallRect(n / 2, 0, n, n, WallObj());
  w.PlaceAgent(n / 2, 0, n, n);
  t.door_x = n / 2;
  t.door_y = w.RandInt(1, n - 1);
  w.grid.Set(t.door_x, t.door_y, w.Make(kDoor, kRed, kClosed));
  t.door2_x = n / 2 + n - 1;
  t.door2_y = w.RandInt(1, n - 1);
  w.grid.Set(t.door2_x, t.door2_y, w.Make(kDoor, kBlue, kClosed));
}

// RedBlueDoorEnv.step: opening the blue door ends the episode, rewarded if
// the red one was open before; opening the red one after the blue ends it.
inline World::Outcome StepRedBlueDoors(World& w, const TaskState& t, int action) {
  auto open = [&](int x, int y) { return w.grid.Get(x, y).state == kOpen; };
  bool red_before = open(t.door_x, t.door_y), blue_before = open(t.door2_x, t.door2_y);
  World::Outcome r = w.BaseStep(action);
  bool red_after = open(t.door_x, t.door_y), blue_after = open(t.door2_x, t.door2_y);
  if (blue_after) {
    r.reward = red_before ? w.SuccessReward() : 0.0;
    r.terminated = true;
  } else if (red_after && blue_before) {
    r.reward = 0.0;
    r.terminated = true;
  }
  return r;
}

inline void GenMemory(World& w, const Params& p, TaskState& t) {
  int n = p.size, mid = n / 2;
  w.NewGrid(n, n);
  OuterWalls(w);
  int upper = mid - 2, lower = mid + 2;
  int end = p.random_length ? w.RandInt(4, n - 2) : n - 3;
  for (int i = 1; i < 5; ++i) {
    w.grid.Set(i, upper, WallObj());
    w.grid.Set(i, lower, WallObj());
  }
  w.grid.Set(4, upper + 1, WallObj());
  w.grid.Set(4, lower - 1, WallObj());
  for (int i = 5; i < end; ++i) {
    w.grid.Set(i, upper + 1, WallObj());
    w.grid.Set(i, lower - 1, WallObj());
  }
  for (int j = 0; j < n; ++j) {
    if (j != mid) w.grid.Set(end, j, WallObj());
    w.grid.Set(end + 2, j, WallObj());
  }
  w.ax = w.RandInt(1, end + 1);
  w.ay = mid;
  w.dir = 0;
  uint8_t start = w.RandInt(0, 2) == 0 ? kKey : kBall;
  w.grid.Set(1, mid - 1, w.Make(start, kGreen));
  bool ball_first = w.RandInt(0, 2) == 0;  // [[Ball, Key], [Key, Ball]]
  uint8_t first = ball_first ? kBall : kKey, second = ball_first ? kKey : kBall;
  w.grid.Set(end + 1, mid - 2, w.Make(first, kGreen));
  w.grid.Set(end + 1, mid + 2, w.Make(second, kGreen));
  if (start == first) {
    t.success_x = end + 1, t.success_y = mid - 1;
    t.failure_x = end + 1, t.failure_y = mid + 1;
  } else {
    t.success_x = end + 1, t.success_y = mid + 1;
    t.failure_x = end + 1, t.failure_y = mid - 1;
  }
}

// MemoryEnv.step: pickup acts as toggle; reaching the cell next to the
// matching object wins, the other one ends the episode.
inline World::Outcome StepMemory(World& w, const TaskState& t, int action) {
  if (action == kPickup) action = kToggle;
  World::Outcome r = w.BaseStep(action);
  if (w.ax == t.success_x && w.ay == t.success_y) {
    r.reward = w.SuccessReward();
    r.terminated = true;
  }
  if (w.ax == t.failure_x && w.ay == t.failure_y) {
    r.reward = 0.0;
    r.terminated = true;
  }
  return r;
}

}  // namespace rlpool::minigrid
