// The 16 Procgen games: each one's distribution modes and its own episode
// timeout (procgen 0.10.7's game sources; envpool 1.2.5 registers the same
// table as max_episode_steps), and the level seed procgen's Python wrapper
// pins for exploration mode.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rlpool::procgen_env {

// procgen's DistributionMode values; exploration is hard mode on one fixed
// level, which procgen's Python wrapper (not the game) sets up.
enum Mode : int { kEasy = 0, kHard = 1, kExtreme = 2, kMemory = 10, kExploration = 20 };

struct Game {
  const char* name;
  int timeout;
  std::vector<int> modes;
  int64_t exploration_level;  // -1: no exploration mode
};

inline const std::vector<Game>& Games() {
  static const std::vector<Game> games{
      {"bigfish", 6000, {kEasy, kHard}, -1},
      {"bossfight", 4000, {kEasy, kHard}, -1},
      {"caveflyer", 1000, {kEasy, kHard, kMemory, kExploration}, 1259048185},
      {"chaser", 1000, {kEasy, kHard, kExtreme}, -1},
      {"climber", 1000, {kEasy, kHard, kExploration}, 1561126160},
      {"coinrun", 1000, {kEasy, kHard, kExploration}, 1949448038},
      {"dodgeball", 1000, {kEasy, kHard, kExtreme, kMemory}, -1},
      {"fruitbot", 1000, {kEasy, kHard}, -1},
      {"heist", 1000, {kEasy, kHard, kMemory, kExploration}, 876640971},
      {"jumper", 1000, {kEasy, kHard, kMemory, kExploration}, 1434825276},
      {"leaper", 500, {kEasy, kHard, kExtreme, kExploration}, 1318677581},
      {"maze", 500, {kEasy, kHard, kMemory, kExploration}, 158988835},
      {"miner", 1000, {kEasy, kHard, kMemory}, -1},
      {"ninja", 1000, {kEasy, kHard, kExploration}, 1123500215},
      {"plunder", 4000, {kEasy, kHard}, -1},
      {"starpilot", 1000, {kEasy, kHard, kExtreme}, -1},
  };
  return games;
}

inline const char* ModeName(int mode) {
  switch (mode) {
    case kEasy: return "easy";
    case kHard: return "hard";
    case kExtreme: return "extreme";
    case kMemory: return "memory";
    case kExploration: return "exploration";
    default: return "?";
  }
}

}  // namespace rlpool::procgen_env
