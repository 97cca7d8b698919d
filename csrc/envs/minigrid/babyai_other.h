// BabyAI's remaining hand-written levels (minigrid 3.2.0 babyai/other.py):
// ActionObjDoor, FindObj, KeyCorridor, OneRoom, MoveTwoAcross.
#pragma once

#include "babyai_actions.h"
#include "babyai_level.h"
#include "level.h"

namespace rlpool::minigrid {

// _rand_subset(list of n, 2): two distinct indices, in draw order.
inline void PickTwo(World& w, int n, int* first, int* second) {
  *first = w.RandInt(0, n);
  *second = w.RandInt(0, n - 1);
  if (*second >= *first) ++*second;
}

inline Instr PutNextInstrOf(const BabyObjs& a, int ka, const BabyObjs& b, int kb) {
  Instr put = ActionInstrOf(InstrKind::kPutNext, a.type[ka], a.color[ka]);
  put.desc_fixed.type = b.type[kb];
  put.desc_fixed.color = b.color[kb];
  return put;
}

inline void GenBabyOther(World& w, RoomGrid& rg, Instructions& in, const Params& p) {
  rg.room_size = p.room_size;
  rg.num_rows = p.num_rows;
  rg.num_cols = p.num_cols;
  GenerateLevel(w, rg, in, p.fixed_max_steps, [&] {
    switch (p.kind) {
      case Kind::kActionObjDoor: {
        BabyObjs objs = AddDistractors(w, rg, 1, 1, 5, true);
        for (int k = 0; k < 4; ++k) {
          int x, y;
          Obj door = rg.AddDoor(w, 1, 1, -1, -1, 0, &x, &y);
          objs.Add(door, x, y);
        }
        rg.PlaceAgent(w, 1, 1);
        int k = w.RandInt(0, objs.count);
        InstrKind kind = w.RandBool() ? InstrKind::kGoTo : objs.type[k] == kDoor ? InstrKind::kOpen : InstrKind::kPickup;
        in.root = in.Add(ActionInstrOf(kind, objs.type[k], objs.color[k]));
        break;
      }
      case Kind::kFindObj: {
        int i = w.RandInt(0, rg.num_rows);
        int j = w.RandInt(0, rg.num_cols);
        Obj o = rg.AddObject(w, i, j);
        rg.PlaceAgent(w, 1, 1);
        rg.ConnectAll(w);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, o.type, -1));
        break;
      }
      case Kind::kBabyKeyCorridor: {
        for (int j = 1; j < rg.num_rows; ++j) rg.RemoveWall(w, 1, j, 3);
        int room = w.RandInt(0, rg.num_rows);
        Obj door = rg.AddDoor(w, 2, room, 2, -1, 1);
        Obj obj = rg.AddObject(w, 2, room, p.obj_type);
        int key_room = w.RandInt(0, rg.num_rows);
        rg.AddObject(w, 0, key_room, kKey, door.color);
        rg.PlaceAgent(w, 1, rg.num_rows / 2);
        rg.ConnectAll(w);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, obj.type, -1));
        break;
      }
      case Kind::kOneRoom: {
        Obj ball = rg.AddObject(w, 0, 0, kBall);
        rg.PlaceAgent(w);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, ball.type, -1));
        break;
      }
      case Kind::kMoveTwoAcross: {
        rg.PlaceAgent(w, 0, 0);
        BabyObjs left = AddDistractors(w, rg, 0, 0, p.objs_per_room, true);
        BabyObjs right = AddDistractors(w, rg, 1, 0, p.objs_per_room, true);
        rg.RemoveWall(w, 0, 0, 0);
        int l0, l1, r0, r1;
        PickTwo(w, left.count, &l0, &l1);
        PickTwo(w, right.count, &r0, &r1);
        int a = in.Add(PutNextInstrOf(left, l0, right, r0));
        int b = in.Add(PutNextInstrOf(right, r1, left, l1));
        in.root = in.Add(SeqInstrOf(InstrKind::kBefore, a, b));
        ValidatePutNext(w, rg, in, a);
        ValidatePutNext(w, rg, in, b);
        break;
      }
      default: break;
    }
  });
}

}  // namespace rlpool::minigrid
