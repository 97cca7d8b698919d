// Generators of the single-area MiniGrid levels (minigrid 3.2.0's Empty,
// DoorKey, FourRooms, LavaGap, Crossing, DistShift, Dynamic-Obstacles),
// drawing from the env's numpy Generator in the reference's order.
#pragma once

#include <algorithm>

#include "level.h"
#include "world.h"

namespace rlpool::minigrid {

inline void GenEmpty(World& w, const Params& p) {
  w.NewGrid(p.size, p.size);
  w.grid.WallRect(0, 0, p.size, p.size, WallObj());
  w.grid.Set(p.size - 2, p.size - 2, w.Make(kGoal, kGreen));
  if (p.random_start) {
    w.PlaceAgent();
  } else {
    w.ax = w.ay = 1;
    w.dir = 0;
  }
}

inline void GenDoorKey(World& w, const Params& p) {
  int n = p.size;
  w.NewGrid(n, n);
  w.grid.WallRect(0, 0, n, n, WallObj());
  w.grid.Set(n - 2, n - 2, w.Make(kGoal, kGreen));
  int split = w.RandInt(2, n - 2);
  w.grid.VertWall(split, 0, -1, WallObj());
  w.PlaceAgent(0, 0, split, n);
  int door = w.RandInt(1, n - 2);
  w.grid.Set(split, door, w.Make(kDoor, kYellow, kLocked));
  int x, y;
  w.PlaceObjOrThrow(w.Make(kKey, kYellow), 0, 0, split, n, [](int, int) { return false; }, -1, &x, &y);
}

inline void GenFourRooms(World& w, const Params&) {
  const int n = 19;
  w.NewGrid(n, n);
  w.grid.HorzWall(0, 0, -1, WallObj());
  w.grid.HorzWall(0, n - 1, -1, WallObj());
  w.grid.VertWall(0, 0, -1, WallObj());
  w.grid.VertWall(n - 1, 0, -1, WallObj());
  int room_w = n / 2, room_h = n / 2;
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i) {
      int xl = i * room_w, yt = j * room_h, xr = xl + room_w, yb = yt + room_h;
      if (i + 1 < 2) {
        w.grid.VertWall(xr, yt, room_h, WallObj());
        w.grid.Remove(xr, w.RandInt(yt + 1, yb));
      }
      if (j + 1 < 2) {
        w.grid.HorzWall(xl, yb, room_w, WallObj());
        w.grid.Remove(w.RandInt(xl + 1, xr), yb);
      }
    }
  w.PlaceAgent();
  w.PlaceObj(w.Make(kGoal, kGreen));
}

inline void GenLavaGap(World& w, const Params& p) {
  int n = p.size;
  w.NewGrid(n, n);
  w.grid.WallRect(0, 0, n, n, WallObj());
  w.ax = w.ay = 1;
  w.dir = 0;
  w.grid.Set(n - 2, n - 2, w.Make(kGoal, kGreen));
  int gx = w.RandInt(2, n - 2);
  int gy = w.RandInt(1, n - 1);
  w.grid.VertWall(gx, 1, n - 2, Obj{kLava, kRed});
  w.grid.Remove(gx, gy);
}

