// BabyAI's RoomGridLevel (minigrid 3.2.0 babyai/core/roomgrid_level.py):
// generation retried until the level accepts it (RejectSampling, or a
// placement that ran out of tries), the mission stated from the
// instructions, max_steps from the navigations they need, and the verifier
// run after every step.
#pragma once

#include <stdexcept>

#include "babyai_verifier.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

struct RejectSampling {};

struct BabyObjs {
  int count = 0;
  uint16_t id[kMaxMatches];
  uint8_t type[kMaxMatches], color[kMaxMatches];
  int x[kMaxMatches], y[kMaxMatches];
  void Add(const Obj& o, int px, int py) {
    if (count >= kMaxMatches) return;
    id[count] = o.id;
    type[count] = o.type;
    color[count] = o.color;
    x[count] = px;
    y[count++] = py;
  }
};

// RoomGrid.add_distractors: colour first, then kind; all_unique skips
// (type, colour) pairs already in any room.
inline BabyObjs AddDistractors(World& w, RoomGrid& rg, int i, int j, int num, bool all_unique) {
  static constexpr uint8_t kKinds[3] = {kKey, kBall, kBox};
  BabyObjs out;
  while (out.count < num) {
    uint8_t color = w.RandColor();
    uint8_t type = kKinds[w.RandInt(0, 3)];
    if (all_unique) {
      bool seen = false;
      for (int rj = 0; rj < rg.num_rows; ++rj)
        for (int ri = 0; ri < rg.num_cols; ++ri) {
          const Room& r = rg.rooms[rj][ri];
          for (int k = 0; k < r.num_objs; ++k) seen |= r.obj_type[k] == type && r.obj_color[k] == color;
        }
      if (seen) continue;
    }
    int ri = i >= 0 ? i : w.RandInt(0, rg.num_cols);
    int rj = j >= 0 ? j : w.RandInt(0, rg.num_rows);
    int x, y;
    Obj o = rg.AddObject(w, ri, rj, type, color, &x, &y);
    out.Add(o, x, y);
  }
  return out;
}

// check_objs_reachable: a flood from the agent through empty cells and
// doors must touch every object.
inline bool ObjsReachable(const World& w) {
  bool seen[kMaxSize][kMaxSize] = {};
  int sx[kMaxSize * kMaxSize * 4], sy[kMaxSize * kMaxSize * 4], top = 0;
  sx[top] = w.ax;
  sy[top++] = w.ay;
  while (top > 0) {
    --top;
    int i = sx[top], j = sy[top];
    if (i < 0 || j < 0 || i >= w.width || j >= w.height || seen[i][j]) continue;
    seen[i][j] = true;
    const Obj& c = w.grid.Get(i, j);
    if (!c.None() && c.type != kDoor) continue;
    const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
    for (int k = 0; k < 4; ++k) {
      sx[top] = i + di[k];
      sy[top++] = j + dj[k];
    }
  }
  for (int i = 0; i < w.width; ++i)
    for (int j = 0; j < w.height; ++j) {
      const Obj& c = w.grid.Get(i, j);
      if (!c.None() && c.type != kWall && !seen[i][j]) return false;
    }
  return true;
}

inline void OpenAllDoors(World& w) {
  for (int i = 0; i < w.width; ++i)
    for (int j = 0; j < w.height; ++j)
      if (w.grid.Get(i, j).type == kDoor) w.grid.At(i, j).state = kOpen;
}

inline Instr GoToInstr(int type, int color, int loc = kNoLoc) {
  Instr in;
  in.kind = InstrKind::kGoTo;
  in.desc.type = type;
  in.desc.color = color;
  in.desc.loc = loc;
  return in;
}

// One BabyAI episode: generate (retrying), state the mission, arm the verifier.
template <class GenMission>
void GenerateLevel(World& w, RoomGrid& rg, Instructions& instrs, bool fixed_max_steps, GenMission gen_mission) {
  for (;;) {
    rg.Generate(w);
    instrs.count = 0;
    instrs.root = -1;
    try {
      gen_mission();
    } catch (const RejectSampling&) {
      continue;
    } catch (const std::runtime_error&) {  // place_obj / connect_all out of tries (RecursionError)
      continue;
    }
    break;
  }
  w.babyai_code = instrs.Encode(w, rg);
  w.babyai_text.Clear();
  ComposeMission(w.babyai_text, w.babyai_code);
  instrs.ResetVerifier(w, rg, instrs.root);
  int nav_time_maze = rg.room_size * rg.room_size * rg.num_rows * rg.num_cols;
  if (!fixed_max_steps) w.max_steps = instrs.NavsNeeded(instrs.root) * nav_time_maze;
}

// RoomGridLevel.step: the base rules, positions refreshed after a drop, then the verifier.
inline World::Outcome StepLevel(World& w, const RoomGrid& rg, Instructions& instrs, int action) {
  World::Outcome r = w.BaseStep(action);
  if (action == kDrop) instrs.UpdatePositions(w, rg, instrs.root);
  Status s = instrs.Verify(w, instrs.root, action);
  if (s == Status::kSuccess) {
    r.terminated = true;
    r.reward = w.SuccessReward();
  } else if (s == Status::kFailure) {
    r.terminated = true;
    r.reward = 0.0;
  }
  return r;
}

}  // namespace rlpool::minigrid
