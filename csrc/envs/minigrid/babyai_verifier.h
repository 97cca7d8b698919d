// BabyAI's instructions and their verifier (minigrid 3.2.0's
// babyai/core/verifier.py): object descriptions matched against the grid,
// GoTo / Open / Pickup / PutNext actions, and Before / After / And
// sequences, reporting success on the exact step minigrid does. Object
// identity is the World's object id; nothing here allocates.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "babyai_mission.h"
#include "room_grid.h"
#include "world.h"

namespace rlpool::minigrid {

enum Loc : int8_t { kNoLoc = -1, kLocLeft = 0, kLocRight = 1, kLocFront = 2, kLocBehind = 3 };
constexpr int kMaxMatches = 128;

enum class Status { kContinue, kSuccess, kFailure };

struct ObjDesc {
  int type = -1, color = -1, loc = kNoLoc;  // -1: any
  int num_objs = 0;                         // obj_set (identities)
  uint16_t ids[kMaxMatches];
  int num_poss = 0;  // obj_poss
  int px[kMaxMatches], py[kMaxMatches];

  bool Tracks(uint16_t id) const {
    for (int k = 0; k < num_objs; ++k)
      if (ids[k] == id) return true;
    return false;
  }

  // ObjDesc.find_matching_objs: with use_location, the set is rebuilt
  // (location words relative to the agent, inside its room); without, only
  // already tracked objects are re-found (their positions after a drop).
  void FindMatching(const World& w, const RoomGrid& rg, bool use_location) {
    if (use_location) num_objs = 0;
    num_poss = 0;
    const int span = rg.room_size - 1;
    const Room& agent_room = rg.rooms[w.ay / span][w.ax / span];
    for (int i = 0; i < w.width; ++i)
      for (int j = 0; j < w.height; ++j) {
        const Obj& cell = w.grid.Get(i, j);
        if (cell.None()) continue;
        if (!use_location && !Tracks(cell.id)) continue;
        if (type >= 0 && cell.type != type) continue;
        if (color >= 0 && cell.color != color) continue;
        if (use_location && loc != kNoLoc) {
          if (i < agent_room.top_x || j < agent_room.top_y || i >= agent_room.top_x + agent_room.size ||
              j >= agent_room.top_y + agent_room.size)
            continue;
          int vx = i - w.ax, vy = j - w.ay, d1x = kDirX[w.dir], d1y = kDirY[w.dir], d2x = -d1y, d2y = d1x;
          int side = vx * d2x + vy * d2y, ahead = vx * d1x + vy * d1y;
          bool match = loc == kLocLeft ? side < 0 : loc == kLocRight ? side > 0 : loc == kLocFront ? ahead > 0 : ahead < 0;
          if (!match) continue;
        }
        if (use_location && num_objs < kMaxMatches) ids[num_objs++] = cell.id;
        if (num_poss < kMaxMatches) {
          px[num_poss] = i;
          py[num_poss++] = j;
        }
      }
  }

  // ObjDesc.surface as a description code (babyai_mission.h): the matching
  // set is rebuilt first, since the article says whether several objects match.
  int Code(const World& w, const RoomGrid& rg) {
    FindMatching(w, rg, true);
    return DescCode(type, color, loc, num_objs > 1);
  }
};

enum class InstrKind : uint8_t { kGoTo, kOpen, kPickup, kPutNext, kBefore, kAfter, kAnd };

// One instruction node; sequences refer to their two parts by index.
struct Instr {
  InstrKind kind = InstrKind::kGoTo;
  ObjDesc desc, desc_fixed;  // desc: the object (PutNext: the one moved)
  bool strict = false;
  int a = -1, b = -1;        // sequences: part indices
  Status a_done = Status::kContinue, b_done = Status::kContinue;
  bool a_started = false, b_started = false;  // a_done / b_done hold a result (Python's False otherwise)
  uint16_t pre_carrying = 0;
};

struct Instructions {
  static constexpr int kMaxNodes = 7;
  Instr nodes[kMaxNodes];
  int count = 0, root = -1;

