// Generators of the MiniGrid levels with hand-laid room layouts (minigrid
// 3.2.0's MultiRoom, LockedRoom, Playground); their steps are the base rules.
#pragma once

#include "level.h"
#include "missions.h"
#include "world.h"

namespace rlpool::minigrid {

// ---- MultiRoom: a chain of rooms, each entered through a door on the
// previous one's wall, grown by recursive rejection as minigrid does.
struct ChainRoom {
  int top_x, top_y, size_x, size_y, entry_x, entry_y;
};
constexpr int kMaxChain = 16;

struct RoomChain {
  ChainRoom rooms[kMaxChain];
  int count = 0;
};

inline bool PlaceChainRoom(World& w, int num_left, RoomChain& chain, int min_sz, int max_sz, int entry_wall, int ex,
                           int ey) {
  int sx = w.RandInt(min_sz, max_sz + 1);
  int sy = w.RandInt(min_sz, max_sz + 1);
  int tx, ty;
  if (chain.count == 0) {
    tx = ex;
    ty = ey;
  } else if (entry_wall == 0) {
    tx = ex - sx + 1;
    ty = w.RandInt(ey - sy + 2, ey);
  } else if (entry_wall == 1) {
    tx = w.RandInt(ex - sx + 2, ex);
    ty = ey - sy + 1;
  } else if (entry_wall == 2) {
    tx = ex;
    ty = w.RandInt(ey - sy + 2, ey);
  } else {
    tx = w.RandInt(ex - sx + 2, ex);
    ty = ey;
  }
  if (tx < 0 || ty < 0) return false;
  if (tx + sx > w.width || ty + sy >= w.height) return false;
  for (int k = 0; k + 1 < chain.count; ++k) {
    const ChainRoom& r = chain.rooms[k];
    bool apart = tx + sx < r.top_x || r.top_x + r.size_x <= tx || ty + sy < r.top_y || r.top_y + r.size_y <= ty;
    if (!apart) return false;
  }
  if (chain.count >= kMaxChain) return false;
  chain.rooms[chain.count++] = {tx, ty, sx, sy, ex, ey};
  if (num_left == 1) return true;
  for (int attempt = 0; attempt < 8; ++attempt) {
    int walls[3], n = 0;
    for (int k = 0; k < 4; ++k)
      if (k != entry_wall) walls[n++] = k;
    int exit_wall = walls[w.RandInt(0, 3)];
    int nx, ny;
    if (exit_wall == 0) {
      nx = tx + sx - 1;
      ny = ty + w.RandInt(1, sy - 1);
    } else if (exit_wall == 1) {
      nx = tx + w.RandInt(1, sx - 1);
      ny = ty + sy - 1;
    } else if (exit_wall == 2) {
      nx = tx;
      ny = ty + w.RandInt(1, sy - 1);
    } else {
      nx = tx + w.RandInt(1, sx - 1);
      ny = ty;
    }
    if (PlaceChainRoom(w, num_left - 1, chain, min_sz, max_sz, (exit_wall + 2) % 4, nx, ny)) break;
  }
  return true;
}

inline void GenMultiRoom(World& w, const Params& p) {
  const int size = p.size;
  w.NewGrid(size, size);
  RoomChain best, current;
  int num_rooms = w.RandInt(p.min_rooms, p.max_rooms + 1);
  while (best.count < num_rooms) {
    current.count = 0;
    int ex = w.RandInt(0, size - 2);
    int ey = w.RandInt(0, size - 2);
    PlaceChainRoom(w, num_rooms, current, 4, p.max_room_size, 2, ex, ey);
    if (current.count > best.count) best = current;
  }
  int prev_color = -1;
  for (int idx = 0; idx < best.count; ++idx) {
    const ChainRoom& r = best.rooms[idx];
    for (int i = 0; i < r.size_x; ++i) {
      w.grid.Set(r.top_x + i, r.top_y, WallObj());
      w.grid.Set(r.top_x + i, r.top_y + r.size_y - 1, WallObj());
    }
    for (int j = 0; j < r.size_y; ++j) {
      w.grid.Set(r.top_x, r.top_y + j, WallObj());
      w.grid.Set(r.top_x + r.size_x - 1, r.top_y + j, WallObj());
    }
    if (idx > 0) {
      uint8_t colors[6];
      int n = 0;
      for (uint8_t c : kColorNames)
        if (c != prev_color) colors[n++] = c;
      uint8_t color = colors[w.RandInt(0, n)];
      w.grid.Set(r.entry_x, r.entry_y, w.Make(kDoor, color, kClosed));
      prev_color = color;
    }
  }
  const ChainRoom& first = best.rooms[0];
  const ChainRoom& last = best.rooms[best.count - 1];
  w.PlaceAgent(first.top_x, first.top_y, first.size_x, first.size_y);
  int x, y;
  w.PlaceObjOrThrow(w.Make(kGoal, kGreen), last.top_x, last.top_y, last.size_x, last.size_y,
                    [](int, int) { return false; }, -1, &x, &y);
}

// ---- LockedRoom: six side rooms off a central hallway, one locked; its
// key lies in another room.
inline void GenLockedRoom(World& w, const Params& p) {
  const int size = p.size;
  w.NewGrid(size, size);
  for (int i = 0; i < size; ++i) {
    w.grid.Set(i, 0, WallObj());
    w.grid.Set(i, size - 1, WallObj());
  }
  for (int j = 0; j < size; ++j) {
    w.grid.Set(0, j, WallObj());
    w.grid.Set(size - 1, j, WallObj());
  }
  int lwall = size / 2 - 2, rwall = size / 2 + 2;
  for (int j = 0; j < size; ++j) {
    w.grid.Set(lwall, j, WallObj());
    w.grid.Set(rwall, j, WallObj());
  }
  struct SideRoom {
    int top_x, top_y, size_x, size_y, door_x, door_y;
  } rooms[6];
  for (int n = 0; n < 3; ++n) {
    int j = n * (size / 3);
    for (int i = 0; i < lwall; ++i) w.grid.Set(i, j, WallObj());
    for (int i = rwall; i < size; ++i) w.grid.Set(i, j, WallObj());
    int room_w = lwall + 1, room_h = size / 3 + 1;
    rooms[2 * n] = {0, j, room_w, room_h, lwall, j + 3};
    rooms[2 * n + 1] = {rwall, j, room_w, room_h, rwall, j + 3};
  }
  auto rand_pos = [&w](const SideRoom& r, int* x, int* y) {
    *x = w.RandInt(r.top_x + 1, r.top_x + r.size_x - 1);
    *y = w.RandInt(r.top_y + 1, r.top_y + r.size_y - 1);
  };
  int locked = w.RandInt(0, 6);
  int gx, gy;
  rand_pos(rooms[locked], &gx, &gy);
  w.grid.Set(gx, gy, w.Make(kGoal, kGreen));
  uint8_t left[6];
  int n_left = 6;
  for (int k = 0; k < 6; ++k) left[k] = kColorNames[k];
  uint8_t room_color[6];
  for (int k = 0; k < 6; ++k) {
    int pick = w.RandInt(0, n_left);
    room_color[k] = left[pick];
    for (int m = pick; m + 1 < n_left; ++m) left[m] = left[m + 1];
    --n_left;
    w.grid.Set(rooms[k].door_x, rooms[k].door_y, w.Make(kDoor, room_color[k], k == locked ? kLocked : kClosed));
  }
  int key_room;
  do {
    key_room = w.RandInt(0, 6);
  } while (key_room == locked);
  int kx, ky;
  rand_pos(rooms[key_room], &kx, &ky);
  w.grid.Set(kx, ky, w.Make(kKey, room_color[locked]));
  w.PlaceAgent(lwall, 0, rwall - lwall, size);
  w.mission_id = LockedRoomMission(room_color[locked], room_color[key_room]);
}

// ---- Playground: a 3 x 3 grid of rooms joined by doors, 12 objects.
inline void GenPlayground(World& w) {
  const int size = 19;
  w.NewGrid(size, size);
  w.grid.HorzWall(0, 0, -1, WallObj());
  w.grid.HorzWall(0, size - 1, -1, WallObj());
  w.grid.VertWall(0, 0, -1, WallObj());
  w.grid.VertWall(size - 1, 0, -1, WallObj());
  int room_w = size / 3, room_h = size / 3;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) {
      int xl = i * room_w, yt = j * room_h, xr = xl + room_w, yb = yt + room_h;
      if (i + 1 < 3) {
        w.grid.VertWall(xr, yt, room_h, WallObj());
        int y = w.RandInt(yt + 1, yb - 1);
        w.grid.Set(xr, y, w.Make(kDoor, w.RandColor(), kClosed));
      }
      if (j + 1 < 3) {
        w.grid.HorzWall(xl, yb, room_w, WallObj());
        int x = w.RandInt(xl + 1, xr - 1);
        w.grid.Set(x, yb, w.Make(kDoor, w.RandColor(), kClosed));
      }
    }
  w.PlaceAgent();
  for (int k = 0; k < 12; ++k) {
    uint8_t type = kKindByIndex[w.RandInt(0, 3)];
    uint8_t color = w.RandColor();
    w.PlaceObj(w.Make(type, color));
  }
}

}  // namespace rlpool::minigrid
