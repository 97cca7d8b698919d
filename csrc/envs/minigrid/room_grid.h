// minigrid's RoomGrid: a num_cols x num_rows grid of square rooms sharing
// walls, with a door position drawn on each shared wall, and the helpers its
// levels call (add_door, add_object, place_agent, connect_all, ...), drawing
// in the same order as minigrid 3.2.0.
#pragma once

#include <cstdlib>
#include <stdexcept>

#include "world.h"

namespace rlpool::minigrid {

constexpr int kMaxRooms = 8;  // rows and columns

struct Room {
  int top_x = 0, top_y = 0, size = 0;
  int door_x[4] = {0, 0, 0, 0}, door_y[4] = {0, 0, 0, 0};
  bool has_neighbor[4] = {false, false, false, false};
  // 0: no door, 1: a door, 2: an opening (remove_wall)
  uint8_t door_kind[4] = {0, 0, 0, 0};
  Obj door[4];  // the door object as placed (colour), for connect_all's checks
  bool locked = false;
  int num_objs = 0;
  uint8_t obj_type[16], obj_color[16];
};

struct RoomGrid {
  int room_size = 7, num_rows = 3, num_cols = 3;
  Room rooms[kMaxRooms][kMaxRooms];  // [j][i]

  int Width() const { return (room_size - 1) * num_cols + 1; }
  int Height() const { return (room_size - 1) * num_rows + 1; }
  Room& Get(int i, int j) { return rooms[j][i]; }
  static int Neighbor(int i, int j, int k, int* ni, int* nj) {
    static constexpr int kDi[4] = {1, 0, -1, 0}, kDj[4] = {0, 1, 0, -1};
    *ni = i + kDi[k];
    *nj = j + kDj[k];
    return 0;
  }

  // RoomGrid._gen_grid.
  void Generate(World& w) {
    w.NewGrid(Width(), Height());
    for (int j = 0; j < num_rows; ++j)
      for (int i = 0; i < num_cols; ++i) {
        Room& r = rooms[j][i];
        r = Room{};
        r.top_x = i * (room_size - 1);
        r.top_y = j * (room_size - 1);
        r.size = room_size;
        w.grid.WallRect(r.top_x, r.top_y, room_size, room_size, WallObj());
      }
    for (int j = 0; j < num_rows; ++j)
      for (int i = 0; i < num_cols; ++i) {
        Room& r = rooms[j][i];
        int xl = r.top_x + 1, yl = r.top_y + 1, xm = r.top_x + room_size - 1, ym = r.top_y + room_size - 1;
        if (i < num_cols - 1) {
          r.has_neighbor[0] = true;
          r.door_x[0] = xm;
          r.door_y[0] = w.RandInt(yl, ym);
        }
        if (j < num_rows - 1) {
          r.has_neighbor[1] = true;
          r.door_x[1] = w.RandInt(xl, xm);
          r.door_y[1] = ym;
        }
        if (i > 0) {
          r.has_neighbor[2] = true;
          r.door_x[2] = rooms[j][i - 1].door_x[0];
          r.door_y[2] = rooms[j][i - 1].door_y[0];
        }
        if (j > 0) {
          r.has_neighbor[3] = true;
          r.door_x[3] = rooms[j - 1][i].door_x[1];
          r.door_y[3] = rooms[j - 1][i].door_y[1];
        }
      }
    w.ax = num_cols / 2 * (room_size - 1) + room_size / 2;
    w.ay = num_rows / 2 * (room_size - 1) + room_size / 2;
    w.dir = 0;
  }

  // place_in_room: rejection-sampled in the room (walls included, as
  // minigrid does), never next to the agent, at most 1000 + 1 tries.
  void PlaceInRoom(World& w, int i, int j, const Obj& o, int* px = nullptr, int* py = nullptr) {
    Room& r = Get(i, j);
    int x, y;
    auto next_to_agent = [&w](int x, int y) { return std::abs(w.ax - x) + std::abs(w.ay - y) < 2; };
    w.PlaceObjOrThrow(o, r.top_x, r.top_y, r.size, r.size, next_to_agent, 1000, &x, &y);
    if (r.num_objs < 16) {
      r.obj_type[r.num_objs] = o.type;
      r.obj_color[r.num_objs] = o.color;
      ++r.num_objs;
    }
    if (px) *px = x;
    if (py) *py = y;
  }

  // add_object: kind < 0 draws one of key / ball / box, color < 0 draws a colour.
  Obj AddObject(World& w, int i, int j, int kind = -1, int color = -1, int* px = nullptr, int* py = nullptr) {
    static constexpr uint8_t kKinds[3] = {kKey, kBall, kBox};
    if (kind < 0) kind = kKinds[w.RandInt(0, 3)];
    if (color < 0) color = w.RandColor();
    Obj o = w.Make(static_cast<uint8_t>(kind), static_cast<uint8_t>(color));
    PlaceInRoom(w, i, j, o, px, py);
    return o;
  }