inline void GenCrossing(World& w, const Params& p) {
  int n = p.size;
  w.NewGrid(n, n);
  w.grid.WallRect(0, 0, n, n, WallObj());
  w.ax = w.ay = 1;
  w.dir = 0;
  w.grid.Set(n - 2, n - 2, w.Make(kGoal, kGreen));
  // rivers: (is_horizontal, position); v first, then h, as minigrid lists them.
  int river_h[kMaxSize], river_pos[kMaxSize], count = 0;
  for (int i = 2; i < n - 2; i += 2) river_h[count] = 0, river_pos[count++] = i;
  for (int j = 2; j < n - 2; j += 2) river_h[count] = 1, river_pos[count++] = j;
  // shuffle swaps whole (direction, position) pairs: shuffle indices.
  int order[kMaxSize];
  for (int k = 0; k < count; ++k) order[k] = k;
  w.rng.Shuffle(order, count);
  int rv[kMaxSize], rh[kMaxSize], nv = 0, nh = 0;
  for (int k = 0; k < std::min(p.num_crossings, count); ++k) {
    int r = order[k];
    if (river_h[r]) rh[nh++] = river_pos[r];
    else rv[nv++] = river_pos[r];
  }
  std::sort(rv, rv + nv);
  std::sort(rh, rh + nh);
  Obj obstacle = p.lava ? Obj{kLava, kRed} : WallObj();
  for (int i = 1; i < n - 1; ++i)
    for (int k = 0; k < nh; ++k) w.grid.Set(i, rh[k], obstacle);
  for (int k = 0; k < nv; ++k)
    for (int j = 1; j < n - 1; ++j) w.grid.Set(rv[k], j, obstacle);
  // path: one horizontal move per vertical river, then one vertical move per horizontal river.
  int path[kMaxSize], np = 0;
  for (int k = 0; k < nv; ++k) path[np++] = 1;
  for (int k = 0; k < nh; ++k) path[np++] = 0;
  w.rng.Shuffle(path, np);
  int limits_v[kMaxSize + 2], limits_h[kMaxSize + 2];
  limits_v[0] = 0;
  for (int k = 0; k < nv; ++k) limits_v[k + 1] = rv[k];
  limits_v[nv + 1] = n - 1;
  limits_h[0] = 0;
  for (int k = 0; k < nh; ++k) limits_h[k + 1] = rh[k];
  limits_h[nh + 1] = n - 1;
  int room_i = 0, room_j = 0;
  for (int k = 0; k < np; ++k) {
    int i, j;
    if (path[k] == 1) {
      i = limits_v[room_i + 1];
      int lo = limits_h[room_j] + 1, hi = limits_h[room_j + 1];
      j = lo + static_cast<int>(w.rng.Choice(hi - lo));
      ++room_i;
    } else {
      int lo = limits_v[room_i] + 1, hi = limits_v[room_i + 1];
      i = lo + static_cast<int>(w.rng.Choice(hi - lo));
      j = limits_h[room_j + 1];
      ++room_j;
    }
    w.grid.Remove(i, j);
  }
}

inline void GenDistShift(World& w, const Params& p) {
  const int width = 9, height = 7;
  w.NewGrid(width, height);
  w.grid.WallRect(0, 0, width, height, WallObj());
  w.grid.Set(width - 2, 1, w.Make(kGoal, kGreen));
  for (int i = 0; i < width - 6; ++i) {
    w.grid.Set(3 + i, 1, Obj{kLava, kRed});
    w.grid.Set(3 + i, p.strip2_row, Obj{kLava, kRed});
  }
  w.ax = w.ay = 1;
  w.dir = 0;
}

inline int DynamicObstacleCount(const Params& p) {
  return p.n_obstacles <= p.size / 2.0 + 1 ? p.n_obstacles : p.size / 2;
}

inline void GenDynamicObstacles(World& w, const Params& p, TaskState& t) {
  int n = p.size;
  w.NewGrid(n, n);
  w.grid.WallRect(0, 0, n, n, WallObj());
  w.grid.Set(n - 2, n - 2, w.Make(kGoal, kGreen));
  if (p.random_start) {
    w.PlaceAgent();
  } else {
    w.ax = w.ay = 1;
    w.dir = 0;
  }
  t.num_obstacles = std::min(DynamicObstacleCount(p), kMaxObstacles);
  for (int k = 0; k < t.num_obstacles; ++k)
    w.PlaceObjOrThrow(w.Make(kBall, kBlue), 0, 0, n, n, [](int, int) { return false; }, 100, &t.obst_x[k],
                      &t.obst_y[k]);
}

// DynamicObstaclesEnv.step: only left / right / forward (others act as
// left); every ball first hops to a free cell around it (100 + 1 tries,
// staying put when none is found); walking into anything but the goal
// ends the episode with -1.
inline World::Outcome StepDynamicObstacles(World& w, TaskState& t, int action) {
  if (action > kForward) action = kLeft;
  const Obj& front = w.grid.Get(w.FrontX(), w.FrontY());
  bool not_clear = !front.None() && front.type != kGoal;
  for (int k = 0; k < t.num_obstacles; ++k) {
    int ox = t.obst_x[k], oy = t.obst_y[k], x, y;
    Obj ball = w.grid.Get(ox, oy);
    if (w.PlaceObj(ball, ox - 1, oy - 1, 3, 3, [](int, int) { return false; }, 100, &x, &y)) {
      w.grid.Remove(ox, oy);
      t.obst_x[k] = x;
      t.obst_y[k] = y;
    }
  }
  World::Outcome r = w.BaseStep(action);
  if (action == kForward && not_clear) {
    r.reward = -1.0;
    r.terminated = true;
  }
  return r;
}

}  // namespace rlpool::minigrid