  int Add(const Instr& in) {
    nodes[count] = in;
    return count++;
  }

  static bool IsSeq(const Instr& in) { return in.kind == InstrKind::kBefore || in.kind == InstrKind::kAfter || in.kind == InstrKind::kAnd; }

  // The mission's code (babyai_mission.h): its clauses in text order, each
  // description matched against the grid as minigrid's surface() does.
  MissionCode Encode(const World& w, const RoomGrid& rg) {
    MissionCode code;
    int next = 1;
    auto clause = [&](int n) {
      Instr& in = nodes[n];
      int d = in.desc.Code(w, rg);
      switch (in.kind) {
        case InstrKind::kGoTo: code.part[next++] = d; break;
        case InstrKind::kOpen: code.part[next++] = kDescCodes + d; break;
        case InstrKind::kPickup: code.part[next++] = 2 * kDescCodes + d; break;
        case InstrKind::kPutNext: code.part[next++] = 3 * kDescCodes + d * kDescCodes + in.desc_fixed.Code(w, rg); break;
        default: throw std::logic_error("babyai: a sequence where the grammar has a clause");
      }
    };
    auto group = [&](int n) {  // a clause, or "A and B"; true for the latter
      bool is_and = nodes[n].kind == InstrKind::kAnd;
      clause(is_and ? nodes[n].a : n);
      if (is_and) clause(nodes[n].b);
      return is_and;
    };
    const Instr& top = nodes[root];
    if (top.kind == InstrKind::kBefore || top.kind == InstrKind::kAfter) {
      bool and_a = group(top.a);
      bool and_b = group(top.b);
      code.part[0] = FormOf(top.kind == InstrKind::kBefore ? 1 : 2, and_a, and_b);
    } else {
      code.part[0] = FormOf(0, group(root), false);
    }
    return code;
  }

  void ResetVerifier(const World& w, const RoomGrid& rg, int n) {
    Instr& in = nodes[n];
    if (IsSeq(in)) {
      ResetVerifier(w, rg, in.a);
      ResetVerifier(w, rg, in.b);
      in.a_started = in.b_started = false;
      in.a_done = in.b_done = Status::kContinue;
      return;
    }
    in.pre_carrying = 0;
    in.desc.FindMatching(w, rg, true);
    if (in.kind == InstrKind::kPutNext) in.desc_fixed.FindMatching(w, rg, true);
  }

  // update_objs_poss after a drop: tracked objects' positions again.
  void UpdatePositions(const World& w, const RoomGrid& rg, int n) {
    Instr& in = nodes[n];
    if (IsSeq(in)) {
      UpdatePositions(w, rg, in.a);
      UpdatePositions(w, rg, in.b);
      return;
    }
    in.desc.FindMatching(w, rg, false);
    if (in.kind == InstrKind::kPutNext) in.desc_fixed.FindMatching(w, rg, false);
  }

  // Where the object `id` is now: (-1, -1) while carried (minigrid's cur_pos).
  static void CurrentPos(const World& w, uint16_t id, int* x, int* y) {
    *x = *y = -1;
    if (!w.carrying.None() && w.carrying.id == id) return;
    for (int i = 0; i < w.width; ++i)
      for (int j = 0; j < w.height; ++j)
        if (!w.grid.Get(i, j).None() && w.grid.Get(i, j).id == id) {
          *x = i;
          *y = j;
          return;
        }
  }

