// MiniGrid's world as plain values: object cells in one array (sized for the
// level's map when the env is built, so nothing is allocated per episode or
// step), their
// 3-number encoding and the agent's partial view, as minigrid 3.2.0's
// `Grid.encode`, `MiniGridEnv.gen_obs_grid` and `Grid.process_vis` compute them.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace rlpool::minigrid {

// minigrid's OBJECT_TO_IDX; kEmpty doubles as "no object" (None) in a cell.
enum ObjType : uint8_t { kUnseen = 0, kEmpty = 1, kWall = 2, kFloor = 3, kDoor = 4, kKey = 5, kBall = 6, kBox = 7, kGoal = 8, kLava = 9, kAgent = 10 };
// minigrid's COLOR_TO_IDX.
enum Color : uint8_t { kRed = 0, kGreen = 1, kBlue = 2, kPurple = 3, kYellow = 4, kGrey = 5 };
// minigrid's COLOR_NAMES (the names sorted): the list `_rand_color` and
// `_rand_elem(COLOR_NAMES)` index into.
constexpr uint8_t kColorNames[6] = {kBlue, kGreen, kGrey, kPurple, kRed, kYellow};
constexpr const char* kColorText[6] = {"red", "green", "blue", "purple", "yellow", "grey"};
constexpr const char* TypeText(uint8_t t) {
  switch (t) {
    case kKey: return "key";
    case kBall: return "ball";
    case kBox: return "box";
    case kDoor: return "door";
    default: return "?";
  }
}
// A door's encoded state (STATE_TO_IDX).
enum DoorState : uint8_t { kOpen = 0, kClosed = 1, kLocked = 2 };

// DIR_TO_VEC: 0 right (+x), 1 down (+y), 2 left, 3 up.
constexpr int kDirX[4] = {1, 0, -1, 0};
constexpr int kDirY[4] = {0, 1, 0, -1};

// One cell's object. `id` gives placed objects an identity (minigrid compares
// some objects with `is`/`==`); a box carries what it contains.
struct Obj {
  uint8_t type = kEmpty;
  uint8_t color = 0;
  uint8_t state = 0;  // doors only
  uint8_t inner_type = kEmpty, inner_color = 0;
  uint16_t id = 0, inner_id = 0;

  bool None() const { return type == kEmpty; }
  bool CanOverlap() const { return type == kGoal || type == kFloor || type == kLava || (type == kDoor && state == kOpen); }
  bool CanPickup() const { return type == kKey || type == kBall || type == kBox; }
  bool SeeBehind() const { return type != kWall && !(type == kDoor && state != kOpen); }
  void Encode(uint8_t* out) const {
    if (None()) {
      out[0] = kEmpty;
      out[1] = 0;
      out[2] = 0;
    } else {
      out[0] = type;
      out[1] = color;
      out[2] = type == kDoor ? state : 0;
    }
  }
};

constexpr int kMaxSize = 32;    // MultiRoom-N6 is 25 x 25, the largest map here
constexpr int kMaxView = 15;    // agent_view_size up to this (default 7)

