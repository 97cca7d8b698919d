// The six WaveFunctionCollapse presets minigrid 3.2.0 registers
// (MiniGrid-WFC-<name>-v0, minigrid/envs/wfc/config.py: WFC_PRESETS) and the
// sample images they learn from.
//
// Why the pictures are written here: minigrid 3.2.0 names them
// (minigrid/envs/wfc/patterns/*.png) but no minigrid release on PyPI ships
// them (neither the 3.2.0 wheel nor its sdist, nor 2.5-3.1), so
// gymnasium.make("MiniGrid-WFC-MazeSimple-v0").reset() fails with
// FileNotFoundError and there is nothing for pip to fetch. They are the
// pixels of the PNG files in Farama-Foundation/Minigrid (added in e726259e,
// "Wave Function Collapse Environments (#371)"), 3 to 17 pixels a side, one
// character a pixel: '#' black (0, 0, 0), '.' white (255, 255, 255), '+'
// (254, 254, 254) (Fabric.png has two such pixels; the solver tells it apart
// from white, the level treats it as floor). tests/minigrid/test_wfc.py checks
// each against a digest of the upstream file's pixels and hands them to
// minigrid itself.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace rlpool::minigrid::wfc {

struct Preset {
  const char* name;
  int pattern_width;     // WFCConfig.pattern_width
  bool output_periodic;  // WFCConfig.output_periodic (input_periodic changes nothing in 3.2.0)
  int side;              // the image is side x side pixels
  const char* pixels;    // row after row
};

inline constexpr Preset kPresets[] = {
    {"MazeSimple", 2, false, 4,
     "...."
     ".###"
     ".#.#"
     ".###"},
    {"DungeonMazeScaled", 2, true, 8,
     "........"
     "........"
     "..######"
     "..######"
     "..##..##"
     "..##..##"
     "..######"
     "..######"},
    {"RoomsFabric", 3, false, 5,
     "..#.."
     "..+.."
     "#####"
     "..+.."
     "..#.."},
    {"ObstaclesBlackdots", 2, false, 3,
     "..."
     ".#."
     "..."},
    {"ObstaclesAngular", 3, true, 11,
     "..........."
     ".....#####."
     ".....#####."
     ".....#####."
     ".....#####."
     ".#########."
     ".#########."
     ".#########."
     ".#########."
     ".#########."
     "..........."},
    {"ObstaclesHogs3", 3, true, 17,
     "................."
     ".......#....#...."
     "..#...###..###..."
     ".###...#....#...."
     "..#.............."
     ".........#......."
     "....#...###...#.."
     "...###...#...###."
     "....#.........#.."
     "................."
     ".......#....#...."
     "..#...###..###..."
     ".###...#....#...."
     "..#..#...#....#.."
     "....###.###..###."
     ".....#...#....#.."
     "................."},
};
inline constexpr int kNumPresets = sizeof(kPresets) / sizeof(kPresets[0]);

// A pixel's colour (every channel has the same value in these pictures).
inline uint8_t PixelValue(char c) { return c == '#' ? 0 : c == '+' ? 254 : 255; }

inline int PresetByName(const std::string& name) {
  std::string valid;
  for (int i = 0; i < kNumPresets; ++i) {
    if (name == kPresets[i].name) return i;
    valid += (i ? ", " : "") + std::string(kPresets[i].name);
  }
  throw std::invalid_argument("unknown wfc_preset '" + name + "'; valid: " + valid);
}

}  // namespace rlpool::minigrid::wfc
