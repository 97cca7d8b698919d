// BabyAI's Pickup, Open, PutNext and Unlock levels (minigrid 3.2.0
// babyai/pickup.py, open.py, putnext.py, unlock.py), LevelGen-free ones.
#pragma once

#include "babyai_level.h"
#include "level.h"

namespace rlpool::minigrid {

inline Instr ActionInstrOf(InstrKind kind, int type, int color, int loc = kNoLoc, bool strict = false) {
  Instr in = GoToInstr(type, color, loc);
  in.kind = kind;
  in.strict = strict;
  return in;
}

inline Instr SeqInstrOf(InstrKind kind, int a, int b) {
  Instr in;
  in.kind = kind;
  in.a = a;
  in.b = b;
  return in;
}

// _rand_subset(COLOR_NAMES, n).
inline void RandColorSubset(World& w, int n, uint8_t* out) {
  uint8_t left[6];
  int count = 6;
  for (int k = 0; k < 6; ++k) left[k] = kColorNames[k];
  for (int k = 0; k < n; ++k) {
    int pick = w.RandInt(0, count);
    out[k] = left[pick];
    for (int m = pick; m + 1 < count; ++m) left[m] = left[m + 1];
    --count;
  }
}

// validate_instrs for PutNext: reject when an object matches both sides or
// the object to move already lies next to a target.
inline void ValidatePutNext(const World& w, const RoomGrid& rg, Instructions& ins, int n) {
  Instr& in = ins.nodes[n];
  in.desc.FindMatching(w, rg, true);
  in.desc_fixed.FindMatching(w, rg, true);
  for (int k = 0; k < in.desc.num_objs; ++k)
    if (in.desc_fixed.Tracks(in.desc.ids[k])) throw RejectSampling{};
  for (int k = 0; k < in.desc.num_objs; ++k) {
    int ax, ay;
    Instructions::CurrentPos(w, in.desc.ids[k], &ax, &ay);
    for (int m = 0; m < in.desc_fixed.num_poss; ++m)
      if (std::abs(ax - in.desc_fixed.px[m]) + std::abs(ay - in.desc_fixed.py[m]) == 1) throw RejectSampling{};
  }
}

// Every room's doors, as Open lists them (a shared door once per side).
inline int AllDoors(const RoomGrid& rg, Obj* out) {
  int n = 0;
  for (int i = 0; i < rg.num_cols; ++i)
    for (int j = 0; j < rg.num_rows; ++j)
      for (int k = 0; k < 4; ++k)
        if (rg.rooms[j][i].door_kind[k] == 1) out[n++] = rg.rooms[j][i].door[k];
  return n;
}

inline void GenBabyAction(World& w, RoomGrid& rg, Instructions& in, const Params& p, uint16_t* start_carry) {
  rg.room_size = p.room_size;
  rg.num_rows = p.num_rows;
  rg.num_cols = p.num_cols;
  *start_carry = 0;
  GenerateLevel(w, rg, in, p.fixed_max_steps, [&] {
    switch (p.kind) {
      case Kind::kPickup:
      case Kind::kUnblockPickup: {
        rg.PlaceAgent(w);
        rg.ConnectAll(w);
        BabyObjs d = AddDistractors(w, rg, -1, -1, p.kind == Kind::kPickup ? 18 : 20, false);
        bool reachable = ObjsReachable(w);
        if (p.kind == Kind::kPickup ? !reachable : reachable) throw RejectSampling{};
        int k = w.RandInt(0, d.count);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, d.type[k], d.color[k]));
        break;
      }
      case Kind::kPickupDist: {
        BabyObjs d = AddDistractors(w, rg, -1, -1, 5, true);
        rg.PlaceAgent(w, 0, 0);
        int k = w.RandInt(0, d.count);
        int type = d.type[k], color = d.color[k];
        int select = w.RandInt(0, 3);  // type, color, both
        if (select == 1) type = -1;
        if (select == 0) color = -1;
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, type, color, kNoLoc, p.debug));
        break;
      }
      case Kind::kPickupAbove: {
        Obj o = rg.AddObject(w, 1, 0);
        rg.AddDoor(w, 1, 1, 3, -1, 0);
        rg.PlaceAgent(w, 1, 1);
        rg.ConnectAll(w);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, o.type, o.color));
        break;
      }
      case Kind::kOpen: {
        rg.PlaceAgent(w);
        rg.ConnectAll(w);
        AddDistractors(w, rg, -1, -1, 18, false);
        if (!ObjsReachable(w)) throw RejectSampling{};
        Obj doors[kMaxRooms * kMaxRooms * 4];
        int n = AllDoors(rg, doors);
        const Obj& door = doors[w.RandInt(0, n)];
        in.root = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, door.color));
        break;
      }
      case Kind::kOpenRedDoor: {
        rg.AddDoor(w, 0, 0, 0, kRed, 0);
        rg.PlaceAgent(w, 0, 0);
        in.root = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, kRed));
        break;
      }
      case Kind::kOpenDoor: {
        uint8_t colors[4];
        RandColorSubset(w, 4, colors);
        for (int i = 0; i < 4; ++i) rg.AddDoor(w, 1, 1, i, colors[i], 0);
        int select = p.select_by;
        if (select < 0) select = w.RandInt(0, 2);  // color, loc
        Instr open = select == 0 ? ActionInstrOf(InstrKind::kOpen, kDoor, colors[0], kNoLoc, p.debug)
                                 : ActionInstrOf(InstrKind::kOpen, kDoor, -1, w.RandInt(0, 4), p.debug);
        rg.PlaceAgent(w, 1, 1);
        in.root = in.Add(open);
        break;
      }
      case Kind::kOpenTwoDoors: {
        uint8_t colors[2];
        RandColorSubset(w, 2, colors);
        uint8_t first = p.first_color >= 0 ? p.first_color : colors[0];
        uint8_t second = p.second_color >= 0 ? p.second_color : colors[1];
        rg.AddDoor(w, 1, 1, 2, first, 0);
        rg.AddDoor(w, 1, 1, 0, second, 0);
        rg.PlaceAgent(w, 1, 1);
        int a = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, first, kNoLoc, p.debug));
        int b = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, second));
        in.root = in.Add(SeqInstrOf(InstrKind::kBefore, a, b));
        break;
      }
      case Kind::kOpenDoorsOrder: {
        uint8_t colors[6];
        RandColorSubset(w, p.num_doors, colors);
        for (int i = 0; i < p.num_doors; ++i) rg.AddDoor(w, 1, 1, -1, colors[i], 0);
        rg.PlaceAgent(w, 1, 1);
        // _rand_subset(doors, 2): door colours are distinct, so colours name them.
        uint8_t left[6];
        int count = p.num_doors;
        for (int i = 0; i < count; ++i) left[i] = colors[i];
        uint8_t pick[2];
        for (int k = 0; k < 2; ++k) {
          int at = w.RandInt(0, count);
          pick[k] = left[at];
          for (int m = at; m + 1 < count; ++m) left[m] = left[m + 1];
          --count;
        }
        int mode = w.RandInt(0, 3);
        int a = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, pick[0], kNoLoc, p.debug));
        if (mode == 0) {
          in.root = a;
        } else {
          int b = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, pick[1], kNoLoc, p.debug));
          in.root = in.Add(SeqInstrOf(mode == 1 ? InstrKind::kBefore : InstrKind::kAfter, a, b));
        }
        break;
      }
      case Kind::kPutNextLocal: {
        rg.PlaceAgent(w);
        BabyObjs d = AddDistractors(w, rg, -1, -1, p.num_objs, true);
        if (!ObjsReachable(w)) throw RejectSampling{};
        int k1 = w.RandInt(0, d.count);
        int k2 = w.RandInt(0, d.count - 1);
        if (k2 >= k1) ++k2;
        Instr put = ActionInstrOf(InstrKind::kPutNext, d.type[k1], d.color[k1]);
        put.desc_fixed.type = d.type[k2];
        put.desc_fixed.color = d.color[k2];
        in.root = in.Add(put);
        ValidatePutNext(w, rg, in, in.root);
        break;
      }
      case Kind::kPutNext: {
        rg.PlaceAgent(w, 0, 0);
        BabyObjs left = AddDistractors(w, rg, 0, 0, p.objs_per_room, true);
        BabyObjs right = AddDistractors(w, rg, 1, 0, p.objs_per_room, true);
        rg.RemoveWall(w, 0, 0, 0);
        int a = w.RandInt(0, left.count), b = w.RandInt(0, right.count);
        const BabyObjs *sa = &left, *sb = &right;
        if (w.RandBool()) {
          std::swap(sa, sb);
          std::swap(a, b);
        }
        Instr put = ActionInstrOf(InstrKind::kPutNext, sa->type[a], sa->color[a]);
        put.desc_fixed.type = sb->type[b];
        put.desc_fixed.color = sb->color[b];
        in.root = in.Add(put);
        ValidatePutNext(w, rg, in, in.root);
        if (p.start_carrying) *start_carry = sa->id[a];
        break;
      }
      case Kind::kBabyUnlock: {
        int di = w.RandInt(0, rg.num_cols), dj = w.RandInt(0, rg.num_rows);
        Obj door = rg.AddDoor(w, di, dj, -1, -1, 1);
        // As in GoToImpUnlock, minigrid's `is` tests on numpy ints never hold.
        int ki = w.RandInt(0, rg.num_cols), kj = w.RandInt(0, rg.num_rows);
        rg.AddObject(w, ki, kj, kKey, door.color);
        if (w.RandBool()) {
          uint8_t others[5];
          int n = 0;
          for (uint8_t c : kColorNames)
            if (c != door.color) others[n++] = c;
          rg.ConnectAll(w, others, n);
        } else {
          rg.ConnectAll(w);
        }
        for (int i = 0; i < rg.num_cols; ++i)
          for (int j = 0; j < rg.num_rows; ++j) AddDistractors(w, rg, i, j, 3, false);
        const int span = rg.room_size - 1;
        for (;;) {
          rg.PlaceAgent(w);
          if (w.ax / span == di && w.ay / span == dj) continue;
          break;
        }
        if (!ObjsReachable(w)) throw RejectSampling{};
        in.root = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, door.color));
        break;
      }
      case Kind::kUnlockLocal:
      case Kind::kKeyInBox: {
        Obj door = rg.AddDoor(w, 1, 1, -1, -1, 1);
        if (p.kind == Kind::kUnlockLocal) {
          rg.AddObject(w, 1, 1, kKey, door.color);
          if (p.distractors) AddDistractors(w, rg, 1, 1, 3, true);
        } else {
          Obj key = w.Make(kKey, door.color);
          rg.PlaceInRoom(w, 1, 1, w.MakeBox(w.RandColor(), key));
        }
        rg.PlaceAgent(w, 1, 1);
        in.root = in.Add(ActionInstrOf(InstrKind::kOpen, kDoor, -1));
        break;
      }
      case Kind::kBabyUnlockPickup:
      case Kind::kBabyBlockedUnlockPickup: {
        Obj box = rg.AddObject(w, 1, 0, kBox);
        int dx, dy;
        Obj door = rg.AddDoor(w, 0, 0, 0, -1, 1, &dx, &dy);
        bool blocked = p.kind == Kind::kBabyBlockedUnlockPickup;
        if (blocked) w.grid.Set(dx - 1, dy, w.Make(kBall, w.RandColor()));
        rg.AddObject(w, 0, 0, kKey, door.color);
        if (!blocked && p.distractors) AddDistractors(w, rg, -1, -1, 4, true);
        rg.PlaceAgent(w, 0, 0);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, kBox, blocked ? -1 : box.color));
        break;
      }
      case Kind::kUnlockToUnlock: {
        uint8_t colors[2];
        RandColorSubset(w, 2, colors);
        rg.AddDoor(w, 0, 0, 0, colors[0], 1);
        rg.AddObject(w, 2, 0, kKey, colors[0]);
        rg.AddDoor(w, 1, 0, 0, colors[1], 1);
        rg.AddObject(w, 1, 0, kKey, colors[1]);
        Obj ball = rg.AddObject(w, 0, 0, kBall);
        rg.PlaceAgent(w, 1, 0);
        in.root = in.Add(ActionInstrOf(InstrKind::kPickup, ball.type, -1));
        break;
      }
      default: break;
    }
  });
}

}  // namespace rlpool::minigrid
