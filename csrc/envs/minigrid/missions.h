// Per-level mission tables: every mission a level can state, built once per
// env, so a reset picks an index (info["mission_id"]) and the observation
// copies fixed bytes; no string is built while stepping.
#pragma once

#include <string>
#include <vector>

#include "grid.h"
#include "level.h"

namespace rlpool::minigrid {

constexpr int kMaxObjs = 16;

// Object kinds in mission order.
inline int KindIndex(uint8_t type) { return type == kKey ? 0 : type == kBall ? 1 : 2; }
constexpr uint8_t kKindByIndex[3] = {kKey, kBall, kBox};
constexpr const char* kFetchSyntax[5] = {"get a", "go get a", "fetch a", "go fetch a", "you must fetch a"};

inline int FetchMission(int syntax, uint8_t color, uint8_t type) { return (syntax * 6 + color) * 3 + KindIndex(type); }
inline int ObjectMission(uint8_t color, uint8_t type) { return color * 3 + KindIndex(type); }
inline int PutNearMission(uint8_t mc, uint8_t mt, uint8_t tc, uint8_t tt) {
  return ObjectMission(mc, mt) * 18 + ObjectMission(tc, tt);
}

inline int LockedRoomMission(uint8_t locked_color, uint8_t key_room_color) { return locked_color * 6 + key_room_color; }

inline std::string ObjectText(int color, int kind) {
  return std::string(kColorText[color]) + " " + TypeText(kKindByIndex[kind]);
}

inline std::vector<std::string> MissionTable(const Params& p) {
  std::vector<std::string> t;
  switch (p.kind) {
    case Kind::kEmpty:
    case Kind::kDistShift:
    case Kind::kDynamicObstacles: return {"get to the green goal square"};
    case Kind::kDoorKey: return {"use the key to open the door and then get to the goal"};
    case Kind::kFourRooms: return {"reach the goal"};
    case Kind::kLavaGap: return {"avoid the lava and get to the green goal square"};
    case Kind::kCrossing:
      return {p.lava ? "avoid the lava and get to the green goal square"
                     : "find the opening and get to the green goal square"};
    case Kind::kRedBlueDoors: return {"open the red door then the blue door"};
    case Kind::kMemory: return {"go to the matching object at the end of the hallway"};
    case Kind::kUnlock: return {"open the door"};
    case Kind::kMultiRoom: return {"traverse the rooms to get to the goal"};
    case Kind::kWFC: return {"traverse the maze to get to the goal"};
    case Kind::kPlayground: return {""};
    case Kind::kObstructedMaze1:
    case Kind::kObstructedMazeFull:
    case Kind::kObstructedMazeFullV1: return {"pick up the blue ball"};
    case Kind::kLockedRoom:
      for (int a = 0; a < 6; ++a)
        for (int b = 0; b < 6; ++b)
          t.push_back(std::string("get the ") + kColorText[a] + " key from the " + kColorText[b] + " room, unlock the " +
                      kColorText[a] + " door and go to the goal");
      return t;
    case Kind::kFetch:
      for (int s = 0; s < 5; ++s)
        for (int c = 0; c < 6; ++c)
          for (int k = 0; k < 3; ++k) t.push_back(std::string(kFetchSyntax[s]) + " " + ObjectText(c, k));
      return t;
    case Kind::kGoToDoor:
      for (int c = 0; c < 6; ++c) t.push_back(std::string("go to the ") + kColorText[c] + " door");
      return t;
    case Kind::kGoToObject:
      for (int c = 0; c < 6; ++c)
        for (int k = 0; k < 3; ++k) t.push_back("go to the " + ObjectText(c, k));
      return t;
    case Kind::kPutNear:
      for (int a = 0; a < 18; ++a)
        for (int b = 0; b < 18; ++b)
          t.push_back("put the " + ObjectText(a / 3, a % 3) + " near the " + ObjectText(b / 3, b % 3));
      return t;
    case Kind::kUnlockPickup:
    case Kind::kBlockedUnlockPickup:
    case Kind::kKeyCorridor:
      for (int c = 0; c < 6; ++c)
        for (int k = 0; k < 3; ++k) t.push_back("pick up the " + ObjectText(c, k));
      return t;
    default: return {""};  // the BabyAI kinds: generated text, coded in babyai_mission.h
  }
}

}  // namespace rlpool::minigrid
