// One MiniGrid episode's state and the helpers minigrid's generators call
// (`_rand_int`, `place_obj`, `place_agent`, ...), drawing from numpy's
// Generator exactly as `MiniGridEnv` does, plus the shared step rules.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "babyai_mission.h"
#include "common/random/np_random.h"
#include "grid.h"

namespace rlpool::minigrid {

enum Action : int { kLeft = 0, kRight = 1, kForward = 2, kPickup = 3, kDrop = 4, kToggle = 5, kDone = 6 };

struct World {
  explicit World(uint32_t seed) : rng(seed) {}

  // What every step reads comes first, in the env's first lines; the grid's
  // cells are on the heap (Grid::Reserve), BabyAI's mission text last.
  int width = 0, height = 0;
  int ax = -1, ay = -1, dir = 0;
  Obj carrying;
  int step_count = 0, max_steps = 100;
  bool see_through_walls = false;
  uint16_t next_id = 1;
  int mission_id = 0;  // MiniGrid: an index into the level's table (missions.h)
  NpRandom rng;
  Grid grid;
  // BabyAI: the mission's code (info["mission_id"]) and its text, written at reset.
  MissionCode babyai_code;
  MissionText babyai_text;

  // A new object with its own identity.
  Obj Make(uint8_t type, uint8_t color, uint8_t state = 0) {
    Obj o;
    o.type = type;
    o.color = color;
    o.state = state;
    o.id = next_id++;
    return o;
  }
  Obj MakeBox(uint8_t color, const Obj& inner) {
    Obj o = Make(kBox, color);
    o.inner_type = inner.type;
    o.inner_color = inner.color;
    o.inner_id = inner.id;
    return o;
  }

  void NewGrid(int w, int h) {
    width = w;
    height = h;
    grid.Clear(w, h);
    next_id = 1;
  }

  int RandInt(int low, int high) { return static_cast<int>(rng.Integers(low, high)); }
  bool RandBool() { return rng.Integers(0, 2) == 0; }
  uint8_t RandColor() { return kColorNames[RandInt(0, 6)]; }

  // place_obj: rejection-sample an empty cell (not the agent's) in the
  // rectangle; `reject(x, y)` filters more. Returns false after max_tries + 1
  // failed draws (minigrid raises then), leaving the grid untouched.
  template <class Reject>
  bool PlaceObj(const Obj& o, int top_x, int top_y, int size_x, int size_y, Reject reject, int64_t max_tries, int* px,
                int* py) {
    top_x = top_x > 0 ? top_x : 0;
    top_y = top_y > 0 ? top_y : 0;
    int hi_x = top_x + size_x < width ? top_x + size_x : width;
    int hi_y = top_y + size_y < height ? top_y + size_y : height;
    for (int64_t tries = 0;; ++tries) {
      if (max_tries >= 0 && tries > max_tries) return false;
      int x = RandInt(top_x, hi_x);
      int y = RandInt(top_y, hi_y);
      if (!grid.Get(x, y).None()) continue;
      if (x == ax && y == ay) continue;
      if (reject(x, y)) continue;
      if (!o.None()) grid.Set(x, y, o);
      *px = x;
      *py = y;
      return true;
    }
  }
  bool PlaceObj(const Obj& o, int* px = nullptr, int* py = nullptr) {
    int x, y;
    bool ok = PlaceObj(o, 0, 0, width, height, [](int, int) { return false; }, -1, &x, &y);
    if (px) *px = x;
    if (py) *py = y;
    return ok;
  }
  template <class Reject>
  void PlaceObjOrThrow(const Obj& o, int top_x, int top_y, int size_x, int size_y, Reject reject, int64_t max_tries,
                       int* px, int* py) {
    if (!PlaceObj(o, top_x, top_y, size_x, size_y, reject, max_tries, px, py))
      throw std::runtime_error("minigrid: rejection sampling failed in place_obj");
  }

  // place_agent: the agent on an empty cell of the rectangle, then (by
  // default) a random direction.
  void PlaceAgent(int top_x, int top_y, int size_x, int size_y, bool rand_dir = true, int64_t max_tries = -1) {
    ax = ay = -1;
    int x, y;
    PlaceObjOrThrow(Obj{}, top_x, top_y, size_x, size_y, [](int, int) { return false; }, max_tries, &x, &y);
    ax = x;
    ay = y;
    if (rand_dir) dir = RandInt(0, 4);
  }
  void PlaceAgent() { PlaceAgent(0, 0, width, height); }

  int FrontX() const { return ax + kDirX[dir]; }
  int FrontY() const { return ay + kDirY[dir]; }

  double SuccessReward() const { return 1.0 - 0.9 * (static_cast<double>(step_count) / max_steps); }

  // MiniGridEnv.step's rules for one action (the step count included).
  struct Outcome {
    double reward = 0.0;
    bool terminated = false;
  };
  Outcome BaseStep(int action) {
    ++step_count;
    Outcome r;
    int fx = FrontX(), fy = FrontY();
    if (!grid.Inside(fx, fy)) fx = ax, fy = ay;  // never happens on walled maps; keeps reads in bounds
    Obj& fwd = grid.At(fx, fy);
    switch (action) {
      case kLeft: dir = (dir + 3) % 4; break;
      case kRight: dir = (dir + 1) % 4; break;
      case kForward:
        if (fwd.None() || fwd.CanOverlap()) {
          ax = fx;
          ay = fy;
        }
        if (fwd.type == kGoal) {
          r.terminated = true;
          r.reward = SuccessReward();
        }
        if (fwd.type == kLava) r.terminated = true;
        break;
      case kPickup:
        if (fwd.CanPickup() && carrying.None()) {
          carrying = fwd;
          grid.Remove(fx, fy);
        }
        break;
      case kDrop:
        if (fwd.None() && !carrying.None()) {
          grid.Set(fx, fy, carrying);
          carrying = Obj{};
        }
        break;
      case kToggle: Toggle(fwd); break;
      default: break;  // done: nothing
    }
    return r;
  }

  // WorldObj.toggle: a locked door opens with a key of its colour, an
  // unlocked one flips; a box turns into what it holds.
  static void ToggleDoor(Obj& door, const Obj& carrying) {
    if (door.state == kLocked) {
      if (carrying.type == kKey && carrying.color == door.color) door.state = kOpen;
      return;
    }
    door.state = door.state == kOpen ? kClosed : kOpen;
  }
  void Toggle(Obj& fwd) {
    if (fwd.type == kDoor) {
      ToggleDoor(fwd, carrying);
    } else if (fwd.type == kBox) {
      Obj inner;
      inner.type = fwd.inner_type;
      inner.color = fwd.inner_color;
      inner.id = fwd.inner_id;
      fwd = inner;
    }
  }
};

}  // namespace rlpool::minigrid
