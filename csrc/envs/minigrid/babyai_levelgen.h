// BabyAI's LevelGen (minigrid 3.2.0 babyai/core/levelgen.py): a maze of
// rooms, maybe a locked room with its key elsewhere, distractors, and a
// random instruction tree (action / and / seq) over objects described by
// colour, type and location; validated as RoomGridLevel.validate_instrs
// does (unblocking: no instruction about a key that opens a locked door).
// Serves GoToSeq, PickupLoc, Synth*, MiniBossLevel and BossLevel*.
#pragma once

#include "babyai_actions.h"
#include "babyai_level.h"
#include "level.h"

namespace rlpool::minigrid {

struct RandomPlacementFailed {};

// rand_obj: colour (or none), type, maybe a location, until something matches.
inline ObjDesc RandObj(World& w, const RoomGrid& rg, const Params& p, const uint8_t* types, int num_types,
                       int locked_i, int locked_j) {
  for (int tries = 0;; ++tries) {
    if (tries > 100) throw RandomPlacementFailed{};
    int c = w.RandInt(0, 7);
    ObjDesc d;
    d.color = c == 0 ? -1 : kColorNames[c - 1];
    d.type = types[w.RandInt(0, num_types)];
    d.loc = kNoLoc;
    if (p.locations && w.RandBool()) d.loc = w.RandInt(0, 4);
    d.FindMatching(w, rg, true);
    if (d.num_objs == 0) continue;
    if (!p.implicit_unlock && locked_i >= 0) {
      const Room& r = rg.rooms[locked_j][locked_i];
      bool outside = false;
      for (int k = 0; k < d.num_poss; ++k)
        outside |= d.px[k] < r.top_x || d.py[k] < r.top_y || d.px[k] >= r.top_x + r.size || d.py[k] >= r.top_y + r.size;
      if (!outside) continue;
    }
    return d;
  }
}

inline int RandInstr(World& w, const RoomGrid& rg, const Params& p, Instructions& in, const uint8_t* instr_kinds,
                     int num_instr_kinds, int locked_i, int locked_j) {
  static constexpr uint8_t kAll[4] = {kBox, kBall, kKey, kDoor};  // OBJ_TYPES
  static constexpr uint8_t kDoorOnly[1] = {kDoor};
  int kind = instr_kinds[w.RandInt(0, num_instr_kinds)];
  if (kind == 0) {  // action
    int action = p.action_kinds[w.RandInt(0, p.num_action_kinds)];
    Instr instr;
    if (action == 0) {
      instr.kind = InstrKind::kGoTo;
      instr.desc = RandObj(w, rg, p, kAll, 4, locked_i, locked_j);
    } else if (action == 1) {
      instr.kind = InstrKind::kPickup;
      instr.desc = RandObj(w, rg, p, kAll, 3, locked_i, locked_j);
    } else if (action == 2) {
      instr.kind = InstrKind::kOpen;
      instr.desc = RandObj(w, rg, p, kDoorOnly, 1, locked_i, locked_j);
    } else {
      instr.kind = InstrKind::kPutNext;
      instr.desc = RandObj(w, rg, p, kAll, 3, locked_i, locked_j);
      instr.desc_fixed = RandObj(w, rg, p, kAll, 4, locked_i, locked_j);
    }
    return in.Add(instr);
  }
  if (kind == 1) {  // and
    static constexpr uint8_t kActionOnly[1] = {0};
    int a = RandInstr(w, rg, p, in, kActionOnly, 1, locked_i, locked_j);
    int b = RandInstr(w, rg, p, in, kActionOnly, 1, locked_i, locked_j);
    return in.Add(SeqInstrOf(InstrKind::kAnd, a, b));
  }
  static constexpr uint8_t kActionOrAnd[2] = {0, 1};
  int a = RandInstr(w, rg, p, in, kActionOrAnd, 2, locked_i, locked_j);
  int b = RandInstr(w, rg, p, in, kActionOrAnd, 2, locked_i, locked_j);
  return in.Add(SeqInstrOf(w.RandInt(0, 2) == 0 ? InstrKind::kBefore : InstrKind::kAfter, a, b));
}

// validate_instrs: PutNext's checks, and with unblocking no key that opens
// a locked door may be named.
inline void ValidateInstr(const World& w, const RoomGrid& rg, const Params& p, Instructions& in, int n,
                          const bool* locked_colors) {
  Instr& instr = in.nodes[n];
  if (Instructions::IsSeq(instr)) {
    ValidateInstr(w, rg, p, in, instr.a, locked_colors);
    ValidateInstr(w, rg, p, in, instr.b, locked_colors);
    return;
  }
  if (instr.kind == InstrKind::kPutNext) ValidatePutNext(w, rg, in, n);
  if (!p.unblocking) return;
  auto names_opening_key = [&](const ObjDesc& d) { return d.type == kKey && d.color >= 0 && locked_colors[d.color]; };
  if (names_opening_key(instr.desc)) throw RejectSampling{};
  if (instr.kind == InstrKind::kPutNext && names_opening_key(instr.desc_fixed)) throw RejectSampling{};
}

inline void GenLevelGen(World& w, RoomGrid& rg, Instructions& in, const Params& p) {
  rg.room_size = p.room_size;
  rg.num_rows = p.num_rows;
  rg.num_cols = p.num_cols;
  GenerateLevel(w, rg, in, p.fixed_max_steps, [&] {
    int locked_i = -1, locked_j = -1;
    if (w.rng.Uniform(0.0, 1.0) < p.locked_room_prob) {
      Obj door;
      for (;;) {
        int i = w.RandInt(0, rg.num_cols), j = w.RandInt(0, rg.num_rows), k = w.RandInt(0, 4);
        locked_i = i;
        locked_j = j;
        if (!rg.Get(i, j).has_neighbor[k]) continue;
        door = rg.AddDoor(w, i, j, k, -1, 1);
        break;
      }
      for (;;) {
        int i = w.RandInt(0, rg.num_cols), j = w.RandInt(0, rg.num_rows);
        if (i == locked_i && j == locked_j) continue;
        rg.AddObject(w, i, j, kKey, door.color);
        break;
      }
    }
    rg.ConnectAll(w);
    AddDistractors(w, rg, -1, -1, p.num_dists, false);
    const int span = rg.room_size - 1;
    for (;;) {
      rg.PlaceAgent(w);
      if (w.ax / span == locked_i && w.ay / span == locked_j) continue;
      break;
    }
    if (!p.unblocking && !ObjsReachable(w)) throw RejectSampling{};
    try {
      in.root = RandInstr(w, rg, p, in, p.instr_kinds, p.num_instr_kinds, locked_i, locked_j);
    } catch (const RandomPlacementFailed&) {
      throw RejectSampling{};  // minigrid's RecursionError: generate again
    }
    bool locked_colors[6] = {};
    for (int i = 0; i < rg.num_cols; ++i)
      for (int j = 0; j < rg.num_rows; ++j)
        for (int k = 0; k < 4; ++k)
          if (rg.rooms[j][i].door_kind[k] == 1 && w.grid.Get(rg.rooms[j][i].door_x[k], rg.rooms[j][i].door_y[k]).state == kLocked)
            locked_colors[rg.rooms[j][i].door[k].color] = true;
    ValidateInstr(w, rg, p, in, in.root, locked_colors);
  });
}

}  // namespace rlpool::minigrid