  Status VerifyAction(const World& w, Instr& in, int action) {
    const int fx = w.FrontX(), fy = w.FrontY();
    switch (in.kind) {
      case InstrKind::kGoTo:
        for (int k = 0; k < in.desc.num_poss; ++k)
          if (in.desc.px[k] == fx && in.desc.py[k] == fy) return Status::kSuccess;
        return Status::kContinue;
      case InstrKind::kOpen: {
        if (action != kToggle) return Status::kContinue;
        const Obj& front = w.grid.Get(fx, fy);
        if (!front.None() && front.type == kDoor && front.state == kOpen && in.desc.Tracks(front.id))
          return Status::kSuccess;
        if (in.strict && !front.None() && front.type == kDoor) return Status::kFailure;
        return Status::kContinue;
      }
      case InstrKind::kPickup: {
        uint16_t pre = in.pre_carrying;
        uint16_t now = w.carrying.None() ? 0 : w.carrying.id;
        in.pre_carrying = now;
        if (action != kPickup) return Status::kContinue;
        if (pre == 0 && now != 0 && in.desc.Tracks(now)) return Status::kSuccess;
        if (in.strict && now != 0) return Status::kFailure;
        in.pre_carrying = now;
        return Status::kContinue;
      }
      case InstrKind::kPutNext: {
        uint16_t pre = in.pre_carrying;
        uint16_t now = w.carrying.None() ? 0 : w.carrying.id;
        in.pre_carrying = now;
        if (in.strict && action == kPickup && now != 0) return Status::kFailure;
        if (action != kDrop) return Status::kContinue;
        if (pre == 0 || !in.desc.Tracks(pre)) return Status::kContinue;
        int ax, ay;
        CurrentPos(w, pre, &ax, &ay);
        for (int k = 0; k < in.desc_fixed.num_poss; ++k)
          if (std::abs(ax - in.desc_fixed.px[k]) + std::abs(ay - in.desc_fixed.py[k]) == 1) return Status::kSuccess;
        return Status::kContinue;
      }
      default: return Status::kContinue;
    }
  }

  Status Verify(const World& w, int n, int action) {
    Instr& in = nodes[n];
    switch (in.kind) {
      case InstrKind::kBefore:
        if (in.a_started && in.a_done == Status::kSuccess) {
          in.b_done = Verify(w, in.b, action);
          in.b_started = true;
          if (in.b_done != Status::kContinue) return in.b_done;
        } else {
          in.a_done = Verify(w, in.a, action);
          in.a_started = true;
          if (in.a_done == Status::kFailure) return Status::kFailure;
          if (in.a_done == Status::kSuccess) return Verify(w, n, action);
          if (in.strict && Verify(w, in.b, action) == Status::kSuccess) return Status::kFailure;
        }
        return Status::kContinue;
      case InstrKind::kAfter:
        if (in.b_started && in.b_done == Status::kSuccess) {
          in.a_done = Verify(w, in.a, action);
          in.a_started = true;
          if (in.a_done != Status::kContinue) return in.a_done;
        } else {
          in.b_done = Verify(w, in.b, action);
          in.b_started = true;
          if (in.b_done == Status::kFailure) return Status::kFailure;
          if (in.b_done == Status::kSuccess) return Verify(w, n, action);
          if (in.strict && Verify(w, in.a, action) == Status::kSuccess) return Status::kFailure;
        }
        return Status::kContinue;
      case InstrKind::kAnd:
        if (!(in.a_started && in.a_done == Status::kSuccess)) {
          in.a_done = Verify(w, in.a, action);
          in.a_started = true;
        }
        if (!(in.b_started && in.b_done == Status::kSuccess)) {
          in.b_done = Verify(w, in.b, action);
          in.b_started = true;
        }
        return in.a_done == Status::kSuccess && in.b_done == Status::kSuccess ? Status::kSuccess : Status::kContinue;
      default: return VerifyAction(w, in, action);
    }
  }

  // num_navs_needed: PutNext 2, other actions 1, sequences the sum.
  int NavsNeeded(int n) const {
    const Instr& in = nodes[n];
    if (IsSeq(in)) return NavsNeeded(in.a) + NavsNeeded(in.b);
    return in.kind == InstrKind::kPutNext ? 2 : 1;
  }
};

}  // namespace rlpool::minigrid
