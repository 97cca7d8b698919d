// What minigrid 3.2.0's WFC learns from a preset's picture
// (wfclogic/tiles.py, patterns.py, adjacency.py): the overlapping patterns,
// their weights and which may stand next to which. Built once per preset.
//
// The pattern order matters (the solver's weighted draw walks the patterns
// in it), and minigrid sorts patterns by a hash: hash_downto() takes the dot
// product (int64, wrapping) of a block's values with int64s drawn by
// RandomState(0).randint(1 - 2**63, 2**63); pixels hash to tile codes, k x k
// blocks of tile codes to pattern codes, and np.unique sorts the codes.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/random/bounded_integers.h"
#include "common/random/legacy_random_state.h"
#include "wfc_patterns.h"

namespace rlpool::minigrid::wfc {

// execute_wfc's direction_offsets, (dx, dy).
inline constexpr int kDx[4] = {0, 1, 0, -1};
inline constexpr int kDy[4] = {-1, 0, 1, 0};

struct Model {
  int n = 0;                       // patterns (at most 64: a cell's choices fit one word)
  bool periodic = false;
  std::vector<double> weight;      // in how many of the 8 transformed pictures the pattern occurs
  std::vector<uint8_t> wall;       // the pattern's top-left pixel is black (a wall)
  std::array<std::vector<uint64_t>, 4> adj;  // adj[d][i]: the patterns j that may follow i in direction d
  uint64_t full = 0;               // every pattern
};

// The first `count` values of RandomState(0).randint(1 - 2**63, 2**63, count, dtype=int64).
inline std::vector<uint64_t> HashWeights(int count) {
  random::LegacyRandomState rs(0);
  const uint64_t low = (uint64_t{1} << 63) + 1;  // 1 - 2**63 as two's complement
  std::vector<uint64_t> v(static_cast<size_t>(count));
  for (auto& x : v) x = low + random::MaskedBounded(rs, ~uint64_t{0} - 1);  // range 2**64 - 2
  return v;
}

inline Model BuildModel(const Preset& pre) {
  const int k = pre.pattern_width, s = pre.side;
  const std::vector<uint64_t> v = HashWeights(k * k);
  // tile codes: (R, G, B) . v[0:3]
  auto tile_code = [&](char c) {
    uint64_t p = PixelValue(c);
    return p * v[0] + p * v[1] + p * v[2];
  };
  std::vector<char> img(pre.pixels, pre.pixels + s * s);
  int h = s, w = s;
  // make_pattern_catalog_with_rotations: identity, then fliplr and a clockwise
  // np.rot90 in turn, each applied to the previous picture.
  std::map<int64_t, std::vector<char>> contents;  // np.unique order: signed codes ascending
  std::map<int64_t, int> freq;
  for (int t = 0; t < 8; ++t) {
    if (t % 2 == 1) {
      std::vector<char> out(img.size());
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) out[r * w + c] = img[r * w + (w - 1 - c)];
      img.swap(out);
    } else if (t > 0) {
      std::vector<char> out(img.size());
      for (int i = 0; i < w; ++i)
        for (int j = 0; j < h; ++j) out[i * h + j] = img[(h - 1 - j) * w + i];
      img.swap(out);
      std::swap(h, w);
    }
    // every k x k block, wrapping at the far edges (minigrid wraps whether or not input_periodic)
    std::map<int64_t, bool> here;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        std::vector<char> block(static_cast<size_t>(k * k));
        uint64_t code = 0;
        for (int a = 0; a < k; ++a)
          for (int b = 0; b < k; ++b) {
            char px = img[((y + a) % h) * w + (x + b) % w];
            block[a * k + b] = px;
            code += tile_code(px) * v[a * k + b];
          }
        const int64_t key = static_cast<int64_t>(code);
        here[key] = true;
        contents.emplace(key, block);
      }
    for (const auto& [key, _] : here) ++freq[key];
  }
  Model m;
  m.n = static_cast<int>(contents.size());
  if (m.n > 64) throw std::logic_error("WFC preset " + std::string(pre.name) + " has more than 64 patterns");
  m.periodic = pre.output_periodic;
  m.full = m.n == 64 ? ~uint64_t{0} : (uint64_t{1} << m.n) - 1;
  std::vector<const std::vector<char>*> pat;
  for (const auto& [key, block] : contents) {
    pat.push_back(&block);
    m.weight.push_back(static_cast<double>(freq[key]));
    m.wall.push_back(block[0] == '#');
  }
  // adjacency_extraction: j may follow i in direction (dx, dy) when, where they
  // overlap, i[y][x] == j[y - dy][x - dx].
  for (int d = 0; d < 4; ++d) {
    m.adj[d].assign(static_cast<size_t>(m.n), 0);
    for (int i = 0; i < m.n; ++i)
      for (int j = 0; j < m.n; ++j) {
        bool ok = true;
        for (int y = std::max(0, kDy[d]); ok && y < std::min(k, k + kDy[d]); ++y)
          for (int x = std::max(0, kDx[d]); ok && x < std::min(k, k + kDx[d]); ++x)
            ok = (*pat[i])[y * k + x] == (*pat[j])[(y - kDy[d]) * k + (x - kDx[d])];
        if (ok) m.adj[d][i] |= uint64_t{1} << j;
      }
  }
  return m;
}

// The model of preset `index`, built on first use (thread-safe static).
inline const Model& ModelOf(int index) {
  static const std::vector<Model> models = [] {
    std::vector<Model> all;
    for (const Preset& p : kPresets) all.push_back(BuildModel(p));
    return all;
  }();
  return models.at(static_cast<size_t>(index));
}

}  // namespace rlpool::minigrid::wfc