  // add_door: door_idx < 0 draws a wall with a neighbour and no door yet;
  // color < 0 draws a colour; locked < 0 draws it.
  Obj AddDoor(World& w, int i, int j, int door_idx = -1, int color = -1, int locked = -1, int* px = nullptr,
              int* py = nullptr) {
    Room& r = Get(i, j);
    if (door_idx < 0) {
      for (;;) {
        door_idx = w.RandInt(0, 4);
        if (r.has_neighbor[door_idx] && r.door_kind[door_idx] == 0) break;
      }
    }
    if (color < 0) color = w.RandColor();
    if (locked < 0) locked = w.RandBool();
    r.locked = locked != 0;
    Obj door = w.Make(kDoor, static_cast<uint8_t>(color), locked ? kLocked : kClosed);
    w.grid.Set(r.door_x[door_idx], r.door_y[door_idx], door);
    int ni, nj;
    Neighbor(i, j, door_idx, &ni, &nj);
    r.door_kind[door_idx] = 1;
    r.door[door_idx] = door;
    Room& n = Get(ni, nj);
    n.door_kind[(door_idx + 2) % 4] = 1;
    n.door[(door_idx + 2) % 4] = door;
    if (px) *px = r.door_x[door_idx];
    if (py) *py = r.door_y[door_idx];
    return door;
  }

  // remove_wall: an opening along the whole shared wall.
  void RemoveWall(World& w, int i, int j, int wall_idx) {
    Room& r = Get(i, j);
    int tx = r.top_x, ty = r.top_y, s = r.size;
    for (int k = 1; k < s - 1; ++k) {
      if (wall_idx == 0) w.grid.Remove(tx + s - 1, ty + k);
      if (wall_idx == 1) w.grid.Remove(tx + k, ty + s - 1);
      if (wall_idx == 2) w.grid.Remove(tx, ty + k);
      if (wall_idx == 3) w.grid.Remove(tx + k, ty);
    }
    int ni, nj;
    Neighbor(i, j, wall_idx, &ni, &nj);
    r.door_kind[wall_idx] = 2;
    Get(ni, nj).door_kind[(wall_idx + 2) % 4] = 2;
  }

  // RoomGrid.place_agent: in room (i, j) (drawn when < 0), redrawn until the
  // cell ahead is empty or a wall.
  void PlaceAgent(World& w, int i = -1, int j = -1, bool rand_dir = true) {
    if (i < 0) i = w.RandInt(0, num_cols);
    if (j < 0) j = w.RandInt(0, num_rows);
    Room& r = Get(i, j);
    // minigrid loops forever when every free cell of the room faces an object
    // (it happens: BabyAI-SynthS5R2-v0, seed 3, second episode); rlpool gives
    // up after many tries and lets the level generate again instead of hanging.
    for (int tries = 0;; ++tries) {
      if (tries > 100000) throw std::runtime_error("minigrid: no free cell to place the agent facing empty space");
      w.PlaceAgent(r.top_x, r.top_y, r.size, r.size, rand_dir, 1000);
      const Obj& front = w.grid.Get(w.FrontX(), w.FrontY());
      if (front.None() || front.type == kWall) break;
    }
  }

  // connect_all: add unlocked doors between random neighbours until every
  // room is reachable from the agent's. `colors` / `num_colors`: the list
  // door colours are drawn from (COLOR_NAMES by default).
  void ConnectAll(World& w, const uint8_t* colors = kColorNames, int num_colors = 6, int max_itrs = 5000) {
    int si = w.ax / (room_size - 1), sj = w.ay / (room_size - 1);
    for (int itr = 0;; ++itr) {
      if (itr > max_itrs) throw std::runtime_error("minigrid: connect_all failed");
      if (Reachable(si, sj) == num_rows * num_cols) break;
      int i = w.RandInt(0, num_cols), j = w.RandInt(0, num_rows), k = w.RandInt(0, 4);
      Room& r = Get(i, j);
      if (!r.has_neighbor[k] || r.door_kind[k] != 0) continue;
      int ni, nj;
      Neighbor(i, j, k, &ni, &nj);
      if (r.locked || Get(ni, nj).locked) continue;
      uint8_t color = colors[w.RandInt(0, num_colors)];
      AddDoor(w, i, j, k, color, 0);
    }
  }

  int Reachable(int si, int sj) const {
    bool seen[kMaxRooms][kMaxRooms] = {};
    int stack_i[kMaxRooms * kMaxRooms * 4], stack_j[kMaxRooms * kMaxRooms * 4], top = 0, count = 0;
    stack_i[top] = si;
    stack_j[top++] = sj;
    while (top > 0) {
      --top;
      int i = stack_i[top], j = stack_j[top];
      if (seen[j][i]) continue;
      seen[j][i] = true;
      ++count;
      for (int k = 0; k < 4; ++k) {
        if (rooms[j][i].door_kind[k] == 0) continue;
        int ni, nj;
        Neighbor(i, j, k, &ni, &nj);
        if (!seen[nj][ni]) {
          stack_i[top] = ni;
          stack_j[top++] = nj;
        }
      }
    }
    return count;
  }
};

}  // namespace rlpool::minigrid
