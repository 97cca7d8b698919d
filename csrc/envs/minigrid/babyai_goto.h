// BabyAI's GoTo levels (minigrid 3.2.0 babyai/goto.py): GoToRedBallGrey,
// GoToRedBall(NoDists), GoToObj, GoToLocal, GoTo (incl. Open / ObjMaze),
// GoToImpUnlock, GoToRedBlueBall, GoToDoor, GoToObjDoor.
#pragma once

#include "babyai_level.h"
#include "level.h"

namespace rlpool::minigrid {

inline void GenBabyGoTo(World& w, RoomGrid& rg, Instructions& in, const Params& p) {
  rg.room_size = p.room_size;
  rg.num_rows = p.num_rows;
  rg.num_cols = p.num_cols;
  GenerateLevel(w, rg, in, p.fixed_max_steps, [&] {
    switch (p.kind) {
      case Kind::kGoToRedBallGrey:
      case Kind::kGoToRedBall: {
        rg.PlaceAgent(w);
        Obj ball = rg.AddObject(w, 0, 0, kBall, kRed);
        BabyObjs d = AddDistractors(w, rg, -1, -1, p.num_dists, false);
        if (p.kind == Kind::kGoToRedBallGrey)
          for (int k = 0; k < d.count; ++k) w.grid.At(d.x[k], d.y[k]).color = kGrey;
        if (!ObjsReachable(w)) throw RejectSampling{};
        in.root = in.Add(GoToInstr(ball.type, ball.color));
        break;
      }
      case Kind::kGoToObj: {
        rg.PlaceAgent(w);
        BabyObjs d = AddDistractors(w, rg, -1, -1, 1, true);
        in.root = in.Add(GoToInstr(d.type[0], d.color[0]));
        break;
      }
      case Kind::kGoToLocal:
      case Kind::kGoTo: {
        rg.PlaceAgent(w);
        if (p.kind == Kind::kGoTo) rg.ConnectAll(w);
        BabyObjs d = AddDistractors(w, rg, -1, -1, p.num_dists, false);
        if (!ObjsReachable(w)) throw RejectSampling{};
        int k = w.RandInt(0, d.count);
        in.root = in.Add(GoToInstr(d.type[k], d.color[k]));
        if (p.doors_open) OpenAllDoors(w);
        break;
      }
      case Kind::kGoToImpUnlock: {
        int di = w.RandInt(0, rg.num_cols), dj = w.RandInt(0, rg.num_rows);
        Obj door = rg.AddDoor(w, di, dj, -1, -1, 1);
        // minigrid compares these numpy ints with `is`, which is never true:
        // the key's room is not redrawn and every room gets distractors,
        // the locked one included. Seed-exact means doing the same.
        int ki = w.RandInt(0, rg.num_cols), kj = w.RandInt(0, rg.num_rows);
        rg.AddObject(w, ki, kj, kKey, door.color);
        rg.ConnectAll(w);
        for (int i = 0; i < rg.num_cols; ++i)
          for (int j = 0; j < rg.num_rows; ++j) AddDistractors(w, rg, i, j, 2, false);
        const int span = rg.room_size - 1;
        for (;;) {
          rg.PlaceAgent(w);
          if (w.ax / span == di && w.ay / span == dj) continue;
          break;
        }
        if (!ObjsReachable(w)) throw RejectSampling{};
        BabyObjs d = AddDistractors(w, rg, di, dj, 1, false);
        in.root = in.Add(GoToInstr(d.type[0], d.color[0]));
        break;
      }
      case Kind::kGoToRedBlueBall: {
        rg.PlaceAgent(w);
        BabyObjs d = AddDistractors(w, rg, -1, -1, p.num_dists, false);
        for (int k = 0; k < d.count; ++k)
          if (d.type[k] == kBall && (d.color[k] == kBlue || d.color[k] == kRed)) throw RejectSampling{};
        uint8_t color = w.RandInt(0, 2) == 0 ? kRed : kBlue;
        Obj ball = rg.AddObject(w, 0, 0, kBall, color);
        if (!ObjsReachable(w)) throw RejectSampling{};
        in.root = in.Add(GoToInstr(ball.type, ball.color));
        break;
      }
      case Kind::kGoToDoorLevel:
      case Kind::kGoToObjDoor: {
        BabyObjs objs;
        if (p.kind == Kind::kGoToObjDoor) {
          rg.PlaceAgent(w, 1, 1);
          objs = AddDistractors(w, rg, 1, 1, 8, false);
        }
        for (int k = 0; k < 4; ++k) {
          int x, y;
          Obj door = rg.AddDoor(w, 1, 1, -1, -1, -1, &x, &y);
          objs.Add(door, x, y);
        }
        if (p.kind == Kind::kGoToDoorLevel) {
          rg.PlaceAgent(w, 1, 1);
        } else if (!ObjsReachable(w)) {
          throw RejectSampling{};
        }
        int k = w.RandInt(0, objs.count);
        in.root = in.Add(GoToInstr(objs.type[k], objs.color[k]));
        break;
      }
      default: break;
    }
  });
}

}  // namespace rlpool::minigrid