class Grid {
 public:
  // Room for a width x height map before the first Clear: called when the env
  // is built, so the cells are allocated beside it (a step reads them all).
  void Reserve(int width, int height) { cells_.reserve(static_cast<size_t>(width) * height); }
  void Clear(int width, int height) {
    width_ = width;
    height_ = height;
    cells_.assign(static_cast<size_t>(width) * height, Obj{});
  }
  int Width() const { return width_; }
  int Height() const { return height_; }
  bool Inside(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  const Obj& Get(int x, int y) const { return cells_[y * width_ + x]; }
  Obj& At(int x, int y) { return cells_[y * width_ + x]; }
  void Set(int x, int y, const Obj& o) { cells_[y * width_ + x] = o; }
  void Remove(int x, int y) { cells_[y * width_ + x] = Obj{}; }

  // length < 0: to the edge, as minigrid's default length.
  void HorzWall(int x, int y, int length, const Obj& o) {
    if (length < 0) length = width_ - x;
    for (int i = 0; i < length; ++i) Set(x + i, y, o);
  }
  void VertWall(int x, int y, int length, const Obj& o) {
    if (length < 0) length = height_ - y;
    for (int j = 0; j < length; ++j) Set(x, y + j, o);
  }
  void WallRect(int x, int y, int w, int h, const Obj& wall) {
    HorzWall(x, y, w, wall);
    HorzWall(x, y + h - 1, w, wall);
    VertWall(x, y, h, wall);
    VertWall(x + w - 1, y, h, wall);
  }

  // Grid.encode(): shape (width, height, 3), element [i, j, c].
  void Encode(uint8_t* out) const {
    for (int i = 0; i < width_; ++i)
      for (int j = 0; j < height_; ++j) Get(i, j).Encode(out + (i * height_ + j) * 3);
  }

 private:
  int width_ = 0, height_ = 0;
  std::vector<Obj> cells_;  // row-major, y * width + x
};

inline Obj WallObj() { return Obj{kWall, kGrey}; }

// The agent's view (gen_obs_grid): view cell (vx, vy) looks at world cell
// agent + dir * (size - 1 - vy) + right * (vx - size / 2) (the slice rotated
// so the agent sits at (size / 2, size - 1) facing up); cells off the map
// are walls. mask[vx][vy] says which the agent sees: all with see-through
// walls, else those process_vis's sweep reaches.
inline void ViewCells(const Grid& grid, int ax, int ay, int dir, bool see_through_walls, int size,
                      Obj (&view)[kMaxView][kMaxView], bool (&mask)[kMaxView][kMaxView]) {
  const int half = size / 2, dx = kDirX[dir], dy = kDirY[dir], rx = -dy, ry = dx;
  for (int vx = 0; vx < size; ++vx)
    for (int vy = 0; vy < size; ++vy) {
      int wx = ax + dx * (size - 1 - vy) + rx * (vx - half);
      int wy = ay + dy * (size - 1 - vy) + ry * (vx - half);
      view[vx][vy] = grid.Inside(wx, wy) ? grid.Get(wx, wy) : WallObj();
    }
  if (see_through_walls) {
    for (int i = 0; i < size; ++i)
      for (int j = 0; j < size; ++j) mask[i][j] = true;
    return;
  }
  // Grid.process_vis: sweep rows from the agent's outward, spreading
  // visibility right then left through cells that do not block sight.
  for (int i = 0; i < size; ++i)
    for (int j = 0; j < size; ++j) mask[i][j] = false;
  mask[half][size - 1] = true;
  for (int j = size - 1; j >= 0; --j) {
    for (int i = 0; i < size - 1; ++i) {
      if (!mask[i][j] || (!view[i][j].None() && !view[i][j].SeeBehind())) continue;
      mask[i + 1][j] = true;
      if (j > 0) mask[i + 1][j - 1] = mask[i][j - 1] = true;
    }
    for (int i = size - 1; i >= 1; --i) {
      if (!mask[i][j] || (!view[i][j].None() && !view[i][j].SeeBehind())) continue;
      mask[i - 1][j] = true;
      if (j > 0) mask[i - 1][j - 1] = mask[i][j - 1] = true;
    }
  }
}

// The agent's view, encoded (ViewCells); the agent's own cell shows what it
// carries, cells it does not see encode as unseen.
inline void EncodeView(const Grid& grid, int ax, int ay, int dir, const Obj& carrying, bool see_through_walls, int size,
                       uint8_t* out) {
  Obj view[kMaxView][kMaxView];
  bool mask[kMaxView][kMaxView];
  const int half = size / 2;
  ViewCells(grid, ax, ay, dir, see_through_walls, size, view, mask);
  view[half][size - 1] = carrying;
  for (int i = 0; i < size; ++i)
    for (int j = 0; j < size; ++j) {
      uint8_t* cell = out + (i * size + j) * 3;
      if (mask[i][j]) {
        view[i][j].Encode(cell);
      } else {
        cell[0] = cell[1] = cell[2] = 0;
      }
    }
}

}  // namespace rlpool::minigrid
